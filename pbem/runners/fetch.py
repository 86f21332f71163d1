"""Fetch: read one mailbox in batches, store each batch and commit it, and
only then move the mail out of the inbox (Processed, or Quarantine for what
is not mail at all). A crash anywhere loses nothing and stores nothing twice."""
from __future__ import annotations

import gc

from sqlmodel import Session, select

from pbem import faults
from pbem.inbox.intake import duplicate_noted, examine
from pbem.models import InboundMail, InboundStatus
from pbem.runners.claim import BATCH, Runner
from pbem.transports.base import Fetched, Inbox
from pbem.errors import TransportError


class Fetch(Runner):
    """The fetch runner of one pass."""

    def run(self, name: str = "inbox") -> None:
        """Fetch the mailbox ``name``; a server that cannot be reached is noted as unreachable."""
        ctx = self.ctx
        try:
            inbox = ctx.make_inbox(ctx.engine, name)
        except TransportError as why:
            ctx.summary.unreachable.append(f"inbox {name}: {why}")
            return
        try:
            batch: list[Fetched] = []
            for item in inbox.fetch(ctx.cfg.limits.max_mail_bytes):
                batch.append(item)
                if len(batch) >= BATCH:
                    self._store(inbox, batch)
                    batch = []
            if batch:
                self._store(inbox, batch)
        except TransportError as why:
            ctx.summary.unreachable.append(f"inbox {name}: {why}")
        finally:
            inbox.close()

    def _store(self, inbox: Inbox, batch: list[Fetched]) -> None:
        """Store a batch of fetched mail in one transaction, then (and only
        then) move it out of the inbox: memory stays flat whatever the inbox."""
        processed: list[str] = []
        quarantined: list[str] = []
        with self.ctx.session() as s:
            for item in batch:
                if item.known:
                    processed.append(item.ref)
                    continue
                why = self._keep(s, item)
                (quarantined if why else processed).append(item.ref)
            inbox.remember(s, [item.ref for item in batch if not item.known])
            self.ctx.commit(s)
        faults.point("after-fetch")
        if not self.ctx.dry_run:
            inbox.finish(processed, quarantined)
        faults.point("after-store")
        gc.collect()

    def _keep(self, s: Session, item: Fetched) -> str | None:
        """Store one new mail, or note it on the same mail stored before;
        the reason it is quarantined, if it is."""
        summary = self.ctx.summary
        key, game, why = examine(item.raw, self.ctx.cfg)
        stored = s.exec(select(InboundMail).where(InboundMail.message_key == key)).first()
        if stored is not None:
            stored.note = duplicate_noted(stored.note, item.ref)
            s.add(stored)
            summary.duplicates += 1
            return why
        s.add(InboundMail(message_key=key, source=item.ref[:300], raw=item.raw, size=item.size,
                          game_key=game, status=InboundStatus.QUARANTINED if why else InboundStatus.NEW, note=why))
        summary.fetched += 1
        summary.quarantined += bool(why)
        return why
