"""One Valley game by mail on the real servers whose seats read three languages
at once: red in English (the game's), blue in French (LANGUE fr), green in
Spanish (IDIOMA es). Each writes its orders in its own words, gets its answers
and turn reports in its own language, and the game stores English: the replay
re-resolves it identically."""
from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone

import pytest
from sqlmodel import Session, select

from engine.registry import get_ruleset
from engine.valley import localwords
from pbem.models import Game, Sheet
from pbem_world import ServerWorld, order_mail, password_in, run_pass, text_of

pytestmark = pytest.mark.long     # a whole game or a long run: scheduled first (tests/conftest.py)

T0 = datetime(2026, 6, 1, 10, 0, tzinfo=timezone.utc)
SEATS = {"red": "ann@example.org", "blue": "bob@example.org", "green": "cy@example.org"}
LANGS = {"red": "en", "blue": "fr", "green": "es"}
CHOOSE = {"en": "", "fr": "LANGUE fr\n", "es": "IDIOMA es\n"}
# What only a report in that language says, and the answer to a stored sheet.
HEADING = {"en": "What happened:", "fr": "Ce qui s'est passé\u00a0:", "es": "Lo que ha pasado:"}
STORED = {"en": "Orders stored for tri", "fr": "Ordres enregistrés pour tri", "es": "Órdenes guardadas para tri"}


def _state(world: ServerWorld):  # type: ignore[no-untyped-def]
    with Session(world.engine()) as s:
        game = s.get(Game, "tri")
        return game.turn_no, game.status, get_ruleset(game.ruleset).from_json(game.state_json)


def _stored(world: ServerWorld, seat: str, turn: int) -> str:
    with Session(world.engine()) as s:
        return s.exec(select(Sheet.text).where(Sheet.game_id == "tri", Sheet.seat == seat,
                                               Sheet.turn_no == turn)).one()


def test_a_game_whose_seats_read_english_french_and_spanish(tmp_path, clean_mailboxes, smtp) -> None:
    world = ServerWorld(tmp_path, clean_mailboxes, smtp)
    world.pbem("game", "new", "tri", *[x for seat, a in SEATS.items() for x in ("--seat", f"{seat}:{a}")],
               "--gm", "gm@example.org", "--seed", "tri", "--deadline", "24h")
    world.pbem("game", "start", "tri", "--now", T0.isoformat())
    run_pass(world, T0)
    passwords = {seat: password_in(world.outbox(a)) for seat, a in SEATS.items()}
    ruleset, now, reports = get_ruleset("valley"), T0, 0
    for rnd in range(4):
        turn, status, state = _state(world)
        if status == "over":
            break
        for seat, address in SEATS.items():
            lang = LANGS[seat]
            orders = ruleset.bot_orders(state, seat, random.Random(rnd)).normal
            written = [line if lang == "en" else localwords.localised(line, lang) for line in orders]
            if lang != "en":
                assert written != orders, f"{seat} writes its own words"
            body = f"SIGNON tri {seat} {passwords[seat]}\n" + (CHOOSE[lang] if rnd == 0 else "") + "\n".join(written)
            before = len(world.outbox(address))
            world.post(order_mail(address, body))
            now += timedelta(minutes=10)
            run_pass(world, now)
            answer = text_of(world.outbox(address)[before])
            assert STORED[lang] in answer, (seat, answer)
            assert "\n".join(f"  {line}" for line in written) in answer, "echoed in the seat's words"
            assert _stored(world, seat, turn) == "\n".join(orders), "stored in English"
        now += timedelta(hours=25)
        run_pass(world, now)
        after_turn = _state(world)[0]
        assert after_turn == turn + 1, "the turn ran"
        reports += 1
        for seat, address in SEATS.items():
            report = next(text_of(m) for m in reversed(world.outbox(address)) if "=== pbem report" in text_of(m))
            assert f"=== pbem report tri turn {after_turn} ===" in report
            for lang, heading in HEADING.items():
                assert (heading in report) == (lang == LANGS[seat]), (seat, lang)
    assert reports == 4
    gm = next(text_of(m) for m in reversed(world.outbox("gm@example.org")) if "=== pbem report" in text_of(m))
    assert HEADING["en"] in gm, "the GM's copy is in the game's language"
    replay = world.pbem("replay", "tri")
    assert replay.stdout.endswith("4 of 4 turns reach the same state\n"), replay.stdout
