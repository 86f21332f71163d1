"""Composing the mails pbem sends: answers, reports, reminders, notices."""
from __future__ import annotations

from datetime import datetime
from email.message import EmailMessage
from email.utils import format_datetime, formataddr, make_msgid


def compose(*, sender: str, sender_name: str, to: str, subject: str, text: str,
            html: str | None = None, when: datetime, auto: str = "auto-generated",
            in_reply_to: str = "", references: str = "") -> bytes:
    """A finished message as bytes. ``auto`` is the RFC 3834 Auto-Submitted value:
    auto-replied for answers to a mail, auto-generated for everything else."""
    msg = EmailMessage()
    msg["From"] = formataddr((sender_name, sender))
    msg["To"] = to
    msg["Subject"] = subject
    msg["Date"] = format_datetime(when)
    msg["Message-ID"] = make_msgid(domain=sender.split("@")[-1])
    msg["Auto-Submitted"] = auto
    msg["X-Auto-Response-Suppress"] = "All"
    if in_reply_to:
        msg["In-Reply-To"] = in_reply_to
        msg["References"] = (references + " " + in_reply_to).strip()
    msg.set_content(text)
    if html is not None:
        msg.add_alternative(html, subtype="html")
    return bytes(msg)
