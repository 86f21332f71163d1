"""Dewan: the order words in French and Spanish (docs/orders-dewan.md lists them).

The French words are those of the French game help: *prendre* 2 Terrain
cards, *poser* a Camp, *payer*, *glisser* a card under the tribe board, the
*Histoire* tiles. Terrain letters follow the terrain's name: French R
(*rivière*) and Spanish B (*bosque*) and R (*río*) beside F, M, D, P, W.
``canonical`` turns a line's words into the English ones the parser reads
(OR included, so it runs before a line is split at OR); ``localised`` shows a
stored line in the reader's language. Hexes (``A1``) and story tile ids
(``s07``) are the same in every language.
"""
from __future__ import annotations

import re
from typing import Callable

from engine.localwords import Words, readers

KEYWORDS = Words({
    "TAKE": {"fr": ("prendre",), "es": ("tomar", "coger")},
    "CAMP": {"fr": ("camper", "poser"), "es": ("acampar",)},
    "STORY": {"fr": ("histoire",), "es": ("historia",)},
    "NEXT": {"fr": ("ensuite", "puis"), "es": ("luego", "después")},
})
# The words inside a line: OR between alternatives, IF, and what follows a CAMP's path.
JOINS = Words({
    "OR": {"fr": ("ou",), "es": ("o",)},
    "IF": {"fr": ("si",), "es": ("si",)},
    "PAY": {"fr": ("payer",), "es": ("pagar",)},
    "STORY": {"fr": ("histoire",), "es": ("historia",)},
    "TUCK": {"fr": ("glisser",), "es": ("deslizar", "meter")},
})
# A card's terrain letters (forest, mountain, desert, plains, water) ...
LETTERS = Words({"W": {"fr": ("r",), "es": ("r",)}, "F": {"es": ("b",)}}, english=("M", "D", "P"))
# ... and the symbol after its slash.
SYMBOLS = Words({
    "fire": {"fr": ("feu",), "es": ("fuego",)},
    "berry": {"fr": ("baie",), "es": ("baya",)},
    "artifact": {"fr": ("artefact",), "es": ("artefacto",)},
    "pigment": {"fr": ("pigment",), "es": ("pigmento",)},
    "crystal": {"fr": ("cristal",), "es": ("cristal",)},
})
_AFTER_PATH = ("PAY", "STORY", "TUCK")
_LETTER = re.compile(r"[^\W\d_]")


def _card(word: str, convert: Callable[[Words, str], str]) -> str:
    """``FR/feu`` with its letters and symbol read (or shown) as a card's."""
    letters, slash, symbol = word.partition("/")
    letters = _LETTER.sub(lambda m: convert(LETTERS, m.group(0)), letters)
    return letters + slash + (convert(SYMBOLS, symbol) if symbol else "")


def _walk(words: list[str], convert: Callable[[Words, str], str], reading: bool) -> list[str]:
    """The words of one line (alternatives and all), each converted as its place makes it."""
    out: list[str] = []
    keyword, part, start = "", "", True
    for word in words:
        if start:
            new = convert(KEYWORDS, word)
            keyword, part = (new if reading else word).upper(), ""
            start = keyword == "NEXT"          # NEXT may open the line of the next move's order
            out.append(new)
            continue
        new = convert(JOINS, word)
        joined = (new if reading else word).upper()
        if joined == "OR":
            start = True
        elif joined == "IF" or (keyword == "CAMP" and joined in _AFTER_PATH):
            part = joined
        else:
            new = word
            if (keyword, part) in (("TAKE", "IF"), ("CAMP", "PAY"), ("CAMP", "TUCK")):
                new = _card(word, convert)
        out.append(new)
    return out


canonical, localised = readers(_walk)


def notation(text: str, lang: str) -> str:
    """Cards, one or several between spaces (``F F M``, ``P/artifact``), in ``lang``'s letters
    and symbol words; a terrain letter alone is a card's too."""
    return " ".join(_card(word, lambda kind, w: kind.show(w, lang)) for word in text.split(" "))


FIRST_WORDS = tuple(KEYWORDS.spellings())
ALL = {"keywords": KEYWORDS, "joins": JOINS, "letters": LETTERS, "symbols": SYMBOLS}
