"""The GameSpec that the options of 'pbem game new' describe."""
from __future__ import annotations

import re

from pbem.cli import _now
from pbem.games import GameError, GameSpec, spec_from_file


def spec_from_options(game_id: str | None, from_file: str | None, seats: tuple[str, ...],  # type: ignore[no-untyped-def]
                      options: tuple[str, ...], anon: bool, start_at: str | None, move_reminders: str, **same):
    """The GameSpec that the options of 'pbem game new' (or its --from file) describe."""
    if from_file:
        spec = spec_from_file(from_file)
        if game_id:
            spec.id = game_id
        return spec
    return GameSpec(id=game_id or "", seats=[_split(entry, ":", "--seat", "NAME:EMAIL") for entry in seats],
                    options=dict(_split(entry, "=", "--option", "KEY=VALUE") for entry in options),
                    press_anon=anon, start_at=_now(start_at) if start_at else None,
                    move_reminders=_hours(move_reminders, "--move-reminders"), **same)


def _split(entry: str, sep: str, option: str, form: str) -> tuple[str, str]:
    """``entry`` cut at its first ``sep``; GameError when it has none."""
    left, found, right = entry.partition(sep)
    if not found:
        raise GameError(f"{option} {entry!r}: write it {form}")
    return left, right


def _hours(text: str, option: str) -> list[int]:
    """Up to 8 whole hours separated by commas (``6,1``; empty for none), so
    that they fit the game's column; GameError otherwise."""
    parts = [part.strip() for part in text.split(",")] if text.strip() else []
    if len(parts) > 8 or not all(re.fullmatch(r"[0-9]{1,4}", part) for part in parts):
        raise GameError(f"{option} {text!r}: write it as up to 8 whole hours separated by commas, like 6,1")
    return [int(part) for part in parts]
