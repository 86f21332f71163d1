"""The bot's fight odds agree with the rules engine's own combat."""
from __future__ import annotations

import pytest

from engine.dice import SeededDice
from engine.valley import odds, setup
from engine.valley.combat import fight_space
from engine.valley.context import Context
from engine.valley.state import Tokens


def test_a_round_is_fair_between_equals_and_symmetric() -> None:
    assert odds.round_win(0) == 0.5
    for d in range(1, 6):
        assert odds.round_win(d) + odds.round_win(-d) == pytest.approx(1.0)
        assert odds.round_win(d) > odds.round_win(d - 1)
    assert odds.round_win(6) == 1.0


@pytest.mark.parametrize("w, f, herd", [(1, 0, 1), (0, 2, 1), (2, 1, 2), (3, 2, 3)])
def test_odds_against_animals_match_the_engine(w: int, f: int, herd: int) -> None:
    outcome = odds.against_animals(w, f, 0, [herd])
    assert sum(outcome.values()) == pytest.approx(1.0)
    trials, alive = 3000, 0
    base = setup.new_game(["red", "blue"], {}, 1)
    for seed in range(trials):
        st = base.copy()
        space = st.space("G3")
        space.tribes = {"red": Tokens(w, f)}
        space.animals = {"bison": ["a"] * herd}
        space.camp = None
        fight_space(Context(st, SeededDice(f"odds:{seed}"), {}), "G3")
        alive += "red" in st.space("G3").tribes
    expected = odds.survival(outcome)
    spread = 3 * (expected * (1 - expected) / trials) ** 0.5 + 1e-9
    assert abs(alive / trials - expected) <= spread, (alive / trials, expected)


def test_warriors_against_warriors() -> None:
    assert odds.warriors_win(1, 1, 0, 0) == pytest.approx(0.5)
    assert odds.warriors_win(3, 1, 0, 0) > 0.9
    assert odds.warriors_win(2, 2, 0, 1) < 0.5     # the defender's camp counts
