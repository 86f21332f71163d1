"""The mail pbem composes: its headers written as compat32 writes them, its parts whole and
parted by boundaries no part holds."""
from __future__ import annotations

import email
from datetime import datetime, timezone
from typing import Any
from email import policy
from email.errors import HeaderParseError
from email.policy import compat32

from hypothesis import example, given, settings
from hypothesis import strategies as st

from pbem.mail import compose as c
from pbem.mail import mime

HEADERS = ["Subject", "To", "From", "Content-Type", "List-Unsubscribe", "X-Auto-Response-Suppress"]


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(HEADERS),
       st.one_of(st.text(st.characters(min_codepoint=9, max_codepoint=127), max_size=120),
                 st.text(max_size=90),
                 st.from_regex(r"[ -~]{1,76}", fullmatch=True),
                 st.from_regex(r"[!-+\--~]{60,200}", fullmatch=True),      # one long word (no "," or space)
                 st.from_regex(r'[a-z/ ;=",-]{0,70}=_[0-9a-f]{32}[a-z/ ;=",-]{0,70}', fullmatch=True)))   # a boundary
@example("Subject", "\n0:")          # a header inside the value: both refuse it
@example("Content-Type", 'multipart/related; type="text/html"; boundary="=_0123456789abcdef0123456789abcdef"')
@example("List-Unsubscribe", "<mailto:pbem@example.org?subject=%5Bg-1%5D%20DIGEST%20OFF&body=SIGNON%20g-1%0A>")
def test_headers_are_written_as_compat32_writes_them(name: str, value: str) -> None:
    """The same bytes, or the same refusal (compat32 refuses a value that holds a header)."""
    assert _folded(mime.POLICY, name, value) == _folded(compat32, name, value)


def _folded(policy: Any, name: str, value: str) -> bytes | str:
    try:
        return policy.fold_binary(name, value)
    except (HeaderParseError, UnicodeError) as why:
        return f"refused: {type(why).__name__}: {why}"


def test_a_report_mail_reads_back_whole_and_its_boundaries_are_in_no_part() -> None:
    picture, svg = bytes(range(256)) * 40, "<svg>--=_ a line like a boundary\n--=_x</svg>".encode()
    text = "Round 3.\n--=_ not a boundary\n" + "é" * 100
    html = "<p>Round 3.</p>\n--=_also not\n<p>" + "ü" * 100 + "</p>"
    raw = c.compose(sender="pbem@example.org", sender_name="pbem", to="red@example.org",
                    subject="[g-1] round 3 — your move", text=text, html=html,
                    when=datetime(2026, 8, 1, 12, tzinfo=timezone.utc),
                    lists=("pbem game g-1 <g-1.pbem.example.org>", "<mailto:pbem@example.org?subject=x>"),
                    images=[("map-1@pbem", "png", picture)], files=[("map.svg", "image/svg+xml", svg)])
    msg = email.message_from_bytes(raw, policy=policy.default)
    assert [p.get_content_type() for p in msg.walk()] == [
        "multipart/mixed", "multipart/alternative", "text/plain", "multipart/related", "text/html",
        "image/png", "image/svg+xml"]
    assert msg["Subject"] == "[g-1] round 3 — your move"
    parts = list(msg.walk())
    assert parts[2].get_content() == text and parts[4].get_content() == html
    assert parts[5].get_content() == picture and parts[6].get_content() == svg
    assert parts[5]["Content-ID"] == "<map-1@pbem>" and parts[6].get_filename() == "map.svg"
    assert parts[3].get_param("type") == "text/html"
    boundaries = [p.get_boundary() for p in parts if p.is_multipart()]
    assert len(set(boundaries)) == 3 and all(b.startswith("=_") for b in boundaries)
    assert max(len(line) for line in raw.split(b"\n")) <= 78


_NAMES = st.sampled_from(["Message-ID", "message-id", "MESSAGE-ID", "X-Message-ID", "Subject", "Message-IDs"])
_VALUES = st.one_of(st.just("<a1b2@example.org>"), st.from_regex(r"[ -~]{0,60}", fullmatch=True),
                    st.text(st.characters(min_codepoint=9, max_codepoint=255), max_size=40))


@settings(max_examples=500, deadline=None)
@given(st.lists(st.tuples(_NAMES, st.sampled_from([":", ": ", ":\t", ":  "]), _VALUES,
                          st.lists(st.tuples(st.sampled_from([" ", "\t"]), _VALUES), max_size=2)), max_size=5),
       st.sampled_from(["\n", "\r\n"]))
@example([("Message-ID", ": ", "<a@b>", [(" ", "<c@d>")])], "\r\n")
def test_message_id_of_reads_what_the_email_package_reads(fields: list, eol: str) -> None:
    """The first Message-ID header, continuation lines and all, as a header parser takes it."""
    lines = [name + colon + value + "".join(eol + blank + more for blank, more in folded) for name, colon, value, folded
             in fields if "\n" not in value + "".join(m for _b, m in folded) and "\r" not in value + "".join(
                 m for _b, m in folded)]
    head = (eol.join(lines) + eol + eol + "body" + eol).encode("latin-1")
    parsed = email.parser.BytesHeaderParser(policy=compat32).parsebytes(head)
    from pbem.mail import headers
    assert c.message_id_of(head) == headers.message_id(headers.raw(parsed, "Message-ID"))


def test_message_id_of_a_composed_mail() -> None:
    raw = c.compose(sender="pbem@example.org", sender_name="pbem", to="ann@example.org", subject="s",
                    text="t", when=datetime(2026, 1, 1, tzinfo=timezone.utc))
    parsed = email.message_from_bytes(raw, policy=policy.default)
    assert c.message_id_of(raw) == parsed["Message-ID"] and c.message_id_of(raw).startswith("<")


@settings(max_examples=500, deadline=None)
@given(st.text(max_size=300) | st.lists(st.sampled_from(list("ab =.\t\r\n\x0c\x85é€") + ["x" * 70]),
                                        max_size=40).map("".join))
@example("line " * 20 + "\n.\n=\nend \t")
def test_bodies_are_quoted_printable_as_the_email_package_writes_them(text: str) -> None:
    """The quicker escaping gives the very text the standard library's UTF-8 charset gives."""
    from email.charset import QP, Charset
    standard = Charset("utf-8")
    standard.body_encoding = QP
    assert mime._QP_TABLE is not None
    assert mime.UTF8.body_encode(text) == standard.body_encode(text)
    assert mime.UTF8.body_encode(text.encode("utf-8")) == standard.body_encode(text.encode("utf-8"))
