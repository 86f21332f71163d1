"""The ``pbem`` command: thin click commands over the engine and the mail layer."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from pbem import __version__
from pbem.cli_tools import adjudicate, simulate
from pbem.watch import watch_command
from pbem.presenters import DEFAULT


class Ctx:
    def __init__(self, config_path: str | None) -> None:
        self.config_path = config_path

    def config(self):  # type: ignore[no-untyped-def]
        from pbem.config import ConfigError, load
        try:
            return load(self.config_path)
        except ConfigError as why:
            raise click.ClickException(f"config: {why}") from None


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pbem")
@click.option("--config", "config_path", envvar="PBEM_CONFIG", type=click.Path(dir_okay=False),
              help="the server config (default: $PBEM_CONFIG, else ./pbem.toml if present)")
@click.pass_context
def main(ctx: click.Context, config_path: str | None) -> None:
    """Run play-by-email board games: read order mails, resolve turns, mail reports."""
    if config_path is None and Path("pbem.toml").exists():
        config_path = "pbem.toml"
    ctx.obj = Ctx(config_path)


def _engine(cfg, create: bool = True):  # type: ignore[no-untyped-def]
    """The database, brought to the newest schema first: a GM who upgraded pbem
    never meets an old schema. Without ``create`` a missing database is an error."""
    from pbem.db import is_migrated, migrate, open_engine
    engine = open_engine(cfg.database_url)
    if not create and not is_migrated(engine):
        raise click.ClickException(f"no pbem database at {cfg.database_url}; run 'pbem init' first")
    migrate(engine)
    return engine


def _now(value: str | None):  # type: ignore[no-untyped-def]
    from pbem.clock import now_utc, parse_when
    if value is None:
        return now_utc()
    try:
        return parse_when(value)
    except ValueError as why:
        raise click.BadParameter(str(why)) from None


@main.command()
@click.argument("directory", default=".", type=click.Path(file_okay=False))
@click.option("--force", is_flag=True, help="overwrite an existing pbem.toml")
def init(directory: str, force: bool) -> None:
    """Write a commented config to DIRECTORY/pbem.toml and create the database."""
    from importlib import resources

    from pbem.config import ConfigError, load
    from pbem.db import migrate, open_engine
    target = Path(directory) / "pbem.toml"
    if target.exists() and not force:
        raise click.ClickException(f"{target} exists; use --force to overwrite it")
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(resources.files("pbem.examples").joinpath("pbem.example.toml").read_text())
    try:
        cfg = load(target)
    except ConfigError as why:
        raise click.ClickException(str(why)) from None
    migrate(open_engine(cfg.database_url))
    click.echo(f"wrote {target} and created the database {cfg.database_url}")
    click.echo(f"next: edit it, then 'pbem --config {target} game new ...'")


@main.group()
def game() -> None:
    """Create, start and inspect games."""


@game.command("new")
@click.argument("game_id", required=False)
@click.option("--from", "from_file", type=click.Path(exists=True, dir_okay=False), help="a game file (TOML)")
@click.option("--ruleset", default=DEFAULT, show_default=True)
@click.option("--seat", "seats", multiple=True, metavar="NAME:EMAIL", help="a seat and its player's address")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE", help="a ruleset option")
@click.option("--deadline", default="72h", show_default=True, help="time for each turn")
@click.option("--grace", default="0m", show_default=True)
@click.option("--early", default="30m", show_default=True, help="delay before an all-READY turn runs")
@click.option("--missed", type=click.Choice(["hold", "bot"]), default="hold", show_default=True)
@click.option("--gm", "gm_email", default="", help="the GM's mail address")
@click.option("--seed", default="", help="fixed seed for a reproducible game")
@click.option("--press", type=click.Choice(["none", "public", "private"]), default="private", show_default=True,
              help="what press between players is allowed")
@click.option("--anon/--no-anon", default=True, show_default=True, help="may press be anonymous")
@click.option("--open", "open_seats", type=int, default=0, help="let N players JOIN by mail instead of --seat")
@click.option("--start-at", "start_at", default=None, help="an open game starts itself at this time (ISO)")
@click.pass_obj
def game_new(obj: Ctx, game_id, from_file, ruleset, seats, options, deadline, grace, early, missed,  # type: ignore[no-untyped-def]
             gm_email, seed, press, anon, open_seats, start_at) -> None:
    """Create a game (it waits for 'pbem game start')."""
    from pbem.db import session
    from pbem.games import GameError, GameSpec, create_game, spec_from_file
    cfg = obj.config()
    try:
        if from_file:
            spec = spec_from_file(from_file)
            if game_id:
                spec.id = game_id
        else:
            pairs = []
            for entry in seats:
                name, sep, email = entry.partition(":")
                if not sep:
                    raise GameError(f"--seat {entry!r}: write it NAME:EMAIL")
                pairs.append((name, email))
            opts = {}
            for entry in options:
                key, sep, value = entry.partition("=")
                if not sep:
                    raise GameError(f"--option {entry!r}: write it KEY=VALUE")
                opts[key] = value
            spec = GameSpec(id=game_id or "", ruleset=ruleset, seats=pairs, options=opts, deadline=deadline,
                            grace=grace, early=early, missed=missed, seed=seed, gm_email=gm_email,
                            press=press, press_anon=anon, open_seats=open_seats,
                            start_at=_now(start_at) if start_at else None)
        with session(_engine(cfg)) as s:
            g, gm_password = create_game(s, spec)
    except GameError as why:
        raise click.ClickException(str(why)) from None
    click.echo(f"created {g.id} ({g.ruleset}, " + (f"{g.open_seats} seats open to JOIN" if g.open_seats
                                                   else f"{len(spec.seats)} seats") + ")")
    click.echo(f"GM password: {gm_password}   (keep it: SIGNON {g.id} gm <password>)")
    click.echo(f"next: pbem game start {g.id}")


@game.command("start")
@click.argument("game_id")
@click.option("--now", "now_text", help="the time to use (ISO), for tests")
@click.pass_obj
def game_start(obj: Ctx, game_id: str, now_text: str | None) -> None:
    """Deal the game and queue every seat's password and first report."""
    from pbem.games import start_game
    _gm_game(obj, game_id, lambda s, cfg, g: start_game(s, cfg, g, _now(now_text)))
    click.echo(f"started {game_id}; the welcome mails go out with the next 'pbem process'")


def _gm_game(obj: Ctx, game_id: str, action):  # type: ignore[no-untyped-def]
    """Run ``action(session, config, game)`` in one transaction; the game must exist.
    What a GM asked that cannot be done (GameError, HistoryError) is an error message."""
    from pbem.db import session
    from pbem.games import GameError
    from pbem.history import HistoryError
    from pbem.models import Game
    cfg = obj.config()
    with session(_engine(cfg, create=False)) as s:
        g = s.get(Game, game_id)
        if g is None:
            raise click.ClickException(f"no game {game_id}")
        try:
            return action(s, cfg, g)
        except (GameError, HistoryError) as why:
            raise click.ClickException(str(why)) from None


@game.command("preview")
@click.argument("game_id")
@click.pass_obj
def game_preview(obj: Ctx, game_id: str) -> None:
    """Show the public report the next turn would give now; store nothing."""
    from pbem.gmtools import preview
    click.echo(_gm_game(obj, game_id, lambda s, cfg, g: preview(s, cfg, g)), nl=False)


@game.command("rollback")
@click.argument("game_id")
@click.option("--now", "now_text", help="the time to use (ISO)")
@click.pass_obj
def game_rollback(obj: Ctx, game_id: str, now_text: str | None) -> None:
    """Undo the last resolved turn; its sheets stand again and every seat is told."""
    from pbem.gmtools import rollback
    turn = _gm_game(obj, game_id, lambda s, cfg, g: rollback(s, cfg, g, _now(now_text)))
    click.echo(f"{game_id} is back at turn {turn}; the notices go out with the next pass")


@game.command("replace")
@click.argument("game_id")
@click.argument("seat")
@click.argument("email")
@click.option("--now", "now_text", help="the time to use (ISO)")
@click.pass_obj
def game_replace(obj: Ctx, game_id: str, seat: str, email: str, now_text: str | None) -> None:
    """Give SEAT to a new player at EMAIL (a new password goes to them; history stays)."""
    from pbem.gmtools import replace_seat
    old = _gm_game(obj, game_id, lambda s, cfg, g: replace_seat(s, cfg, g, seat, email, _now(now_text)))
    click.echo(f"seat {seat} of {game_id}: {old} replaced by {email}")


@game.command("bot")
@click.argument("game_id")
@click.argument("seat")
@click.argument("state", type=click.Choice(["on", "off"]))
@click.option("--now", "now_text", help="the time to use (ISO)")
@click.pass_obj
def game_bot(obj: Ctx, game_id: str, seat: str, state: str, now_text: str | None) -> None:
    """Put SEAT in civil disorder (the bot plays it) or take it out."""
    from pbem.gmtools import set_bot
    _gm_game(obj, game_id, lambda s, cfg, g: set_bot(s, g, seat, state == "on", _now(now_text)))
    click.echo(f"seat {seat} of {game_id}: bot {state}")


@game.command("observe")
@click.argument("game_id")
@click.argument("email")
@click.pass_obj
def game_observe(obj: Ctx, game_id: str, email: str) -> None:
    """Send EMAIL the public report of every turn from now on."""
    from pbem.gmtools import follow
    from pbem.mail.headers import valid_address

    if not valid_address(email):
        raise click.ClickException(f"{email!r} is not a mail address")
    _gm_game(obj, game_id, lambda s, cfg, g: follow(s, g, email, _now(None)))
    click.echo(f"{email} follows {game_id}")


def _gm_announced(obj: Ctx, game_id: str, word: str, now_text: str | None, tool) -> None:  # type: ignore[no-untyped-def]
    """Run a GM tool ``tool(session, game, now) -> what was done``, log it and tell the seats."""
    from pbem import gmtools

    def act(s, cfg, g):  # type: ignore[no-untyped-def]
        now = _now(now_text)
        done = tool(s, g, now)
        gmtools.announce(s, cfg, g, word, done, now, key="cli")
        return done
    click.echo(f"{game_id}: {_gm_game(obj, game_id, act)}; the seats are told with the next pass")


def _clock_command(name: str, word: str, tool: str, summary: str) -> None:
    """A GM command on the game's clock, calling pbem.gmtools.<tool>(game, now)."""
    @game.command(name, help=summary)
    @click.argument("game_id")
    @click.option("--now", "now_text", help="the time to use (ISO)")
    @click.pass_obj
    def command(obj: Ctx, game_id: str, now_text: str | None) -> None:
        from pbem import gmtools
        _gm_announced(obj, game_id, word, now_text, lambda s, g, now: getattr(gmtools, tool)(g, now))


_clock_command("pause", "PAUSE", "pause", "Stop a game's clock: no turn runs until it is resumed.")
_clock_command("resume", "RESUME", "resume", "Start a paused game's clock again; the deadline moves on by the pause.")
_clock_command("process-now", "PROCESS", "process_now", "Let the turn run on the next pass, whoever has sent orders.")


@game.command("extend")
@click.argument("game_id")
@click.argument("duration")
@click.option("--now", "now_text", help="the time to use (ISO)")
@click.pass_obj
def game_extend(obj: Ctx, game_id: str, duration: str, now_text: str | None) -> None:
    """Move the deadline later by DURATION (like 24h, 30m, 2d)."""
    from pbem.gmtools import extend
    _gm_announced(obj, game_id, "EXTEND", now_text, lambda s, g, now: extend(g, duration, now))


@game.command("vacation")
@click.argument("game_id")
@click.argument("seat")
@click.argument("turns")
@click.option("--now", "now_text", help="the time to use (ISO)")
@click.pass_obj
def game_vacation(obj: Ctx, game_id: str, seat: str, turns: str, now_text: str | None) -> None:
    """SEAT is away for TURNS turns (within the game's allowance), or OFF."""
    from pbem.gmtools import seat_named, vacation

    def act(s, cfg, g):  # type: ignore[no-untyped-def]
        found = seat_named(s, g, seat.lower())
        return vacation(s, g, found, turns, who=f"seat {found.name}", now=_now(now_text))
    click.echo(_gm_game(obj, game_id, act))


@game.command("end")
@click.argument("game_id")
@click.option("--reason", default="ended by the GM", show_default=True)
@click.option("--now", "now_text", help="the time to use (ISO)")
@click.pass_obj
def game_end(obj: Ctx, game_id: str, reason: str, now_text: str | None) -> None:
    """End a game now; every seat is told with the next pass."""
    from pbem.gmtools import end_game
    _gm_game(obj, game_id, lambda s, cfg, g: end_game(s, cfg, g, reason, _now(now_text)))
    click.echo(f"{game_id} is over; the seats are told with the next pass")


@main.command()
@click.option("--now", "now_text", help="the time to use (ISO), for tests and replays")
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
    from pbem.process import Busy, Pass
    from pbem.transports import make_inbox, make_outbox
    cfg = obj.config()
    for name in mailboxes:
        if name not in cfg.inboxes:
            raise click.BadParameter(f"no mailbox {name!r}; the mailboxes are {', '.join(cfg.inboxes)}",
                                     param_hint="--mailbox")
    now = _now(now_text)
    try:
        if workers > 1:
            from pbem.workers import run_workers
            code, summary = run_workers(obj.config_path, cfg, now, role, workers, dry_run, list(mailboxes) or None)
        else:
            run = Pass(cfg, now, lambda engine, name: make_inbox(cfg, engine, name), lambda: make_outbox(cfg),
                       dry_run=dry_run, mailboxes=list(mailboxes) or None)
            code, summary = run.run(role), run.summary
    except Busy as why:
        click.echo(f"pbem: {why}", err=True)
        sys.exit(75)
    if not quiet or code:
        for line in summary.lines():
            click.echo(line, err=bool(code))
    sys.exit(code)


@main.command()
@click.argument("game_id", required=False)
@click.option("--now", "now_text", help="the time to use (ISO)")
@click.pass_obj
def status(obj: Ctx, game_id: str | None, now_text: str | None) -> None:
    """Games, turns, deadlines, who is in and who is late; mail that failed."""
    from sqlmodel import select

    from pbem.db import session
    from pbem.handler import status_text
    from pbem.models import Game, InboundMail, OutboundMail
    cfg = obj.config()
    with session(_engine(cfg, create=False)) as s:
        games = [s.get(Game, game_id)] if game_id else list(s.exec(select(Game).order_by(Game.id)))
        if game_id and games[0] is None:
            raise click.ClickException(f"no game {game_id}")
        if not games:
            click.echo("no games yet")
        now = _now(now_text)
        for g in games:
            click.echo(status_text(s, g, now))
        failed = list(s.exec(select(OutboundMail).where(OutboundMail.status == "failed")))
        queued = list(s.exec(select(OutboundMail.id).where(OutboundMail.status == "queued")))
        click.echo(f"outbox: {len(queued)} queued, {len(failed)} failed")
        for m in failed:
            click.echo(f"  failed: {m.kind} to {m.to_addr}: {m.last_error}")
        set_aside = list(s.exec(select(InboundMail).where(InboundMail.status == "quarantined")
                                .order_by(InboundMail.id.desc())))
        click.echo(f"inbox: {len(set_aside)} quarantined" + (" (the latest 5:)" if len(set_aside) > 5 else ""))
        for m in set_aside[:5]:
            click.echo(f"  quarantined: mail {m.id}: {m.note[:200]}")


@main.command()
@click.argument("game_id")
@click.option("--turn", type=int, help="the report of this turn (default: the latest)")
@click.option("--seat", help="as this seat saw it (default: the public report)")
@click.option("--format", "fmt", type=click.Choice(["text", "html", "json"]), default="text", show_default=True)
@click.option("--gm-log", is_flag=True, help="print the log of GM actions instead")
@click.pass_obj
def history(obj: Ctx, game_id: str, turn: int | None, seat: str | None, fmt: str, gm_log: bool) -> None:
    """Print any turn of a game as a seat (or the public) saw it, or the GM's actions."""
    from pbem.history import gm_log as read_gm_log
    from pbem.history import turn_report
    if gm_log:
        text = _gm_game(obj, game_id, lambda s, cfg, g: "\n".join(read_gm_log(s, g)) + "\n")
    else:
        text = _gm_game(obj, game_id, lambda s, cfg, g: turn_report(s, g, turn, seat, fmt, cfg.server.address))
    click.echo(text, nl=False)


@main.group()
def archive() -> None:
    """The static HTML archive of the games."""


@archive.command("build")
@click.argument("game_ids", nargs=-1)
@click.option("--out", default="archive", show_default=True, type=click.Path(file_okay=False),
              help="the folder to write the site into")
@click.pass_obj
def archive_build(obj: Ctx, game_ids: tuple[str, ...], out: str) -> None:
    """Write (or bring up to date) a static site: an index, a page per game and per turn."""
    from pbem.archive import build, count_turns
    from pbem.db import session
    cfg = obj.config()
    with session(_engine(cfg, create=False)) as s:
        total = count_turns(s, game_ids)
        with click.progressbar(length=total, label="turns", file=sys.stderr) as bar:
            done = build(s, Path(out), game_ids, progress=bar.update)
    click.echo(f"{done['games']} games, {done['written']} turn pages written, {done['skipped']} up to date: "
               f"{Path(out) / 'index.html'}")


@main.command()
@click.argument("game_id")
@click.pass_obj
def replay(obj: Ctx, game_id: str) -> None:
    """Re-resolve a whole game from its first state, stored sheets and seeds, turn by turn."""
    from pbem.history import replay as run_replay
    steps = _gm_game(obj, game_id, lambda s, cfg, g: run_replay(s, g))
    for step in steps:
        click.echo(f"turn {step.turn}: {'same' if step.same else 'DIFFERENT'}" + (f" ({step.detail})" if step.detail else ""))
    bad = [x for x in steps if not x.same]
    click.echo(f"{len(steps) - len(bad)} of {len(steps)} turns reach the same state")
    sys.exit(1 if bad else 0)


@main.command()
@click.argument("directory", default="pbem-demo", type=click.Path(file_okay=False))
@click.option("--turns", default=100, show_default=True,
              help="play at most this many turns (a game usually ends well before)")
def demo(directory: str, turns: int) -> None:
    """Play a whole 4-seat game by mail in DIRECTORY, with no server."""
    from pbem.demo import run_demo
    run_demo(Path(directory), turns, click.echo)


main.add_command(simulate)
main.add_command(adjudicate)
main.add_command(watch_command)
