"""Phase 3: every animal that can moves its full distance in the direction of one die.

Herds form only within a species, and only along one line of hexes (animals
move along the die's direction or straight back). So the order problem of the
rulebook's note is solved line by line: every order of the moving groups on
a line is tried and the one that leaves the fewest groups (the most herds)
wins; ties go to the order that moves the leading group first.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import permutations

from engine.messages import Msg, Plural
from engine import hexgrid
from engine.valley.board import Board
from engine.valley.context import Context
from engine.hexgrid import direction_word
from engine.valley.species import ORDER, SPECIES, Species, word
from engine.valley.state import State

MAX_PERMUTED = 6


@lru_cache(maxsize=4096)
def _cube(name: str) -> tuple[int, int, int]:
    col, row = hexgrid.parse_name(name)
    z = row - (col - (col & 1)) // 2
    return col, -col - z, z


def _line(name: str, direction: int) -> tuple[int, int]:
    """Which line along ``direction`` a hex lies on (constant cube coordinate)."""
    x, y, z = _cube(name)
    axis = direction % 3  # N/S keep x, NE/SW keep y, SE/NW keep z
    return axis, (x, y, z)[axis]


def _progress(name: str, direction: int) -> int:
    """How far along ``direction`` a hex lies: larger is further ahead."""
    x, y, z = _cube(name)
    return (y, x, x, -y, -x, -x)[direction]


class _Mover:
    def __init__(self, state: State, board: Board, species: Species) -> None:
        self.state = state
        self.board = board
        self.species = species

    def obstacle(self, here: str, there: str | None) -> bool:
        if there is None:
            return True
        h = self.board.hexes[there]
        if h.kind == "L":
            return True
        sp = self.state.peek(there)
        if sp is not None and sp.blocked():
            return True
        if h.kind == "M" and not self.species.mountains:
            return True
        return not self.species.rivers and self.state.river_blocks(here, there)

    def path(self, start: str, direction: int, ended: set[str]) -> list[str]:
        nb = self.board.neighbours
        if self.obstacle(start, nb[start][direction]):
            direction = hexgrid.opposite(direction)
            if self.obstacle(start, nb[start][direction]):
                return [start]
        path = [start]
        here = start
        for _ in range(self.species.moves):
            there = nb[here][direction]
            if self.obstacle(here, there):
                break
            path.append(there)
            here = there
            sp = self.state.peek(there)
            if (sp is not None and sp.tribes) or there in ended:
                break
        return path


def _simulate(mover: _Mover, order: list[str], direction: int, fixed: set[str]) -> dict[str, list[str]]:
    ended = set(fixed)
    paths = {}
    for start in order:
        p = mover.path(start, direction, ended)
        paths[start] = p
        ended.add(p[-1])
    return paths


def _best_paths(mover: _Mover, starts: list[str], direction: int, fixed: set[str]) -> dict[str, list[str]]:
    if len(starts) == 1:      # one order only
        return _simulate(mover, starts, direction, fixed)
    front_first = sorted(starts, key=lambda s: (-_progress(s, direction), hexgrid.sort_key(s)))
    if len(front_first) > MAX_PERMUTED:
        return _simulate(mover, front_first, direction, fixed)
    best, best_count = None, None
    for order in permutations(front_first):
        paths = _simulate(mover, list(order), direction, fixed)
        count = len({p[-1] for p in paths.values()} - fixed)
        if best_count is None or count < best_count:
            best, best_count = paths, count
    return best


def move_animals(ctx: Context) -> None:
    st = ctx.state
    board = st.board
    face = ctx.dice.roll("animals")
    direction = hexgrid.die_direction(face)
    ctx.say(Msg("the animal die shows {face}: the animals head {direction}", face=face,
                direction=direction_word(hexgrid.DIRECTIONS[direction])))
    # Moving one species brings no other one anywhere (a tidy may drop another's empty list).
    held: dict[str, list[str]] = {}
    for n, sp in st.spaces.items():
        for name in sp.animals:
            held.setdefault(name, []).append(n)
    for name in ORDER:
        holders = [n for n in held.get(name, ()) if name in st.spaces[n].animals]
        if not holders:
            continue
        mover = _Mover(st, board, SPECIES[name])
        fixed = {n for n in holders if st.spaces[n].tribes}
        lines: dict[tuple[int, int], list[str]] = {}
        for n in holders:
            if n not in fixed:
                lines.setdefault(_line(n, direction), []).append(n)
        plans: dict[str, list[str]] = {}
        for key in sorted(lines):
            plans.update(_best_paths(mover, lines[key], direction, fixed))
        _apply(ctx, name, plans)


def _apply(ctx: Context, species: str, plans: dict[str, list[str]]) -> None:
    st = ctx.state
    moving = {start: st.spaces[start].animals.pop(species) for start in plans}
    for start in sorted(plans, key=hexgrid.sort_key):
        path = plans[start]
        letters = moving[start]
        end = path[-1]
        st.space(end).animals.setdefault(species, []).extend(letters)
        n = len(letters)
        if len(path) > 1:
            ctx.say(Plural("{count} {species} moves {path}", "{count} {species} moves {path}", n,
                           count=n, species=word(species, n), path="-".join(path)))
        if SPECIES[species].tramples:
            for n in path[1:]:
                _trample(ctx, n, species, len(letters))
    for start in plans:
        sp = st.peek(start)
        if sp is not None:
            sp.tidy()


def _trample(ctx: Context, name: str, species: str, n: int) -> None:
    sp = ctx.state.peek(name)
    if sp is None or not sp.crop:
        return
    if sp.crop == "ok":
        sp.crop = "damaged"
        ctx.say(Plural("the {species} trample the crop on {space}: it is damaged",
                       "the {species} trample the crop on {space}: it is damaged", n,
                       species=word(species, n), space=name))
    else:
        sp.crop = None
        ctx.say(Plural("the {species} trample the damaged crop on {space}: it is destroyed",
                       "the {species} trample the damaged crop on {space}: it is destroyed", n,
                       species=word(species, n), space=name))
