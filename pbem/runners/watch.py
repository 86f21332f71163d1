"""``pbem watch``: a pass moments after mail arrives, not at cron's next quarter hour.

The watcher waits on the configured [inbox] (IMAP IDLE on its folder, or a
look at the Maildir's ``new/`` about once a second) and runs one ordinary pass,
the same as ``pbem process``: at start, after every reconnect, when mail
arrives, and at least every ``every`` seconds so that deadlines and reminders
run on a quiet inbox. Mailboxes in [inboxes.NAME] are read by every pass but
not watched. A lost connection is retried after 1 s, 2 s, 4 s ... up to 60 s.
"""
from __future__ import annotations

import os
import signal
import socket
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Protocol

import click
from pbem.errors import PbemError

if TYPE_CHECKING:
    from pbem.config import Config
    from pbem.config import Inbox as InboxConfig

IDLE_RENEW = 25 * 60.0   # RFC 2177: a server may end an IDLE after 30 minutes
NOOP_POLL = 30.0         # a server without IDLE is asked this often
SLICE = 1.0              # one wait; the stop event and due passes are seen this often
BUSY_RETRY = 5.0         # another pass held the lock: it may have fetched before our mail came
BACKOFF_CAP = 60.0

PassRun = Callable[[], "tuple[int, list[str]]"]
Log = Callable[[str, bool], None]


class Dropped(PbemError):
    """The watched mailbox cannot be reached; the watcher reconnects."""


class Waiter(Protocol):
    def wait(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds; True when new mail arrived. Raises Dropped."""

    def close(self) -> None: ...


def _say(why: BaseException) -> str:
    return " ".join(str(why).split()) or type(why).__name__


class ImapWaiter:
    """IDLE on the inbox folder, opened read-only: the watcher changes nothing."""

    def __init__(self, cfg: InboxConfig, renew: float = IDLE_RENEW) -> None:
        from imapclient.exceptions import IMAPClientError
        self.errors = (IMAPClientError, OSError)      # socket.timeout and ssl.SSLError are OSErrors
        self.renew = renew
        self.idling_since: float | None = None
        self.renewals = 0
        self.last_noop = time.monotonic()
        self.client: Any = None
        try:
            self._connect(cfg)
        except self.errors as why:
            self.close()
            raise Dropped(f"IMAP {cfg.host}:{cfg.port}: {_say(why)}") from None

    def _connect(self, cfg: InboxConfig) -> None:
        from imapclient import IMAPClient

        from pbem.transports.imap import tls_context
        context = tls_context(cfg.ca_file)
        self.client = IMAPClient(cfg.host, port=cfg.port, ssl=cfg.security == "ssl",
                                 ssl_context=context if cfg.security == "ssl" else None, timeout=cfg.timeout)
        _keepalive(self.client.socket())
        if cfg.security == "starttls":
            self.client.starttls(context)
        self.client.login(cfg.user, cfg.password)
        self.count = int(self.client.select_folder(cfg.folder, readonly=True).get(b"EXISTS", 0))
        self.has_idle = b"IDLE" in self.client.capabilities()

    def wait(self, timeout: float) -> bool:
        try:
            return self._wait(timeout)
        except (Dropped, *self.errors) as why:
            self._shut()
            raise why if isinstance(why, Dropped) else Dropped(f"IMAP: {_say(why)}") from None

    def _wait(self, timeout: float) -> bool:
        if not self.has_idle:
            return self._poll(timeout)
        news: list = []
        if self.idling_since is None:
            self.client.idle()
            self.idling_since = time.monotonic()
        elif time.monotonic() - self.idling_since >= self.renew:
            news += self._renew()
        started = time.monotonic()
        got = self.client.idle_check(timeout)
        news += got
        if not got and time.monotonic() - started < timeout / 2:
            # Woken with nothing to read: the server hung up (imapclient reads
            # EOF as no news). DONE finds out, and raises when it is gone.
            news += self._renew()
        return self._mail_in(news)

    def _renew(self) -> list:
        _text, news = self.client.idle_done()
        self.client.idle()
        self.idling_since = time.monotonic()
        self.renewals += 1
        return news

    def _poll(self, timeout: float) -> bool:
        time.sleep(timeout)
        if time.monotonic() - self.last_noop < NOOP_POLL:
            return False
        self.last_noop = time.monotonic()
        return self._mail_in(self.client.noop()[1])

    def _mail_in(self, responses: list) -> bool:
        """Whether the responses tell of new mail; the message count is kept
        so that our own passes' expunges never look like mail."""
        mail = False
        for resp in responses:
            if resp and resp[0] == b"BYE":
                raise Dropped("IMAP: the server said " + b" ".join(resp).decode("ascii", "replace"))
            if len(resp) >= 2 and isinstance(resp[0], int):
                if resp[1] == b"EXISTS":
                    mail |= resp[0] > self.count
                    self.count = resp[0]
                elif resp[1] == b"EXPUNGE":
                    self.count -= 1
                elif resp[1] == b"RECENT":
                    mail |= resp[0] > 0
        return mail

    def close(self) -> None:
        if self.client is None:
            return
        try:
            if self.idling_since is not None:
                self.client.idle_done()
            self.client.logout()
            self.client = None
        except self.errors:
            self._shut()

    def _shut(self) -> None:
        """Drop a broken connection without a goodbye, which could wait for a timeout."""
        client, self.client = self.client, None
        try:
            if client is not None:
                client.shutdown()
        except self.errors:
            pass


def _keepalive(sock: socket.socket) -> None:
    """A peer that vanished without closing (a network gone) is noticed within
    about two minutes instead of at the next IDLE renewal."""
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
    for name, value in (("TCP_KEEPIDLE", 60), ("TCP_KEEPINTVL", 15), ("TCP_KEEPCNT", 4)):
        if hasattr(socket, name):
            sock.setsockopt(socket.IPPROTO_TCP, getattr(socket, name), value)


class MaildirWaiter:
    """Looks at the Maildir's ``new/`` folder once a wait: new names are new mail."""

    def __init__(self, root: Path, stop: threading.Event | None = None) -> None:
        self.new = os.path.join(str(root), "new")
        self.stop = stop or threading.Event()
        try:
            os.makedirs(self.new, exist_ok=True)
            self.seen = self._names()
        except OSError as why:
            raise Dropped(f"Maildir {self.new}: {why.strerror or why}") from None

    def _names(self) -> set[str]:
        return {name for name in os.listdir(self.new) if not name.startswith(".")}

    def wait(self, timeout: float) -> bool:
        self.stop.wait(timeout)
        try:
            names = self._names()
        except OSError as why:
            raise Dropped(f"Maildir {self.new}: {why.strerror or why}") from None
        fresh, self.seen = names - self.seen, names
        return bool(fresh)

    def close(self) -> None:
        pass


@dataclass
class Backoff:
    """1 s, 2 s, 4 s ... up to the cap; ``tries = 0`` starts again."""
    cap: float = BACKOFF_CAP
    tries: int = 0

    def next(self) -> float:
        self.tries += 1
        return min(self.cap, 2.0 ** min(self.tries - 1, 16))


@dataclass
class Watch:
    """The loop. ``run_pass`` runs one pass and gives its exit status and
    summary lines; ``connect`` opens a Waiter or raises Dropped; ``every`` is
    in seconds. ``stop`` and ``until`` (asked between waits) end it; a running
    pass is always finished. ``log(line, trouble)`` says what happened."""
    run_pass: PassRun
    connect: Callable[[], Waiter]
    every: float = 15 * 60.0
    log: Log = lambda line, trouble: click.echo(f"pbem watch: {line}", err=trouble)
    quiet: bool = False
    stop: threading.Event = field(default_factory=threading.Event)
    until: Callable[["Watch"], bool] = lambda watch: False
    backoff: Backoff = field(default_factory=Backoff)
    busy_retry: float = BUSY_RETRY
    passes: int = 0
    drops: int = 0
    next_pass: float = 0.0
    connected_at: float = 0.0
    busy: bool = False

    def run(self) -> int:
        """Watch until stopped; 0 then. A pass that raises (a bug) ends the watch."""
        waiter = self._open("cannot reach the inbox")   # first: mail during the pass wakes us
        try:
            self._pass("start")
            while not self._done():
                if waiter is None:
                    if not self.stop.wait(self.backoff.next()):
                        waiter = self._open("still cannot reach the inbox", quiet_fail=True)
                        if waiter is not None:
                            self._pass("reconnected")
                else:
                    waiter = self._wait(waiter)
                if time.monotonic() >= self.next_pass and not self._done():
                    self._pass("retry" if self.busy else "timer")
        finally:
            if waiter is not None:
                waiter.close()
        return 0

    def _done(self) -> bool:
        return self.stop.is_set() or self.until(self)

    def _open(self, trouble: str, quiet_fail: bool = False) -> Waiter | None:
        try:
            waiter = self.connect()
        except Dropped as why:
            if not quiet_fail:
                self.log(f"{trouble}: {why}; trying again, waiting up to {self.backoff.cap:.0f} s", True)
            return None
        self.connected_at = time.monotonic()
        return waiter

    def _wait(self, waiter: Waiter) -> Waiter | None:
        """One wait; a pass when mail came. None when the connection dropped."""
        try:
            mail = waiter.wait(SLICE)
        except Dropped as why:
            self.drops += 1
            waiter.close()
            if time.monotonic() - self.connected_at >= self.backoff.cap:
                self.backoff.tries = 0         # it had lasted: the first retry comes soon again
            self.log(f"connection lost: {why}; reconnecting", True)
            return None
        if mail:
            self._pass("mail")
        return waiter

    def _pass(self, why: str) -> None:
        from pbem.runners.process import Busy
        if self.stop.is_set():       # stopping: the next run, or cron, reads the mail
            return
        try:
            code, lines = self.run_pass()
        except Busy as busy:
            if not self.busy:
                self.log(f"{busy}; trying again every {self.busy_retry:g} s", True)
            self.busy, self.next_pass = True, time.monotonic() + self.busy_retry
            return
        self.busy, self.passes = False, self.passes + 1
        self.next_pass = time.monotonic() + self.every
        if code or not self.quiet:
            self.log(f"pass ({why}) exit {code}: " + "; ".join(lines), bool(code))


def ordinary_pass(cfg: Config) -> PassRun:
    """One pass exactly as ``pbem process`` builds it, at the time it starts."""
    def run() -> tuple[int, list[str]]:
        from pbem.clock import now_utc
        from pbem.runners.process import Pass
        one = Pass.configured(cfg, now_utc())
        try:
            return one.run(), one.summary.lines()
        finally:
            one.engine.dispose()   # every pass opens its own engine: the old pool goes
    return run


def waiter_for(cfg: Config, stop: threading.Event) -> Callable[[], Waiter]:
    """How the configured [inbox] is watched."""
    box = cfg.inbox
    if box.transport == "imap":
        return lambda: ImapWaiter(box)
    return lambda: MaildirWaiter(cfg.path(box.path), stop)


def _on_signal(stop: threading.Event) -> None:
    """The first SIGTERM/SIGINT lets the running pass finish; a second one ends at once."""
    def handler(signum: int, _frame: object) -> None:
        stop.set()
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, handler)


@click.command("watch")
@click.option("--every", type=click.FloatRange(min=0, min_open=True), default=15.0, show_default=True,
              metavar="MINUTES", help="run a pass at least this often, mail or not (deadlines, reminders)")
@click.option("--quiet", "-q", is_flag=True, help="log only trouble: drops and passes that did not exit 0")
@click.pass_obj
def watch_command(obj: Any, every: float, quiet: bool) -> None:
    """Run a pass whenever mail arrives (IMAP IDLE, or the Maildir's new/), and every MINUTES anyway."""
    cfg = obj.config()
    limit = cfg.timing.pass_minutes * cfg.timing.outage_factor
    if every >= limit:
        # The outage guard would take each quiet spell for an outage and move every deadline.
        raise click.BadParameter(f"must be under {limit} minutes ([timing] pass_minutes * outage_factor)",
                                 param_hint="--every")
    stop = threading.Event()
    _on_signal(stop)
    watch = Watch(ordinary_pass(cfg), waiter_for(cfg, stop), every=every * 60, quiet=quiet, stop=stop)
    sys.exit(watch.run())
