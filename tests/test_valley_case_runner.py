"""The adjudicator case runner itself: scripted draws are taken exactly."""
from engine.valley.cases import run_case

BOARD = '''
title = "A bear drawn with the letter c"
rule = "2) Arrival of New Animals: each token arrives on the space of the letter on its back"

[board]
map = """
    A   B   C   D   E
1   P1  P1  M2  F1  F1
2   P1  P1  P2  F1  F1
3   P1  P1  P2  F1  F1
4   P1  P1  P2  F1  F1
5   P1  P1  P2  F1  F1
"""
arrivals = { c = "A5", C = "C1" }

[position]
players = ["red", "blue", "green", "white"]
year = 1
season = "winter"
turn = 1
{bag}

[[position.space]]
at = "B2"
red = "1W 1F"

[[position.space]]
at = "D4"
blue = "1W"

[draws]
animals = [{draw}]

[run]
from = "arrivals"
to = "arrivals"

[[expect.space]]
at = "C1"
animals = "1 {species}"
'''


def _case(draw: str, species: str = "bear", bag: str = "") -> str:
    return BOARD.replace("{draw}", f'"{draw}"').replace("{species}", species).replace("{bag}", bag)


def test_an_exact_draw_arrives_on_its_letter() -> None:
    result = run_case(_case("bear C"))
    assert result.passed, result.message


def test_a_lower_case_letter_is_not_taken_for_the_capital() -> None:
    # No bear has the letter c: the draw must not quietly become bear C (which
    # arrives on C1, the case's expectation), it fails the case instead.
    result = run_case(_case("bear c"))
    assert not result.passed
    assert "'bear c'" in result.message and "no such token in the bag" in result.message
    assert "case-sensitive" in result.message and "bear C" in result.message


def test_a_draw_no_longer_in_the_bag_fails_the_case() -> None:
    result = run_case(_case("tiger C", species="tiger", bag='bag = ["bear C"]'))
    assert not result.passed
    assert "'tiger C'" in result.message and "no such token in the bag" in result.message


def test_the_species_word_is_not_case_sensitive() -> None:
    result = run_case(_case("Bear C"))
    assert result.passed, result.message


def test_a_bag_token_with_a_wrong_letter_fails_the_case() -> None:
    result = run_case(_case("bear C", bag='bag = ["bear c"]'))
    assert not result.passed
    assert "bag: 'bear c'" in result.message and "bear C" in result.message
