"""The six species and what the rulebook's animal table says of each."""
from __future__ import annotations

from dataclasses import dataclass

from engine.messages import Msg, Word


@dataclass(frozen=True)
class Species:
    name: str
    moves: int
    mountains: bool     # may travel through mountains
    rivers: bool        # may cross rivers
    tramples: bool      # a large animal that damages crops
    food: int           # food for each one killed


SPECIES = {
    s.name: s for s in (
        Species("mammoth", 1, False, False, True, 6),
        Species("rhino", 1, False, False, True, 5),
        Species("bison", 2, False, False, True, 4),
        Species("bear", 2, True, True, False, 3),
        Species("tiger", 3, True, False, False, 2),
        Species("wolf", 3, True, False, False, 1),
    )
}
ORDER = tuple(SPECIES)
"""Animals of a space are fought one species after another in this order."""

_ALIASES = {
    "mammoths": "mammoth", "rhinos": "rhino", "rhinoceros": "rhino", "woolly rhino": "rhino",
    "bisons": "bison", "bears": "bear", "tigers": "tiger", "sabretooth": "tiger",
    "sabretooth tiger": "tiger", "wolves": "wolf",
}

# The letters on the back of the 54 tokens of the bag, by species.
BAG_LETTERS = {
    "bear": "ABCDEFhid",
    "tiger": "ABCDEFcgj",
    "wolf": "ABCDEFbfk",
    "rhino": "acefgijld",
    "bison": "abceghikl",
    "mammoth": "abefhijkd",
}


def species_name(text: str) -> str | None:
    """The species a word names (singular, plural or long form), or None."""
    low = " ".join(text.lower().split())
    if low in SPECIES:
        return low
    return _ALIASES.get(low)


def full_bag() -> list[str]:
    """Every lettered token, as ``"species letter"``, sorted."""
    return sorted(f"{s} {ch}" for s, letters in BAG_LETTERS.items() for ch in letters)


# The species' names as messages, for the mail layer to translate: counted
# (the engine's English has always kept the singular: "2 bear"), and with the
# article a fighting side is named by ("the bear 3+1=4").
_WORDS = {
    "mammoth": lambda n: Word("mammoth", "mammoths", n),
    "rhino": lambda n: Word("rhino", "rhinos", n),
    "bison": lambda n: Word("bison", "bisons", n),
    "bear": lambda n: Word("bear", "bears", n),
    "tiger": lambda n: Word("tiger", "tigers", n),
    "wolf": lambda n: Word("wolf", "wolves", n),
}
_THE = {
    "mammoth": lambda: Msg("the mammoth"), "rhino": lambda: Msg("the rhino"),
    "bison": lambda: Msg("the bison"), "bear": lambda: Msg("the bear"),
    "tiger": lambda: Msg("the tiger"), "wolf": lambda: Msg("the wolf"),
}


def word(species: str, n: int = 1) -> Word:
    """The species' name for ``n`` of them (its English is the singular, as always)."""
    return _WORDS[species](n)


def the(species: str) -> Msg:
    """"the bear": the species as one side of a combat."""
    return _THE[species]()
