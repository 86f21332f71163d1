"""Times and durations as GMs write them."""
from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from typing import Any
from zoneinfo import ZoneInfo

from engine.messages import head
from pbem import i18n

_DURATION = re.compile(r"^\s*(\d+)\s*([mhd])\s*$", re.IGNORECASE | re.ASCII)


def now_utc() -> datetime:
    return datetime.now(timezone.utc)


def parse_duration(text: str) -> timedelta:
    """``72h``, ``30m``, ``3d``; ValueError saying what is accepted."""
    match = _DURATION.match(str(text))
    if not match:
        raise ValueError(f"{text!r} is not a duration; write it like 30m, 72h or 3d")
    amount, unit = int(match.group(1)), match.group(2).lower()
    return timedelta(minutes=amount) * {"m": 1, "h": 60, "d": 1440}[unit]


def parse_when(text: str) -> datetime:
    """An ISO time; a time without a zone is UTC."""
    try:
        when = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    except ValueError:
        raise ValueError(f"{text!r} is not a time; write it like 2026-12-01T18:00") from None
    return when if when.tzinfo else when.replace(tzinfo=timezone.utc)


def aware(when: datetime | None) -> datetime | None:
    """Times read back from SQLite may lack their zone; they are UTC."""
    if when is None:
        return None
    return when if when.tzinfo else when.replace(tzinfo=timezone.utc)


class When:
    """A time inside a message (engine.messages): shown as its reader reads it (``spoken``, in
    the language and time zone being spoken), English and UTC as ``str()`` (logs, the CLI)."""

    __slots__ = ("at",)

    def __init__(self, at: datetime | None) -> None:
        self.at = at

    def spoken(self) -> str:
        return show(self.at)

    def to_dict(self) -> dict[str, Any]:
        """The stored form (engine.messages' table, kind "when"), inside a stored message
        (pbem.reports.render.spoken reads it back)."""
        return {**head("when"), "at": None if self.at is None else self.at.isoformat()}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> When:
        at = d["at"]
        return cls(None if at is None else datetime.fromisoformat(at))

    def __str__(self) -> str:
        with i18n.speaking(i18n.DEFAULT):
            return show(self.at)


def show(when: datetime | None) -> str:
    """A time as the reader reads it (pbem.i18n): UTC, or the reader's time
    zone with its abbreviation; the date in words in French and Spanish."""
    if not when:
        return i18n._("no deadline")
    when, zone = aware(when), i18n.zone()
    if zone:
        when = when.astimezone(ZoneInfo(zone))
    lang = i18n.current()
    if lang == i18n.DEFAULT:
        return when.strftime("%Y-%m-%d %H:%M ") + (when.tzname() or "UTC")
    from babel.dates import format_date
    # The date in full words ("jeudi 3 décembre 2026", "jueves, 3 de diciembre de 2026"): the
    # abbreviations ("jeu. 3 déc.") read as clipped words in a sentence.
    return format_date(when, "full", locale=lang) + when.strftime(", %H:%M ") + (when.tzname() or "UTC")
