"""Mail out through SMTP (aiosmtplib): one connection for the whole batch.

A 4xx answer leaves the mail queued for the next pass; a 5xx answer marks it
failed with the server's words, shown by ``pbem status``.
"""
from __future__ import annotations

import asyncio
import socket
import ssl
from typing import Iterator

import aiosmtplib

from pbem.config import Outbox as OutboxConfig
from pbem.transports.base import Sent
from pbem.errors import TransportError


class SmtpOutbox:
    def __init__(self, cfg: OutboxConfig) -> None:
        self.cfg = cfg
        self.loop = asyncio.new_event_loop()
        context = ssl.create_default_context()
        if cfg.ca_file:
            context.load_verify_locations(cfg.ca_file)
        self.smtp = aiosmtplib.SMTP(hostname=cfg.host, port=cfg.port, timeout=cfg.timeout,
                                    use_tls=cfg.security == "ssl",
                                    start_tls=True if cfg.security == "starttls" else False,
                                    tls_context=context if cfg.security != "plain" else None)
        try:
            self.loop.run_until_complete(self._open())
        except (aiosmtplib.SMTPException, OSError, socket.timeout, ssl.SSLError, asyncio.TimeoutError) as why:
            self.loop.close()
            raise TransportError(f"SMTP {cfg.host}:{cfg.port}: {why}") from None

    async def _open(self) -> None:
        await self.smtp.connect()
        if self.cfg.user:
            await self.smtp.login(self.cfg.user, self.cfg.password)

    def send(self, mails: list[tuple[int, str, str, bytes]]) -> Iterator[tuple[int, Sent]]:
        for mail_id, sender, to, raw in mails:
            try:
                errors, _reply = self.loop.run_until_complete(self.smtp.sendmail(sender, [to], raw))
                yield mail_id, Sent(ok=True)
            except aiosmtplib.SMTPRecipientsRefused as why:
                refused = why.recipients[0]
                yield mail_id, Sent(ok=False, temporary=400 <= refused.code < 500,
                                    error=f"{refused.code} {refused.message}")
            except aiosmtplib.SMTPResponseException as why:
                if why.code in (421,) or isinstance(why, aiosmtplib.SMTPServerDisconnected):
                    raise TransportError(f"SMTP: {why.code} {why.message}") from None
                yield mail_id, Sent(ok=False, temporary=400 <= why.code < 500, error=f"{why.code} {why.message}")
            except (aiosmtplib.SMTPException, OSError, asyncio.TimeoutError) as why:
                raise TransportError(f"SMTP: {why}") from None

    def probe(self, sender: str, recipient: str) -> tuple[bool, str]:
        """Would the relay take a mail from ``sender`` to ``recipient``? EHLO,
        MAIL FROM, RCPT TO, then RSET: the envelope is tried, nothing is sent.
        (ok, what the server said)."""
        async def run() -> str:
            await self.smtp.ehlo()
            await self.smtp.mail(sender)
            reply = await self.smtp.rcpt(recipient)
            await self.smtp.rset()
            return f"{reply.code} {reply.message}"
        try:
            return True, self.loop.run_until_complete(run())
        except aiosmtplib.SMTPSenderRefused as why:
            return False, f"MAIL FROM:<{sender}> refused: {why.code} {why.message}"
        except aiosmtplib.SMTPRecipientRefused as why:
            return False, f"RCPT TO:<{recipient}> refused: {why.code} {why.message}"
        except aiosmtplib.SMTPResponseException as why:
            return False, f"{why.code} {why.message}"
        except (aiosmtplib.SMTPException, OSError, asyncio.TimeoutError) as why:
            return False, str(why) or why.__class__.__name__

    def close(self) -> None:
        try:
            if self.smtp.is_connected:
                self.loop.run_until_complete(self.smtp.quit())
        except (aiosmtplib.SMTPException, OSError, asyncio.TimeoutError):
            pass
        finally:
            self.loop.close()
