"""``pbem demo``, ``pbem simulate`` and ``pbem adjudicate``: a game to watch, and
the designer's and the rules' tools, each carried out by the presenter of the
ruleset it is for."""
from __future__ import annotations

import sys
import tomllib
from pathlib import Path
from typing import Any

import click

from pbem.presenters import DEFAULT, Presenter, Simulator, get_presenter, presenter_names


@click.command()
@click.argument("directory", default="pbem-demo", type=click.Path(file_okay=False))
@click.option("--turns", default=100, show_default=True,
              help="play at most this many turns (a game usually ends well before)")
def demo(directory: str, turns: int) -> None:
    """Play a whole 4-seat game by mail in DIRECTORY, with no server."""
    from pbem.play.demo import run_demo
    run_demo(Path(directory), turns, click.echo)


def _presenter(name: str) -> Presenter:
    """The presenter of ruleset ``name``; a usage error when there is none."""
    try:
        return get_presenter(name)
    except ValueError as why:
        raise click.UsageError(str(why)) from None


def _named_ruleset(args: list[str]) -> str:
    """The --ruleset of ``args``, read before click parses them: it decides
    which other options there are."""
    for i, arg in enumerate(args):
        if arg == "--ruleset" and i + 1 < len(args):
            return args[i + 1]
        if arg.startswith("--ruleset="):
            return arg.partition("=")[2]
    return DEFAULT


class _SimulateCommand(click.Command):
    """A command whose options are its own and its ruleset's simulator's."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        name = _named_ruleset(args)
        simulator = _presenter(name).simulator
        if simulator is None:
            raise click.UsageError(f"ruleset {name!r} has no simulator", ctx)
        ctx.meta["pbem.simulator"] = simulator
        return super().parse_args(ctx, args)

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        params = super().get_params(ctx)
        simulator: Simulator | None = ctx.meta.get("pbem.simulator")
        own = len(self.params)      # the help option comes after them: keep it last
        return params[:own] + (list(simulator.options) if simulator else []) + params[own:]


@click.command(cls=_SimulateCommand)
@click.option("--ruleset", default=DEFAULT, show_default=True, help="the game to play; it adds its own options")
@click.option("--players", type=click.IntRange(1), default=4, show_default=True)
@click.option("--games", type=click.IntRange(1), default=100, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--turn-limit", type=click.IntRange(1), default=200, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="print the figures as JSON")
@click.pass_context
def simulate(ctx: click.Context, ruleset: str, players: int, games: int, seed: int, turn_limit: int,
             as_json: bool, **options: Any) -> None:
    """Play whole games bot against bot and print the figures a designer needs."""
    from engine import get_ruleset
    try:
        rules = get_ruleset(ruleset)
    except ValueError as why:
        raise click.UsageError(str(why)) from None
    if not rules.min_players <= players <= rules.max_players:
        raise click.BadParameter(f"{rules.title} is for {rules.min_players} to {rules.max_players} players",
                                 param_hint="--players")
    ctx.meta["pbem.simulator"].run(players=players, games=games, seed=seed, turn_limit=turn_limit,
                                   as_json=as_json, echo=click.echo, **options)


def _case_files(paths: tuple[str, ...]) -> list[Path]:
    files: list[Path] = []
    for given in paths:
        path = Path(given)
        if path.is_dir():
            files.extend(sorted(path.rglob("*.toml")))
        else:
            files.append(path)
    return files


def _case_ruleset(text: str, path: Path, given: str | None) -> str:
    """The ruleset a case is for: its own ``ruleset`` key, else --ruleset,
    else its folder's name when a ruleset has it (tests/cases/<ruleset>/),
    else the default."""
    try:
        named = tomllib.loads(text).get("ruleset")
    except tomllib.TOMLDecodeError:
        named = None            # the case runner says what is wrong with the file
    if isinstance(named, str):
        return named
    if given is not None:
        return given
    return path.parent.name if path.parent.name in presenter_names() else DEFAULT


def _run_case(path: Path, given: str | None) -> tuple[bool, str]:
    """(passed, why not) for one case file; never raises."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as why:
        return False, f"cannot read the file: {why}"
    try:
        presenter = get_presenter(_case_ruleset(text, path, given))
    except ValueError as why:
        return False, str(why)
    result = presenter.run_case(text)
    return result.passed, result.message


@click.command()
@click.argument("paths", nargs=-1, required=True, metavar="CASE.toml|DIR...")
@click.option("--ruleset", default=None,
              help=f"the game of cases that name none and lie in no folder named for one [default: {DEFAULT}]")
@click.option("--quiet", "-q", is_flag=True, help="print only failures and the total")
def adjudicate(paths: tuple[str, ...], ruleset: str | None, quiet: bool) -> None:
    """Run adjudicator case files and report PASS or FAIL for each.

    Ends with the line 'N passed, M failed'; exits 0 only when every case passed.
    """
    if ruleset is not None:
        _presenter(ruleset)
    passed = failed = 0
    for path in _case_files(paths):
        ok, message = _run_case(path, ruleset)
        if ok:
            passed += 1
            if not quiet:
                click.echo(f"PASS {path.stem}")
        else:
            failed += 1
            click.echo(f"FAIL {path.stem}: {message}")
    click.echo(f"{passed} passed, {failed} failed")
    sys.exit(0 if failed == 0 and passed > 0 else 1)
