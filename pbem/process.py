"""One pass of ``pbem process``, like a Mailman runner: each step idempotent,
nothing lost if the process dies anywhere.

1. lock  2. fetch and store  3. handle each mail  4. resolve due turns
5. queue reminders  6. flush the outbox. Exit 0, or 75 when a mail server
could not be reached (cron simply tries again).
"""
from __future__ import annotations

import fcntl
import gc
import os
import random
import time
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Callable

from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select

from pbem import faults
from pbem.clock import aware, parse_when, show
from pbem.config import Config
from pbem.db import migrate, open_engine, storage_trouble
from pbem.handler import handle
from pbem.intake import duplicate_noted, examine
from pbem.isolation import StorageTrouble, isolated
from pbem.models import Game, GmLog, InboundMail, Meta, OutboundMail
from pbem.transports.base import Inbox, Outbox, TransportError
from pbem.turns import due_games, is_due, queue_reminders, resolve_turn

EX_TEMPFAIL = 75
FETCH_BATCH = 100


class Busy(Exception):
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
                 mailboxes: list[str] | None = None) -> None:
        self.cfg = cfg
        self.now = now
        self.make_inbox = inbox
        self.make_outbox = outbox
        self.dry_run = dry_run
        self.log = log
        self.mailboxes = mailboxes or list(cfg.inboxes)
        self.summary = Summary()
        self.engine = open_engine(cfg.database_url)

    def session(self) -> Session:
        return Session(self.engine, expire_on_commit=False)

    def commit(self, s: Session) -> None:
        if self.dry_run:
            s.rollback()
        else:
            s.commit()

    def lock_path(self, suffix: str = "") -> str:
        return str(self.cfg.path(self.cfg.server.lock_file)) + suffix

    def run(self, role: str = "all") -> int:
        if role not in ROLES and role != "fetch-under-lock":
            raise ValueError(f"no role {role!r}; the roles are {', '.join(ROLES)}")
        try:
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
                self.outage_guard()
                self.fetch_all()
                self.resolve_role()
                self.flush()
        elif role == "fetch":
            self.fetch_all()
        elif role == "fetch-under-lock":   # the parent of --workers, holding the pass lock
            self.outage_guard()
            self.fetch_all()
        elif role == "resolve":
            self.outage_guard()
            self.resolve_role()
        elif role == "send":
            self.flush()

    def fetch_all(self) -> None:
        for name in self.mailboxes:
            # A mailbox has one consumer: its own lock, whichever process holds the pass lock.
            with Lock(self.lock_path(f".{name}")):
                self.fetch(name)

    def resolve_role(self) -> None:
        self.handle_all()
        self.start_due()
        self.resolve_due()
        self.reminders()

    def start_due(self) -> None:
        """Open games whose start time has come start themselves (if enough joined)."""
        from pbem.games import GameError, start_game
        with self.session() as s:
            ids = list(s.exec(select(Game.id).where(Game.status == "new", Game.start_at.is_not(None))))
        for game_id in ids:
            with self.session() as s:
                game = s.exec(select(Game).where(Game.id == game_id).with_for_update(skip_locked=True)).first()
                if game is None or game.status != "new" or aware(game.start_at) > self.now:
                    continue
                try:
                    start_game(s, self.cfg, game, self.now)
                except GameError as why:
                    game.start_at = None
                    s.add(game)
                    s.add(GmLog(game_id=game.id, action="start", detail=f"could not start at its time: {why}",
                                      at=self.now))
                self.commit(s)

    # -- 0. outage guard --------------------------------------------------
    def outage_guard(self) -> None:
        with self.session() as s:
            meta = s.exec(select(Meta).where(Meta.key == "last_pass").with_for_update()).first()
            if meta is not None and meta.value:
                last = aware(parse_when(meta.value))
                gap = self.now - last
                limit = timedelta(minutes=self.cfg.timing.pass_minutes * self.cfg.timing.outage_factor)
                if gap > limit:
                    for game in s.exec(select(Game).where(Game.status == "active")):
                        if game.deadline is not None:
                            game.deadline = aware(game.deadline) + gap
                            s.add(game)
                            s.add(GmLog(game_id=game.id, action="outage",
                                        detail=f"no pass for {gap}; deadline moved to {show(game.deadline)}",
                                        at=self.now))
                    self.summary.notes.append(f"no pass ran for {gap}: deadlines moved back by as much")
                elif gap < -timedelta(minutes=5):
                    self.summary.notes.append(f"the clock went back by {-gap}; deadlines left alone")
            if meta is None:
                meta = Meta(key="last_pass")
            meta.value = self.now.isoformat()
            s.add(meta)
            try:
                self.commit(s)
            except IntegrityError:     # another worker wrote the first row at the same moment
                s.rollback()

    # -- 2. fetch -----------------------------------------------------------
    def fetch(self, name: str = "inbox") -> None:
        try:
            inbox = self.make_inbox(self.engine, name)
        except TransportError as why:
            self.summary.unreachable.append(f"inbox {name}: {why}")
            return
        try:
            batch: list = []
            for item in inbox.fetch(self.cfg.limits.max_mail_bytes):
                batch.append(item)
                if len(batch) >= FETCH_BATCH:
                    self._store(inbox, batch)
                    batch = []
            if batch:
                self._store(inbox, batch)
        except TransportError as why:
            self.summary.unreachable.append(f"inbox {name}: {why}")
        finally:
            inbox.close()

    def _store(self, inbox: Inbox, batch: list) -> None:
        """Store a batch of fetched mail in one transaction, then (and only
        then) move it out of the inbox: memory stays flat whatever the inbox."""
        processed, quarantined = [], []
        with self.session() as s:
            for item in batch:
                if item.known:
                    processed.append(item.ref)
                    continue
                key, game, why = examine(item.raw, self.cfg)
                (quarantined if why else processed).append(item.ref)
                stored = s.exec(select(InboundMail).where(InboundMail.message_key == key)).first()
                if stored is not None:
                    stored.note = duplicate_noted(stored.note, item.ref)
                    s.add(stored)
                    self.summary.duplicates += 1
                    continue
                s.add(InboundMail(message_key=key, source=item.ref[:300], raw=item.raw, size=item.size,
                                  game_key=game, status="quarantined" if why else "new", note=why))
                self.summary.fetched += 1
                self.summary.quarantined += bool(why)
            inbox.remember(s, [item.ref for item in batch if not item.known])
            self.commit(s)
        faults.point("after-fetch")
        if not self.dry_run:
            inbox.finish(processed, quarantined)
        faults.point("after-store")
        gc.collect()

    # -- 3. handle ----------------------------------------------------------
    def handle_all(self) -> None:
        """Each stored mail in its own transaction, a few ids at a time so that
        memory does not grow with the inbox. A mail whose game has an older
        mail still being handled by another worker waits for it: one game's
        mail is always applied in the order it arrived."""
        for attempt in range(200):
            deferred = False
            after = 0
            while True:
                with self.session() as s:
                    ids = list(s.exec(select(InboundMail.id).where(InboundMail.status == "new",
                                                                   InboundMail.id > after)
                                      .order_by(InboundMail.id).limit(FETCH_BATCH)))
                if not ids:
                    break
                after = ids[-1]
                for mail_id in ids:
                    outcome = isolated(lambda: self._handle_one(mail_id),
                                       lambda why: self._quarantine(mail_id, why))
                    deferred |= outcome == "deferred"
                gc.collect()  # the email package leaves a class per parsed header in cycles
            if not deferred or self.dry_run:
                return
            time.sleep(0.05 * (attempt + 1))

    def _handle_one(self, mail_id: int) -> str:
        with self.session() as s:
            row = s.exec(select(InboundMail).where(InboundMail.id == mail_id, InboundMail.status == "new")
                         .with_for_update(skip_locked=True)).first()
            if row is None:        # handled already, or another worker has it
                return "skipped"
            if row.game_key:
                s.exec(select(Game.id).where(Game.id == row.game_key).with_for_update()).first()
                older = s.exec(select(InboundMail.id).where(InboundMail.game_key == row.game_key,
                                                            InboundMail.status == "new",
                                                            InboundMail.id < row.id)).first()
                if older is not None:
                    s.rollback()
                    return "deferred"
            faults.poison("handle", row.raw)
            handle(s, self.cfg, row, self.now)
            if row.status == "loop":
                self.summary.loops += 1
            elif row.status == "quarantined":
                self.summary.quarantined += 1
            else:
                self.summary.handled += 1
            self.commit(s)
        faults.point("mid-handle")
        return "handled"

    def _quarantine(self, mail_id: int, why: str) -> None:
        """A mail whose handling failed: kept, marked with the reason, not tried again."""
        with self.session() as s:
            row = s.get(InboundMail, mail_id)
            if row is None or row.status != "new":
                return
            row.status, row.handled_at = "quarantined", self.now
            row.add_note(f"handling failed: {why}")
            s.add(row)
            self.commit(s)
        self.summary.quarantined += 1
        self.summary.notes.append(f"mail {mail_id} quarantined: handling failed: {why}")

    # -- 4. resolve ---------------------------------------------------------
    def resolve_due(self) -> None:
        with self.session() as s:
            due = due_games(s, self.now)
        # Workers start at different places in the list, so they rarely meet.
        start = random.randrange(len(due)) if due else 0
        for game_id in due[start:] + due[:start]:
            isolated(lambda: self._resolve_one(game_id), lambda why: self._game_failed(game_id, "resolve", why))

    def _resolve_one(self, game_id: str) -> None:
        with self.session() as s:
            # One game is never resolved by two workers: the row lock is
            # the claim, and the due check is made again under it.
            game = s.exec(select(Game).where(Game.id == game_id).with_for_update(skip_locked=True)).first()
            if game is None or not is_due(s, game, self.now):
                return
            faults.poison("resolve", game.id)
            resolve_turn(s, self.cfg, game, self.now)
            self.commit(s)
            self.summary.resolved.append(f"{game_id} turn {game.turn_no - 1}")

    def _game_failed(self, game_id: str, step: str, why: str) -> None:
        """A game whose turn could not be resolved (or reminded) is left as it
        was; the GM is told once per turn, the other games go on."""
        from pbem.outbox import queue_notice
        self.summary.notes.append(f"{game_id}: {step} failed, the game is left as it was: {why}")
        with self.session() as s:
            game = s.get(Game, game_id)
            if game is None:
                return
            key = f"error:{game_id}:{step}:{game.turn_no}"
            if game.gm_email and queue_notice(
                    s, self.cfg, game_id=game_id, to=game.gm_email, key=key, when=self.now,
                    subject=f"turn {game.turn_no} could not be {step}d",
                    text=(f"pbem could not {step} turn {game.turn_no} of {game_id}: {why}\n\n"
                          "Nothing was changed; every pass tries again. Please report this as a bug "
                          "with the game's state (pbem history --format json).")):
                s.add(GmLog(game_id=game_id, action="error", detail=f"{step} failed: {why}", at=self.now))
            self.commit(s)

    # -- 5. reminders -------------------------------------------------------
    def reminders(self) -> None:
        with self.session() as s:
            ids = list(s.exec(select(Game.id).where(Game.status == "active")))
        for game_id in ids:
            isolated(lambda: self._remind_one(game_id), lambda why: self._game_failed(game_id, "remind", why))

    def _remind_one(self, game_id: str) -> None:
        with self.session() as s:
            game = s.exec(select(Game).where(Game.id == game_id).with_for_update(skip_locked=True)).first()
            if game is not None:
                queue_reminders(s, self.cfg, game, self.now)
            self.commit(s)

    # -- 6. flush -----------------------------------------------------------
    def flush(self) -> None:
        with self.session() as s:
            queued = list(s.exec(select(OutboundMail.id).where(OutboundMail.status == "queued")
                                 .order_by(OutboundMail.id)))
        if not queued:
            return
        if self.dry_run:
            self.summary.notes.append(f"would send {len(queued)} mail(s)")
            return
        try:
            outbox = self.make_outbox()
        except TransportError as why:
            self.summary.unreachable.append(f"outbox: {why}")
            self.summary.deferred += len(queued)
            return
        try:
            for mail_id in queued:
                isolated(lambda: self._send_one(outbox, mail_id), lambda why: self._send_failed(mail_id, why))
        except TransportError as why:
            self.summary.unreachable.append(f"outbox: {why}")
        finally:
            outbox.close()

    def _send_one(self, outbox: Outbox, mail_id: int) -> None:
        """Claim one queued mail, send it, mark it, commit. A crash after the
        server took it and before the commit sends it again: never lost."""
        with self.session() as s:
            row = s.exec(select(OutboundMail).where(OutboundMail.id == mail_id, OutboundMail.status == "queued")
                         .with_for_update(skip_locked=True)).first()
            if row is None:        # sent already, or another sender has it
                return
            faults.poison("send", row.to_addr)
            for _id, result in outbox.send([(row.id, self.cfg.server.address, row.to_addr, row.raw)]):
                faults.point("mid-send")
                row.attempts += 1
                if result.ok:
                    row.status, row.sent_at = "sent", self.now
                    self.summary.sent += 1
                elif result.temporary:
                    row.last_error = result.error
                    self.summary.deferred += 1
                else:
                    row.status, row.last_error = "failed", result.error
                    self.summary.failed += 1
            s.add(row)
            s.commit()

    def _send_failed(self, mail_id: int, why: str) -> None:
        """A queued mail that could not be handed over: marked failed with the reason."""
        with self.session() as s:
            row = s.get(OutboundMail, mail_id)
            if row is None or row.status != "queued":
                return
            row.status, row.last_error, row.attempts = "failed", f"could not be sent: {why}", row.attempts + 1
            s.add(row)
            s.commit()
        self.summary.failed += 1
