"""Roles, workers and several mailboxes, on SQLite and PostgreSQL."""
from __future__ import annotations

import mailbox
from datetime import datetime, timedelta, timezone
from pathlib import Path

from sqlmodel import Session, select

from pbem.config import load

from pbem.errors import ConfigError
from pbem.models import Game, Sheet
import pytest

from pbem_world import World, order_mail, password_in

T0 = datetime(2026, 9, 1, 8, 0, tzinfo=timezone.utc)
SECOND = '[inboxes.second]\ntransport = "maildir"\npath = "in2"\n'


def _world(tmp_path: Path, database: str) -> World:
    world = World(tmp_path, database=database)
    world.config.write_text(world.config.read_text() + SECOND)
    world.pbem("game", "new", "g", "--seat", "red:ann@example.org", "--seat", "blue:bob@example.org",
               "--seed", "roles")
    world.pbem("game", "start", "g", "--now", T0.isoformat())
    return world


def test_each_role_alone_then_workers(tmp_path: Path, database: str) -> None:
    world = _world(tmp_path, database)
    world.pbem("process", "--role", "send", "--now", T0.isoformat())
    red = password_in(world.outbox("ann@example.org"))
    blue = password_in(world.outbox("bob@example.org"))
    world.post(order_mail("ann@example.org", f"SIGNON g red {red}\nPLACE C3\n"))
    # The second mailbox, addressed by plus-address: the game comes from the address.
    box = mailbox.Maildir(str(tmp_path / "in2"), create=True)
    box.add(order_mail("bob@example.org", f"SIGNON blue {blue}\nPLACE F5\n").replace(
        b"To: pbem@example.org", b"To: pbem+g@example.org"))
    fetched = world.pbem("process", "--role", "fetch", "--mailbox", "second", "--now", T0.isoformat()).stdout
    assert fetched.startswith("fetched 1,")
    world.pbem("process", "--role", "fetch", "--now", T0.isoformat())
    world.pbem("process", "--role", "resolve", "--workers", "2", "--now", T0.isoformat())
    with Session(world.engine()) as s:
        sheets = {x.seat: x.text for x in s.exec(select(Sheet))}
    assert sheets == {"red": "PLACE C3", "blue": "PLACE F5"}
    world.pbem("process", "--workers", "2", "--now", (T0 + timedelta(hours=80)).isoformat())
    with Session(world.engine()) as s:
        assert s.get(Game, "g").turn_no == 1
    assert any("turn 1 report" in m["Subject"] for m in world.outbox("bob@example.org"))
    bad = world.pbem("process", "--mailbox", "third", check=False)
    assert bad.returncode == 2 and "no mailbox 'third'" in bad.stderr


def test_inboxes_config_is_checked(tmp_path: Path) -> None:
    cfg = tmp_path / "pbem.toml"
    cfg.write_text('[inboxes.a]\ntransport = "imap"\nhost = "mail.example.org"\n[inboxes.b]\npath = "x"\n')
    loaded = load(cfg, environ={"PBEM_INBOXES_A_PASSWORD": "s3cret"})
    assert list(loaded.inboxes) == ["inbox", "a", "b"]
    assert loaded.inboxes["a"].password == "s3cret" and loaded.inboxes["a"].port == 993
    cfg.write_text('[inboxes.a]\ncolour = "red"\n')
    with pytest.raises(ConfigError, match="unknown key 'colour' in \\[inboxes.a\\]"):
        load(cfg)
    cfg.write_text('[inboxes.a]\ntransport = "pigeon"\n')
    with pytest.raises(ConfigError, match="inboxes.a\\] transport is maildir or imap"):
        load(cfg)
