"""Every Dewan adjudicator case under tests/cases/dewan/ passes, and the runner is strict."""
from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from engine.dewan.cases import run_case

CASES = sorted((Path(__file__).parent / "cases" / "dewan").glob("*.toml"))


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_case(path: Path) -> None:
    result = run_case(path.read_text(encoding="utf-8"))
    assert result.passed, f"{path.name}: {result.message}"


def test_every_case_names_its_rule_and_there_are_enough() -> None:
    assert len(CASES) >= 80
    for path in CASES:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        assert data.get("rule", "").strip(), f"{path.name} names no rule"


BASE = '''
title = "t"
rule = "r"
[board]
map = """
    A   B   C
1   S   F   M
2   P   F   D
"""
[position]
players = ["red", "blue"]
camps = { red = ["A1"] }
hands = { red = ["F", "M"] }
'''


def test_the_base_case_passes() -> None:
    result = run_case(BASE + '[orders]\nred = "CAMP A1-B1"\n[expect]\ncamps = { red = ["A1", "B1"] }\n')
    assert result.passed, result.message


@pytest.mark.parametrize("extra, words", [
    ('[orders]\nred = "TAKE 1 2"\n[expect]\nhand = { red = [] }\n', "unknown key 'hand'"),
    ('[orders]\nred = "TAKE 1 2"\n[expect]\nto_move = "red"\n', "to_move: expected 'red', found 'blue'"),
    ('[orders]\nred = "TAKE 1 6"\n', "red's orders were refused"),
    ('[orders]\nred = "TAKE 1 2"\n[expect]\nproblem = { red = true }\n', "expected to be refused"),
    ('[orders]\nred = "TAKE 1 2"\n[draws]\nreshuffle = ["F"]\n', "left over"),
    ('[orders]\nred = "TAKE 1 2"\n[run]\nsteps = 2\n', "blue must be asked"),
    ('[orders]\nred = "TAKE 1 2"\n[run]\nsteps = 1\nto = 3\n', "unknown key 'to'"),
    ('[orders]\nred = "TAKE 1 2"\n[expect]\ncamps = { red = ["B1"] }\n', "camps red"),
])
def test_the_runner_fails_with_the_reason(extra: str, words: str) -> None:
    result = run_case(BASE + extra)
    assert not result.passed and words in result.message, result.message


@pytest.mark.parametrize("text, words", [
    ("title = 'x'\n", "needs a title and the rule"),
    ("title = 'x'\nrule = 'y'\nruleset = 'valley'\n", "not for dewan"),
    ("title = 'x'\nrule = 'y'\n[board]\nmap = \"\"\"\nA\n1 Q\n\"\"\"\n", "is not a hex"),
    ("title = 'x'\nrule = 'y'\ncolour = 1\n", "unknown key 'colour'"),
    (BASE.replace('hands = { red = ["F", "M"] }', 'hands = { red = ["Q"] }'), "not a terrain card"),
    (BASE.replace('camps = { red = ["A1"] }', 'camps = { red = ["A1"], blue = ["A1"] }'), "holds camps of"),
    (BASE.replace('camps = { red = ["A1"] }', 'camps = { red = ["Z9"] }'), "not a hex of the map"),
    (BASE + "story_row = ['nope']\n", "no story tile 'nope'"),
    (BASE + "fire = { red = 2 }\n", "fire red"),
    ("not toml at all [", "not valid TOML"),
])
def test_a_wrong_case_fails_saying_why(text: str, words: str) -> None:
    result = run_case(text)
    assert not result.passed and words in result.message, result.message


@pytest.mark.parametrize("position, words", [
    ('camps = { red = ["A1", "B2"], blue = ["C2"] }', "red's camp on B2 stands on water"),
    ('camps = { red = ["A1", "C1"] }', "red's camp on C1 stands on a start hex"),
    ('stories = { red = ["s01"], blue = ["s01"] }', "story s01 is both in red's stories held and in blue's"),
    ('done = { red = ["s02"] }\nstory_row = ["s02"]', "story s02 is both in the story row and in red's"),
    ('tucked = { red = ["F", "M", "D", "P"] }', "red has 4 tucked cards, but its 0 camps"),
    ('camps = { red = ["A1", "B1", "C2"] }\ntucked = { red = ["F"] }', "gave 0 tucks"),
    ('berries = { blue = 1 }', "blue has 1 berry tokens, but a camp takes at most one and it placed 0"),
    ('stories = { red = ["s01", "s02"] }', "red has 2 story tiles, but the draft and its 0 camps"),
])
def test_the_runner_refuses_positions_the_rules_never_reach(position: str, words: str) -> None:
    text = BASE.replace('camps = { red = ["A1"] }\n', "").replace("S   F   M\n2   P   F   D", "S   F   S\n2   P   W   D")
    result = run_case(text + position + "\n[run]\nsteps = 0\n")
    assert not result.passed and "the rules never reach this position" in result.message, result.message
    assert words in result.message, result.message


def test_a_reachable_position_with_tucks_berries_and_stories_runs() -> None:
    text = BASE.replace('camps = { red = ["A1"] }\n', "")
    position = ('camps = { red = ["A1", "B1", "B2", "C2"] }\ntucked = { red = ["F"] }\nberries = { red = 3 }\n'
                'stories = { red = ["s01"] }\ndone = { red = ["s02"] }\n')
    result = run_case(text + position + "[run]\nsteps = 0\n")
    assert result.passed, result.message
