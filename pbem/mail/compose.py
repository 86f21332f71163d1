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
from email.parser import BytesHeaderParser
from email.utils import format_datetime, formataddr, make_msgid
from urllib.parse import quote

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


def list_id(game_id: str, server_address: str) -> str:
    """The RFC 2919 List-Id of a game's mail: ``<GAME.LOCAL.DOMAIN>`` from the
    server's address (pbem@example.org, game valley-1: <valley-1.pbem.example.org>),
    so a player's client can file and filter each game apart."""
    local, _, domain = server_address.lower().rpartition("@")
    label = re.sub(r"[^a-z0-9-]+", "-", local).strip("-") or "pbem"
    game = re.sub(r"[^a-z0-9-]+", "-", game_id.lower()).strip("-") or "game"
    return f"pbem game {game_id} <{game}.{label}.{domain}>"


def unsubscribe(server_address: str, subject: str, body: str) -> str:
    """An RFC 2369 List-Unsubscribe value: a mailto: to the server with the
    subject and body of the mail that stops the news."""
    return f"<mailto:{server_address}?subject={quote(subject)}&body={quote(body)}>"


def game_lists(game_id: str, server_address: str, seat: str = "", observer: bool = False) -> tuple[str, str]:
    """List-Id and List-Unsubscribe of a game's report to a seat, an observer
    or (neither: no List-Unsubscribe) the GM. The server reads commands from
    the body, and a seat's commands need its password, which pbem does not
    keep: the seat's body asks for it (DIGEST OFF, the command that stops the
    news mail; reports of the seat's own moves still come). An observer's
    OBSERVE OFF needs no password: it is confirmed by a reply."""
    if seat:
        value = unsubscribe(server_address, f"[{game_id}] DIGEST OFF",
                            f"SIGNON {game_id} {seat} YOUR-PASSWORD\nDIGEST OFF\n")
    elif observer:
        value = unsubscribe(server_address, f"[{game_id}] OBSERVE OFF", f"OBSERVE {game_id} OFF\n")
    else:
        value = ""
    return list_id(game_id, server_address), value


def message_id_of(raw: bytes) -> str:
    """The Message-ID of a mail we composed, or ''."""
    return headers.message_id(headers.raw(BytesHeaderParser().parsebytes(raw), "Message-ID"))


def compose(*, sender: str, sender_name: str, to: str, subject: str, text: str,
            html: str | None = None, when: datetime, auto: str = "auto-generated",
            in_reply_to: str = "", references: str = "",
            lists: tuple[str, str] | None = None) -> bytes:
    """A finished message as bytes. ``auto`` is the RFC 3834 Auto-Submitted value:
    auto-replied for answers to a mail, auto-generated for everything else.
    ``lists``: the List-Id and List-Unsubscribe values of a game's mail.
    Values that came from a mail (the subject, Message-IDs) are made one clean
    line or dropped here, whatever the caller checked: none can add a header.
    Every mail has Date, Message-ID and a text/plain part."""
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
    if lists is not None:
        msg["List-Id"] = headers.clean(lists[0])
        if lists[1]:
            msg["List-Unsubscribe"] = headers.clean(lists[1])
    return msg.as_bytes()
