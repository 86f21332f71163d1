"""Bots that never miss a turn: legal orders always, games that end, and a
heuristic bot that clearly beats the random one."""
from __future__ import annotations

import json

from click.testing import CliRunner

from engine.valley.simulate import Tally, play_game, simulate
from pbem.cli import main


def test_hundreds_of_bot_games_end_and_no_bot_line_is_refused() -> None:
    tally = Tally(4)
    for result in simulate(200, ["heuristic", "random", "heuristic", "random"], {}, seed=1000, turn_limit=200):
        assert result.refused == 0, f"game {result.seed}: the parser refused bot orders"
        assert result.winners is not None, f"game {result.seed} hit the turn limit"
        tally.add(result)
    assert tally.games == 200 and tally.limits == 0


def test_bots_play_with_fire_rules_and_six_players() -> None:
    for seed in range(10):
        result = play_game(seed, ["heuristic", "random"] * 3, {"fire": True, "board": "W2E1"})
        assert result.refused == 0 and result.winners is not None


def test_the_heuristic_bot_beats_the_random_bot_clearly() -> None:
    tally = Tally(4)
    for result in simulate(80, ["heuristic", "random"], {}, seed=5000):
        tally.add(result)
    figures = tally.report()
    wins, survival = figures["win_rate_by_bot"], figures["mean_turns_survived_by_bot"]
    assert wins["heuristic"] >= wins["random"] + 0.2, figures
    assert survival["heuristic"] >= 1.3 * survival["random"], figures


def test_heuristic_games_keep_the_balance_targets_on_a_sample() -> None:
    """docs/balance-valley.md measures 2,000 games a board; this keeps a
    sample of 150 from drifting far (fixed seeds, so the figures are exact)."""
    tally = Tally(4)
    for result in simulate(150, ["heuristic"] * 4, {"board": "W1E2"}, seed=0):
        tally.add(result)
    figures = tally.report()
    assert figures["extinction_rate"] < 0.05, figures
    assert figures["length"]["mean"] < 15, figures


def test_simulate_prints_json_figures() -> None:
    result = CliRunner().invoke(main, ["simulate", "--games", "5", "--players", "3", "--bots", "heuristic,random",
                                       "--json", "--board", "W2E2"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output[result.output.index("{"):])
    assert figures["games"] == 5 and set(figures["win_rate_by_seat"]) == {"red", "blue", "green"}
    assert {"extinction_rate", "length", "mean_food_by_turn", "win_rate_by_bot"} <= set(figures)
    bad = CliRunner().invoke(main, ["simulate", "--bots", "clever"])
    assert bad.exit_code == 2 and "no bot 'clever'" in bad.output


def test_the_card_list_in_docs_is_the_cards_the_engine_plays() -> None:
    from pathlib import Path

    from engine.valley.carddocs import markdown
    doc = Path(__file__).parent.parent / "docs" / "cards-valley.md"
    assert doc.read_text() == markdown(), "regenerate: python -m engine.valley.carddocs > docs/cards-valley.md"
