"""What the ``pbem`` commands share: the context every command is given, the database
opened for a command, the time a command is told to use, and running a GM's action on a game."""
from __future__ import annotations

import click


class Ctx:
    """What every command is given: the path of the server config."""

    def __init__(self, config_path: str | None) -> None:
        self.config_path = config_path

    def config(self):  # type: ignore[no-untyped-def]
        """The server config, loaded; a config error is an error message."""
        from pbem.config import load
        from pbem.errors import ConfigError
        try:
            return load(self.config_path)
        except ConfigError as why:
            raise click.ClickException(f"config: {why}") from None


def open_database(cfg, create: bool = True):  # type: ignore[no-untyped-def]
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


def given_now(value: str | None):  # type: ignore[no-untyped-def]
    """The time given (ISO) or, without one, the time now."""
    from pbem.clock import now_utc, parse_when
    if value is None:
        return now_utc()
    try:
        return parse_when(value)
    except ValueError as why:
        raise click.BadParameter(str(why)) from None


def on_game(obj: Ctx, game_id: str, action, dry_run: bool = False):  # type: ignore[no-untyped-def]
    """Run ``action(session, config, game)`` in one transaction (rolled back in a dry run, as a
    pass's is: pbem.db.finish); the game must exist. What a GM asked that cannot be done
    (GameError, HistoryError) is an error message."""
    from pbem.db import session
    from pbem.errors import GameError, HistoryError
    from pbem.models import Game
    cfg = obj.config()
    with session(open_database(cfg, create=False), dry_run) as s:
        g = s.get(Game, game_id)
        if g is None:
            raise click.ClickException(f"no game {game_id}")
        try:
            return action(s, cfg, g)
        except (GameError, HistoryError) as why:
            raise click.ClickException(str(why)) from None
