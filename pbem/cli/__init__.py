"""The ``pbem`` command: thin click commands over the engine and the mail layer.

The commands live by group in this package's modules; this one holds the
``main`` group, the context and the helpers they share, and registers them."""
from __future__ import annotations

from pathlib import Path

import click

from pbem import __version__


class Ctx:
    """What every command is given: the path of the server config."""

    def __init__(self, config_path: str | None) -> None:
        self.config_path = config_path

    def config(self):  # type: ignore[no-untyped-def]
        """The server config, loaded; a config error is an error message."""
        from pbem.config import ConfigError, load
        try:
            return load(self.config_path)
        except ConfigError as why:
            raise click.ClickException(f"config: {why}") from None


class _StorageTrouble(click.ClickException):
    """The disk or the database failed under a command: one line, exit 75 as
    for a pass (nothing half done: every command is one transaction)."""
    exit_code = 75


class _Main(click.Group):
    def invoke(self, ctx: click.Context):  # type: ignore[no-untyped-def]
        from sqlalchemy.exc import InterfaceError, OperationalError

        from pbem.db import storage_trouble
        try:
            return super().invoke(ctx)
        except (OperationalError, InterfaceError, OSError) as why:
            trouble = storage_trouble(why)
            if not trouble:
                raise
            raise _StorageTrouble(f"{trouble}; nothing was changed: fix the disk, then run it again") from None


@click.group(cls=_Main, context_settings={"help_option_names": ["-h", "--help"]})
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
    never meets an old schema. Without ``create`` a missing database is an error,
    and no file is made: a read-only command never leaves an empty database.
    A database that cannot be opened is one line saying why."""
    from sqlalchemy.exc import DatabaseError, InterfaceError

    from pbem.db import is_migrated, migrate, open_engine, open_problem, sqlite_path
    url = cfg.database_url
    path = sqlite_path(url)
    from sqlalchemy.engine import make_url
    where = path or make_url(url).render_as_string(hide_password=True)
    missing = f"no pbem database at {where}; run 'pbem init' first, or check [server] database"
    if path is not None and (not path.is_file() or path.stat().st_size == 0):
        if not create:      # an empty file too: SQLite would write a header into it
            raise click.ClickException(missing)
        problem = open_problem(url)
        if problem:
            raise click.ClickException(problem)
    try:
        engine = open_engine(url)
        if not create and not is_migrated(engine):
            raise click.ClickException(missing)
        migrate(engine)
    except (DatabaseError, InterfaceError, OSError) as why:
        raise click.ClickException(open_problem(url, why)) from None
    here = click.get_current_context(silent=True)
    if here is not None:        # the command's connections close with it, not at exit
        here.call_on_close(engine.dispose)
    return engine


def _now(value: str | None):  # type: ignore[no-untyped-def]
    """The time given (ISO) or, without one, the time now."""
    from pbem.clock import now_utc, parse_when
    if value is None:
        return now_utc()
    try:
        return parse_when(value)
    except ValueError as why:
        raise click.BadParameter(str(why)) from None


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


# The command modules use the helpers above, so they come after them.
from pbem.cli import game, history, server, tools  # noqa: E402

main.add_command(server.init)
main.add_command(server.process)
main.add_command(server.status)
main.add_command(server.watch_command)
main.add_command(game.game)
main.add_command(history.history)
main.add_command(history.archive)
main.add_command(history.replay)
main.add_command(tools.demo)
main.add_command(tools.simulate)
main.add_command(tools.adjudicate)
from pbem.cli.mailcheck import check_mail; main.add_command(check_mail)  # noqa: E402,E702
