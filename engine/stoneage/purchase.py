"""Buying a civilization card or a building tile: BUY and PAY, or the default payment.

A person on a card slot or a building stack buys only with a BUY line for
that location. PAY is taken as written or not at all; without PAY a card
takes its slot's cost in the cheapest resources (wood, clay, stone, gold), a
fixed building its cost, and a variable building its best value out of what
the seat can spare (payment.py). The variants: ``BUY buildingN
IGLOO`` buys an igloo (igloos.py), the harsh winter's extra follows a
purchase (winter.py), and with the merchant a BUY line's TRADE comes just
before the payment, which then spends what the trade took first; the jewel
slot is bought with jewels (merchant.py).
"""
from __future__ import annotations

from engine.contract import Event
from engine.messages import Join, Msg, Plural
from engine.stoneage import texts
from engine.stoneage.texts import goods, said
from engine.dice import Dice
from engine.stoneage import cardeffects, igloos, merchant, newhuts, winter
from engine.stoneage.buildings import ANY_TILE, Building
from engine.stoneage.goods import RESOURCES, Good
from engine.stoneage.locations import LOCATIONS
from engine.stoneage.orders import Buy, Trade
from engine.stoneage.payment import Payment, affordable, building_payment, card_payment, default_building
from engine.stoneage.policy import Policy
from engine.stoneage.state import PlayerBoard, State

PHASE = "actions"


def _paid(board: PlayerBoard, pay: Payment) -> Join:
    for good, n in pay.items():
        board.add(good, -n)
    return goods(tuple([(g, pay[g]) for g in RESOURCES if pay.get(g)]))


def buy(st: State, seat: str, location: str, policy: Policy, dice: Dice, log: list[Event]) -> bool:
    """The person on a card slot or building stack: buy as the seat's BUY line says, or not; True
    when something was bought."""
    order = policy.buys.get(location)
    loc = LOCATIONS[location]
    if order is None:
        log.append(said(PHASE, Msg("{seat} buys nothing at {where}.", seat=seat, where=texts.place(location)), by=seat))
        log.append(said(PHASE, Msg("No BUY {where} line: nothing bought there.", where=texts.place(location)), to=seat))
        return False
    if order.igloo:
        return igloos.buy(st, seat, loc.number, order.payment, log)
    trade = merchant.start(st, seat, location, order, log)
    if location == "jewelcard":
        bought = _buy_jewel_card(st, seat, order, trade, policy, dice, log)
    elif location.startswith("card"):
        bought = _buy_card(st, seat, loc.number, order, trade, policy, dice, log)
    else:
        bought = _buy_building(st, seat, loc.number, order, trade, policy, log)
    if not bought:
        merchant.undo(st, seat, trade, log)
    return bought


def _refuse(seat: str, location: str, why: object, log: list[Event]) -> None:
    log.append(said(PHASE, Msg("{seat} buys nothing at {where}.", seat=seat, where=texts.place(location)), by=seat))
    log.append(said(PHASE, Msg("BUY {where}: not bought, {why}.", where=texts.place(location), why=why), to=seat))


def _spent(trade: Trade | None, pay: Payment) -> Msg | str:
    """Why the payment leaves some of what the trade took, or '' (as without a trade)."""
    if trade is None:
        return ""
    return merchant.uncovered(trade, {g.value: n for g, n in pay.items()})


def _buy_card(st: State, seat: str, slot: int, order: Buy, trade: Trade | None, policy: Policy, dice: Dice,
              log: list[Event]) -> bool:
    board, card, where = st.boards[seat], st.civ_slots[slot - 1], f"card{slot}"
    pay = order.payment or card_payment(board, slot, merchant.taken(trade))
    if pay is None:
        _refuse(seat, where, Plural("you have {n} resource and {card} costs {slot}",
                                    "you have {n} resources and {card} costs {slot}", board.resources,
                                    n=board.resources, card=card, slot=slot), log)
        return False
    why: Msg | str = "" if affordable(board, pay) else Msg("you cannot pay {goods}", goods=goods(tuple(pay.items())))
    if why or _spent(trade, pay):
        _refuse(seat, where, why or _spent(trade, pay), log)
        return False
    st.civ_slots[slot - 1] = ""
    board.cards.append(card)
    log.append(said(PHASE, Msg("{seat} buys {card} at {where} for {paid}.", seat=seat, card=texts.card(card, True),
                               where=texts.place(where), paid=_paid(board, pay)), by=seat))
    winter.extra(st, seat, card, where, order, policy, log)
    cardeffects.apply(st, seat, card, where, policy, dice, log)
    return True


def _buy_jewel_card(st: State, seat: str, order: Buy, trade: Trade | None, policy: Policy, dice: Dice,
                    log: list[Event]) -> bool:
    """The jewel slot (option merchant): its card for 3 jewels; with TOP 3 more for the deck's
    top card, face down, for its bottom only."""
    board, card, where = st.boards[seat], st.jewel_card, "jewelcard"
    cost = merchant.SLOT_COST + merchant.TOP_COST * order.top
    why: Msg | str = Msg("the jewel slot has no card") if not card else ""
    if not why and board.jewels < cost:
        why = Msg("you have {jewels} and it takes {n}", jewels=texts.jewels(board.jewels), n=cost)
    why = why or merchant.uncovered(trade, {"jewel": cost})
    if why:
        _refuse(seat, where, why, log)
        return False
    st.jewel_card = ""
    board.jewels -= cost
    board.cards.append(card)
    log.append(said(PHASE, Msg("{seat} buys {card} at the jewel slot for {jewels}.", seat=seat,
                               card=texts.card(card, True), jewels=texts.jewels(merchant.SLOT_COST)), by=seat))
    winter.extra(st, seat, card, where, order, policy, log)
    cardeffects.apply(st, seat, card, where, policy, dice, log)
    if order.top:
        cardeffects.face_down(st, seat, log, texts.jewels(merchant.TOP_COST))
    return True


def _buy_building(st: State, seat: str, stack: int, order: Buy, trade: Trade | None, policy: Policy,
                  log: list[Event]) -> bool:
    board, tile_id, where = st.boards[seat], st.top_tile(stack), f"building{stack}"
    tile = ANY_TILE[tile_id]
    taken = merchant.taken(trade)
    pay = order.payment or (building_payment(board, tile, taken) if taken else default_building(st, seat, tile, policy))
    if pay is None:
        _refuse(seat, where, Msg("you cannot pay for {tile}", tile=texts.building(tile_id)), log)
        return False
    why = texts.building_problem(tile_id, pay) or ("" if affordable(board, pay) else Msg("you cannot pay {goods}",
                                                                      goods=goods(tuple(pay.items()))))
    why = why or _spent(trade, pay)
    if why:
        _refuse(seat, where, why, log)
        return False
    st.buildings[stack - 1].pop(0)
    board.buildings.append(tile_id)
    points = tile.points(pay)
    board.score += points
    log.append(said(PHASE, Msg("{seat} builds {tile} at {where} for {paid}: {points} points.", seat=seat,
                               tile=tile_id, where=texts.place(where), paid=_paid(board, pay), points=points), by=seat))
    winter.extra(st, seat, tile_id, where, order, policy, log)
    newhuts.on_build(st, seat, tile_id, log)
    merchant.on_build(st, seat, tile_id, log)
    return True
