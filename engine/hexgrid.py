"""Flat-topped hex geometry with the board's notation.

Columns are letters A, B, C...; rows are numbers. Columns B, D, F... sit half a
hex lower than A, C, E... The die compass numbers the six directions.
"""
from __future__ import annotations

import re
from functools import lru_cache

from engine.messages import Msg

DIRECTIONS = ("N", "NE", "SE", "S", "SW", "NW")
"""Index 0..5 is die face 1..6: 1 N, 2 NE, 3 SE, 4 S, 5 SW, 6 NW."""

# (column step, row step) for columns A, C, E... and for columns B, D, F...
_STEPS_HIGH = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1))
_STEPS_LOW = ((0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0))

_NAME = re.compile(r"^([A-Za-z])(\d{1,2})$", re.ASCII)


@lru_cache(maxsize=4096)
def parse_name(text: str) -> tuple[int, int] | None:
    """(column index, row) for a name like ``C4``; None when it is no name. Kept: a map and its
    report read each hex's name a dozen times."""
    match = _NAME.match(text.strip())
    if not match:
        return None
    return ord(match.group(1).upper()) - ord("A"), int(match.group(2))


def make_name(col: int, row: int) -> str:
    return f"{chr(ord('A') + col)}{row}"


@lru_cache(maxsize=4096)
def normalise(text: str) -> str | None:
    """The canonical spelling of a space name, or None."""
    parsed = parse_name(text)
    return make_name(*parsed) if parsed else None


@lru_cache(maxsize=4096)
def sort_key(name: str) -> tuple[int, int]:
    """Column first, then row as a number: A2 < A10 < B1."""
    parsed = parse_name(name)
    return parsed if parsed else (99, 999)


@lru_cache(maxsize=16384)
def step(name: str, direction: int) -> str | None:
    """The name one step from ``name`` in ``direction`` (0..5); None off the grid."""
    parsed = parse_name(name)
    if parsed is None:
        return None
    col, row = parsed
    dc, dr = (_STEPS_LOW if col % 2 else _STEPS_HIGH)[direction]
    col, row = col + dc, row + dr
    if col < 0 or col > 25 or row < 0 or row > 99:
        return None
    return make_name(col, row)


def opposite(direction: int) -> int:
    return (direction + 3) % 6


@lru_cache(maxsize=16384)
def direction_between(a: str, b: str) -> int | None:
    """The direction from a to its neighbour b, or None if they do not touch."""
    for d in range(6):
        if step(a, d) == b:
            return d
    return None


def die_direction(face: int) -> int:
    """Die face 1..6 to direction index 0..5."""
    return face - 1


_DIRECTION_WORDS = {
    "N": lambda: Msg("N"), "NE": lambda: Msg("NE"), "SE": lambda: Msg("SE"),
    "S": lambda: Msg("S"), "SW": lambda: Msg("SW"), "NW": lambda: Msg("NW"),
}


def direction_word(name: str) -> Msg:
    """A direction as a message (French and Spanish write SO and NO)."""
    return _DIRECTION_WORDS[name]()
