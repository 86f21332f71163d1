"""The rewards of the dice for everyone in the order a seat's needs rank them, when its PICK
says nothing (or PICK AUTO).

Early in the game (more than four rounds likely left and agriculture below 6)
a field and a tool come first, then the dearest resource; later the dear
resources come first and the field falls behind clay. A reward that would
give the seat nothing (agriculture at 10, tools at 4 4 4) goes last. The
heuristic bot ranks its PICK the same way.
"""
from __future__ import annotations

from engine.stoneage.state import MAX_AGRICULTURE, MAX_TOOL, PlayerBoard

EARLY: tuple[str, ...] = ("field", "tool", "gold", "stone", "clay", "wood")
LATE: tuple[str, ...] = ("gold", "stone", "tool", "clay", "field", "wood")


def ranked(board: PlayerBoard, rounds_left: int) -> tuple[str, ...]:
    """The six rewards, best first for this seat now."""
    order = EARLY if rounds_left > 4 and board.agriculture < 6 else LATE
    field_full, tools_full = board.agriculture >= MAX_AGRICULTURE, min(board.tools) >= MAX_TOOL
    if not (field_full or tools_full):
        return order
    useless = {"field"} if field_full else set()
    if tools_full:
        useless.add("tool")
    return tuple(r for r in order if r not in useless) + tuple(r for r in order if r in useless)
