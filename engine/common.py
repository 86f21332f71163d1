"""What every game shares: its options as the GM gave them, its seat names,
and the refusal an order parser raises for a line it cannot take."""
from __future__ import annotations

import re
from typing import Any, Sequence

from engine.contract import Option
from engine.messages import Msg

class Refused(Exception):
    """A line that can never be played: why, and what might be meant."""

    def __init__(self, message: str, suggestion: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.suggestion = suggestion


_SEAT = re.compile(r"^[a-z][a-z0-9_-]{0,19}$")


def checked_options(declared: Sequence[Option], given: dict[str, Any]) -> dict[str, Any]:
    """Every declared option, the given ones parsed and checked, the others
    at their defaults; ValueError on an unknown or bad one."""
    known = {o.name: o for o in declared}
    out = {o.name: o.default for o in declared}
    for key, value in given.items():
        if key not in known:
            raise ValueError(f"no option {key!r}; the options are {', '.join(known)}")
        option = known[key]
        out[key] = option.parse(value) if isinstance(value, str) else value
        if option.choices and out[key] not in option.choices:
            raise ValueError(f"option {key} is one of {', '.join(str(c) for c in option.choices)}, not {value!r}")
        if isinstance(option.default, bool) and not isinstance(out[key], bool):
            raise ValueError(f"option {key} takes yes or no, not {value!r}")
    return out


def seat_name_problem(seat: str) -> Msg | str:
    """What is wrong with a seat name (a message: its ``str()`` is the English), or ''."""
    if _SEAT.match(seat):
        return ""
    return Msg("seat name {name}: use up to 20 lower-case letters, digits, - or _, starting with a letter",
               name=repr(seat))


def checked_seats(players: Sequence[str], title: str, least: int, most: int) -> list[str]:
    """The seats, or ValueError: ``least`` to ``most`` distinct valid names."""
    seats = list(players)
    if not least <= len(seats) <= most:
        raise ValueError(f"{title} is for {least} to {most} players, not {len(seats)}")
    for seat in seats:
        if seat_name_problem(seat):
            raise ValueError(str(seat_name_problem(seat)))
    if len(set(seats)) != len(seats):
        raise ValueError("two seats have the same name")
    return seats
