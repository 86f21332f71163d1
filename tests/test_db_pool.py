"""The PostgreSQL connection pool (pbem.db.open_engine): a connection that sat unused in the pool
is tried before it is handed out again, and one the server killed meanwhile is replaced; one that
came back a moment ago (the previous game's, in a pass) is handed out without a round trip."""
from __future__ import annotations

import time

import psycopg
import pytest
from conftest import PG_ADMIN, pg_database

from pbem import db


def _backend(engine) -> int:  # type: ignore[no-untyped-def]
    with engine.connect() as conn:
        return int(conn.exec_driver_sql("SELECT pg_backend_pid()").scalar())


def _killed(pid: int) -> None:
    """The server ends the backend ``pid``; back once it is gone."""
    with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
        for _ in range(500):
            if admin.execute("SELECT count(*) FROM pg_stat_activity WHERE pid = %s", (pid,)).fetchone() == (0,):
                return
            time.sleep(0.01)
    raise AssertionError(f"backend {pid} still runs")


def test_a_connection_the_server_killed_while_it_sat_idle_is_replaced(monkeypatch: pytest.MonkeyPatch) -> None:
    with pg_database() as url:
        engine = db.open_engine(url)
        first = _backend(engine)
        _killed(first)
        monkeypatch.setattr(db, "IDLE_PING_SECONDS", -1.0)     # as if it had sat unused long enough
        assert _backend(engine) != first, "a new connection, the dead one thrown away"
        engine.dispose()


def test_a_connection_back_a_moment_ago_is_handed_out_without_a_ping(monkeypatch: pytest.MonkeyPatch) -> None:
    with pg_database() as url:
        engine = db.open_engine(url)
        pings: list[object] = []
        real = engine.dialect.do_ping
        monkeypatch.setattr(engine.dialect, "do_ping", lambda conn: pings.append(conn) or real(conn))
        backends = {_backend(engine) for _ in range(5)}
        assert len(backends) == 1 and pings == [], "the same connection, not tried again"
        monkeypatch.setattr(db, "IDLE_PING_SECONDS", -1.0)
        assert _backend(engine) in backends and len(pings) == 1, "tried once it sat unused long enough"
        engine.dispose()
