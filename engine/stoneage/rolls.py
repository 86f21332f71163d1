"""Rolls for goods: one die per person, tools added after the roll by the seat's TOOLS policy.

Each permanent tool counts once a round, whole; one-use tools are spent when
used. ``TOOLS AUTO`` adds the fewest tools that bring the total up to the
next multiple of the divisor, preferring permanent tools (they come back
next round) and then the smallest sum (what is left may help a later roll).
At the seat's last roll of the round no later roll needs what is left, so
AUTO reaches the highest multiple its tools can reach, with the fewest tools.
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations

from engine.contract import Event
from engine.messages import Join, Msg, Plural
from engine.stoneage.texts import amount, place, said
from engine.dice import Dice
from engine.stoneage import animals
from engine.stoneage.cards import CARDS, Effect
from engine.stoneage.goods import WORTH, Good
from engine.stoneage.locations import LOCATIONS, Kind
from engine.stoneage.policy import Policy
from engine.stoneage.state import PlayerBoard, State

PHASE = "actions"
Tools = tuple[list[int], list[int]]      # (permanent values, one-use values) added to a roll
Added = tuple[Sequence[int], Sequence[int]]     # as Tools, read only (AUTO's, shared between rolls)
NO_TOOLS: Tools = ([], [])               # shared: read, never changed
FACES = tuple(str(face) for face in range(7))       # a die's face as an event writes it
GATHER, CARD, ROLL = Kind.GATHER, Kind.CARD, Effect.ROLL      # looked up once (enum members)


def auto(total: int, divisor: int, permanent: Sequence[int], one_use: Sequence[int],
         last: bool = False) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """TOOLS AUTO: the fewest tools reaching the next multiple of ``divisor`` (with ``last``, the
    highest multiple they can reach); none if out of reach. The tuples are shared: only read."""
    if last:
        return _highest(total % divisor, divisor, tuple(permanent), tuple(one_use))
    return _auto(-total % divisor, tuple(permanent), tuple(one_use))


@lru_cache(maxsize=4096)
def _highest(rest: int, divisor: int, permanent: tuple[int, ...],
             one_use: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The tools that add the most multiples to a total ``rest`` past one; of those, the fewest
    one-use tools, then the fewest tools, then the smallest sum."""
    items = [(v, False) for v in permanent] + [(v, True) for v in one_use]
    best: tuple[tuple[int, int, int, int], tuple[tuple[int, bool], ...]] = ((0, 0, 0, 0), ())
    for count in range(1, len(items) + 1):
        for c in combinations(items, count):
            added = sum(v for v, _ in c)
            key = (-((rest + added) // divisor), sum(1 for _, once in c if once), count, added)
            if key[0] < 0 and (not best[1] or key < best[0]):
                best = (key, c)
    chosen = best[1]
    return tuple(v for v, once in chosen if not once), tuple(v for v, once in chosen if once)


@lru_cache(maxsize=4096)
def _auto(need: int, permanent: tuple[int, ...],
          one_use: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``auto`` for the ``need`` up to the next multiple, worked out once per set of tools (the
    same few sets come up roll after roll)."""
    if need == 0:
        return (), ()
    items = [(v, False) for v in permanent] + [(v, True) for v in one_use]
    for count in range(1, len(items) + 1):
        fits = [c for c in combinations(items, count) if sum(v for v, _ in c) >= need]
        if fits:
            best = min(fits, key=lambda c: (sum(1 for _, once in c if once), sum(v for v, _ in c)))
            return tuple(v for v, once in best if not once), tuple(v for v, once in best if once)
    return (), ()


def named(values: tuple[int, ...], permanent: Sequence[int], one_use: Sequence[int]) -> tuple[Tools, list[int]]:
    """TOOLS <location> <values>: each value from the unused permanent tools, else the one-use
    ones; the values the seat does not have are returned apart."""
    perm, once, missing = list(permanent), list(one_use), []
    used: Tools = ([], [])
    for v in values:
        if v in perm:
            perm.remove(v)
            used[0].append(v)
        elif v in once:
            once.remove(v)
            used[1].append(v)
        else:
            missing.append(v)
    return used, missing


def spend(board: PlayerBoard, tools: Added) -> None:
    """Turn the permanent tools used for this round and discard the one-use ones."""
    perm, once = tools
    if perm:
        values, used = board.tools, board.tools_used
        for v in perm:
            slot = 0
            while values[slot] != v or used[slot]:     # the first unused slot of that value
                slot += 1
            used[slot] = True
    for v in once:
        board.one_use.remove(v)


def choose(board: PlayerBoard, policy: Policy, where: str, total: int, divisor: int,
           seat: str, log: list[Event], st: State | None = None) -> Added:
    """The tools the seat's policy adds to a roll of ``total`` at ``where``. With ``st``, AUTO
    knows whether the roll is the seat's last of the round (no roll of its is left after it)."""
    if where in policy.tools_on:
        tools, missing = named(policy.tools_on[where], board.unused_tools(), board.one_use)
        if missing:
            have = " ".join(map(str, missing))
            log.append(said(PHASE, Msg("TOOLS {where}: no unused tool of {have} for this roll.", where=where,
                                       have=have), to=seat))
        return tools
    if policy.tools == "none":
        return NO_TOOLS
    unused = board.unused_tools()
    if not unused and not board.one_use:
        return NO_TOOLS                     # none to add, whether the roll is the last or not
    last = st is not None and not rolls_left(st, seat, policy)
    return auto(total, divisor, unused, board.one_use, last)


def rolls_left(st: State, seat: str, policy: Policy) -> bool:
    """Whether the seat has a roll still to come this round: a gathering location not yet
    resolved, or a card it buys that rolls."""
    for location in st.boards[seat].placed:
        loc = LOCATIONS.get(location)
        if loc is None:
            continue
        if loc.kind is GATHER:
            return True
        if loc.kind is CARD and location in policy.buys:
            card = st.civ_slots[loc.number - 1]
            if card and CARDS[card].top.effect is ROLL:
                return True
    return False


def roll_for(board: PlayerBoard, policy: Policy, dice: Dice, tag: str, count: int, good: Good,
             where: str, seat: str, log: list[Event], st: State | None = None) -> int:
    """Roll ``count`` dice by ``tag``, add the tools, take the goods; the amount taken. With
    ``st``, the wild animals in play lower the total first (option wild_animals)."""
    roll = dice.roll
    faces = [roll(tag) for _ in range(count)]
    rolled = sum(faces)
    total, lowered = animals.lowered_message(st, rolled) if st is not None and st.animals else (rolled, "")
    worth = WORTH[good]                  # the good's divisor
    tools = choose(board, policy, where, total, worth, seat, log, st)
    if tools is NO_TOOLS:
        added, final = tools[0], total
    else:
        spend(board, tools)
        added = tools[0] + tools[1]
        final = total + sum(added)
    gain = final // worth
    board.add(good, gain)
    values = dict(seat=seat, faces=" ".join([FACES[face] for face in faces]), sum=rolled, where=place(where),
                  lowered=lowered, gain=amount(gain, good))
    if added:
        marks = [f"{v}" for v in tools[0]] + [Msg("{n} (one-use)", n=v) for v in tools[1]]
        message: Msg = Plural("{seat} rolls {faces} ({sum}) at {where}{lowered}, adds tool {tools} ({final}): {gain}.",
                              "{seat} rolls {faces} ({sum}) at {where}{lowered}, adds tools {tools} ({final}): {gain}.",
                              len(added), tools=Join(", ", marks), final=final, **values)
    else:
        message = Msg("{seat} rolls {faces} ({sum}) at {where}{lowered}: {gain}.", **values)
    log.append(said(PHASE, message, by=seat))
    return gain
