"""Turning any mail a player might send into plain lines, and spotting mail loops.

Handles multipart and HTML-only mail, unknown charsets, .txt attachments,
CRLF, and refuses what is too big or too deeply nested without falling over.
What the lines are made of (the text parts, the quote cut out) is in body.py.
"""
from __future__ import annotations

import email
import email.policy
import re
from dataclasses import dataclass, field
from email.message import EmailMessage, Message
from email.parser import BytesHeaderParser

from engine.sheetlines import BREAKS
from pbem.mail import body, headers
from pbem.mail.automatic import loop_reason

MAX_DEPTH = 10
MAX_LINES = 5000        # lines of a mail as sent, and of its text once decoded (HTML: tags)
MAX_HEAD = 65536        # bytes of a mail read for its header
_HEAD_END = re.compile(rb"\r?\n\r?\n")
# What a line of the mail keeps: no NUL; the line breaks other than CR and LF become spaces, so
# that every line number, the parser's and the answer's, is the one the player sees.
_IN_LINE = str.maketrans({"\x00": None, **{c: " " for c in BREAKS}})
# The subject prefixes of out-of-office replies, in the clients' languages
# (with their colon: a player may well write "Vacation" as a subject).

@dataclass
class Incoming:
    from_addr: str = ""
    from_name: str = ""
    subject: str = ""
    message_id: str = ""
    in_reply_to: str = ""
    references: str = ""
    to_addrs: list[str] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    part_starts: list[int] = field(default_factory=list)   # lines where an attachment's text begins
    loop: str = ""          # why this is an automatic mail we must not answer
    no_reply: str = ""      # why this mail cannot be answered (no valid sender address)
    problem: str = ""       # why this mail is refused as a whole


def _depth(part: EmailMessage, level: int = 0) -> int:
    if level > MAX_DEPTH:
        return level
    if part.is_multipart():
        payload = part.get_payload()
        if isinstance(payload, list):
            return max([_depth(p, level + 1) for p in payload] or [level])
    return level


def head_of(raw: bytes) -> Message:
    """The header of a mail, parsed alone (its body, however long or nested, is not read)."""
    end = _HEAD_END.search(raw, 0, MAX_HEAD)
    return BytesHeaderParser(policy=email.policy.compat32).parsebytes(raw[:end.end() if end else MAX_HEAD])


def read_head(out: Incoming, head: Message, own_address: str) -> None:
    """Fill in who sent the mail, to whom, about what, and whether it is automatic."""
    found = headers.addresses(head, "From")
    out.from_name, out.from_addr = found[0] if found else ("", "")
    out.subject = headers.text(head, "Subject", 200)
    out.message_id = headers.message_id(headers.text(head, "Message-ID"))
    out.references = headers.references(headers.text(head, "References", 20_000))
    out.in_reply_to = headers.references(headers.text(head, "In-Reply-To", 2_000), keep=1)
    out.to_addrs = [a for _n, a in headers.addresses(head, "To", "Cc", "Delivered-To") if a][:50]
    out.loop = loop_reason(head, own_address, out.from_addr, out.subject)
    if not out.loop and not headers.valid_address(out.from_addr):
        out.no_reply = "no valid sender address to answer"


def read_mail(raw: bytes, own_address: str, max_bytes: int, max_parts: int, size: int = 0) -> Incoming:
    """``size`` is the whole mail's size when only its head was fetched."""
    out = Incoming()
    size = max(size, len(raw))
    read_head(out, head_of(raw), own_address)
    if out.loop or out.no_reply:
        return out
    if size > max_bytes:       # its size rounded up, the limit down: never "2048 KB; the limit is 2048 KB"
        out.problem = (f"this mail is {-(-size // 1024)} KB; the limit is {max_bytes // 1024} KB. "
                       "Send the orders as plain text without attachments")
        return out
    end = _HEAD_END.search(raw)     # the body's lines as the player wrote them; a long header is not his
    lines = max(raw.count(b"\n", end.end() if end else 0), raw.count(b"\r", end.end() if end else 0))
    if lines > MAX_LINES:
        out.problem = _too_long(lines, "lines")
        return out
    nested = f"this mail has too many or too deeply nested parts (limit {max_parts})"
    try:
        msg = email.message_from_bytes(raw, policy=email.policy.default)
        parts = sum(1 for _ in msg.walk())
        if parts > max_parts or _depth(msg) > MAX_DEPTH:
            out.problem = nested
            return out
        texts = body.parts(msg, MAX_LINES)
    except body.TooLong as why:
        out.problem = _too_long(why.count, why.what)
        return out
    except RecursionError:
        out.problem = nested
        return out
    except (LookupError, ValueError, TypeError, AttributeError, IndexError,
            AssertionError) as why:
        out.problem = f"this mail could not be read ({type(why).__name__}); send plain text"
        return out
    for part in texts:
        if part.name:
            out.part_starts.append(len(out.lines) + 1)
        out.lines += [line.translate(_IN_LINE) for line in part.lines]
    return out


def _too_long(count: int, what: str) -> str:
    return (f"this mail has {count} {what}; the limit is {MAX_LINES}. Send your orders without the quoted "
            "mail or other text")
