"""Dewan's bots: every line they write parses, whole games end with an outcome,
the heuristic bot beats the simple one, and the simulation repeats from its seed."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as some

from engine.dewan import RULESET, heuristic
from engine.dewan.orders import Camp, Take
from engine.dewan.payment import ANY
from engine.dewan.purse import Purse
from engine.dewan.simulate import play_game, run
from engine.dice import SeededDice

pytestmark = pytest.mark.long     # a whole game or a long run: scheduled first (tests/conftest.py)

CONFIGS = [(players, scenario) for players in (2, 3, 4) for scenario in ("base", "trek")]


def test_200_heuristic_games_parse_every_line_and_end() -> None:
    """Both mail modes: pre-orders when sensible, and every move asked for."""
    sheets = used = 0
    for i in range(200):
        players, scenario = CONFIGS[i % len(CONFIGS)]
        result = play_game(i, ["heuristic"] * players, {"scenario": scenario}, ahead=i % 4 != 3)
        assert result.refused == 0, f"game {i}: the parser refused a bot line"
        assert result.winners, f"game {i} ({players} players, {scenario}) ended without an outcome"
        assert len(result.scores) == players and result.rounds >= 5
        sheets += sum(result.asks) + sum(result.sent)
        used += sum(result.used)
    assert sheets > 5000 and used > 500, (sheets, used)


def test_the_heuristic_bot_beats_the_simple_bot_clearly() -> None:
    """50 two-player games, the seats swapped every game."""
    figures = run(50, 2, "base", bots_=["heuristic", "simple"], seed=300).report()
    assert figures["win_rate_by_bot"]["heuristic"] >= 0.85, figures["win_rate_by_bot"]
    assert figures["score_by_bot"]["heuristic"] > figures["score_by_bot"]["simple"] + 10
    assert figures["refused_bot_lines"] == 0


def test_the_simulation_repeats_from_its_seed() -> None:
    first = run(12, 3, "trek", seed=77).report()
    again = run(12, 3, "trek", seed=77).report()
    assert first == again
    assert run(12, 3, "trek", seed=78).report() != first


def test_the_ruleset_bot_is_the_heuristic_and_writes_ahead_with_guards() -> None:
    st = RULESET.new_game(["red", "blue", "green"], {"scenario": "base"}, 5)
    dice = SeededDice(1)
    while st.stage == "draft":
        seat = st.to_move
        text = "\n".join(RULESET.bot_orders(st, seat, random.Random(0)).normal)
        assert text.splitlines() == heuristic.orders(st, seat, random.Random(0)).normal
        sheet = RULESET.parse_orders(st, seat, text)
        assert sheet.ok, sheet.problems
        st = RULESET.resolve(st, {seat: sheet}, dice).state
    for seat in st.players:
        lines = heuristic.orders(st, seat).orders
        if seat == st.to_move:
            assert len(lines) == 1, "the seat to move sends its one move"
            continue
        assert all(o.cards for o in lines if isinstance(o, Take)), "a TAKE sent ahead is guarded with IF"
        assert all(o.pay for o in lines if isinstance(o, Camp)), "a camp names its payment"
        assert RULESET.parse_orders(st, seat, "\n".join(str(o) for o in lines)).ok


def test_pbem_simulate_plays_dewan() -> None:
    import json

    from click.testing import CliRunner

    from pbem.cli import main
    run_ = CliRunner().invoke(main, ["simulate", "--ruleset", "dewan", "--games", "4", "--players", "3",
                                     "--bots", "heuristic,simple", "--scenario", "trek", "--json"])
    assert run_.exit_code == 0, run_.output
    figures = json.loads(run_.output[run_.output.index("{"):])
    assert figures["games"] == 4 and set(figures["win_rate_by_seat"]) == {"red", "blue", "green"}
    assert figures["refused_bot_lines"] == 0 and figures["stories"]
    assert 0 < sum(v["share"] for v in figures["stories"].values()) <= 1, "stories scored their points"
    text = CliRunner().invoke(main, ["simulate", "--ruleset", "dewan", "--games", "2", "--players", "2",
                                     "--every-move-asked"])
    assert text.exit_code == 0 and "every move asked" in text.output and "win rate by seat: red" in text.output
    bad = CliRunner().invoke(main, ["simulate", "--ruleset", "dewan", "--scenario", "moon"])
    assert bad.exit_code == 2 and "moon" in bad.output


_CARDS = ["F", "M", "D", "P", "W", "FM", "DP", "MW", "F/fire", "P/berry", "DW", "FP/fire", "M/berry"]


@settings(max_examples=500, deadline=None)
@given(some.lists(some.sampled_from(_CARDS), min_size=0, max_size=7),
       some.lists(some.sampled_from([0.2, 0.7, 1.0, 1.0, 1.3, 2.0]), min_size=len(_CARDS), max_size=len(_CARDS)),
       some.lists(some.sampled_from(["F", "M", "D", "P", "W", ANY]), min_size=2, max_size=3))
def test_paying_a_path_of_one_or_two_steps_finds_the_cards_the_whole_search_finds(
        hand: list[str], worths: list[float], needs: list[str]) -> None:
    """Purse._pay_two and _pay_three are the branch and bound of Purse._search written out for
    two and three needs: the same cards, in the same order, with the same ties broken the same way."""
    purse = Purse(hand, dict(zip(_CARDS, worths)))
    assert purse._pay(tuple(needs)) == purse._search(tuple(needs))
