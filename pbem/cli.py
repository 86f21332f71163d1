"""The ``pbem`` command: thin click commands over the engine and the mail layer."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from pbem import __version__


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pbem")
def main() -> None:
    """Run play-by-email board games: read order mails, resolve turns, mail reports."""


def _case_files(paths: tuple[str, ...]) -> list[Path]:
    files: list[Path] = []
    for given in paths:
        path = Path(given)
        if path.is_dir():
            files.extend(sorted(path.rglob("*.toml")))
        else:
            files.append(path)
    return files


@main.command()
@click.argument("paths", nargs=-1, required=True, metavar="CASE.toml|DIR...")
@click.option("--ruleset", default="valley", show_default=True, help="the game the cases are for")
@click.option("--quiet", "-q", is_flag=True, help="print only failures and the total")
def adjudicate(paths: tuple[str, ...], ruleset: str, quiet: bool) -> None:
    """Run adjudicator case files and report PASS or FAIL for each.

    Ends with the line 'N passed, M failed'; exits 0 only when every case passed.
    """
    if ruleset != "valley":
        raise click.UsageError(f"no adjudicator cases for ruleset {ruleset!r}; known: valley")
    from engine.valley.cases import CaseResult, run_case

    passed = failed = 0
    for path in _case_files(paths):
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as why:
            result = CaseResult(False, path.name, f"cannot read the file: {why}")
        else:
            result = run_case(text)
        if result.passed:
            passed += 1
            if not quiet:
                click.echo(f"PASS {path.stem}")
        else:
            failed += 1
            click.echo(f"FAIL {path.stem}: {result.message}")
    click.echo(f"{passed} passed, {failed} failed")
    sys.exit(0 if failed == 0 and passed > 0 else 1)
