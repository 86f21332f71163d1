"""What was played: history, archive build, replay."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from pbem.cli.common import Ctx, on_game, open_database
from pbem.i18n import LANGUAGES


@click.command()
@click.argument("game_id")
@click.option("--turn", type=int, help="the report of this turn (default: the latest)")
@click.option("--seat", help="as this seat saw it (default: the public report)")
@click.option("--format", "fmt", type=click.Choice(["text", "html", "json"]), default="text", show_default=True)
@click.option("--gm-log", is_flag=True, help="print the log of GM actions instead")
@click.pass_obj
def history(obj: Ctx, game_id: str, turn: int | None, seat: str | None, fmt: str, gm_log: bool) -> None:
    """Print any turn of a game as a seat (or the public) saw it, or the GM's actions."""
    from pbem.site.history import gm_log as read_gm_log
    from pbem.site.history import turn_report
    if gm_log:
        text = on_game(obj, game_id, lambda s, cfg, g: "\n".join(read_gm_log(s, g)) + "\n")
    else:
        text = on_game(obj, game_id, lambda s, cfg, g: turn_report(s, g, turn, seat, fmt, cfg.server.address))
    click.echo(text, nl=False)


@click.group()
def archive() -> None:
    """The static HTML archive of the games."""


@archive.command("build")
@click.argument("game_ids", nargs=-1)
@click.option("--out", default="archive", show_default=True, type=click.Path(file_okay=False),
              help="the folder to write the site into")
@click.option("--lang", type=click.Choice(sorted(LANGUAGES)), default=None,
              help="the index page's language (default: the one its games share, else en); "
                   "each game's pages are in the game's language")
@click.pass_obj
def archive_build(obj: Ctx, game_ids: tuple[str, ...], out: str, lang: str | None) -> None:
    """Write (or bring up to date) a static site: an index, a page per game and per turn."""
    from pbem.site.archive import build, count_turns
    from pbem.db import session
    cfg = obj.config()
    with session(open_database(cfg, create=False)) as s:
        total = count_turns(s, game_ids)
        with click.progressbar(length=total, label="turns", file=sys.stderr) as bar:
            done = build(s, Path(out), game_ids, progress=bar.update, lang=lang or "")
    games = f"{done['games']} game" + ("" if done["games"] == 1 else "s")
    pages = f"{done['written']} turn page" + ("" if done["written"] == 1 else "s")
    click.echo(f"{games}, {pages} written, {done['skipped']} up to date: {Path(out) / 'index.html'}")


@click.command()
@click.argument("game_id")
@click.pass_obj
def replay(obj: Ctx, game_id: str) -> None:
    """Re-resolve a whole game from its first state, stored sheets and seeds, turn by turn."""
    from pbem.site.history import replay as run_replay
    steps = on_game(obj, game_id, lambda s, cfg, g: run_replay(s, g))
    for step in steps:
        click.echo(f"turn {step.turn}: {'same' if step.same else 'DIFFERENT'}" + (f" ({step.detail})" if step.detail else ""))
    bad = [x for x in steps if not x.same]
    click.echo(f"{len(steps) - len(bad)} of {len(steps)} turns reach the same state")
    sys.exit(1 if bad else 0)
