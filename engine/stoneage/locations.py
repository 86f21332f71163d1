"""The places on the board where people go: names, what each gives, how many it holds.

The names are the words of the order language (``forest``, ``card2``,
``building1``). How many players and spaces a location admits in a round
depends on the number of players; the functions below say so in one place.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import cache

from engine.stoneage.goods import Good


class Kind(str, Enum):
    GATHER = "gather"        # a roll of one die per person for a good
    VILLAGE = "village"      # tool maker, hut, field
    CARD = "card"            # a civilization card slot
    BUILDING = "building"    # the top tile of a building stack
    JEWEL = "jewel"          # option merchant: the jewel slot, a card bought with jewels

    def __str__(self) -> str:
        return str.__str__(self)


@dataclass(frozen=True)
class Location:
    name: str
    kind: Kind
    spaces: int | None      # people it holds in a round; None: no limit (the hunting grounds)
    exact: int = 0          # people it takes in one placement, when fixed (hut 2, single spaces 1)
    good: Good | None = None    # what its roll yields (gathering only)
    number: int = 0         # card slot (= its cost in resources) or building stack, from 1

    def __str__(self) -> str:
        return self.name


def _table() -> dict[str, Location]:
    rows = [Location("hunt", Kind.GATHER, None, good=Good.FOOD)]
    rows += [Location(name, Kind.GATHER, 7, good=good) for name, good in
             (("forest", Good.WOOD), ("clay", Good.CLAY), ("quarry", Good.STONE), ("river", Good.GOLD))]
    rows += [Location("toolmaker", Kind.VILLAGE, 1, 1), Location("hut", Kind.VILLAGE, 2, 2),
             Location("field", Kind.VILLAGE, 1, 1), Location("merchant", Kind.VILLAGE, 2, 2)]
    rows += [Location(f"card{n}", Kind.CARD, 1, 1, number=n) for n in range(1, 5)]
    rows += [Location("jewelcard", Kind.JEWEL, 1, 1)]
    rows += [Location(f"building{n}", Kind.BUILDING, 1, 1, number=n) for n in range(1, 6)]
    return {loc.name: loc for loc in rows}


# In the default order of USE: gathering, village, cards by slot, buildings by stack.
LOCATIONS: dict[str, Location] = _table()
NAMES: tuple[str, ...] = tuple(LOCATIONS)
GATHERING: tuple[str, ...] = tuple(n for n, loc in LOCATIONS.items() if loc.kind is Kind.GATHER)
VILLAGE: tuple[str, ...] = ("toolmaker", "hut", "field", "merchant")
CARD_SLOTS: tuple[str, ...] = tuple(f"card{n}" for n in range(1, 5))
STACKS: tuple[str, ...] = tuple(f"building{n}" for n in range(1, 6))
# Option merchant's locations: only in a game with it.
MERCHANT_ONLY: frozenset[str] = frozenset({"merchant", "jewelcard"})
# Where a gathering location's good comes from, for "did you mean forest?" after "wood".
SOURCE: dict[Good, str] = {loc.good: n for n, loc in LOCATIONS.items() if loc.good is not None}

# The placement when a plan has run out (stoneage-cases.md): all on hunt, else
# one person on the first of these that is legal, else two on the hut, else
# two on the merchant, else one on a wild animal (the variants' places last).
FALLBACK: tuple[str, ...] = (("field", "toolmaker", "forest", "clay", "quarry", "river") + CARD_SLOTS
                             + ("jewelcard",) + STACKS)
USE_ORDER: tuple[str, ...] = NAMES


def stacks_in_play(players: int) -> tuple[str, ...]:
    """One building stack per player: building1 .. building<players>."""
    return STACKS[:players]


def players_per_gathering(players: int) -> int | None:
    """How many players may use one of forest, clay, quarry, river in a round
    (2 players: 1, 3 players: 2); None: no limit but the spaces. The hunt has none."""
    return {2: 1, 3: 2}.get(players)


def village_spaces(players: int, merchant: bool = False) -> int:
    """How many of the village's locations may be used in a round. Tool maker, hut and field:
    2 with 2-3 players, all 3 with 4. With the merchant, the fourth: 2 with 2-3 players, 3 with 4,
    all 4 with 5."""
    if merchant:
        return {4: 3, 5: 4}.get(players, 2)
    return 3 if players >= 4 else 2


def exists(name: str, players: int, merchant: bool = False) -> bool:
    """Is ``name`` a location of a game of ``players`` (with option merchant or not)? Stacks
    beyond the players' count are not, nor the merchant and the jewel slot without the option."""
    return name in _existing(players, merchant)


@cache
def _existing(players: int, merchant: bool) -> frozenset[str]:
    """The names ``exists`` says yes to, worked out once per shape of game."""
    return frozenset(name for name, loc in LOCATIONS.items()
                     if (name not in MERCHANT_ONLY or merchant) and (loc.kind is not Kind.BUILDING
                                                                      or loc.number <= players))
