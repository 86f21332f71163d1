"""Stone Age variant new_huts as a game option (the rules are in the adjudicator cases,
tests/cases/stoneage/newhut-*.toml)."""
from __future__ import annotations

import json
from collections import Counter

from engine.stoneage import RULESET
from engine.stoneage.buildings import BUILDINGS, NEW_HUTS, NEW_TILES, TILES
from engine.stoneage.setup import check_options
from engine.stoneage.simulate import figures as simulated
from engine.stoneage.winter import EXTRA_BUILDINGS
from pbem.presenters.stoneage.simulate import run as run_simulate
from pbem.presenters.stoneage.words import variant_words

SEATS = ["red", "blue", "green", "yellow"]
EVERY = {"new_huts": True, "wild_animals": True, "igloos": True, "harsh_winter": True, "mammoth_herd": True}


def test_the_new_huts_score_less_than_their_cost_and_stay_out_of_the_base_tiles() -> None:
    assert NEW_TILES == ("N01", "N02", "N03", "N04", "N05", "N06")
    assert not set(NEW_TILES) & (set(BUILDINGS) | set(TILES) | EXTRA_BUILDINGS)
    for hut in NEW_HUTS.values():
        worth = sum(g.worth for g in hut.cost)
        assert hut.fixed and len(hut.cost) == 3 and 0 < hut.score < worth
    assert sorted(h.bonus for h in NEW_HUTS.values()) == sorted(
        ["wood", "clay", "stone", "person", "tool", "field"])


def test_the_option_mixes_the_new_huts_into_the_stacks_and_is_stored_only_when_on() -> None:
    assert "new_huts" not in check_options({"new_huts": "no"})
    plain = RULESET.new_game(SEATS, {}, 3)
    assert not {t for s in plain.buildings for t in s} & set(NEW_TILES)
    seen: Counter[str] = Counter()
    for seed in range(30):
        st = RULESET.new_game(SEATS, {"new_huts": True}, seed)
        assert [len(s) for s in st.buildings] == [7, 7, 7, 7]
        seen.update(t for s in st.buildings for t in s if t in NEW_HUTS)
    assert set(seen) == set(NEW_TILES)


def test_100_bot_games_with_every_variant_send_no_refused_line_and_build_new_huts() -> None:
    figures = simulated(100, ["heuristic"] * 4, EVERY)
    assert figures["refused_bot_lines"] == 0 and figures["unfinished"] == 0
    assert figures["new_huts_per_seat"] > 0, "the bot builds new huts"
    assert figures["animals_driven_off_per_game"] > 0 and figures["igloos_per_seat"] > 0


def test_two_and_three_players_with_new_huts_send_no_refused_line() -> None:
    for players in (2, 3):
        figures = simulated(20, ["heuristic"] * players, {"new_huts": True})
        assert figures["refused_bot_lines"] == 0 and figures["new_huts_per_seat"] > 0


def test_the_view_and_the_report_show_each_seats_new_huts() -> None:
    st = RULESET.new_game(SEATS[:2], {"new_huts": True}, 4)
    st.board("red").buildings = ["B01", "N03"]
    view = RULESET.view(st, None)
    assert view["boards"]["red"]["new_huts"] == ["N03: 1 wood 2 stone, 6 points and 1 stone at every round's end"]
    assert variant_words(view["boards"]["red"]) == [
        "new huts: N03: 1 wood 2 stone, 6 points and 1 stone at every round's end"]
    assert "new_huts" not in RULESET.view(RULESET.new_game(SEATS[:2], {}, 4), None)["boards"]["red"]


def test_simulate_takes_the_option() -> None:
    out: list[str] = []
    run_simulate(players=2, games=3, seed=0, turn_limit=200, as_json=True, echo=out.append, herd=False,
                 live=False, bots="heuristic", game_options=("new_huts=yes",))
    figures = json.loads(out[0])
    assert figures["refused_bot_lines"] == 0 and "new_huts_per_seat" in figures
