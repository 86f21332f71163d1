"""Dewan in French and Spanish: every event of a seat's turn (engine/dewan/turn.py:
the draft, takes, camps, bonuses, stories, scores, the end) is a message
(engine.messages) whose English is the event's text and whose ids the fr and es
catalogues translate, so those lines of a French or Spanish report are not English.
The pre-order notes (phase "plan", engine/dewan/flow.py) are not messages yet."""
from __future__ import annotations

import random
from typing import Any

import pytest
from message_checks import assert_messages_are_their_text, assert_translated

from engine.contract import Event
from engine.dewan import RULESET
from engine.dewan.simulate import BOTS, SEATS
from engine.dice import SeededDice
from engine.messages import Msg
from pbem import i18n
from pbem.presenters.dewan.report import report as dewan_report
from pbem.reports.render import event_text, spoken

UNTRANSLATED = {"plan"}       # flow.py's pre-order notes: still English only


def _game(seed: int, players: int, bot: str) -> tuple[Any, list[Event]]:
    """A whole game of bots, every seat asked when it must move: (the last state, its events)."""
    seats = list(SEATS[:players])
    st = RULESET.new_game(seats, {}, seed)
    rng, events = random.Random(seed), []
    for step in range(1000):
        if RULESET.outcome(st) is not None:
            break
        sheets = {}
        for seat in RULESET.awaiting(st):
            text = "\n".join(BOTS[bot](st, seat, rng).normal)
            sheets[seat] = RULESET.parse_orders(st, seat, text)
        result = RULESET.resolve(st, sheets, SeededDice(f"{seed}:{step}"))
        st, events = result.state, events + list(result.events)
    return st, events


GAMES = [_game(seed, 2 + seed % 3, ("heuristic", "random")[seed % 2]) for seed in range(6)]
EVENTS = [e for _st, events in GAMES for e in events if e.phase not in UNTRANSLATED]


def test_the_games_end_and_log_many_kinds_of_event() -> None:
    assert all(RULESET.outcome(st) is not None for st, _ in GAMES)
    kinds = {e.message.id for e in EVENTS}
    assert len(EVENTS) > 300 and len(kinds) > 12
    assert {"draft", "take", "camp", "story", "score", "end"} <= {e.phase for e in EVENTS}


def test_every_turn_event_is_a_message_whose_english_is_its_text() -> None:
    assert_messages_are_their_text(EVENTS)


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_every_message_of_the_games_is_translated(lang: str) -> None:
    assert_translated(EVENTS, lang)


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_a_translated_report_has_no_english_turn_event(lang: str) -> None:
    with i18n.speaking(lang):
        for st, events in GAMES:
            last = [e for e in events[-30:] if e.phase not in UNTRANSLATED]
            seat = st.players[0]
            _, text, _ = dewan_report(game="d", turn_no=st.step, seat=seat, view=RULESET.view(st, seat),
                                      events=last, deadline="", address="pbem@example.org")
            flat = " ".join(text.split())
            for e in last:
                if e.to is not None and e.to != seat:
                    continue
                translated = event_text(e)
                assert " ".join(translated.split()) in flat
                assert translated != e.text, (lang, e.text)


def test_counted_and_joined_values_take_each_languages_forms() -> None:
    from engine.messages import Join, Plural
    over = Plural("The game is over: {seats} wins.", "The game is over: {seats} win.", 2,
                  seats=Join(Msg(" and "), ["red", "blue"]))
    assert str(over) == "The game is over: red and blue win."
    with i18n.speaking("fr"):
        assert spoken(over) == "La partie est terminée\u00a0: red et blue gagnent."
    with i18n.speaking("es"):
        drew = Plural("{seat} draws {n} card face down.", "{seat} draws {n} cards face down.", 1, seat="red", n=1)
        assert spoken(drew) == "red roba 1 carta boca abajo."


@pytest.mark.parametrize("lang, title", [("fr", "Les tours"), ("es", "Los turnos"), ("en", "The turns")])
def test_the_reports_parts_are_titled_in_the_readers_language(lang: str, title: str) -> None:
    st, events = GAMES[0]
    with i18n.speaking(lang):
        _, text, html = dewan_report(game="d", turn_no=st.step, seat=st.players[0], view=RULESET.view(st, st.players[0]),
                                     events=events[-30:], deadline="", address="pbem@example.org")
    assert title in text and title in html


@pytest.mark.parametrize("form", ["txt", "html"])
@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_golden_dewan_report_of_a_seeded_game(lang: str, form: str) -> None:
    """The end of the seeded 3-clan game of seed 1 as red reads it (its last 25 events)."""
    from test_reports import _golden
    st, events = GAMES[1]
    with i18n.speaking(lang):
        _, text, html = dewan_report(game="d", turn_no=st.step, seat="red", view=RULESET.view(st, "red"),
                                     events=events[-25:], deadline="", address="pbem@example.org")
    name = "dewan-report-red" + ("" if lang == "en" else f".{lang}")
    _golden(f"{name}.{form}", text if form == "txt" else html)
