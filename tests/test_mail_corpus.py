"""Real replies from real mail clients (tests/mail/corpus/, see its README):
pbem reads exactly the lines the player wrote and nothing of the quoted
original, in the plain part and, where the client sends HTML, in the HTML
part alone."""
from __future__ import annotations

import email
import email.policy
from email.message import EmailMessage

import pytest
from hypothesis import assume, given, settings, strategies as st

from engine.valley.parser import KEYWORDS
from mail_corpus import corpus_cases
from pbem.mail.reading import read_mail
from pbem.inbox.protocol import read_request, sign_off

OWN = "pbem@example.org"
CASES = corpus_cases()


def read_lines(raw: bytes) -> list[str]:
    """What pbem takes from a mail: SIGNON, commands and orders, in order."""
    inc = read_mail(raw, OWN, 2_000_000, 50)
    assert not inc.loop and not inc.problem and not inc.no_reply, (inc.loop, inc.problem, inc.no_reply)
    req = read_request(inc.lines, inc.subject, "", inc.part_starts)
    for number in sign_off(req.orders, KEYWORDS):
        del req.orders[number]
    taken = {req.signon_line: f"SIGNON {req.game} {req.seat} {req.password}"} if req.signon_line else {}
    taken.update({c.line: " ".join((c.word,) + c.args) for c in req.commands})
    taken.update(req.orders)
    assert not req.press and req.join is None
    return [" ".join(taken[n].split()) for n in sorted(taken)]


def html_only(raw: bytes) -> bytes:
    """The same reply as a client that sends HTML alone would send it."""
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    part = msg.get_body(preferencelist=("html",))
    single = EmailMessage()
    for name in ("From", "To", "Subject", "Date", "Message-ID", "In-Reply-To", "References"):
        if msg[name] is not None:
            single[name] = str(msg[name])
    single.set_content(part.get_content(), subtype="html")
    return bytes(single)


def _variants() -> list:
    out = []
    for name, raw, expected in CASES:
        if expected["kind"] in ("plain", "both"):
            out.append(pytest.param(raw, expected, id=f"{name}-as-sent"))
        if expected["kind"] == "html":
            out.append(pytest.param(raw, expected, id=f"{name}-html"))
        if expected["kind"] == "both":
            out.append(pytest.param(html_only(raw), expected, id=f"{name}-html-only"))
    return out


def test_the_corpus_covers_the_clients_languages_and_reports() -> None:
    clients = {e["client"].split(" (")[0] for _n, _r, e in CASES}
    assert len(CASES) >= 40 and len(clients) >= 15
    assert {e["language"] for _n, _r, e in CASES} >= {"en", "fr", "de", "es"}
    assert sum(e["variant"] == "report" for _n, _r, e in CASES) >= 15
    assert sum(e["position"] == "bottom" for _n, _r, e in CASES) >= 5
    assert all(len(e["quoted"]) >= 2 for _n, _r, e in CASES)


@pytest.mark.parametrize("raw, expected", _variants())
def test_a_reply_is_read_exactly_as_the_player_wrote_it(raw: bytes, expected: dict) -> None:
    taken = read_lines(raw)
    assert taken == [" ".join(x.split()) for x in expected["orders"]]
    assert not set(taken) & {" ".join(x.split()) for x in expected["quoted"]}


QUOTE_STYLES = st.sampled_from(["> ", ">", "> > ", "  "])


@settings(max_examples=200, deadline=None)
@given(name=st.sampled_from([n for n, _r, e in CASES if e["kind"] in ("plain", "both")]),
       order=st.sampled_from(["MOVE 3W A1-A2", "CAMP A1", "PLANT B2", "SIGNON valley-1 red stolen-pw"]),
       prefix=QUOTE_STYLES, where=st.floats(0, 1))
def test_a_line_put_inside_a_quote_is_never_read(name: str, order: str, prefix: str, where: float) -> None:
    """Any order line added anywhere inside the quoted part of a plain reply
    (with the client's own quote prefix) is never read as an order."""
    raw = dict((n, r) for n, r, _e in CASES)[name]
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    plain = msg.get_body(preferencelist=("plain",))
    text = plain.get_content()
    lines = text.split("\n")
    quoted = [i for i, line in enumerate(lines) if line.startswith(">")]
    assume(quoted and prefix.strip())
    at = quoted[int(where * (len(quoted) - 1))]
    lines.insert(at + 1, prefix + order)
    plain.set_content("\n".join(lines), subtype="plain", charset="utf-8")
    assert order not in read_lines(bytes(msg))


GOLDEN = __import__("pathlib").Path(__file__).parent / "golden"


@pytest.mark.parametrize("above", [True, False])
def test_a_turn_report_sent_back_whole_in_html_is_skipped(above: bool) -> None:
    """An HTML reply that pastes the report without any quote markup, above or
    below the orders: the report's own markers keep it out."""
    report = GOLDEN.joinpath("valley-report-red.html").read_text()
    body = report[report.index("<body>") + 6:report.index("</body>")]
    mine = "<div>SIGNON valley-1 red kx4-pl9-tr2</div><div>MOVE 2W C3-C4</div><div>CAMP C4</div>"
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = "ann@example.org", OWN, "Re: [valley-1] turn 4 report"
    msg.set_content(f"<html><body>{body + mine if not above else mine + body}</body></html>", subtype="html")
    assert read_lines(bytes(msg)) == ["SIGNON valley-1 red kx4-pl9-tr2", "MOVE 2W C3-C4", "CAMP C4"]


@settings(max_examples=300, deadline=None)
@given(body=st.one_of(st.text(max_size=2000), st.binary(max_size=2000).map(lambda b: b.decode("latin-1"))),
       html=st.booleans(), flowed=st.booleans())
def test_the_reader_never_raises(body: str, html: bool, flowed: bool) -> None:
    ctype = ("text/html" if html else "text/plain") + "; charset=utf-8" + ("; format=flowed" if flowed else "")
    raw = (f"From: ann@example.org\r\nTo: {OWN}\r\nSubject: x\r\nContent-Type: {ctype}\r\n\r\n").encode() \
        + body.encode("utf-8", "surrogatepass")
    inc = read_mail(raw, OWN, 2_000_000, 50)
    req = read_request(inc.lines, inc.subject, "", inc.part_starts)
    assert not inc.problem and all("\x00" not in line and "\n" not in line for line in inc.lines)
    assert all(number <= len(inc.lines) for number in req.orders)
