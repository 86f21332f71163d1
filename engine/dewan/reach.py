"""The camps the heuristic bot weighs. ``reach``, by the map alone: every destination a path
of two hexes reaches from a seat's camps (longer across a run of water), with the distinct
costs of its paths. A cost is one need per card paid (a terrain letter, or ANY for any card),
in path order, as engine.dewan.payment counts it, and how many of those cards would go to
opponents. Of the paths to one destination with the same needs, the first found that gives
opponents the fewest cards is kept. ``Option`` is such a camp with what it is worth to the
bot (engine.dewan.heuristic), and ``Found`` the options of one position with what the bot
works out from them.
"""
from __future__ import annotations

from typing import NamedTuple

from engine.dewan.board import START, WATER, Board
from engine.dewan.payment import ANY

Path = tuple[str, ...]
Cost = tuple[Path, tuple[str, ...], int]       # the path, its needs, the cards given away


def reach(board: Board, seat: str, players: list[str], layout: tuple[tuple[str, ...], ...]
          ) -> list[tuple[str, list[Cost]]]:
    """Each destination, in the order first found, with its paths' costs (in the order first
    found); ``layout`` holds each player's camps, in ``players``' order, the start camp first."""
    owner = {h: p for p, camps in zip(players, layout) for h in camps}
    mine = layout[players.index(seat)]
    terrain, near = board.terrains, board.neighbours
    free = board.land - owner.keys()
    kept: dict[tuple[str, tuple[str, ...]], Cost] = {}      # by destination and needs
    for c in mine:
        leave = ANY if c == mine[0] or terrain[c] == START else terrain[c]
        for a in near[c]:
            if a in free:
                key = (a, (leave, terrain[a]))
                if key not in kept:
                    kept[key] = ((c, a), key[1], 0)
            if owner.get(a) == seat:
                continue
            cross = ANY if terrain[a] == START else terrain[a]
            paid = int(a in owner)
            for b in near[a]:
                if b == c:
                    continue
                if b in free:
                    key = (b, (leave, cross, terrain[b]))
                    old = kept.get(key)
                    if old is None or old[2] > paid:
                        kept[key] = ((c, a, b), key[1], paid)
                if cross == WATER and terrain[b] == WATER:
                    run_paid = paid or int(b in owner and owner[b] != seat)
                    for e in near[b]:
                        if e not in (c, a) and e in free:
                            key = (e, (leave, WATER, terrain[e]))
                            old = kept.get(key)
                            if old is None or old[2] > run_paid:
                                kept[key] = ((c, a, b, e), key[1], run_paid)
    found: dict[str, list[Cost]] = {}
    for (dest, _), cost in kept.items():
        costs = found.get(dest)
        if costs is None:
            costs = found[dest] = []
        costs.append(cost)
    return list(found.items())


new_option = tuple.__new__   # Option(...) without its Python-level __new__: options are made by the thousand


class Option(NamedTuple):
    """A camp it could place: the path, one need per card paid, and its worth."""
    dest: str
    path: tuple[str, ...]
    needs: tuple[str, ...]       # a terrain letter or ANY per card, in path order
    given: int                   # cards that would go to opponents
    gain: float                  # worth added by the camp, before its cost


class Found:
    """The camps a seat could place (kept with the state for the same map and clan), and what
    is worked out from them: the camps it can pay by hand and bonus, the planned needs."""

    __slots__ = ("options", "most", "paid", "_planned")

    def __init__(self, options: tuple[Option, ...], most: int) -> None:
        self.options, self.most = options, most         # most: the camps planned
        self.paid: dict[tuple, list[tuple[float, Option, list[str]]]] = {}
        self._planned: tuple[tuple[tuple[str, ...], float], ...] | None = None

    def planned(self) -> tuple[tuple[tuple[str, ...], float], ...]:
        """The needs of the ``most`` camps planned highest (gain less cards), each with the worth
        of the highest planned camp that has them, highest first: what a pair of cards is
        judged against."""
        if self._planned is None:
            options = self.options
            worths = [o.gain - len(o.needs) for o in options]
            best: dict[tuple[str, ...], float] = {}
            for k in sorted(range(len(options)), key=[-w for w in worths].__getitem__)[:self.most]:
                if worths[k] > best.get(options[k].needs, float("-inf")):
                    best[options[k].needs] = worths[k]
            self._planned = tuple(best.items())
        return self._planned
