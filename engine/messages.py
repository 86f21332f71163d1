"""Texts of the engines as message ids with their values, for the mail layer
to write in the reader's language.

The engine stays in English and pure: a :class:`Msg` is only an id and its
values, and its ``str()`` is the English text the engine always wrote (the
event's ``text``, the cases and the golden files read that). The mail layer
looks the id up in its catalogues (pbem.i18n), translates the values that
are messages themselves, and fills them in. The ids are extracted by Babel:
``Msg`` and ``Word`` take their English as a literal first argument,
``Plural`` and ``Word`` a singular and a plural form and the count that
chooses between them.

The stored form (``to_dict``, :func:`stored`) is plain JSON, the same for every message, in
the database (an event's ``message`` in a turn's log, a GM log line's ``said``) and in views
(``prompt_message``). Version 1 (:data:`VERSION`): every stored message is a dict with its
``kind`` and ``"v": 1``, and the fields of its kind; a value that is a message is stored the
same way, any other value (a number, a text) as it is. pbem.reports.render.spoken reads it.

========  ==============================================================  ===============
kind      fields besides ``kind`` and ``v``                               written by
========  ==============================================================  ===============
text      ``id``; ``values`` ({name: value}, only when there are any)     Msg
plural    ``id`` (the singular), ``plural``, ``n`` (the count), ``values``  Plural
word      as plural; its English is always the singular                   Word
join      ``sep`` (a text or a message), ``items`` (a list of values)     Join
notation  ``game``, ``text``: words of a game's own notation              Notation
order     ``game``, ``text``: a line of the game's order language         OrderLine
when      ``at``: an ISO time, or null for none                           pbem.clock.When
========  ==============================================================  ===============

Forms stored before version 1 (without ``kind``) are rewritten by the migration 0017.
"""
from __future__ import annotations

from typing import Any

VERSION = 1
"""The version of the stored form, in every stored message as ``"v"``."""


def head(kind: str) -> dict[str, Any]:
    """The start of a stored message of ``kind``: its kind and the stored form's version."""
    return {"kind": kind, "v": VERSION}


class Msg:
    """An English text with ``{name}`` placeholders and the values that fill them;
    a value may be a message too (a species, a direction, a reason)."""

    __slots__ = ("id", "values")
    KIND = "text"

    def __init__(self, id: str, /, **values: Any) -> None:
        self.id = id
        self.values = values

    def english(self) -> str:
        """The English form of the id: the singular, or the plural when the count says so."""
        return self.id

    def __str__(self) -> str:
        # format() shows a message value by its str(), as it shows numbers and text
        return self.english().format_map(self.values)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Msg) and self.to_dict() == other.to_dict()

    def __hash__(self) -> int:
        return hash(str(self))

    def to_dict(self) -> dict[str, Any]:
        """The stored form (the module's table): ``id`` and the ``values`` in their stored form."""
        out: dict[str, Any] = {**head(self.KIND), "id": self.id}
        if self.values:
            out["values"] = {k: stored(v) for k, v in self.values.items()}
        return out


class Plural(Msg):
    """A text whose words depend on a count: the singular for 1, else the plural
    (the catalogues give each language its own plural forms)."""

    __slots__ = ("plural", "n")
    KIND = "plural"

    def __init__(self, singular: str, plural: str, n: int, /, **values: Any) -> None:
        self.id, self.values = singular, values      # as Msg's (without passing the values on again)
        self.plural, self.n = plural, n

    def english(self) -> str:
        return self.id if self.n == 1 else self.plural

    def to_dict(self) -> dict[str, Any]:
        out = {**head(self.KIND), "id": self.id, "plural": self.plural, "n": self.n}
        if self.values:
            out["values"] = {k: stored(v) for k, v in self.values.items()}
        return out


class Word(Plural):
    """A word counted in other languages but not in the engine's English (the
    species: "2 bear" has always been written so): English is the singular."""

    __slots__ = ()
    KIND = "word"       # stored as a plural whose English keeps the singular

    def english(self) -> str:
        return self.id


class Join:
    """Values shown one after another, between separators (``sep`` may be a message: " and ")."""

    __slots__ = ("sep", "items")

    def __init__(self, sep: str | Msg, items: list[Any]) -> None:
        self.sep, self.items = sep, list(items)

    def __str__(self) -> str:
        return str(self.sep).join(str(item) for item in self.items)

    def to_dict(self) -> dict[str, Any]:
        return {**head("join"), "sep": stored(self.sep), "items": [stored(item) for item in self.items]}


class Notation:
    """Words of a game's own notation inside a message (Dewan's cards: ``P/artifact``, or
    several: ``F F M``): ``str()`` is the English; the mail layer shows them in the reader's
    notation (the game's localwords ``notation``)."""

    __slots__ = ("game", "text")
    KIND = "notation"

    def __init__(self, game: str, text: str) -> None:
        self.game, self.text = game, text

    def __str__(self) -> str:
        return self.text

    def to_dict(self) -> dict[str, Any]:
        return {**head(self.KIND), "game": self.game, "text": self.text}


class OrderLine(Notation):
    """A line of a game's order language inside a message (a plan line quoted by an event):
    ``str()`` is the English the engine reads; the mail layer shows it in the words the reader
    writes (pbem.play.orderwords.shown)."""

    __slots__ = ()
    KIND = "order"


def example(game: str, suggestion: Any) -> Any:
    """A parser's suggestion as a problem carries it: a plain string is an order line given as an
    example (``PLACE 3 forest``), shown in the reader's order words; a message stays as it is."""
    return OrderLine(game, suggestion) if isinstance(suggestion, str) and suggestion else suggestion


def stored(value: Any) -> Any:
    """A value in its stored form: messages, joins (and any value with a ``to_dict``, such as
    the mail layer's times) as dicts, the rest as it is."""
    return value.to_dict() if callable(getattr(value, "to_dict", None)) else value
