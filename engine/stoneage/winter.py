"""The harsh winter (option ``harsh_winter``): an extra stone on certain buildings scores 5,
an extra gold on a civilization card scores 6.

Which buildings is not published; our choice (docs/orders-stoneage.md,
Decision 34) is the fixed-cost tiles, B01-B13: their cost is printed, so an
extra stone is something beyond it, while a variable tile already scores
whatever is paid. One extra at most per purchase, paid after the purchase's
own payment and before the card's effect, and only when the seat still has
it; otherwise the purchase stands without it.
"""
from __future__ import annotations

from engine.contract import Event
from engine.messages import Msg
from engine.stoneage import texts
from engine.stoneage.texts import said
from engine.stoneage.buildings import BUILDINGS
from engine.stoneage.cards import CARDS
from engine.stoneage.goods import Good
from engine.stoneage.orders import Buy
from engine.stoneage.policy import Policy
from engine.stoneage.state import State

OPTION = "harsh_winter"
# The tiles an extra stone may go on: every fixed-cost one.
EXTRA_BUILDINGS: frozenset[str] = frozenset(b.id for b in BUILDINGS.values() if b.fixed)
POINTS = {Good.STONE: 5, Good.GOLD: 6}
PHASE = "actions"


def enabled(st: State) -> bool:
    return bool(st.options.get(OPTION))


def takes_extra(bought: str) -> bool:
    """Does this purchase (a card id or a building tile id) take an extra?"""
    return bought in CARDS or bought in EXTRA_BUILDINGS


def extra(st: State, seat: str, bought: str, where: str, order: Buy, policy: Policy,
          log: list[Event]) -> None:
    """After buying ``bought`` at ``where``: the extra stone or gold, when the seat's orders ask
    for it (BUY ... EXTRA, or BUY EXTRA AUTO) and it can pay."""
    if not enabled(st) or not (order.extra or policy.extra == "auto"):
        return
    good = Good.GOLD if bought in CARDS else Good.STONE      # a card (the jewel slot's too) or a tile
    if not takes_extra(bought):
        if order.extra:
            log.append(said(PHASE, Msg("EXTRA at {where}: {bought} takes no harsh-winter extra.", where=where,
                                       bought=bought), to=seat))
        return
    board = st.board(seat)
    if board.amount(good) < 1:
        if order.extra:
            log.append(said(PHASE, Msg("EXTRA at {where}: no {good} left after paying; no extra.", where=where,
                                       good=texts.good(good)), to=seat))
        return
    board.add(good, -1)
    board.score += POINTS[good]
    board.winter += POINTS[good]
    log.append(said(PHASE, Msg("{seat} pays an extra {good} for the harsh winter: {points} points.", seat=seat,
                               good=texts.good(good), points=POINTS[good]), by=seat))
