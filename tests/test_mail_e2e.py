"""A 3-seat game played for five turns purely by mail, through a real Dovecot
(IMAP in) and a real SMTP peer that delivers into the players' mailboxes."""
from __future__ import annotations

import email
import email.policy
import json
import random
import re
from datetime import datetime, timedelta, timezone

import pytest
from sqlmodel import Session, select

from engine import get_ruleset
from pbem.models import Game, InboundMail, Seat, TurnRecord
from pbem_world import ServerWorld, order_mail

pytestmark = pytest.mark.long     # a whole game or a long run: scheduled first (tests/conftest.py)

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=timezone.utc)
VALLEY = get_ruleset("valley")
SEATS = {"red": "ann", "blue": "bob", "green": "cy"}


def _read(raws: list[bytes]) -> list[email.message.EmailMessage]:
    return [email.message_from_bytes(r, policy=email.policy.default) for r in raws]


def _text(msg) -> str:  # type: ignore[no-untyped-def]
    return msg.get_body(preferencelist=("plain",)).get_content()


def test_five_turns_by_mail_on_real_servers(tmp_path, clean_mailboxes, smtp, database) -> None:
    imap = clean_mailboxes
    world = ServerWorld(tmp_path, imap, smtp, database=database)
    seat_args = [x for seat, user in SEATS.items() for x in ("--seat", f"{seat}:{user}@example.org")]
    world.pbem("game", "new", "g3", *seat_args, "--gm", "gm@example.org", "--seed", "e2e", "--deadline", "24h")
    world.pbem("game", "start", "g3", "--now", T0.isoformat())
    now = T0
    world.pbem("process", "--now", now.isoformat())
    secrets = {}
    for seat, user in SEATS.items():
        msgs = _read(imap.messages(user))
        assert len(msgs) == 1, [m["Subject"] for m in msgs]
        welcome = msgs[0]
        secrets[seat] = re.search(r"Your password is:\s+(\S+)", _text(welcome)).group(1)
        assert "=== pbem report g3 turn 0 ===" in _text(welcome)
        assert welcome.get_body(preferencelist=("html",)) is not None

    db = world.engine()
    rng = random.Random(3)
    for turn in range(6):
        with Session(db) as s:
            game = s.get(Game, "g3")
            state = VALLEY.from_json(game.state_json)
            assert game.turn_no == turn
        sent_at = now + timedelta(hours=1)
        for seat, user in SEATS.items():
            if turn == 2 and seat == "green":
                continue                      # green is late this turn
            orders = "\n".join(VALLEY.bot_orders(state, seat, rng).normal)
            body = f"Hello GM,\n\nSIGNON g3 {seat} {secrets[seat]}\nTURN {turn}\n{orders}\n-- \n{user}\n"
            if turn == 1 and seat == "red":    # a first sheet, then a correction
                imap.deliver("pbem", order_mail(f"{user}@example.org", body.replace(orders, "MOVE 9W A1-A2")))
            if turn == 1 and seat == "blue":   # a forger with a wrong password
                imap.deliver("pbem", order_mail("eve@example.org",
                                                "SIGNON g3 blue guess-guess\nMOVE 1W A1-A2\n"))
            imap.deliver("pbem", order_mail(f"{user}@example.org", body, html_only=(seat == "blue")))
        world.pbem("process", "--now", sent_at.isoformat())
        now += timedelta(hours=25)
        world.pbem("process", "--now", now.isoformat())

    with Session(db) as s:
        game = s.get(Game, "g3")
        assert game.turn_no == 6
        records = list(s.exec(select(TurnRecord).where(TurnRecord.game_id == "g3")))
        assert [r.turn_no for r in sorted(records, key=lambda r: r.turn_no)] == list(range(6))
        green = s.exec(select(Seat).where(Seat.name == "green")).one()
        assert green.missed_turns == 1
        assert all(m.status == "handled" for m in s.exec(select(InboundMail)))
    assert imap.messages("pbem") == [], "every order mail left the inbox"
    assert len(imap.messages("pbem", "Processed")) == 3 * 6 - 1 + 2

    for seat, user in SEATS.items():
        mails = _read(imap.messages(user))
        reports = [m for m in mails if "report" in m["Subject"]]
        assert [re.search(r"turn (\d+)", m["Subject"]).group(1) for m in reports] == [str(n) for n in range(0, 7)]
        for m in reports:
            assert m["Auto-Submitted"] == "auto-generated"
            assert m.get_body(preferencelist=("html",)) is not None
        answers = [m for m in mails if "Re: orders" in m["Subject"]]
        assert all(m["Auto-Submitted"] == "auto-replied" and m["In-Reply-To"] for m in answers)
    red_answers = [_text(m) for m in _read(imap.messages("ann")) if "Re: orders" in m["Subject"]]
    assert any("have problems, so they were NOT stored" in t and 'line 5 "MOVE 9W A1-A2": no space A1' in t for t in red_answers)
    assert sum("Orders stored for g3 turn 1" in t for t in red_answers) == 1
    eve = [_text(m) for m in _read(imap.messages("eve"))]
    assert len(eve) == 1 and "wrong password for seat blue" in eve[0]
    bob = [_text(m) for m in _read(imap.messages("bob"))]
    assert any("came from eve@example.org" in t and "wrong password" in t for t in bob)
    assert any("Orders stored for g3 turn 1, seat blue" in t for t in bob), "HTML-only mail was read"
    green_report = [_text(m) for m in _read(imap.messages("cy")) if "turn 3 report" in m["Subject"]][0]
    assert re.search(r"green .* missed 1", green_report)
    with Session(db) as s:
        played = json.loads(s.exec(select(TurnRecord).where(TurnRecord.turn_no == 2)).one().sheets_json)
    assert played["green"] == []
