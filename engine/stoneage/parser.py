"""Reading a player's order text: typed orders plus a problem for every refused line.

The parser never raises. It refuses only what can never work when the
orders arrive: an unknown word, 0 people, more people than the seat owns,
the hut with other than 2, a location that holds fewer, food as payment, a
payment that is not what a card slot costs, the herd in a game without it,
an igloo, an extra, a wild animal or the merchant in a game without that
variant, more people on an animal than there are players, a trade that
takes other than it gives or more than 2, or an order a sheet may give once
given twice. Whether a placement is legal is decided when it
is played, so a plan may be written ahead.
"""
from __future__ import annotations

from typing import Any

from engine import sheetlines
from engine.contract import OrderSheet, Problem
from engine.messages import Msg, example
from engine.stoneage import localwords, words as w
from engine.stoneage.animaldata import BY_NAME as ANIMALS, WORDS as ANIMAL_WORDS
from engine.stoneage.buyparser import BuyReader
from engine.stoneage.goods import Good
from engine.stoneage.locations import CARD_SLOTS, GATHERING, LOCATIONS
from engine.stoneage.orders import (
    HERD_BONUSES, REWARDS, TOOL_MODES, Feed, HerdBonus, Hunt, Pick, Place, Spot, Take, Tame, Tools, ToolsOn, Use,
    keys_of, merged)
from engine.stoneage.orders import spot as shared_spot
from engine.stoneage.state import State
from engine.common import Refused

KEYWORDS = ("PLACE", "USE", "TOOLS", "BUY", "TAKE", "PICK", "FEED", "HERD", "HUNT")
_REWARD_ALIASES = {"agriculture": "field", "tools": "tool", "fields": "field"}
_MAX_HERD = 7          # the herd stands on a resource location, which holds at most 7


_READ: dict[tuple[str, int, tuple[int, int, bool, bool, bool, bool, bool]], Any] = {}
_READ_MOST = 20_000      # lines remembered
_READ_LONGEST = 160      # characters of a line worth remembering (a hostile mail's are not)
_UNREAD = object()


def forget() -> None:
    """Drop the lines read so far (for measuring a cold start)."""
    _READ.clear()
    shared_spot.cache_clear()


def _line(reader: _Reader, raw: str, number: int) -> Any:
    """The order of line ``number`` (without its comment), the Refused that says why not, or None
    when it has no words. A line reads the same in every game of the same shape and
    people count, so each is read once; its number is part of what is read, so that the order
    need not be copied to carry it."""
    key = (raw, number, reader.shape)
    found = _READ.get(key, _UNREAD)
    if found is _UNREAD:
        found = _read_words(reader, localwords.words_of(raw), number)
        if len(raw) <= _READ_LONGEST:
            if len(_READ) >= _READ_MOST:
                _READ.clear()
            _READ[key] = found
    return found


def _read_words(reader: _Reader, words: list[str], number: int) -> Any:
    """``_line`` for the line's words, lower case."""
    if not words:
        return None
    words = localwords.canonical(words)      # French and Spanish order words read as English
    keyword = words[0].upper()
    if keyword not in KEYWORDS:
        return Refused(Msg("unknown order {word}", word=w.shown(keyword)), w.did_you_mean(localwords.nearest_keyword(keyword, KEYWORDS))
                       or Msg("the orders are {words}", words=", ".join(KEYWORDS)))
    try:
        return reader.read(keyword, w.joined(words[1:]), number)
    except Refused as why:
        return why


class _Reader(BuyReader):
    """Reads the lines of one seat's sheet against the position it was shown."""

    def __init__(self, state: State, player: str) -> None:
        self.players = len(state.players)
        self.people = state.boards[player].people
        self.has_herd = state.herd is not None
        self.igloos = bool(state.options.get("igloos"))
        self.winter = bool(state.options.get("harsh_winter"))
        self.wild = bool(state.options.get("wild_animals"))
        self.merchant = bool(state.options.get("merchant"))
        # what a line reads as depends on (with the line and its number): the key of _READ
        self.shape = (self.players, self.people, self.has_herd, self.igloos, self.winter, self.wild, self.merchant)

    def read(self, keyword: str, args: list[str], line: int):
        """The order of one line (its keyword in KEYWORDS), or Refused."""
        return getattr(self, keyword.lower())(args, line)     # place, use, tools, buy, ...

    # -- PLACE -------------------------------------------------------------
    def place(self, args: list[str], line: int) -> Place:
        if not args:
            raise Refused(Msg("PLACE needs people and a location"), "PLACE 3 forest")
        if too_many := sheetlines.too_many_choices(args.count("or") + 1):
            raise Refused(too_many)
        choices, current = [], []
        for word in args + ["or"]:
            if word != "or":
                current.append(word)
                continue
            if not current:
                raise Refused(Msg("OR needs a choice on each side"), "PLACE 3 forest OR 2 hut")
            choices.append(self.spot(current))
            current = []
        return Place(tuple(choices), line)

    def spot(self, words: list[str]) -> Spot:
        """``3 forest``; ``field`` alone for a location that takes a fixed number."""
        if len(words) == 1 and not words[0][:1].isdigit():
            name = self.where(words[0])
            if name in ANIMALS or not LOCATIONS[name].exact:
                raise Refused(Msg("say how many people go to {place}", place=name), f"PLACE 2 {name}")
            return Spot(LOCATIONS[name].exact, name)
        if len(words) != 2:
            raise Refused(Msg("each choice is a number of people and a location"), "PLACE 3 forest OR 2 hut")
        people = w.number(words[0], "people", "PLACE 3 forest")
        name = self.where(words[1])
        return shared_spot(self.check_people(people, name), name)

    def check_people(self, people: int, name: str) -> int:
        if people == 0:
            raise Refused(Msg("0 people: a placement puts at least 1 person"), f"PLACE 1 {name}")
        if name in ANIMALS and people > self.players:
            raise Refused(Msg("the {animal} is driven off by {players} people, one per player; {n} is more",
                              animal=name, players=self.players, n=people), f"PLACE 1 {name}")
        if name in ANIMALS:
            return people
        loc = LOCATIONS[name]
        if people > self.people:
            raise Refused(Msg("you have {people} people, not {n}", people=self.people, n=people))
        if loc.exact and people != loc.exact:
            takes = (Msg("{place} takes exactly {exact} people, not {n}", place=name, exact=loc.exact, n=people)
                     if loc.exact > 1 else Msg("{place} takes 1 person, not {n}", place=name, n=people))
            raise Refused(takes, f"PLACE {loc.exact} {name}")
        if loc.spaces is not None and people > loc.spaces:
            raise Refused(Msg("{place} has {spaces} spaces, not {n}", place=name, spaces=loc.spaces, n=people),
                          f"PLACE {loc.spaces} {name}")
        return people

    # -- the policies --------------------------------------------------------
    def use(self, args: list[str], line: int) -> Use:
        if not args:
            raise Refused(Msg("USE names locations in the order to resolve them"), "USE toolmaker forest")
        return Use(self.distinct([self.where(a) for a in args]), line)

    def where(self, word: str) -> str:
        """A location of PLACE or USE: a board location, or a wild animal by name or id."""
        name = ANIMAL_WORDS.get(word)
        if name is None:
            return w.location(word, self.players, self.merchant)
        if not self.wild:
            raise Refused(Msg("this game is played without wild animals: there is no {animal}", animal=name),
                          Msg("wild animals come only with the GM option wild_animals"))
        return name

    def tools(self, args: list[str], line: int) -> Tools | ToolsOn:
        if len(args) == 1 and args[0] in TOOL_MODES:
            return Tools(args[0], line)
        if not args:
            raise Refused(Msg("TOOLS takes AUTO, NONE, or a location and the tools for its roll"), "TOOLS AUTO")
        try:
            name = w.location(args[0], self.players, self.merchant)
        except Refused:
            near = w.closest(args[0], ["AUTO", "NONE"])
            if not near:
                raise
            raise Refused(Msg("TOOLS takes AUTO, NONE, or a location, not {word}", word=w.shown(args[0])),
                          w.did_you_mean(near)) from None
        if name not in GATHERING and name not in CARD_SLOTS and name != "jewelcard":
            raise Refused(Msg("nothing is rolled at {place}; tools go on the roll of hunt, forest, clay, quarry, river, "
                              "or a card slot whose card rolls", place=name))
        if args[1:] == ["none"]:
            return ToolsOn(name, (), line)
        if len(args) == 1:
            raise Refused(Msg("name the tools for {place}, or NONE", place=name), f"TOOLS {name} 2 1")
        values = [w.number(a, "pips on a tool", f"TOOLS {name} 2 1") for a in args[1:]]
        if any(not 1 <= v <= 4 for v in values):
            raise Refused(Msg("a tool is worth 1 to 4"), f"TOOLS {name} 2 1")
        return ToolsOn(name, tuple(sorted(values, reverse=True)), line)

    def hunt(self, args: list[str], line: int) -> Hunt:
        """``HUNT JEWELS n``: up to n of the hunt's yield as jewels (option merchant)."""
        if not self.merchant:
            raise Refused(Msg("this game is played without the merchant: the hunt gives food only"))
        if len(args) != 2 or args[0] not in ("jewel", "jewels"):
            raise Refused(Msg("HUNT takes JEWELS and the most jewels to take from the hunt"), "HUNT JEWELS 2")
        return Hunt(w.number(args[1], "jewels", "HUNT JEWELS 2"), line)

    def take(self, args: list[str], line: int) -> Take:
        pay = self.goods(args, Msg("the card gives resources: wood, clay, stone or gold"), "TAKE wood gold")
        named = sum(n for _, n in pay)
        if named != 2:
            raise Refused(Msg("TAKE names two resources, not {n}", n=named), "TAKE wood gold")
        picked = [g for g, n in pay for _ in range(n)]
        return Take((picked[0], picked[1]), line)

    def pick(self, args: list[str], line: int) -> Pick:
        if not args:
            raise Refused(Msg("PICK ranks the rewards of the dice for everyone"), "PICK gold stone tool")
        if args == ["auto"]:
            return Pick((), line)
        rewards = []
        for word in args:
            word = _REWARD_ALIASES.get(word, word)
            if word not in REWARDS:
                raise Refused(Msg("no reward {word}", word=w.shown(word)), w.hint(word, REWARDS)
                              or Msg("the rewards are {words}", words=" ".join(REWARDS)))
            rewards.append(word)
        return Pick(self.distinct(rewards), line)

    def feed(self, args: list[str], line: int) -> Feed:
        if args == ["penalty"]:
            return Feed(penalty=True, line=line)
        if not args:
            raise Refused(Msg("FEED names the resources to give when food is short, or PENALTY"),
                          "FEED wood clay")
        if "penalty" in args:
            raise Refused(Msg("FEED PENALTY stands alone"))
        food = Msg("food is always eaten first; FEED names the resources that make up the rest")
        goods = [w.good(a, food) for a in args]
        return Feed(self.distinct(goods), line=line)

    def herd(self, args: list[str], line: int) -> Tame | HerdBonus:
        if not self.has_herd:
            raise Refused(Msg("this game is played without the Mammoth Herd"))
        if args[:1] == ["bonus"]:
            if len(args) != 2 or args[1] not in HERD_BONUSES:
                raise Refused(Msg("HERD BONUS takes ONE or ALL"), "HERD BONUS ONE")
            return HerdBonus(args[1], line)
        if len(args) != 1:
            raise Refused(Msg("HERD takes a number of people, or BONUS ONE or BONUS ALL"), "HERD 2")
        if args[0] in HERD_BONUSES:
            order = f"HERD BONUS {args[0].upper()}"
            raise Refused(Msg("the reward is chosen with {order}", order=order), order)
        people = w.number(args[0], "people", "HERD 2")
        if people > min(self.people, _MAX_HERD):
            raise Refused(Msg("at most {most} people can go to the herd, not {n}", most=min(self.people, _MAX_HERD),
                              n=people))
        return Tame(people, line)

    # -- pieces --------------------------------------------------------------
    @staticmethod
    def goods(args: list[str], food: Msg | str, example: str) -> tuple[tuple[Good, int], ...]:
        """``2 wood 1 clay`` or ``wood wood clay`` as merged counts."""
        return merged(w.counted(args, lambda word: w.good(word, food), example, "resources",
                                Msg("0 of a resource pays nothing"), Msg("a number needs its resource after it")))

    @staticmethod
    def distinct(items: list) -> tuple:
        for i, item in enumerate(items):
            if item in items[:i]:
                raise Refused(Msg("{word} is named twice", word=str(getattr(item, "value", item))))
        return tuple(items)


def parse(state: State, player: str, text: str) -> OrderSheet:
    """The orders of ``text`` for ``player``, and every refused line with its number; never raises."""
    if player not in state.boards:
        return OrderSheet(player, (), (Problem.of(0, Msg("there is no seat {seat} in this game", seat=player)),))
    reader = _Reader(state, player)
    orders: list = []
    given: dict[str, int] = {}
    lines, problems = sheetlines.numbered(text)
    for number, body in lines:
        order = _line(reader, body, number)
        if order is None:
            continue
        if isinstance(order, Refused):
            problems.append(Problem.of(number, order.message, example("stoneage", order.suggestion)))
            continue
        keys = keys_of(order)
        key = keys[0] if len(keys) == 1 and keys[0] in given else (
            next((k for k in keys if k in given), "") if len(keys) > 1 else "")
        if key:
            problems.append(Problem.of(number, Msg("{key} is given twice (also line {line})", key=key, line=given[key]),
                                       Msg("keep one of the two lines")))
            continue
        for key in keys:
            given[key] = number
        orders.append(order)
    return OrderSheet(player, tuple(orders), tuple(problems))
