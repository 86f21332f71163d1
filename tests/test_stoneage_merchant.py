"""The merchant (option merchant): the fifth seat, the order lines, the bots, the report.

The rules themselves are the adjudicator cases (tests/cases/stoneage/merchant-*,
trade-*, hunt-*, jewel*, village-limit-*); here is what they cannot show.
"""
from __future__ import annotations

import random

import pytest

from engine.dice import SeededDice
from engine.stoneage import RULESET, parser
from engine.stoneage.simulate import figures as simulated
from engine.stoneage.state import State
from pbem.presenters.stoneage.help import help_lines
from pbem.presenters.stoneage.report import report

FIVE = ["red", "blue", "green", "yellow", "black"]
MERCHANT = {"mammoth_herd": True, "merchant": True}
EVERY = {**MERCHANT, "wild_animals": True, "new_huts": True, "igloos": True, "harsh_winter": True}


def test_a_fifth_seat_comes_with_the_merchant_only() -> None:
    with pytest.raises(ValueError, match="a fifth seat needs the expansion"):
        RULESET.new_game(FIVE, {}, 1)
    st = RULESET.new_game(FIVE, {"merchant": "yes"}, 1)
    assert len(st.buildings) == 5 and all(len(s) == 7 for s in st.buildings)
    assert st.jewel_card and all(b.jewels == 1 and b.merchant == 0 for b in st.boards.values())
    assert len(st.civ_deck) == 36 + 9 - 4 - 1
    assert State.from_json(st.to_json()).to_json() == st.to_json()


def test_a_game_without_the_merchant_stores_what_it_stored_before() -> None:
    st = RULESET.new_game(FIVE[:4], {}, 1)
    text = st.to_json()
    assert "jewel" not in text and "merchant" not in text and "X0" not in text and '"M0' not in text


@pytest.mark.parametrize("line", [
    "PLACE 2 merchant OR 1 jewelcard", "BUY jewelcard TOP", "BUY card3 TRADE 1 wood FOR 1 gold",
    "BUY building5 PAY 2 wood 1 clay TRADE 1 wood 1 jewel FOR 2 stone", "HUNT JEWELS 2",
    "BUY building2 TRADE 2 jewels FOR 1 clay 1 gold",
])
def test_normal_forms_read_back_as_themselves(line: str) -> None:
    st = RULESET.new_game(FIVE, MERCHANT, 2)
    (order,) = parser.parse(st, "red", line).orders
    assert str(order) == line
    (again,) = parser.parse(st, "red", str(order)).orders
    assert again == order


@pytest.mark.parametrize("line, words", [
    ("BUY card1 TRADE 1 wood FOR 2 gold", "as many as it gives"),
    ("BUY card1 TRADE 3 wood FOR 3 gold", "2 at most"),
    ("BUY card1 TRADE 1 wood FOR 1 wood", "other kinds"),
    ("BUY card1 TRADE 1 wood", "TRADE names what you give, FOR"),
    ("BUY card1 TRADE 1 food FOR 1 gold", "no trade good 'food'"),
    ("BUY card2 TOP", "at the jewel slot only"),
    ("BUY jewelcard PAY 3 wood", "paid in jewels"),
    ("HUNT JEWELS", "HUNT takes JEWELS"),
    ("HUNT JEWELS many", "not a number of jewels"),
    ("PLACE 1 merchant", "exactly 2 people"),
])
def test_refused_lines_say_why(line: str, words: str) -> None:
    st = RULESET.new_game(FIVE, MERCHANT, 2)
    (problem,) = parser.parse(st, "red", line).problems
    assert words in problem.message + " " + problem.suggestion


def test_french_and_spanish_words_read_as_the_english() -> None:
    st = RULESET.new_game(FIVE[:3], MERCHANT, 2)
    for text in ("PLACER 2 marchand", "ACHETER carte 3 ÉCHANGER 1 bois CONTRE 1 or", "CHASSER joyaux 2",
                 "COLOCAR 2 comerciante", "COMPRAR cartajoyas ENCIMA", "CAZAR joyas 1"):
        sheet = parser.parse(st, "red", text)
        assert sheet.ok and sheet.orders, (text, sheet.problems)
    assert [str(o) for o in parser.parse(st, "red", "ACHETER carte 3 ÉCHANGER 1 bois CONTRE 1 or").orders] == [
        "BUY card3 TRADE 1 wood FOR 1 gold"]


@pytest.mark.parametrize("players", [2, 4, 5])
def test_the_bots_use_the_merchant_and_no_line_is_refused(players: int) -> None:
    figures = simulated(30, (["heuristic", "random"] * 3)[:players], EVERY)
    assert figures["refused_bot_lines"] == 0 and figures["unfinished"] == 0
    assert figures["merchant_visits_per_seat"] > 0 and figures["trades_per_seat"] > 0
    assert figures["jewel_cards_per_seat"] > 0 and figures["hunts_for_jewels_per_seat"] > 0


def _played(steps: int) -> tuple[State, tuple]:
    st = RULESET.new_game(FIVE, EVERY, 4)
    events: tuple = ()
    for step in range(steps):
        sheets = {p: RULESET.parse_orders(st, p, "\n".join(RULESET.bot_orders(st, p, random.Random(step)).normal))
                  for p in RULESET.awaiting(st)}
        resolution = RULESET.resolve(st, sheets, SeededDice(f"merchant:{step}"))
        st, events = resolution.state, resolution.events
    return st, events


def test_the_report_shows_jewels_levels_and_the_jewel_slot() -> None:
    st, events = _played(6)
    out = report(game="sa", turn_no=6, seat="red", view=RULESET.view(st, "red"), events=events,
                 deadline="", address="pbem@example.org")
    for seat in FIVE:
        board = st.board(seat)
        assert f"jewels {board.jewels}, merchant level {board.merchant}" in out.text
        assert f"jewels {board.jewels}, merchant level {board.merchant}" in out.html
    assert "jewelcard (3 jewels" in out.text and "jewel slot, 3 jewels" in out.html     # the offer, in words and drawn
    assert "Merchant: 2 people there" in out.text
    helped = "\n".join(help_lines(RULESET.view(st, "red")))
    assert "HUNT JEWELS 1" in helped and "TRADE 1 wood FOR 1 clay" in helped


def test_the_standings_carry_jewels_levels_and_igloos_for_the_archive() -> None:
    from pbem.presenters.stoneage.words import standings
    st, _ = _played(3)
    table = standings(RULESET.view(st, None))
    assert table.columns[-3:] == ("igloos", "jewels", "merchant level")
    for seat, figures in table.rows:
        board = st.board(seat)
        assert figures[-3:] == (len(board.igloos), board.jewels, board.merchant)
    plain = standings(RULESET.view(RULESET.new_game(FIVE[:2], {}, 1), None))
    assert plain.columns == ("score", "people", "agriculture", "tools", "food")
