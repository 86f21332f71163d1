"""What the hex maps of several games draw alike."""
from __future__ import annotations

import math
from functools import lru_cache


@lru_cache(maxsize=4096)
def hex_points(x: float, y: float, r: float) -> str:
    """The ``points`` of a flat-topped hexagon of radius ``r`` centred on (x, y), to a tenth.
    A board's hexes stand where they stood at the last step: each is worked out once."""
    return " ".join(f"{x + r * math.cos(math.radians(60 * i)):.1f},{y + r * math.sin(math.radians(60 * i)):.1f}"
                    for i in range(6))
