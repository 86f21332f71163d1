"""Buying a civilization card or a building tile: BUY and PAY, or the default payment.

A person on a card slot or a building stack buys only with a BUY line for
that location. PAY is taken as written or not at all; without PAY a card
takes its slot's cost in the cheapest resources (wood, clay, stone, gold), a
fixed building its cost, and a variable building the payment it allows with
the fewest resources, then the lowest worth. The variants: ``BUY buildingN
IGLOO`` buys an igloo (igloos.py), and the harsh winter's extra follows a
purchase (winter.py).
"""
from __future__ import annotations

from itertools import product

from engine.contract import Event
from engine.dice import Dice
from engine.stoneage import cardeffects, igloos, newhuts, winter
from engine.stoneage.buildings import ANY_TILE, Building
from engine.stoneage.cards import CARDS
from engine.stoneage.goods import RESOURCES, Good
from engine.stoneage.locations import LOCATIONS
from engine.stoneage.orders import Buy, goods_text
from engine.stoneage.policy import Policy
from engine.stoneage.state import PlayerBoard, State

PHASE = "actions"
Payment = dict[Good, int]


def card_payment(board: PlayerBoard, cost: int) -> Payment | None:
    """``cost`` resources, the cheapest first; None when the seat has fewer."""
    pay, left = {}, cost
    for good in RESOURCES:
        take = min(board.amount(good), left)
        if take:
            pay[good], left = take, left - take
    return pay if left == 0 else None


def building_payment(board: PlayerBoard, tile: Building) -> Payment | None:
    """What the tile takes that the seat can pay: the fewest resources, then the lowest worth."""
    if tile.fixed:
        cost = {g: tile.cost.count(g) for g in RESOURCES if g in tile.cost}
        return cost if affordable(board, cost) else None
    best: tuple[tuple[int, ...], Payment] | None = None
    for counts in product(*(range(min(board.amount(g), tile.most) + 1) for g in RESOURCES)):
        pay = {g: n for g, n in zip(RESOURCES, counts) if n}
        if not pay or tile.problem(pay):
            continue
        # Ties go to the payment with less gold, then less stone, and so on.
        key = (sum(counts), tile.points(pay)) + tuple(reversed(counts))
        if best is None or key < best[0]:
            best = (key, pay)
    return best[1] if best else None


def affordable(board: PlayerBoard, pay: Payment) -> bool:
    return all(board.amount(g) >= n for g, n in pay.items())


def _paid(board: PlayerBoard, pay: Payment) -> str:
    for good, n in pay.items():
        board.add(good, -n)
    return goods_text(tuple((g, pay[g]) for g in RESOURCES if pay.get(g)))


def buy(st: State, seat: str, location: str, policy: Policy, dice: Dice, log: list[Event]) -> None:
    """The person on a card slot or building stack: buy as the seat's BUY line says, or not."""
    order = policy.buys.get(location)
    loc = LOCATIONS[location]
    if order is None:
        log.append(Event(PHASE, f"{seat} buys nothing at {location}.", by=seat))
        log.append(Event(PHASE, f"No BUY {location} line: nothing bought there.", to=seat))
        return
    if location.startswith("card"):
        _buy_card(st, seat, loc.number, order, policy, dice, log)
    elif order.igloo:
        igloos.buy(st, seat, loc.number, order.payment, log)
    else:
        _buy_building(st, seat, loc.number, order, policy, log)


def _refuse(seat: str, location: str, why: str, log: list[Event]) -> None:
    log.append(Event(PHASE, f"{seat} buys nothing at {location}.", by=seat))
    log.append(Event(PHASE, f"BUY {location}: not bought, {why}.", to=seat))


def _buy_card(st: State, seat: str, slot: int, order: Buy, policy: Policy, dice: Dice,
              log: list[Event]) -> None:
    board, card, where = st.board(seat), st.civ_slots[slot - 1], f"card{slot}"
    pay = order.payment or card_payment(board, slot)
    if pay is None:
        have = f"{board.resources} resource{'s' * (board.resources != 1)}"
        _refuse(seat, where, f"you have {have} and {card} costs {slot}", log)
        return
    if not affordable(board, pay):
        _refuse(seat, where, f"you cannot pay {goods_text(tuple(pay.items()))}", log)
        return
    st.civ_slots[slot - 1] = ""
    board.cards.append(card)
    shown = str(CARDS[card]).replace("): ", "; ", 1) + ")"
    log.append(Event(PHASE, f"{seat} buys {shown} at {where} for {_paid(board, pay)}.", by=seat))
    winter.extra(st, seat, card, where, order, policy, log)
    cardeffects.apply(st, seat, card, where, policy, dice, log)


def _buy_building(st: State, seat: str, stack: int, order: Buy, policy: Policy, log: list[Event]) -> None:
    board, tile_id, where = st.board(seat), st.top_tile(stack), f"building{stack}"
    tile = ANY_TILE[tile_id]
    pay = order.payment or building_payment(board, tile)
    if pay is None:
        _refuse(seat, where, f"you cannot pay for {tile}", log)
        return
    why = tile.problem(pay) or ("" if affordable(board, pay) else f"you cannot pay {goods_text(tuple(pay.items()))}")
    if why:
        _refuse(seat, where, why, log)
        return
    st.buildings[stack - 1].pop(0)
    board.buildings.append(tile_id)
    points = tile.points(pay)
    board.score += points
    log.append(Event(PHASE, f"{seat} builds {tile_id} at {where} for {_paid(board, pay)}: {points} points.",
                     by=seat))
    winter.extra(st, seat, tile_id, where, order, policy, log)
    newhuts.on_build(st, seat, tile_id, log)
