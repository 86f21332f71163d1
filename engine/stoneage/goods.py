"""Food and the four resources, and what each is worth."""
from __future__ import annotations

from enum import Enum


class Good(str, Enum):
    """Something a player board holds in quantity. Food is a good but never a resource."""

    FOOD = "food"
    WOOD = "wood"
    CLAY = "clay"
    STONE = "stone"
    GOLD = "gold"

    @property
    def worth(self) -> int:
        """The divisor of its gathering roll, and what it scores on a variable building."""
        return WORTH[self]

    def __str__(self) -> str:
        return str.__str__(self)


# Each good's worth (``Good.worth``), for the engine's and the bots' hot loops to read without the property's call.
WORTH = {Good.FOOD: 2, Good.WOOD: 3, Good.CLAY: 4, Good.STONE: 5, Good.GOLD: 6}

# The four that pay for cards and buildings, cheapest first (the default payment order).
RESOURCES: tuple[Good, ...] = (Good.WOOD, Good.CLAY, Good.STONE, Good.GOLD)
GOODS: tuple[Good, ...] = (Good.FOOD,) + RESOURCES
