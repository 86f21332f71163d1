"""Story tiles: what each asks of a clan, and whether a clan meets it.

A story's requirements are all of its ``needs``; each need is one of:

- ``{"terrain": "F", "count": 3}``: 3 of the clan's camps on forest hexes, a
  tucked card showing forest counting as one more (a two-terrain card shows,
  and counts for, both);
- ``{"shore": 2}``: 2 water hexes next to the clan's camps (a camp never
  stands on water: each water hex touching one of its camps counts once), a
  tucked card showing water counting as one more;
- ``{"kinds": 4}``: 4 different terrains among the clan's camps and tucked
  cards, water counting when a camp touches water or a tucked card shows it;
- ``{"symbol": "crystal", "count": 2}``: 2 crystal symbols, each border symbol
  on an edge of a camp's hex counting once, each tucked card with it once;
- ``{"group": 4}``: 4 of the clan's camps in one group of contiguous hexes;
- ``{"berries": 2}``: 2 berry tokens taken, or berries shown on tucked cards;
- ``{"fire_hexes": 2}``: 2 fire symbols on the hexes of the clan's camps.

The start camp counts for groups but stands on no terrain.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.dewan.board import SYMBOLS, TERRAINS, WATER, Board
from engine.dewan.cards import card

KINDS = ("terrain", "shore", "kinds", "symbol", "group", "berries", "fire_hexes")


class StoryError(ValueError):
    """A story whose data cannot be read, with what is wrong."""


@dataclass(frozen=True)
class Need:
    kind: str            # one of KINDS
    count: int
    what: str = ""       # the terrain letter or the symbol, for those kinds

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Need":
        keys = set(d) - {"count"}
        if len(keys) != 1 or (kind := keys.pop()) not in KINDS:
            raise StoryError(f"need {d!r}: one of {', '.join(KINDS)}")
        if kind in ("terrain", "symbol"):
            what, count = d[kind], d.get("count", 1)
            if what not in (TERRAINS if kind == "terrain" else SYMBOLS):
                raise StoryError(f"need {d!r}: {what!r} is not a {kind}")
            if kind == "terrain" and what == WATER:
                raise StoryError(f"need {d!r}: no camp stands on water; count water next to the camps "
                                 "with {\"shore\": n}")
        else:
            what, count = "", d[kind]
        if not isinstance(count, int) or count < 1:
            raise StoryError(f"need {d!r}: the count is a whole number from 1")
        return cls(kind, count, what)

    def to_dict(self) -> dict[str, Any]:
        return {self.kind: self.what, "count": self.count} if self.what else {self.kind: self.count}


@dataclass(frozen=True)
class Story:
    id: str
    name: str
    points: int
    fire: int
    needs: tuple[Need, ...]

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Story":
        try:
            return cls(d["id"], d["name"], int(d["points"]), int(d.get("fire", 0)),
                       tuple(Need.from_dict(n) for n in d["needs"]))
        except KeyError as missing:
            raise StoryError(f"story {d.get('id', '?')}: no {missing}") from None


@dataclass(frozen=True)
class Holding:
    """What a clan has that stories look at."""
    camps: frozenset[str]          # its camps' hexes, the start camp's too
    tucked: tuple[str, ...] = ()   # the cards under its tribe board, in card notation
    berries: int = 0               # berry tokens taken


def largest_group(board: Board, camps: frozenset[str]) -> int:
    """The size of the largest set of the camps joined hex to hex."""
    seen: set[str] = set()
    best, near = 0, board.neighbours
    for first in camps:
        if first in seen:
            continue
        todo, size = [first], 0
        seen.add(first)
        while todo:
            here = todo.pop()
            size += 1
            for n in near[here]:
                if n in camps and n not in seen:
                    seen.add(n)
                    todo.append(n)
        best = max(best, size)
    return best


def shore(board: Board, camps: frozenset[str]) -> set[str]:
    """The water hexes next to at least one of ``camps``."""
    return {n for c in camps for n in board.water_near[c]}


def have(need: Need, board: Board, holding: Holding) -> int:
    """How much of ``need`` the clan has (met when at least ``need.count``)."""
    cards = [card(t) for t in holding.tucked]
    if need.kind == "terrain":
        terrain = board.terrains
        return (sum(terrain[c] == need.what for c in holding.camps)
                + sum(c.serves(need.what) for c in cards))
    if need.kind == "shore":
        return len(shore(board, holding.camps)) + sum(c.serves(WATER) for c in cards)
    if need.kind == "kinds":
        shown = {board.terrain(c) for c in holding.camps} | {t for c in cards for t in c.terrains}
        if shore(board, holding.camps):
            shown.add(WATER)
        return len(shown & TERRAINS.keys())
    if need.kind == "symbol":
        edges = {pair for c in holding.camps for pair, sym in board.edges[c] if sym == need.what}
        return len(edges) + sum(c.symbol == need.what for c in cards)
    if need.kind == "group":
        return largest_group(board, holding.camps)
    if need.kind == "berries":
        return holding.berries + sum(c.symbol == "berry" for c in cards)
    return sum(board.hexes[c].fire for c in holding.camps)


def met(story: Story, board: Board, holding: Holding) -> bool:
    return all(have(need, board, holding) >= need.count for need in story.needs)


def describe(need: Need) -> str:
    """A need in words, for reports and the cards' docs."""
    if need.kind == "terrain":
        return f"{need.count} {TERRAINS[need.what]}"
    if need.kind == "symbol":
        return f"{need.count} {need.what}" + ("s" if need.count > 1 else "")
    if need.kind == "shore":
        return f"{need.count} water next to camps"
    return {"kinds": f"{need.count} different terrains", "group": f"a group of {need.count} camps",
            "berries": f"{need.count} berr{'ies' if need.count > 1 else 'y'}",
            "fire_hexes": f"{need.count} fire on camp hexes"}[need.kind]
