"""Composing the mails pbem sends: answers, reports, reminders, notices.

Written by pbem.mail.mime: the bytes the email package's compat32 generator
writes (UTF-8, quoted-printable text), several times quicker for the
thousands of reports a busy pass writes.
"""
from __future__ import annotations

import base64
import hashlib
import re
import secrets
from collections.abc import Sequence
from datetime import datetime
from email.header import Header
from email.utils import format_datetime, formataddr
from functools import lru_cache
from urllib.parse import quote
from uuid import uuid4

from pbem.mail import headers, mime


# What clients put before a subject they answer or forward, in the languages
# our players write: Re, RE, Aw (German), Antw (Dutch), Réf/Rép (French),
# RV/RES (Spanish, Portuguese), SV (Nordic), Fwd/Fw/TR/WG.
_PREFIX = re.compile(r"^\s*(?:(?:re|aw|antw|r[ée]f|r[ée]p|rv|res|sv|fwd?|tr|wg)\.?\s*(?:\[\d+\])?\s*:\s*)+",
                     re.IGNORECASE)


_OUTCOME = re.compile(r"^[^()\[\]]{1,80}\(Re: (.*)\)\s*$")


def reply_subject(tag: str, subject: str, outcome: str = "") -> str:
    """The subject of an answer: our game tag once, what became of the orders
    when the mail held some, then ``Re:`` once ("[mygame-1] orders stored (Re:
    orders)", never "Re: Re: [mygame-1] Re: orders")."""
    rest = subject
    while True:
        stripped = _PREFIX.sub("", rest)
        if tag:
            untagged = re.sub(rf"^\s*\[{re.escape(tag)}\]\s*", "", stripped, flags=re.IGNORECASE)
            if untagged != stripped:        # our own answer's subject: its outcome goes too
                stripped = _OUTCOME.sub(r"\1", untagged)
        if stripped == rest:
            break
        rest = stripped
    rest = rest.strip()
    head = f"[{tag}] " if tag else ""
    if outcome:
        return f"{head}{outcome} (Re: {rest})" if rest else f"{head}{outcome}"
    return f"{head}Re: {rest}" if rest else head.strip()


def _body(text: str, html: str | None, images: Sequence[tuple[str, str, bytes]],
          files: Sequence[tuple[str, str, bytes]], later: dict[bytes, bytes]) -> mime.Part:
    """text/plain alone; or multipart/alternative with the HTML, which is a
    multipart/related with its pictures when it has some; in a multipart/mixed with ``files``
    when there are any. A picture's or file's body is a place-holder, put in after the mail is
    written (``later``: the place-holder and the data it stands for): a step's picture goes in
    many reports."""
    def token(data: bytes) -> str:
        mark = f"pbem-part-{uuid4().hex}"
        later[mark.encode("ascii")] = data
        return mark

    body = mime.text(text, "plain")
    if html is not None:
        alternative = mime.boundary()
        shown = mime.text(html, "html")
        if images:      # pictures the HTML shows by cid: (RFC 2392), inline; the root is the first part
            pictures = [mime.binary(f"image/{subtype}", token(data),
                                    [("Content-ID", f"<{cid}>"), ("Content-Disposition", "inline")])
                        for cid, subtype, data in images]
            shown = mime.multipart("related", [shown, *pictures], mime.boundary(), kind="text/html")
        body = mime.multipart("alternative", [body, shown], alternative)
    if not files:
        return body
    attached = [mime.binary(ctype, token(data), [mime.attachment(name)], charset=ctype.startswith("text/"))
                for name, ctype, data in files]
    return mime.multipart("mixed", [body, *attached], mime.boundary())


@lru_cache(maxsize=8)
def base64_lines(data: bytes) -> bytes:
    """``data`` in base64 lines of 76 (RFC 2045), as a part's body: a step's picture is encoded
    once for its mails."""
    return base64.encodebytes(data).rstrip(b"\n")


def _header(value: str) -> str | Header:
    return value if value.isascii() else Header(value, mime.UTF8)


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


def thread_root(game_id: str, address: str, server_address: str) -> str:
    """The Message-ID a game's mail to ``address`` threads under when no
    mail of ours started the thread (the GM's and observers' copies): the
    same for every mail of that game to that reader, and different for each
    reader, so no reader's client learns another's address from it."""
    digest = hashlib.sha256(f"{game_id}\0{address.lower()}".encode()).hexdigest()[:20]
    return f"<{headers.clean(game_id, 40)}.{digest}.thread@{server_address.split('@')[-1]}>"


def new_message_id(sender: str) -> str:
    """A Message-ID nobody can guess: 160 random bits from the system's secure source. A reply
    from a seat's address naming one sent to that seat alone signs on without SIGNON
    (pbem.inbox.threads), so this must never be the standard library's time, pid and 64 bits."""
    return f"<{secrets.token_hex(20)}@{sender.split('@')[-1]}>"


_BLANK_LINE = re.compile(rb"\r?\n\r?\n")      # where a mail's headers end
# The first Message-ID header's value as the email package's compat32 parser reads it: after the
# colon and the blanks that follow it, with any continuation lines (which no Message-ID allows).
_MESSAGE_ID = re.compile(rb"^Message-ID:[ \t]*([^\r\n]*(?:\r?\n[ \t][^\r\n]*)*)", re.M | re.I)


def message_id_of(raw: bytes) -> str:
    """The Message-ID of a mail we composed, or '': read from its header block alone (the body
    holds the map's PNG), by a pattern: a header parser took a tenth of a report's composing."""
    found = _MESSAGE_ID.search(_BLANK_LINE.split(raw, 1)[0])
    return headers.message_id(found.group(1).decode("ascii", "surrogateescape")) if found else ""


def compose(*, sender: str, sender_name: str, to: str, subject: str, text: str,
            html: str | None = None, when: datetime, auto: str = "auto-generated",
            in_reply_to: str = "", references: str = "",
            lists: tuple[str, str] | None = None, images: Sequence[tuple[str, str, bytes]] = (),
            files: Sequence[tuple[str, str, bytes]] = (), apart: dict[bytes, bytes] | None = None) -> bytes:
    """A finished message as bytes. ``auto`` is the RFC 3834 Auto-Submitted value:
    auto-replied for answers to a mail, auto-generated for everything else.
    ``lists``: the List-Id and List-Unsubscribe values of a game's mail.
    Values that came from a mail (the subject, Message-IDs) are made one clean
    line or dropped here, whatever the caller checked: none can add a header.
    Every mail has Date, Message-ID and a text/plain part. ``images``
    (Content-ID, image subtype, bytes) go with the HTML, which shows them by
    ``cid:``; ``files`` (name, content type, bytes) are attached. ``apart``: given, the
    pictures' and files' bodies are left out, each as a token of its own, and put in ``apart``
    (token: the body's bytes, which :func:`base64_lines` writes where the token stands) for
    pbem.outbox.queue to store once."""
    to = headers.clean(to, headers.MAX_ADDRESS)   # outbox.queue refuses it unless it is valid
    subject = headers.clean(subject, 200)
    in_reply_to = headers.message_id(in_reply_to)
    references = headers.references(references)
    later: dict[bytes, bytes] = {}
    top: list[mime.Header] = [
        ("From", formataddr((headers.clean(sender_name, 100), sender))), ("To", to), ("Subject", _header(subject)),
        ("Date", format_datetime(when)), ("Message-ID", new_message_id(sender)), ("Auto-Submitted", auto),
        ("X-Auto-Response-Suppress", "All")]
    if in_reply_to:
        top += [("In-Reply-To", in_reply_to), ("References", (references + " " + in_reply_to).strip())]
    if lists is not None:
        top.append(("List-Id", headers.clean(lists[0])))
        if lists[1]:
            top.append(("List-Unsubscribe", headers.clean(lists[1])))
    raw = mime.write(_body(text, html, images if html is not None else (), files, later), top)
    for token, data in later.items():
        if apart is None:
            raw = raw.replace(token, base64_lines(data), 1)
        else:
            apart[token] = data
    return raw
