"""The server cannot be made to mail strangers: answers to addresses it does
not know are capped per hour, per domain and per address, a confirmation
goes once to an address for a game while its token is good, and what is
held back is counted in `pbem status`. Mail that signed on is always
answered, past the daily cap with a short answer; chosen passwords follow a
policy. On the real server (Maildir transport)."""
from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from click.testing import CliRunner
from sqlmodel import select

from pbem.cli import main
from pbem.models import Seat, StrangerMail
from pbem_world import World, order_mail, run_pass, said, text_of
from test_mail_abuse import ANN, T0, WATCHER, db, last, request_of, send, world  # noqa: F401 (the fixture)
from test_mail_abuse import world as on_both_databases


@pytest.fixture
def one(tmp_path: Path) -> World:
    """The abuse tests' game g on SQLite only: the caps' queries are run on
    both databases by the tests that take ``world``."""
    return on_both_databases.__wrapped__(tmp_path, "sqlite:///pbem.sqlite")


def _status(world: World) -> str:
    result = CliRunner().invoke(main, ["--config", str(world.config), "status", "--now",
                                       (T0 + timedelta(minutes=30)).isoformat()])
    assert result.exit_code == 0, result.output
    return result.output


def test_five_hundred_forged_observe_mails_send_at_most_the_cap(one: World) -> None:
    world = one
    for i in range(500):
        world.post(order_mail(f"victim{i}@d{i % 25}.example", "OBSERVE g\n"))
    run_pass(world, T0 + timedelta(minutes=5))
    mailed = [p for p in (world.root / "out").iterdir() if p.name.startswith("victim")]
    assert len(mailed) == 60, "the hourly cap on mail to new addresses (strangers_per_hour)"
    assert "mail to new addresses: 440 held back in the last 24 hours (440 over the hourly cap)" in _status(world)
    with db(world) as s:
        assert len(list(s.exec(select(StrangerMail).where(StrangerMail.held == "")))) == 60


def test_one_domain_and_one_address_have_caps_of_their_own(world: World) -> None:
    for i in range(15):
        world.post(order_mail(f"victim{i}@one.example", "OBSERVE g\n"))
    for i in range(8):
        world.post(order_mail("again@two.example", f"hello {i}\n"))
    run_pass(world, T0 + timedelta(minutes=5))
    assert len([p for p in (world.root / "out").iterdir() if p.name.endswith("@one.example")]) == 10
    assert len(world.outbox("again@two.example")) == 5
    status = _status(world)
    assert "8 held back" in status and "5 over a domain's hourly cap" in status \
        and "3 over an address's daily cap" in status


def test_a_confirmation_goes_once_while_its_token_is_good(one: World) -> None:
    world = one
    send(world, WATCHER, "OBSERVE g\n", T0 + timedelta(minutes=1))
    first, token = request_of(world, WATCHER)
    send(world, WATCHER, "OBSERVE g\n", T0 + timedelta(minutes=2))
    assert len(world.outbox(WATCHER)) == 1, "no second confirmation while the first is good"
    assert "1 confirmations asked for again" in _status(world)
    send(world, WATCHER, "OBSERVE g\n", T0 + timedelta(hours=49))
    assert len(world.outbox(WATCHER)) == 2 and request_of(world, WATCHER)[1] != token, "a new one once it expired"


def test_known_addresses_are_not_strangers(one: World) -> None:
    world = one
    for i in range(12):
        world.post(order_mail(ANN, f"HELP {i}\n"))
    run_pass(world, T0 + timedelta(minutes=5))
    assert len(world.outbox(ANN)) >= 12, "a seat's address gets its answers (up to answers_per_day)"


def test_signed_on_mail_past_the_daily_cap_gets_a_short_answer(one: World) -> None:
    world = one
    world.config.write_text(world.config.read_text() + "\n[limits]\nanswers_per_day = 2\n")
    before = len(world.outbox(ANN))
    for minute in range(1, 5):
        send(world, ANN, f"SIGNON g red {world.secret['red']}\nPLACE C3\nHELP\n", T0 + timedelta(minutes=minute))
    answers = [text_of(m) for m in world.outbox(ANN)[before:]]
    assert len(answers) == 4, "signed-on mail is never left unanswered"
    assert all("Orders stored for g turn 0, seat red" in t for t in answers)
    assert "A short answer: 2 answers went to this address today" in said(answers[-1])
    assert len(answers[-1]) < len(answers[0]) / 2


def test_a_chosen_password_must_be_hard_to_guess(one: World) -> None:
    world = one
    red, minute = world.secret["red"], 0
    for weak, why in [("123456", "shorter than 10 characters"), ("password2024!", "guessers try first"),
                      ("P4ssw0rd123", "guessers try first"), ("qwertyuiop", "guessers try first"),
                      ("abcdefghijk", "a run along the alphabet"), ("zzzzzzzzzzzz", "fewer than 5 different"),
                      ("g-red-ann-20", "the names of the game, the seat or your address")]:
        minute += 1
        send(world, ANN, f"SIGNON g red {red}\nPASSWORD {weak}\n", T0 + timedelta(minutes=minute))
        text = said(text_of(last(world, ANN)))
        assert "that password is refused" in text and why in text and "your password is unchanged" in text, text
    with db(world) as s:
        stored = s.exec(select(Seat.password_hash).where(Seat.name == "red")).one()
    send(world, ANN, f"SIGNON g red {red}\nPASSWORD tiv7-kolu-mep3\n", T0 + timedelta(minutes=10))
    assert "Your password was changed" in text_of(last(world, ANN))
    with db(world) as s:
        assert s.exec(select(Seat.password_hash).where(Seat.name == "red")).one() != stored
