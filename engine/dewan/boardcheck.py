"""Invariants our Dewan components and every map laid from them keep. Each
check returns its problems in words (an empty list when all is well)."""
from __future__ import annotations

import random
from collections import Counter
from typing import Callable

from engine.dewan.board import START, TERRAINS, WATER, Board
from engine.dewan.cards import card
from engine.dewan.components import (CARDS, PLAYERS, SCENARIOS, STORIES, TILES, inner_edge,
                                     layout, tile_names, tiles_of)
from engine.dewan.stories import Holding, Need, Story, met
from engine import hexgrid

CAMPS = 9          # per clan, the start camp included
TUCKS = 3          # cards a clan may tuck, at its 3rd, 5th and 7th camps


def check_tiles() -> list[str]:
    problems = []
    for tile in TILES.values():
        hexes = tile.hexes
        if (hexes[0].terrain == START) != (tile.kind == "start"):
            problems.append(f"tile {tile.id}: a start hex belongs in the centre of a start tile only")
        if any(h.terrain == START for h in hexes[1:]):
            problems.append(f"tile {tile.id}: a start hex in the ring")
        if any(h.berry and h.terrain == WATER for h in hexes):
            problems.append(f"tile {tile.id}: a berry on water, where no camp can take it")
        if any(h.fire > 2 for h in hexes):
            problems.append(f"tile {tile.id}: more than 2 fire symbols on one hex")
        berries = [i for i, h in enumerate(hexes) if h.berry]
        if len(berries) not in (0, 2) or (berries and not inner_edge(*berries)):
            problems.append(f"tile {tile.id}: berries {berries} are not one pile on two neighbouring hexes")
        edges = [frozenset((i, j)) for i, j, _ in tile.symbols]
        if len(set(edges)) != len(edges):
            problems.append(f"tile {tile.id}: two symbols on one edge")
    for tile_id in tiles_of("start"):
        ring = TILES[tile_id].hexes[1:]
        if {h.terrain for h in ring} != set(TERRAINS):
            problems.append(f"start tile {tile_id}: its ring lacks a terrain")
    return problems


def terrain_hexes() -> Counter[str]:
    """Hexes of each terrain over all the tiles."""
    return Counter(h.terrain for t in TILES.values() for h in t.hexes if h.terrain != START)


def card_serves() -> Counter[str]:
    """Cards that serve as each terrain (a two-terrain card counts for both)."""
    return Counter(t for text in CARDS.values() for t in card(text).terrains)


def check_cards() -> list[str]:
    problems = []
    if sorted(CARDS) != [f"c{i:02d}" for i in range(1, 56)]:
        problems.append("the cards are not c01..c55")
    hexes, serves = terrain_hexes(), card_serves()
    for t, word in TERRAINS.items():
        ratio = (serves[t] / sum(serves.values())) / (hexes[t] / sum(hexes.values()))
        if not 0.8 <= ratio <= 1.25:
            problems.append(f"{word}: {serves[t]} cards for {hexes[t]} hexes, a share {ratio:.2f} times the map's")
    symbols = Counter(card(text).symbol for text in CARDS.values())
    for symbol in ("fire", "berry", "artifact", "pigment", "crystal"):
        if symbols[symbol] < 3:
            problems.append(f"only {symbols[symbol]} cards with {symbol}")
    return problems


def check_stories() -> list[str]:
    problems = []
    if sorted(STORIES) != [f"s{i:02d}" for i in range(1, 25)]:
        problems.append("the stories are not s01..s24")
    if len({s.name for s in STORIES.values()}) != len(STORIES):
        problems.append("two stories share a name")
    for s in STORIES.values():
        if not 3 <= s.points <= 9 or not 0 <= s.fire <= 2 or not s.needs:
            problems.append(f"story {s.id}: {s.points} points, {s.fire} fire, {len(s.needs)} needs")
    return problems


def holes(names: set[str]) -> list[str]:
    """Cells with no hex that the map closes in on every side."""
    coords = {n: hexgrid.parse_name(n) or (0, 0) for n in names}
    cols = range(min(c for c, _ in coords.values()), max(c for c, _ in coords.values()) + 1)
    rows = range(min(r for _, r in coords.values()), max(r for _, r in coords.values()) + 1)
    empty = {hexgrid.make_name(c, r) for c in cols for r in rows} - names
    outside = [hexgrid.make_name(c, r) for c in cols for r in rows
               if (c in (cols[0], cols[-1]) or r in (rows[0], rows[-1])) and hexgrid.make_name(c, r) in empty]
    seen = set(outside)
    while outside:
        here = outside.pop()
        for d in range(6):
            n = hexgrid.step(here, d)
            if n in empty and n not in seen:
                seen.add(n)
                outside.append(n)
    return sorted(empty - seen, key=hexgrid.sort_key)


def check_scenarios() -> list[str]:
    problems = []
    for sc in SCENARIOS.values():
        for players in PLAYERS:
            where = sc.layouts.get(players)
            if where is None:
                problems.append(f"scenario {sc.id}: no map for {players} players")
                continue
            label = f"scenario {sc.id}, {players} players"
            if len(where.starts) != players or len(where.neutral) > len(tiles_of("neutral")):
                problems.append(f"{label}: {len(where.starts)} start slots, {len(where.neutral)} neutral slots")
            names: set[str] = set()
            for centre in where.centres:
                tile = set(tile_names(centre))
                if tile & names:
                    problems.append(f"{label}: the tile on {centre} overlaps another")
                names |= tile
            if gaps := holes(names):
                problems.append(f"{label}: holes in the map at {', '.join(gaps)}")
            for centre in where.starts:
                near = _touching(set(tile_names(centre)), names)
                if len({t for t in where.centres if set(tile_names(t)) & near}) < 3:
                    problems.append(f"{label}: the start tile on {centre} touches fewer than 3 other tiles")
    return problems


def _touching(tile: set[str], names: set[str]) -> set[str]:
    """The hexes of ``names`` just outside ``tile``."""
    return {n for h in tile for d in range(6) if (n := hexgrid.step(h, d)) in names and n not in tile}


def _reach(board: Board, first: str, allowed: Callable[[str], bool]) -> set[str]:
    """The hexes reached from ``first`` over hexes that ``allowed`` lets pass."""
    seen, todo = {first}, [first]
    while todo:
        for n in board.adjacent(todo.pop()):
            if n not in seen and allowed(n):
                seen.add(n)
                todo.append(n)
    return seen


def check_layout(board: Board, starts: list[str]) -> list[str]:
    """The invariants of one laid map, for the clans starting on ``starts``."""
    problems = []
    if sorted(starts) != sorted(board.starts()):
        problems.append(f"start hexes {sorted(board.starts())} are not the seats' {sorted(starts)}")
    if len(_reach(board, starts[0], lambda n: True)) != len(board.hexes):
        problems.append("the map is cut in parts")
    if gaps := holes(set(board.hexes)):
        problems.append(f"holes in the map at {', '.join(gaps)}")
    def dry(name: str) -> bool:
        return board.terrain(name) != "W"

    for s in starts:
        if sum(dry(n) for n in board.adjacent(s)) < 3:
            problems.append(f"start {s} has fewer than 3 neighbours off the water")
        if not _reach(board, s, dry) - set(tile_names(s)):
            problems.append(f"start {s} has no way off its tile that avoids the water")
    counts = Counter(h.terrain for h in board.hexes.values() if h.terrain != START)
    total = sum(counts.values())
    for t, word in TERRAINS.items():
        if not max(3, total / 12) <= counts[t] <= total * 2 / 5:
            problems.append(f"{counts[t]} {word} hexes of {total}")
    if sum(h.berry for h in board.hexes.values()) % 2:
        problems.append("an odd number of berry tokens")
    for story in STORIES.values():
        for s in starts if _start_matters(story, board, starts) else starts[:1]:
            if witness(story, board, s) is None:
                problems.append(f"story {story.id} cannot be met by the clan on {s}")
    return problems


def _start_matters(story: Story, board: Board, starts: list[str]) -> bool:
    """Whether which start a clan has can change if it meets the story: a
    start hex has no terrain, berry or fire, so only groups and border
    symbols on a start's edges tell them apart."""
    return any(n.kind == "group" for n in story.needs) or any(board.symbols_touching(s) for s in starts)


def witness(story: Story, board: Board, start: str) -> Holding | None:
    """A holding that meets ``story`` with at most 9 camps (``start`` first,
    no start hex or water after it) and 3 tucked cards, found greedily: camps
    anywhere, else camps each next to one already placed (a group that a camp
    off on its own could cut from the rest by water); None when neither finds
    one. What it finds is confirmed with stories.met."""
    for connected in (False, True):
        search = _Search(story, board, start, connected)
        while search.short() and (move := search.best()) is not None:
            search.add(*move)
        found = search.holding()
        if met(story, board, found):
            return found
    return None


class _Search:
    """The greedy search's position: camps and tucked cards so far, and how
    much of each need they give."""

    def __init__(self, story: Story, board: Board, start: str, connected: bool = False) -> None:
        self.story, self.board, self.connected = story, board, connected
        self.camps: dict[str, int] = {}          # camp -> its group's label
        self.sizes: dict[int, int] = {}          # group label -> camps in it
        self.tucked: list[str] = []
        self.shown: Counter[str] = Counter()     # terrains on camps and tucked cards
        self.symbols: set[tuple[frozenset[str], str]] = set()
        self.tucked_symbols: Counter[str] = Counter()
        self.wet: set[str] = set()               # water hexes next to the camps
        self.berries = self.fire = 0
        self.free = [n for n in board.names if board.terrain(n) not in (START, WATER)]
        self.deck = Counter(CARDS.values())
        self.add("camp", start)

    def got(self, need: Need) -> int:
        if need.kind == "terrain":
            return self.shown[need.what]
        if need.kind == "shore":
            return len(self.wet) + self.shown[WATER]
        if need.kind == "kinds":
            return sum(1 for t in TERRAINS if self.shown[t] or (t == WATER and self.wet))
        if need.kind == "symbol":
            return sum(s == need.what for _, s in self.symbols) + self.tucked_symbols[need.what]
        if need.kind == "group":
            return max(self.sizes.values())
        return self.berries if need.kind == "berries" else self.fire

    def short(self) -> int:
        return sum(max(0, n.count - self.got(n)) for n in self.story.needs)

    def _gain_camp(self, name: str, need: Need) -> int:
        h = self.board.hexes[name]
        if need.kind == "terrain":
            return int(h.terrain == need.what)
        if need.kind == "shore":
            return len(self._water(name) - self.wet)
        if need.kind == "kinds":
            wet = not self.wet and not self.shown[WATER] and self._water(name)
            return int(h.terrain in TERRAINS and not self.shown[h.terrain]) + int(bool(wet))
        if need.kind == "symbol":
            return sum(1 for m in self.board.symbols_touching(name) if m[1] == need.what and m not in self.symbols)
        if need.kind == "group":
            labels = {self.camps[n] for n in self.board.adjacent(name) if n in self.camps}
            return max(0, 1 + sum(self.sizes[g] for g in labels) - max(self.sizes.values()))
        return int(h.berry) if need.kind == "berries" else h.fire

    def _gain_card(self, text: str, need: Need) -> int:
        c = card(text)
        if need.kind in ("terrain", "shore"):
            return int(c.serves(need.what or WATER))
        if need.kind == "kinds":
            return sum(1 for t in c.terrains if not self.shown[t] and not (t == WATER and self.wet))
        if need.kind in ("symbol", "berries"):
            return int(c.symbol == (need.what or "berry"))
        return 0

    def best(self) -> tuple[str, str] | None:
        """The move that gives most of what is still short (camps first on a tie)."""
        left = [(n, n.count - self.got(n)) for n in self.story.needs]
        left = [(n, k) for n, k in left if k > 0]
        moves = []
        if len(self.camps) < CAMPS:
            moves += [("camp", n) for n in self.free if n not in self.camps
                      and (not self.connected or any(m in self.camps for m in self.board.adjacent(n)))]
        if len(self.tucked) < TUCKS:
            moves += [("tuck", c) for c in sorted(self.deck) if self.tucked.count(c) < self.deck[c]]
        top, gain = None, 0
        for kind, what in moves:
            measure = self._gain_camp if kind == "camp" else self._gain_card
            if (g := sum(min(k, measure(what, n)) for n, k in left)) > gain:
                top, gain = (kind, what), g
        return top

    def add(self, kind: str, what: str) -> None:
        if kind == "tuck":
            c = card(what)
            self.tucked.append(what)
            self.shown.update(c.terrains)
            self.tucked_symbols[c.symbol] += 1
            self.berries += c.symbol == "berry"
            return
        h = self.board.hexes[what]
        labels = {self.camps[n] for n in self.board.adjacent(what) if n in self.camps}
        label = len(self.camps)
        for n, g in self.camps.items():
            if g in labels:
                self.camps[n] = label
        self.sizes = {g: s for g, s in self.sizes.items() if g not in labels}
        self.sizes[label] = 1 + sum(self.camps[n] == label for n in self.camps)
        self.camps[what] = label
        if h.terrain in TERRAINS:
            self.shown[h.terrain] += 1
        self.wet |= self._water(what)
        self.symbols.update(self.board.symbols_touching(what))
        self.berries += h.berry
        self.fire += h.fire

    def _water(self, name: str) -> set[str]:
        return {n for n in self.board.adjacent(name) if self.board.terrain(n) == WATER}

    def holding(self) -> Holding:
        return Holding(frozenset(self.camps), tuple(self.tucked), sum(self.board.hexes[c].berry for c in self.camps))


def check_all(seeds: range = range(200)) -> list[str]:
    """Every check, with the maps of every scenario and player count laid
    from each seed."""
    problems = check_tiles() + check_cards() + check_stories() + check_scenarios()
    for sc in SCENARIOS:
        for players in PLAYERS:
            for seed in seeds:
                board, starts = layout(sc, players, random.Random(seed))
                problems += [f"{sc}, {players} players, seed {seed}: {p}" for p in check_layout(board, starts)]
    return problems
