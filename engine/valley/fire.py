"""Where fire can be taken (FIRE): a volcano, or a space next to wildfire or on lava."""
from __future__ import annotations

from engine.valley.state import State


def fire_source(state: State, name: str) -> bool:
    """Can fire be taken on ``name`` at all (volcano, next to wildfire, lava)?"""
    return state.board.hexes[name].terrain == "V" or touches_flames(state, name)


def touches_flames(state: State, name: str) -> bool:
    sp = state.peek(name)
    if sp and sp.lava:
        return True
    return any((n_sp := state.peek(n)) is not None and n_sp.wildfire
               for n in state.board.adjacent(name))
