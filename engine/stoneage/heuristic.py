"""The heuristic bot: food first, then the best single spaces, then resources for what it can build.

Its plan for the round, written before anyone places:

1. Food security: enough hunters that the next feeding needs no resources
   (about 1.75 food a hunter), counting a field or a person it means to win.
2. The single spaces (buildings, cards, tool maker, hut, field) worth more to
   it than a person gathering (engine.stoneage.worth), best first, each line
   with the next best as alternatives, since others may take them first.
   Buildings are the ones it can pay now, with the payment that scores most;
   its USE line buys them before gathering, so the resources are still there.
3. The rest gather the resource its next buildings lack, or else the one
   whose roll is worth most; the standing rule puts anyone left on the hunt.

It tames the mammoth with one person when it gathers where the herd stands
and has food to spare, and takes the tamer's reward. In the variants it
buys an igloo where that is worth more than the top tile, and pays the
harsh winter's extra when it can spare it, and drives off wild animals when
that pays (variantbot.py). With the merchant it visits it, buys the jewel
slot's card, trades for a building it lacks a resource or two for, and
takes a jewel from the hunt (merchantbot.py).
"""
from __future__ import annotations

import math
import random
from functools import cache, lru_cache
from typing import NamedTuple

from engine.contract import OrderSheet
from engine.stoneage import merchantbot, needs, variantbot, worth
from engine.stoneage.buildings import ANY_TILE
from engine.stoneage.cards import CARDS, Effect
from engine.stoneage.goods import RESOURCES, Good
from engine.stoneage.herd import TILES as HERD_TILES
from engine.stoneage.locations import CARD_SLOTS, LOCATIONS, SOURCE, STACKS, VILLAGE, stacks_in_play
from engine.stoneage.orders import Buy, Feed, HerdBonus, Order, Pick, Place, Spot, Take, Tame, Tools, Use
from engine.stoneage.placement import Placing
from engine.stoneage.state import PlayerBoard, State

FOOD_PER_HUNTER = 1.75
BACKUPS = 2          # alternatives on each line of single spaces
SPACES = 7           # people a resource location holds


class Choice(NamedTuple):
    value: float
    spot: Spot
    buy: Buy | None = None


# Spots and orders every plan writes, made once (each then prints its normal form once).
SINGLE: dict[str, Spot] = {
    name: Spot(LOCATIONS[name].exact, name) for name in (*VILLAGE, *CARD_SLOTS, "jewelcard", *STACKS)}
BUY_CARD: dict[str, Buy] = {slot: Buy(slot) for slot in CARD_SLOTS}
TOOLS_AUTO = Tools("auto")
TAKE = {good: Take((good, good)) for good in RESOURCES}
FEED_ANY = Feed(RESOURCES)
TAME = {n: Tame(n) for n in (0, 1)}
HERD_BONUS = {choice: HerdBonus(choice) for choice in ("one", "all")}
# The cards whose top gives two resources of the seat's choice (TAKE).
ANY2_CARDS = frozenset(card_id for card_id, c in CARDS.items() if c.top.effect is Effect.ANY2)
WORTH = {good: good.worth for good in RESOURCES}
# What each fixed building costs: (resource, count) for each resource it takes.
FIXED_COSTS: dict[str, tuple[tuple[Good, int], ...]] = {
    b.id: tuple((g, b.cost.count(g)) for g in RESOURCES if g in b.cost)
    for b in ANY_TILE.values() if b.fixed}


def plan(st: State, seat: str, rng: random.Random, tame: bool = True) -> OrderSheet:
    """The bot's orders for the rest of the seat's round (``rng`` only breaks ties); with
    ``tame`` False it leaves the mammoth alone."""
    board, left = st.board(seat), worth.rounds_left(st)
    have = {g: board.amount(g) for g in RESOURCES}
    choices = _single_spaces(st, seat, board, have, left, rng)
    chosen, people = _fit(choices, board, left)
    hunters = _hunters(board, chosen)
    gatherers = max(0, board.free - people - hunters)
    lines: list[Order] = []
    for i, choice in enumerate(chosen):
        taken = chosen[:i + 1]
        backups = []
        for c in choices:               # the next best not chosen so far, BACKUPS of them
            if c not in taken:
                backups.append(c.spot)
                if len(backups) == BACKUPS:
                    break
        lines.append(_place((choice.spot, *backups)))
    goods = _goods_wanted(st, board, have, gatherers)
    lines += _gathering(goods, gatherers)
    if hunters:
        lines.append(_place(tuple(_spot(n, "hunt") for n in range(min(hunters + 1, board.free), 0, -1))))
    lines += _policies(st, board, choices, goods, left)
    lines += merchantbot.hunt(st, board)            # option merchant
    if st.herd is not None:
        lines += _herd(st, board, goods[0], hunters) if tame and gatherers else [TAME[0]]
    return OrderSheet(seat, tuple(lines))


def _single_spaces(st: State, seat: str, board: PlayerBoard, have: dict[Good, int], left: int,
                   rng: random.Random) -> list[Choice]:
    """The single spaces worth more than a person gathering, best first."""
    placing = Placing(st, seat)
    out: list[Choice] = []

    def consider(value: float, name: str, buy: Buy | None = None) -> None:
        if value > worth.PERSON and not placing.why_not(SINGLE[name]):
            out.append(Choice(value, SINGLE[name], buy))

    spare, jewels = dict(have), board.jewels
    traded = False
    for stack in stacks_in_play(len(st.players)):
        tile_id = st.top_tile(LOCATIONS[stack].number)
        pay = worth.best_payment(spare, ANY_TILE[tile_id]) if tile_id else None
        offer = None if pay is not None or not tile_id or traded else merchantbot.trade_for(
            st, board, ANY_TILE[tile_id], spare, jewels)
        if offer is not None:                       # option merchant: a trade makes it affordable
            pay, trade = offer
            jewels -= merchantbot.spend_trade(trade, spare)
            traded = True
            for good, n in pay.items():
                spare[good] -= n
            consider(worth.building(tile_id, pay) + worth.PERSON - trade.size, stack, Buy(stack, trade=trade))
            continue
        igloo = variantbot.igloo_offer(st, stack, spare) if tile_id else None
        if igloo is not None and (pay is None or igloo[0] > variantbot.tile_worth(
                board, worth.building(tile_id, pay))):
            value, buy, takes = igloo
            for good, n in takes.items():
                spare[good] -= n
            consider(value + worth.PERSON, stack, buy)
        elif pay is not None:
            for good, n in pay.items():
                spare[good] -= n
            written = () if ANY_TILE[tile_id].fixed else tuple((g, pay[g]) for g in RESOURCES if pay.get(g))
            buy = variantbot.with_extra(st, Buy(stack, written), tile_id, spare)
            bonus = variantbot.extra_worth(Good.STONE) if buy.extra else 0.0
            bonus += variantbot.new_hut_worth(board, tile_id, left)
            consider(worth.building(tile_id, pay) + worth.PERSON + bonus, stack, buy)
    for slot, card_id in zip(CARD_SLOTS, st.civ_slots):
        cost = LOCATIONS[slot].number
        if card_id and sum(spare.values()) >= cost:
            buy, bonus = variantbot.card_extra(st, BUY_CARD[slot], card_id, cost, spare)
            consider(worth.card(board, card_id, left) - 2.0 * cost + bonus, slot, buy)
    jewel = merchantbot.jewel_card(st, board, left)       # option merchant
    if jewel is not None:
        consider(jewel[0], "jewelcard", jewel[1])
    consider(merchantbot.visit_worth(st, board, left), "merchant")
    consider(worth.tool_step(board, left), "toolmaker")
    consider(worth.field(board, left), "field")
    if board.free >= 2 and board.food + board.agriculture >= board.people:
        consider(worth.hut(board, left), "hut")
    for value, spot in variantbot.animal_spots(st, seat, left):     # option wild_animals
        if value > worth.PERSON:
            out.append(Choice(value, spot))
    rng.shuffle(out)                       # equal values in no fixed order
    return sorted(out, key=lambda c: -c.value)


def _fit(choices: list[Choice], board: PlayerBoard, left: int) -> tuple[list[Choice], int]:
    """The best choices the seat's people can cover, keeping enough hunters to eat (``_hunters``
    of the choices so far and the next, worked out as they come)."""
    chosen: list[Choice] = []
    people, free = 0, board.free
    eaters, food = board.people, board.food + board.agriculture
    hut = field = False
    for choice in choices:
        spot = choice.spot
        with_hut, with_field = hut or spot.location == "hut", field or spot.location == "field"
        short = eaters + with_hut - (food + with_field)
        need = people + spot.people + min(free, max(0, math.ceil(short / FOOD_PER_HUNTER)))
        if need <= free:
            chosen.append(choice)
            people, hut, field = people + spot.people, with_hut, with_field
    return chosen, people


def _hunters(board: PlayerBoard, chosen: list[Choice]) -> int:
    """Hunters enough that the next feeding needs no resources."""
    names = {c.spot.location for c in chosen}
    eaters = board.people + ("hut" in names)
    food = board.food + board.agriculture + ("field" in names)
    short = eaters - food
    return min(board.free, max(0, math.ceil(short / FOOD_PER_HUNTER)))


@cache
def _spot(people: int, location: str) -> Spot:
    """A shared spot: plans repeat the same few."""
    return Spot(people, location)


@lru_cache(maxsize=4096)
def _place(choices: tuple[Spot, ...]) -> Place:
    """A shared PLACE line: plans repeat the same few, and each prints its normal form once."""
    return Place(choices)


@lru_cache(maxsize=1024)
def _gathering(goods: tuple[Good, ...], people: int) -> tuple[Order, ...]:
    """PLACE lines for ``people`` gatherers, the wanted resource first; a resource space holds 7
    (worked out once per ranking and count: plans repeat the same few)."""
    lines: list[Order] = []
    for first in goods[:2]:
        n = min(people, SPACES)
        if n <= 0:
            break
        others = [g for g in goods if g is not first]
        lines.append(_place(tuple(_spot(n, SOURCE[g]) for g in (first, *others)) + (_spot(n, "hunt"),)))
        people -= n
    return tuple(lines)


def _goods_wanted(st: State, board: PlayerBoard, have: dict[Good, int], people: int) -> tuple[Good, ...]:
    """The resources to gather, best first: what the buildings on top lack, then the best roll."""
    lacking = set()                 # a good some fixed building on top needs more of than the seat has
    for stack in st.buildings:
        if stack:
            for good, n in FIXED_COSTS.get(stack[0], ()):
                if n > have[good]:
                    lacking.add(good)
    tools = sum(board.unused_tools()) + sum(board.one_use)
    rolled = 3.5 * max(people, 1) + tools              # what the gatherers roll, tools added
    return _ranked_goods(tuple([g in lacking for g in RESOURCES]), rolled)


@lru_cache(maxsize=1024)
def _ranked_goods(lacking: tuple[bool, ...], rolled: float) -> tuple[Good, ...]:
    """``_goods_wanted`` from which resources are lacking (in RESOURCES' order) and the roll."""
    short = dict(zip(RESOURCES, lacking))

    def rank(good: Good) -> tuple[int, int]:
        """Best first: the most points gathered (and a bonus for what is lacking), then the dearest."""
        unit = WORTH[good]
        return -(math.floor(rolled / unit) * unit + 2 * unit * short[good]), -unit

    return tuple(sorted(RESOURCES, key=rank))


def _policies(st: State, board: PlayerBoard, choices: list[Choice], goods: tuple[Good, ...],
              left: int) -> list[Order]:
    """BUY for the chosen spaces and every card slot, USE for the buildings, TOOLS, PICK, TAKE
    and FEED."""
    buys = [c.buy for c in choices if c.buy is not None]
    bought = {b.location for b in buys}
    buys += [BUY_CARD[slot] for slot in CARD_SLOTS if slot not in bought]   # a backup card is bought too
    buildings = [b.location for b in buys if b.location.startswith("building")]
    out: list[Order] = list(buys) + [TOOLS_AUTO]
    if buildings:
        out.append(Use(tuple(buildings)))
    out.append(_pick(needs.ranked(board, left)))
    if not ANY2_CARDS.isdisjoint(st.civ_slots):
        out.append(TAKE[goods[0] if goods[0] is not Good.WOOD else Good.GOLD])
    out.append(FEED_ANY)
    return out


@lru_cache(maxsize=64)
def _pick(rewards: tuple[str, ...]) -> Pick:
    """A PICK order made once per ranking (each then prints its normal form once)."""
    return Pick(rewards)


def _herd(st: State, board: PlayerBoard, good: Good, hunters: int) -> list[Order]:
    """One person onto the mammoth when the bot gathers where it stands and food is to spare."""
    herd = st.herd
    assert herd is not None
    spare = board.food + board.agriculture + hunters * FOOD_PER_HUNTER - board.people
    if herd.tile and herd.at == SOURCE[good] and spare >= 2:
        tile = HERD_TILES[herd.tile]
        choice = "one" if worth.immediate(board, tile.one, 5) >= worth.immediate(board, tile.all, 5) else "all"
        return [TAME[1], HERD_BONUS[choice]]
    return [TAME[0]]
