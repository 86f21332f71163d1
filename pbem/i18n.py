"""Translations: gettext catalogues kept as .po files in pbem/locale/ and
managed with Babel (docs/translating.md), and the language a text is for.

A text is written in the language that ``speaking(lang)`` set for the code
around it (the reader's: a seat's own choice, else its game's, else
English), so the mail layer, the commands and the templates (jinja2's i18n
extension, through ``install``) all ask ``_()`` and get the reader's words.
The catalogues are compiled in memory when first used: the .po files are
the only copies, and a wheel needs no build step.
"""
from __future__ import annotations

import gettext as _gettext
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from importlib import resources
from io import BytesIO
from typing import Any

from jinja2 import pass_eval_context
from markupsafe import Markup

DOMAIN = "pbem"
LANGUAGES = {"en": "English", "fr": "français", "es": "español"}
DEFAULT = "en"
_current: ContextVar[str] = ContextVar("pbem_language", default=DEFAULT)
_zone: ContextVar[str] = ContextVar("pbem_timezone", default="")      # '' is UTC


def language_problem(lang: str) -> str:
    """Why ``lang`` is no language pbem speaks, or ''."""
    if lang in LANGUAGES:
        return ""
    return f"{lang!r} is not a language of pbem; choose one of {', '.join(LANGUAGES)}"


@lru_cache(maxsize=None)
def catalogue(lang: str) -> _gettext.NullTranslations:
    """The compiled catalogue of ``lang`` (English needs none: its words are the message ids)."""
    if lang == DEFAULT or lang not in LANGUAGES:
        return _gettext.NullTranslations()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    source = resources.files("pbem") / "locale" / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    with source.open("rb") as po:
        catalog = read_po(po, locale=lang, domain=DOMAIN)
    compiled = BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)
    compiled.seek(0)
    return _gettext.GNUTranslations(compiled)


def current() -> str:
    return _current.get()


def zone() -> str:
    """The reader's time zone (a zoneinfo name), or '' for UTC."""
    return _zone.get()


@contextmanager
def speaking(lang: str | None, timezone: str = "") -> Iterator[str]:
    """Write the texts made inside in ``lang`` (English when empty or
    unknown), with times in ``timezone`` ('' for UTC)."""
    lang = lang if lang in LANGUAGES else DEFAULT
    token, zone_token = _current.set(lang), _zone.set(timezone)
    try:
        yield lang
    finally:
        _current.reset(token)
        _zone.reset(zone_token)


def choose(lang: str, timezone: str | None = None) -> None:
    """From here on, inside the current ``speaking`` block, write in ``lang``
    (and show times in ``timezone`` when given): a mail's answer, once the
    seat and its choices are known."""
    if lang in LANGUAGES:
        _current.set(lang)
    if timezone is not None:
        _zone.set(timezone)


def _(message: str) -> str:
    """``message`` in the current language."""
    return catalogue(_current.get()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return catalogue(_current.get()).ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Marks a message for the catalogue where it is defined; ``_()`` translates it where it is used."""
    return message


def install(env: Any) -> None:
    """Give a jinja2 environment (with the i18n extension) the current language's words. The
    extension's ``_()`` looks ``gettext`` up and calls it, which calls ours: three calls through
    the template's context for each of the thousands of words a pass's reports say. Ours is
    called straight, and does what the extension's newstyle gettext does."""
    env.install_gettext_callables(_, ngettext, newstyle=True)
    env.globals.update(_=_template_gettext, gettext=_template_gettext)


@pass_eval_context
def _template_gettext(eval_ctx: Any, __string: str, **variables: Any) -> str:
    """``_()`` and ``{% trans %}`` in a template: the message in the current language, marked safe
    where the template escapes (its values are escaped as they go in), always formatted."""
    said: str = _(__string)
    if eval_ctx.autoescape:
        said = Markup(said)
    return said % variables


def reader_language(game_lang: str = "", seat_lang: str = "") -> str:
    """The language of a reader: the seat's own choice, else the game's, else English."""
    for lang in (seat_lang, game_lang):
        if lang in LANGUAGES:
            return lang
    return DEFAULT
