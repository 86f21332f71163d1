"""The words of an order line: numbers, locations, goods; each refused with a reason and a hint."""
from __future__ import annotations

import difflib
import re
from typing import Any, Callable

from engine.common import Refused
from engine.messages import Msg, OrderLine
from engine.stoneage.animaldata import WORDS as ANIMAL_WORDS
from engine.stoneage.goods import GOODS, RESOURCES, Good
from engine.stoneage.locations import LOCATIONS, NAMES, SOURCE, exists

# Other words players use for a location; the normal form always prints ours.
ALIASES = {"hunting": "hunt", "tool": "toolmaker", "tools": "toolmaker", "tool-maker": "toolmaker",
           "farm": "field"}
_SLOT = re.compile(r"(card|building)s?")
_SLOT_WORDS = frozenset({"card", "cards", "building", "buildings"})     # what _SLOT matches whole
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


def did_you_mean(near: str) -> Msg | str:
    return Msg("did you mean {word}?", word=near) if near else ""


def hint(word: str, choices: tuple[str, ...] | list[str]) -> Msg | str:
    return did_you_mean(closest(word, choices))


def joined(words: list[str]) -> list[str]:
    """``card 2`` and ``building 3`` as the single words ``card2`` and ``building3``."""
    out: list[str] = []
    for word in words:
        if word in ("1", "2", "3", "4", "5") and out and out[-1] in _SLOT_WORDS:
            out[-1] = out[-1].rstrip("s") + word
        else:
            out.append(word)
    return out


def number(word: str, what: str, example: str) -> int:
    # 1 to 4 ASCII digits only: int() takes other digits, and huge ones raise
    if not (len(word) <= 4 and word.isascii() and word.isdigit()):
        raise Refused(NOT_A_NUMBER[what](shown(word)),
                      Msg("write it like {example}", example=OrderLine("stoneage", example)))
    return int(word)


def location(word: str, players: int, merchant: bool = False) -> str:
    """The location ``word`` names in a game of ``players`` (with option merchant or not); Refused
    with a hint otherwise."""
    name = ALIASES.get(word, word)
    if exists(name, players, merchant):
        return name
    if name in ("merchant", "jewelcard"):
        raise Refused(Msg("this game is played without the merchant: there is no {place}", place=name),
                      Msg("the merchant and the jewel slot come only with the GM option merchant"))
    if name in ANIMAL_WORDS:
        raise Refused(Msg("nothing is rolled or bought on the {animal}: only PLACE and USE name a wild animal",
                          animal=ANIMAL_WORDS[name]), f"PLACE 1 {ANIMAL_WORDS[name]}")
    stacks = Msg("building1 to building{players}", players=players)
    if name in LOCATIONS:
        raise Refused(Msg("a game of {players} has {players} building stacks, not {place}", players=players,
                          place=name), stacks)
    if name in (g.value for g in GOODS):
        place = SOURCE[Good(name)]
        raise Refused(Msg("no location {word}: {good} is gathered at {place}", word=shown(word), good=name,
                          place=place), did_you_mean(place))
    if _SLOT.fullmatch(name):
        raise Refused(Msg("{word} needs its number", word=shown(word)),
                      Msg("card1 (1 resource) to card4 (4)") if name.startswith("card") else stacks)
    names = [n for n in NAMES if exists(n, players, merchant)]
    near = closest(name, names + list(ALIASES))
    raise Refused(Msg("no location {word}", word=shown(word)), did_you_mean(ALIASES.get(near, near)) if near
                  else Msg("the locations are {words}", words=", ".join(names)))


def counted(args: list[str], kind_of: Callable[[str], Any], example: str, what: str, zero: Msg,
            needs: Msg) -> list[tuple[Any, int]]:
    """``2 wood 1 clay`` or ``wood wood clay``: (kind, count) pairs as written, each word read by
    ``kind_of``; ``what`` the numbers count, ``zero`` why 0 is refused, ``needs`` why a number
    without its kind is."""
    pairs: list[tuple[Any, int]] = []
    count = None
    for word in args:
        if word[:1].isdigit():
            if count is not None:
                raise Refused(needs, example)
            count = number(word, what, example)
            if count == 0:
                raise Refused(zero, example)
            continue
        pairs.append((kind_of(word), 1 if count is None else count))
        count = None
    if count is not None or not pairs:
        raise Refused(needs, example)
    return pairs


_RESOURCE_WORDS = {word: g for g in RESOURCES for word in (g.value, g.value + "s")}


def good(word: str, food: Msg | str) -> Good:
    """A resource (wood, clay, stone, gold); ``food`` is the reason food is refused here."""
    if word == "food":
        raise Refused(food)
    found = _RESOURCE_WORDS.get(word)
    if found is not None:
        return found
    raise Refused(Msg("no resource {word}", word=shown(word)), hint(word, [g.value for g in RESOURCES])
                  or Msg("the resources are wood, clay, stone and gold"))


# "'x' is not a number of ...": one whole sentence for each thing counted.
NOT_A_NUMBER = {
    "people": lambda word: Msg("{word} is not a number of people", word=word),
    "pips on a tool": lambda word: Msg("{word} is not a number of pips on a tool", word=word),
    "goods": lambda word: Msg("{word} is not a number of goods", word=word),
    "jewels": lambda word: Msg("{word} is not a number of jewels", word=word),
    "resources": lambda word: Msg("{word} is not a number of resources", word=word),
}
