"""Players that never miss a turn. ``random_orders`` plays random legal
orders: enough for tests, demos and benchmarks; stronger bots come later."""
from __future__ import annotations

import random

from engine.contract import OrderSheet
from engine.valley import parser
from engine.valley.fire import fire_source
from engine.valley.planting import planting_turn
from engine.valley.state import MAX_CAMPS, State


def legal_paths(st: State, start: str) -> list[list[str]]:
    """Every path of 1 or 2 steps a token on ``start`` may order (static rules)."""
    board = st.board
    out = []
    for first in board.adjacent(start):
        sp = st.peek(first)
        if board.hexes[first].kind == "L" or st.river_blocks(start, first) or (sp and sp.blocked()):
            continue
        out.append([start, first])
        if board.hexes[first].kind == "M" or "snowed_in" in st.lasting:
            continue
        for second in board.adjacent(first):
            sp2 = st.peek(second)
            if second == start or board.hexes[second].kind == "L" or st.river_blocks(first, second) \
                    or (sp2 and sp2.blocked()):
                continue
            out.append([start, first, second])
    return out


def random_orders(st: State, player: str, rng: random.Random) -> OrderSheet:
    """A random sheet that the parser accepts whole."""
    lines: list[str] = []
    board = st.board
    if st.stage == "setup":
        land = [n for n in board.names if board.hexes[n].kind != "L"]
        rng.shuffle(land)
        lines.append("PLACE " + " ".join(land[:6]))
        if board.hexes[land[0]].kind == "P":
            lines.append(f"PLANT {land[0]}")
        return parser.parse(st, player, "\n".join(lines))
    camps = len(st.camps(player))
    for name in sorted(n for n, sp in st.spaces.items() if player in sp.tribes):
        t = st.spaces[name].tribes[player]
        w, f = t.w, t.f
        sp = st.spaces[name]
        if w and f and not sp.camp and not sp.animal_count() and camps < MAX_CAMPS and rng.random() < 0.3:
            lines.append(f"CAMP {name}")
            camps += 1
            w, f = w - 1, f - 1
        if st.options.get("fire") and not st.tribes[player].fire and fire_source(st, name) \
                and rng.random() < 0.5:
            lines.append(f"FIRE {name}")
            if board.hexes[name].terrain == "V" and w + f > 0:
                w, f = (w - 1, f) if w else (w, f - 1)
        paths = legal_paths(st, name)
        if paths and (w or f) and rng.random() < 0.7:
            mw, mf = rng.randint(0, w), rng.randint(0, f)
            if mw + mf:
                tokens = " ".join(x for x in (f"{mw}W" if mw else "", f"{mf}F" if mf else "") if x)
                lines.append(f"MOVE {tokens} {'-'.join(rng.choice(paths))}")
    lines.append(f"LOSSES {rng.choice(['WARRIORS', 'FEMALES'])}")
    lines.append(f"CONQUER {rng.choice(['OCCUPY', 'BURN'])}")
    lines.append(f"STARVE {rng.choice(['WARRIORS', 'FEMALES'])}")
    if planting_turn(st):
        for name in st.camps(player):
            if board.hexes[name].kind == "P" and not st.spaces[name].crop:
                lines.append(f"PLANT {name}")
    if st.tribes[player].rising or (st.tribes[player].out is False and st.year == 1
                                    and not st.tribes[player].resurrected and rng.random() < 0.2):
        edge = [n for n in board.names if board.on_edge(n) and board.hexes[n].kind != "L"]
        lines.append("PLACE " + " ".join(rng.sample(edge, min(3, len(edge)))))
    return parser.parse(st, player, "\n".join(lines))
