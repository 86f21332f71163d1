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
from functools import lru_cache
from operator import attrgetter, gt, itemgetter
from typing import NamedTuple

from engine.contract import OrderSheet
from engine.stoneage import merchant, merchantbot, needs, variantbot, worth
from engine.stoneage.buildings import ANY_TILE
from engine.stoneage.cards import CARDS, Effect
from engine.stoneage.goods import RESOURCES, WORTH, Good
from engine.stoneage.herd import TILES as HERD_TILES
from engine.stoneage.locations import CARD_SLOTS, LOCATIONS, SOURCE, STACKS, VILLAGE, stacks_in_play
from engine.stoneage.orders import Buy, Feed, HerdBonus, Order, Pick, Place, Spot, Take, Tame, Tools, Use
from engine.stoneage.orders import spot as shared_spot
from engine.stoneage.placement import Placing
from engine.stoneage.state import PlayerBoard, State

FOOD_PER_HUNTER = 1.75
BACKUPS = 2          # alternatives on each line of single spaces
SPACES = 7           # people a resource location holds


class Choice(NamedTuple):
    value: float
    spot: Spot
    buy: Buy | None = None


Offer = tuple[float, str, Buy | None]       # a single space's worth to the seat, its name, its BUY line


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
PERSON = worth.PERSON
CARD_COSTS = tuple(LOCATIONS[slot].number for slot in CARD_SLOTS)   # a card slot's cost in resources
_BEST_FIRST = attrgetter("value")                                    # with reverse: best first
# The fewest resources a tile takes: a fixed one its cost, a variable one its least (one at least).
FEWEST = {b.id: len(b.cost) if b.fixed else max(1, b.least) for b in ANY_TILE.values()}
# What each fixed building costs: (the resource's place in RESOURCES, count) for each resource
# it takes.
FIXED_COSTS: dict[str, tuple[tuple[int, int], ...]] = {
    b.id: tuple((at, b.cost.count(g)) for at, g in enumerate(RESOURCES) if g in b.cost)
    for b in ANY_TILE.values() if b.fixed}


def plan(st: State, seat: str, rng: random.Random, tame: bool = True) -> OrderSheet:
    """The bot's orders for the rest of the seat's round (``rng`` only breaks ties); with
    ``tame`` False it leaves the mammoth alone."""
    board, left = st.boards[seat], worth.rounds_left(st)
    free, have = board.free, board.resource_counts()
    trade = merchant.enabled(st)                    # option merchant
    choices = _single_spaces(st, seat, board, have, left, rng, trade)
    chosen, people, hunters = _fit(choices, board, free)
    gatherers = free - people - hunters
    if gatherers < 0:
        gatherers = 0
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
        lines.append(_place(tuple(shared_spot(n, "hunt") for n in range(min(hunters + 1, free), 0, -1))))
    lines += _policies(st, board, choices, goods, left)
    if trade:
        lines += merchantbot.hunt(st, board)
    if st.herd is not None:
        lines += _herd(st, board, goods[0], hunters) if tame and gatherers else [TAME[0]]
    return OrderSheet(seat, tuple(lines))


def _single_spaces(st: State, seat: str, board: PlayerBoard, have: dict[Good, int], left: int,
                   rng: random.Random, trade: bool) -> list[Choice]:
    """The single spaces worth more than a person gathering, best first (``trade``: a game with
    the merchant)."""
    placing = Placing(st, seat)
    spare = dict(have)
    offers = _buildings(st, board, spare, left, trade)
    for slot, card_id, cost in zip(CARD_SLOTS, st.civ_slots, CARD_COSTS):
        if card_id and sum(spare.values()) >= cost:
            buy, bonus = variantbot.card_extra(st, BUY_CARD[slot], card_id, cost, spare)
            offers.append((worth.card(board, card_id, left) - 2.0 * cost + bonus, slot, buy))
    if trade:
        jewel = merchantbot.jewel_card(st, board, left)
        if jewel is not None:
            offers.append((jewel[0], "jewelcard", jewel[1]))
        offers.append((merchantbot.visit_worth(st, board, left), "merchant", None))
    offers.append((worth.tool_step(board, left), "toolmaker", None))
    offers.append((worth.field(board, left), "field", None))
    if placing.free >= 2 and board.food + board.agriculture >= board.people:
        offers.append((worth.hut(board, left), "hut", None))
    refused = placing.refused
    out = [Choice(value, SINGLE[name], buy) for value, name, buy in offers
           if value > PERSON and not refused(SINGLE[name])]
    for value, spot in variantbot.animal_spots(st, seat, left):     # option wild_animals
        if value > PERSON:
            out.append(Choice(value, spot))
    if len(out) > 1:                       # (shuffling fewer draws nothing)
        rng.shuffle(out)                   # equal values in no fixed order
    return sorted(out, key=_BEST_FIRST, reverse=True)


def _buildings(st: State, board: PlayerBoard, spare: dict[Good, int], left: int,
               can_trade: bool) -> list[Offer]:
    """The top tiles the seat can pay out of ``spare`` (taken out of it as they are chosen): by a
    trade (option merchant, once: ``can_trade``), an igloo instead (option igloos), or the tile
    itself; each with its worth, its stack and its BUY line."""
    out: list[Offer] = []
    jewels = board.jewels
    igloos = variantbot.igloo_offers(st)
    for stack, tiles in zip(stacks_in_play(len(st.players)), st.buildings):
        if not tiles:
            continue
        tile_id = tiles[0]
        tile = ANY_TILE[tile_id]
        # (``spare`` holds no negative count: fewer resources in all than the tile takes pay for nothing)
        pay = worth.best_payment(spare, tile) if sum(spare.values()) >= FEWEST[tile_id] else None
        offer = merchantbot.trade_for(st, board, tile, spare, jewels) if pay is None and can_trade else None
        if offer is not None:
            pay, trade = offer
            jewels -= merchantbot.spend_trade(trade, spare)
            can_trade = False
            for good, n in pay.items():
                spare[good] -= n
            out.append((worth.building(tile_id, pay) + PERSON - trade.size, stack, Buy(stack, trade=trade)))
            continue
        igloo = variantbot.igloo_offer(st, stack, spare) if igloos else None
        if igloo is not None and (pay is None or igloo[0] > variantbot.tile_worth(
                board, worth.building(tile_id, pay))):
            value, buy, takes = igloo
            for good, n in takes.items():
                spare[good] -= n
            out.append((value + PERSON, stack, buy))
        elif pay is not None:
            for good, n in pay.items():
                spare[good] -= n
            written = () if tile.fixed else tuple((g, pay[g]) for g in RESOURCES if pay.get(g))
            buy = variantbot.with_extra(st, _buy(stack, written), tile_id, spare)
            bonus = variantbot.extra_worth(Good.STONE) if buy.extra else 0.0
            bonus += variantbot.new_hut_worth(board, tile_id, left)
            out.append((worth.building(tile_id, pay) + PERSON + bonus, stack, buy))
    return out


def _fit(choices: list[Choice], board: PlayerBoard, free: int) -> tuple[list[Choice], int, int]:
    """The best choices the seat's ``free`` people can cover, keeping enough hunters to eat
    (``_hunters`` of the choices so far and the next, worked out as they come); the people they
    take and the hunters then needed."""
    chosen: list[Choice] = []
    people = 0
    eaters, food = board.people, board.food + board.agriculture
    hut = field = False
    for choice in choices:
        spot = choice.spot
        location = spot.location
        with_hut, with_field = hut or location == "hut", field or location == "field"
        if people + spot.people + _hunters(eaters + with_hut - (food + with_field), free) <= free:
            chosen.append(choice)
            people, hut, field = people + spot.people, with_hut, with_field
    return chosen, people, _hunters(eaters + hut - (food + field), free)


def _hunters(short: int, free: int) -> int:
    """Hunters enough that the next feeding needs no resources, when ``short`` food it lacks
    (``free`` at most)."""
    need = math.ceil(short / FOOD_PER_HUNTER) if short > 0 else 0
    return need if need < free else free


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
        lines.append(_place(tuple(shared_spot(n, SOURCE[g]) for g in (first, *others)) + (shared_spot(n, "hunt"),)))
        people -= n
    return tuple(lines)


def _goods_wanted(st: State, board: PlayerBoard, have: dict[Good, int], people: int) -> tuple[Good, ...]:
    """The resources to gather, best first: what the buildings on top lack, then the best roll."""
    needed = _needed(tuple(map(itemgetter(0), filter(None, st.buildings))))     # the tiles on top
    lacking = tuple(map(gt, needed, have.values()))     # (``have`` is in the order of RESOURCES)
    tools = sum(board.unused_tools()) + sum(board.one_use)
    rolled = 3.5 * (people if people > 1 else 1) + tools      # what the gatherers roll, tools added
    return _ranked_goods(lacking, rolled)


@lru_cache(maxsize=1024)
def _needed(tops: tuple[str, ...]) -> tuple[int, ...]:
    """The most of each resource (in the order of RESOURCES) a fixed building on top takes: a
    seat holding less of one lacks it."""
    most = [0] * len(RESOURCES)
    for tile in tops:
        for at, n in FIXED_COSTS.get(tile, ()):
            most[at] = max(most[at], n)
    return tuple(most)


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
    out: list[Order] = []
    bought = set()
    buildings: list[str] = []
    for choice in choices:
        buy = choice.buy
        if buy is not None:
            out.append(buy)
            bought.add(buy.location)
            if buy.location.startswith("building"):
                buildings.append(buy.location)
    for slot in CARD_SLOTS:
        if slot not in bought:
            out.append(BUY_CARD[slot])             # a backup card is bought too
    out.append(TOOLS_AUTO)
    if buildings:
        out.append(_use(tuple(buildings)))
    out.append(_pick(needs.ranked(board, left)))
    if not ANY2_CARDS.isdisjoint(st.civ_slots):
        out.append(TAKE[goods[0] if goods[0] is not Good.WOOD else Good.GOLD])
    out.append(FEED_ANY)
    return out


@lru_cache(maxsize=64)
def _pick(rewards: tuple[str, ...]) -> Pick:
    """A PICK order made once per ranking (each then prints its normal form once)."""
    return Pick(rewards)


@lru_cache(maxsize=256)
def _use(locations: tuple[str, ...]) -> Use:
    """A USE order made once per list of locations (each then prints its normal form once)."""
    return Use(locations)


@lru_cache(maxsize=4096)
def _buy(location: str, pay: tuple[tuple[Good, int], ...]) -> Buy:
    """A BUY order made once per location and payment (each then prints its normal form once)."""
    return Buy(location, pay)


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
