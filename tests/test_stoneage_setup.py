"""Stone Age setup: options, seats, and the deal for 2, 3 and 4 players."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.stoneage import locations
from engine.stoneage.buildings import TILES
from engine.stoneage.cards import DECK
from engine.stoneage.herd import TILES as HERD_TILES
from engine.stoneage.setup import OPTIONS, check_options, new_game, seat_name_problem
from engine.stoneage.state import Stage

SEATS = ["red", "blue", "green", "yellow"]


@pytest.mark.parametrize("count", [2, 3, 4])
def test_each_player_starts_with_5_people_and_12_food(count: int) -> None:
    st = new_game(SEATS[:count], {}, 1)
    assert st.players == SEATS[:count]
    for seat in st.players:
        board = st.board(seat)
        assert (board.people, board.food, board.agriculture, board.score) == (5, 12, 0, 0)
        assert board.tools == [0, 0, 0] and board.resources == 0 and not board.placed
        assert st.supply(seat) == 5


@pytest.mark.parametrize("count", [2, 3, 4])
def test_one_building_stack_of_7_per_player(count: int) -> None:
    st = new_game(SEATS[:count], {}, 2)
    assert [len(stack) for stack in st.buildings] == [7] * count
    dealt = Counter(t for stack in st.buildings for t in stack)
    assert not dealt - Counter(TILES), "a tile was dealt more often than it exists"
    assert locations.stacks_in_play(count) == locations.STACKS[:count]


@pytest.mark.parametrize("count", [2, 3, 4])
def test_civilization_deck_with_four_face_up(count: int) -> None:
    st = new_game(SEATS[:count], {}, 3)
    assert len(st.civ_slots) == 4 and all(st.civ_slots)
    assert len(st.civ_deck) == 32
    assert sorted(st.civ_slots + st.civ_deck) == sorted(DECK)


@pytest.mark.parametrize("count", [2, 3, 4])
def test_round_one_waits_for_the_start_player(count: int) -> None:
    st = new_game(SEATS[:count], {}, 4)
    assert (st.round, st.step, st.stage) == (1, 0, Stage.PLACEMENT)
    assert st.start_player in st.players and st.turn == st.start_player and st.decision == "place"
    assert st.herd is None and st.plans == {} and st.winners is None


def test_the_rules_for_fewer_players() -> None:
    # 2 players: one player per resource location, 2 of the 3 village spaces.
    assert (locations.players_per_gathering(2), locations.village_spaces(2)) == (1, 2)
    assert (locations.players_per_gathering(3), locations.village_spaces(3)) == (2, 2)
    assert (locations.players_per_gathering(4), locations.village_spaces(4)) == (None, 3)


def test_the_same_seed_deals_the_same_game() -> None:
    a = new_game(SEATS, {"mammoth_herd": True}, "game-7")
    b = new_game(SEATS, {"mammoth_herd": True}, "game-7")
    assert a.to_json() == b.to_json()
    deals = {new_game(SEATS, {}, seed).to_json() for seed in range(20)}
    assert len(deals) == 20


def test_the_deal_uses_the_seed_only() -> None:
    random.seed(1)
    first = new_game(SEATS, {}, 5).to_json()
    random.seed(2)
    assert new_game(SEATS, {}, 5).to_json() == first
    random.seed(3)
    expected = random.random()
    random.seed(3)
    new_game(SEATS, {}, 5)
    assert random.random() == expected, "new_game used the global random"


def test_start_players_vary_with_the_seed() -> None:
    assert {new_game(SEATS, {}, seed).start_player for seed in range(40)} == set(SEATS)


def test_options_and_their_defaults() -> None:
    assert [o.name for o in OPTIONS] == ["mammoth_herd", "placement"]
    assert check_options({}) == {"mammoth_herd": False, "placement": "plan"}
    assert check_options({"mammoth_herd": "yes", "placement": "live"}) == {
        "mammoth_herd": True, "placement": "live"}
    with pytest.raises(ValueError, match="no option 'herd'; the options are mammoth_herd, placement"):
        check_options({"herd": "yes"})
    with pytest.raises(ValueError, match="placement is one of plan, live"):
        check_options({"placement": "fast"})
    with pytest.raises(ValueError, match="yes or no"):
        check_options({"mammoth_herd": "maybe"})


def test_mammoth_herd_setup() -> None:
    st = new_game(SEATS[:3], {"mammoth_herd": "on"}, 8)
    herd = st.herd
    assert herd is not None and len(herd.tiles) == 15
    assert sorted(herd.tiles + [herd.tile]) == sorted(HERD_TILES)
    assert herd.at == HERD_TILES[herd.tile].location and herd.at in ("forest", "clay", "quarry", "river")
    assert herd.won == {p: [] for p in st.players} and herd.tamers == {}


def test_seats() -> None:
    assert seat_name_problem("red") == "" and seat_name_problem("team-2") == ""
    assert "lower-case" in str(seat_name_problem("Red"))
    with pytest.raises(ValueError, match="2 to 5 players, not 1"):
        new_game(["red"], {}, 1)
    with pytest.raises(ValueError, match="takes 4 players; a fifth seat needs the expansion"):
        new_game(SEATS + ["black"], {}, 1)
    with pytest.raises(ValueError, match="2 to 5 players, not 6"):
        new_game(SEATS + ["black", "white"], {"merchant": True}, 1)
    with pytest.raises(ValueError, match="same name"):
        new_game(["red", "red"], {}, 1)
    with pytest.raises(ValueError, match="seat name"):
        new_game(["red", "Blue Team"], {}, 1)
