"""Stone Age variant wild_animals as a game option (the rules are in the adjudicator cases,
tests/cases/stoneage/animal-*.toml)."""
from __future__ import annotations

import json

import pytest

from engine.dice import ScriptedDice
from engine.stoneage import RULESET, animals
from engine.stoneage.animaldata import ANIMAL_DECK, ANIMALS, BY_NAME, REWARD_KINDS
from engine.stoneage.parser import parse
from engine.stoneage.setup import check_options
from engine.stoneage.simulate import figures as simulated
from engine.stoneage.state import State
from pbem.presenters.stoneage.report import animal_texts
from pbem.presenters.stoneage.simulate import run as run_simulate
from pbem.presenters.stoneage.words import variant_words

SEATS = ["red", "blue", "green", "yellow"]
ALL = {"wild_animals": True, "igloos": True, "harsh_winter": True, "mammoth_herd": True}
WILD = {"wild_animals": True}


def test_the_animals_are_four_with_penalties_one_to_three_and_six_rewards() -> None:
    assert ANIMAL_DECK == ("A01", "A02", "A03", "A04")
    assert sorted({a.penalty for a in ANIMALS.values()}) == [1, 2, 3]
    for animal in ANIMALS.values():
        assert len(animal.rewards) == 6 and all(r.kind in REWARD_KINDS for r in animal.rewards)
        assert BY_NAME[animal.name] is animal


def test_100_bot_games_with_every_variant_and_the_herd_send_no_refused_line() -> None:
    figures = simulated(100, ["heuristic"] * 4, ALL)
    assert figures["refused_bot_lines"] == 0 and figures["unfinished"] == 0
    assert figures["animals_in_play_per_game"] > 0
    assert figures["animals_driven_off_per_game"] > 0, "the bot drives animals off"
    assert figures["igloos_per_seat"] > 0 and figures["winter_points_per_seat"] > 0


@pytest.mark.parametrize("players", [2, 3])
def test_fewer_players_drive_animals_off_with_no_refused_line(players: int) -> None:
    figures = simulated(30, ["heuristic"] * players, WILD)
    assert figures["refused_bot_lines"] == 0 and figures["unfinished"] == 0
    assert figures["animals_driven_off_per_game"] > 0


def test_the_random_bot_beside_the_heuristic_sends_no_refused_line() -> None:
    assert simulated(20, ["random", "heuristic", "random"], WILD)["refused_bot_lines"] == 0


def test_the_option_is_off_by_default_and_stored_only_when_on() -> None:
    assert check_options({}) == {"mammoth_herd": False, "placement": "plan"}
    assert check_options({"wild_animals": "yes"})["wild_animals"] is True
    assert "wild_animals" not in check_options({"wild_animals": "no"})
    plain = json.loads(RULESET.new_game(SEATS, {}, 5).to_json())
    assert "animals" not in plain and not any("held" in b for b in plain["boards"].values())
    assert not set(ANIMAL_DECK) & set(plain["civ_deck"])


def test_with_the_option_the_four_animals_are_in_the_deck_or_in_play_never_in_a_slot() -> None:
    first_deal_animal = False
    for seed in range(40):
        st = RULESET.new_game(SEATS, WILD, seed)
        assert sorted([c for c in st.civ_deck if c in ANIMALS] + st.animals) == list(ANIMAL_DECK)
        assert not set(st.civ_slots) & set(ANIMALS) and all(st.civ_slots)
        first_deal_animal |= bool(st.animals)
    assert first_deal_animal, "some seed deals an animal in the first four cards"


def test_state_with_animals_and_held_people_round_trips_and_old_states_load() -> None:
    st = RULESET.new_game(SEATS[:2], WILD, 6)
    st.animals = ["A03"]
    st.board("red").held = {"bear": 1}
    assert st.board("red").free == st.board("red").people - 1
    data = json.loads(st.to_json())
    assert data["animals"] == ["A03"] and data["boards"]["red"]["held"] == {"bear": 1}
    assert State.from_json(st.to_json()) == st and st.copy() == st
    data.pop("animals")
    data["boards"]["red"].pop("held")
    old = State.from_dict(data)
    assert old.animals == [] and old.board("red").held == {}


def test_a_roll_is_lowered_only_while_an_animal_is_in_play() -> None:
    st = RULESET.new_game(SEATS[:2], WILD, 7)
    st.animals = []
    assert animals.lowered(st, 5) == (5, "")
    st.animals = ["A01", "A03"]
    assert animals.lowered(st, 5) == (2, ", less 3 for the wolf and the bear (2)")
    assert animals.lowered(st, 2)[0] == 0


def test_driving_off_rolls_each_seat_from_the_start_player() -> None:
    st = RULESET.new_game(SEATS[:3], WILD, 8)
    st.animals, st.start_player = ["A02"], "blue"
    st.board("red").held = {"boar": 1}
    st.board("green").held = {"boar": 1}
    log: list = []
    animals.resolve(st, "blue", "boar", 1, ScriptedDice({"animal blue": [4], "animal green": [1],
                                                          "animal red": [6]}), log)
    assert st.animals == [] and all(not st.board(p).held for p in st.players)
    assert (st.board("blue").wood, st.board("green").food, st.board("red").stone) == (2, 15, 1)
    assert [e.text.split(" rolls")[0] for e in log if " rolls " in e.text] == ["blue", "green", "red"]


NORMAL = [
    ("place 2 a01", "PLACE 2 wolf"),
    ("PLACE 1 tiger OR 3 forest", "PLACE 1 tiger OR 3 forest"),
    ("use Bear forest", "USE bear forest"),
]


@pytest.mark.parametrize("text,normal", NORMAL)
def test_normal_forms_parse_back_to_themselves(text: str, normal: str) -> None:
    state = RULESET.new_game(SEATS[:2], WILD, 9)
    sheet = parse(state, "red", text)
    assert sheet.ok and sheet.normal == [normal]
    assert parse(state, "red", normal).orders == sheet.orders


REFUSED = [
    ({}, "PLACE 1 wolf", "this game is played without wild animals: there is no wolf"),
    ({}, "USE A02 forest", "this game is played without wild animals: there is no boar"),
    (WILD, "PLACE 3 wolf", "the wolf is driven off by 2 people, one per player; 3 is more"),
    (WILD, "PLACE wolf", "say how many people go to wolf"),
    (WILD, "PLACE 0 bear", "0 people: a placement puts at least 1 person"),
]


@pytest.mark.parametrize("options,text,message", REFUSED)
def test_refused_animal_lines(options: dict, text: str, message: str) -> None:
    state = RULESET.new_game(SEATS[:2], options, 10)
    (problem,) = parse(state, "red", text).problems
    assert problem.message == message and problem.suggestion


def test_the_view_and_the_report_show_the_animals_in_play() -> None:
    state = RULESET.new_game(SEATS[:2], WILD, 11)
    state.animals = ["A01"]
    state.board("blue").held = {"wolf": 1}
    view = RULESET.view(state, None)
    (wolf,) = view["animals"]
    assert (wolf["name"], wolf["penalty"], wolf["needed"], wolf["on"]) == ("wolf", 1, 2, {"blue": 1})
    texts = animal_texts(view)
    assert texts[0] == "Wild animals: every roll for goods loses 1"
    assert texts[1].startswith("The wolf (A01, PLACE n wolf): -1 on every roll; 1 of the 2 people it "
                               "takes (blue 1); a die each: 1: 2 food")
    assert variant_words(view["boards"]["blue"]) == ["against the animals: 1 on the wolf"]
    state.animals = []
    state.board("blue").held = {}
    assert animal_texts(RULESET.view(state, None)) == ["Wild animals: none in play"]
    plain = RULESET.view(RULESET.new_game(SEATS[:2], {}, 11), None)
    assert "animals" not in plain and animal_texts(plain) == [] and "held" not in plain["boards"]["red"]


def test_simulate_takes_the_option() -> None:
    out: list[str] = []
    run_simulate(players=2, games=3, seed=0, turn_limit=200, as_json=True, echo=out.append, herd=True,
                 live=False, bots="heuristic", game_options=("wild_animals=yes",))
    figures = json.loads(out[0])
    assert figures["refused_bot_lines"] == 0 and "animals_driven_off_per_game" in figures


def test_live_placement_with_animals_runs_to_the_end() -> None:
    figures = simulated(5, ["heuristic"] * 3, {**WILD, "placement": "live"})
    assert figures["refused_bot_lines"] == 0 and figures["unfinished"] == 0
    assert figures["asks_with_one_legal_answer"] == 0


def test_the_text_and_html_reports_show_the_animals_and_the_new_huts() -> None:
    from pbem.presenters import get_presenter

    state = RULESET.new_game(SEATS, {**ALL, "new_huts": True}, 12)
    state.animals = ["A04", "A02"]
    state.board("red").held = {"tiger": 2}
    state.board("blue").buildings = ["N01"]
    report = get_presenter("stoneage").report(
        game="sa-9", turn_no=state.step, seat="red", view=RULESET.view(state, "red"), events=[],
        deadline="2026-12-02 18:00 UTC", address="pbem@example.org", missed={})
    lines = report.text.splitlines()
    assert all(len(line) <= 72 for line in lines), [line for line in lines if len(line) > 72]
    flat = " ".join(report.text.split())
    for words in ("Wild animals: every roll for goods loses 4", "The sabre-toothed tiger (A04, PLACE n tiger)",
                  "2 of the 4 people it takes (red 2)", "against the animals: 2 on the tiger",
                  "New huts: N01-N06", "new huts: N01: 2 wood 1 clay, 4 points and 1 wood at every round's end"):
        assert words in flat, words
    assert "The sabre-toothed tiger (A04, PLACE n tiger)" in report.html
