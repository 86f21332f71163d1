"""``pbem game ...``: creating, starting and running games as their GM."""
from __future__ import annotations

import click

from engine.registry import ruleset_names
from pbem.cli.common import Ctx, given_now, on_game, open_database
from pbem.cli.game_spec import NewGameCommand
from pbem.presenters import DEFAULT
from pbem.models import GameStatus

DRY_RUN = click.option("--dry-run", is_flag=True, help="say who would get what mail; change nothing")


def _subject(raw: bytes) -> str:
    from email.parser import BytesHeaderParser
    from email.policy import default
    return str(BytesHeaderParser(policy=default).parsebytes(raw).get("Subject", ""))


def _run(obj: Ctx, game_id: str, action, done, dry_run: bool = False, would=None) -> None:  # type: ignore[no-untyped-def]
    """Run ``action(session, config, game)`` as a GM command and echo ``done(result)``.
    With ``dry_run`` the transaction is rolled back: nothing is stored or
    queued, and the mail it would have queued is listed (address and subject)."""
    from pbem.outbox import queued_now

    def act(s, cfg, g):  # type: ignore[no-untyped-def]
        result = action(s, cfg, g)
        return result, [f"{m.to_addr}: {_subject(m.raw)}" for m in queued_now(s)] if dry_run else []
    result, mails = on_game(obj, game_id, act, dry_run)
    if not dry_run:
        click.echo(done(result))
        return
    click.echo(f"dry run, nothing was changed: {(would or done)(result)}")
    click.echo(f"it would mail {len(mails)}:" if mails else "it would mail nobody")
    for line in mails:
        click.echo(f"  {line}")


@click.group()
def game() -> None:
    """Create, start and inspect games."""


@game.command("new", cls=NewGameCommand)
@click.argument("game_id", required=False)
@click.option("--from", "from_file", type=click.Path(exists=True, dir_okay=False), help="a game file (TOML)")
@click.option("--ruleset", default=DEFAULT, show_default=True,
              help="the game: " + ", ".join(ruleset_names()) + "; its options are listed below")
@click.option("--seat", "seats", multiple=True, metavar="NAME:EMAIL", help="a seat and its player's address")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE",
              help="a ruleset option (repeat it for more); the chosen ruleset's are listed below")
@click.option("--deadline", default="72h", show_default=True, help="time for each turn")
@click.option("--move-deadline", default="24h", show_default=True,
              help="time for each move where players act in turn")
@click.option("--move-reminders", default="6,1", show_default=True, help="hours before the move deadline")
@click.option("--grace", default="0m", show_default=True,
              help="time after a deadline that orders are still taken, for mail on its way")
@click.option("--early", default="30m", show_default=True, help="delay before an all-READY turn runs")
@click.option("--missed", type=click.Choice(["hold", "bot"]), default="hold", show_default=True)
@click.option("--gm", "gm_email", default="", help="the GM's mail address")
@click.option("--allow-shared-address", is_flag=True,
              help="let two seats have the same address (one player playing two seats)")
@click.option("--seed", default="", help="fixed seed for a reproducible game")
@click.option("--press", type=click.Choice(["none", "public", "private"]), default="private", show_default=True,
              help="what press between players is allowed")
@click.option("--anon/--no-anon", default=True, show_default=True, help="may press be anonymous")
@click.option("--open", "open_seats", type=int, default=0, help="let N players JOIN by mail instead of --seat")
@click.option("--start-at", "start_at", default=None, help="an open game starts itself at this time (ISO)")
@click.pass_obj
def game_new(obj: Ctx, game_id: str | None, from_file: str | None, **given) -> None:  # type: ignore[no-untyped-def]
    """Create a game (it waits for 'pbem game start')."""
    from pbem.cli.game_spec import spec_from_options
    from pbem.db import session
    from pbem.play.games import check_spec, create_game
    from pbem.errors import GameError
    cfg = obj.config()
    try:
        spec = spec_from_options(game_id, from_file, **given)
        check_spec(spec)        # a refused game opens (and so makes) no database
        with session(open_database(cfg)) as s:
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
@DRY_RUN
@click.pass_obj
def game_start(obj: Ctx, game_id: str, now_text: str | None, dry_run: bool) -> None:
    """Deal the game and queue every seat's password and first report."""
    from pbem.play.games import start_game
    _run(obj, game_id, lambda s, cfg, g: start_game(s, cfg, g, given_now(now_text)),
         lambda _: f"started {game_id}; the welcome mails go out with the next 'pbem process'", dry_run,
         lambda _: f"{game_id} would start")


@game.command("preview")
@click.argument("game_id")
@click.pass_obj
def game_preview(obj: Ctx, game_id: str) -> None:
    """Show the public report the next turn would give now; store nothing."""
    from pbem.gm.gmtools import preview
    click.echo(on_game(obj, game_id, lambda s, cfg, g: preview(s, cfg, g)), nl=False)


@game.command("rollback")
@click.argument("game_id")
@click.option("--rerun", is_flag=True, help="run the turn again at once with the sheets that stood, "
              "instead of waiting for new orders")
@click.option("--now", "now_text", help="the time to use (ISO)")
@DRY_RUN
@click.pass_obj
def game_rollback(obj: Ctx, game_id: str, rerun: bool, now_text: str | None, dry_run: bool) -> None:
    """Undo the last resolved turn. It waits for new orders from the seats it
    awaits until a new deadline, a whole period away (their sheets are played
    then if they send none); with --rerun it runs again on the next pass with
    the sheets that stood. Every seat is told which."""
    from pbem.clock import show
    from pbem.gm.rollback import rollback

    def act(s, cfg, g):  # type: ignore[no-untyped-def]
        turn = rollback(s, cfg, g, given_now(now_text), rerun)
        then = ("runs again on the next pass with the sheets that stood" if rerun else
                f"waits for new orders until {show(g.deadline)}")     # the GM's terminal: English, UTC
        if g.status == GameStatus.PAUSED:
            then += " (the game is paused: its clock starts again when it is resumed)"
        return turn, then
    _run(obj, game_id, act, lambda done: f"{game_id} is back at turn {done[0]}; it {done[1]}; the notices go out "
         "with the next pass", dry_run, lambda done: f"{game_id} would be back at turn {done[0]}; it {done[1]}")


@game.command("replace")
@click.argument("game_id")
@click.argument("seat")
@click.argument("email")
@click.option("--now", "now_text", help="the time to use (ISO)")
@DRY_RUN
@click.pass_obj
def game_replace(obj: Ctx, game_id: str, seat: str, email: str, now_text: str | None, dry_run: bool) -> None:
    """Give SEAT to a new player at EMAIL (a new password goes to them; history stays)."""
    from pbem.gm.gmtools import replace_seat
    _run(obj, game_id, lambda s, cfg, g: replace_seat(s, cfg, g, seat, email, given_now(now_text)),
         lambda old: f"seat {seat} of {game_id}: {old} replaced by {email}", dry_run,
         lambda old: f"seat {seat} of {game_id} would go from {old} to {email}")


@game.command("bot")
@click.argument("game_id")
@click.argument("seat")
@click.argument("state", type=click.Choice(["on", "off"]))
@click.option("--now", "now_text", help="the time to use (ISO)")
@click.pass_obj
def game_bot(obj: Ctx, game_id: str, seat: str, state: str, now_text: str | None) -> None:
    """Put SEAT in civil disorder (the bot plays it) or take it out."""
    from pbem.gm.gmtools import set_bot
    on_game(obj, game_id, lambda s, cfg, g: set_bot(s, cfg, g, seat, state == "on", given_now(now_text)))
    click.echo(f"seat {seat} of {game_id}: bot {state}")


@game.command("observe")
@click.argument("game_id")
@click.argument("email")
@click.pass_obj
def game_observe(obj: Ctx, game_id: str, email: str) -> None:
    """Send EMAIL the public report of every turn from now on."""
    from pbem.play.games import address_problem
    from pbem.gm.gmstate import refuse_unless
    from pbem.gm.gmtools import follow

    if address_problem(email):
        raise click.ClickException(address_problem(email))

    def act(s, cfg, g):  # type: ignore[no-untyped-def]
        refuse_unless(g, "OBSERVE")
        return follow(s, g, email, given_now(None))
    changed = on_game(obj, game_id, act)
    click.echo(f"{email} follows {game_id}" + ("" if changed else " already; nothing was changed"))


def _gm_announced(obj: Ctx, game_id: str, word: str, now_text: str | None, tool,  # type: ignore[no-untyped-def]
                  dry_run: bool = False, then: str = "") -> None:
    """Run a GM tool ``tool(session, game, now) -> what was done``, log it and tell the seats."""
    from pbem.gm import gmtools

    def act(s, cfg, g):  # type: ignore[no-untyped-def]
        now = given_now(now_text)
        done = tool(s, g, now)
        gmtools.announce(s, cfg, g, word, done, now, key="cli")
        return str(done)            # the GM's terminal reads English, times in UTC
    _run(obj, game_id, act, lambda done: f"{game_id}: {done}; the seats are told with the next pass", dry_run,
         lambda done: f"{game_id}: the GM would have {done}{then}")


def _clock_command(name: str, word: str, tool: str, summary: str, then: str = "") -> None:
    """A GM command on the game's clock, calling pbem.gm.gmtools.<tool>(game, now)."""
    @game.command(name, help=summary)
    @click.argument("game_id")
    @click.option("--now", "now_text", help="the time to use (ISO)")
    @DRY_RUN
    @click.pass_obj
    def command(obj: Ctx, game_id: str, now_text: str | None, dry_run: bool) -> None:
        from pbem.gm import gmtools
        _gm_announced(obj, game_id, word, now_text, lambda s, g, now: getattr(gmtools, tool)(g, now), dry_run,
                      then)


_clock_command("pause", "PAUSE", "pause", "Stop a game's clock: no turn runs until it is resumed.")
_clock_command("resume", "RESUME", "resume", "Start a paused game's clock again; the deadline moves on by the pause.")
_clock_command("process-now", "PROCESS", "process_now", "Let the turn run on the next pass, whoever has sent orders.",
               then="; that pass would also mail the turn's reports")


@game.command("extend")
@click.argument("game_id")
@click.argument("duration")
@click.option("--now", "now_text", help="the time to use (ISO)")
@DRY_RUN
@click.pass_obj
def game_extend(obj: Ctx, game_id: str, duration: str, now_text: str | None, dry_run: bool) -> None:
    """Move the deadline later by DURATION (like 24h, 30m, 2d)."""
    from pbem.gm.gmtools import extend
    _gm_announced(obj, game_id, "EXTEND", now_text, lambda s, g, now: extend(g, duration, now), dry_run)


@game.command("vacation")
@click.argument("game_id")
@click.argument("seat")
@click.argument("turns")
@click.option("--now", "now_text", help="the time to use (ISO)")
@click.pass_obj
def game_vacation(obj: Ctx, game_id: str, seat: str, turns: str, now_text: str | None) -> None:
    """SEAT is away for TURNS turns (within the game's allowance), or OFF."""
    from pbem.gm.gmstate import refuse_unless
    from pbem.gm.gmtools import seat_named, vacation

    def act(s, cfg, g):  # type: ignore[no-untyped-def]
        refuse_unless(g, "VACATION")
        found = seat_named(s, g, seat.lower())
        return vacation(s, g, found, turns, who=f"seat {found.name}", now=given_now(now_text))
    click.echo(on_game(obj, game_id, act))


@game.command("seat-lang")
@click.argument("game_id")
@click.argument("seat")
@click.argument("lang")
@click.option("--timezone", "zone", help="the seat's time zone too, like Europe/Paris (or UTC)")
@click.option("--now", "now_text", help="the time to use (ISO)")
@click.pass_obj
def game_seat_lang(obj: Ctx, game_id: str, seat: str, lang: str, zone: str | None, now_text: str | None) -> None:
    """SEAT's mail in LANG (en, fr, es, or default: the game's), as LANGUAGE does by mail."""
    from pbem.gm.gmtools import seat_language, seat_named

    def act(s, cfg, g):  # type: ignore[no-untyped-def]
        return seat_language(s, g, seat_named(s, g, seat.lower()), lang, zone, given_now(now_text))
    click.echo(on_game(obj, game_id, act))


@game.command("end")
@click.argument("game_id")
@click.option("--reason", default="ended by the GM", show_default=True)
@click.option("--now", "now_text", help="the time to use (ISO)")
@DRY_RUN
@click.pass_obj
def game_end(obj: Ctx, game_id: str, reason: str, now_text: str | None, dry_run: bool) -> None:
    """End a game now; every seat is told with the next pass."""
    from pbem.gm.gmtools import end_game
    _run(obj, game_id, lambda s, cfg, g: end_game(s, cfg, g, reason, given_now(now_text)),
         lambda _: f"{game_id} is over; the seats are told with the next pass", dry_run,
         lambda _: f"{game_id} would be over")
