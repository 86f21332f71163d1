"""Opening the database: SQLite by default (WAL, busy timeout, foreign keys,
BEGIN IMMEDIATE for every transaction), PostgreSQL by URL; Alembic migrations."""
from __future__ import annotations

import errno
from contextlib import contextmanager
from importlib import resources
from typing import Iterator

from alembic import command
from alembic.config import Config as AlembicConfig
from sqlalchemy import event, inspect
from sqlalchemy.engine import Engine
from sqlalchemy.exc import InterfaceError, OperationalError
from sqlmodel import Session, create_engine


def open_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"timeout": 30})

        @event.listens_for(engine, "connect")
        def _on_connect(dbapi_conn, _record) -> None:  # type: ignore[no-untyped-def]
            dbapi_conn.isolation_level = None  # we issue BEGIN ourselves
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA busy_timeout=30000")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.close()

        @event.listens_for(engine, "begin")
        def _on_begin(conn) -> None:  # type: ignore[no-untyped-def]
            conn.exec_driver_sql("BEGIN IMMEDIATE")

        return engine
    return create_engine(url, pool_pre_ping=True)


def _alembic(engine: Engine, connection) -> AlembicConfig:  # type: ignore[no-untyped-def]
    cfg = AlembicConfig()
    cfg.set_main_option("script_location", str(resources.files("pbem") / "migrations"))
    cfg.set_main_option("sqlalchemy.url", engine.url.render_as_string(hide_password=False))
    cfg.attributes["connection"] = connection
    return cfg


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest migration (safe to run every pass)."""
    with engine.begin() as connection:
        command.upgrade(_alembic(engine, connection), "head")


def is_migrated(engine: Engine) -> bool:
    return "game" in inspect(engine).get_table_names()


@contextmanager
def session(engine: Engine) -> Iterator[Session]:
    """One transaction: committed when the block ends, rolled back on error."""
    with Session(engine, expire_on_commit=False) as s:
        try:
            yield s
            s.commit()
        except BaseException:
            s.rollback()
            raise


# errno values that say the disk, not the mail, is the trouble.
_STORAGE_ERRNOS = {errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.EACCES, errno.EPERM, errno.EIO}


def storage_trouble(exc: BaseException, database: str = "the database") -> str:
    """What is wrong with the database or the disk, when ``exc`` says so, else ''.
    Such a failure stops the pass (exit 75, nothing lost) instead of marking
    the mail or game at hand as bad: the next pass, once it is fixed, goes on."""
    if isinstance(exc, (OperationalError, InterfaceError)):
        orig = getattr(exc, "orig", None)
        return f"{database}: " + " ".join(str(orig or exc).split())[:300]
    if isinstance(exc, OSError) and exc.errno in _STORAGE_ERRNOS:
        where = f" ({exc.filename})" if exc.filename else ""
        return f"{exc.strerror or exc}{where}"
    return ""
