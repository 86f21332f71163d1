"""Send: the outbox over one connection. Each mail is claimed, handed over,
marked and committed on its own: a crash re-sends, never loses. 4xx stays
queued, 5xx is marked failed; a mail that cannot be handed over fails alone.
With a key in [dkim], each mail is DKIM-signed as it is handed over (the
stored mail stays unsigned: a mail sent again is signed again, with the key
of that day)."""
from __future__ import annotations

from sqlmodel import select

from pbem import faults
from pbem.mail.dkim import signer
from pbem.models import OutboundMail, OutboundStatus
from pbem.outbox import whole
from pbem.runners.claim import Runner, claim, each, ids
from pbem.transports.base import Outbox
from pbem.errors import TransportError


class Send(Runner):
    """The send runner of one pass."""

    def run(self) -> None:
        """Flush the queued mail, oldest first; an outbox that cannot be
        reached is noted as unreachable and its mail stays queued."""
        summary = self.ctx.summary
        queued = ids(self.ctx, select(OutboundMail.id).where(OutboundMail.status == OutboundStatus.QUEUED)
                     .order_by(OutboundMail.id))
        if not queued:
            return
        if self.ctx.dry_run:
            summary.notes.append(f"would send {len(queued)} mail(s)")
            return
        self.dkim = signer(self.ctx.cfg.dkim)      # None: no key configured, mail goes unsigned
        try:
            outbox = self.ctx.make_outbox()
        except TransportError as why:
            summary.unreachable.append(f"outbox: {why}")
            summary.deferred += len(queued)
            return
        try:
            each(queued, lambda mail_id: self._one(outbox, mail_id), self._failed)
        except TransportError as why:
            summary.unreachable.append(f"outbox: {why}")
        finally:
            outbox.close()

    def _one(self, outbox: Outbox, mail_id: int) -> None:
        """Claim one queued mail, send it, mark it, commit. A crash after the
        server took it and before the commit sends it again: never lost."""
        ctx, summary = self.ctx, self.ctx.summary
        with ctx.session() as s:
            row = claim(s, OutboundMail, OutboundMail.id == mail_id, OutboundMail.status == OutboundStatus.QUEUED)
            if row is None:        # sent already, or another sender has it
                return
            faults.poison("send", row.to_addr)
            raw = whole(s, row)      # its stored parts put back
            raw = self.dkim.sign(raw) if self.dkim is not None else raw
            for _id, result in outbox.send([(row.id, ctx.cfg.server.address, row.to_addr, raw)]):
                faults.point("mid-send")
                row.attempts += 1
                if result.ok:
                    row.status, row.sent_at = OutboundStatus.SENT, ctx.now
                    summary.sent += 1
                elif result.temporary:
                    row.last_error = result.error
                    summary.deferred += 1
                else:
                    row.status, row.last_error = OutboundStatus.FAILED, result.error
                    summary.failed += 1
            s.add(row)
            s.commit()     # never a dry run: a dry run sends nothing

    def _failed(self, mail_id: int, why: str) -> None:
        """A queued mail that could not be handed over: marked failed with the reason."""
        with self.ctx.session() as s:
            row = s.get(OutboundMail, mail_id)
            if row is None or row.status != OutboundStatus.QUEUED:
                return
            row.status, row.last_error = OutboundStatus.FAILED, f"could not be sent: {why}"
            row.attempts += 1
            s.add(row)
            s.commit()
        self.ctx.summary.failed += 1
