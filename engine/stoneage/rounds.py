"""A round's phases in order, run as far as they go: the machine behind ``resolve``.

Placement, actions, the Mammoth Herd's taming (games with the herd),
feeding, then the round's end. A run stops where a seat must decide, at
the end of the round, or when the game is over.
"""
from __future__ import annotations

from engine.contract import Event
from engine.dice import Dice
from engine.stoneage import actions, feeding, placement, played, roundend, taming
from engine.stoneage.state import Stage, State

# The stages, looked up once (an enum member read off its class costs a lookup each time).
PLACEMENT, ACTIONS, HERD, FEEDING, OVER = Stage.PLACEMENT, Stage.ACTIONS, Stage.HERD, Stage.FEEDING, Stage.OVER


def live(st: State) -> bool:
    """Is the placement asked one placement a mail (``placement = live``)?"""
    return st.options.get("placement") == "live"


def herd_phase(st: State, dice: Dice, log: list[Event]) -> None:
    """The Mammoth Herd's taming roll, after the actions and before feeding (nothing without it)."""
    taming.tame(st, dice, log)


def run_stage(st: State, dice: Dice, log: list[Event], answered: frozenset[str] = frozenset()) -> bool:
    """Run the stage the state is in; False when a seat must decide first."""
    if st.stage is PLACEMENT:
        if not placement.run(st, log, answered, live(st)):
            return False
        played.start(st)
        st.stage = ACTIONS
    elif st.stage is ACTIONS:
        if not actions.run(st, dice, log):
            return False
        st.stage = HERD
    elif st.stage is HERD:
        herd_phase(st, dice, log)
        st.stage = FEEDING
    elif st.stage is FEEDING:
        feeding.run(st, log)
        roundend.run(st, log)      # the next round's placement, or the game is over
    return True


def advance(st: State, dice: Dice, log: list[Event], answered: frozenset[str] = frozenset()) -> None:
    """Run until a seat must decide, the round ends, or the game is over."""
    start = st.round
    while st.stage is not OVER and st.round == start:
        if not run_stage(st, dice, log, answered):
            return
        answered = frozenset()
