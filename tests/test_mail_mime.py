"""pbem.mail.mime writes a mail as the email package's compat32 generator writes the same mail
built of its MIME classes (as pbem built them before): the same bytes, whatever the text, the
pictures, the files and the headers."""
from __future__ import annotations

import io
import itertools
from datetime import datetime, timezone
from email.charset import QP, Charset
from email.generator import BytesGenerator
from email.header import Header
from email.message import Message
from email.mime.multipart import MIMEMultipart
from email.mime.nonmultipart import MIMENonMultipart
from email.policy import compat32
from email.utils import format_datetime
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pbem.mail import compose, mime

_UTF8 = Charset("utf-8")
_UTF8.body_encoding = QP
_UTF8.header_encoding = QP


def _reference(text: str, html: str | None, images: list, files: list, top: list, marks: Any, tokens: Any) -> bytes:
    """The mail built of the email package's classes and written by its generator."""
    def text_part(body: str, subtype: str) -> Message:
        part = MIMENonMultipart("text", subtype)
        part.set_payload(body, charset=_UTF8)
        return part

    def multipart(subtype: str, **params: str) -> MIMEMultipart:
        part = MIMEMultipart(subtype)
        for name, value in params.items():
            part.set_param(name, value)
        part.set_boundary(next(marks))
        return part

    def binary(maintype: str, subtype: str) -> Message:
        part = MIMENonMultipart(maintype, subtype)
        part.set_payload(next(tokens))
        part["Content-Transfer-Encoding"] = "base64"
        return part

    body: Message = text_part(text, "plain")
    if html is not None:
        body = multipart("alternative")
        body.attach(text_part(text, "plain"))
        shown = text_part(html, "html")
        if images:
            related = multipart("related", type="text/html")
            related.attach(shown)
            for cid, subtype, _data in images:
                picture = binary("image", subtype)
                picture["Content-ID"] = f"<{cid}>"
                picture["Content-Disposition"] = "inline"
                related.attach(picture)
            shown = related
        body.attach(shown)
    if files:
        mixed = multipart("mixed")
        mixed.attach(body)
        for name, ctype, _data in files:
            maintype, _, subtype = ctype.partition("/")
            part = binary(maintype, subtype)
            if maintype == "text":
                part.set_param("charset", "utf-8")
            part.add_header("Content-Disposition", "attachment", filename=name)
            mixed.attach(part)
        body = mixed
    for name, value in top:
        body[name] = value
    out = io.BytesIO()
    BytesGenerator(out, mangle_from_=False, policy=compat32).flatten(body)
    return out.getvalue()


def _ours(text: str, html: str | None, images: list, files: list, top: list, marks: Any, tokens: Any,
          monkeypatch: pytest.MonkeyPatch) -> bytes:
    class Token:
        @property
        def hex(self) -> str:
            return next(tokens).removeprefix("pbem-part-")

    monkeypatch.setattr(mime, "boundary", lambda: next(marks))
    monkeypatch.setattr(compose, "uuid4", Token)
    later: dict[bytes, bytes] = {}
    raw = mime.write(compose._body(text, html, images, files, later), top)
    assert len(later) == len(images) + len(files)
    return raw


_TEXTS = st.text(max_size=400) | st.lists(st.sampled_from(list("ab =.\t\r\n\x0c\x85é€") + ["x" * 80, "From me\n"]),
                                           max_size=40).map("".join)
_NAMES = st.sampled_from(["map.svg", "history.json", "", 'say "hi".txt', "carte été.svg", "a\\b.txt", "x" * 90])
_TYPES = st.sampled_from(["image/svg+xml", "text/plain", "application/json", "text/csv"])
_SUBJECTS = st.sampled_from(["[g-1] round 3", "[g-1] round 3 — your move", "ok " * 40, "Zug 3: Ihr Zug, Herr Müller",
                             "=?utf-8?q?x?=", ""])


@settings(max_examples=300, deadline=None)
@given(text=_TEXTS, html=st.none() | _TEXTS, pictures=st.integers(0, 2),
       files=st.lists(st.tuples(_NAMES, _TYPES), max_size=2), subject=_SUBJECTS,
       reply=st.booleans(), lists=st.sampled_from([None, ("pbem game g-1 <g-1.pbem.example.org>", ""),
                                                   ("pbem game g-1 <g-1.pbem.example.org>",
                                                    "<mailto:pbem@example.org?subject=%5Bg-1%5D%20DIGEST%20OFF&body="
                                                    "SIGNON%20g-1%20red%20YOUR-PASSWORD%0ADIGEST%20OFF%0A>")]))
@example(text="é\n", html="<p>é</p>", pictures=1, files=[("carte été.svg", "image/svg+xml")],
         subject="[g-1] round 3 — your move", reply=True, lists=None)
def test_a_mail_is_written_as_the_email_package_writes_it(text: str, html: str | None, pictures: int, files: list,
                                                         subject: str, reply: bool, lists: Any) -> None:
    images = [(f"map-{i}@pbem", "png", bytes([i]) * 10) for i in range(pictures)] if html is not None else []
    attached = [(name, ctype, b"<svg/>") for name, ctype in files]
    top: list[tuple[str, Any]] = [
        ("From", "pbem <pbem@example.org>"), ("To", "red@example.org"),
        ("Subject", subject if subject.isascii() else Header(subject, mime.UTF8)),
        ("Date", format_datetime(datetime(2026, 8, 1, 12, tzinfo=timezone.utc))),
        ("Message-ID", "<a1b2@example.org>"), ("Auto-Submitted", "auto-generated"), ("X-Auto-Response-Suppress", "All")]
    if reply:
        top += [("In-Reply-To", "<x@example.net>"), ("References", "<w@example.net> <x@example.net>")]
    if lists:
        top.append(("List-Id", lists[0]))
        if lists[1]:
            top.append(("List-Unsubscribe", lists[1]))

    def marks() -> Any:
        return (f"=_{i:032x}" for i in itertools.count())

    def tokens() -> Any:
        return (f"pbem-part-{i:032x}" for i in itertools.count(7))

    with pytest.MonkeyPatch.context() as monkeypatch:
        ours = _ours(text, html, images, attached, top, marks(), tokens(), monkeypatch)
    assert ours == _reference(text, html, images, attached, top, marks(), tokens())
