"""The rulesets pbem knows, by name."""
from __future__ import annotations

from typing import Any


def ruleset_names() -> list[str]:
    return ["valley"]


def get_ruleset(name: str) -> Any:
    """The ruleset called ``name``; ValueError naming the known ones otherwise."""
    if name == "valley":
        from engine.valley import RULESET
        return RULESET
    raise ValueError(f"no ruleset {name!r}; known: {', '.join(ruleset_names())}")
