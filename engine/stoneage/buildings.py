"""The 28 building tiles: what each costs and what it scores.

Ids follow ../shared/reference/stoneage-cards.md: B01-B13 cost three given
resources and score their worth (some come twice); V41-V44 and V51-V54 take
exactly 4 or 5 resources of exactly 1 to 4 kinds, V17 (three tiles) 1 to 7
of any kinds, and score the worth of what was paid. N01-N06 are the new
huts of option ``new_huts`` (our own design, newhuts.py): fixed-cost tiles
that score less and give a lasting bonus; X01-X09 the expansion's tiles of
option ``merchant`` (our design too): a fixed cost and jewels for the builder.
``ANY_TILE`` finds every tile.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from engine.stoneage.goods import RESOURCES, WORTH, Good

W, C, S, G = Good.WOOD, Good.CLAY, Good.STONE, Good.GOLD
_RESOURCES = frozenset(RESOURCES)


@dataclass(frozen=True)
class Building:
    id: str
    copies: int
    cost: tuple[Good, ...] = ()      # fixed tiles: exactly these resources
    least: int = 0                   # variable tiles: how many resources, from ...
    most: int = 0                    # ... to
    kinds: int = 0                   # variable tiles: exactly this many kinds; 0: any

    @property
    def fixed(self) -> bool:
        return bool(self.cost)

    def problem(self, paid: Mapping[Good, int]) -> str:
        """Why ``paid`` does not buy this tile, or '' when it does."""
        paid = {g: n for g, n in paid.items() if n}
        if not _RESOURCES.issuperset(paid) or min(paid.values(), default=0) < 0:
            return "only wood, clay, stone and gold pay for a building"
        if self.fixed:
            if paid != _counted(self.cost):         # no count in either is 0: as Counters compare
                return f"{self.id} costs {_listed(Counter(self.cost))}"
            return ""
        total = sum(paid.values())
        if not self.least <= total <= self.most:
            span = str(self.least) if self.least == self.most else f"{self.least} to {self.most}"
            return f"{self.id} takes {span} resources, not {total}"
        if self.kinds and len(paid) != self.kinds:
            return f"{self.id} takes exactly {self.kinds} kind{'s' * (self.kinds > 1)}, not {len(paid)}"
        return ""

    def points(self, paid: Mapping[Good, int]) -> int:
        """What the tile scores when bought with ``paid`` (the worth of the resources)."""
        points = 0
        for good, n in paid.items():
            points += WORTH[good] * n
        return points

    def __str__(self) -> str:
        if self.fixed:
            return f"{self.id}: {_listed(Counter(self.cost))}, {self.points(Counter(self.cost))} points"
        span = str(self.least) if self.least == self.most else f"{self.least} to {self.most}"
        kinds = f" of exactly {self.kinds} kind{'s' * (self.kinds > 1)}" if self.kinds else " of any kinds"
        return f"{self.id}: {span} resources{kinds}, scoring what is paid"


@cache
def _counted(cost: tuple[Good, ...]) -> dict[Good, int]:
    """A fixed cost counted, once per cost (read, never changed)."""
    return dict(Counter(cost))


def _listed(count: Mapping[Good, int]) -> str:
    return " ".join(f"{count[g]} {g.value}" for g in RESOURCES if count.get(g))


_FIXED = (
    ("B01", 1, (W, W, C)), ("B02", 1, (W, W, S)), ("B03", 1, (W, C, C)), ("B04", 1, (W, W, G)),
    ("B05", 2, (W, C, S)), ("B06", 1, (W, S, S)), ("B07", 1, (C, C, S)), ("B08", 2, (W, C, G)),
    ("B09", 1, (C, C, G)), ("B10", 1, (C, S, S)), ("B11", 2, (W, S, G)), ("B12", 2, (C, S, G)),
    ("B13", 1, (S, S, G)),
)
BUILDINGS: dict[str, Building] = {
    **{bid: Building(bid, copies, cost) for bid, copies, cost in _FIXED},
    **{f"V{n}{k}": Building(f"V{n}{k}", 1, least=n, most=n, kinds=k) for n in (4, 5) for k in range(1, 5)},
    "V17": Building("V17", 3, least=1, most=7),
}
# All 28 tiles before shuffling, each copy named by its id.
TILES: tuple[str, ...] = tuple(b.id for b in BUILDINGS.values() for _ in range(b.copies))
STACK_SIZE = 7


@dataclass(frozen=True)
class NewHut(Building):
    """A new hut (option ``new_huts``): a fixed cost, fewer points than it, and a bonus: a good
    at every round's end (``each_round``) or, once when built, a person, a tool or agriculture."""

    score: int = 0
    bonus: str = ""                  # wood, clay, stone (each round) or person, tool, field (once)

    @property
    def each_round(self) -> Good | None:
        return Good(self.bonus) if self.bonus in ("wood", "clay", "stone") else None

    def points(self, paid: Mapping[Good, int]) -> int:
        return self.score

    def bonus_text(self) -> str:
        if self.each_round is not None:
            return f"1 {self.bonus} at every round's end"
        return {"person": "a new person", "tool": "a tool step", "field": "agriculture +1"}[self.bonus] + ", once"

    def __str__(self) -> str:
        return f"{self.id}: {_listed(Counter(self.cost))}, {self.score} points and {self.bonus_text()}"


_NEW = (
    ("N01", (W, W, C), 4, "wood"), ("N02", (W, C, C), 5, "clay"), ("N03", (W, S, S), 6, "stone"),
    ("N04", (W, C, S), 6, "person"), ("N05", (W, W, S), 6, "tool"), ("N06", (C, C, S), 7, "field"),
)
NEW_HUTS: dict[str, NewHut] = {i: NewHut(i, 1, cost, score=pts, bonus=b) for i, cost, pts, b in _NEW}
NEW_TILES: tuple[str, ...] = tuple(NEW_HUTS)


@dataclass(frozen=True)
class JewelHut(Building):
    """One of the expansion's nine tiles (option merchant, our design): a fixed cost scoring its
    worth, and jewels for the builder."""

    jewels: int = 0

    def __str__(self) -> str:
        return f"{Building.__str__(self)} and {self.jewels} jewel{'s' * (self.jewels > 1)}"


_JEWEL = (
    ("X01", (W, W, C), 1), ("X02", (W, C, C), 1), ("X03", (W, C, S), 1), ("X04", (W, S, S), 1),
    ("X05", (C, C, S), 1), ("X06", (C, S, G), 1), ("X07", (W, C, S, G), 2), ("X08", (W, W, S, G), 2),
    ("X09", (C, S, S, G), 2),
)
JEWEL_HUTS: dict[str, JewelHut] = {i: JewelHut(i, 1, cost, jewels=j) for i, cost, j in _JEWEL}
JEWEL_TILES: tuple[str, ...] = tuple(JEWEL_HUTS)
# Every tile of every game, the variants' included: the lookup by id.
ANY_TILE: dict[str, Building] = {**BUILDINGS, **NEW_HUTS, **JEWEL_HUTS}
