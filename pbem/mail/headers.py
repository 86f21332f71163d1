"""Header values from hostile mail, read without ever raising, and checked
before anything we send repeats them.

The email package's header registry parses a header's structure when it is
asked for (``msg["Cc"]``) and raises on values such as ``a:b;@`` or
``Message-ID: <``. We never ask it: values are taken raw, encoded words are
decoded here, and control characters (CR, LF, NUL) become spaces, so no value
read from a mail can inject a header line into one we write.
"""
from __future__ import annotations

import re
from email.errors import MessageError
from email.header import decode_header, make_header
from email.message import Message
from email.utils import getaddresses

MAX_ADDRESS = 254          # RFC 5321: a forward path holds at most 256 octets with its <>
MAX_LOCAL = 64
MAX_TEXT = 998             # the longest header line RFC 5322 allows
_CONTROL = re.compile(r"[\x00-\x1f\x7f]+")
_LOCAL = re.compile(r"^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$")
_LABEL = re.compile(r"^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$")
_MSGID = re.compile(r"^<[!-;=?-~]{1,240}@[!-;=?-~]{1,240}>$")   # printable, no < > or spaces


def raw(msg: Message, name: str) -> str:
    """The first ``name`` header exactly as it came, or ''. Never parsed."""
    wanted = name.lower()
    for key, value in msg.raw_items():
        if key.lower() == wanted:
            return str(value)
    return ""


def clean(text: str, limit: int = MAX_TEXT) -> str:
    """One line: control characters and runs of white space become one space;
    bytes that were not text (surrogate escapes) become U+FFFD; cut at ``limit``."""
    text = text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    return " ".join(_CONTROL.sub(" ", text).split())[:limit]


def decoded(value: str, limit: int = MAX_TEXT) -> str:
    """A header value with its encoded words (RFC 2047) decoded, as one clean line."""
    try:
        value = str(make_header(decode_header(value)))
    except (MessageError, LookupError, UnicodeError, ValueError, TypeError, AssertionError):
        pass
    return clean(value, limit)


def text(msg: Message, name: str, limit: int = MAX_TEXT) -> str:
    """A header as one clean line of at most ``limit`` characters. The raw value
    is cut first (decoding encoded words takes time that grows with the square
    of their number, and a 900 KB subject is nobody's)."""
    return decoded(raw(msg, name)[:8 * limit], limit)


def addresses(msg: Message, *names: str) -> list[tuple[str, str]]:
    """(display name, address) pairs of these headers; addresses not checked."""
    values = [raw(msg, n) for n in names]
    try:
        pairs = getaddresses([clean(v, 100_000) for v in values if v])
    except (ValueError, TypeError, IndexError, AttributeError):
        return []
    return [(decoded(n, 200), a.strip()) for n, a in pairs]


def valid_address(address: str) -> bool:
    """A plain address we may send to: local@domain in ASCII (an SMTP relay
    without SMTPUTF8 could take no other), within the lengths SMTP allows, no
    quoted local part, no control characters."""
    if not address or len(address) > MAX_ADDRESS or not address.isascii() or not address.isprintable() \
            or " " in address:
        return False
    local, at, domain = address.rpartition("@")
    if not at or not local or len(local) > MAX_LOCAL or not _LOCAL.match(local):
        return False
    if len(domain.split(".")) < 2 and domain.lower() != "localhost":
        return False
    return all(_LABEL.match(label) for label in domain.split("."))


def message_id(value: str) -> str:
    """``value`` when it is one well-formed Message-ID, else ''."""
    value = value.strip()
    return value if _MSGID.match(value) else ""


def references(value: str, keep: int = 10) -> str:
    """The well-formed Message-IDs of a References header, the last ``keep``."""
    ids = [m for m in (message_id(v) for v in re.findall(r"<[^<>]*>", value)) if m]
    return " ".join(ids[-keep:])
