"""A read-only or full disk under the database, the inbox or the outbox: a
pass says what is wrong in one line, exits 75, loses nothing, and the next
pass after the fix goes on. The folders are real small file systems (tmpfs,
mounted read-only or filled up), so root cannot write through them either."""
from __future__ import annotations

import os
import subprocess
import textwrap
from contextlib import contextmanager
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Iterator

import pytest
from sqlmodel import Session, select

from pbem.models import InboundMail, OutboundMail
from pbem_world import World, order_mail

T0 = datetime(2026, 4, 1, 9, 0, tzinfo=timezone.utc)


def _mount(path: Path, size: str) -> None:
    path.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(path)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        why = f"cannot mount a tmpfs for the storage tests: {done.stderr.strip()}"
        if os.environ.get("CI"):
            pytest.fail(why)
        pytest.skip(why)


def _remount(path: Path, mode: str) -> None:
    subprocess.run(["mount", "-o", f"remount,{mode}", str(path)], check=True)


@contextmanager
def small_disk(path: Path, size: str = "4m") -> Iterator[Path]:
    _mount(path, size)
    try:
        yield path
    finally:
        subprocess.run(["umount", "-l", str(path)], check=False)


def _world(root: Path, disk: Path, what: str) -> World:
    """A world whose database, inbox or outbox lives on ``disk``."""
    places = {"database": ("sqlite:////" + str(disk / "pbem.sqlite").lstrip("/"), "in", "out"),
              "inbox": ("sqlite:///pbem.sqlite", str(disk / "in"), "out"),
              "outbox": ("sqlite:///pbem.sqlite", "in", str(disk / "out"))}
    database, inbox, outbox = places[what]
    world = World(root, database=database,
                  inbox=textwrap.dedent(f'[inbox]\ntransport = "maildir"\npath = "{inbox}"'),
                  outbox=textwrap.dedent(f'[outbox]\ntransport = "maildir"\npath = "{outbox}"'))
    world.pbem("game", "new", "g", "--seat", "red:ann@example.org", "--seat", "blue:bob@example.org")
    world.pbem("game", "start", "g", "--now", T0.isoformat())
    world.pbem("process", "--now", T0.isoformat())
    return world


def _post_to(world: World, inbox: Path) -> None:
    import mailbox
    box = mailbox.Maildir(str(inbox), create=True)
    box.add(order_mail("ann@example.org", "HELP\n", subject="orders"))
    box.close()


def _answers(world: World) -> list:
    with Session(world.engine()) as s:
        return list(s.exec(select(OutboundMail).where(OutboundMail.kind == "answer")))


def _says_one_line(result: subprocess.CompletedProcess, words: str) -> None:
    assert result.returncode == 75, result.stdout + result.stderr
    assert "Traceback" not in result.stderr and "Traceback" not in result.stdout
    lines = [x for x in result.stderr.splitlines() if x.startswith("unreachable")]
    assert len(lines) == 1 and words.lower() in lines[0].lower(), result.stderr


@pytest.mark.parametrize("what", ["database", "inbox", "outbox"])
def test_a_read_only_folder_stops_the_pass_with_one_line_and_the_next_pass_recovers(
        tmp_path: Path, what: str) -> None:
    with small_disk(tmp_path / "disk") as disk:
        world = _world(tmp_path / "w", disk, what)
        inbox = disk / "in" if what == "inbox" else world.root / "in"
        _post_to(world, inbox)
        _remount(disk, "ro")
        stopped = world.pbem("process", "--now", (T0 + timedelta(minutes=15)).isoformat(), check=False)
        _says_one_line(stopped, "read-only" if what != "database" else "pbem.sqlite: unable to open")
        _remount(disk, "rw")
        world.pbem("process", "--now", (T0 + timedelta(minutes=30)).isoformat())
        answers = _answers(world)
        assert [a.to_addr for a in answers] == ["ann@example.org"] and answers[0].status == "sent"
        delivered = (disk if what == "outbox" else world.root) / "out" / "ann@example.org" / "new"
        assert len(list(delivered.iterdir())) == 2, "the welcome report and the answer"
        assert not list((inbox / "new").iterdir())


def test_a_full_disk_stops_the_pass_with_one_line_and_nothing_is_lost(tmp_path: Path) -> None:
    with small_disk(tmp_path / "disk", "8m") as disk:
        world = _world(tmp_path / "w", disk, "database")
        for _ in range(20):
            _post_to(world, world.root / "in")
        filler = disk / "filler"
        with open(filler, "wb", buffering=0) as fh:     # unbuffered: nothing left to flush on close
            try:
                while True:
                    fh.write(b"\0" * 65536)
            except OSError:
                pass
        stopped = world.pbem("process", "--now", (T0 + timedelta(minutes=15)).isoformat(), check=False)
        _says_one_line(stopped, "full")
        filler.unlink()
        world.pbem("process", "--now", (T0 + timedelta(minutes=30)).isoformat())
        with Session(world.engine()) as s:
            stored = list(s.exec(select(InboundMail)))
        assert len(stored) == 20 and {m.status for m in stored} == {"handled"}
        assert len(_answers(world)) == 20
