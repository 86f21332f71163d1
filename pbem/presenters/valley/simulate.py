"""``pbem simulate`` for Valley: its options (board, fire rules, bots) and
the figures it prints (engine.valley.simulate plays the games)."""
from __future__ import annotations

import json
from typing import Any, Callable

import click

from engine.valley.boards import BOARD_NAMES
from engine.valley.simulate import BOTS, Tally, simulate
from pbem.presenters import Simulator
from pbem.presenters.simulating import bot_names, played

OPTIONS = [
    click.Option(["--board"], default=None, help="a board such as W1E2 (default: the ruleset's)"),
    click.Option(["--fire"], is_flag=True, help="the advanced fire rules"),
    click.Option(["--bots"], default="heuristic", show_default=True,
                 help="comma-separated bots, one per seat or repeated: heuristic, random"),
]


def run(*, players: int, games: int, seed: int, turn_limit: int, as_json: bool, echo: Callable[[str], Any],
        board: str | None, fire: bool, bots: str) -> None:
    """Play the games with a progress bar, then print the figures."""
    names = bot_names(bots, BOTS)
    if board is not None and board not in BOARD_NAMES:
        raise click.BadParameter(f"no board {board!r}; the boards are {', '.join(BOARD_NAMES)}", param_hint="--board")
    seats = (names * players)[:players]
    options = {"fire": fire, **({"board": board} if board else {})}
    figures = played(simulate(games, seats, options, seed, turn_limit), games, Tally(players))
    if as_json:
        echo(json.dumps(figures, indent=2))
        return
    echo(f"{figures['games']} games, {players} players, bots {', '.join(seats)}"
         f"{', fire rules' if fire else ''}, board {board or 'default'}")
    _print(figures, echo)


def _print(figures: dict[str, Any], echo: Callable[[str], Any]) -> None:
    echo("win rate by seat: " + ", ".join(f"{s} {r:.1%}" for s, r in figures["win_rate_by_seat"].items()))
    echo("win rate by bot:  " + ", ".join(f"{b} {r:.1%}" for b, r in figures["win_rate_by_bot"].items()))
    echo("turns survived by bot: " + ", ".join(f"{b} {r}" for b, r in figures["mean_turns_survived_by_bot"].items()))
    length = figures["length"]
    echo(f"game length in turns: mean {length['mean']}, median {length['median']}, max {length['max']}")
    echo(f"extinction {figures['extinction_rate']:.1%}, stopped by the turn limit {figures['turn_limit_rate']:.1%}")
    echo("events (changed the board / drawn): " + ", ".join(
        f"{k} {v}" for k, v in figures["events_that_changed_the_board"].items()))
    echo("fate cards played per game: " + ", ".join(
        f"{k} {v}" for k, v in figures["fate_cards_played_per_game"].items()))
    curve = figures["mean_food_by_turn"]
    echo("mean food by turn: " + " ".join(f"{x:g}" for x in curve[:20]))
    if figures["refused_bot_lines"]:
        echo(f"WARNING: the parser refused {figures['refused_bot_lines']} bot order lines")


SIMULATOR = Simulator(options=OPTIONS, run=run)
