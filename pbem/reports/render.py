"""Mail bodies and pages rendered with jinja2 from templates/, and the
helpers every game's report uses: 72-column wrapping, events by phase."""
from __future__ import annotations

import re
import textwrap
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from importlib import resources
from typing import Any, Callable, Iterable, Iterator, Mapping, NamedTuple, TypeVar

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markupsafe import Markup

from engine.contract import Event
from engine.messages import VERSION, stored
from pbem import i18n
from pbem.clock import When
from pbem.errors import StoredMessageError
from pbem.site.public import fields

WIDTH = 72
T = TypeVar("T")
# What the reports of the step being reported share (:func:`one_step`): made once a language.
_STEP: ContextVar[dict[tuple[Any, ...], Any] | None] = ContextVar("pbem_step", default=None)


@lru_cache(maxsize=1)
def env() -> Environment:
    root = resources.files("pbem.templates")
    made = Environment(loader=FileSystemLoader(str(root)), undefined=StrictUndefined,
                       autoescape=select_autoescape(["html"]), keep_trailing_newline=True,
                       trim_blocks=True, lstrip_blocks=True, extensions=["jinja2.ext.i18n"],
                       auto_reload=False)      # read once a process, as the code is: no stat a render
    i18n.install(made)      # {% trans %} and _() speak the language pbem.i18n.speaking set
    made.globals["reader_lang"] = i18n.current      # <html lang="...">: the language being spoken
    # How a page names the position at step N when its game gives no ``moment`` (pbem.site.archive
    # passes the game's own: "round N + 1" where a step is a round).
    made.globals["moment"] = turn_moment
    made.globals["order_line"] = order_line
    made.globals["order_example"] = order_example
    made.filters["paragraph"] = paragraph
    return made


def order_line(ruleset: str, text: str) -> str:
    """A reply template's order grammar in the words the reader writes (pbem.play.orderwords.grammar)."""
    from pbem.play.orderwords import grammar          # orderwords reads this module's WIDTH
    return grammar(ruleset, text)


def order_example(ruleset: str, line: str) -> str:
    """A whole order, as a report's example, in the words the reader writes (orderwords.shown)."""
    from pbem.play.orderwords import shown
    return shown(ruleset, line)


def turn_moment(number: int) -> str:
    """"turn N", in the language being spoken: how pages name the position at step N."""
    return i18n._("turn %(number)s") % {"number": number}


def render(name: str, **context: Any) -> str:
    return env().get_template(name).render(**context)


class Part(NamedTuple):
    """A part of a report, rendered as text and as HTML (marked safe: it goes into a page whole)."""
    text: str
    html: Markup


def part(text: str, html: str, **context: Any) -> Part:
    """Templates ``text`` and ``html`` rendered with ``context``."""
    return Part(render(text, **context), Markup(render(html, **context)))


def event_log(parts: list[tuple[str, list[tuple[str, list[str]]]]]) -> Part:
    """What happened, as a report shows it: the events' texts under their phases, the phases
    under the parts of the step (a part that is one phase of the same name is headed once).
    Made once a step for all who read the same log (:func:`once`, by its texts): the readers
    with no event of their own read the public log."""
    key = tuple((heading, tuple((title, tuple(lines)) for title, lines in phases)) for heading, phases in parts)
    return once(("event log", key), lambda: part(
        "partials/event_log.txt", "partials/event_log.html", parts=parts, wrapped_parts=[
            (heading, [(title, wrap_each(texts)) for title, texts in phases])
            for heading, phases in parts]))


def seat_tables(players: list[str], seat: str | None, key: tuple[Any, ...],
                texts: Callable[[str], list[str]]) -> list[tuple[str, list[str], list[str]]]:
    """(seat, its texts, their wrapped lines) of every seat's table, the reader's own first: the
    first text at two spaces, the rest at six. Another's table reads alike for every reader of the
    step: made once for them (:func:`once`, by ``key`` and the seat); the reader's own for it alone."""
    def table(p: str) -> tuple[str, list[str], list[str]]:
        made = texts(p)
        return p, made, wrap(made[0], "  ") + wrap_each(made[1:], "      ")
    order = [seat] + [p for p in players if p != seat] if seat in players else players
    return [table(p) if p == seat else once((*key, p), lambda p=p: table(p)) for p in order]


@contextmanager
def one_step() -> Iterator[None]:
    """Inside, the reports of one step are made (pbem.play.turns): what :func:`once` makes for one
    of them serves the others read in the same language. A step inside a step is the same step."""
    token = _STEP.set(_STEP.get() if _STEP.get() is not None else {})
    try:
        yield
    finally:
        _STEP.reset(token)


def once(key: tuple[Any, ...], make: Callable[[], T]) -> T:
    """``make()``, made once a step (:func:`one_step`) for ``key`` in the language and time zone
    being spoken, else every time. What ``make`` reads must be the same for every reader of the
    step whose report asks for ``key`` (the board; an event log, keyed by its texts): a report's
    private parts are made for their seat alone."""
    kept = _STEP.get()
    if kept is None:
        return make()
    full = (*key, i18n.current(), i18n.zone())
    if full not in kept:
        kept[full] = make()
    return kept[full]


def fit(text: str) -> str:
    """Plain text whose every line fits WIDTH columns: a longer line is wrapped at spaces, its
    continuation indented two more than the line; a word longer than a line stays whole."""
    out = []
    for line in text.split("\n"):
        if len(line) <= WIDTH:
            out.append(line)
            continue
        indent = line[:len(line) - len(line.lstrip())]
        out += textwrap.wrap(line.strip(), WIDTH, initial_indent=indent, subsequent_indent=indent + "  ",
                             break_long_words=False, break_on_hyphens=False)
    return "\n".join(out)


def paragraph(text: str) -> str:
    """A paragraph of a text mail, its lines filled to WIDTH columns (no hanging indent)."""
    joined = re.sub(r"[ \t\r\n]+", " ", text).strip()      # a no-break space stays (French "partie g\u00a0:")
    return textwrap.fill(joined, WIDTH, break_long_words=False, break_on_hyphens=False)


def fitted(text: str) -> list[str]:
    """A line of a report's frame (its headline, "your move", the game's end), wrapped to WIDTH
    columns like every other line of a text mail."""
    return wrap(text, "")


_BREAKS = re.compile(r"[\t\n\r\x0b\x0c]")     # what textwrap turns into spaces


def wrap(text: str, indent: str = "  ") -> list[str]:
    """``text`` in lines of WIDTH columns at most, the first indented by ``indent``, the rest by two
    more. A step's reports wrap the same event lines for every seat: each is wrapped once."""
    return list(_wrapped(text, indent))


def wrap_each(texts: Iterable[str], indent: str = "  ") -> list[str]:
    """The lines of every text of ``texts`` (:func:`wrap`), one after another."""
    return [line for text in texts for line in _wrapped(text, indent)]


@lru_cache(maxsize=4096)
def _wrapped(text: str, indent: str) -> tuple[str, ...]:
    return tuple(wrapped(text, WIDTH, indent, indent + "  ") or [indent])


def wrapped(text: str, width: int, indent: str = "", subsequent: str = "", **options: bool) -> list[str]:
    """``textwrap.wrap(text, width, initial_indent=indent, subsequent_indent=subsequent,
    **options)``. A text that fits on its first line, with no blank at its end and no tab or
    line break in it (most lines of a report), is that line as textwrap makes it: found 30
    times quicker."""
    if len(indent) + len(text) <= width and text == text.rstrip() and text and not _BREAKS.search(text):
        return [indent + text]
    return textwrap.wrap(text, width, initial_indent=indent, subsequent_indent=subsequent, **options)


def spoken(message: Any) -> str:
    """A message of an engine (engine.messages, or its stored form: version 1, the table in
    engine.messages) in the reader's language; its values that are messages too are translated
    first. Any other value is shown by its ``str()``."""
    if callable(getattr(message, "spoken", None)):     # a value that shows itself (pbem.clock.When)
        return message.spoken()
    message = stored(message)                         # a message, join or notation: its stored form
    if not isinstance(message, dict):
        return str(message)
    return _reader(message)(message)


def _reader(message: dict[str, Any]) -> Callable[[dict[str, Any]], str]:
    """How a stored message of its kind is read; StoredMessageError saying why it cannot be."""
    kind, version = message.get("kind"), message.get("v")
    shown = repr(message)[:200]
    if kind is None:
        raise StoredMessageError(f"not a stored message (it has no kind): {shown}; a message stored before "
                                 f"version {VERSION} is rewritten when pbem upgrades the database (migration 0017)")
    if version != VERSION:
        raise StoredMessageError(f"a stored message of version {version!r}, but this pbem reads version "
                                 f"{VERSION}: {shown}")
    if kind not in READERS:
        raise StoredMessageError(f"a stored message of unknown kind {kind!r} (known: {', '.join(READERS)}): {shown}")
    return READERS[kind]


def _text(message: dict[str, Any]) -> str:
    return i18n._(message["id"]).format(**_values(message))


def _plural(message: dict[str, Any]) -> str:
    return i18n.ngettext(message["id"], message["plural"], message["n"]).format(**_values(message))


def _word(message: dict[str, Any]) -> str:
    if i18n.current() == i18n.DEFAULT:            # the engine's English keeps the singular ("2 bear")
        return message["id"].format(**_values(message))
    return _plural(message)


def _values(message: dict[str, Any]) -> dict[str, str]:
    return {k: spoken(v) for k, v in message.get("values", {}).items()}


def _join(message: dict[str, Any]) -> str:
    return spoken(message["sep"]).join(spoken(item) for item in message["items"])


def _notation(message: dict[str, Any]) -> str:
    from pbem.play.orderwords import notation          # orderwords reads this module's WIDTH
    return notation(message["game"], message["text"])


def _order(message: dict[str, Any]) -> str:
    from pbem.play.orderwords import shown
    return shown(message["game"], message["text"])


def _when(message: dict[str, Any]) -> str:
    return When.from_dict(message).spoken()


READERS: dict[str, Callable[[dict[str, Any]], str]] = {
    "text": _text, "plural": _plural, "word": _word, "join": _join, "notation": _notation, "order": _order,
    "when": _when}
"""The reader of each kind of stored message (engine.messages' table)."""


def event_text(e: Event | dict) -> str:
    """An event's text in the reader's language: from its message when it has one
    (older stored logs have none and stay English), English as the engine wrote it."""
    message = e.get("message") if isinstance(e, dict) else e.message
    text = fields(e)[1]
    return text if message is None or i18n.current() == i18n.DEFAULT else spoken(message)


def visible(events: Iterable[Event | dict], seat: str | None,
            titles: Mapping[str, str]) -> list[tuple[str, list[str]]]:
    """Events this seat may read, grouped by phase in the order they happened;
    ``titles`` names the phases (a phase it lacks is shown as it is)."""
    groups: list[tuple[str, list[str]]] = []
    for e in events:
        phase, _text, to, _by = fields(e)     # stored events may lack "by" (older logs)
        if to is not None and to != seat:
            continue
        title = titles.get(phase, phase)
        if not groups or groups[-1][0] != title:
            groups.append((title, []))
        groups[-1][1].append(event_text(e) + (i18n._(" (only you see this)") if to else ""))
    return groups
