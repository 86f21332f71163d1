"""Phase 2: each player in turn order resolves all its placed people, in its USE order.

A location's people go home as it is resolved, so the phase can stop and
resume where it was: ``State.turn`` is the seat acting, and what is left in
its ``placed`` is what it has still to do.
"""
from __future__ import annotations

from engine.contract import Event
from engine.messages import Msg
from engine.stoneage.texts import place, said
from engine.dice import Dice
from engine.stoneage import animals, merchant, played, purchase, taming
from engine.stoneage.animaldata import BY_NAME as ANIMALS
from engine.stoneage.cardeffects import raise_agriculture
from engine.stoneage.locations import LOCATIONS, Kind
from engine.stoneage.policy import Policy, policy_of
from engine.stoneage.rolls import roll_for
from engine.stoneage.state import PEOPLE_PER_COLOUR, State

PHASE = "actions"
GATHER = Kind.GATHER        # looked up once (an enum member)


def run(st: State, dice: Dice, log: list[Event]) -> bool:
    """Resolve every seat's people, from the start player clockwise; True when all are done."""
    for seat in st.turn_order():
        if st.boards[seat].placed:
            st.turn = seat
            act(st, seat, dice, log)
    st.turn = ""
    return True


def act(st: State, seat: str, dice: Dice, log: list[Event]) -> None:
    """All of one seat's locations, in its USE order."""
    policy = policy_of(st, seat)
    board = st.boards[seat]
    bought: dict[tuple[str, ...], str] = {}       # a ranked BUY line -> the location it bought at
    before = played.counts(board)
    for location in policy.action_order(board.placed):
        people = board.placed.pop(location)
        group = policy.ranked.get(location)
        if group and group in bought:
            log.append(said(PHASE, Msg("{seat} buys nothing at {where}.", seat=seat, where=place(location)), by=seat))
            log.append(said(PHASE, Msg("BUY {where}: not bought, the line bought at {other} first.",
                                       where=place(location), other=place(bought[group])), to=seat))
            continue
        if resolve_location(st, seat, location, people, policy, dice, log) and group:
            bought[group] = location
        before = played.record(st, seat, location, before)     # the counts now: the next one's before


def resolve_location(st: State, seat: str, location: str, people: int, policy: Policy, dice: Dice,
                     log: list[Event]) -> bool:
    """What ``people`` of the seat do at ``location``; True when they bought something there."""
    if location in ANIMALS:
        animals.resolve(st, seat, location, people, dice, log)
        return False
    loc, board = LOCATIONS[location], st.boards[seat]
    if loc.kind is GATHER:
        assert loc.good is not None
        gain = roll_for(board, policy, dice, f"{location} {seat}", people, loc.good, location, seat, log, st)
        if location == "hunt" and policy.hunt_jewels:
            merchant.hunt(st, seat, gain, policy.hunt_jewels, log)     # option merchant: HUNT JEWELS
        if st.herd is not None:
            after_gathering(st, seat, location, people, log)
    elif location == "toolmaker":
        made = board.gain_tool()
        tools = " ".join(map(str, sorted(board.tools, reverse=True)))
        log.append(said(PHASE, Msg("{seat} makes a tool ({tools}).", seat=seat, tools=tools) if made else
                        Msg("{seat} makes nothing: the tools are at 4 4 4 ({tools}).", seat=seat, tools=tools),
                        by=seat))
    elif location == "hut":
        if board.people < PEOPLE_PER_COLOUR:
            board.people += 1
            log.append(said(PHASE, Msg("{seat} gets a new person in the hut ({n} now).", seat=seat, n=board.people),
                            by=seat))
        else:
            log.append(said(PHASE, Msg("{seat} has 10 people already: the hut gives nothing.", seat=seat), by=seat))
    elif location == "merchant":
        merchant.visit(st, seat, log)
    elif location == "field":
        raised = raise_agriculture(board)
        log.append(said(PHASE, Msg("{seat} works the field: agriculture +1 ({n}).", seat=seat, n=board.agriculture)
                        if raised else Msg("{seat} works the field: nothing: agriculture is at 10 ({n}).", seat=seat,
                                           n=board.agriculture), by=seat))
    else:
        return purchase.buy(st, seat, location, policy, dice, log)
    return False


def after_gathering(st: State, seat: str, location: str, people: int, log: list[Event]) -> None:
    """Mammoth Herd: after gathering where the herd stands, HERD n moves people onto its tile."""
    taming.move(st, seat, location, people, log)
