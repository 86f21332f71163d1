"""The words of an order line: numbers, locations, goods; each refused with a reason and a hint."""
from __future__ import annotations

import difflib
import re

from engine.common import Refused
from engine.stoneage.animaldata import WORDS as ANIMAL_WORDS
from engine.stoneage.goods import GOODS, RESOURCES, Good
from engine.stoneage.locations import LOCATIONS, NAMES, SOURCE, exists

# Other words players use for a location; the normal form always prints ours.
ALIASES = {"hunting": "hunt", "tool": "toolmaker", "tools": "toolmaker", "tool-maker": "toolmaker",
           "farm": "field"}
_DIGITS = re.compile(r"[0-9]{1,4}")      # ASCII only: int() takes other digits, and huge ones raise
_SLOT = re.compile(r"(card|building)s?")
# The jewel slot's other spellings (option merchant).
ALIASES.update({"jewelslot": "jewelcard", "jewel": "jewelcard", "jewels": "jewelcard", "trader": "merchant"})


def shown(word: str) -> str:
    """A player's word as quoted in a message: cut short, so an answer stays small."""
    return repr(word if len(word) <= 24 else word[:21] + "...")


def closest(word: str, choices: tuple[str, ...] | list[str]) -> str:
    found = difflib.get_close_matches(word.lower(), [c.lower() for c in choices], n=1, cutoff=0.5)
    if not found:
        return ""
    return next(c for c in choices if c.lower() == found[0])


def hint(word: str, choices: tuple[str, ...] | list[str]) -> str:
    near = closest(word, choices)
    return f"did you mean {near}?" if near else ""


def joined(words: list[str]) -> list[str]:
    """``card 2`` and ``building 3`` as the single words ``card2`` and ``building3``."""
    out: list[str] = []
    for word in words:
        if out and _SLOT.fullmatch(out[-1]) and word in ("1", "2", "3", "4", "5"):
            out[-1] = out[-1].rstrip("s") + word
        else:
            out.append(word)
    return out


def number(word: str, what: str, example: str) -> int:
    if not _DIGITS.fullmatch(word):
        raise Refused(f"{shown(word)} is not a number of {what}", f"write it like {example}")
    return int(word)


def location(word: str, players: int, merchant: bool = False) -> str:
    """The location ``word`` names in a game of ``players`` (with option merchant or not); Refused
    with a hint otherwise."""
    name = ALIASES.get(word, word)
    if exists(name, players, merchant):
        return name
    if name in ("merchant", "jewelcard"):
        raise Refused(f"this game is played without the merchant: there is no {name}",
                      "the merchant and the jewel slot come only with the GM option merchant")
    if name in ANIMAL_WORDS:
        raise Refused(f"nothing is rolled or bought on the {ANIMAL_WORDS[name]}: only PLACE and USE name "
                      "a wild animal", f"PLACE 1 {ANIMAL_WORDS[name]}")
    stacks = f"building1 to building{players}"
    if name in LOCATIONS:
        raise Refused(f"a game of {players} has {players} building stacks, not {name}", stacks)
    if name in (g.value for g in GOODS):
        place = SOURCE[Good(name)]
        raise Refused(f"no location {shown(word)}: {name} is gathered at {place}", f"did you mean {place}?")
    if _SLOT.fullmatch(name):
        raise Refused(f"{shown(word)} needs its number",
                      "card1 (1 resource) to card4 (4)" if name.startswith("card") else stacks)
    names = [n for n in NAMES if exists(n, players, merchant)]
    near = closest(name, names + list(ALIASES))
    raise Refused(f"no location {shown(word)}", f"did you mean {ALIASES.get(near, near)}?" if near
                  else "the locations are " + ", ".join(names))


def good(word: str, food: str) -> Good:
    """A resource (wood, clay, stone, gold); ``food`` is the reason food is refused here."""
    if word == "food":
        raise Refused(food)
    for g in RESOURCES:
        if word in (g.value, g.value + "s"):
            return g
    raise Refused(f"no resource {shown(word)}", hint(word, [g.value for g in RESOURCES])
                  or "the resources are wood, clay, stone and gold")
