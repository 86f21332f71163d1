"""Valley of the Mammoths: the order words in French and Spanish (docs/orders-valley.md lists them).

The French words are the rulebook's: *déplacer* the tribes, *installer* a
camp, *semer* or *planter* a crop, *guerriers* and *femmes* (``2G 1F``),
*brûler* or *occuper* a conquered camp. ``canonical`` turns a line's words
into the English ones the parser reads; ``localised`` shows a stored line in
the reader's language. Spaces (``C4``) and fate cards (``spear``) are the
same in every language.
"""
from __future__ import annotations

import re
from typing import Callable

from engine.localwords import Words, readers

KEYWORDS = Words({
    "PLACE": {"fr": ("placer",), "es": ("colocar", "poner")},
    "PLANT": {"fr": ("planter", "semer"), "es": ("plantar", "sembrar")},
    "MOVE": {"fr": ("déplacer",), "es": ("mover",)},
    "CAMP": {"fr": ("camper", "installer"), "es": ("acampar",)},
    "FIRE": {"fr": ("feu",), "es": ("fuego",)},
    "PLAY": {"fr": ("jouer",), "es": ("jugar",)},
    "COMBAT": {"fr": ("combat", "combats"), "es": ("combate", "combatir")},
    "LOSSES": {"fr": ("pertes",), "es": ("pérdidas",)},
    "CONQUER": {"fr": ("conquérir", "conquête"), "es": ("conquistar",)},
    "STARVE": {"fr": ("famine",), "es": ("hambre",)},
})
# The word after LOSSES, STARVE and CONQUER (the parser also reads the singular and the first letter).
STANDING = Words({
    "WARRIORS": {"fr": ("guerriers", "guerrier", "g"), "es": ("guerreros", "guerrero", "g")},
    "FEMALES": {"fr": ("femmes", "femme", "femelles", "femelle"),
                "es": ("mujeres", "mujer", "hembras", "hembra", "m", "h")},
    "OCCUPY": {"fr": ("occuper",), "es": ("ocupar",)},
    "BURN": {"fr": ("brûler",), "es": ("quemar", "q")},
}, english=("WARRIOR", "FEMALE", "W", "F", "O", "B"))
# The letters of a count of tokens: 2G 1F is 2W 1F (guerriers, femmes; guerreros, mujeres).
TOKENS = Words({"W": {"fr": ("g",), "es": ("g",)}, "F": {"fr": ("f",), "es": ("m", "h")}})
# The directions of the lure card: SO and NO are sud-ouest / suroeste and nord-ouest / noroeste.
DIRECTIONS = Words({"SW": {"fr": ("so",), "es": ("so",)}, "NW": {"fr": ("no",), "es": ("no",)}},
                   english=("N", "NE", "SE", "S"))
_TOKEN_LETTER = re.compile(r"(\d*)([^\W\d_])")
_MOVES_TOKENS = ("forced_march", "raft")


def _tokens(word: str, convert: Callable[[Words, str], str]) -> str:
    """``2g1f`` with each letter read (or shown) as a token letter."""
    return _TOKEN_LETTER.sub(lambda m: m.group(1) + convert(TOKENS, m.group(2)), word)


def _walk(words: list[str], convert: Callable[[Words, str], str], reading: bool) -> list[str]:
    """The words of one line, each converted as the kind of word its place makes it."""
    if not words:
        return words
    first = convert(KEYWORDS, words[0])
    keyword = (first if reading else words[0]).upper()
    out = [first]
    rest = words[1:]
    if keyword in ("LOSSES", "CONQUER", "STARVE"):
        out += [convert(STANDING, w) for w in rest]
    elif keyword == "MOVE":
        out += [_tokens(w, convert) for w in rest[:-1]] + rest[-1:]
    elif keyword == "PLAY" and rest:
        card = rest[0].lower().replace("-", "_")
        if card in _MOVES_TOKENS:
            out += rest[:1] + [_tokens(w, convert) for w in rest[1:-1]] + (rest[-1:] if len(rest) > 1 else [])
        elif card == "lure" and len(rest) == 3:
            out += rest[:2] + [convert(DIRECTIONS, rest[2])]
        else:
            out += rest
    else:
        out += rest
    return out


canonical, localised = readers(_walk)


FIRST_WORDS = tuple(KEYWORDS.spellings())
ALL = {"keywords": KEYWORDS, "standing": STANDING, "tokens": TOKENS, "directions": DIRECTIONS}
