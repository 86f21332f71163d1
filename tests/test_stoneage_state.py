"""Stone Age state: canonical, versioned JSON, round trips, copies and the board's helpers."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.stoneage.cards import DECK
from engine.stoneage.goods import GOODS, Good
from engine.stoneage.herd import TILES as HERD_TILES
from engine.stoneage.locations import NAMES
from engine.stoneage.setup import new_game
from engine.stoneage.state import Herd, Plan, PlayerBoard, Stage, State

SEATS = ["red", "blue", "green", "yellow"]
SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def test_json_is_canonical_and_versioned() -> None:
    state = new_game(SEATS[:3], {}, 11)
    text = state.to_json()
    data = json.loads(text)
    assert data["ruleset"] == "stoneage" and data["format"] == 1
    assert text == json.dumps(data, sort_keys=True, separators=(",", ":"))
    assert "herd" not in data, "a game without the herd stores no herd"
    again = State.from_json(text)
    assert again == state and again.to_json() == text


def test_herd_round_trip() -> None:
    state = new_game(SEATS[:2], {"mammoth_herd": True}, 12)
    state.herd.won["red"].append("M03")
    state.herd.tamers["blue"] = 2
    assert State.from_json(state.to_json()) == state
    assert json.loads(state.to_json())["herd"]["tamers"] == {"blue": 2}


def test_placed_keeps_the_order_of_placement() -> None:
    state = new_game(SEATS[:2], {}, 13)
    state.board("red").placed.update({"hut": 2, "forest": 3})
    data = json.loads(state.to_json())
    assert data["boards"]["red"]["placed"] == [["hut", 2], ["forest", 3]]
    assert list(State.from_json(state.to_json()).board("red").placed) == ["hut", "forest"]
    assert state.people_on("forest") == {"red": 3} and state.board("red").free == 0


def test_copy_shares_nothing() -> None:
    state = new_game(SEATS, {"mammoth_herd": True}, 14)
    before = state.to_json()
    other = state.copy()
    assert other == state
    other.board("red").tools[0] = 3
    other.board("red").placed["hunt"] = 1
    other.buildings[0].pop()
    other.civ_slots[0] = ""
    other.herd.tiles.clear()
    other.plans["red"] = Plan(["PLACE 1 hunt"], 1)
    assert state.to_json() == before


def test_other_rulesets_and_formats_are_refused() -> None:
    data = json.loads(new_game(SEATS[:2], {}, 15).to_json())
    with pytest.raises(ValueError, match="not a Stone Age state"):
        State.from_dict({**data, "ruleset": "valley"})
    with pytest.raises(ValueError, match="format 2 is not 1"):
        State.from_dict({**data, "format": 2})


def test_tool_steps_follow_the_reference() -> None:
    board = PlayerBoard()
    seen = []
    for _ in range(12):
        assert board.gain_tool()
        seen.append(list(board.tools))
    assert seen == [[1, 0, 0], [1, 1, 0], [1, 1, 1], [2, 1, 1], [2, 2, 1], [2, 2, 2],
                    [3, 2, 2], [3, 3, 2], [3, 3, 3], [4, 3, 3], [4, 4, 3], [4, 4, 4]]
    assert not board.gain_tool() and board.tool_total == 12
    board.tools_used = [True, False, False]
    assert board.unused_tools() == (4, 4)


def test_goods_never_go_below_zero() -> None:
    board = PlayerBoard(wood=2)
    board.add(Good.WOOD, -5)
    board.add(Good.GOLD, 3)
    assert (board.wood, board.gold, board.resources) == (0, 3, 3)


def test_the_herd_turns_up_every_tile_then_leaves() -> None:
    herd = Herd(list(HERD_TILES))
    seen = []
    for _ in range(16):
        herd.turn_up()
        seen.append((herd.tile, herd.at))
    assert seen[0] == ("M01", "forest") and seen[-1] == ("M16", "river")
    herd.turn_up()
    assert (herd.tiles, herd.tile, herd.at) == ([], "", "")


def test_turn_order_and_the_left_neighbour() -> None:
    state = new_game(SEATS, {}, 16)
    state.start_player = "green"
    assert state.turn_order() == ["green", "yellow", "red", "blue"]
    assert state.left_of("yellow") == "red"
    assert state.top_tile(1) == state.buildings[0][0] and state.top_tile(5) == ""


# -- random states -----------------------------------------------------------
_counts = st.integers(0, 40)


@st.composite
def boards(draw) -> PlayerBoard:
    placed = draw(st.lists(st.tuples(st.sampled_from(NAMES), st.integers(1, 7)), max_size=5,
                           unique_by=lambda p: p[0]))
    return PlayerBoard(
        people=draw(st.integers(5, 10)), agriculture=draw(st.integers(0, 10)), score=draw(st.integers(-50, 300)),
        tools=draw(st.lists(st.integers(0, 4), min_size=3, max_size=3)),
        tools_used=draw(st.lists(st.booleans(), min_size=3, max_size=3)),
        one_use=draw(st.lists(st.sampled_from([2, 3, 4]), max_size=3)),
        cards=draw(st.lists(st.sampled_from(DECK), max_size=6, unique=True)),
        buildings=draw(st.lists(st.sampled_from(["B01", "V17", "V44"]), max_size=4)),
        placed=dict(placed), **{g.value: draw(_counts) for g in GOODS})


@st.composite
def states(draw) -> State:
    count = draw(st.integers(2, 4))
    state = new_game(SEATS[:count], {"mammoth_herd": draw(st.booleans())}, draw(st.integers(0, 10**6)))
    state.boards = {p: draw(boards()) for p in state.players}
    state.round, state.step = draw(st.integers(1, 30)), draw(st.integers(0, 500))
    state.stage = draw(st.sampled_from(list(Stage)))
    state.turn = draw(st.sampled_from(state.players + [""]))
    state.decision = draw(st.text(max_size=20))
    state.civ_slots[draw(st.integers(0, 3))] = ""
    state.buildings[0] = state.buildings[0][:draw(st.integers(0, 7))]
    lines = st.lists(st.text(max_size=30), max_size=4)
    state.plans = draw(st.dictionaries(st.sampled_from(state.players),
                                       st.builds(Plan, lines, st.integers(0, 99), st.integers(0, 5))))
    if state.herd is not None:
        state.herd.tamers = draw(st.dictionaries(st.sampled_from(state.players), st.integers(1, 7)))
    state.winners = draw(st.none() | st.lists(st.sampled_from(state.players), unique=True))
    return state


@SETTINGS
@given(state=states())
def test_any_state_survives_the_json_round_trip(state: State) -> None:
    text = state.to_json()
    again = State.from_json(text)
    assert again == state
    assert again.to_json() == text
    assert state.copy() == state
