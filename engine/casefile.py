"""What the adjudicator case files of every game share: their result, the
error that blames the case rather than the engine, the key checks, and the
frame that reads a case and turns whatever goes wrong into a message."""
from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.dice import DiceError


class CaseError(Exception):
    """The case itself is wrong (not the engine): said in words to fix it."""


@dataclass(frozen=True)
class CaseResult:
    passed: bool
    title: str
    message: str = ""


def check_keys(where: str, table: Any, allowed: set[str]) -> dict[str, Any]:
    """``table`` when it is a table of only ``allowed`` keys; CaseError otherwise."""
    if not isinstance(table, dict):
        raise CaseError(f"[{where}] must be a table")
    for key in table:
        if key not in allowed:
            raise CaseError(f"unknown key {key!r} in [{where or 'top level'}]")
    return table


def run(text: str, ruleset: str, top_keys: set[str], play: Callable[[dict[str, Any]], str]) -> CaseResult:
    """Read a case file's text, check what every case has (a title, its rule,
    no unknown key, the right ruleset) and ``play`` it: '' when it passed,
    else the first difference. Never raises: a broken case or an engine
    error is the message."""
    title = "?"
    try:
        data = check_keys("", tomllib.loads(text), top_keys)
        title = str(data.get("title", "?"))
        if "title" not in data or "rule" not in data:
            raise CaseError("a case needs a title and the rule it tests")
        if data.get("ruleset", ruleset) != ruleset:
            raise CaseError(f"this is a case for {data['ruleset']!r}, not for {ruleset}")
        why = play(data)
        return CaseResult(not why, title, why)
    except tomllib.TOMLDecodeError as why:
        return CaseResult(False, title, f"not valid TOML: {why}")
    except (CaseError, DiceError, NotImplementedError) as why:
        return CaseResult(False, title, str(why))
    except (ValueError, KeyError, TypeError, IndexError, AttributeError, AssertionError) as why:
        return CaseResult(False, title, f"cannot run: {type(why).__name__}: {why}")
