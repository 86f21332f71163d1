"""``pbem watch``: a pass soon after mail arrives, over a real Dovecot (IDLE) and
aiosmtpd, across a server restart, and on the embedded Maildir transport."""
from __future__ import annotations

import random
import signal
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from typing import Callable, Iterator

import pytest
from sqlmodel import Session

from engine import get_ruleset
from pbem.config import load
from pbem.models import Game
from pbem.runners.process import Busy
from pbem.runners.watch import Backoff, Dropped, ImapWaiter, Watch, ordinary_pass, waiter_for
from pbem_world import ServerWorld, World, order_mail, password_in, text_of

WAIT = 20.0   # generous: a pass takes about a second


def eventually(what: str, check: Callable[[], object], timeout: float = WAIT) -> object:
    """Poll ``check`` until it gives something true; fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        found = check()
        if found:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {timeout:.0f} s: {what}")
        time.sleep(0.1)


def new_game(world: World) -> None:
    world.pbem("game", "new", "w1", "--seat", "red:ann@example.org", "--seat", "blue:bob@example.org",
               "--seed", "watch")
    world.pbem("game", "start", "w1")


def orders_for(world: World, seat: str, password: str) -> bytes:
    with Session(world.engine()) as s:
        game = s.get(Game, "w1")
        valley = get_ruleset("valley")
        orders = "\n".join(valley.bot_orders(valley.from_json(game.state_json), seat, random.Random(1)).normal)
    return order_mail("ann@example.org", f"SIGNON w1 {seat} {password}\nTURN 0\n{orders}\n")


def answers(world: World, address: str, words: str) -> list[str]:
    return [t for t in map(text_of, world.outbox(address)) if words in t]


@contextmanager
def watching(world: World, connect: Callable | None = None, **options) -> Iterator[tuple[Watch, list[str]]]:
    """The watcher of ``world`` in a thread; stopped, and checked to have
    ended cleanly, when the block ends."""
    cfg = load(world.config)
    stop = threading.Event()
    lines: list[str] = []
    watch = Watch(ordinary_pass(cfg), connect or waiter_for(cfg, stop), stop=stop,
                  log=lambda line, trouble: lines.append(line), **options)
    ended: list[object] = []
    thread = threading.Thread(target=lambda: ended.append(_run(watch)), daemon=True)
    thread.start()
    try:
        yield watch, lines
    finally:
        stop.set()
        thread.join(WAIT)
    assert not thread.is_alive(), "the watcher did not stop"
    assert ended == [0], ended


def _run(watch: Watch) -> object:
    try:
        return watch.run()
    except Exception as why:   # shown by the test, not lost in the thread
        return why


@pytest.fixture
def server_game(tmp_path, clean_mailboxes, smtp) -> ServerWorld:
    world = ServerWorld(tmp_path, clean_mailboxes, smtp)
    new_game(world)
    return world


def test_mail_appended_over_imap_is_answered_while_watching(server_game) -> None:
    world = server_game
    waiters: list[ImapWaiter] = []

    def connect() -> ImapWaiter:
        # IDLE renewed every half second: the renewals must not lose a wake-up.
        waiters.append(ImapWaiter(load(world.config).inbox, renew=0.5))
        return waiters[-1]

    with watching(world, connect) as (watch, lines):
        welcome = eventually("the start pass mails the welcome", lambda: world.outbox("ann@example.org"))
        time.sleep(1.5)                       # a few IDLE renewals go by
        world.imap.deliver("pbem", orders_for(world, "red", password_in(welcome)))
        eventually("the orders are answered", lambda: answers(world, "ann@example.org", "Orders stored for w1"))
        # The answer goes out within the pass, which is counted once it has returned.
        eventually("the mail's pass is counted", lambda: watch.passes >= 2)
        assert watch.drops == 0
        assert waiters[-1].renewals >= 1
    assert world.imap.messages("pbem") == [], "the mail left the inbox"
    assert lines[0].startswith("pass (start) exit 0")
    assert any(line.startswith("pass (mail) exit 0: fetched 1") for line in lines), lines


def test_watcher_reconnects_after_the_imap_server_restarts(server_game) -> None:
    world = server_game
    with watching(world) as (watch, lines):
        welcome = eventually("the start pass mails the welcome", lambda: world.outbox("bob@example.org"))
        passes = eventually("the start pass is over", lambda: watch.passes)
        world.imap.halt()
        try:
            eventually("the drop is seen", lambda: watch.drops)
            time.sleep(1.5)                   # a reconnect fails while the server is down
        finally:
            world.imap.start()
        eventually("a pass after reconnecting", lambda: watch.passes > passes)
        world.imap.deliver("pbem", orders_for(world, "blue", password_in(welcome)))
        eventually("the orders are answered", lambda: answers(world, "bob@example.org", "Orders stored for w1"))
    assert watch.drops == 1
    drops = [line for line in lines if "connection lost" in line]
    assert len(drops) == 1 and "BYE" in drops[0], lines
    assert any(line.startswith("pass (reconnected) exit 0") for line in lines), lines
    assert not any("Traceback" in line for line in lines)


def test_watch_command_on_the_maildir_answers_and_stops_on_sigterm(tmp_path) -> None:
    world = World(tmp_path)
    new_game(world)
    script = ("import sys; from pbem.cli import Ctx; from pbem.runners.watch import watch_command; "
              "watch_command.main(sys.argv[2:], obj=Ctx(sys.argv[1]))")
    proc = subprocess.Popen([sys.executable, "-c", script, str(world.config), "--every", "15"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        welcome = eventually("the start pass mails the welcome", lambda: world.outbox("ann@example.org"))
        world.post(orders_for(world, "red", password_in(welcome)))
        eventually("the orders are answered", lambda: answers(world, "ann@example.org", "Orders stored for w1"))
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=WAIT)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0, err
    assert "Traceback" not in err
    assert "pbem watch: pass (start) exit 0" in out and "pbem watch: pass (mail) exit 0: fetched 1" in out, out
    assert list((tmp_path / "in" / "new").iterdir()) == []


# -- the loop alone, with stand-ins for the pass and the mailbox -------------

class FakeWaiter:
    def __init__(self, mail: list[bool]) -> None:
        self.mail = mail

    def wait(self, timeout: float) -> bool:
        time.sleep(0.01)
        if self.mail == ["drop"]:
            raise Dropped("gone")
        return self.mail.pop(0) if self.mail else False

    def close(self) -> None:
        pass


def test_a_pass_runs_at_start_on_mail_and_every_period_without_mail() -> None:
    reasons: list[str] = []
    watch = Watch(lambda: (0, ["ok"]), lambda: FakeWaiter([False, True]), every=0.2,
                  log=lambda line, trouble: reasons.append(line.split(")")[0]),
                  until=lambda w: w.passes >= 4)
    assert watch.run() == 0
    assert reasons == ["pass (start", "pass (mail", "pass (timer", "pass (timer"]


def test_a_busy_lock_is_retried_and_said_once() -> None:
    tries: list[int] = []

    def run_pass() -> tuple[int, list[str]]:
        tries.append(1)
        if len(tries) <= 3:
            raise Busy("another pbem process holds pbem.lock; this pass stops")
        return 0, ["ok"]

    lines: list[tuple[str, bool]] = []
    watch = Watch(run_pass, lambda: FakeWaiter([]), log=lambda line, trouble: lines.append((line, trouble)),
                  until=lambda w: w.passes >= 1, busy_retry=0.05)
    assert watch.run() == 0
    assert len(tries) == 4
    assert [trouble for _line, trouble in lines] == [True, False]
    assert lines[1][0].startswith("pass (retry) exit 0")


def test_failed_reconnects_back_off_and_are_logged_once() -> None:
    attempts: list[int] = []

    def connect() -> FakeWaiter:
        attempts.append(1)
        if len(attempts) in (2, 3, 4):
            raise Dropped("IMAP 127.0.0.1:1: connection refused")
        return FakeWaiter(["drop"] if len(attempts) == 1 else [True])

    lines: list[str] = []
    watch = Watch(lambda: (2 if len(attempts) < 5 else 0, ["x"]), connect, backoff=Backoff(cap=0.01),
                  log=lambda line, trouble: lines.append(line), until=lambda w: w.passes >= 3)
    assert watch.run() == 0
    assert len(attempts) == 5 and watch.drops == 1
    assert [line.split(":")[0] for line in lines] == ["pass (start) exit 2", "connection lost",
                                                       "pass (reconnected) exit 0", "pass (mail) exit 0"]


def test_backoff_doubles_up_to_its_cap() -> None:
    backoff = Backoff()
    assert [backoff.next() for _ in range(9)] == [1, 2, 4, 8, 16, 32, 60, 60, 60]
    backoff.tries = 0
    assert backoff.next() == 1
