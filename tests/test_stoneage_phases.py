"""Stone Age phase pieces checked against brute force: TOOLS AUTO, default payments, green sets."""
from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.stoneage.buildings import BUILDINGS
from engine.stoneage.goods import RESOURCES
from engine.stoneage.purchase import affordable, building_payment, card_payment
from engine.stoneage.rolls import auto, named
from engine.stoneage.scoring import green_points
from engine.stoneage.state import PlayerBoard

SETTINGS = settings(max_examples=150, deadline=None)


@SETTINGS
@given(total=st.integers(1, 42), divisor=st.sampled_from([2, 3, 4, 5, 6]),
       permanent=st.lists(st.integers(1, 4), max_size=3), one_use=st.lists(st.integers(2, 4), max_size=3))
def test_auto_takes_the_fewest_tools_that_reach_the_next_multiple(total, divisor, permanent, one_use) -> None:
    perm, once = auto(total, divisor, permanent, one_use)
    need = -total % divisor
    items = permanent + one_use
    fewest = next((k for k in range(len(items) + 1)
                   if any(sum(c) >= need for c in combinations(items, k))), None)
    if need == 0 or fewest is None:
        assert (perm, once) == ((), ())
        return
    assert len(perm) + len(once) == fewest and sum(perm) + sum(once) >= need
    assert all(perm.count(v) <= permanent.count(v) for v in perm)
    assert all(once.count(v) <= one_use.count(v) for v in once)


def test_named_tools_come_from_the_permanent_ones_first() -> None:
    assert named((3, 2, 2), [2, 1], [2, 3]) == (([2], [3, 2]), [])
    assert named((4,), [1], []) == (([], []), [4])


@SETTINGS
@given(holdings=st.lists(st.integers(0, 8), min_size=4, max_size=4), tile=st.sampled_from(sorted(BUILDINGS)))
def test_the_default_building_payment_is_valid_and_affordable(holdings, tile) -> None:
    board = PlayerBoard(**{g.value: n for g, n in zip(RESOURCES, holdings)})
    pay = building_payment(board, BUILDINGS[tile])
    if pay is not None:
        assert BUILDINGS[tile].problem(pay) == "" and affordable(board, pay)


def test_the_default_card_payment_is_cheapest_first() -> None:
    assert card_payment(PlayerBoard(wood=1, stone=2, gold=5), 3) == {RESOURCES[0]: 1, RESOURCES[2]: 2}
    assert card_payment(PlayerBoard(wood=1), 2) is None


def test_green_sets_score_their_size_squared() -> None:
    assert green_points([]) == 0
    assert green_points(["G01", "G03", "G05", "G07", "G09", "G11", "G13", "G15"]) == 64
    assert green_points(["G01", "G02", "G03", "G05"]) == 10
    assert green_points([f"G{i:02d}" for i in range(1, 17)]) == 128
