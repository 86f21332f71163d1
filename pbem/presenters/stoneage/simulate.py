"""``pbem simulate --ruleset stoneage``: its options (the herd, live placement,
the bots) and the figures it prints (engine.stoneage.simulate plays the games)."""
from __future__ import annotations

import json
from typing import Any, Callable

import click

from engine.stoneage.simulate import BOTS, Tally, simulate
from pbem.presenters import Simulator
from pbem.presenters.simulating import bot_names, played

OPTIONS = [
    click.Option(["--herd"], is_flag=True, help="with the Mammoth Herd (option mammoth_herd)"),
    click.Option(["--live"], is_flag=True, help="placement = live: each placement a step of its own"),
    click.Option(["--bots"], default="heuristic", show_default=True,
                 help=f"comma-separated bots, one per seat or repeated: {', '.join(BOTS)}"),
]


def run(*, players: int, games: int, seed: int, turn_limit: int, as_json: bool, echo: Callable[[str], Any],
        herd: bool, live: bool, bots: str) -> None:
    """Play the games with a progress bar, then print the figures. ``turn_limit`` counts steps."""
    names = bot_names(bots, BOTS)
    seats = (names * players)[:players]
    options: dict[str, Any] = {"mammoth_herd": herd, "placement": "live" if live else "plan"}
    figures = played(simulate(games, seats, options, seed, turn_limit), games, Tally(players))
    if as_json:
        echo(json.dumps(figures, indent=2))
        return
    echo(f"{figures['games']} games, {players} players, bots {', '.join(seats)}"
         f"{', the Mammoth Herd' if herd else ''}, placement {options['placement']}")
    _print(figures, echo)


def _print(figures: dict[str, Any], echo: Callable[[str], Any]) -> None:
    echo("win rate by seat: " + ", ".join(f"{s} {r:.1%}" for s, r in figures["win_rate_by_seat"].items())
         + f" (spread {figures['seat_spread']:.1%})")
    echo("win rate by bot:  " + ", ".join(f"{b} {r:.1%}" for b, r in figures["win_rate_by_bot"].items()))
    rounds = figures["rounds"]
    echo(f"score: mean {figures['mean_score']}, winner's mean {figures['mean_winning_score']}")
    echo(f"game length in rounds: mean {rounds['mean']}, min {rounds['min']}, max {rounds['max']}")
    echo(f"sheets per seat per round {figures['sheets_per_seat_per_round']}; asked within a round "
         f"{figures['asks_within_rounds']} times, {figures['asks_with_one_legal_answer']} with one legal answer")
    if figures["mammoth_tiles"]:
        echo(f"mammoth tiles won per seat: {figures['mammoth_tiles_won_per_seat']}")
        echo("tamer's win rate by tile: " + ", ".join(
            f"{t} {r:.0%}" for t, r in figures["tamer_win_rate_by_tile"].items()))
    if figures["unfinished"]:
        echo(f"WARNING: {figures['unfinished']} games did not end within the step limit")
    if figures["refused_bot_lines"]:
        echo(f"WARNING: the parser refused {figures['refused_bot_lines']} bot order lines")


SIMULATOR = Simulator(options=OPTIONS, run=run)
