"""What a clan's camps cover on the map, counted once and grown one camp at a time.

The heuristic bot values every destination it could camp on; each is its
camps plus one hex. ``Spread.plus`` counts that hex's part (its terrain, the
water beside it, the border symbols on its edges, its fire, the groups it
joins) onto what the camps already cover, instead of counting all the camps
again. The counts are whole numbers, the same as engine.dewan.stories counts.
"""
from __future__ import annotations

from engine.dewan.board import WATER, Board


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
        marks = board.edges[dest]
        if marks:
            symbols = dict(symbols)
            for pair, sym in marks:
                symbols[sym] = symbols.get(sym, frozenset()) | {pair}
        joined = [g for g in self.groups if not g.isdisjoint(near)]
        merged = frozenset({dest}).union(*joined)
        groups = tuple(g for g in self.groups if g not in joined) + (merged,)
        return Spread(terrains, shore, symbols, self.fire + board.hexes[dest].fire, groups)

    # -- the counts the bot's valuation reads (Growth counts them alike) -----
    def terrain(self, what: str) -> int:
        """Camps on terrain ``what``."""
        return self.terrains.get(what, 0)

    def shore_size(self) -> int:
        return len(self.shore)

    def shown(self) -> set[str]:
        """The terrains under the camps, and water when a camp touches it."""
        out = set(self.terrains)
        if self.shore:
            out.add(WATER)
        return out

    def symbol(self, what: str) -> int:
        """Border symbols ``what`` on the camps' edges."""
        return len(self.symbols.get(what, ()))

    def sizes(self) -> list[int]:
        """The size of each group."""
        return [len(g) for g in self.groups]

    @property
    def largest(self) -> int:
        return max((len(g) for g in self.groups), default=0)


class Growth:
    """What a spread's camps and one camp more, on ``dest``, cover: the same counts as
    ``spread.plus(board, dest)`` gives, counted from the spread when asked, without building
    the grown spread (the bot values every destination it could camp on, and reads few of
    the counts of each)."""

    __slots__ = ("base", "board", "dest", "camps", "here", "_sizes")

    def __init__(self, base: Spread, board: Board, dest: str, camps: int) -> None:
        self.base, self.board, self.dest = base, board, dest
        self.camps = camps               # how many the camps are, the one on ``dest`` too
        self.here = board.terrain(dest)
        self._sizes: list[int] | None = None

    def terrain(self, what: str) -> int:
        return self.base.terrains.get(what, 0) + (what == self.here)

    def shore_size(self) -> int:
        shore = self.base.shore
        return len(shore) + sum(n not in shore for n in self.board.water_near[self.dest])

    def shown(self) -> set[str]:
        out = set(self.base.terrains)
        out.add(self.here)
        if self.base.shore or self.board.water_near[self.dest]:
            out.add(WATER)
        return out

    def symbol(self, what: str) -> int:
        had = self.base.symbols.get(what)
        got = len(had) if had else 0
        for pair, sym in self.board.edges[self.dest]:
            if sym == what and (not had or pair not in had):
                got += 1
        return got

    @property
    def fire(self) -> int:
        return self.base.fire + self.board.hexes[self.dest].fire

    def sizes(self) -> list[int]:
        """The size of each group (as Spread.plus groups them), in no fixed order."""
        if self._sizes is None:
            near, groups = self.board.adjacent(self.dest), self.base.groups
            sizes, merged, total = [], 1, 0
            for g in groups:
                total += len(g)
                if g.isdisjoint(near):
                    sizes.append(len(g))
                else:
                    merged += len(g)
            if total != self.camps - 1:      # groups that overlap, or a camp already there: count as plus
                joined = [g for g in groups if not g.isdisjoint(near)]
                sizes = [len(g) for g in groups if g not in joined]
                merged = len(frozenset({self.dest}).union(*joined))
            sizes.append(merged)
            self._sizes = sizes
        return self._sizes

    @property
    def largest(self) -> int:
        return max(self.sizes())
