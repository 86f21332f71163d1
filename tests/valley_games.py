"""Positions from real play: random games resolved by the engine itself."""
from __future__ import annotations

import random

from engine import SeededDice, get_ruleset
from engine.valley.boards import BOARD_NAMES
from engine.valley.bots import random_orders
from engine.valley.state import State

RULESET = get_ruleset("valley")


def play(seed: int, turns: int, players: int = 4, fire: bool = False, board: str | None = None) -> State:
    """The state after ``turns`` resolutions of a random game (fewer if it ends)."""
    seats = ["red", "blue", "green", "white", "black", "brown"][:players]
    options = {"fire": fire, "board": board or BOARD_NAMES[seed % len(BOARD_NAMES)]}
    st = RULESET.new_game(seats, options, seed)
    rng = random.Random(seed)
    for turn in range(turns):
        if st.stage == "over":
            break
        sheets = {p: random_orders(st, p, rng) for p in st.players}
        st = RULESET.resolve(st, sheets, SeededDice(f"{seed}:{turn}")).state
    return st
