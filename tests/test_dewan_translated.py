"""Dewan in French and Spanish: every event of a seat's turn (engine/dewan/turn.py:
the draft, takes, camps, bonuses, stories, scores, the end) and every pre-order
note (phase "plan", engine/dewan/flow.py, with legal.py's reasons) is a message
(engine.messages) whose English is the event's text and whose ids the fr and es
catalogues translate; the report's frame, map legends, prompt and hints, HELP and
the parser's refusals are in the reader's language too, with no English left but
the order words, the card notation (F/fire) and the report's marker lines."""
from __future__ import annotations

import random
import re
from markupsafe import Markup
from typing import Any

import pytest
from message_checks import (asked_first, assert_messages_are_their_text, assert_problems_translated,
                            assert_reasons_translated, assert_translated)

from engine.contract import Event
from engine.dewan import RULESET
from engine.dewan.simulate import BOTS, SEATS
from engine.dice import SeededDice
from engine.messages import Msg
from pbem import i18n
from pbem.presenters.dewan.help import help_lines
from pbem.presenters.dewan.report import report as dewan_report
from pbem.reports.render import event_text, spoken

UNTRANSLATED: set[str] = set()      # every phase's events are messages now
# Pre-orders a seat not to move sends now and then: kept, then played, skipped or dropped.
PRE_ORDERS = ["TAKE 1 2 IF F M\nTAKE 5 6 IF D D\nTAKE 2 3", "TAKE 3 4 IF W W", "", "TAKE 4 5\nTAKE 1 2",
              "TAKE 1 2 IF D D", "TAKE 2 3 IF P P\nTAKE 5 6"]


def _game(seed: int, players: int, bot: str, ahead: bool = True) -> tuple[Any, list[Event]]:
    """A whole game of bots, every seat asked when it must move, and (with ``ahead``) now and
    then a line that cannot be played and another seat sending pre-orders: (the last state,
    its events)."""
    seats = list(SEATS[:players])
    st = RULESET.new_game(seats, {}, seed)
    rng, events = random.Random(seed), []
    for step in range(1000):
        if RULESET.outcome(st) is not None:
            break
        sheets = {}
        awaited = RULESET.awaiting(st)
        for seat in awaited:
            text = "\n".join(BOTS[bot](st, seat, rng).normal)
            if ahead and step % 5 == 1:         # a first line that cannot be played: skipped, with the reason
                text = "TAKE 1 2 IF W/crystal W/crystal\n" + text
            sheets[seat] = RULESET.parse_orders(st, seat, text)
        early = seats[(seats.index(st.to_move) + 1 + step % 2) % players]
        if ahead and step % 2 == 0 and early not in awaited and early != st.to_move:
            sheets[early] = RULESET.parse_orders(st, early, PRE_ORDERS[step // 2 % len(PRE_ORDERS)])
        result = RULESET.resolve(st, sheets, SeededDice(f"{seed}:{step}"))
        st, events = result.state, events + list(result.events)
    return st, events


GAMES = [_game(seed, 2 + seed % 3, ("heuristic", "random")[seed % 2]) for seed in range(6)]
PLAIN = _game(1, 3, "random", ahead=False)        # the golden files' game: no pre-orders
EVENTS = [e for _st, events in GAMES for e in events if e.phase not in UNTRANSLATED]


def test_the_games_end_and_log_many_kinds_of_event() -> None:
    assert all(RULESET.outcome(st) is not None for st, _ in GAMES)
    kinds = {e.message.id for e in EVENTS}
    assert len(EVENTS) > 300 and len(kinds) > 12
    assert {"draft", "take", "camp", "story", "score", "end", "plan"} <= {e.phase for e in EVENTS}
    notes = {e.message.id for e in EVENTS if e.phase == "plan"}
    assert len(notes) >= 5, notes


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
    st, events = PLAIN
    with i18n.speaking(lang):
        _, text, html = dewan_report(game="d", turn_no=st.step, seat="red", view=RULESET.view(st, "red"),
                                     events=events[-25:], deadline="", address="pbem@example.org")
    name = "dewan-report-red" + ("" if lang == "en" else f".{lang}")
    _golden(f"{name}.{form}", text if form == "txt" else html)


# -- the rest of the report, HELP, the refusals ---------------------------------------------

_CARD = re.compile(r"^[FMDPWS]{1,2}(/(fire|berry|artifact|pigment|crystal))?$")
_SAME = {"pigment", "cristal", "clans", "Dewan"}        # words French or Spanish write as English does


def english_left(english: str, translated: str, seats: list[str]) -> list[str]:
    """The lines (or HTML texts) a translated report shares with the English one that have
    words in them: not the marker lines, the map, card notation, hexes, seats, order lines."""
    def pieces(text: str) -> set[str]:
        if "<html" in text or "<svg" in text:        # the text between tags, after the head (pbem's, shared)
            body = re.sub(r"<pre>.*?</pre>", "", text.split("<body>", 1)[-1], flags=re.S)
            return {t.strip() for t in re.findall(r">([^<]+)<", body)}
        return {line.strip() for line in text.splitlines()}

    left = []
    for piece in pieces(english) & pieces(translated):
        if piece.startswith("===") or piece.startswith(("SIGNON", "TURN", "# TAKE", "# CAMP", "TAKE", "CAMP",
                                                        "STORY")):
            continue
        words = [w for w in re.split(r"[\s,.:;()]+", piece) if w]
        if any(re.fullmatch(r"[A-Za-z]{3,}", w) and w not in seats and w not in _SAME
               and not _CARD.match(w) for w in words):
            left.append(piece)
    return left


def _reports(st: Any, events: list[Event], seat: str | None, lang: str) -> tuple[str, str, str]:
    with i18n.speaking(lang):
        return dewan_report(game="d", turn_no=st.step, seat=seat, view=RULESET.view(st, seat), events=events,
                            deadline="Mon 4 May 2026, 10:00 UTC", address="pbem@example.org", missed={seat: 2})


def _positions() -> list[tuple[Any, list[Event]]]:
    """Positions along two bot games (the draft, the turns with pre-orders kept, the end), with the
    events that led there."""
    out = []
    for seed in (1, 2):
        seats = list(SEATS[:3])
        st = RULESET.new_game(seats, {}, seed)
        rng, events = random.Random(seed), []
        for step in range(200):
            if step in (0, 1, 2, 3, 9, 25, 40) or RULESET.outcome(st) is not None:
                out.append((st, events[-30:]))
            if RULESET.outcome(st) is not None:
                break
            sheets = {seat: RULESET.parse_orders(st, seat, "\n".join(BOTS["heuristic"](st, seat, rng).normal))
                      for seat in RULESET.awaiting(st)}
            ahead = seats[(seats.index(st.to_move) + 1) % len(seats)]
            if step % 4 == 0 and ahead not in sheets:
                sheets[ahead] = RULESET.parse_orders(st, ahead, "TAKE 1 2 IF F M\nTAKE 3 4")
            result = RULESET.resolve(st, sheets, SeededDice(f"{seed}:{step}"))
            st, events = result.state, events + list(result.events)
    return out


POSITIONS = _positions()


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_a_translated_report_has_no_english_left(lang: str) -> None:
    """The frame, the map's legends (text and SVG), the row, the hand, the stories, the clans,
    the scores, the prompt and the hints, for the seat to move, another seat and the public."""
    assert any(st.stage == "draft" for st, _ in POSITIONS) and any(st.stage == "over" for st, _ in POSITIONS)
    assert any(st.plans for st, _ in POSITIONS)
    for st, events in POSITIONS:
        for seat in dict.fromkeys([st.to_move, *st.players, None]):
            english = _reports(st, events, seat, "en")
            translated = _reports(st, events, seat, lang)
            for part in range(3):
                left = english_left(english[part], translated[part], list(st.players))
                assert not left, (lang, seat, st.step, part, left)
            over = [line for line in translated[1].splitlines() if len(line) > 72]
            assert not over, (lang, seat, st.step, over)          # the text report fits 72 columns


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_the_prompt_is_a_message_and_the_report_asks_in_the_readers_language(lang: str) -> None:
    st, _ = POSITIONS[0]
    view = RULESET.view(st, st.to_move)
    message = view["prompt_message"]
    assert view["prompt"] == RULESET.prompt(st, st.to_move) == str(Msg(message["id"], **message.get("values", {})))
    with i18n.speaking(lang):
        asked = spoken(message)
        _, text, html = _reports(st, [], st.to_move, lang)
    assert asked != view["prompt"] and " ".join(asked.split()) in " ".join(text.split())
    assert str(Markup.escape(asked)) in html


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_help_has_no_english_line_in_french_or_spanish(lang: str) -> None:
    for st, _events in POSITIONS:
        for seat in [*st.players, None]:
            view = RULESET.view(st, seat)
            english = help_lines(view)
            with i18n.speaking(lang):
                translated = help_lines(view)
            kept = {f"  {line}" for line in view["pre_orders"]}
            same = set(english) & set(translated) - kept - {
                "  CAMP <hex>-...-<hex> [PAY <cards>] [STORY <i>] [TUCK <card>]"}
            assert (english and translated or view["stage"] == "over") and not same, (lang, seat, same)
            assert all(len(line) <= 72 for line in translated), max(translated, key=len)


def _bad_lines(st: Any, seat: str) -> list[str]:
    """Lines the parser refuses, many of them against the seat's own position."""
    camp = st.camps[seat][0]
    near = st.board.adjacent(camp)
    other = next(p for p in st.players if p != seat)
    theirs = st.camps[other][0]
    far = next(h for h in st.board.names if h not in near and h != camp)
    lines = ["FROB 3", "TKAE 1 2", "TAKE", "TAKE 1", "TAKE 1 1", "TAKE 1 3", "TAKE 1 6", "TAKE 0 1", "TAKE 1 2 IF F",
             "TAKE 1 2 IF X Y", "CAMP", f"CAMP {camp}", "CAMP Z9-A1", "CAMP QQ-A1", f"CAMP {camp}-{far}",
             "STORY", "STORY 9", "STORY 1 IF nothing", "STORY 1 2", "OR", "TAKE 1 2 OR",
             f"CAMP {camp}-{near[0]} FOO", f"CAMP {camp}-{near[0]} PAY", f"CAMP {camp}-{near[0]} PAY F PAY M",
             f"CAMP {camp}-{near[0]} STORY", f"CAMP {camp}-{near[0]} TUCK", f"CAMP {camp}-{near[0]}-{camp}",
             f"CAMP {camp}-{near[0]} PAY Q", f"CAMP {camp}-{near[0]} PAY F", f"CAMP {camp}-{near[0]} PAY W/crystal W",
             f"CAMP {camp}-{near[0]} STORY 1", f"CAMP {camp}-{near[0]} TUCK W/crystal", f"CAMP {far}-{camp}",
             f"CAMP {camp}-{theirs}" if theirs in near else f"CAMP {near[0]}-{camp}"]
    starts = [h for h, x in st.board.hexes.items() if x.terrain == "S" and h in near]
    water = [h for h in near if st.board.terrain(h) == "W"]
    return lines + [f"CAMP {camp}-{h}" for h in starts + water]


def _refused(lang: str) -> list[Any]:
    """Every problem of the bad lines, in the draft and in a turn, for every seat."""
    draft = RULESET.new_game(["red", "blue", "green"], {}, 1)
    sheets = {}
    st = draft
    for step in range(4):           # through the draft into round 1
        sheets = {seat: RULESET.parse_orders(st, seat, "STORY 1") for seat in RULESET.awaiting(st)}
        st = RULESET.resolve(st, sheets, SeededDice(f"1:{step}")).state
    assert st.stage == "play"
    problems = []
    for position in (draft, st):
        for seat in position.players:
            problems += RULESET.parse_orders(position, seat, "\n".join(_bad_lines(position, seat))).problems
        mover = position.to_move     # lines none of which can be played now
        problems += RULESET.parse_orders(position, mover, "TAKE 1 2 IF W/crystal W/crystal\nSTORY 1 IF s99").problems
        problems += RULESET.parse_orders(position, mover, "TAKE 1 2 IF W/crystal W/crystal").problems
    problems += RULESET.parse_orders(st, "nobody", "TAKE 1 2").problems
    return problems


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_the_parsers_refusals_are_messages_translated_in_french_and_spanish(lang: str) -> None:
    """Every problem Dewan's parser gives comes with its message (and suggestion), whose
    English is the problem's text, and every id in them has a translation."""
    problems = _refused(lang)
    kinds = assert_problems_translated(problems, lang)
    assert len(problems) > 60 and len(kinds) >= 30, (len(problems), len(kinds))


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_legal_reasons_are_messages_translated(lang: str) -> None:
    """legal.why_not's reasons (the refused lines of the seat to move, the pre-orders dropped)."""
    from engine.dewan import legal
    from engine.dewan.orders import Camp, Pick, Take
    reasons = []
    for st, _events in POSITIONS:
        for seat in st.players:
            camp = st.camps[seat][0]
            orders = [Pick(1), Pick(5, "s99"), Take(1, 2, ("W/crystal", "W/crystal")),
                      *[Camp((camp, n)) for n in st.board.adjacent(camp)],
                      *[Camp((camp, n), ("F", "F")) for n in st.board.adjacent(camp)],
                      *[Camp((camp, n), (), 5, "W/crystal") for n in st.board.adjacent(camp)],
                      Camp((st.board.names[0], st.board.names[1]))]
            reasons += [why for order in orders if (why := legal.why_not(st, seat, order))]
    assert_reasons_translated(reasons, lang)


@pytest.mark.parametrize("lang, asks", [("fr", "d vous demande maintenant\u00a0: votre choix d'histoire"),
                                        ("es", "d te pide ahora: tu elección de historia"),
                                        ("en", "d asks you now: your story pick")])
def test_the_answers_first_line_asks_in_the_readers_language(lang: str, asks: str) -> None:
    """pbem.inbox.handler.asked_now: the game's question from its prompt message, and its frame."""
    st = RULESET.new_game(["red", "blue", "green"], {}, 1)
    assert asked_first(RULESET, st, "d", st.to_move, lang).startswith(asks)
    nothing = asked_first(RULESET, st, "d", next(p for p in st.players if p != st.to_move), lang)
    over = asked_first(RULESET, st, "d", "red", lang, status="over")
    assert ("nothing is asked" in nothing + over) == (lang == "en")


@pytest.mark.parametrize("lang, asks", [("fr", "It is still your move"), ("es", "It is still your move")])
def test_a_move_reminder_asks_in_the_readers_language(lang: str, asks: str) -> None:
    """pbem.play.turns' reminder takes the question from pbem.play.gamewords.question: the prompt message,
    spoken in the reader's language, inside the reminder's translated frame."""
    from types import SimpleNamespace

    from pbem.play.gamewords import question
    from pbem.models import Game
    from pbem.play.turns import _reminder
    st = RULESET.new_game(["red", "blue", "green"], {}, 1)
    game = Game(id="d", ruleset="dewan", seed="1", state_json=RULESET.to_json(st), turn_no=3, missed="bot",
                simultaneous=False)
    with i18n.speaking(lang):
        asked = question(RULESET, st, st.to_move)
        text, subject = _reminder(game, SimpleNamespace(name=st.to_move), 6, asked)
    with i18n.speaking("en"):
        english = question(RULESET, st, st.to_move)
    assert english == RULESET.prompt(st, st.to_move) and asked != english and asked in text
    assert asks not in text and subject.endswith({"fr": "manche 0", "es": "ronda 0"}[lang]), subject  # the draft
    assert question(RULESET, st, next(p for p in st.players if p != st.to_move)) == ""


@pytest.mark.parametrize("lang, letters", [("fr", {"W": "R"}), ("es", {"F": "B", "W": "R"})])
def test_cards_are_shown_in_the_readers_letters_everywhere_and_read_back(lang: str, letters: dict) -> None:
    """Engine values (engine.messages.Notation) and the report's own card texts alike: a
    card is written as the reader's orders write it, and what HELP suggests parses again."""
    from engine.dewan import localwords
    from pbem.play.orderwords import notation
    st, events = PLAIN
    view = RULESET.view(st, "red")
    with i18n.speaking(lang):
        _, text, _html = dewan_report(game="d", turn_no=st.step, seat="red", view=view, events=events[-25:],
                                      deadline="", address="pbem@example.org")
        hand = " ".join(notation("dewan", c) for c in sorted(view["hand"]))
        lines = [line for position, _events in POSITIONS for seat in position.players
                 for line in help_lines(RULESET.view(position, seat))]
    assert hand != " ".join(sorted(view["hand"])) and hand in " ".join(text.split()), hand
    assert not set(letters) & set(re.findall(r"[A-Z]", hand)), hand
    assert "/berry" not in text and "/artifact" not in text and "/fire" not in text
    from engine.messages import Notation
    with i18n.speaking(lang):         # a value alone speaks as it does inside a message
        assert spoken(Notation("dewan", "W/berry")) == spoken(Msg("{card}", card=Notation("dewan", "W/berry")))
    assert spoken(Notation("dewan", "W/berry")) == "W/berry"
    takes = [line.split("#")[0].strip() for line in lines if " SI " in line]
    assert takes, "HELP suggests a guarded TAKE somewhere"
    for line in takes:
        canonical = " ".join(localwords.canonical(line.split()))
        assert localwords.localised(canonical, lang) == line, line
