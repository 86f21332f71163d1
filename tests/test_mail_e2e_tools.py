"""What long games need beyond the turn loop, played through the real mail
servers (Dovecot for IMAP, an aiosmtpd peer for SMTP), pass after pass:
joining and observing, press of every kind, history by mail, every GM command
by mail, and a rollback whose re-run ends where a game that never rolled back
ends."""
from __future__ import annotations

import random
import re
from datetime import datetime, timedelta, timezone

import pytest
from sqlmodel import Session, select

from engine import get_ruleset
from pbem.models import Game, GmLog, Observer, Seat
from pbem_world import ServerWorld, order_mail, password_in, run_pass, text_of

pytestmark = pytest.mark.long     # a whole game or a long run: scheduled first (tests/conftest.py)

T0 = datetime(2026, 7, 1, 9, 0, tzinfo=timezone.utc)
VALLEY = get_ruleset("valley")
ANN, BOB, CY, EVE, GM, WATCHER = (f"{u}@example.org" for u in ("ann", "bob", "cy", "eve", "gm", "watcher"))


@pytest.fixture
def world(tmp_path, clean_mailboxes, smtp, database) -> ServerWorld:
    return ServerWorld(tmp_path, clean_mailboxes, smtp, database=database)


def process(world: ServerWorld, at: datetime) -> None:
    code, summary = run_pass(world, at)
    assert code == 0, summary.notes


def mail(world: ServerWorld, sender: str, body: str, at: datetime) -> None:
    """Deliver one mail to the server's inbox and run a pass a minute later."""
    world.post(order_mail(sender, body))
    process(world, at)


def confirmed(world: ServerWorld, sender: str, body: str, game: str, at: datetime) -> None:
    """A JOIN or OBSERVE, confirmed the way a player does it: a plain Reply to
    the answer, its text quoted, half a minute later."""
    mail(world, sender, body, at)
    request = [m for m in world.outbox(sender) if str(m["Subject"]).startswith(f"[{game}] confirm ")][-1]
    assert "Reply to this mail to confirm" in text_of(request)
    quoted = "\n".join("> " + line for line in text_of(request).splitlines())
    world.post(order_mail(sender, f"Yes.\n\n{quoted}\n", subject=f"Re: {request['Subject']}"))
    process(world, at + timedelta(seconds=30))


def new_game(world: ServerWorld, *args: str) -> str:
    """`pbem game new`; returns the GM password it prints."""
    out = world.pbem("game", "new", *args).stdout
    return re.search(r"GM password: (\S+)", out).group(1)


def texts(world: ServerWorld, address: str, game: str, subject: str = "") -> list[str]:
    return [text_of(m) for m in world.outbox(address)
            if str(m["Subject"]).startswith(f"[{game}]") and subject in str(m["Subject"])]


def last(world: ServerWorld, address: str, game: str) -> str:
    found = texts(world, address, game)
    assert found, f"no mail about {game} reached {address}"
    return found[-1]


def password(world: ServerWorld, address: str, game: str) -> str:
    """The newest password mailed to ``address`` for ``game``."""
    return password_in([m for m in reversed(world.outbox(address)) if str(m["Subject"]).startswith(f"[{game}]")])


def state_of(world: ServerWorld, game_id: str):  # type: ignore[no-untyped-def]
    with Session(world.engine()) as s:
        game = s.get(Game, game_id)
        return game.turn_no, game.state_json, game.status


def bot_sheet(world: ServerWorld, game_id: str, seat: str, secret: str) -> str:
    turn, state_json, _ = state_of(world, game_id)
    orders = VALLEY.bot_orders(VALLEY.from_json(state_json), seat, random.Random(f"{seat}:{turn}")).normal
    return f"SIGNON {game_id} {seat} {secret}\nTURN {turn}\n" + "\n".join(orders) + "\n"


def test_joining_observing_press_and_history(world: ServerWorld) -> None:
    gm_pw = new_game(world, "o", "--open", "3", "--gm", GM, "--seed", "tools", "--deadline", "24h")
    confirmed(world, ANN, "JOIN o red", "o", T0)
    assert "You joined o as red" in last(world, ANN, "o")
    confirmed(world, BOB, "Hello!\nJOIN o blue\n", "o", T0 + timedelta(minutes=1))
    mail(world, BOB, "JOIN o green", T0 + timedelta(minutes=2))
    assert "bob@example.org already has a seat in o" in last(world, BOB, "o")
    confirmed(world, CY, "JOIN o green", "o", T0 + timedelta(minutes=3))
    assert "Every seat is taken" in last(world, GM, "o")
    mail(world, EVE, "JOIN o white", T0 + timedelta(minutes=4))
    assert "every seat of o is taken" in last(world, EVE, "o")
    confirmed(world, WATCHER, "OBSERVE o", "o", T0 + timedelta(minutes=5))
    assert "You follow o" in last(world, WATCHER, "o")
    mail(world, EVE, f"SIGNON o gm {gm_pw}x\nSTART\n", T0 + timedelta(minutes=6))
    assert "wrong GM password" in last(world, EVE, "o") and state_of(world, "o")[2] == "new"
    mail(world, GM, f"SIGNON o gm {gm_pw}\nSTART\n", T0 + timedelta(minutes=7))
    assert state_of(world, "o")[2] == "active"
    secret = {seat: password(world, who, "o") for seat, who in (("red", ANN), ("blue", BOB), ("green", CY))}

    # Press: private, broadcast, anonymous; nobody presses as another seat.
    t = T0 + timedelta(minutes=10)
    mail(world, ANN, f"SIGNON o red {secret['red']}\nPRESS TO blue\nShall we share the lake?\nENDPRESS\n", t)
    assert "Press sent to blue" in last(world, ANN, "o")
    assert "Shall we share the lake?" in texts(world, BOB, "o", "press from red")[0]
    assert not texts(world, CY, "o", "press"), "private press reaches only the named seat"
    mail(world, BOB, f"SIGNON o blue {secret['blue']}\nPRESS TO ALL ANON\nBeware the wolves.\nENDPRESS\n",
         t + timedelta(minutes=1))
    for address in (ANN, CY):
        [anon] = texts(world, address, "o", "press from anonymous")
        assert "Beware the wolves." in anon and "from anonymous" in anon and "blue" not in anon
    mail(world, CY, f"SIGNON o red {secret['green']}\nPRESS TO blue\nI am red, trust me.\nENDPRESS\n",
         t + timedelta(minutes=2))
    assert "wrong password for seat red" in last(world, CY, "o")
    assert len(texts(world, BOB, "o", "press")) == 1, "a seat may not press as another"

    # Orders, the turn, reports for seats, the GM and the observer.
    for i, (seat, who) in enumerate((("red", ANN), ("blue", BOB), ("green", CY))):
        mail(world, who, bot_sheet(world, "o", seat, secret[seat]), t + timedelta(minutes=10 + i))
    process(world, T0 + timedelta(hours=25))
    assert state_of(world, "o")[0] == 1
    [watched] = texts(world, WATCHER, "o", "turn 1 report")
    assert "report for" not in watched and "Your fate cards" not in watched
    assert texts(world, GM, "o", "turn 1 report") and texts(world, ANN, "o", "turn 1 report for red")

    # History by mail: the seat's own view, never another seat's private facts.
    mail(world, ANN, f"SIGNON o red {secret['red']}\nHISTORY 1\n", T0 + timedelta(hours=26))
    history = last(world, ANN, "o")
    assert "=== pbem report o turn 1 ===" in history and "report for red" in history
    assert "report for blue" not in history and "report for green" not in history
    mail(world, ANN, f"SIGNON o red {secret['red']}\nHISTORY 7\n", T0 + timedelta(hours=26, minutes=1))
    assert "o has reports for turns 0 to 1, not 7" in last(world, ANN, "o")

    # The observer leaves; the next turn's report no longer reaches it.
    confirmed(world, WATCHER, "OBSERVE o OFF", "o", T0 + timedelta(hours=27))
    assert "You no longer follow o" in last(world, WATCHER, "o")
    mail(world, GM, f"SIGNON o gm {gm_pw}\nPROCESS NOW\n", T0 + timedelta(hours=28))
    assert state_of(world, "o")[0] == 2
    assert not texts(world, WATCHER, "o", "turn 2 report")
    with Session(world.engine()) as s:
        assert s.exec(select(Observer)).first() is None
        actions = [x.action for x in s.exec(select(GmLog).where(GmLog.game_id == "o"))]
    assert actions.count("join") == 3 and actions.count("observe") == 2 and "start" in actions


@pytest.mark.parametrize("rule, anon, body, answer", [
    ("none", "--anon", "PRESS TO ALL\nhi\nENDPRESS", "this game allows no press"),
    ("public", "--anon", "PRESS TO blue\nhi\nENDPRESS", "public press only"),
    ("private", "--no-anon", "PRESS TO blue ANON\nhi\nENDPRESS", "allows no anonymous press"),
])
def test_press_refused_by_the_games_rule(world: ServerWorld, rule: str, anon: str, body: str, answer: str) -> None:
    new_game(world, "p", "--seat", f"red:{ANN}", "--seat", f"blue:{BOB}", "--press", rule, anon)
    world.pbem("game", "start", "p", "--now", T0.isoformat())
    process(world, T0)
    mail(world, ANN, f"SIGNON p red {password(world, ANN, 'p')}\n{body}\n", T0 + timedelta(minutes=5))
    assert answer in last(world, ANN, "p") and "nothing was sent" in last(world, ANN, "p")
    assert not texts(world, BOB, "p", "press")


def test_every_gm_command_and_a_rollback_rerun(world: ServerWorld) -> None:
    """Game a is run by every GM mail command; its twin b (same seed, same
    sheets) is only ever told PROCESS NOW. After a rollback and re-run, a is
    where b is."""
    seats = ("--seat", f"red:{ANN}", "--seat", f"blue:{BOB}", "--gm", GM, "--seed", "twin", "--deadline", "24h")
    gm_pw = new_game(world, "a", *seats)
    twin_pw = new_game(world, "b", *seats)
    for game in ("a", "b"):
        world.pbem("game", "start", game, "--now", T0.isoformat())
    process(world, T0)
    secret = {(g, seat): password(world, who, g) for g in "ab" for seat, who in (("red", ANN), ("blue", BOB))}
    gm = f"SIGNON a gm {gm_pw}\n"
    twin = f"SIGNON b gm {twin_pw}\nPROCESS NOW\n"
    clock = [T0]

    def at(minutes: int = 1) -> datetime:
        clock[0] += timedelta(minutes=minutes)
        return clock[0]

    def orders_to_both() -> None:
        for game in "ab":
            for seat, who in (("red", ANN), ("blue", BOB)):
                world.post(order_mail(who, bot_sheet(world, game, seat, secret[(game, seat)])))
        process(world, at())

    # Turn 0: PREVIEW, PAUSE holds the game past its deadline, RESUME, EXTEND, PROCESS NOW.
    orders_to_both()
    mail(world, GM, gm + "PREVIEW\n", at())
    assert "PREVIEW: nothing was stored" in last(world, GM, "a") and state_of(world, "a")[0] == 0
    mail(world, GM, gm + "PAUSE\n", at())
    process(world, at(25 * 60))
    assert state_of(world, "a")[0] == 0 and state_of(world, "b")[0] == 1, "a paused game does not run"
    mail(world, ANN, f"SIGNON a red {secret[('a', 'red')]}\nSTATUS\n", at())
    assert "paused" in last(world, ANN, "a")
    mail(world, GM, gm + "RESUME\nEXTEND 12h\nSTATUS\n", at())
    assert "The GM extended the deadline" in last(world, BOB, "a")
    mail(world, GM, gm + "PROCESS NOW\n", at())
    assert state_of(world, "a")[:2] == state_of(world, "b")[:2]

    # Turn 1: both games run it; a rolls back, the seats are told, a re-runs it.
    orders_to_both()
    world.post(order_mail(GM, twin))
    mail(world, GM, gm + "PROCESS NOW\n", at())
    assert state_of(world, "a")[:2] == state_of(world, "b")[:2] and state_of(world, "a")[0] == 2
    mail(world, GM, gm + "ROLLBACK\n", at())
    assert "rolled the game back to turn 1" in last(world, GM, "a") and state_of(world, "a")[0] == 1
    assert "no longer counts" in texts(world, ANN, "a", "turn 1 rolled back")[0]
    mail(world, GM, gm + "PROCESS NOW\n", at())
    assert state_of(world, "a")[:2] == state_of(world, "b")[:2], "the re-run ends where the twin is"
    assert len(texts(world, BOB, "a", "turn 2 report")) == 2, "the re-run's report follows the notice"

    # REPLACE: blue's new player gets a password; the old one is locked out.
    mail(world, GM, gm + f"REPLACE blue {CY}\n", at())
    assert "bob@example.org is replaced by cy@example.org" in last(world, GM, "a")
    cy = password(world, CY, "a")
    mail(world, BOB, f"SIGNON a blue {secret[('a', 'blue')]}\nSTATUS\n", at())
    assert "wrong password for seat blue" in last(world, BOB, "a")
    mail(world, CY, f"SIGNON a blue {cy}\nVACATION 1\n", at())
    assert "You are away for 1 turn," in last(world, CY, "a")

    # BOT: red in civil disorder plays a bot's sheet, then is taken out of it.
    mail(world, GM, gm + "BOT red ON\nPROCESS NOW\n", at())
    with Session(world.engine()) as s:
        red = s.exec(select(Seat).where(Seat.game_id == "a", Seat.name == "red")).one()
        blue = s.exec(select(Seat).where(Seat.game_id == "a", Seat.name == "blue")).one()
        assert red.bot and blue.missed_turns == 0
    assert state_of(world, "a")[0] == 3
    mail(world, GM, gm + "BOT red OFF\n", at())
    assert "red" in last(world, GM, "a")

    # END: the game is over, every seat is told; the GM log holds every action.
    mail(world, GM, gm + "END\n", at())
    assert state_of(world, "a")[2] == "over"
    assert "The GM ended a at turn 3" in texts(world, ANN, "a", "the game is over")[0]
    log = world.pbem("history", "a", "--gm-log").stdout
    for action in ("pause", "resume", "extend", "process", "rollback", "replace", "bot", "end"):
        assert action in log, action
    with Session(world.engine()) as s:
        actions = [x.action for x in s.exec(select(GmLog).where(GmLog.game_id == "a"))]
    assert actions.count("rollback") == actions.count("end") == actions.count("replace") == 1
    assert actions.count("bot") == 2 and actions.count("process") == 4
    assert len(texts(world, ANN, "a", "rolled back")) == 1 and len(texts(world, ANN, "a", "over")) == 1
