"""The server's commands: init, process, status (and watch, from pbem.runners.watch)."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from pbem.cli.common import Ctx, given_now, open_database
from pbem.runners.watch import watch_command
from pbem.models import InboundStatus, OutboundStatus

__all__ = ["init", "process", "status", "watch_command"]


@click.command()
@click.argument("directory", default=".", type=click.Path(file_okay=False))
@click.option("--force", is_flag=True, help="overwrite an existing pbem.toml and example games")
def init(directory: str, force: bool) -> None:
    """Write a commented config to DIRECTORY/pbem.toml, example games to
    DIRECTORY/games/, and create the database."""
    from importlib import resources

    from pbem.config import load

    from pbem.errors import ConfigError
    from pbem.db import migrate, open_engine
    target = Path(directory) / "pbem.toml"
    if target.exists() and not force:
        raise click.ClickException(f"{target} exists; use --force to overwrite it")
    examples = resources.files("pbem.examples")
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(examples.joinpath("pbem.example.toml").read_text())
    games = target.parent / "games"
    games.mkdir(exist_ok=True)
    written = []
    for example in sorted(examples.joinpath("games").iterdir(), key=lambda f: f.name):
        if example.name.endswith(".toml") and (force or not (games / example.name).exists()):
            (games / example.name).write_text(example.read_text())
            written.append(example.name)
    try:
        cfg = load(target)
    except ConfigError as why:
        raise click.ClickException(str(why)) from None
    migrate(open_engine(cfg.database_url))
    click.echo(f"wrote {target} and created the database {cfg.database_url}")
    if written:
        click.echo(f"example games in {games}: {', '.join(written)}")
    click.echo(f"next: edit it, then 'pbem --config {target} game new --from {games / 'example.toml'}'")


@click.command()
@click.option("--now", "now_text",
              help="the time to use (ISO), for tests and replays: your clock, so a jump in it is no outage")
@click.option("--dry-run", is_flag=True, help="show what would happen and change nothing")
@click.option("--quiet", "-q", is_flag=True, help="print nothing when all went well")
@click.option("--role", type=click.Choice(["all", "fetch", "resolve", "send"]), default="all", show_default=True,
              help="fetch: read the mailboxes; resolve: answer mail and run due turns; send: the outbox")
@click.option("--workers", type=click.IntRange(1, 64), default=1, show_default=True,
              help="processes for the resolve and send roles")
@click.option("--mailbox", "mailboxes", multiple=True, help="only this mailbox ([inbox] is 'inbox')")
@click.pass_obj
def process(obj: Ctx, now_text: str | None, dry_run: bool, quiet: bool, role: str, workers: int,
            mailboxes: tuple[str, ...]) -> None:
    """One pass: fetch, answer, resolve due turns, remind, send."""
    from pbem.runners.process import Busy
    cfg = obj.config()
    for name in mailboxes:
        if name not in cfg.inboxes:
            raise click.BadParameter(f"no mailbox {name!r}; the mailboxes are {', '.join(cfg.inboxes)}",
                                     param_hint="--mailbox")
    now = given_now(now_text)
    try:
        code, summary = _run_pass(obj, cfg, now, role, workers, dry_run, list(mailboxes) or None,
                                  clock_given=now_text is not None)
    except Busy as why:
        click.echo(f"pbem: {why}", err=True)
        sys.exit(75)
    if not quiet or code:
        for line in summary.lines():
            click.echo(line, err=bool(code))
    sys.exit(code)


def _run_pass(obj: Ctx, cfg, now, role: str, workers: int, dry_run: bool,  # type: ignore[no-untyped-def]
              mailboxes: list[str] | None, clock_given: bool = False):
    """(exit code, summary) of one pass, in this process or in ``workers`` of them."""
    if workers > 1:
        from pbem.runners.workers import run_workers
        return run_workers(obj.config_path, cfg, now, role, workers, dry_run, mailboxes, clock_given)
    from pbem.runners.process import Pass
    run = Pass.configured(cfg, now, dry_run=dry_run, mailboxes=mailboxes, clock_given=clock_given)
    return run.run(role), run.summary


@click.command()
@click.argument("game_id", required=False)
@click.option("--now", "now_text", help="the time to use (ISO)")
@click.pass_obj
def status(obj: Ctx, game_id: str | None, now_text: str | None) -> None:
    """Games, turns, deadlines, who is in and who is late; mail that failed."""
    from sqlmodel import select

    from pbem.db import session
    from pbem.inbox.handler import status_text
    from pbem.models import Game
    cfg = obj.config()
    with session(open_database(cfg, create=False)) as s:
        games = [s.get(Game, game_id)] if game_id else list(s.exec(select(Game).order_by(Game.id)))
        if game_id and games[0] is None:
            raise click.ClickException(f"no game {game_id}")
        if not games:
            click.echo("no games yet")
        now = given_now(now_text)
        for g in games:
            click.echo(status_text(s, g, now))
        _mail_status(s, now)


def _mail_status(s, now) -> None:  # type: ignore[no-untyped-def]
    """Print the outbox's queued and failed mail, the answers to new addresses
    held back by their caps, and the quarantined inbound mail."""
    from sqlmodel import select

    from pbem.models import InboundMail, OutboundMail
    from pbem.inbox.strangers import HELD, held_back
    failed = list(s.exec(select(OutboundMail).where(OutboundMail.status == OutboundStatus.FAILED)))
    queued = list(s.exec(select(OutboundMail.id).where(OutboundMail.status == OutboundStatus.QUEUED)))
    click.echo(f"outbox: {len(queued)} queued, {len(failed)} failed")
    for m in failed:
        click.echo(f"  failed: {m.kind} to {m.to_addr}: {m.last_error}")
    held = held_back(s, now)
    if held:
        click.echo(f"mail to new addresses: {sum(held.values())} held back in the last 24 hours ("
                   + ", ".join(f"{n} {HELD[why]}" for why, n in sorted(held.items())) + ")")
    set_aside = list(s.exec(select(InboundMail).where(InboundMail.status == InboundStatus.QUARANTINED)
                            .order_by(InboundMail.id.desc())))
    click.echo(f"inbox: {len(set_aside)} quarantined" + (" (the latest 5:)" if len(set_aside) > 5 else ""))
    for m in set_aside[:5]:
        click.echo(f"  quarantined: mail {m.id}: {m.note[:200]}")
