"""Mail sent in somebody else's name, on the real server (Maildir transport):
JOIN and OBSERVE [OFF] wait for the address to confirm; wrong passwords are
throttled per seat and per sender, and their copies to the seat are few."""
from __future__ import annotations

import hashlib
import re
from datetime import datetime, timedelta, timezone
from email.message import EmailMessage
from pathlib import Path

import pytest
from sqlmodel import Session, select

from pbem.inbox import passwords
from pbem.models import Game, GmLog, InboundMail, Observer, Seat, Sheet
from pbem_world import World, order_mail, password_in, run_pass, said, text_of

T0 = datetime(2026, 5, 1, 8, 0, tzinfo=timezone.utc)
ANN, BOB, EVE, GM, WATCHER = (f"{u}@example.org" for u in ("ann", "bob", "eve", "gm", "watcher"))
TOKEN = re.compile(r"^CONFIRM ([0-9a-f]+)$", re.M)


def send(world: World, sender: str, body: str, at: datetime, **kw) -> None:  # type: ignore[no-untyped-def]
    world.post(order_mail(sender, body, **kw))
    run_pass(world, at)


def reply(world: World, original: EmailMessage, sender: str, at: datetime, text: str = "Yes, that was me.") -> None:
    """A plain Reply as a mail program writes it: "Re:" subject, the mail quoted."""
    quoted = "\n".join("> " + line for line in text_of(original).splitlines())
    world.post(order_mail(sender, f"{text}\n\nOn {original['Date']}, pbem wrote:\n{quoted}\n",
                          subject=f"Re: {original['Subject']}", headers={"In-Reply-To": original["Message-ID"]}))
    run_pass(world, at)


def last(world: World, address: str) -> EmailMessage:
    mails = world.outbox(address)
    assert mails, f"no mail reached {address}"
    return mails[-1]


def request_of(world: World, address: str) -> tuple[EmailMessage, str]:
    """The newest confirmation request mailed to ``address`` and its token."""
    mail = last(world, address)
    found = TOKEN.search(text_of(mail))
    assert found, text_of(mail)
    assert str(mail["Subject"]).endswith(f"confirm {found.group(1)}"), mail["Subject"]
    assert "Reply to this mail to confirm" in text_of(mail)
    return mail, found.group(1)


def db(world: World) -> Session:
    return Session(world.engine())


def seats(world: World, game: str) -> dict[str, str]:
    with db(world) as s:
        return {x.name: x.email for x in s.exec(select(Seat).where(Seat.game_id == game))}


def observers(world: World, game: str) -> list[str]:
    with db(world) as s:
        return [x.email for x in s.exec(select(Observer).where(Observer.game_id == game))]


@pytest.fixture
def open_world(tmp_path: Path, database: str) -> World:
    w = World(tmp_path, database=database)
    w.pbem("game", "new", "open", "--open", "3", "--gm", GM)
    return w


@pytest.fixture
def world(tmp_path: Path, database: str) -> World:
    """Game g, started: red is ann's, blue is bob's; the GM password is gm-secret."""
    w = World(tmp_path, database=database)
    w.pbem("game", "new", "g", "--seat", f"red:{ANN}", "--seat", f"blue:{BOB}", "--gm", GM,
           "--seed", "abuse", "--deadline", "48h")
    w.pbem("game", "start", "g", "--now", T0.isoformat())
    with db(w) as s:
        game = s.get(Game, "g")
        game.gm_password_hash = passwords.hash_password("gm-secret")
        s.add(game)
        s.commit()
    run_pass(w, T0)
    w.secret = {"red": password_in(w.outbox(ANN)), "blue": password_in(w.outbox(BOB))}
    return w


# -- JOIN -----------------------------------------------------------------------
def test_a_forged_join_does_nothing_until_the_address_confirms(open_world: World) -> None:
    w = open_world
    send(w, ANN, "JOIN open red", T0)                        # written by eve, From: ann
    assert seats(w, "open") == {}
    assert w.outbox(GM) == [], "the GM hears of a JOIN only once it is confirmed"
    request, token = request_of(w, ANN)
    assert str(request["Subject"]) == f"[open] confirm {token}"
    assert "ann@example.org wants to join open as red" in said(text_of(request))
    from pbem.models import PendingRequest
    with db(w) as s:
        [pending] = s.exec(select(PendingRequest)).all()
        assert pending.token_hash == hashlib.sha256(token.encode()).hexdigest(), "only a hash is kept"
        assert (pending.email, pending.action, pending.seat) == (ANN, "join", "red")

    send(w, ANN, "CONFIRM 0123456789abcdef01234567", T0 + timedelta(minutes=1))   # eve guesses
    assert "no request from ann@example.org waits for this token" in text_of(last(w, ANN))
    send(w, EVE, f"CONFIRM {token}", T0 + timedelta(minutes=2))   # the right token, from another address
    assert "no request from eve@example.org waits for this token" in text_of(last(w, EVE))
    assert seats(w, "open") == {} and w.outbox(GM) == []
    with db(w) as s:
        assert s.exec(select(GmLog).where(GmLog.action == "join")).first() is None

    reply(w, request, ANN, T0 + timedelta(minutes=3))       # ann's plain Reply: the CONFIRM line is quoted
    assert "You joined open as red" in text_of(last(w, ANN))
    assert seats(w, "open") == {"red": ANN}
    [notice] = w.outbox(GM)
    assert "ann@example.org joined open as red: 1 of 3 seats" in text_of(notice)


def test_wrong_used_and_expired_tokens_are_refused_with_what_to_do(open_world: World) -> None:
    w = open_world
    send(w, ANN, "JOIN open red", T0)
    _, token = request_of(w, ANN)
    send(w, ANN, f"CONFIRM {token[::-1]}", T0 + timedelta(minutes=1))
    text = text_of(last(w, ANN))
    assert "no request from ann@example.org waits for this token, so nothing was done" in said(text)
    assert "JOIN <game> <seat> or OBSERVE <game> [OFF] again for a new token" in text
    send(w, ANN, f"Here it is:\nCONFIRM {token}\n", T0 + timedelta(minutes=2))   # an unquoted CONFIRM line
    assert "You joined open as red" in text_of(last(w, ANN))
    send(w, ANN, f"CONFIRM {token}", T0 + timedelta(minutes=3))
    text = text_of(last(w, ANN))
    assert "this token was used already" in text and "a token confirms once" in text
    assert seats(w, "open") == {"red": ANN}

    send(w, BOB, "JOIN open blue", T0 + timedelta(minutes=4))
    request, token = request_of(w, BOB)
    reply(w, request, BOB, T0 + timedelta(hours=48, minutes=5))
    text = text_of(last(w, BOB))
    assert "this token expired at 2026-05-03 08:04 UTC, so nothing was done" in text
    assert "Send JOIN open blue again for a new one" in text
    assert seats(w, "open") == {"red": ANN}
    send(w, BOB, "JOIN open blue", T0 + timedelta(hours=49))
    reply(w, request_of(w, BOB)[0], BOB, T0 + timedelta(hours=49, minutes=1))
    assert seats(w, "open") == {"red": ANN, "blue": BOB}


def test_join_is_checked_when_asked_and_again_when_confirmed(open_world: World) -> None:
    w = open_world
    send(w, ANN, "JOIN open red", T0)
    send(w, BOB, "JOIN open red", T0 + timedelta(minutes=1))    # nothing is reserved before confirming
    ann, bob = request_of(w, ANN)[0], request_of(w, BOB)[0]
    reply(w, ann, ANN, T0 + timedelta(minutes=2))
    reply(w, bob, BOB, T0 + timedelta(minutes=3))
    text = text_of(last(w, BOB))
    assert "you confirmed JOIN open red, but the seat name red is taken; choose another. Nothing was changed." in said(text)
    send(w, BOB, "JOIN open red", T0 + timedelta(minutes=4))
    assert "the seat name red is taken; choose another" in text_of(last(w, BOB))
    assert "confirm" not in str(last(w, BOB)["Subject"]), "a JOIN that cannot be done asks for no confirmation"
    send(w, ANN, "JOIN open green", T0 + timedelta(minutes=5))
    assert "ann@example.org already has a seat in open" in text_of(last(w, ANN))
    assert seats(w, "open") == {"red": ANN}


# -- OBSERVE ----------------------------------------------------------------------
def test_observe_and_a_forged_observe_off_wait_for_the_observer(world: World) -> None:
    send(world, WATCHER, "OBSERVE g", T0 + timedelta(minutes=1))    # written by eve, From: watcher
    assert observers(world, "g") == []
    request, token = request_of(world, WATCHER)
    assert "watcher@example.org wants to follow g" in text_of(request)
    send(world, EVE, f"CONFIRM {token}", T0 + timedelta(minutes=2))
    assert observers(world, "g") == []
    reply(world, request, WATCHER, T0 + timedelta(minutes=3))
    assert "You follow g" in text_of(last(world, WATCHER)) and observers(world, "g") == [WATCHER]

    send(world, WATCHER, "OBSERVE g OFF", T0 + timedelta(minutes=4))   # eve again, From: watcher
    off, token = request_of(world, WATCHER)
    assert "watcher@example.org wants to stop following g" in said(text_of(off))
    send(world, EVE, f"CONFIRM {token}\n", T0 + timedelta(minutes=5))
    assert observers(world, "g") == [WATCHER], "a forged OFF leaves the observer subscribed"
    send(world, GM, "SIGNON g gm gm-secret\nPROCESS NOW\n", T0 + timedelta(minutes=6))
    assert [m for m in world.outbox(WATCHER) if "turn 1 report" in str(m["Subject"])]

    reply(world, off, WATCHER, T0 + timedelta(minutes=7))
    assert "You no longer follow g" in text_of(last(world, WATCHER)) and observers(world, "g") == []
    reply(world, off, WATCHER, T0 + timedelta(minutes=8))
    assert "this token was used already" in text_of(last(world, WATCHER))
    with db(world) as s:
        assert [x.detail for x in s.exec(select(GmLog).where(GmLog.action == "observe"))] == \
            ["an observer joined", "an observer left"]


# -- wrong passwords ------------------------------------------------------------
def _mails_about(world: World, address: str, after: int) -> tuple[list[str], list[str]]:
    mails = world.outbox(address)[after:]
    copies = [text_of(m) for m in mails if "this copy goes to your own address" in text_of(m)]
    notices = [text_of(m) for m in mails if "wrong passwords for seat red" in str(m["Subject"])]
    assert len(copies) + len(notices) == len(mails), [str(m["Subject"]) for m in mails]
    return copies, notices


def _strangers_answered(world: World) -> None:
    """Lift the caps on answers to unknown addresses (eve's), so that only the
    throttle keeps answers from her."""
    world.config.write_text(world.config.read_text() + "\n[limits]\nstrangers_per_address_day = 1000\n")


def _cheap_hashes(world: World) -> None:
    """Store the seats' passwords with a cheap scrypt cost, so that a test may
    check hundreds of wrong ones (verify reads the cost from the stored form)."""
    with db(world) as s:
        for seat in s.exec(select(Seat).where(Seat.game_id == "g")):
            seat.password_hash = passwords.hash_password(world.secret[seat.name], n=2 ** 4)
            s.add(seat)
        s.commit()


def test_wrong_passwords_from_anywhere_never_keep_the_owner_out(world: World) -> None:
    _cheap_hashes(world)
    _strangers_answered(world)
    before = len(world.outbox(ANN))
    for i in range(200):
        world.post(order_mail(EVE, f"SIGNON g red guess-{i}\nPLACE G5\n"))
    for i in range(50):                                       # From: ann, written by eve
        world.post(order_mail(ANN, f"SIGNON g red forged-{i}\nPLACE G5\n"))
    run_pass(world, T0 + timedelta(minutes=5))
    copies, notices = _mails_about(world, ANN, before)
    assert len(copies) == 3 and len(notices) == 1, "at most the copy cap plus one notice"
    assert "6 mails with a wrong password for seat red of g came within 15 minutes" in said(notices[0])
    assert "Your password still works" in said(notices[0]) and "Until 2026-05-01 08:20 UTC" in said(notices[0])
    eve = [text_of(m) for m in world.outbox(EVE)]
    assert len(eve) == 5 and all("wrong password for seat red" in t for t in eve), \
        "the first wrong passwords are answered, then no more: the guesser learns nothing"

    send(world, ANN, f"SIGNON g red {world.secret['red']}\nPLACE C3\n", T0 + timedelta(minutes=6))
    text = text_of(last(world, ANN))
    assert "Orders stored for g turn 0, seat red" in text
    assert "197 more mails tried to sign on as seat red of g" in said(text) and "eve@example.org" in text
    with db(world) as s:
        assert s.exec(select(Sheet.text).where(Sheet.seat == "red")).one() == "PLACE C3"
        notes = [m.note for m in s.exec(select(InboundMail)) if "not answered until" in m.note]
        assert len(notes) == 245, "each unanswered mail says why in its note"
    send(world, ANN, f"SIGNON g red {world.secret['red']}\nSTATUS\n", T0 + timedelta(minutes=7))
    assert "more mails tried" not in text_of(last(world, ANN)), "the count is told once"


def test_mail_forged_in_the_players_name_does_not_use_up_her_answers(world: World) -> None:
    _cheap_hashes(world)
    for i in range(50):                                       # From: ann, written by eve
        world.post(order_mail(ANN, f"SIGNON g red guess-{i}\nPLACE G5\n"))
    for i in range(50):
        world.post(order_mail(ANN, f"hello {i}\n"))
    run_pass(world, T0 + timedelta(minutes=5))
    send(world, ANN, f"SIGNON g red {world.secret['red']}\nPLACE C3\n", T0 + timedelta(minutes=6))
    assert "Orders stored for g turn 0, seat red" in text_of(last(world, ANN))
    send(world, ANN, "SIGNON g red typo\nPLACE C3\n", T0 + timedelta(minutes=30))
    assert "wrong password for seat red" in text_of(last(world, ANN)), \
        "forged mail without SIGNON does not use up the answers to her own mistyped sign-on"


def test_every_password_is_checked_and_wrong_ones_are_answered_again_later(
        world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    _strangers_answered(world)
    calls = []
    real = passwords.verify
    monkeypatch.setattr(passwords, "verify", lambda password, stored: calls.append(password) or real(password, stored))
    for minute in range(1, 7):
        send(world, EVE, f"SIGNON g red guess-{minute}\n", T0 + timedelta(minutes=minute))
    assert len(world.outbox(EVE)) == 5 and len(calls) == 6
    send(world, ANN, f"SIGNON g red {world.secret['red']}\nPLACE C3\n", T0 + timedelta(minutes=7))
    assert "Orders stored for g turn 0, seat red" in text_of(last(world, ANN))
    send(world, BOB, f"SIGNON g blue {world.secret['blue']}\nPLACE G5\n", T0 + timedelta(minutes=8))
    assert "Orders stored for g turn 0, seat blue" in text_of(last(world, BOB)), "other seats sign on"
    send(world, EVE, "SIGNON g red guess-17\n", T0 + timedelta(minutes=17))
    assert len(world.outbox(EVE)) == 6, "once the burst is older than the window, answers come again"
    assert len(calls) == 9
    with db(world) as s:
        assert [x.detail for x in s.exec(select(GmLog).where(GmLog.action == "throttle"))] == \
            ["6 wrong passwords for seat red within 15 minutes: no more are answered until 2026-05-01 08:16 UTC"]


def test_one_sender_goes_unanswered_across_seats_yet_a_right_password_works(world: World) -> None:
    _strangers_answered(world)
    for i in range(6):                                        # 3 for blue and 3 for red: no seat is quiet
        send(world, EVE, f"SIGNON g {'blue' if i % 2 == 0 else 'red'} guess-{i}\n", T0 + timedelta(minutes=1 + i))
    assert len(world.outbox(EVE)) == 5
    send(world, EVE, f"SIGNON g blue {world.secret['blue']}\nPLACE G5\n", T0 + timedelta(minutes=8))
    assert "Orders stored for g turn 0, seat blue" in text_of(last(world, EVE)), \
        "a right password signs on whatever the sender guessed before"
    notices = [m for m in world.outbox(ANN) + world.outbox(BOB) if "wrong passwords" in str(m["Subject"])]
    assert notices == [], "a sender's burst is no seat's news"


def test_the_gm_seat_is_guarded_the_same_way(world: World) -> None:
    for i in range(6):
        world.post(order_mail(EVE, f"SIGNON g gm guess-{i}\nPAUSE\n"))
    run_pass(world, T0 + timedelta(minutes=1))
    send(world, GM, "SIGNON g gm gm-secret\nPAUSE\n", T0 + timedelta(minutes=2))
    text = text_of(last(world, GM))
    assert "GM: paused the game" in text
    assert "3 more mails tried to sign on as the GM of g" in said(text)
    held = [m for m in world.outbox(GM) if "wrong passwords for the GM" in str(m["Subject"])]
    assert len(held) == 1 and len([m for m in world.outbox(GM) if "this copy" in text_of(m)]) == 3
    with db(world) as s:
        assert s.get(Game, "g").status == "paused"


def test_the_limits_come_from_the_config(world: World) -> None:
    world.config.write_text(world.config.read_text() + "\n[limits]\nsignon_failures = 2\n"
                            "signon_window_minutes = 60\nfailed_copies_per_day = 1\n")
    before = len(world.outbox(ANN))
    for i in range(3):
        world.post(order_mail(EVE, f"SIGNON g red guess-{i}\n"))
    run_pass(world, T0 + timedelta(minutes=1))
    assert len(world.outbox(EVE)) == 2, "two wrong passwords are answered, the third is not"
    copies, notices = _mails_about(world, ANN, before)
    assert len(copies) == 1 and len(notices) == 1
    assert "3 mails with a wrong password for seat red of g came within 60 minutes" in said(notices[0])
