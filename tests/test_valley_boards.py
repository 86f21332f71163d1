"""The four standard boards keep every invariant the rules and our design need."""
import pytest

from engine.valley.board import Board, BoardError
from engine.valley.boardcheck import check_board
from engine.valley.boards import BOARD_NAMES, board_spec, standard_board


@pytest.mark.parametrize("name", BOARD_NAMES)
def test_standard_board_invariants(name: str) -> None:
    assert check_board(standard_board(name)) == []


@pytest.mark.parametrize("name", BOARD_NAMES)
def test_board_has_two_halves_of_one_hexagon(name: str) -> None:
    board = standard_board(name)
    assert len(board.hexes) == 37
    assert sum(board.on_edge(n) for n in board.names) == 18
    assert any(board.hexes[n].kind == "L" for n in board.names)


def test_check_finds_a_broken_board() -> None:
    spec = board_spec("W1E1")
    spec["arrivals"] = {k: v for k, v in spec["arrivals"].items() if k != "a"}
    spec["map"] = spec["map"].replace("F2  F2  P3", "F2  P9  P3", 1)
    problems = check_board(Board(spec=spec, name="broken"))
    assert any("arrival letters" in p for p in problems)
    assert any("plains" in p for p in problems)


def test_unknown_board_is_refused() -> None:
    with pytest.raises(BoardError, match="no board 'X1Y1'"):
        board_spec("X1Y1")


@pytest.mark.parametrize("spec, message", [
    ({"map": "A B\n1 P1 Q1\n"}, "is not a terrain"),
    ({"map": "A B\n1 P1\n"}, "has 1 cells for 2 columns"),
    ({"map": "A B\n1 P1 P1\n", "rivers": ["A1|C3"]}, "both spaces must be on the map"),
    ({"map": "A B\n1 P1 P1\n", "arrivals": {"A": "A1"}}, "must be a mountain"),
    ({"map": "A B\n1 P1 M1\n", "arrivals": {"a": "B1"}}, "must be plains or forest"),
    ({"map": "A B\n1 V1 P1\n", "lava": {"A1": ["B3"]}}, "does not follow on"),
])
def test_bad_board_specs_say_why(spec: dict, message: str) -> None:
    with pytest.raises(BoardError, match=message):
        Board("custom", spec)
