"""Valley in French and Spanish: every event the engine logs is a message
(engine.messages) whose English is the event's text, and whose id and values
the catalogues translate, so a French or Spanish report has no English line."""
from __future__ import annotations

import random
from typing import Any

import pytest
from message_checks import assert_messages_are_their_text, assert_translated, ids
from valley_games import RULESET

from engine import SeededDice
from engine.contract import Event
from engine.messages import Join, Msg, Plural, Word
from engine.valley.bots import random_orders
from engine.valley.heuristic import heuristic_orders
from pbem import i18n
from pbem.locale.catalogues import read
from pbem.presenters.valley.report import report as valley_report
from pbem.reports.render import event_text, spoken

SEATS = ["red", "blue", "green", "white"]


def _games() -> list[tuple[Any, list[Event]]]:
    """Eight games of up to 14 turns, half with the fire rules, bots of both kinds:
    (the last state, every event of the game)."""
    out = []
    for seed in range(8):
        st = RULESET.new_game(SEATS, {"fire": seed % 2 == 1}, seed)
        rng, events = random.Random(seed), []
        for turn in range(14):
            if st.stage == "over":
                break
            bot = heuristic_orders if seed % 4 < 2 else random_orders
            sheets = {p: bot(st, p, rng) for p in st.players}
            result = RULESET.resolve(st, sheets, SeededDice(f"{seed}:{turn}"))
            st, events = result.state, events + list(result.events)
        out.append((st, events))
    return out


GAMES = _games()
EVENTS = [e for _st, events in GAMES for e in events]


def test_the_games_log_many_kinds_of_event() -> None:
    kinds = {e.message.id for e in EVENTS if e.message is not None}
    assert len(EVENTS) > 1000 and len(kinds) > 40


def test_every_event_is_a_message_whose_english_is_its_text() -> None:
    assert_messages_are_their_text(EVENTS)


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_every_message_of_the_games_is_translated(lang: str) -> None:
    assert_translated(EVENTS, lang)


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_a_translated_report_has_no_english_event_line(lang: str) -> None:
    with i18n.speaking(lang):
        for st, events in GAMES:
            last = events[-40:]
            seat = next(p for p in SEATS if p in st.players)
            _, text, _ = valley_report(game="v", turn_no=st.game_turn, seat=seat, view=RULESET.view(st, seat),
                                       events=last, deadline="", address="pbem@example.org")
            flat = " ".join(text.split())
            for e in last:
                translated = event_text(e)
                if e.to != seat and e.to is not None:
                    continue
                assert " ".join(translated.split()) in flat
                if any(c.isalpha() for c in e.message.id.replace("{", "").split("}")[-1]) and len(e.text) > 12:
                    assert translated != e.text, (lang, e.text)


def test_an_older_stored_event_without_its_message_is_shown_in_english() -> None:
    stored = {"phase": "tribes", "text": "red moves 1W F6-E6", "to": None}
    with i18n.speaking("fr"):
        assert event_text(stored) == "red moves 1W F6-E6"
        assert event_text({**stored, "message": Msg("{player} moves {tokens} {path}", player="red",
                                                     tokens="1W", path="F6-E6").to_dict()}) \
            == "red déplace 1W F6-E6"


def test_counted_words_keep_the_engines_english_and_take_other_languages_plurals() -> None:
    bears = Plural("{count} {species} moves {path}", "{count} {species} moves {path}", 2,
                   count=2, species=Word("bear", "bears", 2), path="B6-C7")
    assert str(bears) == "2 bear moves B6-C7"
    assert str(Plural("{winners} wins: {reason}", "{winners} win: {reason}", 2,
                      winners=Join(Msg(" and "), ["red", "blue"]), reason="x")) == "red and blue win: x"
    with i18n.speaking("fr"):
        assert spoken(bears) == "2 ours se déplacent B6-C7"
        assert spoken(Msg("the animal die shows {face}: the animals head {direction}", face=5,
                          direction=Msg("SW"))) == "le dé des animaux donne 5\u00a0: les animaux partent vers le SO"
    with i18n.speaking("es"):
        assert spoken(bears) == "2 osos se mueven B6-C7"
    with i18n.speaking("en"):
        assert spoken(bears) == "2 bear moves B6-C7"


def test_the_prompt_is_a_message_too() -> None:
    st = RULESET.new_game(SEATS, {}, 3)
    view = RULESET.view(st, "red")
    assert view["prompt"] == str(Msg(view["prompt_message"]["id"], **view["prompt_message"].get("values", {})))
    with i18n.speaking("fr"):
        assert spoken(view["prompt_message"]) in ("placez votre tribu", f"vos ordres pour le tour {st.game_turn}")


def _help_views() -> list[dict[str, Any]]:
    """Each seat's view at the setup and at every turn of two short bot games."""
    views = []
    for seed in (3, 4):
        st = RULESET.new_game(SEATS, {"fire": True}, seed)
        rng = random.Random(seed)
        for turn in range(6):
            views += [RULESET.view(st, p) for p in st.players] + [RULESET.view(st, None)]
            if st.stage == "over":
                break
            sheets = {p: heuristic_orders(st, p, rng) for p in st.players}
            st = RULESET.resolve(st, sheets, SeededDice(f"{seed}:{turn}")).state
    return views


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_help_has_no_english_line_in_french_or_spanish(lang: str) -> None:
    from pbem.presenters.valley.help import help_lines
    for view in _help_views():
        english = help_lines(view)
        with i18n.speaking(lang):
            translated = help_lines(view)
        assert english and translated
        assert not set(english) & set(translated), (lang, set(english) & set(translated))


BAD_LINES = ["FROB 3", "MOVE", "MOVE 2W", "MOVE 2X C3-C4", "MOVE 0W C3-C4", "MOVE 1W C3", "MOVE 1W C3-C4-C5-C6",
             "MOVE 1W C3-E5", "MOVE 9W 9F C3-C4", "MOVE 1W Z9-C4", "CAMP", "CAMP C3 C4", "FIRE", "FIRE C3",
             "PLAY", "PLAY nothing", "PLAY spear", "PLANT", "PLANT A1", "LOSSES", "LOSSES MAYBE", "COMBAT",
             "PLACE", "PLACE C3 C3", "CONQUER OCCUPY BURN"]


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_the_parsers_refusals_are_messages_translated_in_french_and_spanish(lang: str) -> None:
    """Every problem the Valley parser gives for these lines, at the setup and in a turn,
    comes with its message (and suggestion), and each has a translation."""
    translated = {m.id for m in read(lang) if m.id and m.string}
    setup = RULESET.new_game(SEATS, {}, 1)
    sheets = {p: heuristic_orders(setup, p, random.Random(1)) for p in setup.players}
    turn = RULESET.resolve(setup, sheets, SeededDice("1:0")).state
    seen = 0
    for st in (setup, turn):
        sheet = RULESET.parse_orders(st, "red", "\n".join(BAD_LINES))
        assert len(sheet.problems) >= len(BAD_LINES) // 2
        for p in sheet.problems:
            message, suggestion = p.said
            assert isinstance(message, Msg) and str(message) == p.message, p
            found = ids(message.to_dict()) + (ids(suggestion.to_dict()) if isinstance(suggestion, Msg) else [])
            assert set(found) <= translated, (p, set(found) - translated)
            seen += 1
    assert seen > 30
