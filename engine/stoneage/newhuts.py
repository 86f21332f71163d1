"""The new huts (option ``new_huts``): six more building tiles, N01-N06, shuffled into the stacks.

Our design (docs/orders-stoneage.md, Decisions 46-50; the tiles are in
buildings.py): each has a fixed cost of three resources, scores less than
that cost's worth, and gives a bonus. N01-N03 give a wood, a clay or a stone
to their owner at every round's end (the round they are built in
included), before the cards slide; N04-N06 give once, when built, a new
person (as the hut does, at most 10), a tool step or agriculture +1. They
are building tiles: hut builders count them. They take no harsh-winter
extra stone.
"""
from __future__ import annotations

from engine.contract import Event
from engine.messages import Msg
from engine.stoneage.texts import goods, said
from engine.stoneage.buildings import NEW_HUTS
from engine.stoneage.state import MAX_AGRICULTURE, PEOPLE_PER_COLOUR, PlayerBoard, State

OPTION = "new_huts"


def enabled(st: State) -> bool:
    return bool(st.options.get(OPTION))


def on_build(st: State, seat: str, tile_id: str, log: list[Event]) -> None:
    """A new hut's one-time bonus, when ``tile_id`` is one (nothing otherwise)."""
    hut = NEW_HUTS.get(tile_id)
    if hut is None or hut.each_round is not None:
        return
    log.append(said("actions", Msg("{seat}'s {tile} gives {got}.", seat=seat, tile=tile_id,
                                   got=once(st.board(seat), hut.bonus)), by=seat))


def once(board: PlayerBoard, bonus: str) -> Msg:
    """Give a one-time bonus; what it gave, in words."""
    if bonus == "person":
        if board.people >= PEOPLE_PER_COLOUR:
            return Msg("nothing: 10 people already")
        board.people += 1
        return Msg("a new person ({n} now)", n=board.people)
    if bonus == "tool":
        return Msg("a tool step") if board.gain_tool() else Msg("nothing: the tools are at 4 4 4")
    if board.agriculture >= MAX_AGRICULTURE:
        return Msg("nothing: agriculture is at 10")
    board.agriculture += 1
    return Msg("agriculture +1 ({n})", n=board.agriculture)


def income(board: PlayerBoard) -> dict[str, int]:
    """What the seat's new huts give at a round's end: goods by name."""
    out: dict[str, int] = {}
    for tile in board.buildings:
        hut = NEW_HUTS.get(tile)
        if hut is not None and hut.each_round is not None:
            out[hut.bonus] = out.get(hut.bonus, 0) + 1
    return out


def round_income(st: State, log: list[Event]) -> None:
    """At the round's end, before the cards slide: each seat's new huts give their goods."""
    if not enabled(st):
        return
    for seat in st.turn_order():
        board = st.board(seat)
        gets = income(board)
        for good, n in gets.items():
            board.add(next(h.each_round for h in NEW_HUTS.values() if h.bonus == good), n)
        if gets:
            shown = goods(((g, n) for g, n in gets.items()), ", ")
            log.append(said("round", Msg("{seat}'s new huts give {goods}.", seat=seat, goods=shown), by=seat))
