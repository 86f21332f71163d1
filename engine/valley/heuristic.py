"""A bot that plays sensibly: it keeps its camps manned, spreads out over
fishing and foraging spaces (a space feeds the same however many stand on
it), founds camps, hunts what it can beat, keeps clear of what it cannot,
and plants at the end of winter."""
from __future__ import annotations

import random

from engine.contract import OrderSheet
from engine.valley import parser
from engine.valley.bots import legal_paths
from engine.valley.combat import herd_bonus, warrior_bonus
from engine.valley.parser import fire_source
from engine.valley.species import SPECIES
from engine.valley.state import MAX_CAMPS, State, Tokens
from engine.valley.survival import harvest_turn

UNIT_W, UNIT_F = 3, 1


def _food(st: State, name: str) -> float:
    board = st.board
    value = 1.0 if st.fishing(name) else 0.0
    if st.season == "summer" and board.hexes[name].kind == "F":
        value += 1.0
    sp = st.peek(name)
    if sp is not None and sp.crop and harvest_turn(st):
        value += 8.0 if sp.crop == "ok" else 4.0
    return value


def _start_score(st: State, name: str) -> float:
    board = st.board
    h = board.hexes[name]
    if h.kind == "L":
        return -99.0
    score = 2.0 * (name in board.fishing) + (h.kind == "F") + 0.8 * (h.kind == "P")
    score -= 1.5 * board.on_edge(name) + 0.5 * (h.kind == "M")
    score += 0.3 * sum(1 for n in board.adjacent(name) if n in board.fishing)
    return score


def _setup(st: State, player: str, rng: random.Random) -> list[str]:
    names = [n for n in st.board.names if st.board.hexes[n].kind != "L"]
    ranked = sorted(names, key=lambda n: (-_start_score(st, n), rng.random()))
    lines = ["PLACE " + " ".join(ranked[:8])]
    lines += [f"PLANT {n}" for n in ranked[:8] if st.board.hexes[n].kind == "P"]
    return lines


def _value(st: State, me: str, unit: Tokens, name: str, claimed: set[str], camps_planned: int) -> float:
    sp = st.peek(name)
    score = 0.0 if name in claimed else _food(st, name)
    fire = 1 if st.options.get("fire") and st.tribes[me].fire else 0
    mine = warrior_bonus(unit.w) + fire
    if sp is not None:
        for species, herd in sp.animals.items():
            theirs = herd_bonus(len(herd))
            if mine >= theirs + 2 and unit.total >= 2:
                score += SPECIES[species].food * len(herd) * 0.6
            else:
                score -= 6.0
        enemies = [(p, t) for p, t in sp.tribes.items() if p != me]
        for p, t in enemies:
            if unit.w > t.w + 1:
                score += 3.0 if sp.camp == p else 1.0
            else:
                score -= 6.0
        if sp.blocked():
            score -= 99.0
    if unit.w and unit.f and camps_planned < MAX_CAMPS and (sp is None or not (sp.camp or sp.animals)):
        score += 1.5
    if st.board.on_edge(name):
        score -= 0.4
    return score


def _cards(st: State, me: str, mine: dict[str, Tokens], stayers: set[str]) -> list[str]:
    """Play the cards whose moment is plain from the position."""
    hand = list(st.tribes[me].hand)
    totals = st.totals(me)
    camps = st.camps(me)
    plays: list[str] = []

    def play(card: str, *args: str) -> None:
        if card in hand:
            hand.remove(card)
            plays.append(" ".join(("PLAY", card) + args))

    fights = [n for n in mine if st.spaces[n].animals]
    enemies = [n for n in mine if any(p != me for p in st.spaces[n].tribes)]
    if st.tribes[me].food < totals.total:
        play("stored_meat")
    play("sacred_grove")
    for name in fights:
        play("spear", name)
        play("second_wind", name)
    if fights:
        play("tracker")
    for name in enemies:
        if mine[name].w:
            play("war_paint", name)
    if camps and st.last_turn_of_season():
        play("fertility", max(camps, key=lambda n: st.spaces[n].tribes.get(me, Tokens()).f))
    if camps and "palisade" in hand and not any(a[0] == "palisade" for a in st.tribes[me].armed) and \
            sum(1 for p in st.players for a in st.tribes[p].armed if a[0] == "palisade") < 2:
        play("palisade", camps[0])
    if st.options.get("fire") and camps and not st.tribes[me].fire:
        play("fire_maker")
    if mine and totals.w < 10:
        play("stranger_warrior", sorted(mine)[0])
    if mine and totals.f < 6:
        play("stranger_female", sorted(mine)[0])
    for name in camps:
        if st.board.hexes[name].kind == "P" and not st.spaces[name].crop and st.tribes[me].food > 3:
            play("early_seed", name)
            break
    return plays


def heuristic_orders(st: State, me: str, rng: random.Random) -> OrderSheet:
    if st.stage == "setup":
        return parser.parse(st, me, "\n".join(_setup(st, me, rng)))
    lines: list[str] = []
    board = st.board
    mine = {n: sp.tribes[me] for n, sp in st.spaces.items() if me in sp.tribes}
    camps_planned = len(st.camps(me))
    claimed: set[str] = set()
    stayers: set[str] = set()          # spaces where some of our tokens do not move
    movable: dict[str, Tokens] = {}
    for name in sorted(mine, key=lambda n: (st.spaces[n].camp != me, n)):
        t, sp = mine[name], st.spaces[name]
        keep = Tokens()
        if sp.camp == me:
            keep = Tokens(min(t.w, 1), min(t.f, 2))
        elif t.w and t.f and not sp.camp and not sp.animal_count() and camps_planned < MAX_CAMPS \
                and not any(p != me for p in sp.tribes) and _food(st, name) + 1 >= 1:
            lines.append(f"CAMP {name}")
            camps_planned += 1
            keep = Tokens(1, min(t.f, 2))
        if sp.animal_count() or any(p != me for p in sp.tribes):
            others = sp.others(me)
            while keep.total < min(t.total, others + 0) or keep.total < others:
                if keep.w < t.w:
                    keep.w += 1
                elif keep.f < t.f:
                    keep.f += 1
                else:
                    break
        if keep.total:
            claimed.add(name)
            stayers.add(name)
        movable[name] = Tokens(t.w - keep.w, t.f - keep.f)
    for name, free in movable.items():
        paths = legal_paths(st, name)
        while free.total:
            unit = Tokens(min(free.w, UNIT_W), min(free.f, UNIT_F))
            if unit.total == 0:
                break
            stay = _value(st, me, unit, name, claimed, camps_planned) + 0.3
            best, best_score = None, stay
            for path in paths:
                score = _value(st, me, unit, path[-1], claimed, camps_planned) + rng.random() * 0.1
                if score > best_score:
                    best, best_score = path, score
            free.w -= unit.w
            free.f -= unit.f
            if best is None:
                claimed.add(name)
                stayers.add(name)
                continue
            tokens = " ".join(x for x in (f"{unit.w}W" if unit.w else "", f"{unit.f}F" if unit.f else "") if x)
            lines.append(f"MOVE {tokens} {'-'.join(best)}")
            claimed.add(best[-1])
    totals = st.totals(me)
    lines.append("LOSSES " + ("WARRIORS" if totals.w > 1 else "FEMALES"))
    lines.append("CONQUER OCCUPY")
    lines.append("STARVE " + ("WARRIORS" if totals.w >= totals.f else "FEMALES"))
    if st.season == "winter" and st.turn == 3:
        budget = st.tribes[me].food - totals.total
        for name in st.camps(me):
            if budget > 0 and board.hexes[name].kind == "P" and not st.spaces[name].crop:
                lines.append(f"PLANT {name}")
                budget -= 1
    if st.options.get("fire") and not st.tribes[me].fire and st.camps(me):
        for name in mine:
            if fire_source(st, name) and not st.spaces[name].others(me) and \
                    (board.hexes[name].terrain != "V" or name in stayers):
                lines.append(f"FIRE {name}")
                break
    lines += _cards(st, me, mine, stayers)
    tribe = st.tribes[me]
    if st.year == 1 and not tribe.resurrected:
        edge = [n for n in board.names if board.on_edge(n) and board.hexes[n].kind != "L"]
        lines.append("PLACE " + " ".join(sorted(edge, key=lambda n: -_start_score(st, n))[:4]))
    return parser.parse(st, me, "\n".join(lines))
