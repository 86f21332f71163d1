"""Stone Age variants: igloos and the harsh winter as game options (the rules are in the
adjudicator cases, tests/cases/stoneage/igloo-*.toml and winter-*.toml)."""
from __future__ import annotations

import json

import pytest

from engine.stoneage import RULESET
from engine.stoneage.parser import parse
from engine.stoneage.setup import GM_OPTIONS, check_options
from engine.stoneage.simulate import figures as simulated
from engine.stoneage.state import State
from pbem.presenters.stoneage.simulate import run as run_simulate
from pbem.presenters.stoneage.words import variant_words

SEATS = ["red", "blue", "green", "yellow"]
BOTH = {"igloos": True, "harsh_winter": True, "mammoth_herd": True}


def test_100_bot_games_with_both_variants_and_the_herd_send_no_refused_line() -> None:
    figures = simulated(100, ["heuristic"] * 4, BOTH)
    assert figures["refused_bot_lines"] == 0 and figures["unfinished"] == 0
    assert figures["igloos_per_seat"] > 0, "the bot buys igloos"
    assert figures["winter_points_per_seat"] > 0, "the bot pays the harsh winter's extras"


def test_the_random_bot_sends_no_refused_line_either() -> None:
    assert simulated(20, ["random", "heuristic", "random"], BOTH)["refused_bot_lines"] == 0


def test_the_options_are_offered_off_by_default_and_stored_only_when_on() -> None:
    assert [o.name for o in GM_OPTIONS][-3:] == ["igloos", "harsh_winter", "merchant"]
    assert RULESET.options == GM_OPTIONS
    assert check_options({}) == {"mammoth_herd": False, "placement": "plan"}
    assert check_options({"igloos": "yes", "harsh_winter": "no"}) == {
        "mammoth_herd": False, "placement": "plan", "igloos": True}
    with pytest.raises(ValueError, match="yes or no"):
        check_options({"harsh_winter": "maybe"})


def test_a_game_without_variants_stores_no_variant_key() -> None:
    data = json.loads(RULESET.new_game(SEATS, {}, 5).to_json())
    assert set(data["options"]) == {"mammoth_herd", "placement"}
    assert not any({"igloos", "winter"} & set(b) for b in data["boards"].values())


def test_old_states_without_the_new_keys_still_load() -> None:
    state = RULESET.new_game(SEATS[:2], {"igloos": True, "harsh_winter": True}, 6)
    state.board("red").igloos.append("stone")
    state.board("red").winter = 11
    data = json.loads(state.to_json())
    assert data["boards"]["red"]["igloos"] == ["stone"] and data["boards"]["red"]["winter"] == 11
    assert State.from_json(state.to_json()) == state
    for board in data["boards"].values():
        board.pop("igloos", None)
        board.pop("winter", None)
    old = State.from_dict(data)
    assert old.board("red").igloos == [] and old.board("red").winter == 0
    base = json.loads(RULESET.new_game(SEATS[:2], {}, 6).to_json())
    assert State.from_dict(base).to_json() == json.dumps(base, sort_keys=True, separators=(",", ":"))


NORMAL = [
    ("buy building 2 igloo pay stone stone stone", "BUY building2 IGLOO PAY 3 stone"),
    ("BUY building1 IGLOO", "BUY building1 IGLOO"),
    ("BUY building1 PAY wood wood clay EXTRA", "BUY building1 PAY 2 wood 1 clay EXTRA"),
    ("buy card3 extra gold", "BUY card3 EXTRA"),
    ("BUY building2 EXTRA stone", "BUY building2 EXTRA"),
    ("buy extra auto", "BUY EXTRA AUTO"),
    ("BUY EXTRA NONE", "BUY EXTRA NONE"),
]


@pytest.mark.parametrize("text,normal", NORMAL)
def test_normal_forms_parse_back_to_themselves(text: str, normal: str) -> None:
    state = RULESET.new_game(SEATS[:2], {"igloos": True, "harsh_winter": True}, 7)
    sheet = parse(state, "red", text)
    assert sheet.ok and sheet.normal == [normal]
    assert parse(state, "red", normal).orders == sheet.orders


REFUSED = [
    ({}, "BUY building1 IGLOO", "this game is played without igloos"),
    ({}, "BUY card1 EXTRA", "this game is played without the harsh winter: there is no EXTRA"),
    ({}, "BUY EXTRA AUTO", "this game is played without the harsh winter: there is no EXTRA"),
    ({"igloos": True}, "BUY building1 IGLOO PAY 2 wood 1 clay",
     "an igloo takes 3 resources of one kind; PAY gives 2 wood 1 clay"),
    ({"igloos": True}, "BUY card2 IGLOO", "igloos are bought on a building space, not card2"),
    ({"harsh_winter": True}, "BUY building1 EXTRA gold", "EXTRA ends the line; the extra at building1 is one stone"),
    ({"harsh_winter": True}, "BUY EXTRA sometimes",
     "BUY EXTRA takes AUTO or NONE; a single purchase ends its BUY line with EXTRA"),
    ({"harsh_winter": True, "igloos": True}, "BUY building1 IGLOO EXTRA", "an igloo takes no harsh-winter extra"),
]


@pytest.mark.parametrize("options,text,message", REFUSED)
def test_refused_variant_lines(options: dict, text: str, message: str) -> None:
    state = RULESET.new_game(SEATS[:2], options, 8)
    (problem,) = parse(state, "red", text).problems
    assert problem.message == message


def test_the_view_shows_igloos_and_winter_points_only_in_their_games() -> None:
    state = RULESET.new_game(SEATS[:2], {"igloos": True, "harsh_winter": True}, 9)
    state.board("blue").igloos += ["wood", "gold", "wood"]
    state.board("blue").winter = 6
    view = RULESET.view(state, None)
    assert view["igloos_left"] == 5
    assert view["boards"]["blue"]["igloos"] == ["wood", "gold", "wood"]
    assert view["boards"]["blue"]["winter_points"] == 6
    assert variant_words(view["boards"]["blue"]) == ["igloos: 3 (1 gold, 2 wood)",
                                                     "harsh-winter extras: 6 points"]
    plain = RULESET.view(RULESET.new_game(SEATS[:2], {}, 9), None)
    assert "igloos_left" not in plain and "igloos" not in plain["boards"]["red"]
    assert variant_words(plain["boards"]["red"]) == []


def test_simulate_takes_game_options() -> None:
    out: list[str] = []
    run_simulate(players=2, games=3, seed=0, turn_limit=200, as_json=True, echo=out.append, herd=False,
                 live=False, bots="heuristic", game_options=("igloos=yes", "harsh_winter=yes"))
    figures = json.loads(out[0])
    assert figures["refused_bot_lines"] == 0
    assert "igloos_per_seat" in figures and "winter_points_per_seat" in figures
