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
from email.message import EmailMessage
from email.utils import getaddresses, parseaddr

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
    problem: str = ""       # why this mail is refused as a whole


def _header(msg: EmailMessage, name: str) -> str:
    try:
        value = msg.get(name)
        return "" if value is None else str(value)
    except (ValueError, TypeError, IndexError, AttributeError):
        raw = msg.get_all(name, failobj=[None])[0] if hasattr(msg, "get_all") else None
        return str(raw or "")


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


def loop_reason(msg: EmailMessage, own_address: str) -> str:
    """Why this mail is automatic (RFC 3834 and lists), or ''."""
    auto = _header(msg, "Auto-Submitted").strip().lower()
    if auto and not auto.startswith("no"):
        return f"Auto-Submitted: {auto}"
    precedence = _header(msg, "Precedence").strip().lower()
    if precedence in ("bulk", "list", "junk"):
        return f"Precedence: {precedence}"
    if _header(msg, "List-Id") or _header(msg, "List-Unsubscribe"):
        return "mailing-list mail"
    if _header(msg, "Return-Path").strip() == "<>":
        return "null sender"
    sender = parseaddr(_header(msg, "From"))[1].lower()
    if not sender:
        return "no sender address"
    if sender == own_address.lower() or sender.split("@")[0] in ("mailer-daemon", "postmaster"):
        return f"mail from {sender}"
    return ""


def read_mail(raw: bytes, own_address: str, max_bytes: int, max_parts: int, size: int = 0) -> Incoming:
    """``size`` is the whole mail's size when only its head was fetched."""
    out = Incoming()
    size = max(size, len(raw))
    too_big = size > max_bytes
    head = raw if not too_big else raw[: min(len(raw), 65536)].split(b"\r\n\r\n")[0].split(b"\n\n")[0]
    try:
        msg = email.message_from_bytes(head, policy=email.policy.default)
    except (RecursionError, ValueError, TypeError, IndexError) as why:
        out.problem = f"this mail could not be read ({type(why).__name__})"
        return out
    addresses = getaddresses([_header(msg, "From")])
    out.from_name, out.from_addr = addresses[0] if addresses else ("", "")
    out.from_addr = out.from_addr.strip()
    out.subject = " ".join(_header(msg, "Subject").split())
    out.message_id = _header(msg, "Message-ID").strip()
    out.references = " ".join(_header(msg, "References").split())
    out.to_addrs = [a for _n, a in getaddresses([_header(msg, h) for h in ("To", "Cc", "Delivered-To")]) if a]
    out.loop = loop_reason(msg, own_address)
    if out.loop:
        return out
    if "@" not in out.from_addr:
        out.loop = "no usable sender address"
        return out
    if too_big:
        out.problem = (f"this mail is {size // 1024} KB; the limit is {max_bytes // 1024} KB. "
                       "Send the orders as plain text without attachments")
        return out
    try:
        parts = sum(1 for _ in msg.walk())
        if parts > max_parts or _depth(msg) > MAX_DEPTH:
            out.problem = f"this mail has too many or too deeply nested parts (limit {max_parts})"
            return out
        text = body_text(msg)
    except (RecursionError, LookupError, ValueError, TypeError, AttributeError, IndexError) as why:
        out.problem = f"this mail could not be read ({type(why).__name__}); send plain text"
        return out
    out.lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return out
