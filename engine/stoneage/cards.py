"""The 36 civilization cards: what each gives when bought and how it scores at the end.

Ids follow ../shared/reference/stoneage-cards.md: G01-G16 are the green
cards (a culture symbol at the bottom), S01-S20 the sand cards (a multiplier
kind and 1 to 3 figures). The texts are ours; numbers and pairings are the
reference's.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine.stoneage.goods import Good


class Culture(str, Enum):
    """The symbol at the bottom of a green card. Sets of distinct symbols score size squared."""

    MEDICINE = "medicine"
    ART = "art"
    WRITING = "writing"
    POTTERY = "pottery"
    SUNDIAL = "sundial"
    TRANSPORT = "transport"
    MUSIC = "music"
    WEAVING = "weaving"


class Multiplier(str, Enum):
    """The kind of figure at the bottom of a sand card; each figure scores once per unit of what it counts."""

    FARMER = "farmer"              # x agriculture level
    TOOL_MAKER = "tool_maker"      # x the sum of permanent tools
    HUT_BUILDER = "hut_builder"    # x building tiles owned
    SHAMAN = "shaman"              # x people owned
    TRADER = "trader"              # x merchant level (option merchant, cards M04-M07)

    @property
    def counts(self) -> str:
        return _COUNTS[self]


_COUNTS = {Multiplier.FARMER: "agriculture level", Multiplier.TOOL_MAKER: "tool total",
           Multiplier.HUT_BUILDER: "buildings", Multiplier.SHAMAN: "people",
           Multiplier.TRADER: "merchant level"}


class Effect(str, Enum):
    """What the top half of a card does when it is bought."""

    FOOD = "food"              # take `amount` food
    RESOURCE = "resource"      # take `amount` of `good`
    ROLL = "roll"              # roll 2 dice, take total // worth of `good` (tools may be added)
    DICE_ALL = "dice_all"      # a die per player; from the buyer on, each takes one reward
    POINTS = "points"          # `amount` points at once
    TOOL = "tool"              # one tool step, as a visit to the tool maker
    AGRICULTURE = "agriculture"    # agriculture +1 (at most 10)
    CARD = "card"              # the top card of the deck, kept face down for its bottom only
    ONE_USE = "one_use"        # a one-use tool worth `amount`
    ANY2 = "any2"              # two resources of the buyer's choice (TAKE), chosen at purchase
    JEWELS = "jewels"          # option merchant: `amount` jewels
    MERCHANT = "merchant"      # option merchant: the merchant level up `amount` (at most 10)


@dataclass(frozen=True)
class Immediate:
    effect: Effect
    amount: int = 0
    good: Good | None = None

    def __str__(self) -> str:
        return _TOP_TEXT[self.effect].format(n=self.amount, good=self.good.value if self.good else "")


_TOP_TEXT = {
    Effect.FOOD: "{n} food", Effect.RESOURCE: "{n} {good}",
    Effect.ROLL: "roll 2 dice for {good}", Effect.DICE_ALL: "a die for everyone",
    Effect.POINTS: "{n} points", Effect.TOOL: "a tool", Effect.AGRICULTURE: "agriculture +1",
    Effect.CARD: "the top card of the deck, for its bottom", Effect.ONE_USE: "a one-use tool of {n}",
    Effect.ANY2: "any 2 resources", Effect.JEWELS: "{n} jewels", Effect.MERCHANT: "merchant level +{n}",
}


@dataclass(frozen=True)
class CivCard:
    id: str
    top: Immediate
    culture: Culture | None = None         # green cards
    multiplier: Multiplier | None = None   # sand cards
    figures: int = 0                       # sand cards: 1 to 3

    @property
    def green(self) -> bool:
        return self.culture is not None

    def __str__(self) -> str:
        if self.culture is not None:
            bottom = self.culture.value
        else:
            assert self.multiplier is not None
            plural = "s" if self.figures > 1 else ""
            bottom = f"{self.figures} {self.multiplier.value.replace('_', ' ')}{plural}"
        return f"{self.id} ({bottom}): {self.top}"


def _top(effect: Effect, amount: int = 0, good: Good | None = None) -> Immediate:
    return Immediate(effect, amount, good)


E, C, M = Effect, Culture, Multiplier
_GREEN = (
    (C.MEDICINE, _top(E.FOOD, 5)), (C.MEDICINE, _top(E.ANY2, 2)),
    (C.ART, _top(E.TOOL, 1)), (C.ART, _top(E.ROLL, 2, Good.GOLD)),
    (C.WRITING, _top(E.CARD, 1)), (C.WRITING, _top(E.DICE_ALL)),
    (C.POTTERY, _top(E.FOOD, 7)), (C.POTTERY, _top(E.DICE_ALL)),
    (C.SUNDIAL, _top(E.AGRICULTURE, 1)), (C.SUNDIAL, _top(E.DICE_ALL)),
    (C.TRANSPORT, _top(E.RESOURCE, 2, Good.STONE)), (C.TRANSPORT, _top(E.DICE_ALL)),
    (C.MUSIC, _top(E.POINTS, 3)), (C.MUSIC, _top(E.POINTS, 3)),
    (C.WEAVING, _top(E.FOOD, 3)), (C.WEAVING, _top(E.FOOD, 1)),
)
_SAND = (
    (M.FARMER, 1, _top(E.AGRICULTURE, 1)), (M.FARMER, 1, _top(E.RESOURCE, 1, Good.STONE)),
    (M.FARMER, 1, _top(E.DICE_ALL)), (M.FARMER, 2, _top(E.FOOD, 3)), (M.FARMER, 2, _top(E.DICE_ALL)),
    (M.TOOL_MAKER, 1, _top(E.ONE_USE, 4)), (M.TOOL_MAKER, 1, _top(E.ONE_USE, 3)),
    (M.TOOL_MAKER, 2, _top(E.ONE_USE, 2)),     # 2 figures: three sources against one (reference 1b)
    (M.TOOL_MAKER, 2, _top(E.DICE_ALL)), (M.TOOL_MAKER, 2, _top(E.DICE_ALL)),
    (M.HUT_BUILDER, 1, _top(E.FOOD, 4)), (M.HUT_BUILDER, 1, _top(E.DICE_ALL)),
    (M.HUT_BUILDER, 2, _top(E.FOOD, 2)), (M.HUT_BUILDER, 2, _top(E.DICE_ALL)),
    (M.HUT_BUILDER, 3, _top(E.POINTS, 3)),
    (M.SHAMAN, 1, _top(E.RESOURCE, 1, Good.STONE)), (M.SHAMAN, 1, _top(E.RESOURCE, 1, Good.GOLD)),
    (M.SHAMAN, 1, _top(E.ROLL, 2, Good.STONE)), (M.SHAMAN, 2, _top(E.RESOURCE, 1, Good.CLAY)),
    (M.SHAMAN, 2, _top(E.ROLL, 2, Good.WOOD)),
)
# The expansion's nine cards (option merchant): our own design, the published ones are not known.
_MERCHANT = (
    (C.MEDICINE, None, 0, _top(E.JEWELS, 2)), (C.ART, None, 0, _top(E.MERCHANT, 2)),
    (C.WEAVING, None, 0, _top(E.JEWELS, 3)),
    (None, M.TRADER, 1, _top(E.JEWELS, 2)), (None, M.TRADER, 1, _top(E.MERCHANT, 2)),
    (None, M.TRADER, 2, _top(E.FOOD, 4)), (None, M.TRADER, 2, _top(E.DICE_ALL)),
    (None, M.FARMER, 1, _top(E.JEWELS, 2)), (None, M.SHAMAN, 2, _top(E.RESOURCE, 1, Good.GOLD)),
)
del E, C, M

CARDS: dict[str, CivCard] = {
    **{f"G{i:02d}": CivCard(f"G{i:02d}", top, culture=c) for i, (c, top) in enumerate(_GREEN, 1)},
    **{f"S{i:02d}": CivCard(f"S{i:02d}", top, multiplier=m, figures=f)
       for i, (m, f, top) in enumerate(_SAND, 1)},
}
# The deck before shuffling, in id order.
DECK: tuple[str, ...] = tuple(CARDS)
CARDS.update({f"M{i:02d}": CivCard(f"M{i:02d}", top, culture=c, multiplier=m, figures=f)
              for i, (c, m, f, top) in enumerate(_MERCHANT, 1)})
# Option merchant: the expansion's cards, shuffled into the deck with the 36.
MERCHANT_DECK: tuple[str, ...] = tuple(c for c in CARDS if c.startswith("M"))
# The rewards of a die of the dice-for-all card, by face.
DICE_ALL_REWARDS: dict[int, str] = {1: "wood", 2: "clay", 3: "stone", 4: "gold", 5: "tool", 6: "field"}
