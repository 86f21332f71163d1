"""One pass of ``pbem process``, like a Mailman runner: each step idempotent,
nothing lost if the process dies anywhere.

1. lock  2. fetch and store  3. handle each mail  4. resolve due turns
5. queue reminders  6. flush the outbox. Exit 0, or 75 when a mail server
could not be reached (cron simply tries again). The steps are the runners
of ``pbem.runners``; this module holds the pass they share and their order.
"""
from __future__ import annotations

import fcntl
import os
from dataclasses import dataclass, field
from datetime import datetime
from typing import Callable

from sqlalchemy.engine import Engine
from sqlmodel import Session

from pbem.config import Config
from pbem.db import finish, migrate, open_engine, storage_trouble
from pbem.errors import PbemError, StorageTrouble
from pbem.runners import outage
from pbem.runners.fetch import Fetch
from pbem.runners.handle import Handle
from pbem.runners.pacing import paced
from pbem.runners.remind import Remind
from pbem.runners.resolve import Resolve
from pbem.runners.send import Send
from pbem.transports.base import Inbox, Outbox

EX_TEMPFAIL = 75


class Busy(PbemError):
    """Another pass holds the lock."""


@dataclass
class Summary:
    fetched: int = 0
    handled: int = 0
    loops: int = 0
    resolved: list[str] = field(default_factory=list)
    sent: int = 0
    failed: int = 0
    deferred: int = 0
    quarantined: int = 0
    duplicates: int = 0
    unreachable: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        out = [f"fetched {self.fetched}, handled {self.handled} ({self.loops} automatic mails dropped, "
               f"{self.quarantined} quarantined, {self.duplicates} duplicates dropped)",
               f"turns resolved: {', '.join(self.resolved) or 'none'}",
               f"mail sent {self.sent}, deferred {self.deferred}, failed {self.failed}"]
        out += [f"unreachable: {u}" for u in self.unreachable]
        return out + self.notes


class Lock:
    def __init__(self, path: str) -> None:
        self.path = path
        self.fh = None

    def __enter__(self) -> "Lock":
        os.makedirs(os.path.dirname(self.path) or ".", exist_ok=True)
        self.fh = open(self.path, "a+")
        try:
            fcntl.flock(self.fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            self.fh.close()
            raise Busy(f"another pbem process holds {self.path}; this pass stops") from None
        return self

    def __exit__(self, *exc: object) -> None:
        fcntl.flock(self.fh, fcntl.LOCK_UN)
        self.fh.close()


ROLES = ("all", "fetch", "resolve", "send")


class Pass:
    """One pass, or one role of it: ``fetch`` (one consumer per mailbox),
    ``resolve`` (handle stored mail, resolve due games, remind: any number at
    once, claiming rows with SKIP LOCKED), ``send`` (any number at once)."""

    def __init__(self, cfg: Config, now: datetime, inbox: Callable[[Engine, str], Inbox],
                 outbox: Callable[[], Outbox], dry_run: bool = False, log: Callable[[str], None] = print,
                 mailboxes: list[str] | None = None, clock_given: bool = False,
                 share: tuple[int, int] = (0, 1)) -> None:
        self.cfg = cfg
        self.share = share      # this worker's number among the pass's workers, and their number
        self.now = now
        self.clock_given = clock_given      # the GM's --now: a jump in it is the GM's clock, not an outage
        self.make_inbox = inbox
        self.make_outbox = outbox
        self.dry_run = dry_run
        self.log = log
        self.mailboxes = mailboxes or list(cfg.inboxes)
        self.summary = Summary()
        self.engine = open_engine(cfg.database_url)

    @classmethod
    def configured(cls, cfg: Config, now: datetime, **options) -> "Pass":  # type: ignore[no-untyped-def]
        """A pass on the mailboxes and the outbox that ``cfg`` names (``pbem process``, the
        watcher and the workers build theirs so); ``options`` as for the constructor."""
        from pbem.transports import make_inbox, make_outbox
        return cls(cfg, now, lambda engine, name: make_inbox(cfg, engine, name), lambda: make_outbox(cfg), **options)

    def session(self) -> Session:
        return Session(self.engine, expire_on_commit=False)

    def commit(self, s: Session) -> None:
        finish(s, self.dry_run)

    def lock_path(self, suffix: str = "") -> str:
        return str(self.cfg.path(self.cfg.server.lock_file)) + suffix

    def run(self, role: str = "all") -> int:
        if role not in ROLES and role != "fetch-under-lock":
            raise ValueError(f"no role {role!r}; the roles are {', '.join(ROLES)}")
        try:
            with paced():
                self._run(role)
        except Exception as why:
            cause = why.__cause__ if isinstance(why, StorageTrouble) and why.__cause__ else why
            trouble = storage_trouble(cause, self.engine.url.render_as_string(hide_password=True))
            if not trouble:
                raise
            self.summary.unreachable.append(f"storage: {trouble}; nothing was lost, the next pass "
                                            "goes on once this is fixed")
        return EX_TEMPFAIL if self.summary.unreachable else 0

    def _run(self, role: str) -> None:
        if not self.dry_run:
            migrate(self.engine)
        if role == "all":
            with Lock(self.lock_path()):
                outage.guard(self)
                self.fetch_all()
                self.resolve_role()
                Send(self).run()
        elif role == "fetch":
            self.fetch_all()
        elif role == "fetch-under-lock":   # the parent of --workers, holding the pass lock
            outage.guard(self)
            self.fetch_all()
        elif role == "resolve":
            outage.guard(self)
            self.resolve_role()
        elif role == "send":
            Send(self).run()

    def fetch_all(self) -> None:
        for name in self.mailboxes:
            # A mailbox has one consumer: its own lock, whichever process holds the pass lock.
            with Lock(self.lock_path(f".{name}")):
                Fetch(self).run(name)

    def resolve_role(self) -> None:
        """Handle stored mail, start and resolve due games, remind."""
        Handle(self).run()
        resolve = Resolve(self)
        resolve.start_due()
        resolve.run()
        Remind(self).run()
