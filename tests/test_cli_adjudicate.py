"""`pbem adjudicate`: one line per case, a total, and an exit status to trust."""
from pathlib import Path

from click.testing import CliRunner

from pbem.cli import main

CASES = Path(__file__).parent / "cases" / "valley"
GOOD = (CASES / "animals-edge-turns-back.toml").read_text()


def run(*args: str):
    return CliRunner().invoke(main, ["adjudicate", *args])


def test_a_passing_case(tmp_path: Path) -> None:
    (tmp_path / "edge.toml").write_text(GOOD)
    result = run(str(tmp_path / "edge.toml"))
    assert result.exit_code == 0
    assert result.output.splitlines() == ["PASS edge", "1 passed, 0 failed"]


def test_a_wrong_expectation_fails_with_the_first_difference(tmp_path: Path) -> None:
    (tmp_path / "wrong.toml").write_text(GOOD.replace('at = "B1"', 'at = "C2"'))
    result = run(str(tmp_path))
    assert result.exit_code == 1
    assert 'FAIL wrong: C2: expected animals "1 bison", found no animals' in result.output
    assert result.output.splitlines()[-1] == "0 passed, 1 failed"


def test_cases_that_cannot_run_fail_clearly(tmp_path: Path) -> None:
    (tmp_path / "a-bad-toml.toml").write_text("title = \n")
    (tmp_path / "b-unknown-key.toml").write_text(GOOD.replace("[run]", "[run]\nspeed = 2"))
    (tmp_path / "c-off-board.toml").write_text(GOOD.replace('at = "A2"', 'at = "K9"', 1))
    (tmp_path / "d-dice-left.toml").write_text(GOOD.replace("animals = [5]", "animals = [5, 1]"))
    (tmp_path / "e-dice-out.toml").write_text(GOOD.replace("animals = [5]", "animals = []"))
    (tmp_path / "f-binary.toml").write_bytes(b"\xff\xfe\x00")
    result = run(str(tmp_path))
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0].startswith("FAIL a-bad-toml: not valid TOML")
    assert lines[1] == "FAIL b-unknown-key: unknown key 'speed' in [run]"
    assert lines[2] == "FAIL c-off-board: 'K9' is not a space of the case's board"
    assert lines[3] == "FAIL d-dice-left: left over: 1 die result(s) for 'animals'"
    assert lines[4] == "FAIL e-dice-out: the dice for 'animals' ran out"
    assert lines[5].startswith("FAIL f-binary: cannot read the file")
    assert lines[6] == "0 passed, 6 failed"
    assert "Traceback" not in result.output


def test_no_cases_is_a_failure(tmp_path: Path) -> None:
    result = run(str(tmp_path))
    assert result.exit_code == 1
    assert result.output.strip() == "0 passed, 0 failed"
