"""The player's and GM's mail protocol, pass by pass, on the Maildir transport."""
from __future__ import annotations

import json

from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from sqlmodel import Session, select

from pbem.models import Game, GmLog, OutboundMail, Seat, Sheet, TurnRecord
from pbem_world import World, order_mail, password_in, run_pass, text_of

T0 = datetime(2026, 5, 1, 8, 0, tzinfo=timezone.utc)
ANN, BOB, EVE = "ann@example.org", "bob@example.org", "eve@example.org"


@pytest.fixture
def world(tmp_path: Path, database: str) -> World:
    w = World(tmp_path, database=database)
    w.pbem("game", "new", "g", "--seat", f"red:{ANN}", "--seat", f"blue:{BOB}", "--gm", "gm@example.org",
           "--seed", "proto", "--deadline", "48h", "--early", "30m")
    w.pbem("game", "start", "g", "--now", T0.isoformat())
    run_pass(w, T0)
    w.secret = {"red": password_in(w.outbox(ANN)), "blue": password_in(w.outbox(BOB))}
    return w


def db(world: World) -> Session:
    return Session(world.engine())


def last_text(world: World, address: str) -> str:
    return text_of(world.outbox(address)[-1])


def sheet(world: World, seat: str) -> str | None:
    with db(world) as s:
        row = s.exec(select(Sheet).where(Sheet.seat == seat)).first()
        return row.text if row else None


def send(world: World, sender: str, body: str, at: datetime, **kw) -> None:  # type: ignore[no-untyped-def]
    world.post(order_mail(sender, body, **kw))
    run_pass(world, at)


def confirmed(world: World, sender: str, body: str, at: datetime) -> None:
    """Send a JOIN or OBSERVE, then confirm it the way a player does: a plain
    Reply to the answer, its text quoted, a minute later."""
    send(world, sender, body, at)
    request = world.outbox(sender)[-1]
    assert "Reply to this mail to confirm" in text_of(request), text_of(request)
    quoted = "\n".join("> " + line for line in text_of(request).splitlines())
    send(world, sender, f"Yes.\n\n{quoted}\n", at + timedelta(minutes=1), subject=f"Re: {request['Subject']}")


def test_orders_are_echoed_in_normal_form(world: World) -> None:
    send(world, ANN, f"signon g red {world.secret['red']}\nplace c3 b2\n", T0 + timedelta(minutes=5))
    assert sheet(world, "red") == "PLACE C3 B2"
    assert "Orders stored for g turn 0, seat red" in last_text(world, ANN)
    assert "  PLACE C3 B2" in last_text(world, ANN)


def test_a_sheet_with_problems_keeps_the_last_good_one(world: World) -> None:
    send(world, ANN, f"SIGNON g red {world.secret['red']}\nPLACE C3\n", T0 + timedelta(minutes=5))
    send(world, ANN, f"SIGNON g red {world.secret['red']}\nPLACE K9\nMOVE 1W C3-C4\n", T0 + timedelta(minutes=10))
    text = last_text(world, ANN)
    assert "NOT stored" in text and 'line 2 "PLACE K9": no space K9' in text and 'line 3 "MOVE 1W C3-C4": MOVE is not an order of the setup' in text
    assert "The orders that stand for turn 0 are:\n  PLACE C3" in text
    assert sheet(world, "red") == "PLACE C3"
    send(world, ANN, f"SIGNON g red {world.secret['red']}\nPLACE B2\n", T0 + timedelta(minutes=15))
    assert sheet(world, "red") == "PLACE B2"


def test_forged_from_with_a_wrong_password_changes_nothing(world: World) -> None:
    send(world, ANN, f"SIGNON g red {world.secret['red']}\nPLACE C3\n", T0 + timedelta(minutes=5))
    before = len(world.outbox(ANN))
    send(world, EVE, "SIGNON g red not-the-password\nPLACE G5\n", T0 + timedelta(minutes=10),
         headers={"Reply-To": EVE})
    assert sheet(world, "red") == "PLACE C3"
    assert "wrong password for seat red" in last_text(world, EVE)
    copies = world.outbox(ANN)[before:]
    assert len(copies) == 1 and f"came from {EVE}" in text_of(copies[0])
    send(world, ANN, "SIGNON g red\n", T0 + timedelta(minutes=12))
    assert "SIGNON takes the game, your seat and your password" in last_text(world, ANN)


def test_right_password_from_another_address_is_copied_to_the_seat(world: World) -> None:
    send(world, EVE, f"SIGNON g blue {world.secret['blue']}\nPLACE G5\n", T0 + timedelta(minutes=5))
    assert sheet(world, "blue") == "PLACE G5"
    assert f"came from {EVE}" in last_text(world, BOB)


def test_mail_without_signon_gets_a_short_answer_and_help_when_asked(world: World) -> None:
    send(world, EVE, "what is this game?\n", T0 + timedelta(minutes=5))
    text = last_text(world, EVE)
    assert "no SIGNON line" in text and "send HELP for the commands" in text.replace("Send", "send")
    assert "READY / WAIT" not in text and len(text) < 400
    send(world, EVE, "HELP\n", T0 + timedelta(minutes=6))
    assert "READY / WAIT" in last_text(world, EVE)


def test_a_second_signon_refuses_the_whole_mail(world: World) -> None:
    send(world, ANN, f"SIGNON g red {world.secret['red']}\nPLACE C3\nSIGNON g blue {world.secret['blue']}\n"
         "PLACE G5\n", T0 + timedelta(minutes=5))
    assert "Line 3: a second SIGNON" in last_text(world, ANN)
    assert sheet(world, "red") is None and sheet(world, "blue") is None


@pytest.mark.parametrize("body, answer", [
    ("SIGNON nogame red pw\nHELP", "there is no game nogame"),
    ("SIGNON g purple pw\nHELP", "game g has no seat purple. Your seat's name is in the first mail"),
])
def test_unknown_game_or_seat(world: World, body: str, answer: str) -> None:
    send(world, EVE, body, T0 + timedelta(minutes=5))
    assert answer in last_text(world, EVE)


def test_orders_for_a_resolved_turn_are_refused(world: World) -> None:
    send(world, ANN, f"SIGNON g red {world.secret['red']}\nTURN 0\nPLACE C3\n", T0 + timedelta(minutes=5))
    run_pass(world, T0 + timedelta(hours=49))
    send(world, ANN, f"SIGNON g red {world.secret['red']}\nTURN 0\nMOVE 1W C3-C4\n", T0 + timedelta(hours=50))
    assert "Turn 0 was already resolved; the game is at turn 1" in last_text(world, ANN)
    with db(world) as s:
        assert s.exec(select(Sheet).where(Sheet.turn_no == 1)).first() is None


def test_everyone_ready_runs_the_turn_early_after_the_delay(world: World) -> None:
    send(world, ANN, f"SIGNON g red {world.secret['red']}\nPLACE C3\nREADY\n", T0 + timedelta(minutes=5))
    send(world, BOB, f"SIGNON g blue {world.secret['blue']}\nPLACE G5\nREADY\n", T0 + timedelta(minutes=10))
    run_pass(world, T0 + timedelta(minutes=20))
    with db(world) as s:
        assert s.get(Game, "g").turn_no == 0, "not before the delay"
    code, summary = run_pass(world, T0 + timedelta(minutes=41))
    assert summary.resolved == ["g turn 0"]
    with db(world) as s:
        assert s.get(Game, "g").turn_no == 1


def test_wait_cancels_early_processing(world: World) -> None:
    send(world, ANN, f"SIGNON g red {world.secret['red']}\nREADY\n", T0 + timedelta(minutes=5))
    send(world, BOB, f"SIGNON g blue {world.secret['blue']}\nREADY\n", T0 + timedelta(minutes=6))
    send(world, BOB, f"SIGNON g blue {world.secret['blue']}\nWAIT\n", T0 + timedelta(minutes=7))
    assert run_pass(world, T0 + timedelta(hours=2))[1].resolved == []


def test_password_can_be_changed(world: World) -> None:
    send(world, ANN, f"SIGNON g red {world.secret['red']}\nPASSWORD brand-new-pw\n", T0 + timedelta(minutes=5))
    send(world, ANN, f"SIGNON g red {world.secret['red']}\nPLACE C3\n", T0 + timedelta(minutes=6))
    assert "wrong password" in last_text(world, ANN)
    send(world, ANN, "SIGNON g red brand-new-pw\nPLACE C3\n", T0 + timedelta(minutes=7))
    assert sheet(world, "red") == "PLACE C3"


def test_resign_tells_the_gm(world: World) -> None:
    send(world, BOB, f"SIGNON g blue {world.secret['blue']}\nRESIGN\n", T0 + timedelta(minutes=5))
    with db(world) as s:
        assert s.exec(select(Seat).where(Seat.name == "blue")).one().resigned
    assert any("resigned" in text_of(m) for m in world.outbox("gm@example.org"))


def _gm_password(world: World) -> str:
    # The GM password is printed once by 'game new'; tests reset it to a known one.
    from pbem.inbox import passwords
    with db(world) as s:
        game = s.get(Game, "g")
        game.gm_password_hash = passwords.hash_password("gm-secret")
        s.add(game)
        s.commit()
    return "gm-secret"


def test_gm_pause_resume_extend_and_process_now(world: World) -> None:
    pw = _gm_password(world)
    send(world, "gm@example.org", f"SIGNON g gm {pw}\nPAUSE\n", T0 + timedelta(hours=1))
    assert run_pass(world, T0 + timedelta(hours=60))[1].resolved == [], "a paused game does not run"
    send(world, "gm@example.org", f"SIGNON g gm {pw}\nRESUME\n", T0 + timedelta(hours=61))
    with db(world) as s:
        assert s.get(Game, "g").deadline.replace(tzinfo=timezone.utc) == T0 + timedelta(hours=48 + 60)
    send(world, "gm@example.org", f"SIGNON g gm {pw}\nEXTEND 24h\n", T0 + timedelta(hours=62))
    with db(world) as s:
        assert s.get(Game, "g").deadline.replace(tzinfo=timezone.utc) == T0 + timedelta(hours=48 + 60 + 24)
    assert "The GM extended the deadline" in last_text(world, ANN)
    send(world, "gm@example.org", f"SIGNON g gm {pw}\nPROCESS NOW\n", T0 + timedelta(hours=63))
    with db(world) as s:
        assert s.get(Game, "g").turn_no == 1
        logged = {x.action: x.at for x in s.exec(select(GmLog))}
    assert {"pause", "resume", "extend", "process"} <= set(logged)
    assert logged["pause"].replace(tzinfo=timezone.utc) == T0 + timedelta(hours=1), "logged at the pass's time"
    send(world, "gm@example.org", "SIGNON g gm wrong\nPAUSE\n", T0 + timedelta(hours=64))
    assert "wrong GM password" in last_text(world, "gm@example.org")


def test_players_cannot_use_gm_commands(world: World) -> None:
    send(world, ANN, f"SIGNON g red {world.secret['red']}\nPAUSE\n", T0 + timedelta(minutes=5))
    assert "PAUSE is a GM command" in last_text(world, ANN)


def test_answers_per_day_are_capped(world: World) -> None:
    world.config.write_text(world.config.read_text() + "\n[limits]\nanswers_per_day = 2\n")
    for i in range(4):
        world.post(order_mail(EVE, f"hello {i}"))
    run_pass(world, T0 + timedelta(minutes=5))
    assert len(world.outbox(EVE)) == 2


def test_automatic_mail_is_never_answered(world: World) -> None:
    send(world, EVE, "I am on vacation", T0 + timedelta(minutes=5), headers={"Auto-Submitted": "auto-replied"})
    assert world.outbox(EVE) == []


def test_status_shows_late_seats(world: World) -> None:
    send(world, ANN, f"SIGNON g red {world.secret['red']}\nPLACE C3\n", T0 + timedelta(minutes=5))
    out = world.pbem("status", "g", "--now", (T0 + timedelta(hours=49)).isoformat()).stdout
    assert "red        orders in" in out and "blue       LATE: no orders" in out


def test_reminders_go_to_seats_without_orders_once(world: World) -> None:
    send(world, ANN, f"SIGNON g red {world.secret['red']}\nPLACE C3\n", T0 + timedelta(minutes=5))
    run_pass(world, T0 + timedelta(hours=43))
    run_pass(world, T0 + timedelta(hours=44))
    reminders = [m for m in world.outbox(BOB) if "reminder" in m["Subject"]]
    assert len(reminders) == 1 and "in less than 6 hours" in text_of(reminders[0])
    assert reminders[0]["Subject"].endswith("reminder: orders for turn 0")
    assert "Without orders your tribe holds this turn." in text_of(reminders[0])
    assert not [m for m in world.outbox(ANN) if "reminder" in m["Subject"]]


def test_outage_pushes_deadlines_back(world: World) -> None:
    world.config.write_text(world.config.read_text().replace("outage_factor = 1000", "outage_factor = 8"))
    run_pass(world, T0 + timedelta(hours=1))
    code, summary = run_pass(world, T0 + timedelta(hours=50))   # no pass for 49 hours
    assert summary.resolved == [] and any("deadlines moved back" in n for n in summary.notes)
    with db(world) as s:
        assert s.get(Game, "g").deadline.replace(tzinfo=timezone.utc) == T0 + timedelta(hours=48 + 49)


def test_a_jump_in_the_gm_s_own_clock_is_no_outage(world: World) -> None:
    """'pbem process --now' is the GM's clock: a jump past the turn's deadline runs the turn,
    where the same gap on the server's clock would be taken for an outage."""
    world.config.write_text(world.config.read_text().replace("outage_factor = 1000", "outage_factor = 8"))
    run_pass(world, T0 + timedelta(hours=1))
    done = world.pbem("process", "--now", (T0 + timedelta(hours=50)).isoformat())
    assert "taken as your clock, not as an outage" in done.stdout + done.stderr
    with db(world) as s:
        assert s.get(Game, "g").turn_no == 1 and not s.exec(select(GmLog).where(GmLog.action == "outage")).all()


def test_huge_and_exploding_mail_is_refused_and_answered(world: World) -> None:
    big = order_mail(ANN, "SIGNON g red x\n" + "x" * 100) + b"y" * (20 * 1024 * 1024)
    world.post(big)
    code, summary = run_pass(world, T0 + timedelta(minutes=5))
    assert code == 0 and "refused" in last_text(world, ANN) and "limit" in last_text(world, ANN)


def test_dry_run_changes_nothing(world: World) -> None:
    world.post(order_mail(ANN, f"SIGNON g red {world.secret['red']}\nPLACE C3\n"))
    run_pass(world, T0 + timedelta(hours=60), dry_run=True)
    assert sheet(world, "red") is None
    with db(world) as s:
        assert s.get(Game, "g").turn_no == 0
        assert s.exec(select(OutboundMail).where(OutboundMail.status == "queued")).first() is None
    assert len(list((world.root / "in" / "new").iterdir())) == 1


def test_gm_tools_by_mail(world: World) -> None:
    pw = _gm_password(world)
    gm = "gm@example.org"
    send(world, ANN, f"SIGNON g red {world.secret['red']}\nPLACE C3\n", T0 + timedelta(minutes=5))
    send(world, gm, f"SIGNON g gm {pw}\nPREVIEW\n", T0 + timedelta(minutes=6))
    assert "PREVIEW: nothing was stored" in last_text(world, gm)
    send(world, gm, f"SIGNON g gm {pw}\nREPLACE blue cy@example.org\nBOT red ON\n", T0 + timedelta(minutes=7))
    assert "bob@example.org is replaced by cy@example.org" in last_text(world, gm)
    cy = password_in(world.outbox("cy@example.org"))
    send(world, BOB, f"SIGNON g blue {world.secret['blue']}\nPLACE G5\n", T0 + timedelta(minutes=8))
    assert "wrong password" in last_text(world, BOB)
    send(world, "cy@example.org", f"SIGNON g blue {cy}\nPLACE G5\n", T0 + timedelta(minutes=9))
    assert sheet(world, "blue") == "PLACE G5"
    send(world, gm, f"SIGNON g gm {pw}\nPROCESS NOW\n", T0 + timedelta(minutes=10))
    with db(world) as s:
        record = s.exec(select(TurnRecord)).one()
        played = json.loads(record.sheets_json)
    assert played["blue"] == ["PLACE G5"]
    assert played["red"] != ["PLACE C3"] and played["red"], "the bot played red, in civil disorder"
    send(world, gm, f"SIGNON g gm {pw}\nROLLBACK\n", T0 + timedelta(minutes=11))
    assert "GM: rolled the game back to turn 0" in last_text(world, gm)
    with db(world) as s:
        assert s.get(Game, "g").turn_no == 0 and s.exec(select(TurnRecord)).first() is None
    send(world, gm, f"SIGNON g gm {pw}\nEND\n", T0 + timedelta(minutes=12))
    with db(world) as s:
        assert s.get(Game, "g").status == "over"


def test_press_private_broadcast_and_anonymous(world: World) -> None:
    cy = "cy@example.org"
    send(world, ANN, f"SIGNON g red {world.secret['red']}\nPRESS TO blue\nShall we share the lake?\n"
         "> quoted lines are not sent\nENDPRESS\nPLACE C3\n", T0 + timedelta(minutes=5))
    assert "Press sent to blue" in last_text(world, ANN) and sheet(world, "red") == "PLACE C3"
    press = [m for m in world.outbox(BOB) if "press from red" in m["Subject"]]
    assert len(press) == 1 and "Shall we share the lake?" in text_of(press[0])
    assert "quoted" not in text_of(press[0])
    send(world, BOB, f"SIGNON g blue {world.secret['blue']}\nPRESS TO ALL ANON\nBeware the wolves.\nENDPRESS\n",
         T0 + timedelta(minutes=6))
    anon = [m for m in world.outbox(ANN) if "press from anonymous" in m["Subject"]]
    assert len(anon) == 1 and "blue" not in text_of(anon[0])
    assert not world.outbox(cy)
    run_pass(world, T0 + timedelta(hours=60))                # the turn runs; the archive shows public press
    world.pbem("archive", "build", "--out", str(world.root / "site"))
    page = (world.root / "site" / "g" / "turn-1.html").read_text()
    assert "Beware the wolves." in page and "anonymous" in page
    assert "share the lake" not in page, "private press never reaches the archive"


@pytest.mark.parametrize("rule, body, answer", [
    ("none", "PRESS TO blue\nhi\nENDPRESS", "this game allows no press"),
    ("public", "PRESS TO blue\nhi\nENDPRESS", "public press only"),
    ("private", "PRESS TO blue\nhi", "has no ENDPRESS line"),
    ("private", "PRESS TO purple\nhi\nENDPRESS", "no seat purple"),
])
def test_press_refused_by_rule(tmp_path: Path, rule: str, body: str, answer: str) -> None:
    w = World(tmp_path)
    w.pbem("game", "new", "p", "--seat", f"red:{ANN}", "--seat", f"blue:{BOB}", "--press", rule)
    w.pbem("game", "start", "p", "--now", T0.isoformat())
    run_pass(w, T0)
    secret = password_in(w.outbox(ANN))
    send(w, ANN, f"SIGNON p red {secret}\n{body}\n", T0 + timedelta(minutes=5))
    assert answer in last_text(w, ANN)
    assert not [m for m in w.outbox(BOB) if "press" in m["Subject"]]


def test_players_join_an_open_game_and_the_gm_starts_it(tmp_path: Path, database: str) -> None:
    w = World(tmp_path, database=database)
    out = w.pbem("game", "new", "open", "--open", "3", "--gm", "gm@example.org").stdout
    assert "3 seats open to JOIN" in out
    with Session(w.engine()) as s:
        game = s.get(Game, "open")
        from pbem.inbox import passwords
        game.gm_password_hash = passwords.hash_password("gm-secret")
        s.add(game)
        s.commit()
    confirmed(w, ANN, "JOIN open red", T0)
    assert "You joined open as red" in last_text(w, ANN)
    send(w, BOB, "JOIN open red", T0 + timedelta(minutes=1))
    assert "the seat name red is taken" in last_text(w, BOB)
    send(w, BOB, "JOIN open Blue!", T0 + timedelta(minutes=2))
    assert "seat name 'blue!'" in last_text(w, BOB)
    confirmed(w, BOB, "JOIN open blue", T0 + timedelta(minutes=3))
    confirmed(w, EVE, "JOIN open green", T0 + timedelta(minutes=4, seconds=10))
    assert any("Every seat is taken" in text_of(m) for m in w.outbox("gm@example.org"))
    send(w, "cy@example.org", "JOIN open white", T0 + timedelta(minutes=5, seconds=30))
    assert "every seat of open is taken" in last_text(w, "cy@example.org")
    send(w, "gm@example.org", "SIGNON open gm gm-secret\nSTART\n", T0 + timedelta(minutes=6))
    secret = password_in(w.outbox(EVE))
    send(w, EVE, f"SIGNON open green {secret}\nPLACE C3\n", T0 + timedelta(minutes=7))
    assert "Orders stored for open turn 0, seat green" in last_text(w, EVE)
    send(w, ANN, "JOIN valley-none red", T0 + timedelta(minutes=8))
    assert "is not a game that is taking players" in last_text(w, ANN)


def test_vacation_holds_without_missed_turns(world: World) -> None:
    send(world, BOB, f"SIGNON g blue {world.secret['blue']}\nVACATION 3\n", T0 + timedelta(minutes=5))
    assert "you have 2 turns of vacation left in this game, not 3" in last_text(world, BOB)
    send(world, BOB, f"SIGNON g blue {world.secret['blue']}\nVACATION 1\nSTATUS\n", T0 + timedelta(minutes=6))
    text = last_text(world, BOB)
    assert "You are away for 1 turn, up to turn 1" in text and "on vacation up to turn 1" in text
    run_pass(world, T0 + timedelta(hours=44))
    assert not [m for m in world.outbox(BOB) if "reminder" in m["Subject"]], "no reminder on vacation"
    run_pass(world, T0 + timedelta(hours=49))
    with db(world) as s:
        seats = {x.name: x for x in s.exec(select(Seat))}
    assert seats["blue"].missed_turns == 0 and seats["red"].missed_turns == 1
    send(world, BOB, f"SIGNON g blue {world.secret['blue']}\nVACATION OFF\n", T0 + timedelta(hours=50))
    assert "Welcome back" in last_text(world, BOB)


def test_an_open_game_starts_at_its_time_and_observers_get_public_reports(tmp_path: Path, database: str) -> None:
    w = World(tmp_path, database=database)
    w.pbem("game", "new", "o", "--open", "2", "--start-at", (T0 + timedelta(hours=1)).isoformat())
    w.pbem("game", "observe", "o", "watcher@example.org")
    confirmed(w, ANN, "JOIN o red", T0)
    confirmed(w, BOB, "JOIN o blue", T0 + timedelta(minutes=2))
    run_pass(w, T0 + timedelta(minutes=30))
    with Session(w.engine()) as s:
        assert s.get(Game, "o").status == "new"
    run_pass(w, T0 + timedelta(hours=1, minutes=1))
    with Session(w.engine()) as s:
        assert s.get(Game, "o").status == "active"
    red = password_in(w.outbox(ANN))
    send(w, ANN, f"SIGNON o red {red}\nPLACE C3\n", T0 + timedelta(hours=2))
    run_pass(w, T0 + timedelta(hours=80))
    watched = [m for m in w.outbox("watcher@example.org") if "turn 1 report" in m["Subject"]]
    assert len(watched) == 1
    text = text_of(watched[0])
    assert "report for" not in text and "Your fate cards" not in text, "observers see only public facts"
