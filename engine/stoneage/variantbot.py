"""The heuristic bot's choices in the variants: when to buy an igloo, when to pay the extra.

An igloo is worth what it scores less the resources it takes off the end's
count; the bot buys one on a building space when that is more than the top
tile would bring it there (its points, its hut-builder figures). It pays the
harsh winter's extra (stone on a fixed-cost tile, gold on a card) when it
still holds one after the round's planned payments. Against a wild animal
it sends the people that drive it off when they are two at most, else one
person to join the others, when their dice's rewards and their share of
the rolls the penalty spares it are worth it. A new hut is worth its points
and its bonus: the good it gives every round, or the person, tool or
agriculture it gives once, reckoned as the village spaces are. Without the
variants nothing here changes a plan.
"""
from __future__ import annotations

from engine.stoneage import animals, igloos, winter
from engine.stoneage.animaldata import Animal, Reward
from engine.stoneage.cards import Multiplier
from engine.stoneage.goods import RESOURCES, Good
from engine.stoneage.orders import Buy, Spot
from engine.stoneage.placement import occupancy
from engine.stoneage.scoring import figures
from engine.stoneage.state import PlayerBoard, State
from engine.stoneage.buildings import NEW_HUTS
from engine.stoneage.worth import PERSON, RESOURCE_AT_END, field, hut, tool_step

ROLLS_A_ROUND = 2.5      # the bot's rolls for goods in a round, about

Offer = tuple[float, Buy, dict[Good, int]]      # (worth, the BUY line, what it takes)


def igloo_worth(good: Good) -> float:
    """An igloo of ``good``: its points less the three resources it takes off the end's count."""
    return igloos.points(good) - igloos.SIZE * RESOURCE_AT_END


def igloo_offers(st: State) -> bool:
    """May the bot be offered an igloo now: a game with igloos, and one left in the supply?"""
    return igloos.enabled(st) and igloos.left(st) > 0


def igloo_offer(st: State, stack: str, spare: dict[Good, int]) -> Offer | None:
    """The best igloo the seat can pay out of ``spare`` on ``stack``; None without igloos or
    with none left."""
    if not igloo_offers(st):
        return None
    kinds = [g for g in RESOURCES if spare.get(g, 0) >= igloos.SIZE]
    if not kinds:
        return None
    good = max(kinds, key=igloo_worth)
    return igloo_worth(good), Buy(stack, ((good, igloos.SIZE),), igloo=True), {good: igloos.SIZE}


def tile_worth(board: PlayerBoard, value: float) -> float:
    """A building tile's worth against an igloo: its own, plus a point a hut-builder figure."""
    return value + figures(board.cards)[Multiplier.HUT_BUILDER]


def with_extra(st: State, buy: Buy, bought: str, spare: dict[Good, int]) -> Buy:
    """``buy`` marked EXTRA when the harsh winter is on, ``bought`` takes an extra and the
    seat can spare it (taken out of ``spare``)."""
    if not winter.enabled(st) or buy.igloo or not winter.takes_extra(bought):
        return buy
    good = Good.GOLD if buy.location.startswith("card") else Good.STONE
    if spare.get(good, 0) < 1:
        return buy
    spare[good] -= 1
    return Buy(buy.location, buy.pay, igloo=False, extra=True)


def card_extra(st: State, buy: Buy, card: str, cost: int, spare: dict[Good, int]) -> tuple[Buy, float]:
    """A card's BUY line with the extra gold when the seat has a gold beyond the card's cost,
    and what the extra adds to the card's worth."""
    if not winter.enabled(st) or sum(spare.values()) - 1 < cost:
        return buy, 0.0
    marked = with_extra(st, buy, card, spare)
    return marked, extra_worth(Good.GOLD) if marked.extra else 0.0


def extra_worth(good: Good) -> float:
    """What the extra stone or gold adds: its points less the resource it takes off the end."""
    return winter.POINTS[good] - RESOURCE_AT_END


def reward_worth(board: PlayerBoard, reward: Reward, left: int) -> float:
    """One die's reward from an animal, in points at the end."""
    if reward.kind == "tool":
        return tool_step(board, left)
    if reward.kind == "field":
        return field(board, left)
    if reward.kind in ("food", "points"):
        return float(reward.amount)
    return Good(reward.kind).worth * reward.amount


def animal_value(board: PlayerBoard, animal: Animal, people: int, room: int, left: int) -> float:
    """``people`` of the ``room`` left against ``animal``, as one choice worth more than PERSON
    when it pays: their dice's mean reward and their share of half the pips its penalty would
    take off the bot's rolls in the rounds left (the other half goes to the others); people
    left on an animal not yet driven off cost half a round more."""
    mean = sum(reward_worth(board, r, left) for r in animal.rewards) / len(animal.rewards)
    spared = 0.5 * animal.penalty * ROLLS_A_ROUND * max(0, left - 1) * people / room
    value = people * mean + spared - (people - 1) * PERSON
    return value if people == room else value - 0.5 * PERSON


def animal_spots(st: State, seat: str, left: int) -> list[tuple[float, Spot]]:
    """The bot's placements against the animals in play, with their worth."""
    if not st.animals:                  # none in play (the board's occupancy is not needed)
        return []
    board, on = st.board(seat), occupancy(st)
    out = []
    for animal in animals.in_play(st):
        here = on.get(animal.name, {})
        room = animals.needed(st) - animals.held(st, animal.name) - sum(here.values())
        people = room if room <= 2 else 1
        spot = Spot(people, animal.name)
        if room > 0 and not animals.why_not(st, seat, spot, here):
            out.append((animal_value(board, animal, people, room, left), spot))
    return out


INCOME_SHARE = 0.6       # of a good's worth, for each good a new hut gives at a round's end


def new_hut_worth(board: PlayerBoard, tile_id: str, left: int) -> float:
    """What a new hut's bonus adds to its points (0 for any other tile)."""
    tile = NEW_HUTS.get(tile_id)
    if tile is None:
        return 0.0
    if tile.each_round is not None:
        return INCOME_SHARE * tile.each_round.worth * left
    if tile.bonus == "person":
        return hut(board, left) + PERSON        # no two people spent on the hut's space
    return tool_step(board, left) if tile.bonus == "tool" else field(board, left)
