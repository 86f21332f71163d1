"""Reading whatever a player's mail client sends."""
from __future__ import annotations

import re
from email.message import EmailMessage

from pbem.mail.reading import MAX_LINES, head_of, read_mail
from pbem.inbox.protocol import read_request

OWN = "pbem@example.org"


def _read(raw: bytes):  # type: ignore[no-untyped-def]
    return read_mail(raw, OWN, 2_000_000, 50)


def _mail(**headers: str) -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = headers.pop("From", "ann@example.org")
    msg["To"] = OWN
    msg["Subject"] = headers.pop("Subject", "orders")
    for k, v in headers.items():
        msg[k.replace("_", "-")] = v
    return msg


def test_multipart_prefers_the_plain_part() -> None:
    msg = _mail()
    msg.set_content("SIGNON g red pw\nMOVE 1W A1-A2\n")
    msg.add_alternative("<p>SIGNON g red pw</p><p>IGNORED</p>", subtype="html")
    inc = _read(bytes(msg))
    assert "MOVE 1W A1-A2" in inc.lines and "IGNORED" not in "\n".join(inc.lines)


def test_html_only_mail_is_turned_into_lines() -> None:
    msg = _mail()
    msg.set_content("<html><body><div>SIGNON g red pw</div><div>MOVE&nbsp;1W A1-A2<br>CAMP A2</div>"
                    "<script>bad()</script></body></html>", subtype="html")
    req = read_request(_read(bytes(msg)).lines)
    assert (req.game, req.seat) == ("g", "red")
    assert list(req.orders.values()) == ["MOVE 1W A1-A2", "CAMP A2"]


def test_quoted_lines_signature_and_signoff_are_skipped() -> None:
    text = ("Hi!\nSIGNON g red pw\n> MOVE 9W A1-A2\nMOVE 1W A1-A2\nSIGNOFF\nMOVE 2W B1-B2\n")
    req = read_request(text.splitlines())
    assert req.skipped_before == 1
    assert list(req.orders.values()) == ["MOVE 1W A1-A2"]
    req = read_request("SIGNON g red pw\nCAMP A2\n-- \nAnn\nMOVE 1W A1-A2".splitlines())
    assert list(req.orders.values()) == ["CAMP A2"]


def test_order_lines_keep_their_line_numbers() -> None:
    req = read_request("Hello\n\nSIGNON g red pw\nTURN 3\n\nMOVE 1W A1-A2".splitlines())
    assert req.orders == {6: "MOVE 1W A1-A2"}
    assert req.order_text().splitlines()[5] == "MOVE 1W A1-A2"


def test_a_report_sent_back_whole_is_skipped() -> None:
    lines = ["SIGNON g red pw", "=== pbem report g turn 3 ===", "C4 P2 red 2W", "What happened:",
             "=== end of report ===", "MOVE 1W A1-A2"]
    assert list(read_request(lines).orders.values()) == ["MOVE 1W A1-A2"]


def test_game_may_come_from_the_subject() -> None:
    req = read_request(["SIGNON red pw"], subject="Re: [valley-7] turn 3 report")
    assert (req.game, req.seat, req.password) == ("valley-7", "red", "pw")
    assert read_request(["SIGNON red"], subject="").signon_problem


def test_crlf_and_unknown_charsets_do_not_break_reading() -> None:
    raw = (b"From: ann@example.org\r\nTo: pbem@example.org\r\nSubject: x\r\nMIME-Version: 1.0\r\n"
           b"Content-Type: text/plain; charset=x-unknown-charset\r\n\r\nSIGNON g red pw\r\nMOVE 1W A1-A2\xff\r\n")
    inc = _read(raw)
    assert not inc.problem
    assert inc.lines[0] == "SIGNON g red pw" and inc.lines[1].startswith("MOVE 1W A1-A2")


def test_a_txt_attachment_carries_orders() -> None:
    msg = _mail()
    msg.set_content("My orders are attached.\nSIGNON g red pw")
    msg.add_attachment("MOVE 1W A1-A2\nCAMP A2\n", filename="orders.txt")
    req = read_request(_read(bytes(msg)).lines)
    assert list(req.orders.values())[-2:] == ["MOVE 1W A1-A2", "CAMP A2"]


def test_mail_loops_are_recognised() -> None:
    cases = [
        {"Auto_Submitted": "auto-replied"}, {"Precedence": "bulk"}, {"List_Id": "<x.lists.example.org>"},
        {"From": OWN}, {"From": "MAILER-DAEMON@example.org"}, {"Return_Path": "<>"},
    ]
    for headers in cases:
        msg = _mail(**headers)
        msg.set_content("SIGNON g red pw")
        assert _read(bytes(msg)).loop, headers
    plain = _mail(Auto_Submitted="no")
    plain.set_content("x")
    assert not _read(bytes(plain)).loop


def test_a_huge_mail_is_refused_without_reading_its_body() -> None:
    msg = _mail()
    msg.set_content("SIGNON g red pw\n" + "x" * 100)
    raw = bytes(msg) + b"y" * (20 * 1024 * 1024)
    inc = _read(raw)
    assert "limit" in inc.problem and inc.from_addr == "ann@example.org"


def test_the_size_refused_is_over_the_limit_as_written() -> None:
    """2,000,500 bytes against a 2,000,000-byte limit: never "1953 KB; the limit is 1953 KB"."""
    msg = _mail()
    msg.set_content("SIGNON g red pw\n")
    raw = bytes(msg)
    for limit, size in ((2_000_000, 2_000_500), (2_000_000, 2_000_001), (2048 * 1024, 2048 * 1024 + 1)):
        problem = read_mail(raw, OWN, limit, 50, size).problem
        assert problem.startswith(f"this mail is {-(-size // 1024)} KB; the limit is {limit // 1024} KB")
        assert -(-size // 1024) > limit // 1024


def _lines_refused(problem: str, what: str = "lines") -> int:
    """The count of a refusal for too many lines (0 when it is none), held over the cap it names."""
    found = re.match(rf"this mail has (\d+) {what}; the limit is {MAX_LINES}\. ", problem)
    assert found is None or int(found.group(1)) > MAX_LINES, problem
    return int(found.group(1)) if found else 0


def test_a_mail_of_more_lines_than_the_cap_is_refused_before_it_is_read() -> None:
    plain, html, encoded, short = _mail(), _mail(), _mail(), _mail()
    plain.set_content("SIGNON g red pw\n" + "x\n" * MAX_LINES)
    html.set_content("SIGNON g red pw" + "<br>" * (MAX_LINES + 1), subtype="html")
    # few lines as sent (base64), many once decoded
    encoded.set_content(("SIGNON g red pw\n" + "x\n" * MAX_LINES).encode(), maintype="text", subtype="plain",
                        cte="base64")
    short.set_content("SIGNON g red pw\n" + "x\n" * (MAX_LINES - 100))
    assert _lines_refused(_read(bytes(plain)).problem) > MAX_LINES        # the lines as sent, header and all
    assert _lines_refused(_read(bytes(html)).problem, "HTML tags") == MAX_LINES + 1
    assert _lines_refused(_read(bytes(encoded)).problem) == MAX_LINES + 2
    assert not _read(bytes(short)).problem


def test_the_header_is_read_alone() -> None:
    msg = _mail()
    msg.set_content("SIGNON g red pw\n" + "Subject: not this\n" * 10)
    head = head_of(bytes(msg).replace(b"\n", b"\r\n"))
    assert head["Subject"] == "orders" and not head.get_payload()


def test_a_mail_bomb_of_nested_parts_is_refused() -> None:
    inner = "SIGNON g red pw\n"
    raw = "From: ann@example.org\nTo: pbem@example.org\nSubject: bomb\nMIME-Version: 1.0\n"
    body = inner
    for depth in range(300):
        b = f"b{depth}"
        body = (f"Content-Type: multipart/mixed; boundary={b}\n\n--{b}\n" + body + f"\n--{b}--\n")
    inc = _read((raw + body).encode())
    assert "nested" in inc.problem or "could not be read" in inc.problem
    wide = _mail()
    wide.set_content("SIGNON g red pw")
    for i in range(60):
        wide.add_attachment(b"x", maintype="application", subtype="octet-stream", filename=f"{i}.bin")
    assert "too many" in _read(bytes(wide)).problem
