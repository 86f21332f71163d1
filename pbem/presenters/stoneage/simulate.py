"""``pbem simulate --ruleset stoneage``: its options (the herd, live placement,
the bots, any game option as KEY=VALUE) and the figures it prints
(engine.stoneage.simulate plays the games)."""
from __future__ import annotations

import json
from typing import Any, Callable

import click

from engine.stoneage.setup import BASE_MAX_PLAYERS, check_options
from engine.stoneage.simulate import BOTS, Tally, simulate
from pbem.presenters import Simulator
from pbem.presenters.simulating import bot_names, played

OPTIONS = [
    click.Option(["--herd"], is_flag=True, help="with the Mammoth Herd (option mammoth_herd)"),
    click.Option(["--live"], is_flag=True, help="placement = live: each placement a step of its own"),
    click.Option(["--bots"], default="heuristic", show_default=True,
                 help=f"comma-separated bots, one per seat or repeated: {', '.join(BOTS)}"),
    click.Option(["--option", "game_options"], multiple=True, metavar="KEY=VALUE",
                 help="a game option, repeatable: wild_animals=yes, new_huts=yes, igloos=yes, harsh_winter=yes, "
                      "merchant=yes (which also allows --players 5)"),
]


def _options(given: tuple[str, ...]) -> dict[str, Any]:
    """``KEY=VALUE`` pairs, checked by the ruleset (a bad one is a usage error)."""
    out: dict[str, Any] = {}
    for pair in given:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise click.BadParameter(f"{pair!r} is not KEY=VALUE", param_hint="--option")
        out[key.strip()] = value.strip()
    try:
        check_options(out)
    except ValueError as why:
        raise click.BadParameter(str(why), param_hint="--option") from None
    return out


def run(*, players: int, games: int, seed: int, turn_limit: int, as_json: bool, echo: Callable[[str], Any],
        herd: bool, live: bool, bots: str, game_options: tuple[str, ...] = ()) -> None:
    """Play the games with a progress bar, then print the figures. ``turn_limit`` counts steps."""
    names = bot_names(bots, BOTS)
    seats = (names * players)[:players]
    options: dict[str, Any] = {"mammoth_herd": herd, "placement": "live" if live else "plan",
                               **_options(game_options)}
    if players > BASE_MAX_PLAYERS and not check_options(options).get("merchant"):
        raise click.BadParameter(f"Stone Age is for 2 to {BASE_MAX_PLAYERS} players; a fifth seat comes with "
                                 "the expansion (--option merchant=yes)", param_hint="--players")
    figures = played(simulate(games, seats, options, seed, turn_limit), games, Tally(players))
    if as_json:
        echo(json.dumps(figures, indent=2))
        return
    variants = "".join(f", {k}" for k in ("wild_animals", "new_huts", "igloos", "harsh_winter", "merchant") if check_options(options).get(k))
    echo(f"{figures['games']} games, {players} players, bots {', '.join(seats)}"
         f"{', the Mammoth Herd' if herd else ''}{variants}, placement {options['placement']}")
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
    if "igloos_per_seat" in figures:
        echo(f"igloos built per seat: {figures['igloos_per_seat']}")
    if "winter_points_per_seat" in figures:
        echo(f"harsh-winter points per seat: {figures['winter_points_per_seat']}")
    if "new_huts_per_seat" in figures:
        echo(f"new huts built per seat: {figures['new_huts_per_seat']}")
    if "merchant_visits_per_seat" in figures:
        echo(f"merchant per seat: {figures['merchant_visits_per_seat']} visits, {figures['trades_per_seat']} trades, "
             f"{figures['jewel_cards_per_seat']} jewel slot cards, {figures['hunts_for_jewels_per_seat']} hunts for jewels")
    if "animals_in_play_per_game" in figures:
        echo(f"wild animals per game: {figures['animals_in_play_per_game']} came into play, "
             f"{figures['animals_driven_off_per_game']} driven off")
    if figures["unfinished"]:
        echo(f"WARNING: {figures['unfinished']} games did not end within the step limit")
    if figures["refused_bot_lines"]:
        echo(f"WARNING: the parser refused {figures['refused_bot_lines']} bot order lines")


SIMULATOR = Simulator(options=OPTIONS, run=run)
