"""The four standard boards: two half-board faces side by side.

Faces ``W1``/``W2`` are the west half, ``E1``/``E2`` the east half; a board is
named after its two faces, e.g. ``W1E2``. Each face file holds its part of the
map (``.`` marks the other half), its rivers, arrival letters and lava path.
"""
from __future__ import annotations

import tomllib
from functools import lru_cache
from importlib import resources
from typing import Any

from engine.valley.board import Board, BoardError

WEST_FACES = ("W1", "W2")
EAST_FACES = ("E1", "E2")
BOARD_NAMES = tuple(w + e for w in WEST_FACES for e in EAST_FACES)
DEFAULT_BOARD = "W1E1"


@lru_cache(maxsize=8)
def _face(name: str) -> dict[str, Any]:
    text = resources.files("engine.valley").joinpath(f"boards/{name}.toml").read_text("utf-8")
    return tomllib.loads(text)


def _overlay(west: str, east: str) -> str:
    wl = [line for line in west.splitlines() if line.strip()]
    el = [line for line in east.splitlines() if line.strip()]
    if len(wl) != len(el) or wl[0].split() != el[0].split():
        raise BoardError("the two faces do not share one grid")
    out = ["    " + "   ".join(wl[0].split())]
    for a, b in zip(wl[1:], el[1:]):
        pa, pb = a.split(), b.split()
        if pa[0] != pb[0]:
            raise BoardError("the two faces number their rows differently")
        cells = []
        for x, y in zip(pa[1:], pb[1:]):
            if x != "." and y != ".":
                raise BoardError(f"both faces fill a cell of row {pa[0]}")
            cells.append(x if x != "." else y)
        out.append(f"{pa[0]:<4}" + " ".join(f"{c:<3}" for c in cells).rstrip())
    return "\n".join(out) + "\n"


def board_spec(name: str) -> dict[str, Any]:
    """The spec of a standard board such as ``W1E2``."""
    if name not in BOARD_NAMES:
        raise BoardError(f"no board {name!r}; the boards are {', '.join(BOARD_NAMES)}")
    west, east = _face(name[:2]), _face(name[2:])
    return {
        "map": _overlay(west["map"], east["map"]),
        "rivers": sorted(set(west.get("rivers", [])) | set(east.get("rivers", []))),
        "arrivals": {**west.get("arrivals", {}), **east.get("arrivals", {})},
        "lava": {**west.get("lava", {}), **east.get("lava", {})},
    }


@lru_cache(maxsize=8)
def standard_board(name: str) -> Board:
    return Board.from_spec(board_spec(name), name)
