"""The kind of step a game is at, and the clock that goes with it.

Each resolve is one numbered step (``Game.turn_no``). Where every awaited
seat orders together (``Ruleset.simultaneous``), the step has the
game's deadline (``period_minutes``) and reminders; where players act in
turn it has the per-move deadline (``move_minutes``) and its own reminders,
so one absent player stalls nobody for long.
"""
from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from pbem.models import Game


def minutes(game: Game) -> int:
    """How long the current step may take."""
    return game.period_minutes if game.simultaneous else game.move_minutes


def reminder_hours(game: Game) -> list[int]:
    """Hours before the step's deadline when a seat that owes orders is
    reminded, shortest last; only those shorter than the step itself."""
    text = game.reminders if game.simultaneous else game.move_reminders
    return sorted({int(h) for h in text.split(",") if h.strip()} - {0}, reverse=True)


def begin(game: Game, ruleset: Any, state: Any, now: datetime) -> None:
    """The game enters a step at ``state``: its kind and its deadline."""
    game.simultaneous = bool(ruleset.simultaneous(state))
    game.deadline = now + timedelta(minutes=minutes(game))


def word(simultaneous: bool) -> str:
    """What a step is called in mail: a turn where every seat orders
    together, a step where players act in turn."""
    return "turn" if simultaneous else "step"
