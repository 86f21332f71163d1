"""Stone Age's words as messages (engine.messages): the goods, people, places, rewards and
cards its events name, for the mail layer to write in the reader's language. Each one's
``str()`` is the English the engine has always written.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Any, Iterable

from engine.contract import message_event
from engine.messages import Join, Msg, Notation, OrderLine, Plural, Word
from engine.stoneage.buildings import ANY_TILE, JewelHut, NewHut
from engine.stoneage.cards import CARDS
from engine.stoneage.goods import GOODS, RESOURCES, Good


# An event whose text is the message's English (the message is kept for the mail layer):
# said(phase, message, to=None, by=None).
said = message_event


def good(name: Any) -> Msg:
    """A good's (or trade kind's) name alone: "wood", "food"."""
    name = getattr(name, "value", name)
    return GOOD_WORDS.get(name) or Msg(str(name))


# (not clay: "clay" is the clay pit's word; no event names clay alone)
GOOD_WORDS = {"food": Msg("food"), "wood": Msg("wood"), "stone": Msg("stone"), "gold": Msg("gold")}


def counted(template: Plural, n: int) -> Plural:
    """A counted message of a table (made there with a count of 1) for ``n``."""
    return type(template)(template.id, template.plural, n, n=n)


# Counted messages made once and shared, as PLACES are (messages are never changed once made):
# the same few counts come up event after event. Only for counts that are ints (True is not 1).
_SHARED: dict[tuple[str, int], Msg] = {}
_SHARED_MOST = 4096


def _shared(kind: str, n: int, make: Any, table: dict[tuple[str, int], Msg] = _SHARED) -> Msg:
    if type(n) is not int:
        return make(n)
    found = table.get((kind, n))
    if found is None:
        if len(table) >= _SHARED_MOST:
            table.clear()
        found = table[(kind, n)] = make(n)
    return found


_QUOTED: dict[str, OrderLine] = {}


def quoted(line: str) -> OrderLine:
    """A line of Stone Age's orders inside a message, shared as the counted messages are (a kept
    plan quotes the same lines event after event)."""
    found = _QUOTED.get(line)
    if found is None:
        if len(_QUOTED) >= _SHARED_MOST:
            _QUOTED.clear()
        found = _QUOTED[line] = OrderLine("stoneage", line)
    return found


def quoted_lines(lines: list[str]) -> list[OrderLine]:
    """``[quoted(line) for line in lines]``, the shared ones found without the call."""
    found = list(map(_QUOTED.get, lines))
    return found if None not in found else [quote or quoted(line) for quote, line in zip(found, lines)]


# A count of a good, its English never counted (``2 wood``).
AMOUNTS = {"food": Word("{n} food", "{n} food", 1), "wood": Word("{n} wood", "{n} wood", 1),
           "clay": Word("{n} clay", "{n} clay", 1), "stone": Word("{n} stone", "{n} stone", 1),
           "gold": Word("{n} gold", "{n} gold", 1)}


# The amounts made so far, by the good's plain name and the count (shared as the counted messages are).
_AMOUNTS_MADE: dict[tuple[str, int], Msg] = {}
# A good's plain name (its value), without reading the enum's value each time; a plain name is itself.
_PLAIN: dict[str, str] = {g.value: g.value for g in GOODS}


def amount(n: int, name: Any) -> Msg:
    """``2 wood``: a count of a good, the English never counted (``2 jewels`` is)."""
    if type(n) is int:
        found = _AMOUNTS_MADE.get((name, n))      # a Good finds its name's: equal, and hashed alike
        if found is not None:
            return found
    name = _PLAIN.get(name, name) if type(name) is str or type(name) is Good else getattr(name, "value", name)
    template = AMOUNTS.get(name)
    if template is not None:
        return _shared(name, n, lambda k: counted(template, k), _AMOUNTS_MADE)
    if name == "jewel":
        return jewels(n)
    if name == "points":
        return points(n)
    return Msg("{n} {kind}", n=n, kind=str(name))


def uncounted(n: int, name: str) -> Msg:
    """``2 jewel``: a count whose English never takes the plural (the merchant's reasons)."""
    if name == "jewel":
        return Word("{n} jewel", "{n} jewels", n, n=n)
    return amount(n, name)


def goods(pairs: Iterable[tuple[Any, int]], sep: str | Msg = " ") -> Join:
    """``2 wood 1 clay``: goods and their counts."""
    return Join(sep, [amount(n, g) for g, n in pairs])


def jewels(n: int) -> Msg:
    return Plural("{n} jewel", "{n} jewels", n, n=n)


def points(n: int) -> Msg:
    return Plural("{n} point", "{n} points", n, n=n)


def people(n: int) -> Msg:
    """``1 person``, ``3 people``."""
    return _shared("people", n, _people)


def _people(n: int) -> Msg:
    return Plural("{n} person", "{n} people", n, n=n)


AND = Msg(" and ")
SEMICOLON = Msg("; ")
AND_THE = Msg(" and the ")

PLACES = {"hunt": Msg("hunt"), "forest": Msg("forest"), "clay": Msg("clay"),
          "quarry": Msg("quarry"), "river": Msg("river"), "toolmaker": Msg("toolmaker"),
          "hut": Msg("hut"), "field": Msg("field"), "merchant": Msg("merchant"),
          "wolf": Word("wolf", "wolves", 1), "boar": Msg("boar"), "bear": Word("bear", "bears", 1),
          "tiger": Word("tiger", "tigers", 1)}


def place(name: str) -> Any:
    """A location as the events name it: the named places in the reader's words, card slots
    and stacks (``card2``, ``building1``) as the reader's orders write them (each made once and
    shared, as the quoted lines are)."""
    found = PLACES.get(name) or _NOTATIONS.get(name)
    if found is None:
        if len(_NOTATIONS) >= _SHARED_MOST:
            _NOTATIONS.clear()
        found = _NOTATIONS[name] = Notation("stoneage", name)
    return found


_NOTATIONS: dict[str, Notation] = {}


ANIMAL_TITLES = {"wolf": Word("wolf", "wolves", 1), "wild boar": Msg("wild boar"), "cave bear": Msg("cave bear"),
                 "sabre-toothed tiger": Msg("sabre-toothed tiger")}


def animal_title(title: str) -> Any:
    return ANIMAL_TITLES.get(title, title)


NOTHING_TOOLS = Msg("nothing (tools are at 4 4 4)")
NOTHING_FIELD = Msg("nothing (agriculture is at 10)")
TOOL_STEP = Msg("a tool step")
FIELD_UP = Msg("agriculture +1")


def reward(kind: str, n: int = 1) -> Msg:
    """An animal's die reward, or one of the dice for everyone."""
    if kind == "tool":
        return TOOL_STEP
    if kind == "field":
        return FIELD_UP
    return amount(n, kind)


@lru_cache(maxsize=256)
def immediate(effect: str, n: int = 0, good_name: str = "") -> Msg:
    """The top half of a card (engine/stoneage/cards.py's _TOP_TEXT), made once each (messages
    never change once made)."""
    texts = {
        "food": lambda: amount(n, "food"),
        "resource": lambda: amount(n, good_name),
        "roll": lambda: ROLLS[good_name],
        "dice_all": lambda: Msg("a die for everyone"),
        "points": lambda: Msg("{n} points", n=n),
        "tool": lambda: Msg("a tool"),
        "agriculture": lambda: Msg("agriculture +1"),
        "card": lambda: Msg("the top card of the deck, for its bottom"),
        "one_use": lambda: Msg("a one-use tool of {n}", n=n),
        "any2": lambda: Msg("any 2 resources"),
        "jewels": lambda: Msg("{n} jewels", n=n),
        "merchant": lambda: Msg("merchant level +{n}", n=n),
    }
    return texts[effect]()


ROLLS = {"food": Msg("roll 2 dice for food"), "wood": Msg("roll 2 dice for wood"),
         "clay": Msg("roll 2 dice for clay"), "stone": Msg("roll 2 dice for stone"),
         "gold": Msg("roll 2 dice for gold")}

CULTURES = {"medicine": Msg("medicine"), "art": Msg("art"), "writing": Msg("writing"),
            "pottery": Msg("pottery"), "sundial": Msg("sundial"), "transport": Msg("transport"),
            "music": Msg("music"), "weaving": Msg("weaving")}


FIGURES = {"farmer": Plural("{n} farmer", "{n} farmers", 1),
           "tool_maker": Plural("{n} tool maker", "{n} tool makers", 1),
           "hut_builder": Plural("{n} hut builder", "{n} hut builders", 1),
           "shaman": Plural("{n} shaman", "{n} shamans", 1), "trader": Plural("{n} trader", "{n} traders", 1)}


def figures(kind: str, n: int) -> Msg:
    """A sand card's bottom: ``2 farmers`` (English as cards.py writes it)."""
    return counted(FIGURES.get(kind, FIGURES["trader"]), n)


@lru_cache(maxsize=256)
def card(card_id: str, bought: bool = False) -> Msg:
    """A civilization card as str(CARDS[id]) writes it, ``C03 (music): 3 food``; ``bought``:
    as a purchase shows it, ``C03 (music; 3 food)`` (made once each, as ``immediate``)."""
    c = CARDS[card_id]
    bottom: Any
    if c.culture is not None:
        bottom = CULTURES.get(c.culture.value, c.culture.value)
    else:
        assert c.multiplier is not None
        bottom = figures(c.multiplier.value, c.figures)
    top = top_of(c.top)
    if bought:
        return Msg("{id} ({bottom}; {top})", id=c.id, bottom=bottom, top=top)
    return Msg("{id} ({bottom}): {top}", id=c.id, bottom=bottom, top=top)


def top_of(top: Any) -> Msg:
    return immediate(top.effect.value, top.amount, top.good.value if top.good else "")


def faces(values: Iterable[int]) -> str:
    return " ".join(map(str, values))


SCORE_PARTS = {"green": Msg("green {n}"), "farmers": Msg("farmers {n}"),
               "tool_makers": Msg("tool makers {n}"), "hut_builders": Msg("hut builders {n}"),
               "shamans": Msg("shamans {n}"), "resources": Msg("resources {n}"),
               "traders": Msg("traders {n}")}


def score_part(key: str, n: int) -> Msg:
    return Msg(SCORE_PARTS[key].id, n=n)


def herd_tile(tile: Any) -> Msg:
    """A mammoth tile as str(tile) writes it: ``M01: tamer 2 wood, all 1 wood``."""
    return Msg("{id}: tamer {one}, all {all}", id=tile.id, one=top_of(tile.one), all=top_of(tile.all))


def _cost(cost: Any) -> Join:
    count = Counter(cost)
    return goods(((g, count[g]) for g in RESOURCES if count.get(g)))


def _span(least: int, most: int) -> Any:
    return str(least) if least == most else Msg("{least} to {most}", least=least, most=most)


def building(tile_id: str) -> Msg:
    """A building tile as str(ANY_TILE[id]) writes it: ``B01: 2 wood 1 clay, 10 points``."""
    tile = ANY_TILE[tile_id]
    if isinstance(tile, NewHut):
        if tile.each_round is not None:
            bonus: Msg = Msg("{good} at every round's end", good=amount(1, tile.bonus))
        else:
            bonus = {"person": Msg("a new person, once"), "tool": Msg("a tool step, once"),
                     "field": Msg("agriculture +1, once")}[tile.bonus]
        return Msg("{id}: {cost}, {points} points and {bonus}", id=tile.id, cost=_cost(tile.cost),
                   points=tile.score, bonus=bonus)
    if tile.fixed:
        base = Msg("{id}: {cost}, {points} points", id=tile.id, cost=_cost(tile.cost),
                   points=tile.points(Counter(tile.cost)))
    elif tile.kinds:
        base = Plural("{id}: {span} resources of exactly {kinds} kind, scoring what is paid",
                      "{id}: {span} resources of exactly {kinds} kinds, scoring what is paid", tile.kinds,
                      id=tile.id, span=_span(tile.least, tile.most), kinds=tile.kinds)
    else:
        base = Msg("{id}: {span} resources of any kinds, scoring what is paid", id=tile.id,
                   span=_span(tile.least, tile.most))
    if isinstance(tile, JewelHut):
        return Msg("{tile} and {jewels}", tile=base, jewels=jewels(tile.jewels))
    return base


def building_problem(tile_id: str, paid: Any) -> Msg | str:
    """Building.problem's reason as a message ('' when the payment buys the tile)."""
    tile = ANY_TILE[tile_id]
    why = tile.problem(paid)
    if not why:
        return ""
    paid = {g: n for g, n in paid.items() if n}
    if any(g not in RESOURCES or n < 0 for g, n in paid.items()):
        message: Msg = Msg("only wood, clay, stone and gold pay for a building")
    elif tile.fixed:
        message = Msg("{id} costs {cost}", id=tile.id, cost=_cost(tile.cost))
    elif not tile.least <= sum(paid.values()) <= tile.most:
        message = Msg("{id} takes {span} resources, not {n}", id=tile.id, span=_span(tile.least, tile.most),
                      n=sum(paid.values()))
    else:
        message = Plural("{id} takes exactly {kinds} kind, not {n}", "{id} takes exactly {kinds} kinds, not {n}",
                         tile.kinds, id=tile.id, kinds=tile.kinds, n=len(paid))
    return message if str(message) == why else why
