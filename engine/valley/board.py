"""The board of Valley of the Mammoths: terrain, regions, rivers, arrivals, lava.

A board is built from a *spec*: the map text of the case-file format plus
rivers, arrival letters and lava paths. Standard boards join two half-board
faces (``boards/*.toml``); adjudicator cases give their own small map. Both go
through :func:`Board.from_spec`.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from engine import hexgrid

TERRAINS = {"P": "plains", "F": "forest", "M": "mountain", "V": "volcano", "L": "lake"}


class BoardError(ValueError):
    """A board spec that cannot be a board, with the reason."""


@dataclass(frozen=True)
class Hex:
    name: str
    terrain: str          # one of TERRAINS
    region: int | None    # 1..6, None for the lake or an unnumbered case hex
    # The terrain class for regions and movement: volcanoes are mountains (set from ``terrain``).
    kind: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", "M" if self.terrain == "V" else self.terrain)

    @property
    def label(self) -> str:
        return f"{self.terrain}{self.region or ''}"


def parse_map(text: str) -> dict[str, tuple[str, int | None]]:
    """Cells of a map text: name -> (terrain letter, region or None)."""
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        raise BoardError("the map is empty")
    columns = lines[0].split()
    for col in columns:
        if len(col) != 1 or not col.isalpha():
            raise BoardError(f"map header: {col!r} is not a column letter")
    cells: dict[str, tuple[str, int | None]] = {}
    for line in lines[1:]:
        parts = line.split()
        if not parts[0].isdigit():
            raise BoardError(f"map line {line.strip()!r} does not start with a row number")
        row = int(parts[0])
        if len(parts) - 1 != len(columns):
            raise BoardError(f"map row {row} has {len(parts) - 1} cells for {len(columns)} columns")
        for col, cell in zip(columns, parts[1:]):
            if cell == ".":
                continue
            terrain, digits = cell[0].upper(), cell[1:]
            if terrain not in TERRAINS or (digits and not digits.isdigit()):
                raise BoardError(f"map cell {col}{row}: {cell!r} is not a terrain "
                                 "(P, F, M, V or L with an optional region number)")
            cells[f"{col.upper()}{row}"] = (terrain, int(digits) if digits else None)
    return cells


def _edge(pair: str) -> tuple[str, str]:
    parts = pair.split("|")
    if len(parts) != 2:
        raise BoardError(f"river {pair!r} is not written X|Y")
    a, b = (hexgrid.normalise(p) for p in parts)
    if a is None or b is None:
        raise BoardError(f"river {pair!r} does not name two spaces")
    return (a, b) if hexgrid.sort_key(a) <= hexgrid.sort_key(b) else (b, a)


class Board:
    """An immutable board; cheap to share between states."""

    def __init__(self, name: str, spec: dict[str, Any]) -> None:
        self.name = name
        self.spec = spec
        cells = parse_map(spec["map"])
        self.hexes = {n: Hex(n, t, r) for n, (t, r) in cells.items()}
        self.names = sorted(self.hexes, key=hexgrid.sort_key)
        self.neighbours: dict[str, tuple[str | None, ...]] = {}
        for n in self.names:
            self.neighbours[n] = tuple(
                s if (s := hexgrid.step(n, d)) in self.hexes else None for d in range(6))
        self.rivers: frozenset[tuple[str, str]] = frozenset(
            _edge(p) for p in spec.get("rivers", []))
        for a, b in self.rivers:
            if a not in self.hexes or b not in self.hexes:
                raise BoardError(f"river {a}|{b}: both spaces must be on the map")
            if hexgrid.direction_between(a, b) is None:
                raise BoardError(f"river {a}|{b}: the two spaces are not neighbours")
        # Both ways round, so that river_between need not put a pair in order.
        self._river_pairs = self.rivers | frozenset((b, a) for a, b in self.rivers)
        self.arrivals: dict[str, str] = {}
        for letter, where in spec.get("arrivals", {}).items():
            space = hexgrid.normalise(str(where))
            if len(letter) != 1 or not letter.isalpha():
                raise BoardError(f"arrival {letter!r} is not a single letter")
            if space not in self.hexes:
                raise BoardError(f"arrival {letter} names {where!r}, which is not on the map")
            kind = self.hexes[space].kind
            if letter.isupper() and kind != "M":
                raise BoardError(f"arrival {letter} is a capital, so {space} must be a mountain")
            if letter.islower() and kind not in ("P", "F"):
                raise BoardError(f"arrival {letter} is lower case, so {space} must be plains or forest")
            self.arrivals[letter] = space
        self.lava: dict[str, tuple[str, ...]] = {}
        for volcano, path in spec.get("lava", {}).items():
            v = hexgrid.normalise(volcano)
            if v not in self.hexes or self.hexes[v].terrain != "V":
                raise BoardError(f"lava from {volcano!r}: that space is not a volcano")
            steps = tuple(hexgrid.normalise(p) or p for p in path)
            for prev, nxt in zip((v,) + steps, steps):
                if nxt not in self.hexes or hexgrid.direction_between(prev, nxt) is None:
                    raise BoardError(f"lava path of {v}: {nxt} does not follow on from {prev}")
            self.lava[v] = steps
        self.fishing = frozenset(n for n in self.names if self._is_fishing(n))
        self.lake_shore = frozenset(n for n in self.names if self.hexes[n].kind != "L"
                                    and any(self.hexes[m].kind == "L" for m in self.adjacent(n)))

    # -- geometry -------------------------------------------------------
    def river_between(self, a: str, b: str) -> bool:
        return (a, b) in self._river_pairs

    def adjacent(self, a: str) -> list[str]:
        return [n for n in self.neighbours[a] if n is not None]

    def on_edge(self, name: str) -> bool:
        return None in self.neighbours[name]

    def _is_fishing(self, name: str) -> bool:
        if self.hexes[name].kind == "L":
            return False
        return any(self.hexes[n].kind == "L" or self.river_between(name, n)
                   for n in self.adjacent(name))

    def regions(self) -> dict[tuple[str, int], list[str]]:
        """(kind, number) -> spaces, from the numbers written on the map."""
        found: dict[tuple[str, int], list[str]] = {}
        for n in self.names:
            h = self.hexes[n]
            if h.region is not None and h.kind != "L":
                found.setdefault((h.kind, h.region), []).append(n)
        return found

    def region_of(self, kind: str, number: int) -> list[str]:
        return self.regions().get((kind, number), [])

    @classmethod
    def from_spec(cls, spec: dict[str, Any], name: str = "custom") -> "Board":
        return _cached(name, json.dumps(spec, sort_keys=True))


@lru_cache(maxsize=64)
def _cached(name: str, spec_json: str) -> Board:
    return Board(name, json.loads(spec_json))
