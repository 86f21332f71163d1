"""The expansion's merchant (option ``merchant``): jewels, the merchant track, trades, the jewel slot.

Our design where the rules summary gives no numbers (docs/orders-stoneage.md,
Decisions 51-60):

- Every seat starts with 1 jewel and its marker at 0 on the merchant track
  (0 to 10). Jewels are no resource: they feed nobody, score nothing at the
  end, and are no good for a building; the supply of jewels never runs out.
- The merchant is a village location for exactly 2 people: the level goes up
  2 (at most 10) and the seat takes 2 jewels. It counts against the village
  limit, which is 2 locations with 2-3 players, 3 with 4 and all 4 with 5.
- A trade: once a round, on a BUY line (``TRADE 1 wood FOR 1 gold``), just
  before that purchase is paid. It gives resources or jewels and takes as
  many of other kinds: at most as many as the level, and 2 at most; the level
  goes down by as many as were taken, so never from level 0. What it takes
  must all go into that purchase's payment; so it never pays an igloo (the
  parser refuses) nor a harsh-winter extra (paid after, from what is left).
  A purchase that fails undoes its trade.
- The hunt: each 2 of the total give 1 food or 1 jewel; ``HUNT JEWELS n``
  takes up to n jewels and the rest food (the default is all food).
- The jewel slot (``jewelcard``) holds one card from the deck, refilled at
  the round's end after the four slots, and never slides. Its person buys
  the card for 3 jewels with ``BUY jewelcard``, immediate effect and all;
  ``BUY jewelcard TOP`` pays 3 more for the deck's top card, face down,
  for its bottom only.
- The expansion's nine cards (M01-M09) join the deck and its nine tiles
  (X01-X09: a fixed cost, its worth in points, and 1 or 2 jewels) the
  building tiles, which make a fifth stack for a fifth seat.
"""
from __future__ import annotations

from engine.contract import Event
from engine.messages import Join, Msg
from engine.stoneage import texts
from engine.stoneage.texts import said
from engine.stoneage.buildings import JEWEL_HUTS
from engine.stoneage.goods import Good
from engine.stoneage.orders import Buy, Trade
from engine.stoneage.state import PlayerBoard, State

OPTION = "merchant"
PHASE = "actions"
MAX_LEVEL = 10
VISIT_LEVEL, VISIT_JEWELS = 2, 2
START_JEWELS = 1
MOST_TRADED = 2          # goods one trade takes at most (and never more than the level)
SLOT_COST = 3            # jewels for the jewel slot's card
TOP_COST = 3             # jewels more for the deck's top card, face down


def enabled(st: State) -> bool:
    return bool(st.options.get(OPTION))


def jewels_text(n: int) -> str:
    return str(texts.jewels(n))


def visit(st: State, seat: str, log: list[Event]) -> None:
    """Two people at the merchant: the level up 2 (at most 10) and 2 jewels."""
    board = st.board(seat)
    board.merchant = min(MAX_LEVEL, board.merchant + VISIT_LEVEL)
    board.jewels += VISIT_JEWELS
    log.append(said(PHASE, Msg("{seat} trades with the merchant: {jewels} ({n} now), merchant level {level}.",
                               seat=seat, jewels=texts.jewels(VISIT_JEWELS), n=board.jewels, level=board.merchant),
                    by=seat))


def hunt(st: State, seat: str, gained: int, jewels: int, log: list[Event]) -> None:
    """Of the ``gained`` food of a hunt, take up to ``jewels`` as jewels instead (HUNT JEWELS n)."""
    if not jewels or not gained or not enabled(st):
        return
    board, n = st.board(seat), min(jewels, gained)
    board.food -= n
    board.jewels += n
    log.append(said(PHASE, Msg("{seat} takes {jewels} of the hunt instead of food ({n} now).", seat=seat,
                               jewels=texts.jewels(n), n=board.jewels), by=seat))


# -- holdings by trade kind ---------------------------------------------------
def held(board: PlayerBoard, kind: str) -> int:
    return board.jewels if kind == "jewel" else board.amount(Good(kind))


def _change(board: PlayerBoard, kind: str, n: int) -> None:
    if kind == "jewel":
        board.jewels += n
    else:
        board.add(Good(kind), n)


def problem(board: PlayerBoard, trade: Trade) -> Msg | str:
    """Why the seat cannot make ``trade`` now, or ''."""
    if board.traded:
        return Msg("you have traded once this round already")
    if board.merchant == 0:
        return Msg("your merchant level is 0")
    if trade.size > min(board.merchant, MOST_TRADED):
        return Msg("at merchant level {level} a trade takes {n} at most", level=board.merchant,
                   n=min(board.merchant, MOST_TRADED))
    short = [texts.uncounted(n, kind) for kind, n in trade.give if held(board, kind) < n]
    if short:
        return Msg("you do not have {goods} to give", goods=Join(texts.AND, short))
    return ""


def start(st: State, seat: str, where: str, order: Buy, log: list[Event]) -> Trade | None:
    """The BUY line's trade, made just before paying; None when there is none or it is refused
    (the purchase then goes on without it)."""
    trade = order.trade
    if trade is None:
        return None
    board = st.board(seat)
    why = Msg("the game is played without the merchant") if not enabled(st) else problem(board, trade)
    if why:
        log.append(said(PHASE, Msg("{trade} at {where}: not made, {why}.", trade=str(trade),
                                   where=texts.place(where), why=why), to=seat))
        return None
    for kind, n in trade.give:
        _change(board, kind, -n)
    for kind, n in trade.take:
        _change(board, kind, n)
    board.merchant -= trade.size
    board.traded = True
    log.append(said(PHASE, Msg("{seat} trades {give} for {take} (merchant level {level}).", seat=seat,
                               give=texts.goods(trade.give), take=texts.goods(trade.take), level=board.merchant),
                    by=seat))
    return trade


def undo(st: State, seat: str, trade: Trade | None, log: list[Event]) -> None:
    """The purchase failed: its trade is taken back, level and all."""
    if trade is None:
        return
    board = st.board(seat)
    for kind, n in trade.take:
        _change(board, kind, -n)
    for kind, n in trade.give:
        _change(board, kind, n)
    board.merchant += trade.size
    board.traded = False
    log.append(said(PHASE, Msg("{seat} takes the trade back: nothing was bought.", seat=seat), by=seat))


def uncovered(trade: Trade | None, pay: dict[str, int]) -> Msg | str:
    """Why ``pay`` (by kind) does not spend all the trade took, or ''."""
    if trade is None:
        return ""
    left = [texts.uncounted(n - pay.get(kind, 0), kind) for kind, n in trade.take if pay.get(kind, 0) < n]
    return Msg("the payment must spend what the trade took; {goods} would be left",
               goods=Join(", ", left)) if left else ""


def taken(trade: Trade | None) -> dict[Good, int]:
    """The resources the trade took (what a default payment spends first)."""
    if trade is None:
        return {}
    return {Good(kind): n for kind, n in trade.take if kind != "jewel"}


def on_build(st: State, seat: str, tile_id: str, log: list[Event]) -> None:
    """An expansion tile's jewels, when ``tile_id`` is one."""
    hut = JEWEL_HUTS.get(tile_id)
    if hut is None:
        return
    board = st.board(seat)
    board.jewels += hut.jewels
    log.append(said(PHASE, Msg("{seat}'s {tile} gives {jewels} ({n} now).", seat=seat, tile=tile_id,
                               jewels=texts.jewels(hut.jewels), n=board.jewels), by=seat))


def raise_level(board: PlayerBoard, n: int) -> int:
    """A card's merchant level step; the level now."""
    board.merchant = min(MAX_LEVEL, board.merchant + n)
    return board.merchant
