"""The Dewan map: hexes with a terrain, berry tokens and fire symbols, and
the border symbols (artifact, pigment, crystal) on edges between two hexes.

Written in the cases' notation (flat-topped hexes named like the Valley's,
see engine.hexgrid): a cell is a terrain letter, then ``b`` for a
berry token and one ``*`` per fire symbol, in any order (``Fb``, ``M**``,
``Pb*``); ``S`` is a start hex, which has no terrain; ``.`` is no hex.
A berry pile between two hexes is one token on each of them.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any

from engine import hexgrid

TERRAINS = {"F": "forest", "M": "mountain", "D": "desert", "P": "plains", "W": "water"}
START = "S"
WATER = "W"             # crossed, never camped on
SYMBOLS = ("artifact", "pigment", "crystal")
_CELL = re.compile(r"^([FMDPWS])([b*]*)$")


class BoardError(ValueError):
    """A map that cannot be a Dewan board, with what is wrong."""


@dataclass(frozen=True)
class Hex:
    terrain: str           # one of TERRAINS, or START
    berry: bool = False
    fire: int = 0

    @property
    def cell(self) -> str:
        return self.terrain + ("b" if self.berry else "") + "*" * self.fire


def parse_cell(name: str, text: str) -> Hex:
    found = _CELL.match(text)
    marks = found.group(2) if found else ""
    if not found or marks.count("b") > 1:
        raise BoardError(f"map cell {name}: {text!r} is not a hex (a terrain F, M, D, P or W, "
                         "or S for a start hex, then b for a berry and * per fire symbol)")
    if found.group(1) == START and marks:
        raise BoardError(f"map cell {name}: a start hex has no berry and no fire")
    return Hex(found.group(1), "b" in marks, marks.count("*"))


@lru_cache(maxsize=16)
def _within(names: tuple[str, ...], most: int) -> dict[str, tuple[frozenset[str], ...]]:
    """``Board.within`` of a map with hexes ``names`` (the same for every map laid on the same
    hexes, whatever tiles lie on them)."""
    hexes = set(names)
    near = {n: frozenset(m for d in range(6) if (m := hexgrid.step(n, d)) in hexes) for n in names}
    out: dict[str, tuple[frozenset[str], ...]] = {}
    for n in names:
        balls = [frozenset({n})]
        for _ in range(most):
            balls.append(balls[-1].union(*(near[m] for m in balls[-1])))
        out[n] = tuple(balls)
    return out


def edge(pair: str) -> frozenset[str]:
    """An edge written ``B1|C1``: the two neighbouring hexes it lies between."""
    parts = [hexgrid.normalise(p) for p in pair.split("|")]
    if len(parts) != 2 or None in parts or hexgrid.direction_between(parts[0], parts[1]) is None:
        raise BoardError(f"edge {pair!r} is not two neighbouring hexes written X|Y")
    return frozenset(parts)      # type: ignore[arg-type]


def edge_text(pair: frozenset[str]) -> str:
    return "|".join(sorted(pair, key=hexgrid.sort_key))


class Board:
    """An immutable map; cheap to share between states."""

    def __init__(self, hexes: dict[str, Hex], symbols: dict[frozenset[str], str] | None = None) -> None:
        self.hexes = dict(sorted(hexes.items(), key=lambda kv: hexgrid.sort_key(kv[0])))
        self.symbols = dict(symbols or {})
        for pair, symbol in self.symbols.items():
            if symbol not in SYMBOLS:
                raise BoardError(f"edge {edge_text(pair)}: {symbol!r} is not a symbol ({', '.join(SYMBOLS)})")
            if not pair <= self.hexes.keys():
                raise BoardError(f"edge {edge_text(pair)}: both sides must be hexes of the map")

    @property
    def names(self) -> list[str]:
        return list(self.hexes)

    @cached_property
    def _adjacent(self) -> dict[str, tuple[str, ...]]:
        return {n: tuple(m for d in range(6) if (m := hexgrid.step(n, d)) in self.hexes) for n in self.hexes}

    def adjacent(self, name: str) -> tuple[str, ...]:
        return self._adjacent[name]

    def within(self, most: int) -> dict[str, tuple[frozenset[str], ...]]:
        """For each hex, the hexes at most 0, 1, ... ``most`` steps from it (steps between
        neighbours, any hexes of the map on the way), found once for a map's hexes."""
        return _within(tuple(self.hexes), most)

    @property
    def neighbours(self) -> dict[str, tuple[str, ...]]:
        """Each hex's neighbours on the map (``adjacent`` for every hex at once)."""
        return self._adjacent

    @cached_property
    def land(self) -> frozenset[str]:
        """The hexes a camp may stand on, by the map alone: neither start hexes nor water."""
        return frozenset(n for n, h in self.hexes.items() if h.terrain not in (START, WATER))

    @cached_property
    def water_near(self) -> dict[str, tuple[str, ...]]:
        """Each hex's neighbours that are water."""
        return {n: tuple(m for m in self._adjacent[n] if self.hexes[m].terrain == WATER) for n in self.hexes}

    @cached_property
    def terrains(self) -> dict[str, str]:
        """Each hex's terrain (``terrain`` for every hex at once)."""
        return {n: h.terrain for n, h in self.hexes.items()}

    def terrain(self, name: str) -> str:
        return self.hexes[name].terrain

    def starts(self) -> list[str]:
        return [n for n, h in self.hexes.items() if h.terrain == START]

    def symbols_touching(self, name: str) -> list[tuple[frozenset[str], str]]:
        """The border symbols on the edges of hex ``name``."""
        return [(pair, sym) for pair, sym in self.symbols.items() if name in pair]

    @cached_property
    def edges(self) -> dict[str, tuple[tuple[frozenset[str], str], ...]]:
        """Each hex's border symbols (``symbols_touching`` for every hex at once)."""
        return {h: tuple(self.symbols_touching(h)) for h in self.hexes}

    # -- notation and JSON -------------------------------------------------
    @classmethod
    def from_text(cls, text: str, symbols: dict[str, str] | None = None) -> "Board":
        """A board from the cases' map text and ``{"B1|C1": "crystal"}``."""
        lines = [line for line in text.splitlines() if line.strip()]
        if not lines:
            raise BoardError("the map is empty")
        columns = lines[0].split()
        if not all(len(c) == 1 and c.isalpha() for c in columns):
            raise BoardError(f"map header {lines[0].strip()!r}: each column is one letter")
        hexes: dict[str, Hex] = {}
        for line in lines[1:]:
            parts = line.split()
            if not parts[0].isdigit():
                raise BoardError(f"map line {line.strip()!r} does not start with a row number")
            if len(parts) - 1 != len(columns):
                raise BoardError(f"map row {parts[0]} has {len(parts) - 1} cells for {len(columns)} columns")
            for col, cell in zip(columns, parts[1:]):
                if cell != ".":
                    name = f"{col.upper()}{int(parts[0])}"
                    hexes[name] = parse_cell(name, cell)
        return cls(hexes, {edge(k): v for k, v in (symbols or {}).items()})

    def to_spec(self) -> dict[str, Any]:
        return {"hexes": {n: h.cell for n, h in self.hexes.items()},
                "symbols": {edge_text(p): s for p, s in sorted(self.symbols.items(), key=lambda kv: edge_text(kv[0]))}}

    @classmethod
    def from_spec(cls, spec: dict[str, Any]) -> "Board":
        """The board of ``spec`` (``to_spec``'s form). A board is immutable and a game's states
        and views all carry the same few maps, so the board of a spec is read once and shared
        (with what it works out once, such as ``neighbours``)."""
        key = (tuple(spec["hexes"].items()), tuple(spec.get("symbols", {}).items()))
        board = _READ.get(key)
        if board is None:
            hexes = {hexgrid.normalise(n) or n: parse_cell(n, c) for n, c in spec["hexes"].items()}
            board = cls(hexes, {edge(k): v for k, v in spec.get("symbols", {}).items()})
            if len(_READ) >= 64:
                _READ.clear()
            _READ[key] = board
        return board


_READ: dict[tuple[Any, ...], Board] = {}     # boards by their specs (Board.from_spec)
