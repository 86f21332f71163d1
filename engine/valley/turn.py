"""Running the phases in the rulebook's order, and one PBEM turn.

A PBEM turn starts at the decision point (after phases 1-3, when the report
shows the event, the new animals and their move) and runs phases 4-10, then
phases 1-3 of the next turn. Setup (turn 0) places the tribes and runs
phases 1-3 of the first turn.
"""
from __future__ import annotations

from typing import Callable

from engine.contract import OrderSheet, Resolution
from engine.dice import Dice
from engine.valley.animals import move_animals
from engine.valley.arrivals import arrivals
from engine.valley.births import births
from engine.valley.combat import fight_all
from engine.valley.context import Context
from engine.valley.endturn import end_turn
from engine.valley.events import events
from engine.valley.fate import draw_cards
from engine.valley.firstplayer import choose_first_player
from engine.valley.orders import Standing
from engine.valley.planting import planting
from engine.valley.setup import place_tribes
from engine.valley.state import State
from engine.valley.survival import survive
from engine.valley.tribes import move_tribes


def _animals_then_first_player(ctx: Context) -> None:
    move_animals(ctx)
    # Phases 1-3 cannot change camps in a way the players do not see, so the
    # First Player of phases 4-5 is fixed here and shown in the report.
    if not ctx.state.is_first_turn():
        choose_first_player(ctx)


PHASES: dict[str, Callable[[Context], None]] = {
    "events": events,
    "arrivals": arrivals,
    "animals": _animals_then_first_player,
    "tribes": move_tribes,
    "combat": fight_all,
    "survival": survive,
    "births": births,
    "planting": planting,
    "fate": draw_cards,
    "end": end_turn,
}
PHASE_NAMES = tuple(PHASES)


def run_phases(ctx: Context, first: str, last: str) -> None:
    names = PHASE_NAMES[PHASE_NAMES.index(first):PHASE_NAMES.index(last) + 1]
    for name in names:
        if ctx.state.stage == "over":
            return
        ctx.phase = name
        PHASES[name](ctx)


def apply_standing(ctx: Context) -> None:
    for player, sheet in ctx.sheets.items():
        if player not in ctx.state.tribes:
            continue
        for order in sheet.orders:
            if isinstance(order, Standing):
                ctx.state.tribes[player].standing[order.key] = order.value


def resolve(state: State, sheets: dict[str, OrderSheet], dice: Dice) -> Resolution:
    if state.stage == "over":
        raise ValueError("this game is over; there is nothing to resolve")
    st = state.copy()
    ctx = Context(st, dice, dict(sheets))
    apply_standing(ctx)
    if st.stage == "setup":
        ctx.phase = "setup"
        place_tribes(ctx)
        st.game_turn = 1
        run_phases(ctx, "events", "animals")
    else:
        run_phases(ctx, "tribes", "end")
        run_phases(ctx, "events", "animals")
    if st.stage != "over":
        st.stage = "orders"
    st.tidy()
    return Resolution(st, tuple(ctx.log))
