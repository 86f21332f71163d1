"""Handle: each stored mail in its own transaction (answered, its answer
queued in the same one); a mail whose handling fails is quarantined. One
game's mail is applied in the order it arrived, whatever the workers."""
from __future__ import annotations

import gc
import time

from sqlmodel import Session, select

from pbem import faults
from pbem.inbox.handler import handle
from pbem.models import Game, InboundMail, InboundStatus
from pbem.runners.claim import BATCH, Runner, claim, each, ids

PAUSE, LONGEST_PAUSE = 0.05, 1.0   # seconds between sweeps while mail waits for an older one, growing
WAIT = 60.0     # seconds a pass waits at most for other workers' older mail; the next pass goes on


class Handle(Runner):
    """The handle runner of one pass."""

    def run(self) -> None:
        """Handle all new mail. A mail whose game has an older mail still being
        handled by another worker waits for it, and is tried again after a pause;
        what still waits after WAIT seconds is left, new, for the next pass."""
        waited, pause = 0.0, PAUSE
        while self._sweep() and not self.ctx.dry_run:
            if waited >= WAIT:
                self.ctx.summary.notes.append(f"some mail waited {waited:.0f} s for older mail of its game that "
                                              "another worker holds; the next pass handles it")
                return
            time.sleep(pause)
            waited, pause = waited + pause, min(pause * 2, LONGEST_PAUSE)

    def _sweep(self) -> bool:
        """One sweep over the new mail, a few ids at a time so that memory does
        not grow with the inbox; True when some mail had to wait."""
        deferred = False
        after = 0
        while True:
            waiting = select(InboundMail.id).where(InboundMail.status == InboundStatus.NEW, InboundMail.id > after)
            batch = ids(self.ctx, waiting.order_by(InboundMail.id).limit(BATCH))
            if not batch:
                return deferred
            after = batch[-1]
            deferred |= "deferred" in each(batch, self._one, self._quarantine)
            gc.collect()  # the email package leaves a class per parsed header in cycles

    def _one(self, mail_id: int) -> str:
        """Claim one mail and handle it: ``handled``, ``skipped`` (handled
        already, or another worker has it) or ``deferred`` (an older mail first)."""
        ctx = self.ctx
        with ctx.session() as s:
            row = claim(s, InboundMail, InboundMail.id == mail_id, InboundMail.status == InboundStatus.NEW)
            if row is None:
                return "skipped"
            if row.game_key and _older_waits(s, row):
                s.rollback()
                return "deferred"
            faults.poison("handle", row.raw)
            resolved = handle(s, ctx.cfg, row, ctx.now)
            if row.status == InboundStatus.LOOP:
                ctx.summary.loops += 1
            elif row.status == InboundStatus.QUARANTINED:
                ctx.summary.quarantined += 1
            else:
                ctx.summary.handled += 1
            ctx.commit(s)
            ctx.summary.resolved += resolved      # steps played first to read the mail
        faults.point("mid-handle")
        return "handled"

    def _quarantine(self, mail_id: int, why: str) -> None:
        """A mail whose handling failed: kept, marked with the reason, not tried again."""
        ctx = self.ctx
        with ctx.session() as s:
            row = s.get(InboundMail, mail_id)
            if row is None or row.status != InboundStatus.NEW:
                return
            row.status, row.handled_at = InboundStatus.QUARANTINED, ctx.now
            row.add_note(f"handling failed: {why}")
            s.add(row)
            ctx.commit(s)
        ctx.summary.quarantined += 1
        ctx.summary.notes.append(f"mail {mail_id} quarantined: handling failed: {why}")


def _older_waits(s: Session, row: InboundMail) -> bool:
    """Take the game's row lock (waiting for it: every change a mail makes to a
    game happens under it), then say whether an older mail of the game is still new."""
    s.exec(select(Game.id).where(Game.id == row.game_key).with_for_update()).first()
    older = s.exec(select(InboundMail.id).where(InboundMail.game_key == row.game_key, InboundMail.id < row.id,
                                                InboundMail.status == InboundStatus.NEW)).first()
    return older is not None
