"""Our Dewan components: the data loads and is complete, the docs match it,
and every map the scenarios lay keeps the board invariants."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine.dewan import boardcheck
from engine.dewan.board import Board
from engine.dewan.cards import card
from engine.dewan.components import (CARDS, PLAYERS, SCENARIOS, SCORING_KEYS, STORIES, TILES, ComponentError,
                                     deck, layout, place, slots, tile_names)
from engine.dewan.stories import KINDS, Story, met

SEEDS = range(200)
LAYOUTS = [(sc, players) for sc in SCENARIOS for players in PLAYERS]


def test_the_data_loads_with_complete_ids() -> None:
    assert list(CARDS) == [f"c{i:02d}" for i in range(1, 56)]
    assert list(STORIES) == [f"s{i:02d}" for i in range(1, 25)]
    assert all(card(text).text == text for text in CARDS.values())
    assert len(deck()) == 55
    assert sum(t.kind == "start" for t in TILES.values()) == 4
    assert sum(t.kind == "neutral" for t in TILES.values()) == 10
    assert {n.kind for s in STORIES.values() for n in s.needs} == set(KINDS)
    assert all(3 <= s.points <= 9 for s in STORIES.values())


def test_the_ids_in_the_files_are_unique() -> None:
    data = Path(__file__).parent.parent / "engine" / "dewan" / "data"
    for name, key in (("stories.json", "stories"), ("tiles.json", "tiles"), ("scenarios.json", "scenarios")):
        ids = [d["id"] for d in json.loads((data / name).read_text())[key]]
        assert len(ids) == len(set(ids)), name
    # cards.json is an object: a repeated id would silently replace a card
    pairs = json.loads((data / "cards.json").read_text(), object_pairs_hook=lambda p: p)
    cards = dict(pairs)["cards"]
    assert len(cards) == len({k for k, _ in cards}) == 55


def test_the_base_scenario_scores_as_the_game_help_says() -> None:
    assert dict(SCENARIOS["base"].scoring) == {"story_points": 1, "fire_each": 1, "most_fire": 4,
                                               "berry_each": 2, "group_of_2_plus": 4}
    assert len(SCENARIOS) >= 2
    assert all(set(sc.scoring) == set(SCORING_KEYS) for sc in SCENARIOS.values())


def test_component_checks_find_nothing() -> None:
    assert boardcheck.check_tiles() == []
    assert boardcheck.check_cards() == []
    assert boardcheck.check_stories() == []
    assert boardcheck.check_scenarios() == []


def test_docs_match_the_data() -> None:
    from engine.dewan.carddocs import markdown
    doc = Path(__file__).parent.parent / "docs" / "cards-dewan.md"
    assert doc.read_text() == markdown(), "regenerate: python -m engine.dewan.carddocs > docs/cards-dewan.md"


@pytest.mark.parametrize("scenario, players", LAYOUTS)
def test_every_layout_keeps_the_invariants(scenario: str, players: int) -> None:
    problems = []
    for seed in SEEDS:
        board, starts = layout(scenario, players, random.Random(seed))
        problems += [f"seed {seed}: {p}" for p in boardcheck.check_layout(board, starts)]
    assert problems == []


@pytest.mark.parametrize("scenario, players", LAYOUTS)
def test_tiles_never_overlap(scenario: str, players: int) -> None:
    where = slots(scenario, players)
    for seed in range(20):
        board, starts = layout(scenario, players, random.Random(seed))
        assert len(board.hexes) == 7 * len(where.centres)
        assert set(board.hexes) == {n for c in where.centres for n in tile_names(c)}
        assert starts == list(where.starts) and len(starts) == players


@pytest.mark.parametrize("scenario, players", LAYOUTS)
def test_the_layout_follows_the_seed(scenario: str, players: int) -> None:
    def spec(seed: int) -> str:
        return json.dumps(layout(scenario, players, random.Random(seed))[0].to_spec())
    assert spec(7) == spec(7)
    assert len({spec(seed) for seed in range(12)}) == 12


def test_the_layout_leaves_the_global_random_alone() -> None:
    random.seed(5)
    expected = random.random()
    random.seed(5)
    layout("base", 4, random.Random(1))
    assert random.random() == expected


def test_a_board_round_trips_through_its_spec() -> None:
    board, _ = layout("trek", 3, random.Random(3))
    again = Board.from_spec(board.to_spec())
    assert again.hexes == board.hexes and again.symbols == board.symbols


def test_a_turned_tile_keeps_its_symbols_between_the_same_hexes() -> None:
    tile = TILES["t03"]            # crystal between NE and SE; pigment between centre and S
    hexes, symbols = place(tile, "E5", 1)
    assert hexes["E5"].cell == "W" and hexes["E4"].cell == "F"     # NW has turned to N
    where = {s: sorted(p) for p, s in symbols.items()}
    assert where["crystal"] == sorted(["F5", "E6"]) and where["pigment"] == sorted(["E5", "D5"])


def test_bad_requests_say_why() -> None:
    with pytest.raises(ComponentError, match="no scenario"):
        layout("moon", 2, random.Random(0))
    with pytest.raises(ComponentError, match="no map for 5 players"):
        layout("base", 5, random.Random(0))


def test_the_checks_find_broken_maps() -> None:
    boxed = Board.from_text("""
        A   B   C   D   E
    1   .   W   .   .   .
    2   W   W   W   F   P
    3   W   S   W   F   P
    4   .   W   .   .   .
    """)
    problems = boardcheck.check_layout(boxed, ["B3"])
    assert any("fewer than 3 neighbours" in p for p in problems)
    assert any("no way off its tile" in p for p in problems)
    assert any("cannot be met" in p for p in problems)
    assert boardcheck.holes({"A1", "B1", "C1", "A2", "C2", "A3", "B3", "C3", "B2"} - {"B2"}) == ["B2"]


def test_witness_meets_the_story_or_finds_nothing() -> None:
    board, starts = layout("base", 2, random.Random(11))
    for story in STORIES.values():
        found = boardcheck.witness(story, board, starts[0])
        assert found is not None and met(story, board, found)
        assert len(found.camps) <= 9 and len(found.tucked) <= 3 and starts[0] in found.camps
        assert not set(found.camps) & set(starts[1:])
    greedy = Story.from_dict({"id": "x", "name": "Too many crystals", "points": 9,
                              "needs": [{"symbol": "crystal", "count": 40}]})
    assert boardcheck.witness(greedy, board, starts[0]) is None
