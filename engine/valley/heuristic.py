"""A bot that plays sensibly. It keeps a warrior and a female in each camp,
sends pairs out to found camps on good free spaces (one female a camp, so
few females make many camps), spreads over fishing and foraging spaces (a
space feeds the same however many stand on it), weighs every fight by its
exact odds (engine/valley/odds.py): pinned tokens, camps under attack, hunts
and conquests, and keeps clear of where next turn's animals may stop. With
four camps it holds them; a hungry tribe loses warriors first; it plants at
the end of winter and plays its cards. The weights below were tuned with
`pbem simulate` (docs/balance-valley.md)."""
from __future__ import annotations

import random
import weakref

from engine.contract import OrderSheet
from engine.valley import odds, parser
from engine.valley.bots import legal_paths
from engine.valley.fire import fire_source
from engine.valley.planting import planting_turn
from engine.valley.species import ORDER, SPECIES
from engine.valley.state import MAX_CAMPS, State, Tokens
from engine.valley.survival import harvest_turn

UNIT_W, UNIT_F = 1, 1
CAMP_SITE = 3.0        # worth of a free space where a warrior and a female can found a camp
CAMP_FEMALES = 1       # females kept in each camp
SITE_THREAT = 2.0      # animals expected next turn that make a camp site worthless
TOKEN_WORTH = 1.6      # a token lost, in food a turn
FOOD_WORTH = 0.35      # food from a hunt, against food a turn from fishing or foraging
CONQUEST = 3.0         # an enemy camp taken
DANGER = 1.2           # tokens expected lost to next turn's animals
CAMP_WORTH = 5.0       # a camp kept
HOLD_FACTOR = 3.0      # ... times this with the four camps that win
STARVE_W = 0           # with more warriors than this, the hungry lose warriors first


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


_THREATS: tuple = (None, None)    # the last state asked about (a weak reference), and its answer


def threats(st: State) -> dict[str, float]:
    """How many animals may end next turn's move on each space: all animals
    move the same way, the way of one die, and stop at the first tribe.
    Every seat's bot asks about the same state, so the last answer is kept
    (replaced whole, never filled in place, so a reader never sees half)."""
    global _THREATS
    ref, known = _THREATS
    if ref is not None and ref() is st:
        return known
    from engine.valley.animals import _Mover
    out: dict[str, float] = {}
    for name, sp in st.spaces.items():
        for species, herd in sp.animals.items():
            mover = _Mover(st, st.board, SPECIES[species])
            for direction in range(6):
                for there in mover.path(name, direction, set())[1:]:
                    out[there] = out.get(there, 0.0) + len(herd) / 6
    _THREATS = (weakref.ref(st), out)
    return out


def _extra(st: State, me: str, name: str) -> int:
    sp = st.peek(name)
    camp = 1 if sp is not None and sp.camp == me else 0
    return camp + (1 if st.options.get("fire") and st.tribes[me].fire else 0)


def _fight(st: State, me: str, name: str, t: Tokens, losses_first: bool) -> tuple[float, float, float]:
    """(chance that something of ``t`` is left, tokens expected lost, food
    expected) if ``t`` fights what stands on ``name`` now."""
    sp = st.peek(name)
    if sp is None or not t.total:
        return 1.0, 0.0, 0.0
    chance, w, f = 1.0, t.w, t.f
    for p, them in sp.tribes.items():
        if p == me or not them.total:
            continue
        if them.w:
            theirs = 1 if sp.camp == p else 0
            chance *= odds.warriors_win(w, them.w, _extra(st, me, name), theirs) if w else 0.0
            w = max(0, w - max(1, them.w // 2)) if w else 0   # a rough guess of our losses
    herds = [len(sp.animals[s]) for s in ORDER if s in sp.animals]
    food = sum(SPECIES[s].food * len(h) for s, h in sp.animals.items())
    if herds and chance > 0:
        outcome = odds.against_animals(w, f, _extra(st, me, name), herds, losses_first)
        alive = odds.survival(outcome)
        lost = t.total - chance * odds.expected_left(outcome)
        return chance * alive, lost, chance * alive * food
    return chance, t.total * (1 - chance), 0.0


def _camp_worth(camps: int) -> float:
    """A camp is worth most when holding it wins the game."""
    return CAMP_WORTH * (HOLD_FACTOR if camps >= 4 else 1.0)


def _space_value(st: State, me: str, name: str, t: Tokens, threat: float, camps: int) -> float:
    """What ``t`` standing on ``name`` at the end of the tribes' moves is worth:
    food, the camp kept, a fight's outcome, next turn's danger."""
    sp = st.peek(name)
    value = _food(st, name)
    if sp is not None and (sp.animals or any(p != me and x.total for p, x in sp.tribes.items())):
        alive, lost, food = _fight(st, me, name, t, True)
        value += FOOD_WORTH * food - TOKEN_WORTH * lost
        if sp.camp == me:
            value += _camp_worth(camps) * alive
        elif sp.camp and sp.camp != me:
            value += CONQUEST * alive
    elif sp is not None and sp.camp == me:
        value += _camp_worth(camps)
    elif t.w and t.f and camps < MAX_CAMPS and (sp is None or not sp.camp):
        # a pair that can found a camp here; less where animals may come
        value += CAMP_SITE * (1 + _food(st, name) / 2) * max(0.0, 1 - threat / SITE_THREAT)
    if threat and t.total:
        herd = max(1, round(threat * 3))
        outcome = odds.against_animals(t.w, t.f, _extra(st, me, name), [herd], True)
        value -= min(1.0, threat) * DANGER * (t.total - odds.expected_left(outcome))
        if sp is not None and sp.camp == me:      # the camp lives on if a female does
            kept = sum(c for (w, f), c in outcome.items() if f)
            value -= min(1.0, threat) * _camp_worth(camps) * (1 - kept)
    if sp is not None and sp.blocked():
        value -= 99.0
    if st.board.on_edge(name):
        value -= 0.4
    return value


def _keep(st: State, me: str, name: str, t: Tokens, threat: float, camps: int) -> Tokens:
    """The tokens that stay on ``name``: a camp keeps a warrior and
    CAMP_FEMALES females (all its tokens with four camps, or where animals
    may come); where animals or enemies stand, at least as many as they are
    (the rules pin them), all of them when that is the better fight."""
    sp = st.spaces[name]
    keep = Tokens(min(t.w, 1), min(t.f, CAMP_FEMALES)) if sp.camp == me else Tokens()
    if sp.camp == me and camps >= 4:
        keep = Tokens(t.w, t.f)            # one more turn holding them wins
    others = sp.others(me)
    if not others:
        if sp.camp == me and threat >= 0.5:
            keep = Tokens(t.w, t.f)        # stand together where animals may come
        return keep
    while keep.total < others:         # the fewest allowed, warriors first
        if keep.w < t.w:
            keep.w += 1
        elif keep.f < t.f:
            keep.f += 1
        else:
            break
    if sp.camp == me and keep.f == 0 and t.f:
        keep.f = 1                     # a camp without a female is lost
    fewest = _fight(st, me, name, keep, True)
    everyone = _fight(st, me, name, t, True)
    camp = _camp_worth(camps) if sp.camp == me else 0.0
    if everyone[0] * camp - TOKEN_WORTH * everyone[1] > fewest[0] * camp - TOKEN_WORTH * fewest[1]:
        return Tokens(t.w, t.f)
    return keep


def _best_move(st: State, me: str, start: str, unit: Tokens, paths: list[list[str]],
               planned: dict[str, Tokens], danger: dict[str, float], camps: int,
               rng: random.Random) -> list[str] | None:
    """The path whose end gains most from ``unit`` arriving; None to stay."""
    def gain(name: str) -> float:
        there = planned.get(name, Tokens())
        threat = danger.get(name, 0.0)
        before = _space_value(st, me, name, there, threat, camps) if there.total else 0.0
        return _space_value(st, me, name, Tokens(there.w + unit.w, there.f + unit.f), threat, camps) - before
    best, best_score = None, gain(start) + 0.3
    for path in paths:
        end = path[-1]
        if _stopped_on_the_way(st, me, path):
            continue
        score = gain(end) + rng.random() * 0.1
        if score > best_score:
            best, best_score = path, score
    return best


def _stopped_on_the_way(st: State, me: str, path: list[str]) -> bool:
    for there in path[1:-1]:
        sp = st.peek(there)
        if sp is not None and sp.others(me) > sp.tribes.get(me, Tokens()).total:
            return True
    return False


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


def _standing(st: State, me: str, mine: dict[str, Tokens], stayers: set[str]) -> list[str]:
    """The lines after the moves: losses, conquest and starvation choices, planting, fire, the
    cards, and where to come back in the first year."""
    board, totals = st.board, st.totals(me)
    lines = ["LOSSES " + ("WARRIORS" if totals.w > 1 else "FEMALES"), "CONQUER OCCUPY",
             "STARVE " + ("WARRIORS" if totals.w > STARVE_W else "FEMALES")]
    if planting_turn(st):
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
    if st.year == 1 and not st.tribes[me].resurrected:
        edge = [n for n in board.names if board.on_edge(n) and board.hexes[n].kind != "L"]
        lines.append("PLACE " + " ".join(sorted(edge, key=lambda n: -_start_score(st, n))[:4]))
    return lines


def heuristic_orders(st: State, me: str, rng: random.Random) -> OrderSheet:
    if st.stage == "setup":
        return parser.parse(st, me, "\n".join(_setup(st, me, rng)))
    lines: list[str] = []
    mine = {n: sp.tribes[me] for n, sp in st.spaces.items() if me in sp.tribes}
    danger = threats(st)
    camps_planned = camps_now = len(st.camps(me))
    planned: dict[str, Tokens] = {}    # what of ours ends the move on each space
    stayers: set[str] = set()          # spaces where some of our tokens do not move
    movable: dict[str, Tokens] = {}
    for name in sorted(mine, key=lambda n: (st.spaces[n].camp != me, n)):
        t, sp = mine[name], st.spaces[name]
        keep = _keep(st, me, name, t, danger.get(name, 0.0), camps_now)
        if not keep.total and not sp.others(me) and t.w and t.f and not sp.camp and camps_planned < MAX_CAMPS:
            keep = Tokens(1, min(t.f, CAMP_FEMALES))
        if keep.w and keep.f and not sp.camp and not sp.others(me) and camps_planned < MAX_CAMPS:
            lines.append(f"CAMP {name}")
            camps_planned += 1
        if keep.total:
            planned[name] = Tokens(keep.w, keep.f)
            stayers.add(name)
        movable[name] = Tokens(t.w - keep.w, t.f - keep.f)
    for name, free in movable.items():
        paths = legal_paths(st, name)
        while free.total:
            unit = Tokens(min(free.w, UNIT_W), min(free.f, UNIT_F))
            if not unit.total:
                unit = Tokens(0, min(free.f, max(1, UNIT_F)))
            free.w -= unit.w
            free.f -= unit.f
            best = _best_move(st, me, name, unit, paths, planned, danger, camps_now, rng)
            end = best[-1] if best else name
            there = planned.setdefault(end, Tokens())
            there.w += unit.w
            there.f += unit.f
            if best is None:
                stayers.add(name)
                continue
            tokens = " ".join(x for x in (f"{unit.w}W" if unit.w else "", f"{unit.f}F" if unit.f else "") if x)
            lines.append(f"MOVE {tokens} {'-'.join(best)}")
    lines += _standing(st, me, mine, stayers)
    return parser.parse(st, me, "\n".join(lines))
