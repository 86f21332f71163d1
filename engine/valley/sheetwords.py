"""The words of an order line as the parser reads them, worked out once for each spelling:
a line's words with French and Spanish order words read as English, the spaces of a path, the
warriors and females of a count of tokens. The same lines come sheet after sheet, so each
reading is kept (the parser checks what they mean in the position, every time)."""
from __future__ import annotations

import re
from functools import lru_cache

from engine.valley import localwords
from engine.valley.state import Tokens

# Counts of tokens, checked whole first (re.split searched again from every digit: quadratic).
_TOKENS = re.compile(r"(?:\d*[WF])+", re.IGNORECASE | re.ASCII)
_TOKEN = re.compile(r"(\d*)([WF])", re.IGNORECASE | re.ASCII)
_PATH_JOINS = re.compile(r"[-–>]+")       # C4-C5-D5, C4–C5, C4>C5


@lru_cache(maxsize=4096)
def line_words(body: str) -> tuple[str, ...]:
    """A line's words (commas are spaces), French and Spanish order words read as English."""
    return tuple(localwords.canonical(body.replace(",", " ").split()))


@lru_cache(maxsize=1024)
def path_words(word: str) -> tuple[str, ...]:
    """The space words of a path: ``C4-C5-D5``, ``C4–C5``, ``C4>C5``."""
    return tuple(w for w in _PATH_JOINS.split(word) if w)


@lru_cache(maxsize=1024)
def count_tokens(text: str) -> tuple[int, int] | None:
    """Warriors and females a count of tokens (``2W1F``, ``W``) names, or None when it is no count."""
    if not _TOKENS.fullmatch(text):
        return None
    w = f = 0
    for m in _TOKEN.finditer(text):
        count = int(m.group(1)) if m.group(1) else 1
        if m.group(2).upper() == "W":
            w += count
        else:
            f += count
    return w, f


def toks_text(t: Tokens) -> str:
    return " ".join(x for x in (f"{t.w}W" if t.w else "", f"{t.f}F" if t.f else "") if x)
