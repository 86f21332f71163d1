"""What every ruleset's ``pbem simulate`` shares: the --bots list checked, and
the games played under a progress bar into the ruleset's tally."""
from __future__ import annotations

import sys
from collections.abc import Iterable, Mapping
from typing import Any, Protocol

import click


class Tally(Protocol):
    def add(self, result: Any) -> None: ...

    def report(self) -> dict[str, Any]: ...


def bot_names(text: str, bots: Mapping[str, object]) -> list[str]:
    """The comma-separated bot names of --bots, each one the ruleset has."""
    names = [b.strip() for b in text.split(",") if b.strip()]
    for name in names or [""]:
        if name not in bots:
            raise click.BadParameter(f"no bot {name!r}; the bots are {', '.join(bots)}", param_hint="--bots")
    return names


def played(results: Iterable[Any], games: int, tally: Tally) -> dict[str, Any]:
    """Add every game's result to the tally under a progress bar on stderr; the figures."""
    with click.progressbar(results, length=games, label="games", file=sys.stderr) as bar:
        for result in bar:
            tally.add(result)
    return tally.report()
