"""The kind of step a game is at, and the clock that goes with it.

Each resolve is one numbered step (``Game.turn_no``). Players see it by the
game's own count (``counted``): a turn or a step, numbered as stored; a
round where every step is a round of the game (round N + 1 for step N); or,
where each seat moves once a round and the game counts its rounds
(``Ruleset.counts_rounds``: Dewan), the round the step is in
(``Ruleset.round_of``), so a seat's move is "round 9, your move". Where every awaited
seat orders together (``Ruleset.simultaneous``), the step has the
game's deadline (``period_minutes``) and reminders; where players act in
turn it has the per-move deadline (``move_minutes``) and its own reminders,
so one absent player stalls nobody for long.
"""
from __future__ import annotations

import json
from datetime import datetime, timedelta
from functools import lru_cache
from typing import Any

from engine import get_ruleset
from sqlmodel import Session, select

from pbem.models import Game, TurnRecord


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


def counted(game: Game) -> tuple[str, int]:
    """What players call the game's steps and what to add to a step's number to get theirs:
    ("round", 1) where every step is a round of the game (Stone Age's plan mode), else
    ("turn", 0) or ("step", 0) as ``word`` says."""
    if _in_rounds(game.ruleset, game.options_json):
        return "round", 1
    return word(game.simultaneous), 0


@lru_cache(maxsize=256)
def _in_rounds(ruleset: str, options_json: str) -> bool:
    game = get_ruleset(ruleset)
    options = json.loads(options_json or "{}")
    try:
        options = game.check_options(options)
    except ValueError:
        pass
    return bool(game.steps_are_rounds(options))


def by_round(game: Game) -> bool:
    """True where players name a step by the round it is in (``Ruleset.counts_rounds``), not
    by its number: TURN and HISTORY then take rounds, and several steps share one."""
    return _counts_rounds(game.ruleset)


@lru_cache(maxsize=16)
def _counts_rounds(ruleset: str) -> bool:
    return bool(get_ruleset(ruleset).counts_rounds)


def round_in(ruleset: str, state_json: str) -> int:
    """The round a stored state is in (``Ruleset.round_of``)."""
    return _round_in(ruleset, state_json)


@lru_cache(maxsize=64)
def _round_in(ruleset: str, state_json: str) -> int:
    game = get_ruleset(ruleset)
    return int(game.round_of(game.from_json(state_json)))


def unit(game: Game) -> str:
    """What players call the current position: "round", "turn" or "step"."""
    return "round" if by_round(game) else counted(game)[0]


def round_at(s: Session, game: Game, step: int) -> int:
    """The round of the position at step ``step`` (the state it was resolved from)."""
    if step >= game.turn_no:
        return round_in(game.ruleset, game.state_json)
    if step <= 0 and game.initial_state_json:
        return round_in(game.ruleset, game.initial_state_json)
    record = s.exec(select(TurnRecord).where(TurnRecord.game_id == game.id,
                                             TurnRecord.turn_no == step - 1)).first()
    return round_in(game.ruleset, record.state_json) if record else 0


def shown(game: Game, number: int | None = None) -> int:
    """The number players see for step ``number`` (the current one by default; where the game
    counts rounds (``by_round``), only the current step has one: its round)."""
    if number is None and by_round(game):
        return round_in(game.ruleset, game.state_json)
    return (game.turn_no if number is None else number) + counted(game)[1]


def phrase(game: Game, number: int | None = None) -> str:
    """"turn 3", "step 3" or "round 4" for step ``number`` (the current one by default), as
    players count it, in the reader's language."""
    from pbem.i18n import _
    name = unit(game) if number is None else counted(game)[0]
    said = {"round": _("round {n}"), "turn": _("turn {n}")}.get(name) or _("step {n}")
    return said.format(n=shown(game, number))


def step_of(game: Game, number: int) -> int:
    """The step a number players wrote (TURN 5, HISTORY 5) names."""
    return number - counted(game)[1]
