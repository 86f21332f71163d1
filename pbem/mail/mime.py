"""The few MIME shapes pbem sends, written out straight.

A mail is a text/plain part; or that text and its HTML as multipart/alternative, the HTML in
a multipart/related with its pictures when it has some; in a multipart/mixed with files when
there are any. Each part is its header lines and its body; a multipart is its parts between
boundaries. The bytes are those the email package's compat32 generator writes for the same
mail built of its MIME classes, header order and folding included (tests/test_mail_mime.py
builds both and compares them): building the message objects and running the generator over
them took most of the time a report took to compose, for a shape that never varies.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from email.charset import QP, Charset
from email.policy import Compat32
from email import quoprimime
from email.utils import encode_rfc2231, quote
from typing import Any
from uuid import uuid4

Header = tuple[str, Any]        # a header's name and value (a str, or an email.header.Header)
Part = tuple[list[Header], Any]
"""A part: its headers, and its body: a leaf's text, or a multipart's boundary and then its parts."""

# quoprimime's table of what each byte of a body becomes: itself, or "=XX".
_QP_TABLE: list[str] | None = getattr(quoprimime, "_QUOPRI_BODY_ENCODE_MAP", None)
# The characters it changes but "=", which str.replace escapes at once (a report's HTML holds many).
_QP_ESCAPED = re.compile("[" + re.escape("".join(chr(c) for c in range(256) if _QP_TABLE[c] != chr(c) and c != 61))
                         + "]") if _QP_TABLE and _QP_TABLE[61] == "=3D" else None
_NEWLINES = re.compile(r"\r\n|\r|\n")     # the line ends the generator writes as its own (email.generator.NLCRE)
_PLAIN = re.compile(r"[!-~](?:[ -~]*[!-~])?\Z")    # printable ASCII, no space at either end
_FOLDS_AT = re.compile(r"[;, \t]")     # where compat32 may fold a header (its Header's split characters)
_MARK = re.compile(r"=_[0-9a-f]{32}")  # a boundary (:func:`boundary`) in a header
_SHAPE = "=_" + "0" * 32                # any boundary: compat32 folds a header alike whichever it holds


class _QPText(str):
    """A body for quoprimime.body_encode, which escapes it with ``str.translate`` and its table:
    that looks the table up for every character, a fifth of the time a report's composing
    took. Here "=" is replaced at once, a pattern finds the few other characters the table
    changes, and the table says what each becomes: the same text."""

    def translate(self, table: Any) -> str:
        if table is not _QP_TABLE or _QP_ESCAPED is None:
            return str.translate(self, table)
        return _QP_ESCAPED.sub(lambda found: table[ord(found.group())], self.replace("=", "=3D"))


class _Utf8(Charset):
    """UTF-8 bodies in quoted-printable, escaped by :class:`_QPText`."""

    def body_encode(self, string: Any) -> Any:
        if not string or self.body_encoding is not QP or _QP_TABLE is None:
            return super().body_encode(string)
        data = string.encode(self.output_charset) if isinstance(string, str) else string
        return quoprimime.body_encode(_QPText(data.decode("latin1")))


UTF8 = _Utf8("utf-8")
UTF8.body_encoding = QP
UTF8.header_encoding = QP


class _Policy(Compat32):
    """compat32, with the headers that fit on a line as they are (printable ASCII, one space
    between words or more) written straight: compat32 runs every header through a Header
    object, a third of the time a report takes to write out. The bytes are the same
    (tests/test_mail_compose.py)."""

    def fold_binary(self, name: str, value: Any) -> bytes:
        if not (isinstance(value, str) and _PLAIN.match(value)):
            return super().fold_binary(name, value)
        if len(name) + len(value) + 2 <= 78:
            return f"{name}: {value}{self.linesep}".encode("ascii")
        if not _FOLDS_AT.search(value):     # one word too long for the first line goes on the next
            return f"{name}: {self.linesep} {value}{self.linesep}".encode("ascii")
        marks = _MARK.findall(value)
        if len(marks) == 1:                 # a multipart's type: folded as the last of its shape was
            return _shaped(self, name, value.replace(marks[0], _SHAPE)).replace(_SHAPE.encode(),
                                                                                marks[0].encode(), 1)
        return super().fold_binary(name, value)


@lru_cache(maxsize=32)
def _shaped(policy: Compat32, name: str, value: str) -> bytes:
    """compat32's folding of a header whose boundary is :data:`_SHAPE`: a boundary is a word of
    one length, never folded within, so every multipart of a kind folds its Content-Type alike
    (16 us a header through compat32, 2 us so)."""
    return Compat32.fold_binary(policy, name, value)


POLICY = _Policy()


def boundary() -> str:
    """A boundary no part can hold, so that nothing need be searched for it: every part is
    quoted-printable or base64, and neither has a line starting "--=_" ("=" is "=3D" in
    quoted-printable)."""
    return f"=_{uuid4().hex}"


def text(body: str, subtype: str) -> Part:
    """A text part: UTF-8 in quoted-printable."""
    return ([("MIME-Version", "1.0"), ("Content-Type", f'text/{subtype}; charset="utf-8"'),
             ("Content-Transfer-Encoding", "quoted-printable")], UTF8.body_encode(body))


def binary(ctype: str, token: str, headers: Sequence[Header] = (), charset: bool = False) -> Part:
    """A base64 part whose body is ``token``, the place-holder pbem.mail.compose puts its data
    in for. ``charset``: a text file, its Content-Type naming UTF-8 (and written last, as
    setting a parameter moves it)."""
    if charset:
        head = [("MIME-Version", "1.0"), ("Content-Transfer-Encoding", "base64"),
                ("Content-Type", f'{ctype}; charset="utf-8"')]
    else:
        head = [("Content-Type", ctype), ("MIME-Version", "1.0"), ("Content-Transfer-Encoding", "base64")]
    return head + list(headers), token


def attachment(name: str) -> Header:
    """The Content-Disposition of a file called ``name`` (RFC 2231 where it is not ASCII)."""
    if not name:
        return "Content-Disposition", "attachment; filename"
    if name.isascii():
        return "Content-Disposition", f'attachment; filename="{quote(name)}"'
    return "Content-Disposition", f"attachment; filename*={encode_rfc2231(name, 'utf-8', '')}"


def multipart(subtype: str, parts: Sequence[Part], mark: str, kind: str = "") -> Part:
    """A multipart of ``parts`` between the boundary ``mark``; ``kind``: its type parameter
    (multipart/related names its root's)."""
    if kind:
        head = [("MIME-Version", "1.0"),
                ("Content-Type", f'multipart/{subtype}; type="{kind}"; boundary="{mark}"')]
    else:
        head = [("Content-Type", f'multipart/{subtype}; boundary="{mark}"'), ("MIME-Version", "1.0")]
    return head, [mark, *parts]


def write(part: Part, headers: Sequence[Header] = ()) -> bytes:
    """The bytes of ``part`` with ``headers`` after its own, as the generator writes them."""
    out: list[bytes] = []
    _write(out, part, headers)
    return b"".join(out)


def _write(out: list[bytes], part: Part, more: Sequence[Header] = ()) -> None:
    head, body = part
    fold = POLICY.fold_binary
    out.extend(fold(name, value) for name, value in head)
    out.extend(fold(name, value) for name, value in more)
    out.append(b"\n")
    if isinstance(body, str):       # quoted-printable or a token: "\r" only in a body given otherwise
        out.append((_NEWLINES.sub("\n", body) if "\r" in body else body).encode("ascii", "surrogateescape"))
        return
    mark, *parts = body
    between = f"--{mark}\n".encode("ascii")
    for i, inner in enumerate(parts):
        out.append(between if i == 0 else b"\n" + between)
        _write(out, inner)
    out.append(f"\n--{mark}--\n".encode("ascii"))
