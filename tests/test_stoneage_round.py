"""Stone Age through the ruleset: whole games by its bot, determinism, and the steps
of the contract (who is awaited, pre-orders, privacy, the end)."""
from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as hs

from engine.contract import EndReason, OrderSheet, Ruleset
from engine.dice import SeededDice
from engine.stoneage import RULESET
from engine.stoneage.state import Plan, Stage, State

SEATS = ["red", "blue", "green", "yellow"]


def play(seed: int, players: int = 4, options: dict | None = None, limit: int = 300) -> tuple[State, list[str]]:
    """A game by bots; every state's JSON and every step's events, checking each step."""
    st = RULESET.new_game(SEATS[:players], options or {}, seed)
    rng = random.Random(seed)
    seen = [RULESET.to_json(st)]
    for step in range(limit):
        if RULESET.outcome(st) is not None:
            break
        sheets = {p: RULESET.bot_orders(st, p, rng) for p in sorted(RULESET.awaiting(st))}
        before = RULESET.to_json(st)
        result = RULESET.resolve(st, sheets, SeededDice(f"{seed}:{step}"))
        assert RULESET.to_json(st) == before, "resolve changed its input"
        st = result.state
        text = RULESET.to_json(st)
        again = RULESET.from_json(text)
        assert again == st and RULESET.to_json(again) == text
        seen += [text, json.dumps([e.to_dict() for e in result.events])]
    return st, seen


def test_it_is_a_ruleset() -> None:
    assert isinstance(RULESET, Ruleset)


def test_four_bots_play_a_whole_game() -> None:
    st, _ = play(5)
    outcome = RULESET.outcome(st)
    assert outcome is not None and outcome.reason is EndReason.SCORED
    assert st.stage is Stage.OVER and RULESET.awaiting(st) == frozenset()
    best = max(b.score for b in st.boards.values())
    assert all(st.board(w).score == best for w in outcome.winners)
    assert st.round > 5


def test_the_same_seed_plays_the_same_game_byte_for_byte() -> None:
    assert play(9)[1] == play(9)[1]
    assert play(9)[1] != play(10)[1]


def test_bots_play_a_live_game_to_the_end() -> None:
    st, seen = play(3, players=3, options={"placement": "live"})
    assert RULESET.outcome(st) is not None
    assert len(seen) // 2 > st.round, "live placement takes more than one step a round"


def test_plan_mode_awaits_every_seat_together_then_runs_the_round() -> None:
    st = RULESET.new_game(SEATS[:2], {}, 1)
    assert RULESET.awaiting(st) == {"red", "blue"} and RULESET.simultaneous(st)
    assert "plan for round 1" in RULESET.prompt(st, "red")
    sheets = {p: RULESET.parse_orders(st, p, "PLACE 5 hunt") for p in ("red", "blue")}
    st2 = RULESET.resolve(st, sheets, SeededDice(1)).state
    assert st2.round == 2 and st2.stage is Stage.PLACEMENT
    assert RULESET.awaiting(st2) == {"red", "blue"} and st2.plans == {}
    assert RULESET.round_of(st2) == 2


def test_standing_policies_stay_from_round_to_round_and_the_seat_is_still_asked() -> None:
    st = RULESET.new_game(SEATS[:2], {}, 1)
    sheets = {"red": RULESET.parse_orders(st, "red", "PLACE 5 hunt\nFEED stone gold\nPICK gold\nTOOLS NONE"),
              "blue": RULESET.parse_orders(st, "blue", "PLACE 5 hunt")}
    st2 = RULESET.resolve(st, sheets, SeededDice(1)).state
    assert st2.plans["red"].lines == ["FEED stone gold", "PICK gold", "TOOLS NONE"] and st2.plans["red"].standing
    assert "blue" not in st2.plans
    assert RULESET.awaiting(st2) == {"red", "blue"}, "standing orders are no sheet for the new round"
    assert RULESET.from_json(RULESET.to_json(st2)) == st2
    assert RULESET.view(st2, "red")["plan"] == ["FEED stone gold", "PICK gold", "TOOLS NONE"]
    assert RULESET.view(st2, "blue")["plan"] is None
    # A sheet that names PICK again replaces it; FEED and TOOLS stand; a missed seat keeps its own.
    st3 = RULESET.resolve(st2, {"red": RULESET.parse_orders(st2, "red", "PLACE 5 hunt\nPICK AUTO")},
                          SeededDice(2)).state
    assert st3.plans["red"].lines == ["PICK AUTO", "FEED stone gold", "TOOLS NONE"]
    st4 = RULESET.resolve(st3, {"red": RULESET.default_orders(st3, "red")}, SeededDice(3)).state
    assert st4.plans["red"].lines == ["PICK AUTO", "FEED stone gold", "TOOLS NONE"]


def _live(seed: int = 2) -> State:
    st = RULESET.new_game(SEATS[:3], {"placement": "live"}, seed)
    st.start_player = st.turn = "red"
    return st


def test_live_mode_asks_the_seat_to_place_in_turn() -> None:
    st = _live()
    assert RULESET.awaiting(st) == {"red"} and not RULESET.simultaneous(st)
    assert "placement in round 1" in RULESET.prompt(st, "red") and RULESET.prompt(st, "blue") == ""
    assert RULESET.pre_orders(st, "red") == "" and "round 1" in RULESET.pre_orders(st, "blue")
    result = RULESET.resolve(st, {"red": RULESET.parse_orders(st, "red", "PLACE 2 forest")}, SeededDice(1))
    assert result.state.board("red").placed == {"forest": 2}
    assert RULESET.awaiting(result.state) == {"blue"}
    assert any(e.by == "red" and "forest" in e.text for e in result.events)


def test_live_pre_orders_play_without_asking() -> None:
    st = _live()
    sheets = {"red": RULESET.parse_orders(st, "red", "PLACE 4 forest"),
              "blue": RULESET.parse_orders(st, "blue", "PLACE 4 forest OR 3 clay\nPLACE 2 hunt")}
    result = RULESET.resolve(st, sheets, SeededDice(1))
    assert result.state.board("blue").placed == {"clay": 3}
    assert RULESET.awaiting(result.state) == {"green"}
    private = [e.text for e in result.events if e.to == "blue"]
    assert any("forest has 3 spaces left, not 4" in t and "placed 3 on clay instead" in t for t in private)


def test_live_sheet_for_this_placement_falls_back_when_no_line_fits() -> None:
    st = _live()
    st.board("blue").placed["toolmaker"] = 1
    result = RULESET.resolve(st, {"red": RULESET.parse_orders(st, "red", "PLACE 1 toolmaker")}, SeededDice(1))
    assert result.state.board("red").placed == {"hunt": 5}
    assert any("skipped" in e.text for e in result.events if e.to == "red")


def test_a_later_sheet_keeps_the_policies_it_does_not_name() -> None:
    st = _live()
    st = RULESET.resolve(st, {"red": RULESET.parse_orders(st, "red", "PLACE 1 card1\nBUY card1")},
                         SeededDice(1)).state
    st.turn = "red"
    st = RULESET.resolve(st, {"red": RULESET.parse_orders(st, "red", "PLACE 2 hunt")}, SeededDice(2)).state
    assert st.plans["red"].lines == ["PLACE 2 hunt", "BUY card1"]


def test_the_view_shows_a_plan_and_face_down_cards_to_their_owner_only() -> None:
    st = RULESET.new_game(SEATS[:2], {}, 4)
    st.plans["red"] = Plan(["PLACE 5 hunt"], 0)
    hidden = st.civ_deck.pop(0)
    st.board("red").cards += [st.civ_slots[0], hidden]
    st.board("red").face_down.append(hidden)
    mine, theirs, public = RULESET.view(st, "red"), RULESET.view(st, "blue"), RULESET.view(st, None)
    assert mine["plan"] == ["PLACE 5 hunt"] and theirs["plan"] is None and public["plan"] is None
    assert hidden in mine["boards"]["red"]["cards"]
    assert theirs["boards"]["red"]["cards"] == [st.civ_slots[0]] and theirs["boards"]["red"]["face_down"] == 1
    assert "end_points" not in theirs["boards"]["red"]
    assert hidden not in json.dumps(public) + json.dumps(theirs)
    assert "PLACE 5 hunt" not in json.dumps(public) + json.dumps(theirs)


def test_the_view_shows_only_the_place_lines_still_to_come() -> None:
    st = _live()
    sheet = RULESET.parse_orders(st, "red", "PLACE 2 forest\nPLACE 3 hunt\nBUY card1")
    st = RULESET.resolve(st, {"red": sheet}, SeededDice(1)).state
    assert st.plans["red"].used == 1
    assert RULESET.view(st, "red")["plan"] == ["PLACE 3 hunt", "BUY card1"]


def test_the_herd_is_an_option() -> None:
    assert RULESET.check_options({"mammoth_herd": True})["mammoth_herd"] is True
    assert RULESET.check_options({})["placement"] == "plan"


def test_bots_play_a_whole_game_with_the_herd() -> None:
    st, seen = play(7, options={"mammoth_herd": True})
    outcome = RULESET.outcome(st)
    assert outcome is not None and outcome.reason is EndReason.SCORED and st.herd is not None
    won = [t for v in st.herd.won.values() for t in v]
    assert won and len(won) == len(set(won)) and len(won) + len(st.herd.tiles) <= 16
    assert not st.herd.tamers and not st.herd.tile
    text = " ".join(seen)
    assert "tames the mammoth" in text and "onto the mammoth tile" in text
    assert seen == play(7, options={"mammoth_herd": True})[1]
    assert RULESET.view(st, None)["herd"]["won"] == st.herd.won
    assert RULESET.view(play(8)[0], None)["herd"] is None


def test_the_herd_leaves_when_its_tiles_run_out() -> None:
    st = RULESET.new_game(SEATS[:2], {"mammoth_herd": True}, 4)
    assert st.herd is not None and st.herd.at and len(st.herd.tiles) == 15
    st.herd.tiles.clear()
    st.herd.turn_up()
    assert st.herd.at == st.herd.tile == ""
    assert RULESET.from_json(RULESET.to_json(st)) == st


def test_after_the_end_nothing_moves() -> None:
    st, _ = play(6, players=2)
    result = RULESET.resolve(st, {}, SeededDice(0))
    assert result.state == st and result.events == ()
    assert RULESET.pre_orders(st, "red") == "" and RULESET.prompt(st, "red") == ""


def test_default_orders_follow_the_standing_rules() -> None:
    st = RULESET.new_game(SEATS[:2], {}, 8)
    assert RULESET.default_orders(st, "red") == OrderSheet("red")
    st2 = RULESET.resolve(st, {p: RULESET.default_orders(st, p) for p in st.players}, SeededDice(3)).state
    assert st2.round == 2 and all(b.food > 0 for b in st2.boards.values())


@settings(max_examples=40, deadline=None)
@given(seed=hs.integers(0, 10**6), players=hs.integers(2, 4), herd=hs.booleans(), live=hs.booleans(),
       steps=hs.integers(1, 40), bot=hs.sampled_from(["heuristic", "random"]))
def test_any_step_resolves_again_byte_for_byte_from_its_json(seed, players, herd, live, steps, bot) -> None:
    """From the stored JSON of any step's position and the same sheets and dice, a second
    resolve gives the same position and the same events, byte for byte."""
    from engine.stoneage.simulate import BOTS
    st = RULESET.new_game(SEATS[:players], {"mammoth_herd": herd, "placement": "live" if live else "plan"}, seed)
    rng = random.Random(seed)
    for step in range(steps):
        if RULESET.outcome(st) is not None:
            break
        text = {p: "\n".join(BOTS[bot](st, p, rng).normal) for p in sorted(RULESET.awaiting(st))}
        stored = RULESET.to_json(st)
        first = RULESET.resolve(st, {p: RULESET.parse_orders(st, p, t) for p, t in text.items()},
                                SeededDice(f"{seed}:{step}"))
        again_from = RULESET.from_json(stored)
        again = RULESET.resolve(again_from, {p: RULESET.parse_orders(again_from, p, t) for p, t in text.items()},
                                SeededDice(f"{seed}:{step}"))
        assert RULESET.to_json(again.state) == RULESET.to_json(first.state)
        assert [e.to_dict() for e in again.events] == [e.to_dict() for e in first.events]
        assert RULESET.to_json(st) == stored, "resolve changed its input"
        st = first.state


def test_a_kept_line_is_read_from_its_words_as_its_parsed_orders_say() -> None:
    """policy.line_keys and standing_line read normal forms without the parser; they must agree
    with the keys of the orders the parser reads from the same lines."""
    from engine.stoneage.orders import keys_of
    from engine.stoneage.policy import STANDING, line_keys, standing_line
    st = RULESET.new_game(SEATS[:2], {"mammoth_herd": True, "harsh_winter": True, "merchant": True}, 1)
    sheet = RULESET.parse_orders(st, "red", "\n".join([
        "PLACE 3 forest OR 2 hut", "BUY card2 PAY 2 wood EXTRA", "BUY EXTRA AUTO", "TOOLS AUTO",
        "TOOLS river 2 1", "TOOLS quarry NONE", "USE toolmaker forest", "PICK gold tool", "FEED PENALTY",
        "TAKE gold stone", "HERD 1", "HERD BONUS ALL", "HUNT JEWELS 2",
        "BUY building1 TRADE 1 wood FOR 1 gold OR card3 PAY 1 wood 1 clay 1 gold OR jewelcard TOP"]))
    assert sheet.ok, sheet.problems
    for line, order in zip(sheet.normal, sheet.orders):
        assert line_keys(line) == keys_of(order), line
        assert standing_line(line) == (bool(keys_of(order)) and all(k in STANDING for k in keys_of(order))), line
