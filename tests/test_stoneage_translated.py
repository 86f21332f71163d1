"""Stone Age in French and Spanish: every event of every phase (placement, actions, rolls,
purchases, the cards' effects, igloos, the harsh winter, the wild animals, the new huts, the
merchant, the Mammoth Herd, feeding, the round's end and the game's) and the "Orders kept"
note is a message (engine.messages) whose English is the event's text and whose ids the fr
and es catalogues translate; the report (text and HTML), the prompt, HELP and the parser's
refusals are in the reader's language too, with no English left but the order words, the
ids of cards and tiles, and the report's marker lines."""
from __future__ import annotations

import random
import re
from typing import Any

import pytest
from markupsafe import Markup
from message_checks import (asked_first, assert_messages_are_their_text, assert_problems_translated,
                            assert_reasons_translated, assert_translated)

from engine.contract import Event
from engine.dice import SeededDice
from engine.messages import Msg
from engine.stoneage import RULESET
from engine.stoneage.simulate import BOTS, SEATS
from pbem import i18n
from pbem.presenters.stoneage.help import help_lines
from pbem.presenters.stoneage.report import report as stoneage_report
from pbem.reports.render import event_text, spoken

ALL_ON = {"mammoth_herd": True, "wild_animals": True, "new_huts": True, "igloos": True,
          "harsh_winter": True, "merchant": True}
# Lines a seat adds now and then, that cannot always be played: skipped with their reasons,
# refused purchases and trades, tools it does not have.
EXTRA_LINES = ["PLACE 1 toolmaker OR 1 field OR 1 hut", "PLACE 1 card1 OR 1 building1", "TOOLS forest 4 4",
               "HERD 3", "FEED PENALTY", "PLACE 2 wolf OR 1 tiger"]


def _game(seed: int, players: int, bot: str, options: dict[str, Any] = ALL_ON,
          extra: bool = True) -> tuple[Any, list[Event]]:
    """A whole game of bots, every seat's sheet through the parser; with ``extra``, now and then
    a line more (above): (the last state, its events)."""
    seats = list(SEATS[:players])
    st = RULESET.new_game(seats, options, seed)
    rng, events = random.Random(seed), []
    for step in range(2000):
        if RULESET.outcome(st) is not None:
            break
        sheets = {}
        for seat in sorted(RULESET.awaiting(st)):
            text = "\n".join(BOTS[bot](st, seat, rng).normal)
            if extra and step % 3 == seats.index(seat) % 3:
                text = EXTRA_LINES[(step + seats.index(seat)) % len(EXTRA_LINES)] + "\n" + text
            sheets[seat] = RULESET.parse_orders(st, seat, text)
        result = RULESET.resolve(st, sheets, SeededDice(f"{seed}:{step}"))
        st, events = result.state, events + list(result.events)
    return st, events


GAMES = [_game(seed, 2 + seed % 4, ("heuristic", "random")[seed % 2]) for seed in range(8)]
EVENTS = [e for _st, events in GAMES for e in events]


def test_the_games_end_and_log_every_kind_of_event() -> None:
    assert all(RULESET.outcome(st) is not None for st, _ in GAMES)
    assert {len(st.players) for st, _ in GAMES} == {2, 3, 4, 5}
    kinds = {e.message.id for e in EVENTS}
    assert len(kinds) > 50, len(kinds)
    assert {"plan", "placement", "actions", "herd", "feeding", "round", "end"} <= {e.phase for e in EVENTS}
    for text in (" trades with the merchant:", " builds an igloo ", " drives the ", " tames the mammoth",
                 " pays an extra ", "'s new huts give ", " skipped, ", "A wild animal comes out"):
        assert any(text in e.text for e in EVENTS), text


def test_every_event_is_a_message_whose_english_is_its_text() -> None:
    assert_messages_are_their_text(EVENTS)


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_every_message_of_the_games_is_translated(lang: str) -> None:
    assert_translated(EVENTS, lang)


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_an_event_in_french_or_spanish_is_not_its_english(lang: str) -> None:
    with i18n.speaking(lang):
        for e in EVENTS:
            translated = event_text(e)
            assert translated != e.text, (lang, e.text)


def test_counted_goods_take_each_languages_forms() -> None:
    from engine.stoneage import texts
    assert str(texts.goods([("wood", 2), ("clay", 1)])) == "2 wood 1 clay"
    assert str(texts.jewels(1)) == "1 jewel" and str(texts.jewels(3)) == "3 jewels"
    with i18n.speaking("fr"):
        assert spoken(texts.goods([("stone", 2), ("gold", 1)])) == "2 pierres 1 or"
        assert spoken(texts.people(1)) == "1 personne"
    with i18n.speaking("es"):
        assert spoken(texts.goods([("wood", 2), ("clay", 1)])) == "2 maderas 1 ladrillo"


# -- the report ----------------------------------------------------------------------------

# Words French or Spanish write as English does, and the order words the report quotes.
_SAME = {"Stone", "Age", "igloo", "igloos", "art", "transport", "agriculture", "actions", "placement", "score",
         "Variantes", "Placement", "Actions", "PLACE", "BUY", "PAY", "TOOLS", "AUTO", "NONE", "USE", "PICK", "TAKE", "FEED", "HERD",
         "BONUS", "EXTRA", "IGLOO", "TRADE", "FOR", "HUNT", "JEWELS", "TOP", "READY", "OR", "ONE", "ALL",
         "PENALTY", "wood", "clay", "stone", "gold", "food", "tool", "field", "buildingN", "jewelcard", "wolf",
         "boar", "bear", "tiger", "hunt", "forest", "quarry", "river", "toolmaker", "hut", "merchant", "tools",
         "docs", "orders", "stoneage", "MJ", "UTC", "mai", "lun", "tour", "pas", "total", "points"}
_ID = re.compile(r"^([A-Z]\d{2}|V\d{2}|card\d|building\d|M\d{2})$")


def english_left(english: str, translated: str, seats: list[str]) -> list[str]:
    """The lines (or HTML texts) a translated report shares with the English one that have
    words in them: not the marker lines, the map's seats, ids and order lines."""
    def pieces(text: str) -> set[str]:
        if "<html" in text or "<svg" in text:
            body = re.sub(r"<pre>.*?</pre>", "", text.split("<body>", 1)[-1], flags=re.S)
            return {t.strip() for t in re.findall(r">([^<]+)<", body)}
        return {line.strip() for line in text.splitlines()}

    left = []
    for piece in pieces(english) & pieces(translated):
        if piece.startswith(("===", "SIGNON", "TURN", "#", "PLACE", "BUY", "TOOLS", "FEED", "USE", "HERD",
                             "HUNT", "TAKE", "PICK")):
            continue
        words = [w for w in re.split(r"[\s,.:;()*+\-'/]+", piece) if w]
        if any(re.fullmatch(r"[A-Za-z]{3,}", w) and w not in seats and w not in _SAME and not _ID.match(w)
               for w in words):
            left.append(piece)
    return left


def _reports(st: Any, events: list[Event], seat: str | None, lang: str) -> tuple[str, str, str]:
    with i18n.speaking(lang):
        return stoneage_report(game="s", turn_no=st.step, seat=seat, view=RULESET.view(st, seat), events=events,
                               deadline="Mon 4 May 2026, 10:00 UTC", address="pbem@example.org", missed={seat: 2})


def _positions() -> list[tuple[Any, list[Event]]]:
    """Positions along two bot games with every option on (the first placement, a few rounds
    in, the end), with the events that led there."""
    out = []
    for seed, players in ((3, 4), (4, 5)):
        seats = list(SEATS[:players])
        st = RULESET.new_game(seats, ALL_ON, seed)
        rng, events = random.Random(seed), []
        for step in range(2000):
            if step in (0, 1, 4, 9, 15) or RULESET.outcome(st) is not None:
                out.append((st, events[-40:]))
            if RULESET.outcome(st) is not None:
                break
            sheets = {seat: RULESET.parse_orders(st, seat, "\n".join(BOTS["heuristic"](st, seat, rng).normal))
                      for seat in sorted(RULESET.awaiting(st))}
            st = (result := RULESET.resolve(st, sheets, SeededDice(f"{seed}:{step}"))).state
            events += list(result.events)
    return out


POSITIONS = _positions()


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_a_translated_report_has_no_english_left(lang: str) -> None:
    """The frame, the events, the village, the herd, the variants, the cards, the stacks, the
    boards, the prompt, for every seat and the public."""
    assert any(RULESET.outcome(st) is not None for st, _ in POSITIONS)
    for st, events in POSITIONS:
        for seat in [*st.players, None]:
            english = _reports(st, events, seat, "en")
            translated = _reports(st, events, seat, lang)
            for part in range(3):
                left = english_left(english[part], translated[part], list(st.players))
                assert not left, (lang, seat, st.step, part, left)


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_the_prompt_is_a_message_and_the_report_asks_in_the_readers_language(lang: str) -> None:
    st, _ = POSITIONS[0]
    seat = sorted(RULESET.awaiting(st))[0]
    view = RULESET.view(st, seat)
    message = view["prompt_message"]
    assert view["prompt"] == RULESET.prompt(st, seat) == str(Msg(message["id"], **message.get("values", {})))
    with i18n.speaking(lang):
        asked = spoken(message)
        _, text, html = _reports(st, [], seat, lang)
    assert asked != view["prompt"] and " ".join(asked.split()) in " ".join(text.split())
    assert str(Markup.escape(asked)) in html


@pytest.mark.parametrize("lang, title, played", [("fr", "Le village", "jouée (qui se tenait où"),
                                                 ("es", "El poblado", "tal como se jugó (quién estuvo dónde"),
                                                 ("en", "The village", "as played (who stood where")])
def test_the_reports_parts_are_titled_in_the_readers_language(lang: str, title: str, played: str) -> None:
    st, events = POSITIONS[2]
    _, text, html = _reports(st, events, st.players[0], lang)
    assert title in html and played in text and played.split(" (")[0] in html     # the picture says it short


@pytest.mark.parametrize("form", ["txt", "html"])
@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_golden_stoneage_report_of_a_seeded_game(lang: str, form: str) -> None:
    """A few rounds into the seeded 4-player game of seed 3 with every option on, as red reads it."""
    from test_reports import _golden
    st, events = POSITIONS[3]
    _, text, html = _reports(st, events, "red", lang)
    name = "stoneage-report-red" + ("" if lang == "en" else f".{lang}")
    _golden(f"{name}.{form}", text if form == "txt" else html)


# -- HELP ----------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["fr", "es"])
def test_help_has_no_english_line_in_french_or_spanish(lang: str) -> None:
    for st, _events in POSITIONS:
        for seat in [*st.players, None]:
            view = RULESET.view(st, seat)
            english = help_lines(view)
            with i18n.speaking(lang):
                translated = help_lines(view)
            kept = {f"  {line}" for line in view.get("plan") or []}
            same = set(english) & set(translated) - kept
            assert (english and translated or view["over"]) and not same, (lang, seat, same)
            assert all(len(line) <= 72 for line in translated), max(translated, key=len)


# -- the parser's refusals, placement's reasons ---------------------------------------------

BAD_LINES = [
    "FROB 3", "PLCAE 2 forest", "PLACE", "PLACE 2", "PLACE forest", "PLACE 2 forest OR", "PLACE 0 hunt",
    "PLACE 9 hunt", "PLACE 1 hut", "PLACE 9 forest", "PLACE x forest", "PLACE 2 nowhere", "PLACE 2 food",
    "PLACE 2 card", "PLACE 2 building9", "PLACE 9 wolf", "PLACE 2 forest 3", "USE", "USE forest forest",
    "TOOLS", "TOOLS AUOT", "TOOLS hut 2", "TOOLS forest", "TOOLS forest 9", "TOOLS forest x", "BUY",
    "BUY hut", "BUY card1 TOP", "BUY jewelcard PAY 1 wood", "BUY card1 PAY", "BUY card2 PAY 1 wood",
    "BUY building1 IGLOO PAY 2 wood", "BUY building1 PAY 8 wood", "BUY card1 PAY 1 food", "BUY card1 PAY 1 sand",
    "BUY card1 PAY 1 2 wood", "BUY card1 PAY 0 wood", "BUY card1 PAY 1", "BUY card1 IGLOO", "BUY building1 IGLOO TRADE 1 wood FOR 1 clay",
    "BUY building1 TRADE 1 wood", "BUY building1 TRADE 1 wood FOR 2 clay", "BUY building1 TRADE 3 wood FOR 3 clay",
    "BUY building1 TRADE 1 wood FOR 1 wood", "BUY building1 TRADE 1 2 wood FOR 1 clay",
    "BUY building1 TRADE 0 wood FOR 1 clay", "BUY building1 TRADE 1 sand FOR 1 clay", "BUY building1 TRADE 1 FOR 1 clay",
    "BUY building1 IGLOO EXTRA", "BUY building1 EXTRA gold", "BUY EXTRA", "BUY EXTRA MAYBE", "HUNT", "HUNT JEWELS x",
    "TAKE wood", "TAKE food gold", "PICK", "PICK sand", "PICK gold gold", "FEED", "FEED PENALTY wood",
    "FEED food", "FEED sand", "HERD", "HERD BONUS", "HERD ONE", "HERD 9", "HERD x", "BUY nowhere",
    "TOOLS forest NONE\nTOOLS forest NONE",
]
PLAIN_BAD = ["PLACE 1 wolf", "HERD 2", "BUY building1 IGLOO PAY 3 wood", "BUY EXTRA AUTO", "HUNT JEWELS 1",
             "PLACE 2 merchant", "BUY jewelcard", "BUY building1 TRADE 1 wood FOR 1 clay", "PLACE 2 building5"]


def _refused() -> list[Any]:
    """Every problem of the bad lines, in a game with every option and in a plain 2-player one."""
    full = RULESET.new_game(list(SEATS[:4]), ALL_ON, 1)
    plain = RULESET.new_game(list(SEATS[:2]), {}, 1)
    problems = []
    for st in (full, plain):
        for line in BAD_LINES + PLAIN_BAD:
            problems += RULESET.parse_orders(st, "red", line).problems
    problems += RULESET.parse_orders(full, "nobody", "PLACE 2 forest").problems
    return problems


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_the_parsers_refusals_are_messages_translated_in_french_and_spanish(lang: str) -> None:
    """Every problem Stone Age's parser gives comes with its message (and suggestion), whose
    English is the problem's text, and every id in them has a translation."""
    problems = _refused()
    kinds = assert_problems_translated(problems, lang)
    assert len(problems) > 70 and len(kinds) >= 55, (len(problems), len(kinds))


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_placement_reasons_are_messages_translated(lang: str) -> None:
    from engine.stoneage.orders import Spot
    from engine.stoneage.placement import why_not
    reasons = []
    for st, _events in POSITIONS:
        for seat in st.players:
            spots = [Spot(n, name) for n in (1, 2, 3, 9) for name in ("hunt", "forest", "clay", "hut", "field",
                                                                      "toolmaker", "merchant", "card1",
                                                                      "jewelcard", "building1", "building5",
                                                                      "wolf", "bear")]
            reasons += [why for spot in spots if (why := why_not(st, seat, spot))]
    assert_reasons_translated(reasons, lang)


@pytest.mark.parametrize("lang, asks", [("fr", "s vous demande maintenant\u00a0: votre plan pour la manche 1"),
                                        ("es", "s te pide ahora: tu plan para la ronda 1"),
                                        ("en", "s asks you now: your plan for round 1")])
def test_the_answers_first_line_asks_in_the_readers_language(lang: str, asks: str) -> None:
    """pbem.inbox.handler.asked_now: the game's question from its prompt message, and its frame."""
    st = RULESET.new_game(["red", "blue", "green"], {}, 1)
    assert asked_first(RULESET, st, "s", "red", lang).startswith(asks)


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_events_quote_a_seats_lines_in_its_order_words(lang: str) -> None:
    """The note of the orders kept, a line placed, placed instead and skipped: each quotes the
    seat's line as the reader writes it, and the English log keeps the English line."""
    state = RULESET.new_game(["red", "blue"], {}, 1)
    sheets = {"red": RULESET.parse_orders(state, "red", "PLACE 2 hut\nPLACE 1 field OR 2 forest\nPLACE 5 forest"),
              "blue": RULESET.parse_orders(state, "blue", "PLACE 1 field")}      # blue places first
    events = [e for e in RULESET.resolve(state, sheets, SeededDice("quoted")).events if e.to == "red"]
    english = [event_text(e) for e in events]
    assert english[0] == "Orders kept for round 1: PLACE 2 hut; PLACE 1 field OR 2 forest; PLACE 5 forest."
    assert any(t.startswith("PLACE 2 hut: placed 2") for t in english)
    assert any(t.startswith("PLACE 1 field OR 2 forest: ") and t.endswith("instead.") for t in english)
    assert any(t.startswith("PLACE 5 forest: skipped") for t in english)
    with i18n.speaking(lang):
        said = [event_text(e) for e in events]
    place, hut, field, forest = {"fr": ("PLACER", "hutte", "champ", "forêt"),
                                 "es": ("COLOCAR", "cabaña", "campo", "bosque")}[lang]
    joiner = {"fr": "OU", "es": "O"}[lang]
    assert f"{place} 2 {hut}; {place} 1 {field} {joiner} 2 {forest}; {place} 5 {forest}" in \
        said[0].replace("\u00a0;", ";")
    assert any(t.startswith(f"{place} 2 {hut}") for t in said)
    assert any(t.startswith(f"{place} 1 {field} {joiner} 2 {forest}") for t in said)
    assert any(t.startswith(f"{place} 5 {forest}") for t in said)
    assert not any("PLACE " in t for t in said)
