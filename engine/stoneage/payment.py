"""What a purchase pays when its BUY line has no PAY.

A card takes its slot's cost in the cheapest resources (wood, clay, stone,
gold), a fixed building its cost. A variable building takes the payment that
scores the most (of equal ones, the fewest resources) out of what the seat can spare: what it holds, less what its
later purchases of the round take and the resources its feeding will need
(in its FEED order). When the spare resources buy nothing, it takes the
payment with the fewest resources, then the lowest worth, out of all it holds.
"""
from __future__ import annotations

from itertools import product

from engine.stoneage.buildings import ANY_TILE, Building
from engine.stoneage.goods import RESOURCES, Good
from engine.stoneage.locations import LOCATIONS, Kind
from engine.stoneage.policy import Policy
from engine.stoneage.state import PlayerBoard, State

Payment = dict[Good, int]


def card_payment(board: PlayerBoard, cost: int, first: Payment | None = None) -> Payment | None:
    """``cost`` resources, those of ``first`` (what a trade took) and then the cheapest; None when
    the seat has fewer."""
    pay, left = dict(first or {}), cost - sum((first or {}).values())
    if left < 0:
        return None
    for good in RESOURCES:
        take = board.amount(good) - pay.get(good, 0)
        if left < take:
            take = left
        if take:
            pay[good], left = pay.get(good, 0) + take, left - take
    return pay if left == 0 else None


def building_payment(board: PlayerBoard, tile: Building, least: Payment | None = None) -> Payment | None:
    """What the tile takes that the seat can pay: the fewest resources, then the lowest worth
    (and at least ``least``, what a trade took)."""
    if tile.fixed:
        cost = {g: tile.cost.count(g) for g in RESOURCES if g in tile.cost}
        return cost if affordable(board, cost) else None
    return _search({g: board.amount(g) for g in RESOURCES}, tile, least or {}, most=False)


def _search(have: dict[Good, int], tile: Building, least: Payment, most: bool) -> Payment | None:
    """The variable tile's payment out of ``have`` that scores the least (``most``: the most), of
    equal ones the fewest resources; ties go to the one with less gold, then less stone, and so on."""
    best: tuple[tuple[int, ...], Payment] | None = None
    for counts in product(*(range(least.get(g, 0), min(have[g], tile.most) + 1) for g in RESOURCES)):
        pay = {g: n for g, n in zip(RESOURCES, counts) if n}
        if not pay or tile.problem(pay):
            continue
        points = tile.points(pay)
        key = ((-points, sum(counts)) if most else (sum(counts), points)) + tuple(reversed(counts))
        if best is None or key < best[0]:
            best = (key, pay)
    return best[1] if best else None


def affordable(board: PlayerBoard, pay: Payment) -> bool:
    """Does the seat hold all of ``pay``?"""
    for good, n in pay.items():
        if board.amount(good) < n:
            return False
    return True


def default_building(st: State, seat: str, tile: Building, policy: Policy) -> Payment | None:
    """A BUY line without PAY on ``tile``: its cost, or for a variable tile its best value out of
    what the seat can spare (else the least it takes)."""
    board = st.board(seat)
    if tile.fixed:
        return building_payment(board, tile)
    best = _search(spare(st, seat, policy), tile, {}, most=True)
    return best if best is not None else building_payment(board, tile)


def spare(st: State, seat: str, policy: Policy) -> dict[Good, int]:
    """The seat's resources less what its purchases still to come this round take (as each would
    pay) and the resources its feeding needs, taken in its FEED order."""
    board = st.board(seat)
    have = {g: board.amount(g) for g in RESOURCES}
    for location in board.placed:
        order = policy.buys.get(location)
        loc = LOCATIONS.get(location)
        if order is None or loc is None or order.igloo:
            continue
        need = order.payment or _least(st, have, loc.kind, loc.number)
        for good, n in (need or {}).items():
            have[good] = max(0, have[good] - n)
    short = board.people - board.food - board.agriculture
    feed = policy.feed
    if short > 0 and not (feed and feed.penalty):
        for good in feed.goods if feed else RESOURCES:
            take = min(have[good], short)
            have[good] -= take
            short -= take
    return have


def _least(st: State, have: dict[Good, int], kind: Kind, number: int) -> Payment | None:
    """What a later purchase without PAY takes out of ``have``: a card its cheapest resources, a
    building the least it allows."""
    held = PlayerBoard(wood=have[Good.WOOD], clay=have[Good.CLAY], stone=have[Good.STONE], gold=have[Good.GOLD])
    if kind is Kind.CARD:
        return card_payment(held, number)
    if kind is Kind.BUILDING and st.top_tile(number):
        return building_payment(held, ANY_TILE[st.top_tile(number)])
    return None
