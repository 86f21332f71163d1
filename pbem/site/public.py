"""What everybody may read of a turn's log, for any game.

Order sheets are private: they hold standing orders, ranked lists and
lines refused when the turn ran, some of which name cards in a hand. What is public of a seat's orders is
what was carried out, and the ruleset says so by tagging the public events
that carry out an order with the seat (``Event.by``). The archive and
``pbem history`` publish these, never the sheets.

Events come as :class:`engine.contract.Event` or as the dicts stored in
``TurnRecord.events_json``; dicts stored before ``by`` existed have no such
key and count as carrying out no order.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Sequence

from engine.contract import Event


def fields(e: Event | dict[str, Any]) -> tuple[str, str, str | None, str | None]:
    """(phase, text, to, by) of an event or a stored event dict."""
    if isinstance(e, dict):
        return e["phase"], e["text"], e.get("to"), e.get("by")
    return e.phase, e.text, e.to, e.by


def public(events: Iterable[Event | dict[str, Any]]) -> list[Event | dict[str, Any]]:
    """The events everybody may read."""
    return [e for e in events if fields(e)[2] is None]


def carried_out(events: Iterable[Event | dict[str, Any]], seats: Sequence[str] = (),
                text: Callable[[Event | dict[str, Any]], str] = lambda e: fields(e)[1]) -> dict[str, list[str]]:
    """Each seat's orders as carried out: the texts of the public events its
    orders caused, in the order they happened (``text``: the English the engine
    wrote, or a page's words, like pbem.reports.render.event_text). ``seats``
    are listed even when nothing of theirs was carried out."""
    out: dict[str, list[str]] = {seat: [] for seat in seats}
    for e in events:
        _phase, _text, to, by = fields(e)
        if to is None and by is not None:
            out.setdefault(by, []).append(text(e))
    return out
