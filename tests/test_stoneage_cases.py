"""Every Stone Age adjudicator case under tests/cases/stoneage/ passes, and the runner is strict."""
from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from engine.stoneage.cases import run_case

CASES = sorted((Path(__file__).parent / "cases" / "stoneage").glob("*.toml"))


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_case(path: Path) -> None:
    result = run_case(path.read_text(encoding="utf-8"))
    assert result.passed, f"{path.name}: {result.message}"


def test_every_case_names_its_rule_and_there_are_enough() -> None:
    assert len(CASES) >= 30
    for path in CASES:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        assert data.get("rule", "").strip(), f"{path.name} names no rule"


BASE = """
title = "t"
rule = "r"
[position]
players = ["red", "blue"]
[position.red]
placed = { forest = 2 }
[run]
from = "actions"
"""


def test_the_base_case_passes_with_its_dice() -> None:
    result = run_case(BASE + '[dice]\n"forest red" = [3, 3]\n[expect.red]\nwood = 2\n')
    assert result.passed, result.message


@pytest.mark.parametrize("extra, words", [
    ('[dice]\n"forest red" = [3, 3, 3]\n', "left over"),
    ('[dice]\n"forest red" = [3]\n', "ran out"),
    ('[dice]\n"forest red" = [3, 3]\n[expect.red]\nwod = 2\n', "unknown key 'wod'"),
    ('[dice]\n"forest red" = [3, 3]\n[expect.red]\nwood = 3\n', "red wood: expected 3, found 2"),
    ('[dice]\n"forest red" = [3, 9]\n', "not 1 to 6"),
    ('[dice]\n"forest red" = [3, 3]\n[draws]\nx = [1]\n', "unused in format 1"),
])
def test_the_runner_fails_with_the_reason(extra: str, words: str) -> None:
    result = run_case(BASE + extra)
    assert not result.passed and words in result.message, result.message


@pytest.mark.parametrize("text, words", [
    ("title = 'x'\n", "needs a title and the rule"),
    ("title = 'x'\nrule = 'y'\nruleset = 'valley'\n", "not for stoneage"),
    ("title = 'x'\nrule = 'y'\n[position]\nplayers = ['red']\n", "players"),
    ("title = 'x'\nrule = 'y'\n[position]\nplayers = ['red', 'blue']\ncolour = 1\n", "unknown key 'colour'"),
    ("title = 'x'\nrule = 'y'\n[position]\nplayers = ['red', 'blue']\n[position.red]\ncards = ['G01']\n"
     "[position.blue]\ncards = ['G01']\n[run]\nfrom = 'end'\n", "named 2 times"),
    ("title = 'x'\nrule = 'y'\n[position]\nplayers = ['red', 'blue']\nherd_tile = 'M01'\n",
     "need [position.options] mammoth_herd = true"),
    ("title = 'x'\nrule = 'y'\n[position]\nplayers = ['red', 'blue']\nherd_tile = 'M01'\nherd_at = 'river'\n"
     "[position.options]\nmammoth_herd = true\n", "herd_at"),
    ("title = 'x'\nrule = 'y'\n[position]\nplayers = ['red', 'blue']\nherd_tile = 'M01'\nherd_tiles = ['M01']\n"
     "[position.options]\nmammoth_herd = true\n", "named 2 times"),
    ("title = 'x'\nrule = 'y'\n[position]\nplayers = ['red', 'blue']\n[run]\nfrom = 'end'\nto = 'actions'\n",
     "to not before from"),
    ("not toml at all [", "not valid TOML"),
])
def test_a_wrong_case_fails_saying_why(text: str, words: str) -> None:
    result = run_case(text)
    assert not result.passed and words in result.message, result.message
