"""Dewan's engine as a whole: the contract, JSON, determinism, privacy, the parser and payment."""
from __future__ import annotations

import functools
import itertools
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from engine.contract import OrderSheet, Ruleset
from engine.dewan import RULESET, localwords, payment
from engine.dewan.cards import card
from engine.dewan.casestate import build_state, read_board
from engine.dewan.components import SCENARIOS
from engine.dewan.state import OVER, State
from engine.dice import SeededDice
from engine.localwords import fold

SEATS = ["ann", "bob", "cy"]
SLOW = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def play(seed: int, steps: int, seats: list[str] = SEATS, ahead: float = 0.0) -> tuple[State, list]:
    """A bot game of ``steps`` resolves (or to its end): the state and every resolve's events.
    With ``ahead``, that share of the seats not to move send a guarded TAKE as pre-orders."""
    st = RULESET.new_game(seats, {}, seed)
    rng, logs = random.Random(seed), []
    for step in range(steps):
        if RULESET.outcome(st):
            break
        sheets = {p: RULESET.bot_orders(st, p, rng) for p in RULESET.awaiting(st)}
        for p in [p for p in st.players if p not in sheets and rng.random() < ahead]:
            guard = " ".join(c or "F" for c in st.row[1:3])
            sheet = RULESET.parse_orders(st, p, f"TAKE 2 3 IF {guard}\nTAKE 4 5")
            if sheet.ok:
                sheets[p] = sheet
        res = RULESET.resolve(st, sheets, SeededDice(f"{seed}/{step}"))
        st = res.state
        logs.append(res.events)
    return st, logs


def cards_in_play(st: State) -> Counter:
    held = [c for p in st.players for c in st.hands[p] + st.tucked[p]]
    return Counter([c for c in st.row if c] + st.deck + st.discard + held)


def test_it_implements_the_contract() -> None:
    assert isinstance(RULESET, Ruleset)
    assert RULESET.check_options({}) == {"scenario": "base"}


@SLOW
@given(hs.integers(0, 10_000), hs.integers(0, 40))
def test_json_round_trip(seed: int, steps: int) -> None:
    st, _ = play(seed, steps)
    text = RULESET.to_json(st)
    again = RULESET.from_json(text)
    assert again == st and RULESET.to_json(again) == text


@SLOW
@given(hs.integers(0, 10_000), hs.integers(0, 30))
def test_resolving_again_is_byte_identical(seed: int, steps: int) -> None:
    st, _ = play(seed, steps)
    rng = random.Random(seed)
    sheets = {p: RULESET.bot_orders(st, p, rng) for p in RULESET.awaiting(st)}
    text = RULESET.to_json(st)
    one = RULESET.resolve(RULESET.from_json(text), sheets, SeededDice(seed))
    two = RULESET.resolve(RULESET.from_json(text), sheets, SeededDice(seed))
    assert RULESET.to_json(one.state) == RULESET.to_json(two.state)
    assert [e.to_dict() for e in one.events] == [e.to_dict() for e in two.events]
    assert RULESET.to_json(st) == text          # resolve never changes its input


@SLOW
@given(hs.integers(0, 10_000))
def test_a_bot_game_ends_and_keeps_every_card(seed: int) -> None:
    st, logs = play(seed, 400, SEATS[:2], ahead=0.5)
    assert st.stage == OVER and RULESET.outcome(st) is not None
    assert sum(cards_in_play(st).values()) == 55
    assert all(len(st.camps[p]) + st.left[p] == 9 for p in st.players)
    assert any(st.left[p] == 0 for p in st.players)
    for events in logs:
        for e in events:
            assert e.to is not None or not e.text.startswith(("You draw", "Pre-order")), e


@SLOW
@given(hs.integers(0, 10_000), hs.integers(0, 20))
def test_a_hand_is_seen_by_its_owner_only(seed: int, steps: int) -> None:
    st, _ = play(seed, steps)
    for seat in st.players:
        mine = RULESET.view(st, seat)
        assert mine["hand"] == st.hands[seat]
        assert RULESET.view(st, None)["hand"] is None
        for other in [p for p in st.players if p != seat] + [None]:
            v = RULESET.view(st, other)
            assert v["hand"] == (st.hands[other] if other else None)
            assert "hands" not in v and v["hand_sizes"][seat] == len(st.hands[seat])


@functools.cache
def early_games() -> tuple[State, ...]:
    """A game in its draft and one in its first rounds."""
    return play(3, 1)[0], play(3, 6)[0]


ORDERISH = hs.lists(hs.sampled_from(
    ["TAKE", "CAMP", "STORY", "PAY", "TUCK", "IF", "OR", "1", "2", "3", "6", "7", "0", "99", "-", "A1", "B1",
     "A1-B1", "A1-A1", "C9-D1", "F", "FM", "F/fire", "W/", "/", "ZZ", "#", "\n", "take", "camp", "é", "１"]),
    max_size=14).map(" ".join)


@settings(max_examples=300, deadline=None)
@given(hs.one_of(hs.text(max_size=200), ORDERISH))
def test_the_parser_never_raises(text: str) -> None:
    for st, seat in [(st, seat) for st in early_games() for seat in st.players + ["nobody"]]:
        sheet = RULESET.parse_orders(st, seat, text)
        assert isinstance(sheet, OrderSheet)
        assert not any("could not be read" in p.message for p in sheet.problems), sheet.problems
        for order in sheet.orders:                 # a normal form reads back the same
            again = RULESET.parse_orders(st, seat, str(order))
            assert str(order) in [str(o) for o in again.orders] or again.problems


MAP = read_board({"map": """
    A   B   C   D   E
1   S   F   W   W   M
2   P   D   W   F   M
"""})


@settings(max_examples=200, deadline=None)
@given(hs.lists(hs.sampled_from(["F", "M", "D", "P", "W", "FM", "DW", "F/fire", "W/crystal", "PM"]), max_size=7),
       hs.sampled_from(["A1-B1-C1-D1-E1", "A1-B1", "A1-A2-B2-C2-D2", "A1-B1-C1-C2-D2-E2"]))
def test_the_cheapest_payment_is_valid_and_found_when_one_exists(hand: list[str], path: str) -> None:
    st = build_state(MAP, {}, {"players": ["red", "blue"], "camps": {"red": ["A1"]}, "hands": {"red": hand}})
    cost = payment.slots(st, "red", tuple(path.split("-")))
    best = payment.cheapest(cost, hand)
    ways = [p for p in itertools.permutations(hand, len(cost)) if not payment.check(cost, p, hand)]
    assert (best is None) == (not ways)
    if best is not None:
        assert payment.check(cost, tuple(best), hand) == ""
        worth = lambda pay: sum(payment.rank(c)[0] for c in pay)  # noqa: E731
        assert worth(best) == min(worth(p) for p in ways)


def test_two_terrain_cards_serve_either() -> None:
    assert card("FM").serves("F") and card("FM").serves("M") and not card("FM").serves("W")


LINE = read_board({"map": """
    A   B   C   D
1   S   F   F   M
2   P   F   D   M
"""})


def position(**extra) -> State:
    pos = {"players": ["red", "blue"], "camps": {"red": ["A1"], "blue": ["D2"]},
           "row": ["F", "M", "D", "P", "W", "FM"], "deck": ["W", "D", "P", "F"]} | extra
    return build_state(LINE, {}, pos)


def test_a_kept_pre_order_plays_the_next_move_and_is_told_privately() -> None:
    st = position()
    assert RULESET.awaiting(st) == {"red"} and RULESET.prompt(st, "red").startswith("your move")
    assert RULESET.pre_orders(st, "blue") and not RULESET.pre_orders(st, "red")
    sheets = {"red": RULESET.parse_orders(st, "red", "TAKE 5 6"),
              "blue": RULESET.parse_orders(st, "blue", "TAKE 2 3 IF M D")}
    assert all(s.ok for s in sheets.values())
    res = RULESET.resolve(st, sheets, SeededDice(1))
    assert res.state.hands["blue"] == ["M", "D"] and res.state.to_move == "red" and res.state.round == 2
    private = [e for e in res.events if "Pre-order" in e.text]
    assert private and all(e.to == "blue" for e in private)
    assert RULESET.awaiting(res.state) == {"red"}


def test_a_pre_order_that_answers_the_move_means_nobody_is_awaited() -> None:
    st = position()
    res = RULESET.resolve(st, {"blue": RULESET.parse_orders(st, "blue", "TAKE 1 2")}, SeededDice(1))
    assert res.state.plans["blue"].lines == ["TAKE 1 2"]
    assert RULESET.awaiting(res.state) == {"red"}
    moved = RULESET.resolve(res.state, {"red": RULESET.parse_orders(res.state, "red", "TAKE 3 4")}, SeededDice(2))
    assert moved.state.hands["blue"] == ["F", "M"] and "blue" not in moved.state.plans


def test_a_stale_pre_order_is_dropped_and_its_seat_asked() -> None:
    st = position()
    sheets = {"red": RULESET.parse_orders(st, "red", "TAKE 2 3"),
              "blue": RULESET.parse_orders(st, "blue", "TAKE 2 3 IF M D")}
    res = RULESET.resolve(st, sheets, SeededDice(1))
    assert res.state.to_move == "blue" and RULESET.awaiting(res.state) == {"blue"}
    assert any("dropped" in e.text and e.to == "blue" for e in res.events)


def test_the_missed_move_takes_the_first_pair() -> None:
    st = position()
    assert [str(o) for o in RULESET.default_orders(st, "red").orders] == ["TAKE 1 2"]
    assert not RULESET.default_orders(st, "blue").orders


def test_a_new_game_begins_with_the_draft_from_the_last_seat() -> None:
    st = RULESET.new_game(SEATS, {}, 5)
    assert st.stage == "draft" and st.to_move == "cy" and RULESET.awaiting(st) == {"cy"}
    assert all(len(st.hands[p]) == 2 and len(st.camps[p]) == 1 and st.left[p] == 8 for p in SEATS)
    assert len([c for c in st.row if c]) == 6 and len(st.story_row) == 5
    assert RULESET.to_json(RULESET.new_game(SEATS, {}, 5)) == RULESET.to_json(st)
    assert "first move" in RULESET.pre_orders(st, "ann")


def test_options_are_checked_and_the_scenario_sets_the_scoring() -> None:
    with pytest.raises(ValueError, match="scenario"):
        RULESET.check_options({"scenario": "nope"})
    with pytest.raises(ValueError, match="no option"):
        RULESET.check_options({"colour": "red"})
    for name, scenario in SCENARIOS.items():
        assert RULESET.new_game(SEATS, {"scenario": name}, 1).scoring == dict(scenario.scoring)


# -- the order words in French and Spanish (engine/dewan/localwords.py) ------------
LOCAL_ORDERISH = hs.lists(hs.sampled_from(
    [w for kind in localwords.ALL.values() for w in kind.spellings()]
    + ["PRENDRE", "Poser", "histoire", "SI", "OU", "O", "R", "B", "BM", "R/feu", "B/baya", "FR/cristal",
       "1", "2", "3", "A1-B1", "s07", "TAKE", "IF", "OR", "F", "W/fire", "é"]), max_size=14).map(" ".join)


@settings(max_examples=300, deadline=None)
@given(LOCAL_ORDERISH)
def test_the_parser_never_raises_on_translated_order_words(text: str) -> None:
    for st, seat in [(st, seat) for st in early_games() for seat in st.players]:
        sheet = RULESET.parse_orders(st, seat, text)
        assert not any("could not be read" in p.message for p in sheet.problems), sheet.problems
        for order in sheet.orders:                 # a translated line stores English
            assert str(order).split()[0] in ("TAKE", "CAMP", "STORY", "NEXT")


@SLOW
@given(hs.integers(0, 10_000), hs.integers(0, 30), hs.sampled_from(["fr", "es"]), hs.booleans())
def test_a_translated_sheet_parses_to_the_same_orders_as_its_english(seed: int, steps: int, lang: str,
                                                                      plain: bool) -> None:
    st, _ = play(seed, steps)
    rng = random.Random(seed)
    for seat in RULESET.awaiting(st):
        english = RULESET.bot_orders(st, seat, rng)
        lines = english.normal + ["TAKE 2 3 IF FW/berry DP OR TAKE 4 5"]
        translated = [localwords.localised(line, lang) for line in lines]
        text = "\n".join(fold(x) if plain else x.lower() for x in translated)
        again = RULESET.parse_orders(st, seat, text)
        wanted = RULESET.parse_orders(st, seat, "\n".join(lines))
        assert again.normal == wanted.normal and again.problems == wanted.problems
        assert [localwords.localised(x, "en") for x in lines] == lines


WET = """
    A   B   C   D
1   S   W   W   F
2   W   W   P   M
3   D   P   M   D
"""


def _wet_position(hand: list[str]) -> State:
    """Red's start camp on A1 has only water around it; land lies one or two hexes beyond."""
    return build_state(read_board({"map": WET}), {}, {"players": ["red", "blue"], "camps": {"red": ["A1"]},
                                                      "hands": {"red": hand}})


def test_no_bot_and_no_fallback_offers_a_camp_on_water() -> None:
    from engine.dewan import bots, flow, heuristic, legal
    st = _wet_position(["F", "W", "P", "M", "D", "W"])
    st.row = ["", "", "", "", "", ""]           # no pair to take: the fallback must camp
    found = legal.any_camp(st, "red")
    assert found is not None and st.board.terrain(found.destination) != "W"
    assert flow.fallback(st, "red") == found
    simple = bots.camps(st, "red")
    assert simple and all(st.board.terrain(c.destination) != "W" for c in simple)
    options = heuristic.Mind(st, "red", random.Random(1)).options()
    assert options and all(st.board.terrain(o.dest) != "W" for o in options)
    assert {o.dest for o in options} >= {"C2", "A3"}      # across the water, one card for the run


def test_a_camp_on_water_is_refused_with_the_land_beyond() -> None:
    st = _wet_position(["F", "W", "P"])
    problems = RULESET.parse_orders(st, "red", "CAMP A1-B1").problems
    assert len(problems) == 1 and "B1 is water" in str(problems[0])
    assert "e.g. CAMP A1-B1-C2" in str(problems[0])
    assert RULESET.parse_orders(st, "red", "CAMP A1-B1-C2").ok


def test_shore_counts_each_water_hex_next_to_the_camps_once_and_tucked_water() -> None:
    from engine.dewan.stories import Holding, Need, StoryError, have
    board = read_board({"map": WET})
    shore = Need.from_dict({"shore": 4})
    assert have(shore, board, Holding(frozenset({"A1"}))) == 2          # B1, A2
    assert have(shore, board, Holding(frozenset({"A1", "C2"}))) == 4    # C1 and B2 added, B1 once
    assert have(shore, board, Holding(frozenset({"A1"}), ("PW", "F"))) == 3
    kinds = Need.from_dict({"kinds": 2})
    assert have(kinds, board, Holding(frozenset({"A1", "C2"}))) == 2     # plains, and water beside
    assert have(kinds, board, Holding(frozenset({"D3", "D2"}))) == 2     # desert, mountain: no water near
    with pytest.raises(StoryError, match="shore"):
        Need.from_dict({"terrain": "W", "count": 2})
