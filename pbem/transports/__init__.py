"""Mail transports chosen by the config: Maildir (default), IMAP in, SMTP out."""
from __future__ import annotations

from sqlalchemy.engine import Engine

from pbem.config import Config
from pbem.transports.base import Inbox, Outbox


def make_inbox(cfg: Config, engine: Engine, name: str = "inbox") -> Inbox:
    box = cfg.inboxes[name]
    if box.transport == "imap":
        from pbem.transports.imap import ImapInbox
        return ImapInbox(box, engine)
    from pbem.transports.maildir import MaildirInbox
    return MaildirInbox(cfg.path(box.path), box.processed, box.quarantine)


def make_outbox(cfg: Config) -> Outbox:
    if cfg.outbox.transport == "smtp":
        from pbem.transports.smtp import SmtpOutbox
        return SmtpOutbox(cfg.outbox)
    from pbem.transports.maildir import MaildirOutbox
    return MaildirOutbox(cfg.path(cfg.outbox.path))
