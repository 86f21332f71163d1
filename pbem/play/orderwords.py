"""A game's order words in the reader's language: what the mail layer needs of
engine/<game>/localwords.py.

The parsers read French and Spanish order words beside the English ones and
store English (engine/localwords.py). Here the stored lines are shown back in
the language the answer speaks, and the French and Spanish first words count
as orders when the end of a mail's orders is looked for. A game without a
localwords module is shown as it stores its orders.
"""
from __future__ import annotations

import re
import textwrap
from functools import lru_cache
from types import ModuleType
from engine.registry import entry
from pbem import i18n
from pbem.reports.render import WIDTH


@lru_cache(maxsize=None)
def _words(ruleset: str) -> ModuleType | None:
    """The module of the game's French and Spanish order words (its entry's ``words``), or None."""
    try:
        return entry(ruleset).order_words()
    except ValueError:
        return None


def first_words(ruleset: str) -> tuple[str, ...]:
    """The French and Spanish words an order line begins with (none for a game without them)."""
    words = _words(ruleset)
    return tuple(words.FIRST_WORDS) if words else ()


def shown(ruleset: str, line: str, lang: str | None = None) -> str:
    """A stored order line in ``lang`` (the language being written, by default)."""
    lang = lang or i18n.current()
    words = _words(ruleset)
    if words is None or lang == i18n.DEFAULT:
        return line
    return words.localised(line, lang)


def notation(ruleset: str, text: str, lang: str | None = None) -> str:
    """Words of the game's notation (Dewan's cards) in ``lang``'s (the language being written):
    its localwords ``notation``, else as they are."""
    lang = lang or i18n.current()
    words = _words(ruleset)
    if words is None or lang == i18n.DEFAULT or not hasattr(words, "notation"):
        return text
    return str(words.notation(text, lang))


# A placeholder, or a word of two letters or more with the digits that number it (card2): never a
# space's or hex's name (F3) nor a count of tokens (2W), which only the order's place tells apart.
_GRAMMAR_WORD = re.compile(r"<[^>]*>|\b([^\W\d_]{2,})(\d*)\b")


def grammar(ruleset: str, text: str, lang: str | None = None) -> str:
    """A line of an order's grammar ("PLACE <n> <location> [OR <n> <location> ...]") as the reader
    writes it: each word of the game's order tables in ``lang``, the <placeholders> as they are."""
    lang = lang or i18n.current()
    words = _words(ruleset)
    if words is None or lang == i18n.DEFAULT:
        return text
    tables = list(getattr(words, "ALL", {}).values())

    def one(found: re.Match[str]) -> str:
        word, number = found.group(1), found.group(2) or ""
        if word is None:
            return found.group(0)
        return next((said for table in tables if (said := table.show(word, lang)) != word), word) + number
    return _GRAMMAR_WORD.sub(one, text)


def example(ruleset: str, order: str, why: str, column: int) -> str:
    """One line of a HELP's examples: the order in the reader's words, then ``# why`` from
    ``column`` (right after an order too long for it), cut to the mail's width."""
    order = shown(ruleset, order)
    width = column - 4
    head = f"  {order:<{width}}  # " if len(order) <= width else f"  {order}  # "
    return head + textwrap.shorten(why, max(WIDTH - len(head), 12), placeholder="...")
