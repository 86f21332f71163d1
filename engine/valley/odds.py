"""Exact odds of a fight, for bots and players' tools.

A round is two dice plus bonuses; ties are rolled again, so a round is won
with the chance of a strictly higher score among the rolls that are not
ties. A fight goes on until one side has no tokens left (combat.battle).
"""
from __future__ import annotations

from functools import lru_cache

from engine.valley.combat import herd_bonus, warrior_bonus


@lru_cache(maxsize=None)
def round_win(difference: int) -> float:
    """Chance that the side with ``difference`` more bonus wins a round."""
    higher = sum(1 for a in range(1, 7) for b in range(1, 7) if a + difference > b)
    lower = sum(1 for a in range(1, 7) for b in range(1, 7) if a + difference < b)
    if higher + lower == 0:
        return 0.5
    return higher / (higher + lower)


Outcome = dict[tuple[int, int], float]   # (warriors, females) left -> chance


@lru_cache(maxsize=None)
def _against_herd(w: int, f: int, extra: int, herd: int, warriors_first: bool) -> tuple[tuple[tuple[int, int], float], ...]:
    """The tokens a tribe has left after fighting a herd of ``herd`` animals
    (an empty tuple entry (0, 0) is a tribe wiped out)."""
    if herd == 0 or w + f == 0:
        return (((w, f), 1.0),)
    p = round_win(warrior_bonus(w) + extra - herd_bonus(herd))
    out: dict[tuple[int, int], float] = {}
    for key, chance in _against_herd(w, f, extra, herd - 1, warriors_first):
        out[key] = out.get(key, 0.0) + p * chance
    if (warriors_first and w) or not f:
        nw, nf = w - 1, f
    else:
        nw, nf = w, f - 1
    for key, chance in _against_herd(nw, nf, extra, herd, warriors_first):
        out[key] = out.get(key, 0.0) + (1 - p) * chance
    return tuple(out.items())


def against_animals(w: int, f: int, extra: int, herds: list[int], warriors_first: bool = True) -> Outcome:
    """What is left of ``w`` warriors and ``f`` females with ``extra`` bonus
    (camp, fire, cards) after fighting each herd in turn."""
    outcome: Outcome = {(w, f): 1.0}
    for herd in herds:
        following: Outcome = {}
        for (kw, kf), chance in outcome.items():
            for key, c in _against_herd(kw, kf, extra, herd, warriors_first):
                following[key] = following.get(key, 0.0) + chance * c
        outcome = following
    return outcome


def survival(outcome: Outcome) -> float:
    """Chance that any token is left."""
    return sum(c for (w, f), c in outcome.items() if w + f)


def expected_left(outcome: Outcome) -> float:
    return sum(c * (w + f) for (w, f), c in outcome.items())


@lru_cache(maxsize=None)
def warriors_win(mine: int, theirs: int, my_extra: int, their_extra: int) -> float:
    """Chance that ``mine`` warriors beat ``theirs`` (two sides, to the last warrior)."""
    if theirs == 0:
        return 1.0 if mine else 0.0
    if mine == 0:
        return 0.0
    p = round_win(warrior_bonus(mine) + my_extra - warrior_bonus(theirs) - their_extra)
    return p * warriors_win(mine, theirs - 1, my_extra, their_extra) + \
        (1 - p) * warriors_win(mine - 1, theirs, my_extra, their_extra)
