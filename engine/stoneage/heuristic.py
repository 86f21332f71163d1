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
and has food to spare, and takes the tamer's reward.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass

from engine.contract import OrderSheet
from engine.stoneage import worth
from engine.stoneage.buildings import BUILDINGS
from engine.stoneage.cards import CARDS, Effect
from engine.stoneage.goods import RESOURCES, Good
from engine.stoneage.herd import TILES as HERD_TILES
from engine.stoneage.locations import CARD_SLOTS, LOCATIONS, SOURCE, stacks_in_play
from engine.stoneage.orders import Buy, Feed, HerdBonus, Order, Pick, Place, Spot, Take, Tame, Tools, Use
from engine.stoneage.placement import why_not
from engine.stoneage.state import PlayerBoard, State

FOOD_PER_HUNTER = 1.75
BACKUPS = 2          # alternatives on each line of single spaces
SPACES = 7           # people a resource location holds


@dataclass(frozen=True)
class Choice:
    value: float
    spot: Spot
    buy: Buy | None = None


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
        backups = [c.spot for c in choices if c not in chosen[:i + 1]][:BACKUPS]
        lines.append(Place((choice.spot, *backups)))
    goods = _goods_wanted(st, board, have, gatherers)
    lines += _gathering(goods, gatherers)
    if hunters:
        lines.append(Place(tuple(Spot(n, "hunt") for n in range(min(hunters + 1, board.free), 0, -1))))
    lines += _policies(st, board, choices, goods, left)
    if st.herd is not None:
        lines += _herd(st, board, goods[0], hunters) if tame and gatherers else [Tame(0)]
    return OrderSheet(seat, tuple(lines))


def _single_spaces(st: State, seat: str, board: PlayerBoard, have: dict[Good, int], left: int,
                   rng: random.Random) -> list[Choice]:
    """The single spaces worth more than a person gathering, best first."""
    out: list[Choice] = []
    spare = dict(have)
    for stack in stacks_in_play(len(st.players)):
        tile_id = st.top_tile(LOCATIONS[stack].number)
        pay = worth.best_payment(spare, BUILDINGS[tile_id]) if tile_id else None
        if pay is not None:
            for good, n in pay.items():
                spare[good] -= n
            written = () if BUILDINGS[tile_id].fixed else tuple((g, pay[g]) for g in RESOURCES if pay.get(g))
            out.append(Choice(worth.building(tile_id, pay) + worth.PERSON, Spot(1, stack), Buy(stack, written)))
    for slot, card_id in zip(CARD_SLOTS, st.civ_slots):
        cost = LOCATIONS[slot].number
        if card_id and sum(spare.values()) >= cost:
            out.append(Choice(worth.card(board, card_id, left) - 2.0 * cost, Spot(1, slot), Buy(slot)))
    out.append(Choice(worth.tool_step(board, left), Spot(1, "toolmaker")))
    out.append(Choice(worth.field(board, left), Spot(1, "field")))
    if board.free >= 2 and board.food + board.agriculture >= board.people:
        out.append(Choice(worth.hut(board, left), Spot(2, "hut")))
    out = [c for c in out if c.value > worth.PERSON and not why_not(st, seat, c.spot)]
    rng.shuffle(out)                       # equal values in no fixed order
    return sorted(out, key=lambda c: -c.value)


def _fit(choices: list[Choice], board: PlayerBoard, left: int) -> tuple[list[Choice], int]:
    """The best choices the seat's people can cover, keeping enough hunters to eat."""
    chosen: list[Choice] = []
    people = 0
    for choice in choices:
        trial = chosen + [choice]
        need = people + choice.spot.people + _hunters(board, trial)
        if need <= board.free:
            chosen, people = trial, people + choice.spot.people
    return chosen, people


def _hunters(board: PlayerBoard, chosen: list[Choice]) -> int:
    """Hunters enough that the next feeding needs no resources."""
    names = {c.spot.location for c in chosen}
    eaters = board.people + ("hut" in names)
    food = board.food + board.agriculture + ("field" in names)
    short = eaters - food
    return min(board.free, max(0, math.ceil(short / FOOD_PER_HUNTER)))


def _gathering(goods: list[Good], people: int) -> list[Order]:
    """PLACE lines for ``people`` gatherers, the wanted resource first; a resource space holds 7."""
    lines: list[Order] = []
    for first in goods[:2]:
        n = min(people, SPACES)
        if n <= 0:
            break
        others = [g for g in goods if g is not first]
        lines.append(Place(tuple(Spot(n, SOURCE[g]) for g in (first, *others)) + (Spot(n, "hunt"),)))
        people -= n
    return lines


def _goods_wanted(st: State, board: PlayerBoard, have: dict[Good, int], people: int) -> list[Good]:
    """The resources to gather, best first: what the buildings on top lack, then the best roll."""
    lacking = {g: 0 for g in RESOURCES}
    for stack in range(1, len(st.buildings) + 1):
        tile_id = st.top_tile(stack)
        if tile_id and BUILDINGS[tile_id].fixed:
            for good in RESOURCES:
                lacking[good] += max(0, BUILDINGS[tile_id].cost.count(good) - have[good])
    tools = sum(board.unused_tools()) + sum(board.one_use)

    def score(good: Good) -> float:
        units = math.floor((3.5 * max(people, 1) + tools) / good.worth)
        return units * good.worth + 2 * good.worth * min(lacking[good], 1)

    return sorted(RESOURCES, key=lambda g: (-score(g), -g.worth))


def _policies(st: State, board: PlayerBoard, choices: list[Choice], goods: list[Good],
              left: int) -> list[Order]:
    """BUY for the chosen spaces and every card slot, USE for the buildings, TOOLS, PICK, TAKE
    and FEED."""
    buys = [c.buy for c in choices if c.buy is not None]
    bought = {b.location for b in buys}
    buys += [Buy(slot) for slot in CARD_SLOTS if slot not in bought]   # a backup card is bought too
    buildings = [b.location for b in buys if b.location.startswith("building")]
    out: list[Order] = list(buys) + [Tools("auto")]
    if buildings:
        out.append(Use(tuple(buildings)))
    early = left > 4 and board.agriculture < 6
    out.append(Pick(("field", "tool", "gold", "stone", "clay", "wood") if early
                    else ("gold", "stone", "tool", "clay", "field", "wood")))
    if any(CARDS[c].top.effect is Effect.ANY2 for c in st.civ_slots if c):
        out.append(Take((goods[0], goods[0]) if goods[0] is not Good.WOOD else (Good.GOLD, Good.GOLD)))
    out.append(Feed(RESOURCES))
    return out


def _herd(st: State, board: PlayerBoard, good: Good, hunters: int) -> list[Order]:
    """One person onto the mammoth when the bot gathers where it stands and food is to spare."""
    herd = st.herd
    assert herd is not None
    spare = board.food + board.agriculture + hunters * FOOD_PER_HUNTER - board.people
    if herd.tile and herd.at == SOURCE[good] and spare >= 2:
        tile = HERD_TILES[herd.tile]
        choice = "one" if worth.immediate(board, tile.one, 5) >= worth.immediate(board, tile.all, 5) else "all"
        return [Tame(1), HerdBonus(choice)]
    return [Tame(0)]
