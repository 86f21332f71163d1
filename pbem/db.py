"""Opening the database: SQLite by default (WAL, busy timeout, foreign keys,
BEGIN IMMEDIATE for every transaction), PostgreSQL by URL; Alembic migrations."""
from __future__ import annotations

import errno
import os
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from importlib import resources
from typing import Iterator

from alembic import command
from alembic.config import Config as AlembicConfig
from sqlalchemy import event, inspect
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import DisconnectionError, InterfaceError, OperationalError
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
    engine = create_engine(url)
    _ping_when_idle(engine)
    return engine


IDLE_PING_SECONDS = 10.0
"""A pooled connection unused for longer is tried (pinged) before it is handed out again."""


def _ping_when_idle(engine: Engine) -> None:
    """Before the pool hands out a connection that sat unused for more than
    :data:`IDLE_PING_SECONDS` (a watcher's between passes, a server restarted meanwhile), it is
    tried, and replaced by a new one when it is dead. One that came back a moment ago is not:
    a pass checks a connection out for every game, and trying it each time (SQLAlchemy's
    ``pool_pre_ping``) cost a round trip and a transaction of the server's a game."""

    @event.listens_for(engine, "checkin")
    def _checked_in(_dbapi_conn, record) -> None:  # type: ignore[no-untyped-def]
        record.info["pbem_idle_since"] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def _checked_out(dbapi_conn, record, _proxy) -> None:  # type: ignore[no-untyped-def]
        since = record.info.pop("pbem_idle_since", None)
        if since is None or time.monotonic() - since <= IDLE_PING_SECONDS:
            return
        try:
            engine.dialect.do_ping(dbapi_conn)
        except Exception as why:        # the pool throws this one away and connects anew
            raise DisconnectionError(f"a pooled connection is dead: {why}") from why


def _alembic(engine: Engine, connection) -> AlembicConfig:  # type: ignore[no-untyped-def]
    cfg = AlembicConfig()
    cfg.set_main_option("script_location", str(resources.files("pbem") / "migrations"))
    # The options are read as an ini file's, where "%" starts a reference: a "%" of the address (a
    # folder named "100%", a password written %25) is written twice to stand for itself.
    cfg.set_main_option("sqlalchemy.url", engine.url.render_as_string(hide_password=False).replace("%", "%%"))
    cfg.attributes["connection"] = connection
    return cfg


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest migration (safe to run every pass)."""
    with engine.begin() as connection:
        command.upgrade(_alembic(engine, connection), "head")


def is_migrated(engine: Engine) -> bool:
    return "game" in inspect(engine).get_table_names()


@contextmanager
def session(engine: Engine, dry_run: bool = False) -> Iterator[Session]:
    """One transaction: committed when the block ends (see :func:`finish`), rolled back on error."""
    with Session(engine, expire_on_commit=False) as s:
        try:
            yield s
            finish(s, dry_run)
        except BaseException:
            s.rollback()
            raise


def finish(s: Session, dry_run: bool) -> None:
    """The end of a transaction: committed, or in a dry run (a pass's or a GM command's) rolled
    back, so that nothing is stored and no mail queued."""
    if dry_run:
        s.rollback()
    else:
        s.commit()


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


# -- opening the database from a command: what is wrong, in one line --------
def sqlite_path(url: str) -> Path | None:
    """The file of a SQLite URL; None for another database or an in-memory one."""
    try:
        parsed = make_url(url)
    except Exception:  # noqa: BLE001 - a URL that cannot be read is no file
        return None
    if not parsed.drivername.startswith("sqlite") or parsed.database in (None, "", ":memory:"):
        return None
    return Path(parsed.database)


def _folder_problem(folder: Path) -> str:
    """Why no database file can be made in ``folder``, or ''. Asked only once
    opening failed (or before creating one): root passes every permission
    check, so a file is really made there, and removed at once."""
    for above in [folder, *folder.parents]:
        if above.exists():
            if not above.is_dir():
                return f"{above} is a file, not a folder, so {folder} cannot exist"
            break
    if not folder.exists():
        return f"the folder {folder} does not exist; create it, or set [server] database"
    try:
        flags = os.statvfs(folder).f_flag
    except OSError:
        flags = 0
    if flags & os.ST_RDONLY:
        return f"the folder {folder} is on a read-only file system"
    try:
        fd, probe = tempfile.mkstemp(dir=folder, prefix=".pbem-probe-")
    except OSError as why:
        return f"cannot make a file in {folder}: {why.strerror or why}"
    os.close(fd)
    os.unlink(probe)
    return ""


def _full(folder: Path) -> bool:
    """Is the file system under ``folder`` out of room (for this user)?"""
    try:
        room = os.statvfs(folder)
    except OSError:
        return False
    return (room.f_bfree if os.geteuid() == 0 else room.f_bavail) == 0


def open_problem(url: str, exc: BaseException | None = None) -> str:
    """What keeps the database at ``url`` from opening, in one line: the
    folder of a SQLite file looked at (missing, a file, read-only, not
    writable, full), else what the database said (``exc``)."""
    path = sqlite_path(url)
    where = str(path) if path is not None else make_url(url).render_as_string(hide_password=True)
    if path is not None:
        folder = path.absolute().parent
        problem = _folder_problem(folder)
        if problem:
            return f"cannot open the database {where}: {problem}"
        if path.exists() and not os.access(path, os.R_OK | os.W_OK):
            return f"cannot open the database {where}: no permission to read and write it"
        if exc is not None and _full(folder):
            return f"cannot use the database {where}: the disk it is on ({folder}) is full"
    if exc is not None:
        said = storage_trouble(exc, "").lstrip(": ") or " ".join(str(exc).split())[:300]
        return f"cannot use the database {where}: {said}"
    return ""
