"""Turning any mail a player might send into plain lines, and spotting mail loops.

Handles multipart and HTML-only mail, unknown charsets, a .txt attachment,
CRLF, and refuses what is too big or too deeply nested without falling over.
"""
from __future__ import annotations

import email
import email.policy
import html
import re
from dataclasses import dataclass, field
from email.message import EmailMessage, Message
from email.parser import BytesHeaderParser

from pbem.mail import headers

MAX_DEPTH = 10


@dataclass
class Incoming:
    from_addr: str = ""
    from_name: str = ""
    subject: str = ""
    message_id: str = ""
    references: str = ""
    to_addrs: list[str] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    loop: str = ""          # why this is an automatic mail we must not answer
    no_reply: str = ""      # why this mail cannot be answered (no valid sender address)
    problem: str = ""       # why this mail is refused as a whole


class _Text(Exception):
    pass


def _html_to_text(markup: str) -> str:
    markup = re.sub(r"(?is)<(script|style|head)\b.*?</\1\s*>", "", markup)
    markup = re.sub(r"(?i)<br\s*/?>", "\n", markup)
    markup = re.sub(r"(?i)</(p|div|tr|li|h\d|blockquote|pre)\s*>", "\n", markup)
    markup = re.sub(r"(?i)<(p|div|tr|li|h\d)\b[^>]*>", "\n", markup)
    markup = re.sub(r"<[^>]*>", "", markup)
    return html.unescape(markup).replace("\xa0", " ")


def _decode(part: EmailMessage) -> str:
    try:
        content = part.get_content()
        if isinstance(content, str):
            return content
    except (LookupError, UnicodeError, KeyError, AssertionError, ValueError):
        pass
    payload = part.get_payload(decode=True) or b""
    if isinstance(payload, str):
        return payload
    for charset in ("utf-8", "latin-1"):
        try:
            return payload.decode(charset)
        except UnicodeDecodeError:
            continue
    return payload.decode("utf-8", "replace")


def _depth(part: EmailMessage, level: int = 0) -> int:
    if level > MAX_DEPTH:
        return level
    if part.is_multipart():
        payload = part.get_payload()
        if isinstance(payload, list):
            return max([_depth(p, level + 1) for p in payload] or [level])
    return level


def body_text(msg: EmailMessage) -> str:
    """The text a player wrote: the plain part, else the HTML part as text,
    plus any .txt attachment."""
    plain, markup, attached = None, None, []
    for part in msg.walk():
        if part.is_multipart():
            continue
        ctype = part.get_content_type()
        filename = (part.get_filename() or "").lower()
        disposition = (part.get_content_disposition() or "").lower()
        if filename.endswith(".txt") or (disposition == "attachment" and ctype == "text/plain"):
            attached.append(_decode(part))
        elif ctype == "text/plain" and plain is None and disposition != "attachment":
            plain = _decode(part)
        elif ctype == "text/html" and markup is None and disposition != "attachment":
            markup = _decode(part)
    text = plain if plain is not None else (_html_to_text(markup) if markup is not None else "")
    for extra in attached:
        text = text + "\n" + extra
    return text


def loop_reason(msg: Message, own_address: str, sender: str) -> str:
    """Why this mail is automatic (RFC 3834 and lists), or ''."""
    auto = headers.text(msg, "Auto-Submitted").lower()
    if auto and not auto.startswith("no"):
        return f"Auto-Submitted: {auto[:40]}"
    precedence = headers.text(msg, "Precedence").lower()
    if precedence in ("bulk", "list", "junk"):
        return f"Precedence: {precedence}"
    if headers.raw(msg, "List-Id") or headers.raw(msg, "List-Unsubscribe"):
        return "mailing-list mail"
    if headers.text(msg, "Return-Path") == "<>":
        return "null sender"
    sender = sender.lower()
    if not sender:
        return "no sender address"
    if sender == own_address.lower() or sender.split("@")[0] in ("mailer-daemon", "postmaster"):
        return f"mail from {sender[:80]}"
    return ""


def head_of(raw: bytes) -> Message:
    """The header of a mail, parsed alone (its body, however nested, is not read)."""
    return BytesHeaderParser(policy=email.policy.compat32).parsebytes(raw)


def read_head(out: Incoming, head: Message, own_address: str) -> None:
    """Fill in who sent the mail, to whom, about what, and whether it is automatic."""
    found = headers.addresses(head, "From")
    out.from_name, out.from_addr = found[0] if found else ("", "")
    out.subject = headers.text(head, "Subject", 200)
    out.message_id = headers.message_id(headers.text(head, "Message-ID"))
    out.references = headers.references(headers.text(head, "References", 20_000))
    out.to_addrs = [a for _n, a in headers.addresses(head, "To", "Cc", "Delivered-To") if a][:50]
    out.loop = loop_reason(head, own_address, out.from_addr)
    if not out.loop and not headers.valid_address(out.from_addr):
        out.no_reply = "no valid sender address to answer"


def read_mail(raw: bytes, own_address: str, max_bytes: int, max_parts: int, size: int = 0) -> Incoming:
    """``size`` is the whole mail's size when only its head was fetched."""
    out = Incoming()
    size = max(size, len(raw))
    read_head(out, head_of(raw), own_address)
    if out.loop or out.no_reply:
        return out
    if size > max_bytes:
        out.problem = (f"this mail is {size // 1024} KB; the limit is {max_bytes // 1024} KB. "
                       "Send the orders as plain text without attachments")
        return out
    nested = f"this mail has too many or too deeply nested parts (limit {max_parts})"
    try:
        msg = email.message_from_bytes(raw, policy=email.policy.default)
        parts = sum(1 for _ in msg.walk())
        if parts > max_parts or _depth(msg) > MAX_DEPTH:
            out.problem = nested
            return out
        text = body_text(msg)
    except RecursionError:
        out.problem = nested
        return out
    except (LookupError, ValueError, TypeError, AttributeError, IndexError,
            AssertionError) as why:
        out.problem = f"this mail could not be read ({type(why).__name__}); send plain text"
        return out
    out.lines = text.lstrip("\ufeff").replace("\x00", "").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return out
