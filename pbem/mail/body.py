"""The text a player wrote, out of any MIME structure: the plain part (else
the HTML part as the text a reader sees), and each .txt attachment, every
one decoded whatever its charset claims and with format=flowed lines joined."""
from __future__ import annotations

from dataclasses import dataclass
from email.message import EmailMessage

from pbem.mail import quotes


@dataclass(frozen=True)
class Part:
    """One text of a mail: its lines as the player sees them; quoted lines,
    the attribution and a report sent back already blanked (so that line
    numbers are the player's own)."""
    name: str              # "" for the body, else the attachment's file name
    lines: list[str]


def decode(part: EmailMessage) -> str:
    """A text part as text: its declared charset when that reads it, else
    UTF-8, else Windows-1252 (so 8-bit text with no charset reads right and
    no U+FFFD reaches an order or a press message), else Latin-1."""
    payload = part.get_payload(decode=True)
    if not isinstance(payload, bytes):
        payload = str(payload or "").encode("utf-8", "surrogateescape")
    try:
        declared = part.get_content_charset()
    except (ValueError, TypeError, AttributeError):
        declared = None
    for charset in ([declared] if declared else []) + ["utf-8", "cp1252"]:
        try:
            text = payload.decode(charset)
        except (LookupError, UnicodeError):
            continue
        break
    else:
        text = payload.decode("latin-1")
    if _param(part, "format").lower() == "flowed":
        text = unflow(text, _param(part, "delsp").lower() == "yes")
    return text.lstrip("\ufeff")


def _param(part: EmailMessage, name: str) -> str:
    try:
        value = part.get_param(name)
    except (ValueError, TypeError, AttributeError, IndexError):
        return ""
    return value if isinstance(value, str) else ""


def unflow(text: str, delsp: bool = False) -> str:
    """RFC 3676: a line ending in a space goes on in the next line of the same
    quote depth; a leading space was added by the sender ("stuffing")."""
    out: list[str] = []
    carry: tuple[int, str] | None = None      # (quote depth, text so far)
    for raw in text.replace("\r\n", "\n").split("\n"):
        depth = len(raw) - len(raw.lstrip(">"))
        line = raw[depth:]
        if line.startswith(" "):
            line = line[1:]
        if carry is not None and carry[0] == depth:
            line = carry[1] + line
        elif carry is not None:
            out.append(">" * carry[0] + (" " if carry[0] else "") + carry[1])
        carry = None
        if line.endswith(" ") and line != "-- ":
            carry = (depth, line[:-1] if delsp else line)
            continue
        out.append(">" * depth + (" " if depth and line else "") + line)
    if carry is not None:
        out.append(">" * carry[0] + (" " if carry[0] else "") + carry[1])
    return "\n".join(out)


def parts(msg: EmailMessage) -> list[Part]:
    """The body (the plain part, else the HTML part as visible text) and
    every .txt attachment, each with its quoted original blanked out."""
    plain, markup, attached = None, None, []
    for part in msg.walk():
        if part.is_multipart():
            continue
        ctype = part.get_content_type()
        filename = part.get_filename() or ""
        disposition = (part.get_content_disposition() or "").lower()
        if filename.lower().endswith(".txt") or (disposition == "attachment" and ctype == "text/plain"):
            attached.append(Part(filename or "attachment", quotes.plain_lines(decode(part))))
        elif ctype == "text/plain" and plain is None and disposition != "attachment":
            plain = decode(part)
        elif ctype == "text/html" and markup is None and disposition != "attachment":
            markup = decode(part)
    if plain is not None:
        body = quotes.plain_lines(plain)
    elif markup is not None:
        body = quotes.html_lines(markup)
    else:
        body = []
    return [Part("", body)] + attached
