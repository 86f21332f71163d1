"""Stone Age's bots: every line they write parses, whole games end, the
heuristic bot plays a sensible engine and beats the random one, and
``pbem simulate --ruleset stoneage`` prints the figures."""
from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

from engine.stoneage import RULESET
from engine.stoneage.heuristic import plan
from engine.stoneage.simulate import figures as simulated
from engine.stoneage.simulate import play_game
from engine.stoneage.state import State
from pbem.cli import main

pytestmark = pytest.mark.long     # a whole game or a long run: scheduled first (tests/conftest.py)

SEATS = ["red", "blue", "green", "yellow"]


def test_every_bot_order_line_parses_over_1000_games() -> None:
    """1,000 whole games: both bots, 2 to 4 players, with and without the herd, plan and live
    placement; the simulator sends every sheet through the parser as text."""
    configs = [(players, herd, placement) for players in (2, 3, 4) for herd in (False, True)
               for placement in ("plan", "live")]
    games = lines = 0
    for i in range(1000):
        players, herd, placement = configs[i % len(configs)]
        bots = [("heuristic", "random")[(i + seat) % 2] for seat in range(players)]
        result = play_game(i, bots, {"mammoth_herd": herd, "placement": placement})
        assert result.refused == 0, f"game {i}: the parser refused a bot line"
        assert result.winners, f"game {i} did not end"
        games += 1
        lines += result.sheets
    assert games == 1000 and lines > 50_000


def _start(seed: int = 3, players: int = 4, **options) -> State:
    return RULESET.new_game(SEATS[:players], options, seed)


def test_the_heuristic_bot_beats_the_random_bot_clearly() -> None:
    figures = simulated(24, ["heuristic", "random", "random", "random"], {}, seed=200)
    assert figures["win_rate_by_bot"]["heuristic"] >= 0.9, figures
    assert figures["mean_winning_score"] > 120, figures


def test_heuristic_games_keep_the_balance_targets_on_a_sample() -> None:
    """docs/balance-stoneage.md measures 1,000 games a row; this keeps a fixed sample from
    drifting far from it."""
    figures = simulated(120, ["heuristic"] * 4, {"mammoth_herd": True}, seed=0)
    assert min(figures["win_rate_by_seat"].values()) > 0.15, figures
    assert 12 <= figures["rounds"]["mean"] <= 20, figures
    assert figures["mean_score"] > 100 and figures["unfinished"] == 0, figures
    assert figures["asks_within_rounds"] == 0, "plan mode asks nobody within a round"


def test_food_first_the_heuristic_hunts_when_the_next_feeding_is_short() -> None:
    st = _start()
    board = st.board("red")
    board.food, board.agriculture = 0, 0
    sheet = plan(st, "red", random.Random(1))
    hunting = [o for o in sheet.orders if str(o).startswith("PLACE") and "hunt" in str(o).split(" OR ")[0]]
    assert hunting and hunting[0].choices[0].people >= 3, sheet.normal
    fed = _start()
    assert not any(str(o).split(" OR ")[0].endswith("hunt") for o in plan(fed, "red", random.Random(1)).orders
                   if str(o).startswith("PLACE")), "12 food: nobody need hunt in round 1"


def test_tools_and_agriculture_come_early() -> None:
    st = _start()
    firsts = set()
    for seed in range(20):
        sheet = plan(st, "red", random.Random(seed))
        firsts.add(next(o for o in sheet.orders if str(o).startswith("PLACE")).choices[0].location)
    assert firsts & {"field", "toolmaker", "hut"}, firsts


def test_a_variable_building_is_paid_for_the_most_points() -> None:
    st = _start()
    st.buildings[0].insert(0, "V17")
    board = st.board("red")
    board.wood, board.clay, board.stone, board.gold = 2, 0, 1, 3
    sheet = plan(st, "red", random.Random(1))
    assert "BUY building1 PAY 2 wood 1 stone 3 gold" in sheet.normal, "V17 scores every resource paid"
    assert any(line.startswith("USE building1") for line in sheet.normal), "bought before gathering spends it"


def test_every_heuristic_sheet_is_a_clean_parse_in_a_live_game() -> None:
    result = play_game(4, ["heuristic"] * 3, {"placement": "live", "mammoth_herd": True})
    assert result.refused == 0 and result.winners and result.asks > result.rounds
    assert result.forced == 0, "a placement with one legal answer is never asked"


def test_simulate_prints_json_figures() -> None:
    run = CliRunner().invoke(main, ["simulate", "--ruleset", "stoneage", "--games", "4", "--players", "3",
                                    "--bots", "heuristic,random", "--herd", "--json"])
    assert run.exit_code == 0, run.output
    figures = json.loads(run.output[run.output.index("{"):])
    assert figures["games"] == 4 and set(figures["win_rate_by_seat"]) == {"red", "blue", "green"}
    assert figures["refused_bot_lines"] == 0 and figures["mammoth_tiles"]
    text = CliRunner().invoke(main, ["simulate", "--ruleset", "stoneage", "--games", "2", "--players", "2"])
    assert text.exit_code == 0 and "win rate by seat: red" in text.output, text.output
    bad = CliRunner().invoke(main, ["simulate", "--ruleset", "stoneage", "--bots", "clever"])
    assert bad.exit_code == 2 and "no bot 'clever'" in bad.output
    many = CliRunner().invoke(main, ["simulate", "--ruleset", "stoneage", "--players", "5"])
    assert many.exit_code == 2 and "2 to 4 players; a fifth seat comes with the expansion" in many.output
    five = CliRunner().invoke(main, ["simulate", "--ruleset", "stoneage", "--players", "5", "--games", "1",
                                     "--option", "merchant=yes"])
    assert five.exit_code == 0 and "merchant per seat:" in five.output and "black" in five.output, five.output
