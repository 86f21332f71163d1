"""Stone Age: the order words in French and Spanish (docs/orders-stoneage.md lists them).

The French words are those of the French edition (*chasse*, *forêt*,
*argile*, *carrière*, *rivière*, *hutte*, *champ*, the *troupeau de
mammouths*); the Spanish are the Spanish summary's (*caza*, *bosque*,
*arcilla* or *ladrillo*, *cantera*, *río*, *cabaña*, *campo*, *hacedor de
herramientas*). Every word after the first is read through one table
(locations, resources, rewards and the fixed words alike), but OR keeps its
English meaning in a PLACE line: there the French *or* is no gold. In a BUY
line *ou* and *o* are OR, and *or* stays gold (the parser takes a gold that a
card slot or stack follows as OR). Slots are
``carte2`` or ``carte 2``, ``bâtiment3`` or ``edificio 3``. ``canonical`` turns
a line's words into the English ones; ``localised`` shows a stored line in
the reader's language.
"""
from __future__ import annotations

import re
from typing import Callable

from engine.localwords import Words, fold, nearest, readers

KEYWORDS = Words({
    "PLACE": {"fr": ("placer",), "es": ("colocar", "poner")},
    "USE": {"fr": ("utiliser",), "es": ("usar", "utilizar")},
    "TOOLS": {"fr": ("outils",), "es": ("herramientas",)},
    "BUY": {"fr": ("acheter",), "es": ("comprar",)},
    "TAKE": {"fr": ("prendre",), "es": ("tomar", "coger")},
    "PICK": {"fr": ("choisir",), "es": ("elegir", "escoger")},
    "FEED": {"fr": ("nourrir",), "es": ("alimentar",)},
    "HERD": {"fr": ("troupeau", "apprivoiser"), "es": ("manada", "domesticar")},
    "HUNT": {"fr": ("chasser",), "es": ("cazar",)},
})
_ENGLISH_ARGS = ("hunting", "tool-maker", "farm", "auto", "extra", "woods", "clays", "stones", "golds",
                 "jewelslot", "trader")
ARGS = Words({
    # locations (the slots are below)
    "hunt": {"fr": ("chasse",), "es": ("caza", "coto")},
    "forest": {"fr": ("forêt",), "es": ("bosque",)},
    "clay": {"fr": ("argile", "glaise", "glaisière", "brique", "argiles", "briques"),
             "es": ("arcilla", "ladrillo", "arcillas", "ladrillos")},
    "quarry": {"fr": ("carrière",), "es": ("cantera",)},
    "river": {"fr": ("rivière",), "es": ("río",)},
    "toolmaker": {"fr": ("fabricant", "outilleur"), "es": ("hacedor", "fabricante")},
    "hut": {"fr": ("hutte", "cabane"), "es": ("cabaña", "choza")},
    "field": {"fr": ("champ",), "es": ("campo",)},
    # resources and food
    "wood": {"fr": ("bois",), "es": ("madera", "maderas")},
    "stone": {"fr": ("pierre", "pierres"), "es": ("piedra", "piedras")},
    "gold": {"fr": ("or", "ors"), "es": ("oro", "oros")},
    "food": {"fr": ("nourriture",), "es": ("comida", "alimento")},
    # rewards of the dice (tool and tools are also the toolmaker, as in English)
    "tool": {"fr": ("outil",), "es": ("herramienta",)},
    "tools": {"fr": ("outils",), "es": ("herramientas",)},
    "fields": {"fr": ("champs",), "es": ("campos",)},
    "agriculture": {"es": ("agricultura",)},
    # the fixed words
    "none": {"fr": ("aucun", "aucune", "rien"), "es": ("ninguno", "ninguna", "nada")},
    "pay": {"fr": ("payer",), "es": ("pagar",)},
    "igloo": {"fr": ("igloo",), "es": ("iglú",)},
    "penalty": {"fr": ("pénalité",), "es": ("penalización",)},
    "bonus": {"fr": ("bonus",), "es": ("bono", "bonificación")},
    "one": {"fr": ("un", "une"), "es": ("uno", "una")},
    "all": {"fr": ("tous", "tout"), "es": ("todos", "todo")},
    # the merchant (the expansion)
    "merchant": {"fr": ("marchand", "commerçant"), "es": ("comerciante", "mercader")},
    "jewelcard": {"fr": ("cartejoyaux",), "es": ("cartajoyas",)},
    "jewel": {"fr": ("joyau", "bijou"), "es": ("joya",)},
    "jewels": {"fr": ("joyaux", "bijoux"), "es": ("joyas",)},
    "trade": {"fr": ("échanger", "échange"), "es": ("comerciar", "cambiar", "cambio")},
    "for": {"fr": ("contre",), "es": ("por",)},
    "top": {"fr": ("dessus",), "es": ("encima",)},
    # the wild animals
    "wolf": {"fr": ("loup",), "es": ("lobo",)},
    "boar": {"fr": ("sanglier",), "es": ("jabalí",)},
    "bear": {"fr": ("ours",), "es": ("oso",)},
    "tiger": {"fr": ("tigre",), "es": ("tigre",)},
}, english=_ENGLISH_ARGS)
# Between the choices of a PLACE line.
OR = Words({"or": {"fr": ("ou",), "es": ("o",)}})
# card1 to card4, building1 to building4: the word before the number.
SLOTS = Words({"card": {"fr": ("carte", "cartes"), "es": ("carta", "cartas")},
               "building": {"fr": ("bâtiment", "bâtiments"), "es": ("edificio", "edificios")}},
              english=("cards", "buildings"))
_SLOT = re.compile(r"([^\W\d_]+)([1-5]?)")


def _slot_or_arg(word: str, convert: Callable[[Words, str], str]) -> str:
    m = _SLOT.fullmatch(word)
    if m:
        slot = convert(SLOTS, m.group(1))
        if fold(slot) != fold(m.group(1)) or fold(slot) in SLOTS.english:
            return slot + m.group(2)
    return convert(ARGS, word)


def _walk(words: list[str], convert: Callable[[Words, str], str], reading: bool) -> list[str]:
    if not words:
        return words
    first = convert(KEYWORDS, words[0])
    keyword = (first if reading else words[0]).upper()
    placing, buying = keyword == "PLACE", keyword == "BUY"
    out = [first]
    for word in words[1:]:
        if placing and (fold(word) == "OR" or fold(OR.read(word)) == "OR"):
            out.append(convert(OR, word))
        elif buying and fold(OR.read(word)) == "OR" and (fold(word) != "OR" or not reading):
            out.append(convert(OR, word))
        else:
            out.append(_slot_or_arg(word, convert))
    return out


canonical, localised = readers(_walk)

# The report's place names of several words, as the village shows them in each language
# (pbem/presenters/stoneage/village.py): a player copies them, and they are read as the
# location's one word.
PHRASES = {"hunting grounds": "hunt", "hunting ground": "hunt", "clay pit": "clay", "tool maker": "toolmaker",
           "terrain de chasse": "hunt", "fabricant d'outils": "toolmaker", "fabricant d\u2019outils": "toolmaker",
           "terreno de caza": "hunt", "pozo de arcilla": "clay", "hacedor de herramientas": "toolmaker"}
_PHRASE = re.compile("(?<![^\\s,])(" + "|".join(re.escape(p).replace("\\ ", "\\s+")
                                              for p in sorted(PHRASES, key=len, reverse=True))
                     + ")(?![^\\s,])", re.IGNORECASE)


# A word each place name of several words ends with: a line without one has none to look for.
_LAST_WORD = re.compile("|".join(sorted({re.escape(p.split()[-1]) for p in PHRASES})), re.IGNORECASE)


# The same words in lower case: in an ASCII line a place name's last word is one of its words
# (between spaces and commas), in any case.
_LAST_WORDS = frozenset(p.split()[-1].lower() for p in PHRASES)


def phrases(text: str) -> str:
    """``text`` with each place name of several words made the location's word."""
    if not _LAST_WORD.search(text):
        return text
    return _PHRASE.sub(lambda m: PHRASES[" ".join(m.group(0).lower().split())], text)


def words_of(line: str) -> list[str]:
    """The words of an order line in lower case (commas are spaces), each place name of several
    words made one: ``phrases(line).replace(",", " ").lower().split()``, with no search for a
    place name in an ASCII line none of whose words ends one."""
    words = line.replace(",", " ").lower().split()
    if line.isascii() and _LAST_WORDS.isdisjoint(words):
        return words
    return phrases(line).replace(",", " ").lower().split()


def notation(text: str, lang: str) -> str:
    """Card slots and building stacks (``card2``, ``building1``, ``jewelcard``), one or several
    between spaces, as ``lang``'s orders write them (``carte2``, ``bâtiment1``, ``cartejoyaux``)."""
    return " ".join(_slot_or_arg(word, lambda kind, w: kind.show(w, lang)) for word in text.split(" "))


def nearest_keyword(word: str, english: tuple[str, ...]) -> str:
    """The first word nearest a misspelt one: English, or French or Spanish when nearer ('' if none)."""
    return nearest(word, english, KEYWORDS) or ""


def hint(word: str, english: tuple[str, ...]) -> str:
    """"did you mean ...?" for a misspelt first word: English, or French or Spanish when nearer."""
    near = nearest(word, english, KEYWORDS)
    return f"did you mean {near}?" if near else ""


FIRST_WORDS = tuple(KEYWORDS.spellings())
ALL = {"keywords": KEYWORDS, "args": ARGS, "or": OR, "slots": SLOTS}
