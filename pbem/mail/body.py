"""The text a player wrote, out of any MIME structure: the plain part (else
the HTML part as the text a reader sees), and each .txt attachment, every
one decoded whatever its charset claims and with format=flowed lines joined."""
from __future__ import annotations

from dataclasses import dataclass
from email.message import EmailMessage

from pbem.mail import quotes
from pbem.errors import PbemError


class TooLong(PbemError, ValueError):
    """A mail whose text has more lines than it may (HTML: tags)."""

    def __init__(self, count: int, what: str) -> None:
        super().__init__(f"{count} {what}")
        self.count, self.what = count, what


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
    carry: _Carry | None = None
    for raw in quotes.split(text):
        depth = len(raw) - len(raw.lstrip(">"))
        line = raw[depth:]
        if line.startswith(" "):
            line = line[1:]
        if carry is not None and carry.depth != depth:
            out.append(carry.quoted(cut=True))
            carry = None
        carry = carry or _Carry(depth)
        carry.add(line)
        if carry.flows():
            carry.drop_space(delsp)
            continue
        out.append(carry.quoted())
        carry = None
    if carry is not None:
        out.append(carry.quoted(cut=True))
    return "\n".join(out)


class _Carry:
    """A flowed line as its pieces come (the empty ones left out), joined once at its end: a long
    flowed paragraph is not copied again at every line (that took the square of its length)."""

    def __init__(self, depth: int) -> None:
        self.depth, self.pieces, self.size = depth, [], 0

    def add(self, piece: str) -> None:
        if piece:
            self.pieces.append(piece)
            self.size += len(piece)

    def flows(self) -> bool:
        """Does the line so far end in a space (and is it not the signature line)?"""
        return (bool(self.pieces) and self.pieces[-1].endswith(" ")
                and not (self.size == 3 and "".join(self.pieces) == "-- "))

    def drop_space(self, delsp: bool) -> None:
        if delsp:
            piece = self.pieces.pop()
            self.size -= len(piece)
            self.add(piece[:-1])

    def quoted(self, cut: bool = False) -> str:
        """The line with its quote marks; ``cut``: still flowing when the quote depth or the text
        ended (then a quoted line keeps its space even when empty, as it always did)."""
        line = "".join(self.pieces)
        return ">" * self.depth + (" " if self.depth and (line or cut) else "") + line


def _count(text: str) -> int:
    return text.count("\n") + text.count("\r") - text.count("\r\n") + 1


def parts(msg: EmailMessage, most: int) -> list[Part]:
    """The body (the plain part, else the HTML part as visible text) and
    every .txt attachment, each with its quoted original blanked out. TooLong
    when their texts have more than ``most`` lines in all (HTML: tags),
    before any is read."""
    plain, markup = None, None
    texts: list[tuple[str, str]] = []         # the .txt attachments: their names and texts
    for part in msg.walk():
        if part.is_multipart():
            continue
        ctype = part.get_content_type()
        filename = part.get_filename() or ""
        disposition = (part.get_content_disposition() or "").lower()
        if filename.lower().endswith(".txt") or (disposition == "attachment" and ctype == "text/plain"):
            texts.append((filename or "attachment", decode(part)))
        elif ctype == "text/plain" and plain is None and disposition != "attachment":
            plain = decode(part)
        elif ctype == "text/html" and markup is None and disposition != "attachment":
            markup = decode(part)
    lines = sum(_count(text) for _, text in texts) + (_count(plain) if plain is not None else 0)
    if lines > most:
        raise TooLong(lines, "lines")
    if plain is None and markup is not None and markup.count("<") > most:
        raise TooLong(markup.count("<"), "HTML tags")
    if plain is not None:
        body = quotes.plain_lines(plain)
    elif markup is not None:
        body = quotes.html_lines(markup)
    else:
        body = []
    return [Part("", body)] + [Part(name, quotes.plain_lines(text)) for name, text in texts]
