"""What players read back: normal forms, line numbers, reasons and suggestions."""
from engine.valley import parser
from engine.valley.cases import build_state
import tomllib

BOARD = '''
[board]
map = """
    A   B   C
1   P1  F1  M1
2   P1  L   M1
3   F2  F2  P2
"""
rivers = ["A1|B1"]
[position]
players = ["red", "blue"]
[[position.space]]
at = "A2"
red = "3W 2F"
'''


def _state():
    return build_state(tomllib.loads(BOARD))


def test_normal_form_is_echoed() -> None:
    sheet = parser.parse(_state(), "red", "move 2w1f a2-a3\nlosses f\nconquer b\nstarve Warriors")
    assert sheet.ok
    assert sheet.normal == ["MOVE 2W 1F A2-A3", "LOSSES FEMALES", "CONQUER BURN", "STARVE WARRIORS"]


def test_unknown_space_suggests_a_near_name() -> None:
    sheet = parser.parse(_state(), "red", "\n\nMOVE 1W A2-A4")
    (problem,) = sheet.problems
    assert problem.line == 3
    assert "no space A4" in problem.message
    assert problem.suggestion.startswith("did you mean")


def test_unknown_order_suggests_the_keyword() -> None:
    (problem,) = parser.parse(_state(), "red", "MOOVE 1W A2-A3").problems
    assert problem.suggestion == "did you mean MOVE?"
    assert str(problem).startswith("line 1: unknown order")


def test_river_reason_names_both_spaces() -> None:
    st = _state()
    st.spaces["A1"] = st.spaces.pop("A2")
    (problem,) = parser.parse(st, "red", "MOVE 1W A1-B1").problems
    assert problem.message == "a river runs between A1 and B1; tribes cannot cross it"


def test_too_many_tokens_says_what_is_left() -> None:
    (problem,) = parser.parse(_state(), "red", "MOVE 2W A2-A3\nMOVE 2W A2-A1").problems
    assert problem.line == 2
    assert "you have 1W 2F left to move on A2, not 2W" in problem.message


def test_unknown_seat_gets_a_problem_not_an_exception() -> None:
    sheet = parser.parse(_state(), "purple", "MOVE 1W A2-A3")
    assert not sheet.ok and "no seat purple" in sheet.problems[0].message


def test_a_refusals_example_is_a_line_that_fits_the_seats_own_position() -> None:
    """The board has no C4 or D4: each example is built from red's tokens on A2
    and is itself accepted."""
    st = _state()
    for bad in ("MOVE", "MOVE 1W A2", "CAMP"):
        (problem,) = parser.parse(st, "red", bad).problems
        assert problem.suggestion.startswith("e.g. "), problem
        example = problem.suggestion.removeprefix("e.g. ")
        assert parser.parse(st, "red", example).ok, example
    assert parser.parse(st, "red", "MOVE").problems[0].suggestion == "e.g. MOVE 1W A2-A1"
