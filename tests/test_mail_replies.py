"""Replies as clients send them: attachments after a signature, charsets,
format=flowed, automatic replies, subjects, sign-offs after the orders."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone
from email.message import EmailMessage
from pathlib import Path

import pytest

from pbem.mail.body import unflow
from pbem.mail.compose import reply_subject
from pbem.mail.reading import read_mail
from pbem.protocol import read_request, sign_off
from pbem_world import World, order_mail, password_in, run_pass, text_of

OWN = "pbem@example.org"
T0 = datetime(2026, 4, 1, 9, 0, tzinfo=timezone.utc)


def _request(raw: bytes):  # type: ignore[no-untyped-def]
    inc = read_mail(raw, OWN, 2_000_000, 50)
    return inc, read_request(inc.lines, inc.subject, "", inc.part_starts)


def _raw(headers: str, body: bytes) -> bytes:
    return ("From: ann@example.org\r\nTo: pbem@example.org\r\nSubject: orders\r\n" + headers).encode() + b"\r\n" + body


def test_a_txt_attachment_is_read_even_after_the_body_signature() -> None:
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = "ann@example.org", OWN, "orders"
    msg.set_content("Here are my orders.\n\n-- \nAnn\nMOVE 9W A1-A2\n")
    msg.add_attachment("\ufeffSIGNON g red pw\nMOVE 1W A1-A2\n", filename="orders.txt")
    inc, req = _request(bytes(msg))
    assert (req.game, req.seat) == ("g", "red")
    assert list(req.orders.values()) == ["MOVE 1W A1-A2"], "the body's signature hides nothing of the file"


@pytest.mark.parametrize("body, charset", [("Déplacement: CAMP C4 — merci", "utf-8"),
                                           ("Déplacement: CAMP C4 – merci", "cp1252")])
def test_eight_bit_text_without_a_charset_is_read_as_utf8_else_windows_1252(body: str, charset: str) -> None:
    raw = _raw("MIME-Version: 1.0\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: 8bit\r\n",
               f"SIGNON g red pw\r\nPRESS TO ALL\r\n{body}\r\nENDPRESS\r\n".encode(charset))
    _inc, req = _request(raw)
    assert req.press[0].text == [body] and "\ufffd" not in body


def test_format_flowed_soft_breaks_are_joined() -> None:
    raw = _raw('MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8; format=flowed\r\n',
               b"SIGNON g red pw\r\nPRESS TO ALL\r\nA long line that the client \r\nwrapped for me.\r\n"
               b"ENDPRESS\r\n>> quoted and \r\n>> flowed\r\n")
    _inc, req = _request(raw)
    assert req.press[0].text == ["A long line that the client wrapped for me."]
    assert unflow("a \r\nb\r\n> c \r\n> d\r\n-- \r\nsig", delsp=False) == "a b\n> c d\n-- \nsig"
    assert unflow("wo\r\nrd \r\nbreak", delsp=True).splitlines() == ["wo", "rdbreak"]


@pytest.mark.parametrize("header", [
    "Precedence: auto_reply", "X-Autoreply: yes", "X-Autorespond: vacation", "X-Auto-Response-Suppress: All",
    "Subject: Automatic reply: [g] turn 3 report", "Subject: Réponse automatique : [g] orders",
    "Subject: Abwesenheitsnotiz: orders", "Subject: Out of Office: orders",
    "Content-Type: multipart/report; report-type=delivery-status; boundary=x"])
def test_automatic_replies_are_loops(header: str) -> None:
    raw = ("From: ann@example.org\r\nTo: pbem@example.org\r\n" + header + "\r\n\r\nI am away.\r\n").encode()
    assert read_mail(raw, OWN, 2_000_000, 50).loop


def test_a_subject_about_a_vacation_is_not_an_automatic_reply() -> None:
    raw = b"From: ann@example.org\r\nTo: pbem@example.org\r\nSubject: Vacation\r\n\r\nSIGNON g red pw\r\nVACATION 2\r\n"
    assert read_mail(raw, OWN, 2_000_000, 50).loop == ""


@pytest.mark.parametrize("subject, expected", [
    ("Re: Re: [valley-1] Re: orders", "[valley-1] Re: orders"), ("orders", "[valley-1] Re: orders"),
    ("AW: [valley-1] turn 3 report", "[valley-1] Re: turn 3 report"), ("RE[2]: [VALLEY-1] x", "[valley-1] Re: x"),
    ("Réf. : Fwd: [valley-1] turn 3", "[valley-1] Re: turn 3")])
def test_an_answer_subject_has_one_tag_and_one_re(subject: str, expected: str) -> None:
    assert reply_subject("valley-1", subject) == expected


def test_a_sign_off_after_the_last_order_ends_the_orders_but_not_between_orders() -> None:
    words = ("MOVE", "CAMP", "PLANT")
    assert sign_off({2: "MOVE 1W A1-A2", 3: "CAMP A2", 5: "Cheers,", 6: "Ann"}, words) == [5, 6]
    assert sign_off({2: "MOVE 1W A1-A2", 3: "Cheers,", 4: "CAMP A2"}, words) == []
    assert sign_off({2: "MOVE 1W A1-A2", 3: "CMAP A2"}, words) == [], "a misspelt order stays an error"
    assert sign_off({2: "Thanks!"}, words) == [2]


@pytest.fixture
def game(tmp_path: Path):  # type: ignore[no-untyped-def]
    world = World(tmp_path)
    world.pbem("game", "new", "g", "--seat", "red:ann@example.org", "--seat", "blue:bob@example.org")
    world.pbem("game", "start", "g", "--now", T0.isoformat())
    run_pass(world, T0)
    return world, password_in(world.outbox("ann@example.org"))


def test_a_clean_sheet_with_a_sign_off_is_stored_and_the_answer_says_where_the_orders_ended(game) -> None:
    world, secret = game
    world.post(order_mail("ann@example.org", f"SIGNON g red {secret}\nPLACE C3 B2\nPLANT C3\n\nCheers,\nAnn\n",
                          subject="Re: Re: [g] turn 0 report"))
    run_pass(world, T0 + timedelta(minutes=5))
    answer = world.outbox("ann@example.org")[-1]
    text = text_of(answer)
    assert "Orders stored" in text and "PLANT C3" in text
    assert 'Lines 5-6 ("Cheers,", "Ann") came after your last order' in text
    assert str(answer["Subject"]) == "[g] Re: turn 0 report"


def test_a_sign_off_alone_does_not_wipe_the_stored_orders(game) -> None:
    world, secret = game
    world.post(order_mail("ann@example.org", f"SIGNON g red {secret}\nPLACE C3 B2\n"))
    world.post(order_mail("ann@example.org", f"SIGNON g red {secret}\nREADY\nThanks!\n"))
    run_pass(world, T0 + timedelta(minutes=5))
    texts = [text_of(m) for m in world.outbox("ann@example.org") if "Re: orders" in str(m["Subject"])]
    text = next(t for t in texts if "You are READY" in t)
    assert "Orders stored" not in text and 'Line 3 ("Thanks!") came after your last order and is not an order' in text
    from sqlmodel import Session, select
    from pbem.models import Sheet
    with Session(world.engine()) as s:
        assert s.exec(select(Sheet.text)).one() == "PLACE C3 B2"
