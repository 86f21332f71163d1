"""Every adjudicator case under tests/cases/ passes (the rules' test suite)."""
from pathlib import Path

import pytest

from engine.valley.cases import run_case

CASES = sorted((Path(__file__).parent / "cases" / "valley").glob("*.toml"))


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_case(path: Path) -> None:
    result = run_case(path.read_text(encoding="utf-8"))
    assert result.passed, f"{path.name}: {result.message}"


def test_every_case_names_its_rule() -> None:
    import tomllib
    for path in CASES:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        assert data.get("rule", "").strip(), f"{path.name} names no rule"
