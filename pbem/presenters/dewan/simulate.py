"""``pbem simulate --ruleset dewan``: its options (the scenario, the bots,
pre-orders sent ahead or every move asked) and the figures it prints
(engine.dewan.simulate plays the games)."""
from __future__ import annotations

import json
from typing import Any, Callable

import click

from engine.dewan.components import SCENARIOS
from engine.dewan.simulate import BOTS, LINES, GameResult, Tally, simulate, story_worth
from pbem.presenters import Simulator
from pbem.presenters.simulating import bot_names, played

OPTIONS = [
    click.Option(["--scenario"], type=click.Choice(sorted(SCENARIOS)), default="base", show_default=True,
                 help="the scenario: its map layout and scoring table"),
    click.Option(["--bots"], default="heuristic", show_default=True,
                 help=f"comma-separated bots, one per seat or repeated: {', '.join(BOTS)}"),
    click.Option(["--every-move-asked", "asked"], is_flag=True,
                 help="no seat sends its next move ahead: each move is asked (the default sends "
                      "pre-orders where the bot judges them safe, as by mail)"),
]


class _Scored:
    """The tally, with the scenario's worth of each story for the story shares."""

    def __init__(self, tally: Tally, worth: Callable[[str], int]) -> None:
        self.tally, self.worth = tally, worth

    def add(self, result: GameResult) -> None:
        self.tally.add(result, self.worth)

    def report(self) -> dict[str, Any]:
        return self.tally.report()


def run(*, players: int, games: int, seed: int, turn_limit: int, as_json: bool, echo: Callable[[str], Any],
        scenario: str, bots: str, asked: bool) -> None:
    """Play the games with a progress bar, then print the figures (``turn_limit`` is not
    used: a Dewan game ends by its rules, and a round in which nobody can act ends it)."""
    names = bot_names(bots, BOTS)
    seats = (names * players)[:players]
    table = dict(SCENARIOS[scenario].scoring)
    results = simulate(games, seats, {"scenario": scenario}, seed, ahead=not asked)
    figures = played(results, games, _Scored(Tally(players, table), story_worth(table)))
    if as_json:
        echo(json.dumps(figures, indent=2))
        return
    echo(f"{figures['games']} games, {players} players, scenario {scenario}, bots {', '.join(seats)}, "
         + ("every move asked" if asked else "pre-orders sent ahead"))
    _print(figures, echo)


def _print(figures: dict[str, Any], echo: Callable[[str], Any]) -> None:
    echo("win rate by seat: " + ", ".join(f"{s} {r:.1%}" for s, r in figures["win_rate_by_seat"].items())
         + f" (spread {figures['seat_spread']:.1%})")
    echo("win rate by bot:  " + ", ".join(f"{b} {r:.1%}" for b, r in figures["win_rate_by_bot"].items()))
    rounds = figures["rounds"]
    echo(f"score: mean {figures['mean_score']}; game length: {figures['turns']} turns, rounds mean "
         f"{rounds['mean']} (min {rounds['min']}, max {rounds['max']})")
    mails = figures["mails"]
    echo(f"mails per seat and turn {mails['mails_per_seat_turn']}; turns played from pre-orders "
         f"{mails['turns_from_pre_orders']:.0%}")
    echo("points by line: " + ", ".join(f"{n} {figures['lines'][n]['share']:.0%}" for n in LINES))
    stories = figures["stories"]
    echo("stories completed when held: " + ", ".join(f"{s} {v['rate']:.0%}" for s, v in stories.items()))
    if figures["never_completed"]:
        echo(f"never completed: {', '.join(figures['never_completed'])}")
    for key, words in (("unfinished", "games did not end"), ("stuck", "games ended with nobody able to act"),
                       ("refused_bot_lines", "bot order lines were refused")):
        if figures[key]:
            echo(f"WARNING: {figures[key]} {words}")


SIMULATOR = Simulator(options=OPTIONS, run=run)
