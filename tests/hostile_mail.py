"""A seeded corpus of hostile mail for pbem's inbox.

``corpus(seed, n)`` yields ``n`` pairs ``(kind, raw mail bytes)``, the same
bytes for the same seed, arguments and Python version (nothing comes from the
clock, ``make_msgid`` or the email package's random boundaries). The first
``len(kinds())`` mails are one of every kind, in a seeded order (the
duplicates last, so they have something to repeat); after that kinds are drawn
by weight, the expensive ones (megabyte mails, 900 KB headers, 1,000-level
nesting) rarely.

The kinds (``kinds()`` lists them; the prefix is the family):

- ``random:*``    random bytes; random bytes behind a plausible header; header salad.
- ``mutated:*``   realistic order mails (plain, quoted-printable, base64,
  HTML-only, alternative, a .txt attachment), with the real SIGNON line of a
  seat when ``logins`` are given, then bytes flipped, inserted, deleted,
  header lines dropped, MIME boundaries swapped or changed, or all at once.
- ``header:*``    every header pbem reads (From, To, Cc, Subject, Message-ID,
  References, In-Reply-To, Auto-Submitted, Precedence, Return-Path,
  Content-Type, Content-Transfer-Encoding) fuzzed, and the known killers:
  ``Message-ID: <``, ``Cc: a@``, ``Cc: a:b;@``, encoded words that decode to
  CR LF (``=?utf-8?q?a=0D=0AInjected:_x?=``) in Message-ID, Subject, the From
  name, References and In-Reply-To, bare CR / LF in every header, NUL bytes,
  Content-Type with bad parameters, a bogus Content-Transfer-Encoding, encoded
  words whose charset name is 8-bit bytes (``=?\\xc2t-8?q?...?=``), and
  900 KB headers (Subject as words, as one unbroken word, as encoded words;
  References).
- ``body:nul``    NUL bytes in the body of a signed-on mail.
- ``mime:*``      truncated mid-part, no closing boundary, 1,000 levels of
  nested multipart or message/rfc822, thousands of parts.
- ``size:*``      just under and just over the 2 MB limit, 10,000 order lines.
- ``attach:*``    zip and gzip bytes (also named orders.txt), message/rfc822
  inside message/rfc822.
- ``charset:*``   x-unknown, utf-7, mislabeled latin-1 / utf-8 / utf-16, no
  charset with 8-bit bytes.
- ``digits:*``    digits that are not ASCII after TURN, VACATION, HISTORY
  (``TURN ²``, ``VACATION ²``, ``HISTORY ٣``), from a seat with its password.
- ``from:*``      empty, missing, 500 characters, NUL inside, ``"a\\r\\nb"@x``,
  group syntax, several addresses.
- ``loop:*``      Auto-Submitted, Precedence bulk/list/junk, List-Id, null
  Return-Path, multipart/report bounces (from MAILER-DAEMON or with a null
  Return-Path; and unmarked, from an ordinary address), multipart/report
  read receipts, mail from the server's own address. Every ``loop:*`` mail is automatic mail that must not
  be answered.
- ``dup:*``       a byte-for-byte copy of an earlier mail of the corpus; a mail
  reusing an earlier Message-ID with another body.

Give ``logins`` (game, seat, password, address, orders) for a real game and
the mutated, digit, charset, size and attachment mails sign on for real, so
they reach the order parser and the commands; without them they sign on to a
game that does not exist.
"""
from __future__ import annotations

import base64
import gzip
import io
import random
import re
import zipfile
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from email.message import EmailMessage
from email.utils import format_datetime
from typing import Callable, Iterator, NamedTuple, Sequence

SERVER = "pbem@example.org"
MAX_MAIL_BYTES = 2_000_000
READ_HEADERS = ("From", "To", "Cc", "Subject", "Message-ID", "References", "In-Reply-To",
                "Auto-Submitted", "Precedence", "Return-Path", "Content-Type", "Content-Transfer-Encoding")
CRLF_WORD = "=?utf-8?q?a=0D=0AInjected:_x?="
CRLF_WORD_B64 = "=?utf-8?b?" + base64.b64encode(b"a\r\nInjected: x").decode() + "?="
INJECTED = "Injected: x"          # what every injection attempt tries to make a header of
_EPOCH = datetime(2026, 4, 1, 9, 0, tzinfo=timezone.utc)


class Login(NamedTuple):
    game: str
    seat: str
    password: str
    address: str
    orders: str = "PLACE C3 B2"


FAKE_LOGINS = (Login("valley-1", "red", "kx4-pl9-tr2", "ann@example.org", "PLACE C3 B2\nPLANT C3"),
               Login("valley-1", "blue", "zo3-ka8-mi1", "bob@example.org", "PLACE F5 G4"))

NASTY = [  # header values that have broken mail software somewhere
    "", " ", "<", ">", "<>", "<<>>", "@", "a@", "@b", "a:b;@", ":;", "a:;", ",,,", '"', '"unterminated',
    "\\", "(", "((comment", ")", "<a@b", "a@b>", "a@[", "a@[1.2.3.4", "[", "=?", "=?utf-8?", "=?utf-8?q?",
    "=?utf-8?b?!!!?=", "=?x-unknown?q?abc?=", "=?utf-7?q?+AGEAYg-?=", CRLF_WORD, CRLF_WORD_B64,
    "a" * 5000, "<" + "a" * 300 + "@b>", ", ".join(["a@b.c"] * 300), "ünïcödé <ü@ü.de>", "\t",
    "a\x7fb", "%s%n%x", "<a@b> <c@d>", "a@b@c", "<@route:a@b>", '"a"@b', "a b c d e f",
    "=?utf-8?q?=00?=", "Undisclosed recipients:;", "<a@b>, <", "a@b, c@", "x" * 998 + "@b.c",
    "=?\udcc2t-8?q?x?=",      # an encoded word whose charset name is a raw 8-bit byte
]
BAD_CONTENT_TYPES = [
    "text/plain; charset=", 'text/plain; charset="', 'text/plain; charset="utf-8', "text/plain;;;; charset=utf-8",
    "text/plain; charset*=utf-8''%ff%fe%", "text/plain; charset*0*=utf-8''a; charset*1=b; charset*5=c",
    "text/plain; name*=''%", "text/plain; charset=utf-8; charset=latin-1", "multipart/mixed",
    'multipart/mixed; boundary=""', "multipart/mixed; boundary=" + "b" * 200, 'multipart/alternative; boundary="',
    "/", "text/", "/plain", "a/b/c", "text/plain; =x", "text/plain; charset=" + "x" * 1000, "message/rfc822",
    "message/partial; id=1; number=1; total=2", "message/external-body; access-type=x", "application/octet-stream",
    "multipart/report; report-type=", "text/plain; format=flowed; delsp=yes", "text/plain; charset=\x00",
    "text/plain; charset=utf-8\x00", "text/plain; charset==?utf-8?q?x?=", "TEXT/PLAIN; CHARSET=UTF-8",
    "multipart/digest; boundary=x", "text/plain; charset=utf-16", "text/plain; charset=idna",
]
BAD_CTE = ["base64", "quoted-printable", "x-uuencode", "uuencode", "base65", "", "8bit; x=y", "binary",
           "7bit\x00", "BASE64 ", "quoted-printable; charset=utf-8", "a" * 500, "=?utf-8?q?base64?="]


@dataclass
class _Ctx:
    rng: random.Random
    logins: Sequence[Login]
    server: str
    seq: int = 0
    made: list[bytes] = field(default_factory=list)                      # the last small mails yielded
    clean: list[tuple[str, Login, bytes]] = field(default_factory=list)  # (Message-ID, login, raw) unharmed

    def token(self) -> str:
        self.seq += 1
        return f"{self.seq:05d}{self.rng.getrandbits(40):010x}"

    def msgid(self) -> str:
        return f"<{self.token()}@mail.example.net>"

    def date(self) -> str:
        return format_datetime(_EPOCH + timedelta(seconds=self.seq * 37))

    def login(self) -> Login:
        return self.rng.choice(self.logins)

    def stranger(self) -> str:
        return f"{self.rng.choice(['eve', 'mallory', 'trudy', 'zed'])}{self.rng.randrange(10_000)}@example.net"


# -- building blocks -----------------------------------------------------------
def _b(value: str | bytes) -> bytes:
    return value if isinstance(value, bytes) else value.encode("utf-8", "surrogateescape")


def _raw(headers: Sequence[tuple[str | bytes, str | bytes]], body: str | bytes, eol: bytes = b"\r\n") -> bytes:
    """A mail exactly as given: no folding, no checks. A text body gets ``eol``."""
    head = eol.join(_b(name) + b": " + _b(value) for name, value in headers)
    data = body.replace("\r\n", "\n").replace("\n", eol.decode()).encode("utf-8", "surrogateescape") \
        if isinstance(body, str) else body
    return head + eol + eol + data


def _head(ctx: _Ctx, sender: str, subject: str = "orders", extra: Sequence[tuple[str, str | bytes]] = (),
          mid: str | None = None) -> list[tuple[str, str | bytes]]:
    return [("From", sender), ("To", ctx.server), ("Subject", subject), ("Date", ctx.date()),
            ("Message-ID", mid or ctx.msgid()), ("MIME-Version", "1.0"), *extra]


def _orders_text(ctx: _Ctx, login: Login, extra: str = "") -> str:
    rng = ctx.rng
    greeting = rng.choice(["Hi,\n\n", "", "Orders below.\n\n", "> You wrote last turn:\n> PLACE A1\n\n"])
    turn = rng.choice(["", "", "TURN 0\n"])
    signature = rng.choice(["", "-- \nAnn\n", "SIGNOFF\n", "Thanks!\n"])
    return (f"{greeting}SIGNON {login.game} {login.seat} {login.password}\n{turn}{login.orders}\n{extra}"
            f"{signature}# {ctx.token()}\n")


def _html(text: str) -> str:
    return "<html><body>" + "".join(f"<p>{line}</p>" for line in text.splitlines()) + "</body></html>"


def _boundaries(ctx: _Ctx, msg: EmailMessage) -> None:
    for part in msg.walk():
        if part.is_multipart():
            part.set_boundary(f"=_{ctx.token()}")


def _eol(ctx: _Ctx, raw: bytes) -> bytes:
    """Maildir files usually have LF, mail read over IMAP CRLF: either."""
    return raw.replace(b"\n", b"\r\n") if ctx.rng.random() < 0.5 else raw


def _order_mail(ctx: _Ctx, login: Login | None = None, body: str | None = None, shape: str = "",
                headers: Sequence[tuple[str, str]] = (), mid: str | None = None, keep: bool = True) -> bytes:
    """A realistic order mail, as mail clients write them (like ``order_mail()`` in pbem_world)."""
    rng = ctx.rng
    login = login or ctx.login()
    body = body if body is not None else _orders_text(ctx, login)
    mid = mid or ctx.msgid()
    msg = EmailMessage()
    msg["From"] = rng.choice([login.address, f"{login.seat.title()} Player <{login.address}>",
                              f'"Player, {login.seat}" <{login.address}>'])
    msg["To"] = ctx.server
    msg["Subject"] = rng.choice(["orders", f"[{login.game}] orders", f"Re: [{login.game}] turn 0 report", "Spielzüge"])
    msg["Date"] = ctx.date()
    msg["Message-ID"] = mid
    for key, value in headers:
        msg[key] = value
    shape = shape or rng.choice(["plain", "plain", "qp", "base64", "html", "alternative", "attachment", "nested"])
    if shape == "plain":
        msg.set_content(body)
    elif shape == "qp":
        msg.set_content(body, cte="quoted-printable")
    elif shape == "base64":
        msg.set_content(body, cte="base64")
    elif shape == "html":
        msg.set_content(_html(body), subtype="html")
    elif shape == "alternative":
        msg.set_content(body)
        msg.add_alternative(_html(body), subtype="html")
    elif shape == "attachment":
        msg.set_content("My orders are attached.\n")
        msg.add_attachment(body, filename="orders.txt")
    else:  # nested: mixed(alternative(plain, html), attachment)
        msg.set_content(body)
        msg.add_alternative(_html(body), subtype="html")
        msg.add_attachment("notes\n", filename="notes.txt")
    _boundaries(ctx, msg)
    raw = _eol(ctx, bytes(msg))
    if keep:
        ctx.clean.append((mid, login, raw))
    return raw


def _split(raw: bytes) -> tuple[bytes, bytes, bytes]:
    """(header, the blank line, body) of raw bytes."""
    found = re.search(rb"\r?\n\r?\n", raw)
    if not found:
        return raw, b"", b""
    return raw[:found.start()], raw[found.start():found.end()], raw[found.end():]


def _header_lines(head: bytes) -> list[bytes]:
    """Header fields with their continuation lines, each keeping its line end."""
    fields: list[bytes] = []
    for line in re.split(rb"(?<=\n)", head):
        if fields and line[:1] in (b" ", b"\t"):
            fields[-1] += line
        elif line:
            fields.append(line)
    return fields


def _set_header(raw: bytes, name: str, value: bytes, eol: bytes | None = None) -> bytes:
    """Replace the first ``name`` header (or add it first) with ``value``, raw."""
    head, blank, body = _split(raw)
    eol = eol or (b"\r\n" if b"\r\n" in blank or not blank else b"\n")
    fields = [f.rstrip(b"\r\n") for f in _header_lines(head + b"\n")]
    line = _b(name) + b": " + value
    for i, f in enumerate(fields):
        if f.split(b":", 1)[0].strip().lower() == name.lower().encode():
            fields[i] = line
            break
    else:
        fields.insert(0, line)
    return eol.join(fields) + (blank or eol + eol) + body


# -- random ------------------------------------------------------------------------
def random_bytes(ctx: _Ctx) -> bytes:
    return ctx.rng.randbytes(ctx.rng.choice([0, 1, 2, 16, 100, 1024, 4096, 20_000]))


def random_after_header(ctx: _Ctx) -> bytes:
    head = _head(ctx, ctx.rng.choice([ctx.stranger(), ctx.login().address]))
    return _raw(head, ctx.rng.randbytes(ctx.rng.randrange(1, 8192)))


def random_header_salad(ctx: _Ctx) -> bytes:
    rng = ctx.rng
    lines = []
    for _ in range(rng.randrange(1, 40)):
        name = rng.choice(list(READ_HEADERS) + ["X-" + ctx.token(), "", " ", "Fr om", "From ", "\x00", ":"])
        value = rng.choice(NASTY + [rng.randbytes(rng.randrange(0, 64))])
        lines.append(_b(name) + b":" + rng.choice([b" ", b"", b"\t"]) + _b(value))
    eol = rng.choice([b"\r\n", b"\n", b"\r"])
    return eol.join(lines) + eol + eol + rng.randbytes(rng.randrange(0, 256))


# -- mutated order mails ---------------------------------------------------------------
def _flip(ctx: _Ctx, raw: bytes) -> bytes:
    data = bytearray(raw)
    for _ in range(ctx.rng.randint(1, 8)):
        i = ctx.rng.randrange(len(data))
        data[i] ^= ctx.rng.randint(1, 255)
    return bytes(data)


def _insert(ctx: _Ctx, raw: bytes) -> bytes:
    rng = ctx.rng
    for _ in range(rng.randint(1, 6)):
        i = rng.randrange(len(raw) + 1)
        piece = rng.choice([rng.randbytes(rng.randint(1, 16)), b"\r\n", b"\n", b"\r", b"\x00", b":",
                            b"\r\n\r\n", b"--", b"=?", b"\xff\xfe", b"\r\nInjected: x\r\n"])
        raw = raw[:i] + piece + raw[i:]
    return raw


def _delete(ctx: _Ctx, raw: bytes) -> bytes:
    for _ in range(ctx.rng.randint(1, 6)):
        i = ctx.rng.randrange(len(raw))
        raw = raw[:i] + raw[i + ctx.rng.randint(1, 32):]
    return raw


def _drop_headers(ctx: _Ctx, raw: bytes) -> bytes:
    head, blank, body = _split(raw)
    fields = _header_lines(head + b"\n")
    for _ in range(min(len(fields) - 1, ctx.rng.randint(1, 3))):
        fields.pop(ctx.rng.randrange(len(fields)))
    return b"".join(fields).rstrip(b"\r\n") + blank + body


def _swap_boundaries(ctx: _Ctx, raw: bytes) -> bytes:
    rng = ctx.rng
    names = list(dict.fromkeys(re.findall(rb'boundary="([^"]+)"', raw)))
    if not names:
        return _flip(ctx, raw)
    how = rng.choice(["swap", "rename", "close-early", "drop-close", "open-as-close"])
    if how == "swap" and len(names) >= 2:
        a, b = names[0], names[1]
        declared = lambda name: b'boundary="' + name + b'"'  # noqa: E731
        return raw.replace(declared(a), b"\x00A").replace(declared(b), declared(a)).replace(b"\x00A", declared(b))
    name = rng.choice(names)
    if how == "rename":
        return raw.replace(b'boundary="' + name + b'"', b'boundary="' + name[::-1] + b'"', 1)
    if how == "close-early":
        opening, closing = b"--" + name, b"--" + name + b"--"
        return raw.replace(opening + b"\n", closing + b"\n", 1).replace(opening + b"\r\n", closing + b"\r\n", 1)
    if how == "drop-close":
        return raw.replace(b"--" + name + b"--", b"")
    return raw.replace(b"--" + name + b"--", b"--" + name).replace(b"--" + name + b"\n", b"--" + name + b"--\n", 1)


def _mutated(op: Callable[[_Ctx, bytes], bytes], multipart: bool = False) -> Callable[[_Ctx], bytes]:
    def make(ctx: _Ctx) -> bytes:
        shape = ctx.rng.choice(["alternative", "attachment", "nested"]) if multipart else ""
        return op(ctx, _order_mail(ctx, shape=shape, keep=False))
    return make


def mutated_mixed(ctx: _Ctx) -> bytes:
    raw = _order_mail(ctx, keep=False)
    for op in ctx.rng.sample([_flip, _insert, _delete, _drop_headers, _swap_boundaries], 3):
        raw = op(ctx, raw)
    return raw


# -- headers -----------------------------------------------------------------------------
def _signed(ctx: _Ctx, header: str, value: str | bytes, login: Login | None = None) -> bytes:
    """A good order mail with one header replaced, raw."""
    return _set_header(_order_mail(ctx, login=login, shape="plain", keep=False), header, _b(value))


def killer_message_id_open(ctx: _Ctx) -> bytes:
    return _signed(ctx, "Message-ID", ctx.rng.choice(["<", "<", "< ", "<" + ctx.token()]))


def killer_cc_dangling_at(ctx: _Ctx) -> bytes:
    raw = _signed(ctx, "Cc", ctx.rng.choice(["a@", "a@", "bob@example.org, a@"]))
    return _set_header(raw, "X-Token", _b(ctx.token()))


def killer_cc_group_at(ctx: _Ctx) -> bytes:
    raw = _signed(ctx, "Cc", ctx.rng.choice(["a:b;@", "a:b;@", "a:b@c;@", ":;@"]))
    return _set_header(raw, "X-Token", _b(ctx.token()))


def _crlf_word(ctx: _Ctx) -> str:
    return ctx.rng.choice([CRLF_WORD, CRLF_WORD, CRLF_WORD_B64, "=?utf-8?q?a=0AInjected:_x?=",
                           "=?utf-8?q?a=0DInjected:_x?="])


def crlf_word_message_id(ctx: _Ctx) -> bytes:
    word = _crlf_word(ctx)
    return _signed(ctx, "Message-ID",
                   ctx.rng.choice([word, word, f"<{ctx.token()}.{word}@x>", f"{word} <{ctx.token()}@x>"]))


def crlf_word_subject(ctx: _Ctx) -> bytes:
    return _signed(ctx, "Subject", f"orders {_crlf_word(ctx)} {ctx.token()}")


def crlf_word_from_name(ctx: _Ctx) -> bytes:
    login = ctx.login()
    return _signed(ctx, "From", f"{_crlf_word(ctx)} <{login.address}>", login)


def crlf_word_references(ctx: _Ctx) -> bytes:
    return _signed(ctx, "References", f"<{ctx.token()}@x> {_crlf_word(ctx)}")


def crlf_word_in_reply_to(ctx: _Ctx) -> bytes:
    return _signed(ctx, "In-Reply-To", ctx.rng.choice([_crlf_word(ctx), f"<{ctx.token()}@x> {_crlf_word(ctx)}"]))


_BAD_CHARSET_WORDS = [b"=?\xc2t\x1f-8?q?Spielz=C3=BCge?=", b"=?utf-8\x80?q?x?=", b"=?\xff\xfe?b?eA==?=",
                      b"=?ut\x00f-8?q?x?=", b"=?\xe2\x98\x83?q?x?="]


def bad_word_charset_text(ctx: _Ctx) -> bytes:
    """An encoded word whose charset name holds 8-bit bytes or controls, in Subject or References."""
    word = ctx.rng.choice(_BAD_CHARSET_WORDS)
    header, value = ctx.rng.choice([("Subject", word + b" " + _b(ctx.token())),
                                    ("References", b"<" + _b(ctx.token()) + b"@x> " + word)])
    return _signed(ctx, header, value)


def bad_word_charset_address(ctx: _Ctx) -> bytes:
    """The same in the display name of From or To."""
    word = ctx.rng.choice(_BAD_CHARSET_WORDS)
    login = ctx.login()
    header, value = ctx.rng.choice([("From", word + b" <" + _b(login.address) + b">"),
                                    ("To", word + b" <" + _b(ctx.server) + b">")])
    return _set_header(_signed(ctx, header, value, login), "X-Token", _b(ctx.token()))


def header_fuzz(ctx: _Ctx) -> bytes:
    rng = ctx.rng
    raw = _order_mail(ctx, shape=rng.choice(["plain", "alternative"]), keep=False)
    for name in rng.sample(READ_HEADERS, rng.randint(1, 4)):
        if name == "Content-Type" and rng.random() < 0.7:
            value = rng.choice(BAD_CONTENT_TYPES)
        elif name == "Content-Transfer-Encoding" and rng.random() < 0.7:
            value = rng.choice(BAD_CTE)
        else:
            value = rng.choice(NASTY + [rng.randbytes(rng.randrange(1, 40)).replace(b"\n", b"")])
        raw = _set_header(raw, name, _b(value))
    return raw


def bad_content_type(ctx: _Ctx) -> bytes:
    return _signed(ctx, "Content-Type", ctx.rng.choice(BAD_CONTENT_TYPES))


def bogus_transfer_encoding(ctx: _Ctx) -> bytes:
    rng = ctx.rng
    login = ctx.login()
    cte = rng.choice(BAD_CTE)
    body = rng.choice([_orders_text(ctx, login), "SIGNON!!!===***\n" + _orders_text(ctx, login),
                       "=ZZ=\n=" + _orders_text(ctx, login) + "=",
                       base64.b64encode(_b(_orders_text(ctx, login)))[:-3].decode()])
    return _raw(_head(ctx, login.address, extra=[("Content-Type", "text/plain; charset=utf-8"),
                                                 ("Content-Transfer-Encoding", cte)]), body)


def bare_cr_lf(ctx: _Ctx) -> bytes:
    """CR, LF or CR LF not followed by white space inside every header we read."""
    rng = ctx.rng
    login = ctx.login()
    sep = lambda: rng.choice([b"\r", b"\n", b"\r\n", b"\r\r\n", b"\n\r"])  # noqa: E731
    heads = [("From", b"Ann" + sep() + INJECTED.encode() + b" <" + login.address.encode() + b">"),
             ("To", ctx.server.encode() + sep() + b"Injected: x"),
             ("Cc", b"bob@example.org" + sep() + b"Injected: x"),
             ("Subject", b"orders" + sep() + b"Injected: x " + _b(ctx.token())),
             ("Message-ID", b"<" + _b(ctx.token()) + b"@x>" + sep() + b"Injected: x"),
             ("References", b"<r@x>" + sep() + b"Injected: x"),
             ("In-Reply-To", b"<r@x>" + sep() + b"Injected: x"),
             ("Auto-Submitted", b"no" + sep() + b"Injected: x"),
             ("Precedence", b"first-class" + sep() + b"Injected: x"),
             ("Return-Path", b"<" + login.address.encode() + b">" + sep() + b"Injected: x"),
             ("Content-Type", b"text/plain;" + sep() + b"charset=utf-8"),
             ("Content-Transfer-Encoding", b"8bit" + sep() + b"Injected: x")]
    keep = rng.sample(heads, rng.randint(4, len(heads)))
    if not any(name == "From" for name, _ in keep):
        keep.insert(0, heads[0])
    return _raw(keep, _orders_text(ctx, login))


def header_nul(ctx: _Ctx) -> bytes:
    rng = ctx.rng
    login = ctx.login()
    raw = _order_mail(ctx, login=login, shape="plain", keep=False)
    for name, value in rng.sample([("Subject", b"ord\x00ers"), ("From", b"Ann\x00 <" + _b(login.address) + b">"),
                                   ("To", b"pbem\x00@example.org"), ("Message-ID", b"<\x00" + _b(ctx.token()) + b"@x>"),
                                   ("References", b"<a\x00@b>"), ("Sub\x00ject", b"x"), ("Auto-Submitted", b"\x00"),
                                   ("Content-Type", b"text/plain; charset=utf-8\x00")], rng.randint(1, 4)):
        raw = _set_header(raw, name, value)
    return raw


def _long(ctx: _Ctx, header: str, value: bytes) -> bytes:
    return _set_header(_order_mail(ctx, shape="plain", keep=False), header, value)


def long_subject_words(ctx: _Ctx) -> bytes:
    return _long(ctx, "Subject", _b(ctx.token()) + b" x" * 450_000)


def long_subject_unbroken(ctx: _Ctx) -> bytes:
    return _long(ctx, "Subject", _b(ctx.token()) + b"x" * 900_000)


def long_subject_encoded(ctx: _Ctx) -> bytes:
    return _long(ctx, "Subject", _b(ctx.token()) + b" =?utf-8?q?x?=" * 64_000)


def long_references(ctx: _Ctx) -> bytes:
    return _long(ctx, "References", b" ".join(b"<%d.%s@example.net>" % (i, _b(ctx.token())) for i in range(30_000)))


def body_nul(ctx: _Ctx) -> bytes:
    login = ctx.login()
    text = _orders_text(ctx, login).replace("\n", ctx.rng.choice(["\x00\n", "\n\x00", "\n"]))
    text = text.replace(" ", ctx.rng.choice([" \x00", "\x00", " "]), ctx.rng.randint(1, 3))
    return _raw(_head(ctx, login.address, extra=[("Content-Type", "text/plain; charset=utf-8"),
                                                 ("Content-Transfer-Encoding", "8bit")]), text + "\x00" * 10)


# -- MIME structure ---------------------------------------------------------------------
def truncated_mid_part(ctx: _Ctx) -> bytes:
    raw = _order_mail(ctx, shape=ctx.rng.choice(["nested", "attachment", "alternative"]), keep=False)
    start = raw.find(b"\n--") + 4
    return raw[:ctx.rng.randrange(start, len(raw) - 1)]


def missing_close_boundary(ctx: _Ctx) -> bytes:
    raw = _order_mail(ctx, shape=ctx.rng.choice(["nested", "attachment", "alternative"]), keep=False)
    return re.sub(rb"\r?\n--[^\r\n]+--\r?\n?", b"\n", raw)


def deep_nesting(ctx: _Ctx) -> bytes:
    login = ctx.login()
    inner = f"Content-Type: text/plain\n\n{_orders_text(ctx, login)}"
    if ctx.rng.random() < 0.5:
        for level in reversed(range(1000)):
            inner = f'Content-Type: multipart/mixed; boundary="b{level}"\n\n--b{level}\n{inner}\n--b{level}--\n'
    else:
        for _level in range(1000):
            inner = f"Content-Type: message/rfc822\n\nFrom: {login.address}\nSubject: fwd\n{inner}"
    return _top(ctx, login, "orders", inner)


def _top(ctx: _Ctx, login: Login, subject: str, rest: str | bytes) -> bytes:
    """Our header lines, then ``rest``: more header lines (its Content-Type), a blank line, the body."""
    head = "\n".join(f"{k}: {v}" for k, v in _head(ctx, login.address, subject)).encode()
    return head + b"\n" + _b(rest)


def many_parts(ctx: _Ctx) -> bytes:
    login = ctx.login()
    parts = "".join(f"--p\nContent-Type: text/plain\n\n{_orders_text(ctx, login) if i == 0 else 'x'}\n"
                    for i in range(ctx.rng.choice([60, 1000, 5000])))
    return _raw(_head(ctx, login.address, extra=[("Content-Type", 'multipart/mixed; boundary="p"')]),
                parts + "--p--\n", eol=b"\n")


# -- size --------------------------------------------------------------------------------
def _sized(ctx: _Ctx, size: int) -> bytes:
    """An order mail of exactly ``size`` bytes: filler comments, or a big binary attachment."""
    login = ctx.login()
    text = _orders_text(ctx, login)
    if ctx.rng.random() < 0.5:
        raw = _raw(_head(ctx, login.address, extra=[("Content-Type", "text/plain; charset=utf-8")]), text)
        filler = b"# " + b"x" * 76 + b"\r\n"
        return raw + filler * ((size - len(raw)) // len(filler)) + b"#" * ((size - len(raw)) % len(filler))
    data_size = max(0, (size - 2000) * 57 // 77)
    mid = ctx.msgid()
    while True:
        msg = EmailMessage()
        msg["From"], msg["To"], msg["Subject"], msg["Message-ID"] = login.address, ctx.server, "orders", mid
        msg.set_content(text)
        msg.add_attachment(random.Random(data_size).randbytes(data_size), maintype="application",
                           subtype="octet-stream", filename="photo.jpg")
        _boundaries(ctx, msg)
        raw = bytes(msg)
        if len(raw) <= size:
            return raw + b"\n" * (size - len(raw))     # the rest as epilogue
        data_size -= (len(raw) - size) * 57 // 77 + 100


def near_limit(ctx: _Ctx) -> bytes:
    return _sized(ctx, MAX_MAIL_BYTES - ctx.rng.randrange(1, 5000))


def over_limit(ctx: _Ctx) -> bytes:
    return _sized(ctx, MAX_MAIL_BYTES + ctx.rng.choice([1, 10, 1000, 500_000]))


def huge_sheet(ctx: _Ctx) -> bytes:
    login = ctx.login()
    line = ctx.rng.choice(["MOVE 1W C3-C4", "PLACE C3 B2", "CAMP E2", "PLANT C3", "STATUS", "HELP", "HISTORY",
                           "TURN 0"])
    return _order_mail(ctx, login=login, body=f"SIGNON {login.game} {login.seat} {login.password}\n"
                       + f"{line}\n" * 10_000, shape="plain", keep=False)


# -- attachments -------------------------------------------------------------------------
def _with_attachment(ctx: _Ctx, data: bytes, maintype: str, subtype: str, filename: str, text: bool = True) -> bytes:
    login = ctx.login()
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = login.address, ctx.server, "orders attached"
    msg["Message-ID"] = ctx.msgid()
    msg["Date"] = ctx.date()
    msg.set_content(_orders_text(ctx, login) if text else "See the attachment.\n")
    msg.add_attachment(data, maintype=maintype, subtype=subtype, filename=filename)
    _boundaries(ctx, msg)
    return _eol(ctx, bytes(msg))


def zip_attachment(ctx: _Ctx) -> bytes:
    login = ctx.login()
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(zipfile.ZipInfo("orders.txt", (2026, 4, 1, 9, 0, 0)), _orders_text(ctx, login))
    name = ctx.rng.choice(["orders.zip", "orders.txt", "ORDERS.TXT"])
    return _with_attachment(ctx, buf.getvalue(), "application", "zip", name, text=ctx.rng.random() < 0.5)


def gzip_attachment(ctx: _Ctx) -> bytes:
    login = ctx.login()
    data = gzip.compress(_b(_orders_text(ctx, login)), mtime=0)
    name = ctx.rng.choice(["orders.txt.gz", "orders.txt"])
    return _with_attachment(ctx, data, "application", "gzip", name, text=ctx.rng.random() < 0.5)


def rfc822_in_rfc822(ctx: _Ctx) -> bytes:
    login = ctx.login()
    inner = _order_mail(ctx, login=login, shape="plain", keep=False).replace(b"\r\n", b"\n")
    for _ in range(ctx.rng.randint(2, 4)):
        inner = _raw([("From", login.address), ("Subject", "Fwd: orders"), ("Message-ID", ctx.msgid()),
                      ("MIME-Version", "1.0"), ("Content-Type", "message/rfc822")], inner, eol=b"\n")
    bound = f"=_f{ctx.token()}"
    rest = (f'Content-Type: multipart/mixed; boundary="{bound}"\n\n--{bound}\nContent-Type: text/plain\n\n'
            f"Forwarded, see below.\n--{bound}\nContent-Type: message/rfc822\n\n").encode() + inner \
        + f"\n--{bound}--\n".encode()
    return _eol(ctx, _top(ctx, login, "Fwd: orders", rest))


# -- charsets ----------------------------------------------------------------------------
def _charset_mail(ctx: _Ctx, ctype: str, encoding: str, cte: str = "8bit", before: bytes = b"",
                  after: bytes = b"") -> bytes:
    login = ctx.login()
    body = ("Grüße aus Köln, ½ ñ ☃\n" + _orders_text(ctx, login)).replace("\n", "\r\n").encode(encoding, "replace")
    extra = [("Content-Type", ctype)] if ctype else []
    if cte:
        extra.append(("Content-Transfer-Encoding", cte))
    return _raw(_head(ctx, login.address, "Züge", extra=extra), before + body + after)


def charset_unknown(ctx: _Ctx) -> bytes:
    return _charset_mail(ctx, ctx.rng.choice(["text/plain; charset=x-unknown", "text/plain; charset=x-unknown-8bit",
                                              "text/plain; charset=klingon"]), "utf-8", after=b"\xff\xfe")


def charset_utf7(ctx: _Ctx) -> bytes:
    encoding, before, after = ctx.rng.choice([("utf-7", b"", b""), ("utf-8", b"+AGEAYg- +ZZZ- +\r\n", b""),
                                              ("utf-8", b"", b"+//8-+2D3dAA-")])
    return _charset_mail(ctx, "text/plain; charset=utf-7", encoding, cte=ctx.rng.choice(["7bit", "8bit", ""]),
                         before=before, after=after)


def charset_mislabeled(ctx: _Ctx) -> bytes:
    label, encoding = ctx.rng.choice([("iso-8859-1", "utf-8"), ("utf-8", "latin-1"), ("us-ascii", "utf-8"),
                                      ("utf-16", "utf-8"), ("utf-8", "utf-16"), ("shift_jis", "latin-1")])
    return _charset_mail(ctx, f"text/plain; charset={label}", encoding,
                         after=b"\x00" if label == "utf-16" else b"")   # utf-16: an odd number of bytes


def charset_missing_8bit(ctx: _Ctx) -> bytes:
    ctype = ctx.rng.choice(["text/plain", "", "text/plain; format=flowed", "text/html"])
    return _charset_mail(ctx, ctype, ctx.rng.choice(["utf-8", "latin-1", "cp1252"]),
                         cte=ctx.rng.choice(["", "8bit", "7bit"]), after=b"\x80\x81\xa0")


# -- digits that are not ASCII ----------------------------------------------------------------
def _digits(ctx: _Ctx, word: str, numbers: Sequence[str]) -> bytes:
    login = ctx.login()
    number = ctx.rng.choice(numbers)
    body = (f"SIGNON {login.game} {login.seat} {login.password}\n{word} {number}\n"
            + (login.orders + "\n" if word == "TURN" else "") + f"# {ctx.token()}\n")
    return _order_mail(ctx, login=login, body=body, shape=ctx.rng.choice(["plain", "qp", "base64"]), keep=False)


def digits_turn(ctx: _Ctx) -> bytes:
    return _digits(ctx, "TURN", ["²", "³", "٠", "٣", "０", "¹", "①", "𝟎", "߀"])


def digits_vacation(ctx: _Ctx) -> bytes:
    return _digits(ctx, "VACATION", ["²", "³", "０", "٣٣", "¹⁰", "①"])


def digits_history(ctx: _Ctx) -> bytes:
    return _digits(ctx, "HISTORY", ["٣", "²", "１", "٠", "۹۹۹۹۹۹۹۹۹۹۹۹۹۹۹۹۹۹۹۹", "³"])


# -- absurd From ---------------------------------------------------------------------------
def _from(ctx: _Ctx, value: bytes) -> bytes:
    return _set_header(_order_mail(ctx, shape="plain", keep=False), "From", value)


def from_empty(ctx: _Ctx) -> bytes:
    return _from(ctx, ctx.rng.choice([b"", b" ", b"<>", b'""', b"Ann", b"<@>", b"@"]))


def from_missing(ctx: _Ctx) -> bytes:
    head, blank, body = _split(_order_mail(ctx, shape="plain", keep=False))
    kept = [f for f in _header_lines(head + b"\n") if not f.lower().startswith(b"from:")]
    return b"".join(kept).rstrip(b"\r\n") + blank + body


def from_long(ctx: _Ctx) -> bytes:
    return _from(ctx, ctx.rng.choice([b"a" * 488 + b"@example.org", b"ann@" + b"a." * 248 + b"org",
                                      b"A" * 500 + b" <ann@example.org>", (b"a" * 63 + b".") * 8 + b"@x.org"]))


def from_nul(ctx: _Ctx) -> bytes:
    return _from(ctx, ctx.rng.choice([b"ann\x00@example.org", b"ann@example.org\x00", b"\x00<ann@example.org>",
                                      b"Ann\x00Evil <ann@example.org>", b"ann@exa\x00mple.org"]))


def from_quoted_crlf(ctx: _Ctx) -> bytes:
    return _from(ctx, ctx.rng.choice([b'"a\r\nb"@x', b'"a\r\nb"@example.org', b'"a\rb"@example.org',
                                      b'"a\nb"@example.org',
                                      b'"a\\\r\nb"@example.org', b'"a\r\nInjected: x"@example.org',
                                      b'"a\r\n b"@example.org']))


def from_group(ctx: _Ctx) -> bytes:
    return _from(ctx, ctx.rng.choice([b"friends: ann@example.org, bob@example.org;", b"undisclosed-recipients:;",
                                      b"a:b;@", b"group: ann@example.org;", b"g: ;, ann@example.org"]))


def from_several(ctx: _Ctx) -> bytes:
    return _from(ctx, ctx.rng.choice([b"ann@example.org, bob@example.org", b"ann@example.org bob@example.org",
                                      b"<ann@example.org> <bob@example.org>"]))


# -- mail loops ---------------------------------------------------------------------------
def _auto(ctx: _Ctx, extra: Sequence[tuple[str, str]], sender: str | None = None) -> bytes:
    login = ctx.login()
    return _raw(_head(ctx, sender or login.address, "Re: orders", extra=[("Content-Type", "text/plain"), *extra]),
                _orders_text(ctx, login))


def loop_auto_submitted(ctx: _Ctx) -> bytes:
    return _auto(ctx, [("Auto-Submitted", ctx.rng.choice(["auto-replied", "auto-generated", "AUTO-REPLIED",
                                                          "auto-replied; owner-email=a@b", "auto-notified"]))])


def loop_precedence(ctx: _Ctx) -> bytes:
    return _auto(ctx, [("Precedence", ctx.rng.choice(["bulk", "list", "junk", "BULK", " bulk "]))])


def loop_list(ctx: _Ctx) -> bytes:
    return _auto(ctx, [ctx.rng.choice([("List-Id", "<players.example.net>"),
                                       ("List-Unsubscribe", "<mailto:leave@example.net>")])])


def loop_null_return_path(ctx: _Ctx) -> bytes:
    return _auto(ctx, [("Return-Path", ctx.rng.choice(["<>", " <> ", "<>"]))], sender=ctx.stranger())


def loop_own_address(ctx: _Ctx) -> bytes:
    own = ctx.server
    return _auto(ctx, [], sender=ctx.rng.choice([own, own.upper(), f'"pbem" <{own}>', f"PBEM Server <{own}>"]))


def _report(ctx: _Ctx, sender: str, report: str, status: str, extra: Sequence[tuple[str, str]]) -> bytes:
    login = ctx.login()
    original = _order_mail(ctx, login=login, shape="plain", keep=False).replace(b"\r\n", b"\n")
    bound = f"=_r{ctx.token()}"
    body = (f"--{bound}\nContent-Type: text/plain\n\nYour message could not be delivered.\n"
            f"SIGNON {login.game} {login.seat} {login.password}\n\n"
            f"--{bound}\nContent-Type: message/{report}\n\n{status}\n\n"
            f"--{bound}\nContent-Type: message/rfc822\n\n").encode() + original + f"\n--{bound}--\n".encode()
    return _raw(_head(ctx, sender, "Undelivered Mail Returned to Sender",
                      extra=[("Content-Type", f'multipart/report; report-type={report}; boundary="{bound}"'), *extra]),
                body, eol=b"\n")


_DSN = ("Reporting-MTA: dns; relay.example.net\n\nFinal-Recipient: rfc822; pbem@example.org\n"
        "Action: failed\nStatus: 5.1.1")


def loop_bounce_report(ctx: _Ctx) -> bytes:
    """A bounce as MTAs send them: from MAILER-DAEMON or postmaster, or with a null Return-Path."""
    sender, extra = ctx.rng.choice([
        ("MAILER-DAEMON@relay.example.net", []), ("Mail Delivery System <mailer-daemon@relay.example.net>", []),
        ("postmaster@relay.example.net", [("Return-Path", "<>")]),
        ("Mail Delivery Subsystem <mail-system@relay.example.net>", [("Return-Path", "<>")]),
        ("Mail Delivery Subsystem <mail-system@relay.example.net>", [("Auto-Submitted", "auto-replied")])])
    return _report(ctx, sender, "delivery-status", _DSN, extra)


def loop_bounce_unmarked(ctx: _Ctx) -> bytes:
    """A multipart/report bounce from an ordinary address, nothing else marking it automatic."""
    sender = ctx.rng.choice(["Mail Delivery Subsystem <mail-system@relay.example.net>",
                             "Exchange <exchange-noreply@corp.example.net>", "mailer@relay.example.net"])
    return _report(ctx, sender, "delivery-status", _DSN, [])


def loop_read_receipt(ctx: _Ctx) -> bytes:
    return _report(ctx, ctx.login().address, "disposition-notification",
                   "Reporting-UA: mail.example.net\nFinal-Recipient: rfc822; ann@example.org\n"
                   "Disposition: automatic-action/MDN-sent-automatically; displayed", [])


# -- duplicates ------------------------------------------------------------------------------
def dup_same(ctx: _Ctx) -> bytes:
    if ctx.clean and ctx.rng.random() < 0.7:
        return ctx.rng.choice(ctx.clean)[2]
    if ctx.made:
        return ctx.rng.choice(ctx.made)
    return _order_mail(ctx)


def dup_same_id_other_body(ctx: _Ctx) -> bytes:
    if not ctx.clean:
        return _order_mail(ctx)
    mid, login, _raw_mail = ctx.rng.choice(ctx.clean)
    body = f"SIGNON {login.game} {login.seat} {login.password}\nSTATUS\n# another body {ctx.token()}\n"
    return _order_mail(ctx, login=login, body=body, mid=mid, keep=False)


def clean_order(ctx: _Ctx) -> bytes:
    """A well-formed order mail: what the duplicates copy, and some honest noise."""
    return _order_mail(ctx)


# -- the table -------------------------------------------------------------------------------
# kind: (generator, weight after the first round)
GENERATORS: dict[str, tuple[Callable[[_Ctx], bytes], float]] = {
    "random:bytes": (random_bytes, 3),
    "random:after-header": (random_after_header, 3),
    "random:header-salad": (random_header_salad, 2),
    "mutated:flip": (_mutated(_flip), 5),
    "mutated:insert": (_mutated(_insert), 5),
    "mutated:delete": (_mutated(_delete), 5),
    "mutated:drop-headers": (_mutated(_drop_headers), 4),
    "mutated:swap-boundaries": (_mutated(_swap_boundaries, multipart=True), 4),
    "mutated:mixed": (mutated_mixed, 4),
    "header:message-id-open": (killer_message_id_open, 1),
    "header:cc-dangling-at": (killer_cc_dangling_at, 1),
    "header:cc-group-at": (killer_cc_group_at, 1),
    "header:crlf-word-message-id": (crlf_word_message_id, 1),
    "header:crlf-word-subject": (crlf_word_subject, 1),
    "header:crlf-word-from-name": (crlf_word_from_name, 1),
    "header:crlf-word-references": (crlf_word_references, 1),
    "header:crlf-word-in-reply-to": (crlf_word_in_reply_to, 1),
    "header:bad-word-charset-text": (bad_word_charset_text, 1),
    "header:bad-word-charset-address": (bad_word_charset_address, 1),
    "header:fuzz": (header_fuzz, 8),
    "header:bad-content-type": (bad_content_type, 3),
    "header:bogus-transfer-encoding": (bogus_transfer_encoding, 3),
    "header:bare-cr-lf": (bare_cr_lf, 3),
    "header:nul": (header_nul, 2),
    "header:long-subject-words": (long_subject_words, 0.05),
    "header:long-subject-unbroken": (long_subject_unbroken, 0.05),
    "header:long-subject-encoded": (long_subject_encoded, 0.05),
    "header:long-references": (long_references, 0.05),
    "body:nul": (body_nul, 2),
    "mime:truncated-mid-part": (truncated_mid_part, 2),
    "mime:missing-close-boundary": (missing_close_boundary, 2),
    "mime:deep-nesting": (deep_nesting, 0.2),
    "mime:many-parts": (many_parts, 0.3),
    "size:near-limit": (near_limit, 0.2),
    "size:over-limit": (over_limit, 0.2),
    "size:huge-sheet": (huge_sheet, 0.3),
    "attach:zip": (zip_attachment, 1),
    "attach:gzip": (gzip_attachment, 1),
    "attach:rfc822-in-rfc822": (rfc822_in_rfc822, 1),
    "charset:x-unknown": (charset_unknown, 1),
    "charset:utf-7": (charset_utf7, 1),
    "charset:mislabeled": (charset_mislabeled, 2),
    "charset:none-8bit": (charset_missing_8bit, 1),
    "digits:turn": (digits_turn, 1),
    "digits:vacation": (digits_vacation, 1),
    "digits:history": (digits_history, 1),
    "from:empty": (from_empty, 1),
    "from:missing": (from_missing, 1),
    "from:long": (from_long, 1),
    "from:nul": (from_nul, 1),
    "from:quoted-crlf": (from_quoted_crlf, 1),
    "from:group": (from_group, 1),
    "from:several": (from_several, 1),
    "loop:auto-submitted": (loop_auto_submitted, 1),
    "loop:precedence": (loop_precedence, 1),
    "loop:list": (loop_list, 0.5),
    "loop:null-return-path": (loop_null_return_path, 1),
    "loop:own-address": (loop_own_address, 1),
    "loop:bounce-report": (loop_bounce_report, 1),
    "loop:bounce-report-unmarked": (loop_bounce_unmarked, 0.5),
    "loop:read-receipt": (loop_read_receipt, 0.5),
    "clean:order": (clean_order, 2),
    "dup:same": (dup_same, 2),
    "dup:same-id-other-body": (dup_same_id_other_body, 1),
}


def kinds() -> list[str]:
    """Every kind ``corpus`` yields."""
    return list(GENERATORS)


def corpus(seed: int, n: int, logins: Sequence[Login] = (), server: str = SERVER) -> Iterator[tuple[str, bytes]]:
    """``n`` (kind, raw mail) pairs, the same for the same arguments."""
    rng = random.Random(seed)
    ctx = _Ctx(rng=rng, logins=list(logins) or list(FAKE_LOGINS), server=server)
    first = [k for k in GENERATORS if not k.startswith("dup:")]
    rng.shuffle(first)
    first += [k for k in GENERATORS if k.startswith("dup:")]
    names = list(GENERATORS)
    weights = [w for _gen, w in GENERATORS.values()]
    for i in range(n):
        kind = first[i] if i < len(first) else rng.choices(names, weights)[0]
        raw = GENERATORS[kind][0](ctx)
        if len(raw) < 100_000:           # what dup:same may copy (the last 200 small mails)
            ctx.made = ctx.made[-199:] + [raw]
        ctx.clean = ctx.clean[-200:]
        yield kind, raw


if __name__ == "__main__":   # a quick look: python tests/hostile_mail.py [seed] [n]
    import sys
    seed_arg = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    n_arg = int(sys.argv[2]) if len(sys.argv) > 2 else len(GENERATORS)
    for kind_, raw_ in corpus(seed_arg, n_arg):
        print(f"{kind_:32} {len(raw_):>9} {raw_[:70]!r}")
