"""Igloos (option ``igloos``): three resources of one kind buy an igloo on a building space.

Our design (docs/orders-stoneage.md, Decisions 29-33): the person on a
building stack buys an igloo instead of the top tile with ``BUY buildingN
IGLOO``, and the tile stays. The game has 8 igloos in one common supply. An
igloo scores at once the worth of what was paid, as a variable building
does (9 for wood, 12 clay, 15 stone, 18 gold), but it is no building tile:
hut builders do not count it and it never empties a stack.
"""
from __future__ import annotations

from engine.contract import Event
from engine.messages import Msg
from engine.stoneage import texts
from engine.stoneage.texts import amount, said
from engine.stoneage.goods import RESOURCES, Good
from engine.stoneage.state import PlayerBoard, State

OPTION = "igloos"
SUPPLY = 8           # igloos in a game, for all the seats together
SIZE = 3             # resources of one kind an igloo takes
PHASE = "actions"


def enabled(st: State) -> bool:
    return bool(st.options.get(OPTION))


def left(st: State) -> int:
    """Igloos still in the supply: the game's 8 less those the seats own."""
    return SUPPLY - sum(len(b.igloos) for b in st.boards.values())


def points(good: Good) -> int:
    """What an igloo paid with ``good`` scores: the worth of the three resources."""
    return SIZE * good.worth


def default_kind(board: PlayerBoard) -> Good | None:
    """Without PAY: the cheapest resource the seat holds three of."""
    return next((g for g in RESOURCES if board.amount(g) >= SIZE), None)


def buy(st: State, seat: str, stack: int, written: dict[Good, int], log: list[Event]) -> bool:
    """BUY buildingN IGLOO: an igloo for three of one kind (PAY as written, or the default); True
    when it was built."""
    board, where = st.board(seat), f"building{stack}"
    good = next(iter(written), None) if written else default_kind(board)
    why: Msg | str = ""
    if left(st) <= 0:
        why = Msg("all {n} igloos are built", n=SUPPLY)
    elif good is None:
        why = Msg("you have no 3 resources of one kind")
    elif board.amount(good) < SIZE:
        why = Msg("you cannot pay {goods}", goods=amount(SIZE, good))
    at = texts.place(where)
    if why:
        log.append(said(PHASE, Msg("{seat} buys nothing at {where}.", seat=seat, where=at), by=seat))
        log.append(said(PHASE, Msg("BUY {where} IGLOO: not bought, {why}.", where=at, why=why), to=seat))
        return False
    assert good is not None
    board.add(good, -SIZE)
    board.igloos.append(good.value)
    board.score += points(good)
    log.append(said(PHASE, Msg("{seat} builds an igloo at {where} for {goods}: {points} points ({left} igloos left).",
                               seat=seat, where=at, goods=amount(SIZE, good), points=points(good), left=left(st)),
                    by=seat))
    return True
