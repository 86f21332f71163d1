"""Mail that used to stop every pass, one regression test each; and the
isolation that keeps any failing mail, game or outgoing message from
stopping the others (a bug is injected with PBEM_POISON)."""
from __future__ import annotations

import email
import email.policy
import re
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from sqlmodel import Session, select

from pbem.models import Game, GmLog, InboundMail, OutboundMail, Sheet
from pbem_world import World, order_mail, password_in, run_pass, text_of

T0 = datetime(2026, 4, 1, 9, 0, tzinfo=timezone.utc)
LATER = T0 + timedelta(minutes=15)
SEATS = {"red": "ann@example.org", "blue": "bob@example.org"}


def _game(root: Path, game: str = "g", gm: str = "") -> tuple[World, dict[str, str]]:
    world = World(root)
    args = ["game", "new", game, "--seed", "poison"] + [a for s, e in SEATS.items() for a in ("--seat", f"{s}:{e}")]
    world.pbem(*args, *(["--gm", gm] if gm else []))
    world.pbem("game", "start", game, "--now", T0.isoformat())
    run_pass(world, T0)
    secrets = {seat: password_in(world.outbox(addr)) for seat, addr in SEATS.items()}
    return world, secrets


@pytest.fixture
def game(tmp_path: Path) -> tuple[World, dict[str, str]]:
    return _game(tmp_path)


def _rows(world: World) -> tuple[list[InboundMail], list[OutboundMail]]:
    with Session(world.engine()) as s:
        return (list(s.exec(select(InboundMail).order_by(InboundMail.id))),
                list(s.exec(select(OutboundMail).order_by(OutboundMail.id))))


def _answer_to(world: World, row: InboundMail) -> OutboundMail | None:
    return next((m for m in _rows(world)[1] if m.key == f"answer:{row.id}:from"), None)


def _head(raw: bytes, name: str) -> bytes:
    return b"\r\n".join([f"From: {name}".encode(), b"To: pbem@example.org", b"Subject: help"])


KILLERS = {
    "Message-ID: <": b"From: ann@example.org\r\nTo: pbem@example.org\r\nMessage-ID: <\r\nSubject: x\r\n\r\nHELP\r\n",
    "Cc: a@": b"From: ann@example.org\r\nTo: pbem@example.org\r\nCc: a@\r\nSubject: x\r\n\r\nHELP\r\n",
    "Cc: a:b;@": b"From: ann@example.org\r\nTo: pbem@example.org\r\nCc: a:b;@\r\nSubject: x\r\n\r\nHELP\r\n",
    "Message-ID with CR/LF": (b"From: ann@example.org\r\nTo: pbem@example.org\r\n"
                              b"Message-ID: =?utf-8?q?<a=0D=0AInjected:_yes@x>?=\r\nSubject: x\r\n\r\nHELP\r\n"),
    "Subject with CR/LF": (b"From: ann@example.org\r\nTo: pbem@example.org\r\nMessage-ID: <s@x>\r\n"
                           b"Subject: =?utf-8?q?a=0D=0AInjected:_yes?=\r\n\r\nHELP\r\n"),
    "References with CR/LF": (b"From: ann@example.org\r\nTo: pbem@example.org\r\nMessage-ID: <r@x>\r\n"
                              b"References: =?utf-8?q?<a@x>=0D=0AInjected:_yes?=\r\nSubject: x\r\n\r\nHELP\r\n"),
    "From name with CR/LF": (b"From: =?utf-8?q?Ann=0D=0AInjected:_yes?= <ann@example.org>\r\nTo: pbem@example.org\r\n"
                             b"Subject: x\r\n\r\nHELP\r\n"),
    "nested 1,000 levels": (b"From: ann@example.org\r\nTo: pbem@example.org\r\nSubject: deep\r\nMIME-Version: 1.0\r\n"
                            + b"".join(b"Content-Type: multipart/mixed; boundary=b%d\r\n\r\n--b%d\r\n" % (i, i)
                                       for i in range(1000)) + b"Content-Type: text/plain\r\n\r\nHELP\r\n"),
}


@pytest.mark.parametrize("kind", list(KILLERS))
def test_a_mail_that_used_to_stop_the_pass_is_answered_and_the_rest_of_its_batch_handled(
        game, kind: str) -> None:
    world, secrets = game
    world.post(KILLERS[kind])
    world.post(order_mail("bob@example.org", f"SIGNON g blue {secrets['blue']}\nPLACE F5 G4\n"))
    code, summary = run_pass(world, LATER)
    assert code == 0 and summary.quarantined == 0, summary.lines()
    hostile, innocent = _rows(world)[0]
    assert hostile.status == "handled" and innocent.status == "handled"
    assert "Orders stored" in _answer_to(world, innocent).raw.decode()
    answer = _answer_to(world, hostile)
    assert answer is not None and answer.to_addr == "ann@example.org"
    parsed = email.message_from_bytes(answer.raw, policy=email.policy.strict)
    assert parsed["Injected"] is None and b"\nInjected" not in answer.raw
    assert all(not h.defects for h in parsed.values() if hasattr(h, "defects"))
    if parsed["In-Reply-To"] is not None:
        assert parsed["In-Reply-To"] in ("<s@x>", "<r@x>")
    if kind == "nested 1,000 levels":
        assert "too deeply nested" in text_of(email.message_from_bytes(answer.raw, policy=email.policy.default))


@pytest.mark.parametrize("line", ["TURN ²", "TURN ٣", "VACATION ²", "HISTORY ²"])
def test_digits_that_are_not_ascii_get_a_clear_answer(game, line: str) -> None:
    world, secrets = game
    world.post(order_mail("ann@example.org", f"SIGNON g red {secrets['red']}\n{line}\n"))
    code, summary = run_pass(world, LATER)
    assert code == 0 and summary.handled == 1
    text = text_of(world.outbox("ann@example.org")[-1])
    word = line.split()[0]
    assert {"TURN": "TURN takes the number of the report", "VACATION": "VACATION takes a number of turns",
            "HISTORY": "HISTORY takes one turn number"}[word] in text


@pytest.mark.parametrize("sender", ["", "a" * 300 + "@example.org", "a\x00b@example.org", '"a\\r\\nb"@example.org',
                                    "undisclosed-recipients:;", "ann@", "@example.org", "ann@exa_mple.org", "ann@-x.org"])
def test_a_mail_without_a_valid_sender_is_quarantined_and_nothing_is_queued_to_it(game, sender: str) -> None:
    world, _ = game
    raw = (b"From: " + sender.encode("utf-8", "surrogateescape") + b"\r\nTo: pbem@example.org\r\n"
           b"Subject: orders\r\nMessage-ID: <v@x>\r\n\r\nHELP\r\n")
    world.post(raw)
    code, _summary = run_pass(world, LATER)
    inbound, outbound = _rows(world)
    assert code == 0
    assert inbound[-1].status in ("quarantined", "loop") and inbound[-1].note
    assert [m.kind for m in outbound if m.key.startswith("answer")] == []
    assert not (world.root / "in" / "new").exists() or not list((world.root / "in" / "new").iterdir())


def test_a_reused_message_id_with_another_body_is_another_mail(game) -> None:
    world, secrets = game
    first = re.sub(rb"Message-ID: <[^>]*>", b"Message-ID: <same@example.org>",
                   order_mail("ann@example.org", f"SIGNON g red {secrets['red']}\nPLACE C3 B2\n"))
    second = first.replace(b"PLACE C3 B2", b"PLACE B2 C3")
    world.post(first)
    world.post(first)          # the very same mail again: a duplicate
    world.post(second)         # the same Message-ID, another body: a mail of its own
    code, summary = run_pass(world, LATER)
    inbound, _ = _rows(world)
    assert code == 0 and summary.duplicates == 1 and len(inbound) == 2
    assert "fetched again 1 time(s)" in inbound[0].note and "dropped as duplicates" in inbound[0].note
    with Session(world.engine()) as s:
        assert s.exec(select(Sheet.text).where(Sheet.seat == "red")).one() == "PLACE B2 C3"


def test_an_answer_is_never_larger_than_the_mail_it_answers(game) -> None:
    world, secrets = game
    bad = "\n".join(f"MOVE 9W Z{i}-Z{i + 1}" for i in range(10_000))
    world.post(order_mail("ann@example.org", f"SIGNON g red {secrets['red']}\n{bad}\n" + "STATUS\n" * 200,
                          subject="x" * 900_000))
    code, _summary = run_pass(world, LATER)
    inbound, _ = _rows(world)
    answer = _answer_to(world, inbound[-1])
    assert code == 0 and answer is not None
    assert len(answer.raw) < len(inbound[-1].raw) / 20
    text = text_of(email.message_from_bytes(answer.raw, policy=email.policy.default))
    assert "this mail has 10201 lines; the limit is 5000" in " ".join(text.split())
    subject = email.message_from_bytes(answer.raw, policy=email.policy.default)["Subject"]
    assert len(subject) < 220


def test_a_long_list_of_problems_and_queries_is_answered_in_part(game) -> None:
    world, secrets = game
    bad = "\n".join(f"MOVE 9W Z{i}-Z{i + 1}" for i in range(30))
    world.post(order_mail("ann@example.org", f"SIGNON g red {secrets['red']}\n{bad}\n" + "STATUS\n" * 60))
    run_pass(world, LATER)
    inbound, _ = _rows(world)
    text = " ".join(text_of(email.message_from_bytes(_answer_to(world, inbound[-1]).raw,
                                                     policy=email.policy.default)).split())
    assert "... and 10 more" in text and "This mail has 60 commands; only the first 50 were carried out" in text


def test_a_wrong_seat_is_answered_without_listing_the_seats(game) -> None:
    world, _ = game
    world.post(order_mail("eve@example.org", "SIGNON g purple secret\nPLACE C3\n"))
    run_pass(world, LATER)
    text = text_of(world.outbox("eve@example.org")[-1])
    assert "has no seat purple" in text and "red" not in text and "blue" not in text


def test_no_seat_may_be_called_gm(tmp_path: Path) -> None:
    world = World(tmp_path)
    made = world.pbem("game", "new", "g", "--seat", "gm:ann@example.org", "--seat", "blue:bob@example.org",
                      check=False)
    assert made.returncode != 0 and "kept for the GM" in made.stderr and "Traceback" not in made.stderr


# -- isolation: a bug in one item never stops the others -----------------------

def test_one_failing_mail_among_fifty_is_quarantined_and_the_turn_still_runs(game, monkeypatch) -> None:
    world, secrets = game
    monkeypatch.setenv("PBEM_POISON", "handle:POISON-PILL")
    for i in range(25):
        for seat, addr in SEATS.items():
            spaces = "C3 B2" if seat == "red" else "F5 G4"
            world.post(order_mail(addr, f"SIGNON g {seat} {secrets[seat]}\nPLACE {spaces}\n# mail {i}\n"))
            if i == 12 and seat == "red":
                world.post(order_mail(addr, f"SIGNON g red {secrets['red']}\nPLACE B2\n# POISON-PILL\n"))
    code, summary = run_pass(world, T0 + timedelta(hours=80))
    inbound, outbound = _rows(world)
    assert code == 0
    assert summary.handled == 50 and summary.quarantined == 1 and summary.resolved == ["g turn 0"]
    poisoned = [m for m in inbound if m.status == "quarantined"]
    assert len(poisoned) == 1 and b"POISON-PILL" in poisoned[0].raw
    assert poisoned[0].note.startswith("handling failed: Poisoned: injected failure")
    assert "(at pbem/faults.py:" in poisoned[0].note and "Traceback" not in poisoned[0].note
    assert sum(1 for m in outbound if m.key.startswith("answer")) == 50
    status = world.pbem("status").stdout
    assert "inbox: 1 quarantined" in status and f"quarantined: mail {poisoned[0].id}: handling failed" in status
    run_pass(world, T0 + timedelta(hours=80, minutes=15))
    assert _rows(world)[0][poisoned[0].id - 1].status == "quarantined", "a quarantined mail is not tried again"


def test_a_game_that_cannot_be_resolved_is_left_as_it_was_and_the_others_run(tmp_path: Path, monkeypatch) -> None:
    world, _ = _game(tmp_path, "sick", gm="gm@example.org")
    world.pbem("game", "new", "well", "--seat", "red:cy@example.org", "--seat", "blue:eve@example.org")
    world.pbem("game", "start", "well", "--now", T0.isoformat())
    monkeypatch.setenv("PBEM_POISON", "resolve:sick")
    summaries = [run_pass(world, T0 + timedelta(hours=hours)) for hours in (80, 81)]
    assert [code for code, _ in summaries] == [0, 0]
    assert [summary.resolved for _, summary in summaries] == [["well turn 0"], []]
    for _, summary in summaries:
        assert any(n.startswith("sick: resolve failed, the game is left as it was") for n in summary.notes)
    notices = [m for m in world.outbox("gm@example.org") if "could not be resolved" in str(m["Subject"])]
    assert len(notices) == 1, "the GM is told once, not every pass"
    with Session(world.engine()) as s:
        assert len(list(s.exec(select(GmLog).where(GmLog.game_id == "sick", GmLog.action == "error")))) == 1
    monkeypatch.delenv("PBEM_POISON")
    _code, summary = run_pass(world, T0 + timedelta(hours=82))
    assert summary.resolved == ["sick turn 0"]


def test_a_mail_that_cannot_be_sent_is_marked_failed_and_the_others_go(game, monkeypatch) -> None:
    world, secrets = game
    monkeypatch.setenv("PBEM_POISON", "send:ann@")
    for seat, addr in SEATS.items():
        world.post(order_mail(addr, f"SIGNON g {seat} {secrets[seat]}\nSTATUS\n"))
    code, summary = run_pass(world, LATER)
    _, outbound = _rows(world)
    answers = {m.to_addr: m for m in outbound if m.key.startswith("answer")}
    assert code == 0 and summary.failed == 1 and summary.sent == 1
    assert answers["ann@example.org"].status == "failed"
    assert answers["ann@example.org"].last_error.startswith("could not be sent: Poisoned")
    assert answers["bob@example.org"].status == "sent"


def test_a_game_that_cannot_start_at_its_time_stops_nothing_else(tmp_path: Path, monkeypatch) -> None:
    world, _secrets = _game(tmp_path, gm="gm@example.org")
    args = ["game", "new", "sick-start", "--gm", "gm@example.org"]
    world.pbem(*args, *[a for s, e in SEATS.items() for a in ("--seat", f"{s}:{e}")])
    with Session(world.engine()) as s:
        game = s.get(Game, "sick-start")
        game.start_at = T0
        s.add(game)
        s.commit()
    monkeypatch.setenv("PBEM_POISON", "start:sick")
    code, summary = run_pass(world, T0 + timedelta(hours=80))
    assert code == 0 and summary.resolved == ["g turn 0"], "the other game's turn still runs"
    assert any("sick-start: start failed" in note for note in summary.notes)
    with Session(world.engine()) as s:
        assert s.get(Game, "sick-start").status == "new"
        log = [x.detail for x in s.exec(select(GmLog).where(GmLog.game_id == "sick-start", GmLog.action == "error"))]
    assert log == ["start failed: Poisoned: injected failure (sick) (at pbem/faults.py:32)"]
    told = [m for m in world.outbox("gm@example.org") if "could not be started" in str(m["Subject"])]
    assert len(told) == 1
    monkeypatch.delenv("PBEM_POISON")
    run_pass(world, T0 + timedelta(hours=81))
    with Session(world.engine()) as s:
        assert s.get(Game, "sick-start").status == "active", "once the fault is gone the game starts"
