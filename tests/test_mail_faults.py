"""Nothing is lost when a pass dies anywhere, when a mail server is down, or
when two passes start at once."""
from __future__ import annotations

import fcntl
from contextlib import nullcontext
import textwrap
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from sqlmodel import Session, select

from mailservers import free_port
from conftest import pg_database
from pbem.faults import POINTS
from pbem.models import Game, InboundMail, OutboundMail, Sheet, TurnRecord
from pbem_world import World, order_mail, password_in

T0 = datetime(2026, 4, 1, 9, 0, tzinfo=timezone.utc)
T1 = T0 + timedelta(hours=80)
ORDERS = {"red": ("ann@example.org", "PLACE C3 B2\nPLANT C3"), "blue": ("bob@example.org", "PLACE F5 G4")}


def _prepared(root: Path, database: str) -> World:
    """A started 2-seat game whose orders wait in the inbox, the deadline passed."""
    world = World(root, database=database)
    world.pbem("game", "new", "g", "--seat", "red:ann@example.org", "--seat", "blue:bob@example.org",
               "--seed", "faults", "--deadline", "72h")
    world.pbem("game", "start", "g", "--now", T0.isoformat())
    world.pbem("process", "--now", T0.isoformat())
    for seat, (address, orders) in ORDERS.items():
        secret = password_in(world.outbox(address))
        world.post(order_mail(address, f"SIGNON g {seat} {secret}\n{orders}\n"))
    return world


def _snapshot(world: World) -> dict:
    with Session(world.engine()) as s:
        game = s.get(Game, "g")
        out = list(s.exec(select(OutboundMail)))
        return {
            "state": game.state_json, "turn": game.turn_no,
            "turns": sorted(r.turn_no for r in s.exec(select(TurnRecord))),
            "sheets": sorted((x.seat, x.turn_no, x.text) for x in s.exec(select(Sheet))),
            "inbound": sorted(m.status for m in s.exec(select(InboundMail))),
            "outbound": sorted((m.key.split(":")[0], m.to_addr, m.status) for m in out if not m.key.startswith("answer")),
            "answers": sorted((m.to_addr, m.status) for m in out if m.key.startswith("answer")),
        }


@pytest.fixture(scope="module")
def references(tmp_path_factory) -> dict:
    return {}


def _reference(backend: str, tmp_path_factory, references: dict) -> dict:
    """An uninterrupted pass on the same inputs, once per database kind."""
    if backend not in references:
        with (pg_database() if backend == "postgresql" else nullcontext("sqlite:///pbem.sqlite")) as url:
            world = _prepared(tmp_path_factory.mktemp("reference"), url)
            world.pbem("process", "--now", T1.isoformat())
            references[backend] = _snapshot(world)
    snap = references[backend]
    assert snap["turns"] == [0] and snap["turn"] == 1
    return snap


@pytest.mark.parametrize("point", POINTS)
def test_a_pass_killed_anywhere_is_completed_by_the_next(point: str, tmp_path: Path, database: str,
                                                         tmp_path_factory, references: dict) -> None:
    reference = _reference("sqlite" if database.startswith("sqlite") else "postgresql", tmp_path_factory, references)
    world = _prepared(tmp_path, database)
    killed = world.pbem("process", "--now", T1.isoformat(), env={"PBEM_FAULT": point}, check=False)
    assert killed.returncode == -9, f"the fault {point} was not reached: {killed.stdout}{killed.stderr}"
    world.pbem("process", "--now", T1.isoformat())
    assert _snapshot(world) == reference
    for address, _ in ORDERS.values():
        reports = [m for m in world.outbox(address) if "turn 1 report" in m["Subject"]]
        assert len(reports) >= 1, "every report is sent at least once"


def test_inbox_down_exits_75_and_the_next_pass_catches_up(tmp_path: Path, dovecot, clean_mailboxes) -> None:
    closed = free_port()
    inbox = textwrap.dedent('''
        [inbox]
        transport = "imap"
        host = "127.0.0.1"
        port = {port}
        security = "plain"
        user = "pbem"
        password = "secret"
        timeout = 3''')
    world = World(tmp_path, inbox=inbox.format(port=closed))
    world.pbem("game", "new", "g", "--seat", "red:ann@example.org", "--seat", "blue:bob@example.org")
    world.pbem("game", "start", "g", "--now", T0.isoformat())
    dovecot.deliver("pbem", order_mail("ann@example.org", "SIGNON g red wrong-pass\n"))
    down = world.pbem("process", "--now", T0.isoformat(), check=False)
    assert down.returncode == 75
    assert "unreachable: inbox" in down.stderr
    assert len(world.outbox("ann@example.org")) == 1, "the rest of the pass still ran"
    world.config.write_text(world.config.read_text().replace(f"port = {closed}", f"port = {dovecot.port}"))
    world.pbem("process", "--now", (T0 + timedelta(minutes=15)).isoformat())
    assert any("wrong password" in m.get_body(("plain",)).get_content() for m in world.outbox("ann@example.org"))
    assert dovecot.messages("pbem") == []


def test_outbox_down_keeps_mail_queued_until_it_is_back(tmp_path: Path, smtp) -> None:
    closed = free_port()
    outbox = textwrap.dedent('''
        [outbox]
        transport = "smtp"
        host = "127.0.0.1"
        port = {port}
        security = "plain"
        timeout = 3''')
    world = World(tmp_path, outbox=outbox.format(port=closed))
    world.pbem("game", "new", "g", "--seat", "red:ann@example.org", "--seat", "blue:bob@example.org")
    world.pbem("game", "start", "g", "--now", T0.isoformat())
    down = world.pbem("process", "--now", T0.isoformat(), check=False)
    assert down.returncode == 75 and "unreachable: outbox" in down.stderr
    status = world.pbem("status").stdout
    assert "outbox: 2 queued, 0 failed" in status
    world.config.write_text(world.config.read_text().replace(f"port = {closed}", f"port = {smtp.port}"))
    world.pbem("process", "--now", (T0 + timedelta(minutes=15)).isoformat())
    assert sorted(rcpt for rcpt, _ in smtp.received) == ["ann@example.org", "bob@example.org"]
    assert "outbox: 0 queued, 0 failed" in world.pbem("status").stdout


def test_permanent_refusal_is_recorded_and_shown(tmp_path: Path, smtp) -> None:
    smtp.relay.refuse["bob@example.org"] = 550
    smtp.relay.refuse["ann@example.org"] = 451
    world = World(tmp_path, outbox=f'[outbox]\ntransport = "smtp"\nhost = "127.0.0.1"\nport = {smtp.port}\nsecurity = "plain"')
    world.pbem("game", "new", "g", "--seat", "red:ann@example.org", "--seat", "blue:bob@example.org")
    world.pbem("game", "start", "g", "--now", T0.isoformat())
    world.pbem("process", "--now", T0.isoformat())
    status = world.pbem("status").stdout
    assert "outbox: 1 queued, 1 failed" in status
    assert "failed: report to bob@example.org: 550" in status
    del smtp.relay.refuse["ann@example.org"]
    world.pbem("process", "--now", (T0 + timedelta(minutes=15)).isoformat())
    assert [r for r, _ in smtp.received] == ["ann@example.org"]


def test_a_second_pass_at_once_says_so_and_exits(tmp_path: Path) -> None:
    world = World(tmp_path)
    world.pbem("game", "new", "g", "--seat", "red:ann@example.org", "--seat", "blue:bob@example.org")
    with open(tmp_path / "pbem.lock", "a+") as held:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        second = world.pbem("process", check=False)
    assert second.returncode == 75
    assert "another pbem process holds" in second.stderr
    assert world.pbem("process").returncode == 0
