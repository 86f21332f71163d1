"""Composing the mails pbem sends: answers, reports, reminders, notices.

Built with the email package's compat32 classes: several times faster than
EmailMessage for the thousands of reports a busy pass writes, and the same
bytes on the wire (UTF-8, quoted-printable text).
"""
from __future__ import annotations

import re
from datetime import datetime
from email.charset import QP, Charset
from email.header import Header
from email.mime.multipart import MIMEMultipart
from email.mime.nonmultipart import MIMENonMultipart
from email.utils import format_datetime, formataddr, make_msgid

from pbem.mail import headers

_UTF8 = Charset("utf-8")
_UTF8.body_encoding = QP
_UTF8.header_encoding = QP


# What clients put before a subject they answer or forward, in the languages
# our players write: Re, RE, Aw (German), Antw (Dutch), Réf/Rép (French),
# RV/RES (Spanish, Portuguese), SV (Nordic), Fwd/Fw/TR/WG.
_PREFIX = re.compile(r"^\s*(?:(?:re|aw|antw|r[ée]f|r[ée]p|rv|res|sv|fwd?|tr|wg)\.?\s*(?:\[\d+\])?\s*:\s*)+",
                     re.IGNORECASE)


def reply_subject(tag: str, subject: str) -> str:
    """The subject of an answer: our game tag once, then ``Re:`` once
    ("[mygame-1] Re: orders", never "Re: Re: [mygame-1] Re: orders")."""
    rest = subject
    while True:
        stripped = _PREFIX.sub("", rest)
        if tag:
            stripped = re.sub(rf"^\s*\[{re.escape(tag)}\]\s*", "", stripped, flags=re.IGNORECASE)
        if stripped == rest:
            break
        rest = stripped
    rest = rest.strip()
    head = f"[{tag}] " if tag else ""
    return f"{head}Re: {rest}" if rest else head.strip()


def _part(text: str, subtype: str) -> MIMENonMultipart:
    part = MIMENonMultipart("text", subtype)
    part.set_payload(text, charset=_UTF8)
    return part


def _header(value: str) -> str | Header:
    return value if value.isascii() else Header(value, _UTF8)


def compose(*, sender: str, sender_name: str, to: str, subject: str, text: str,
            html: str | None = None, when: datetime, auto: str = "auto-generated",
            in_reply_to: str = "", references: str = "") -> bytes:
    """A finished message as bytes. ``auto`` is the RFC 3834 Auto-Submitted value:
    auto-replied for answers to a mail, auto-generated for everything else.
    Values that came from a mail (the subject, Message-IDs) are made one clean
    line or dropped here, whatever the caller checked: none can add a header."""
    to = headers.clean(to, headers.MAX_ADDRESS)   # outbox.queue refuses it unless it is valid
    subject = headers.clean(subject, 200)
    in_reply_to = headers.message_id(in_reply_to)
    references = headers.references(references)
    if html is None:
        msg = _part(text, "plain")
    else:
        msg = MIMEMultipart("alternative")
        msg.attach(_part(text, "plain"))
        msg.attach(_part(html, "html"))
    msg["From"] = formataddr((headers.clean(sender_name, 100), sender))
    msg["To"] = to
    msg["Subject"] = _header(subject)
    msg["Date"] = format_datetime(when)
    msg["Message-ID"] = make_msgid(domain=sender.split("@")[-1])
    msg["Auto-Submitted"] = auto
    msg["X-Auto-Response-Suppress"] = "All"
    if in_reply_to:
        msg["In-Reply-To"] = in_reply_to
        msg["References"] = (references + " " + in_reply_to).strip()
    return msg.as_bytes()
