"""The rulesets pbem knows, by name: a table, so a new game is one line here."""
from __future__ import annotations

from importlib import import_module
from typing import Any

from engine.contract import Ruleset

# name -> the module whose RULESET implements engine.contract.Ruleset
RULESETS: dict[str, str] = {
    "valley": "engine.valley",
    "stoneage": "engine.stoneage",
    "dewan": "engine.dewan",
}
DEFAULT = "valley"      # what a GM gets without naming a ruleset, and what 'pbem demo' plays


def ruleset_names() -> list[str]:
    return list(RULESETS)


def get_ruleset(name: str) -> Ruleset[Any]:
    """The ruleset called ``name``; ValueError naming the known ones otherwise."""
    if name not in RULESETS:
        raise ValueError(f"no ruleset {name!r}; known: {', '.join(ruleset_names())}")
    return import_module(RULESETS[name]).RULESET
