"""Shared fixtures: real mail servers (Dovecot, aiosmtpd) and pbem servers."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from mailservers import Dovecot, SmtpPeer  # noqa: E402

USERS = ["pbem", "ann", "bob", "cy", "gm", "eve", "watcher"]


@pytest.fixture(scope="session")
def dovecot():
    server = Dovecot(USERS)
    yield server
    server.stop()


@pytest.fixture
def smtp(dovecot):
    peer = SmtpPeer(dovecot)
    yield peer
    peer.stop()


@pytest.fixture
def clean_mailboxes(dovecot):
    """Empty every test mailbox before a test that reads them."""
    for user in USERS:
        with dovecot.client(user) as c:
            for folder in ("INBOX", "Processed", "Quarantine"):
                try:
                    c.select_folder(folder)
                except Exception:  # the folder may not exist for this user
                    continue
                uids = c.search("ALL")
                if uids:
                    c.delete_messages(uids)
                    c.expunge()
    return dovecot


# -- databases: every storage test runs on SQLite and on a real PostgreSQL ----
import os  # noqa: E402
import uuid  # noqa: E402
from contextlib import contextmanager  # noqa: E402

PG_ADMIN = os.environ.get("PBEM_TEST_PG", "host=127.0.0.1 port=5432 user=postgres dbname=test")


@contextmanager
def pg_database():
    """A fresh PostgreSQL database for one test, dropped afterwards. On CI a
    PostgreSQL that cannot be reached fails the test; elsewhere it is skipped
    with the reason."""
    import psycopg
    name = f"pbem_test_{uuid.uuid4().hex[:12]}"
    try:
        with psycopg.connect(PG_ADMIN, autocommit=True, connect_timeout=5) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
    except psycopg.OperationalError as why:
        if os.environ.get("CI"):
            pytest.fail(f"PostgreSQL is not reachable ({PG_ADMIN}): {why}")
        pytest.skip(f"PostgreSQL is not reachable ({PG_ADMIN}): {why}")
    params = dict(p.split("=", 1) for p in PG_ADMIN.split())
    try:
        yield (f"postgresql+psycopg://{params.get('user', 'postgres')}@{params.get('host', '127.0.0.1')}:"
               f"{params.get('port', '5432')}/{name}")
    finally:
        with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request):
    if request.param == "sqlite":
        yield "sqlite:///pbem.sqlite"
        return
    with pg_database() as url:
        yield url


# -- the long tests first -------------------------------------------------------
# tests/run runs a file a worker in the order collected (pytest-xdist, --dist loadfile
# --no-loadscope-reorder): the files marked long (whole games, hundreds of bot games) go first,
# so that no worker is left with one of them while the other has finished.
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.get_closest_marker("long") is None)


# -- CI cannot go green by skipping -------------------------------------------
# A skip hides a test that did not run. Under CI (.ci/run sets CI=true) every skip fails the
# run unless its reason starts with one of these (none today: every server, browser and tool the
# tests use comes from tests/setup).
ALLOWED_SKIPS: tuple[str, ...] = ()
_skipped: list[str] = []


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.skipped and isinstance(report.longrepr, tuple) and not hasattr(report, "wasxfail"):
        reason = str(report.longrepr[2]).removeprefix("Skipped: ")
        if not reason.startswith(ALLOWED_SKIPS):
            _skipped.append(f"{report.nodeid}: {reason}")


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if os.environ.get("CI") and _skipped and exitstatus == 0:
        session.exitstatus = 1


def pytest_terminal_summary(terminalreporter, exitstatus: int) -> None:  # type: ignore[no-untyped-def]
    if os.environ.get("CI") and _skipped:
        terminalreporter.write_line(f"CI: {len(_skipped)} test(s) skipped, which CI does not allow "
                                    "(tests/conftest.py ALLOWED_SKIPS):", red=True)
        for line in _skipped[:20]:
            terminalreporter.write_line(f"  {line}")
