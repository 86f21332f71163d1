"""What a clan's camps cover on the map, counted once and grown one camp at a time.

The heuristic bot values every destination it could camp on; each is its
camps plus one hex. ``Spread.plus`` counts that hex's part (its terrain, the
water beside it, the border symbols on its edges, its fire, the groups it
joins) onto what the camps already cover, instead of counting all the camps
again. The counts are whole numbers, the same as engine.dewan.stories counts.
"""
from __future__ import annotations

from functools import lru_cache

from engine.dewan.board import Board


@lru_cache(maxsize=8)
def edges_of(board: Board) -> dict[str, tuple[tuple[frozenset[str], str], ...]]:
    """Each hex's border symbols, looked up once per map."""
    return {h: tuple(board.symbols_touching(h)) for h in board.hexes}


class Spread:
    """Terrains under the camps (the start hex's too), the water next to them, the border
    symbols on their edges by symbol, the fire on their hexes, and their groups."""

    __slots__ = ("terrains", "shore", "symbols", "fire", "groups")

    def __init__(self, terrains: dict[str, int], shore: frozenset[str], symbols: dict[str, frozenset],
                 fire: int, groups: tuple[frozenset[str], ...]) -> None:
        self.terrains, self.shore, self.symbols = terrains, shore, symbols
        self.fire, self.groups = fire, groups

    @classmethod
    def of(cls, board: Board, camps: frozenset[str]) -> Spread:
        out = cls({}, frozenset(), {}, 0, ())
        for c in sorted(camps):
            out = out.plus(board, c)
        return out

    def plus(self, board: Board, dest: str) -> Spread:
        """The spread with one more camp, on ``dest``."""
        terrains = dict(self.terrains)
        here = board.terrain(dest)
        terrains[here] = terrains.get(here, 0) + 1
        near = board.adjacent(dest)
        wet = [n for n in board.water_near[dest] if n not in self.shore]
        shore = self.shore.union(wet) if wet else self.shore
        symbols = self.symbols
        marks = edges_of(board)[dest]
        if marks:
            symbols = dict(symbols)
            for pair, sym in marks:
                symbols[sym] = symbols.get(sym, frozenset()) | {pair}
        joined = [g for g in self.groups if not g.isdisjoint(near)]
        merged = frozenset({dest}).union(*joined)
        groups = tuple(g for g in self.groups if g not in joined) + (merged,)
        return Spread(terrains, shore, symbols, self.fire + board.hexes[dest].fire, groups)

    @property
    def largest(self) -> int:
        return max((len(g) for g in self.groups), default=0)
