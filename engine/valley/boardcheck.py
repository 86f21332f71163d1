"""Invariants every standard board must keep; returns problems, never raises."""
from __future__ import annotations

import string

from engine.valley.board import Board

CAPITALS = tuple(string.ascii_uppercase[:6])
SMALL = tuple(string.ascii_lowercase[:12])


def _components(board: Board, kind: str) -> list[list[str]]:
    seen: set[str] = set()
    parts = []
    for start in board.names:
        if start in seen or board.hexes[start].kind != kind:
            continue
        stack, part = [start], []
        seen.add(start)
        while stack:
            here = stack.pop()
            part.append(here)
            for n in board.adjacent(here):
                if n not in seen and board.hexes[n].kind == kind and not board.river_between(here, n):
                    seen.add(n)
                    stack.append(n)
        parts.append(part)
    return parts


def tribe_steps(board: Board, start: str) -> set[str]:
    """Spaces a token on ``start`` can reach in one move on an empty board."""
    reached = set()
    for first in board.adjacent(start):
        if board.hexes[first].kind == "L" or board.river_between(start, first):
            continue
        reached.add(first)
        if board.hexes[first].kind == "M":
            continue
        for second in board.adjacent(first):
            if board.hexes[second].kind != "L" and not board.river_between(first, second):
                reached.add(second)
    return reached


def check_board(board: Board) -> list[str]:
    problems: list[str] = []
    if len(board.hexes) != 37:
        problems.append(f"{len(board.hexes)} hexes, not 37")
    edge = [n for n in board.names if board.on_edge(n)]
    if len(edge) != 18:
        problems.append(f"{len(edge)} edge hexes, not 18")
    for kind, word in (("P", "plains"), ("F", "forest"), ("M", "mountain")):
        numbers = []
        for part in _components(board, kind):
            labels = {board.hexes[n].region for n in part}
            if len(labels) != 1 or None in labels:
                problems.append(f"{word} region {sorted(part)} carries numbers {sorted(map(str, labels))}")
            numbers.extend(labels)
        if sorted(n for n in numbers if n is not None) != [1, 2, 3, 4, 5, 6]:
            problems.append(f"{word} regions are numbered {sorted(map(str, numbers))}, not 1-6")
    letters = sorted(board.arrivals)
    if letters != sorted(CAPITALS + SMALL):
        problems.append(f"arrival letters are {''.join(letters)}, not A-F and a-l")
    for letter, space in board.arrivals.items():
        if not board.on_edge(space):
            problems.append(f"arrival {letter} on {space}, which is not on the edge")
    if sorted(board.arrivals.values()) != sorted(edge):
        problems.append("not every edge hex carries exactly one arrival letter")
    land = [n for n in board.names if board.hexes[n].kind != "L"]
    seen = {land[0]} if land else set()
    stack = list(seen)
    while stack:
        here = stack.pop()
        for n in board.adjacent(here):
            if n not in seen and board.hexes[n].kind != "L" and not board.river_between(here, n):
                seen.add(n)
                stack.append(n)
    if len(seen) != len(land):
        problems.append(f"the land is cut in parts: {sorted(set(land) - seen)} cannot be walked to")
    for n in land:
        if n not in board.fishing and not (tribe_steps(board, n) & board.fishing):
            problems.append(f"{n} has no fishing within one move")
    if not any(h.terrain == "V" for h in board.hexes.values()):
        problems.append("no volcano")
    for volcano in (n for n in board.names if board.hexes[n].terrain == "V"):
        if not board.lava.get(volcano):
            problems.append(f"volcano {volcano} has no lava path")
    return problems
