"""Our Dewan components, read once from the package's data folder: the 55
terrain cards, the 24 story tiles, the map tiles and the scenarios; and
``layout()``, which lays a scenario's map for a player count.

The publisher's components are not published: these are the project's design
(see docs/cards-dewan.md).
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass
from importlib import resources
from types import MappingProxyType
from typing import Any, Mapping

from engine.dewan.board import SYMBOLS, Board, Hex, parse_cell
from engine.dewan.cards import normal
from engine.dewan.stories import Story
from engine import hexgrid

DEFAULT_SCENARIO = "base"
PLAYERS = (2, 3, 4)
SCORING_KEYS = ("story_points", "fire_each", "most_fire", "berry_each", "group_of_2_plus")
RING = ("N", "NE", "SE", "S", "SW", "NW")
"""A tile's hexes after its centre, in hexgrid direction order 0..5."""


class ComponentError(ValueError):
    """Component data or a layout request that cannot be used, with why."""


@dataclass(frozen=True)
class Tile:
    id: str
    name: str
    kind: str                                   # "start" or "neutral"
    cells: tuple[str, ...]                      # centre, then N, NE, SE, S, SW, NW
    symbols: tuple[tuple[int, int, str], ...]   # (hex index, hex index, symbol)

    @property
    def hexes(self) -> tuple[Hex, ...]:
        return tuple(parse_cell(f"{self.id}[{i}]", c) for i, c in enumerate(self.cells))


@dataclass(frozen=True)
class Slots:
    """Where the tiles go for one player count: start centres in seat order."""
    starts: tuple[str, ...]
    neutral: tuple[str, ...]

    @property
    def centres(self) -> tuple[str, ...]:
        return self.starts + self.neutral


@dataclass(frozen=True)
class Scenario:
    id: str
    name: str
    text: str
    scoring: Mapping[str, int]
    layouts: Mapping[int, Slots]


def _data(name: str) -> Any:
    text = resources.files("engine.dewan").joinpath(f"data/{name}").read_text("utf-8")
    return json.loads(text)


def _cards() -> dict[str, str]:
    return {cid: normal(text) for cid, text in _data("cards.json")["cards"].items()}


def _stories() -> dict[str, Story]:
    return {d["id"]: Story.from_dict(d) for d in _data("stories.json")["stories"]}


def _tile(d: dict[str, Any]) -> Tile:
    if d["kind"] not in ("start", "neutral") or len(d["hexes"]) != 7:
        raise ComponentError(f"tile {d['id']}: a start or neutral tile of 7 hexes")
    symbols = tuple((int(i), int(j), s) for i, j, s in d["symbols"])
    for i, j, s in symbols:
        if s not in SYMBOLS or not inner_edge(i, j):
            raise ComponentError(f"tile {d['id']}: ({i}, {j}, {s}) is not a symbol on an edge of the tile")
    tile = Tile(d["id"], d["name"], d["kind"], tuple(d["hexes"]), symbols)
    _ = tile.hexes      # a cell that is no hex raises BoardError now, not in a game
    return tile


def inner_edge(i: int, j: int) -> bool:
    """Whether hexes i and j of a tile (0 the centre, 1..6 the ring) touch."""
    a, b = sorted((i, j))
    if not (0 <= a < b <= 6):
        return False
    return a == 0 or b - a == 1 or (a, b) == (1, 6)


def _tiles() -> dict[str, Tile]:
    return {d["id"]: _tile(d) for d in _data("tiles.json")["tiles"]}


def _scenarios() -> dict[str, Scenario]:
    out = {}
    for d in _data("scenarios.json")["scenarios"]:
        if set(d["scoring"]) != set(SCORING_KEYS):
            raise ComponentError(f"scenario {d['id']}: scoring keys are {', '.join(SCORING_KEYS)}")
        layouts = {int(n): Slots(tuple(s["starts"]), tuple(s["neutral"])) for n, s in d["layouts"].items()}
        out[d["id"]] = Scenario(d["id"], d["name"], d["text"], MappingProxyType(dict(d["scoring"])),
                                MappingProxyType(layouts))
    return out


CARDS: Mapping[str, str] = MappingProxyType(_cards())
"""Card id (c01..c55) to its card text, e.g. ``"FM"`` or ``"W/crystal"``."""
STORIES: Mapping[str, Story] = MappingProxyType(_stories())
"""Story id (s01..s24) to the story tile."""
TILES: Mapping[str, Tile] = MappingProxyType(_tiles())
SCENARIOS: Mapping[str, Scenario] = MappingProxyType(_scenarios())


def deck() -> list[str]:
    """The 55 card texts in id order (shuffle a copy with the game's rng)."""
    return list(CARDS.values())


def tile_names(centre: str) -> tuple[str, ...]:
    """The 7 hexes of a tile centred on ``centre``: centre, then N..NW."""
    names = (centre,) + tuple(hexgrid.step(centre, d) for d in range(6))
    if None in names:
        raise ComponentError(f"a tile centred on {centre} runs off the grid")
    return names  # type: ignore[return-value]


def place(tile: Tile, centre: str, turn: int = 0) -> tuple[dict[str, Hex], dict[frozenset[str], str]]:
    """A tile's hexes and border symbols by hex name, centred on ``centre``
    and turned ``turn`` sixths clockwise (the N hex goes to NE for 1)."""
    around = tile_names(centre)
    names = [around[0]] + [around[1 + (d + turn) % 6] for d in range(6)]
    hexes = dict(zip(names, tile.hexes))
    return hexes, {frozenset((names[i], names[j])): s for i, j, s in tile.symbols}


def slots(scenario_id: str, players: int) -> Slots:
    if scenario_id not in SCENARIOS:
        raise ComponentError(f"no scenario {scenario_id!r}; the scenarios are {', '.join(SCENARIOS)}")
    found = SCENARIOS[scenario_id].layouts.get(players)
    if found is None:
        raise ComponentError(f"scenario {scenario_id} has no map for {players} players")
    return found


def tiles_of(kind: str) -> list[str]:
    return [t.id for t in TILES.values() if t.kind == kind]


def layout(scenario_id: str, players: int, rng: random.Random) -> tuple[Board, list[str]]:
    """The map of a scenario for ``players`` clans and the start hexes in seat
    order. ``rng`` picks which tiles fill the slots and turns each tile; the
    same seed gives the same map."""
    where = slots(scenario_id, players)
    starts = rng.sample(tiles_of("start"), len(where.starts))
    neutral = rng.sample(tiles_of("neutral"), len(where.neutral))
    hexes: dict[str, Hex] = {}
    symbols: dict[frozenset[str], str] = {}
    for centre, tile_id in zip(where.centres, starts + neutral):
        placed, marks = place(TILES[tile_id], centre, rng.randrange(6))
        if placed.keys() & hexes.keys():
            raise ComponentError(f"scenario {scenario_id}: the tile on {centre} overlaps another")
        hexes.update(placed)
        symbols.update(marks)
    return Board(hexes, symbols), list(where.starts)
