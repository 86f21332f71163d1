"""The heuristic bot's choices in the variants: when to buy an igloo, when to pay the extra.

An igloo is worth what it scores less the resources it takes off the end's
count; the bot buys one on a building space when that is more than the top
tile would bring it there (its points, its hut-builder figures). It pays the
harsh winter's extra (stone on a fixed-cost tile, gold on a card) when it
still holds one after the round's planned payments. Without the variants
nothing here changes a plan.
"""
from __future__ import annotations

from engine.stoneage import igloos, winter
from engine.stoneage.cards import Multiplier
from engine.stoneage.goods import RESOURCES, Good
from engine.stoneage.orders import Buy
from engine.stoneage.scoring import figures
from engine.stoneage.state import PlayerBoard, State
from engine.stoneage.worth import RESOURCE_AT_END

Offer = tuple[float, Buy, dict[Good, int]]      # (worth, the BUY line, what it takes)


def igloo_worth(good: Good) -> float:
    """An igloo of ``good``: its points less the three resources it takes off the end's count."""
    return igloos.points(good) - igloos.SIZE * RESOURCE_AT_END


def igloo_offer(st: State, stack: str, spare: dict[Good, int]) -> Offer | None:
    """The best igloo the seat can pay out of ``spare`` on ``stack``; None without igloos or
    with none left."""
    if not igloos.enabled(st) or igloos.left(st) <= 0:
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
