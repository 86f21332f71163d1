"""The typed orders of Stone Age, each printing its normal form.

The normal form is what the answer echoes and what a kept plan stores:
keywords in capitals, locations, goods and rewards in lower case, numbers
before what they count. Parsing a normal form gives the same order back.

``key`` names what a sheet may say only once (``BUY card2``, ``FEED``); it
is '' for PLACE, of which a plan has one line per placement.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import TypeVar

from engine.stoneage.goods import RESOURCES, Good

# The rewards of the dice-for-all card, in the default order of preference.
REWARDS: tuple[str, ...] = ("wood", "clay", "stone", "gold", "tool", "field")
TOOL_MODES: tuple[str, ...] = ("auto", "none")
HERD_BONUSES: tuple[str, ...] = ("one", "all")
EXTRA_MODES: tuple[str, ...] = ("auto", "none")
T = TypeVar("T")


def printed_once(cls: type[T]) -> type[T]:
    """The class's ``__str__``, worked out once per order and then remembered: orders are frozen,
    and a kept plan prints its lines again at each placement."""
    normal = cls.__str__

    def __str__(self: object) -> str:
        text = self.__dict__.get("_normal")
        if text is None:
            text = self.__dict__["_normal"] = normal(self)     # frozen: written past __setattr__
        return text

    cls.__str__ = __str__  # type: ignore[method-assign]
    return cls


def normal_lines(orders: tuple[object, ...]) -> list[str]:
    """``[str(order) for order in orders]`` (OrderSheet.normal), reading the normal form each
    order already printed without the call."""
    return [order.__dict__.get("_normal") or str(order) for order in orders]


@printed_once
@dataclass(frozen=True)
class Spot:
    """One alternative of a placement: so many people on one location."""

    people: int
    location: str

    def __str__(self) -> str:
        return f"{self.people} {self.location}"


@cache
def spot(people: int, location: str) -> Spot:
    """A shared spot (spots are frozen): plans and placements repeat the same few, and each
    prints once."""
    return Spot(people, location)


@printed_once
@dataclass(frozen=True)
class Place:
    choices: tuple[Spot, ...]          # the first legal one is played
    line: int = field(default=0, compare=False)
    key = ""

    def __str__(self) -> str:
        return "PLACE " + " OR ".join(str(c) for c in self.choices)


@printed_once
@dataclass(frozen=True)
class Use:
    locations: tuple[str, ...]         # resolve these first, in this order
    line: int = field(default=0, compare=False)
    key = "USE"

    def __str__(self) -> str:
        return "USE " + " ".join(self.locations)


@printed_once
@dataclass(frozen=True)
class Tools:
    mode: str                          # auto | none
    line: int = field(default=0, compare=False)
    key = "TOOLS"

    def __str__(self) -> str:
        return f"TOOLS {self.mode.upper()}"


@printed_once
@dataclass(frozen=True)
class ToolsOn:
    location: str                      # a gathering location, or the card slot of a card that rolls
    values: tuple[int, ...]            # the tools to add to that roll, highest first; () = none
    line: int = field(default=0, compare=False)

    @property
    def key(self) -> str:
        return f"TOOLS {self.location}"

    def __str__(self) -> str:
        return f"TOOLS {self.location} " + (" ".join(map(str, self.values)) or "NONE")


def goods_text(goods: tuple[tuple[Good, int], ...]) -> str:
    return " ".join(f"{n} {g.value}" for g, n in goods)


def merged(pairs: list[tuple[Good, int]]) -> tuple[tuple[Good, int], ...]:
    """Counts per good, summed, in the order wood, clay, stone, gold (food first if any)."""
    total: dict[Good, int] = {}
    for good, n in pairs:
        total[good] = total.get(good, 0) + n
    order = (Good.FOOD,) + RESOURCES
    return tuple((g, total[g]) for g in order if total.get(g))


# What a merchant trade gives and takes (option merchant): the resources and jewels.
TRADE_GOODS: tuple[str, ...] = ("wood", "clay", "stone", "gold", "jewel")


def counts_text(counts: tuple[tuple[str, int], ...]) -> str:
    """``1 wood 2 jewels``: a trade's side in the normal form."""
    return " ".join(f"{n} {kind}{'s' * (kind == 'jewel' and n > 1)}" for kind, n in counts)


@printed_once
@dataclass(frozen=True)
class Trade:
    """Option merchant: give these goods and take those (as many, of other kinds), before paying."""

    give: tuple[tuple[str, int], ...]      # kinds of TRADE_GOODS, in that order
    take: tuple[tuple[str, int], ...]

    @property
    def size(self) -> int:
        return sum(n for _, n in self.take)

    def __str__(self) -> str:
        return f"TRADE {counts_text(self.give)} FOR {counts_text(self.take)}"


@printed_once
@dataclass(frozen=True)
class Buy:
    location: str                      # card1-card4, jewelcard or building1-building5
    pay: tuple[tuple[Good, int], ...] = ()     # () = the default payment, cheapest first
    line: int = field(default=0, compare=False)
    igloo: bool = False                # option igloos: an igloo instead of the stack's top tile
    extra: bool = False                # option harsh_winter: pay the extra stone or gold
    trade: Trade | None = None         # option merchant: the round's trade, for this purchase
    top: bool = False                  # option merchant: at the jewel slot, 3 more jewels for the deck's top

    @property
    def key(self) -> str:
        return f"BUY {self.location}"

    @property
    def payment(self) -> dict[Good, int]:
        return dict(self.pay)

    def __str__(self) -> str:
        return (f"BUY {self.location}" + " IGLOO" * self.igloo + " TOP" * self.top
                + (f" PAY {goods_text(self.pay)}" if self.pay else "")
                + (f" {self.trade}" if self.trade else "") + " EXTRA" * self.extra)


@printed_once
@dataclass(frozen=True)
class BuyFirst:
    """``BUY card2 OR building1``: of these purchases, the first that can be made, in this order;
    the seat's people there are resolved one after the other, in this order."""

    choices: tuple[Buy, ...]           # two or more, each location once
    line: int = field(default=0, compare=False)

    @property
    def key(self) -> str:
        return self.choices[0].key

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(b.key for b in self.choices)

    def __str__(self) -> str:
        return " OR ".join(str(b) if i == 0 else str(b)[len("BUY "):] for i, b in enumerate(self.choices))


def keys_of(order: object) -> tuple[str, ...]:
    """What an order may say only once in a sheet: its key, or each key of a ranked BUY. Worked
    out once per order (orders are frozen), or once per class where the class holds the key."""
    keys = _CLASS_KEYS.get(type(order))
    if keys is not None:
        return keys
    known = getattr(order, "__dict__", None)
    keys = known.get("_keys") if known is not None else None
    if keys is None:
        if type(order) is BuyFirst:
            keys = order.keys
        else:
            key: str = order.key  # type: ignore[attr-defined]
            keys = (key,) if key else ()
        if known is not None:
            known["_keys"] = keys        # frozen: written past __setattr__, as printed_once does
    return keys


@printed_once
@dataclass(frozen=True)
class Extra:
    """Harsh winter: BUY BUY EXTRA AUTO pays the extra on every purchase that takes one, when the
    seat has it after paying; BUY EXTRA NONE (the default) only where a BUY line says EXTRA."""

    mode: str                          # auto | none
    line: int = field(default=0, compare=False)
    key = "BUY EXTRA"

    def __str__(self) -> str:
        return f"BUY EXTRA {self.mode.upper()}"


@printed_once
@dataclass(frozen=True)
class Take:
    goods: tuple[Good, Good]           # in the order wood, clay, stone, gold
    line: int = field(default=0, compare=False)
    key = "TAKE"

    def __str__(self) -> str:
        return "TAKE " + " ".join(g.value for g in self.goods)


@printed_once
@dataclass(frozen=True)
class Pick:
    rewards: tuple[str, ...]           # preference for the dice-for-all card, best first; () = AUTO
    line: int = field(default=0, compare=False)
    key = "PICK"

    def __str__(self) -> str:
        return "PICK " + (" ".join(self.rewards) or "AUTO")


@printed_once
@dataclass(frozen=True)
class Feed:
    goods: tuple[Good, ...] = ()       # resources to give when food is short, in this order
    penalty: bool = False              # take the 10 points off instead
    line: int = field(default=0, compare=False)
    key = "FEED"

    def __str__(self) -> str:
        return "FEED PENALTY" if self.penalty else "FEED " + " ".join(g.value for g in self.goods)


@printed_once
@dataclass(frozen=True)
class Tame:
    """HERD n: move up to n people from the herd's location onto the bonus tile."""

    people: int
    line: int = field(default=0, compare=False)
    key = "HERD"

    def __str__(self) -> str:
        return f"HERD {self.people}"


@printed_once
@dataclass(frozen=True)
class HerdBonus:
    """The tamer's reward: the "1." bonus (one) or the "all" bonus."""

    choice: str                        # one | all
    line: int = field(default=0, compare=False)
    key = "HERD BONUS"

    def __str__(self) -> str:
        return f"HERD BONUS {self.choice.upper()}"


@printed_once
@dataclass(frozen=True)
class Hunt:
    """Option merchant: HUNT JEWELS n takes up to n of the hunt's yield as jewels, the rest food."""

    jewels: int
    line: int = field(default=0, compare=False)
    key = "HUNT"

    def __str__(self) -> str:
        return f"HUNT JEWELS {self.jewels}"


Order = Hunt | Place | Use | Tools | ToolsOn | Buy | BuyFirst | Extra | Take | Pick | Feed | Tame | HerdBonus

# keys_of for the orders whose class holds the key (the others work theirs out from their fields).
_CLASS_KEYS: dict[type, tuple[str, ...]] = {
    cls: ((cls.key,) if cls.key else ()) for cls in (Place, Use, Tools, Extra, Take, Pick, Feed, Tame, HerdBonus, Hunt)}
