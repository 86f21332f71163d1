"""Dewan's kept pre-orders across decisions, in the engine: the first move sent during the
draft outlives a story pick the seat is asked for again, and NEXT in the players' words."""
from __future__ import annotations

from engine.dewan import RULESET
from engine.dice import SeededDice


def test_a_pick_asked_again_keeps_the_first_move_sent_with_it() -> None:
    st = RULESET.new_game(["red", "blue"], RULESET.check_options({}), "plans")
    assert (st.stage, st.to_move) == ("draft", "blue")
    first = st.story_row[0]
    red = RULESET.parse_orders(st, "red", f"STORY 1 IF {first}\nTAKE 1 2")
    blue = RULESET.parse_orders(st, "blue", "STORY 1")
    assert not red.problems and not blue.problems
    st = RULESET.resolve(st, {"red": red, "blue": blue}, SeededDice("p")).state
    assert st.to_move == "red" and RULESET.awaiting(st) == {"red"}, "its guarded pick no longer fits"
    assert st.plans["red"].lines == ["TAKE 1 2"]
    cards = st.hands["red"] + st.row[:2]
    result = RULESET.resolve(st, {"red": RULESET.parse_orders(st, "red", "STORY 2")}, SeededDice("q"))
    said = [str(e.text) for e in result.events if e.to == "red"]
    assert any("Your pre-orders for your first move stay kept: TAKE 1 2." in x for x in said), said
    assert sorted(result.state.hands["red"]) == sorted(cards), "the move sent in the draft was played"


def test_next_in_french_and_spanish() -> None:
    st = RULESET.new_game(["red", "blue"], RULESET.check_options({}), "plans")
    for text in ("PRENDRE 1 2\nENSUITE\nPRENDRE 3 4", "prendre 1 2\npuis prendre 3 4",
                 "TOMAR 1 2\nLUEGO\nTOMAR 3 4", "tomar 1 2\ndespués tomar 3 4"):
        sheet = RULESET.parse_orders(st, "red", text)
        assert not sheet.problems and sheet.normal == ["TAKE 1 2", "NEXT", "TAKE 3 4"], (text, sheet)
