"""Reading a player's order text: typed orders plus a problem for every refused line.

The parser never raises. Each line is one order; several lines (or
alternatives joined by OR on one line) are tried in order when the move
comes, and the first that can be played is played. A line is refused when
it can never be played: an unknown word, row positions that are not next
to each other, a hex off the map, a path whose hexes do not touch or come
back, a path that does not start on one of the seat's camps, a destination
already taken, PAY cards not in the hand or not fitting the path, a STORY or
TUCK the camp's bonus does not give. For the seat to move, the sheet is also
refused when none of its lines can be played now (legal.py says why).
"""
from __future__ import annotations

import difflib
import re
from collections import Counter
from dataclasses import replace
from functools import lru_cache

from engine import sheetlines
from engine.common import Refused
from engine.localwords import nearest
from engine.contract import OrderSheet, Problem
from engine.dewan import legal, localwords, payment
from engine.dewan.cards import CardError, normal
from engine.dewan.turn import ordinal
from engine.dewan.orders import Camp, Next, Order, Pick, Take, blocks, is_move
from engine.dewan.state import DRAFT, PLAY, ROW_SIZE, STORY_ROW_SIZE, State
from engine.messages import Join, Msg, example
from engine import hexgrid

KEYWORDS = ("TAKE", "CAMP", "STORY", "NEXT")
_NUMBER = re.compile(r"[0-9]{1,2}")
_JOINED = re.compile(r"[-–>]+")         # between the hexes of a path
_LONGEST = 60            # characters of a player's word quoted back


def shown(word: str) -> str:
    return repr(word if len(word) <= _LONGEST else word[:_LONGEST - 3] + "...")


def closest(word: str, choices: list[str]) -> str:
    found = difflib.get_close_matches(word.upper(), choices, n=1, cutoff=0.5)
    return found[0] if found else ""


def _did_you_mean(hint: str) -> Msg | str:
    return Msg("did you mean {word}?", word=hint) if hint else ""


def _hand(hand: list[str]) -> Msg:
    return Msg("your hand: {cards}", cards=" ".join(hand) or Msg("no cards"))


def _card(word: str) -> str:
    try:
        return normal(word)
    except CardError:
        raise Refused(Msg("{word} is not a terrain card", word=shown(word)),
                      Msg("a card is one or two of F, M, D, P, W, like F, FM or F/fire")) from None


def _position(word: str, size: int, story: bool, example: Msg | str) -> int:
    """A row position (a story row position with ``story``) from 1 to ``size``."""
    if not _NUMBER.fullmatch(word) or not 1 <= int(word) <= size:
        raise Refused(Msg("{word} is not a story row position (1 to {size})", word=shown(word), size=size) if story
                      else Msg("{word} is not a row position (1 to {size})", word=shown(word), size=size), example)
    return int(word)


class Reader:
    """Reads one seat's lines; with a state, checks them against that position."""

    def __init__(self, st: State | None, seat: str) -> None:
        self.st = st
        self.seat = seat
        self.later = False      # reading a block after NEXT: the position checks wait for its move

    def read(self, words: list[str], line: int) -> Order:
        keyword = words[0].upper()
        if keyword not in KEYWORDS:
            hint = nearest(keyword, KEYWORDS, localwords.KEYWORDS)
            raise Refused(Msg("unknown order {word}", word=shown(words[0])),
                          _did_you_mean(hint) or Msg("the orders are TAKE, CAMP and STORY"))
        if keyword == "NEXT":
            raise Refused(Msg("NEXT opens a line: what follows it is for your move after this one"),
                          "TAKE 1 2 / NEXT TAKE 3 4")
        return {"TAKE": self.take, "CAMP": self.camp, "STORY": self.pick}[keyword](words[1:], line)

    # -- TAKE --------------------------------------------------------------
    def take(self, args: list[str], line: int) -> Take:
        example = Msg("TAKE 2 3, or TAKE 2 3 IF F M")
        guard: list[str] = []
        if any(a.upper() == "IF" for a in args):
            at = [a.upper() for a in args].index("IF")
            args, guard = args[:at], args[at + 1:]
            if len(guard) != 2:
                raise Refused(Msg("IF names the two cards the positions must still show"), example)
        args = [p for a in args for p in a.split("-") if p]
        if len(args) != 2:
            raise Refused(Msg("TAKE names two row positions next to each other"), example)
        first, second = (_position(a, ROW_SIZE, False, example) for a in args)
        cards = tuple(_card(c) for c in guard) if guard else None
        if first == second:
            raise Refused(Msg("row position {at} is named twice", at=first), _pairs_near(first))
        if first > second:
            first, second = second, first
            cards = (cards[1], cards[0]) if cards else None
        if second - first != 1:
            apart = (Msg("row positions {first} and {second} are not next to each other (the row does not "
                         "wrap around)", first=first, second=second) if (first, second) == (1, ROW_SIZE)
                     else Msg("row positions {first} and {second} are not next to each other", first=first,
                              second=second))
            raise Refused(apart, _pairs_near(first, second))
        return Take(first, second, cards, line)  # type: ignore[arg-type]

    # -- CAMP --------------------------------------------------------------
    def camp(self, args: list[str], line: int) -> Camp:
        if not args:
            raise Refused(Msg("CAMP needs a path from one of your camps to the destination"), self.camp_example())
        path = self.path(args[0])
        pay: list[str] = []
        story, tile, tuck, seen = 0, "", "", set()
        i = 1
        while i < len(args):
            word = args[i].upper()
            if word not in ("PAY", "STORY", "TUCK"):
                raise Refused(Msg("{word} after the path: PAY, STORY or TUCK come there", word=shown(args[i])),
                              "CAMP A1-B1 PAY F M STORY 1")
            if word in seen:
                raise Refused(Msg("{word} is given twice on this line", word=word))
            seen.add(word)
            rest = []
            i += 1
            while i < len(args) and args[i].upper() not in ("PAY", "STORY", "TUCK"):
                rest.append(args[i])
                i += 1
            if word == "PAY":
                if not rest:
                    raise Refused(Msg("PAY lists the cards, in path order"), "PAY F M")
                pay = [_card(c) for c in rest]
            elif word == "STORY":
                story, tile = self.story_bonus(rest)
            else:
                if len(rest) != 1:
                    raise Refused(Msg("TUCK takes one card of your hand"), "TUCK F")
                tuck = _card(rest[0])
        order = Camp(tuple(path), tuple(pay), story, tuck, line, tile)
        if self.st is not None and not self.later:
            order = self.check_camp(order)
        return order

    def story_bonus(self, rest: list[str]) -> tuple[int, str]:
        """``STORY <i>`` or ``STORY <i> IF <tile>`` at the end of a CAMP line."""
        example = Msg("STORY 1, or STORY 1 IF <tile id>")
        tile = ""
        if len(rest) == 3 and rest[1].upper() == "IF":
            tile, rest = self.tile(rest[2], example), rest[:1]
        if len(rest) != 1:
            raise Refused(Msg("STORY takes one story row position"), example)
        return _position(rest[0], STORY_ROW_SIZE, True, example), tile

    def tile(self, word: str, example: Msg) -> str:
        """A story tile's id as the game writes it (any case)."""
        if self.st is None:
            return word
        tile = next((t for t in self.st.tiles if t.lower() == word.lower()), "")
        if not tile:
            raise Refused(Msg("no story tile {word}", word=shown(word)), example)
        return tile

    def path(self, word: str) -> list[str]:
        parts = [p for p in _JOINED.split(word) if p]
        if len(parts) < 2:
            raise Refused(Msg("a path names your camp and the destination at least, joined by -"),
                          self.camp_example())
        path = [self.hex(p) for p in parts]
        for i, (a, b) in enumerate(zip(path, path[1:])):
            if b in path[:i + 1]:
                raise Refused(Msg("the path comes back to {hex}; a path crosses each hex once", hex=b))
            if hexgrid.direction_between(a, b) is None:
                raise Refused(Msg("{a} and {b} are not neighbours", a=a, b=b), self.neighbours(a))
        return path

    def hex(self, word: str) -> str:
        name = hexgrid.normalise(word)
        if self.st is None:
            if name is None:
                raise Refused(Msg("{word} is not a hex name", word=shown(word)))
            return name
        if name is None or name not in self.st.board.hexes:
            names = self.st.board.names
            hint = closest(word, names)
            raise Refused(Msg("no hex {word} on the map", word=shown(word.upper())),
                          _did_you_mean(hint) or Msg("the hexes are {first} to {last}", first=names[0], last=names[-1]))
        return name

    def neighbours(self, name: str) -> Msg | str:
        if self.st is None:
            return ""
        return Msg("the neighbours of {hex} are {hexes}", hex=name, hexes=", ".join(self.st.board.adjacent(name)))

    def camp_example(self) -> Msg | str:
        st = self.st
        if st is None or not st.camps.get(self.seat):
            return "CAMP A1-B1"
        for c in st.camps[self.seat]:
            for n in st.board.adjacent(c):
                if legal.campable(st, n):
                    example = f"CAMP {c}-{n}"
                    return Msg("e.g. {order}", order=example)
        return Msg("CAMP {hex}-<hex>-<destination>", hex=st.camps[self.seat][0])

    def check_camp(self, order: Camp) -> Camp:
        """The checks against the position shown: the seat's camps and tribe board, the
        destination free, the PAY and TUCK cards in the hand, the camp's bonus. All but the
        destination hold till its next move (a hand only shrinks on its own turn); legal.py
        checks them all again when the order is played. The order, its PAY in path order."""
        st, seat = self.st, self.seat
        assert st is not None
        camps = st.camps[seat]
        if st.left[seat] <= 0:
            raise Refused(Msg("you have no camps left on your tribe board; TAKE cards instead"), "TAKE 1 2")
        if order.path[0] not in camps:
            raise Refused(Msg("the path starts on {hex}, where you have no camp", hex=order.path[0]),
                          Msg("your camps are on {hexes}", hexes=", ".join(camps)) if camps else Msg("you have no camps"))
        why = legal.dest_problem(st, seat, order.destination)
        if why:
            raise Refused(why, legal.beyond(st, seat, order.path) or self.camp_example())
        hand = st.hands[seat]
        if order.pay:
            pay, why = payment.arranged(payment.slots(st, seat, order.path), order.pay, hand)
            if pay is None:
                raise Refused(why, _hand(hand))
            order = replace(order, pay=tuple(pay))
        kind = legal.bonus(st.placed(seat) + 1)
        nth = ordinal(st.placed(seat) + 1)
        if order.story and kind != "story":
            raise Refused(Msg("your {nth} camp from the board gives no story tile but a tuck: TUCK <card>", nth=nth)
                          if kind == "tuck" else Msg("your {nth} camp from the board gives no story tile", nth=nth))
        if order.tuck:
            if kind != "tuck":
                raise Refused(Msg("your {nth} camp from the board gives no tuck but a story tile: STORY 1 to 5",
                                  nth=nth) if kind == "story"
                              else Msg("your {nth} camp from the board gives no tuck", nth=nth))
            if Counter(hand)[order.tuck] <= Counter(order.pay)[order.tuck]:
                raise Refused(Msg("you hold no {card} to tuck", card=order.tuck), _hand(hand))
        return order

    # -- STORY (the draft) -------------------------------------------------
    def pick(self, args: list[str], line: int) -> Pick:
        example = Msg("STORY 2, or STORY 2 IF <tile id>")
        if self.st is not None and self.st.stage != DRAFT:
            raise Refused(Msg("STORY alone is the setup draft, which is over; a camp's story bonus is "
                              "written at the end of its CAMP line"), "CAMP A1-B1 STORY 2")
        if self.st is not None and self.st.players.index(self.seat) > self.st.players.index(self.st.to_move):
            raise Refused(Msg("you have taken your story tile of the draft already"))
        tile = ""
        if len(args) == 3 and args[1].upper() == "IF":
            tile, args = self.tile(args[2], example), args[:1]
        if len(args) != 1:
            raise Refused(Msg("STORY takes one story row position"), example)
        return Pick(_position(args[0], STORY_ROW_SIZE, True, example), tile, line)


def _pairs_near(first: int, second: int | None = None) -> Msg:
    """The pairs next to each other nearest to what was written."""
    if second is None:
        near = [(first - 1, first), (first, first + 1)]
    else:
        near = [(first, first + 1), (second - 1, second)]
    shown = [f"TAKE {a} {b}" for a, b in dict.fromkeys(near) if 1 <= a and b <= ROW_SIZE]
    either = Join(Msg(" or "), shown)
    return Msg("did you mean {word}?", word=either)


def alternatives(body: str) -> list[list[str]]:
    """The orders of one line: its words, split at each OR. Every line is an alternative of
    the line before already, so an OR that opens the line (or ends it) joins nothing more."""
    out: list[list[str]] = [[]]
    for word in localwords.canonical(body.replace(",", " ").split()):
        if word.upper() == "OR":
            out.append([])
        else:
            out[-1].append(word)
    if len(out) > 1 and not out[0]:
        out.pop(0)
    if len(out) > 1 and not out[-1]:
        out.pop()
    return out


@lru_cache(maxsize=256)
def read_normal(text: str, seat: str = "") -> Order:
    """A stored order line (normal form, no position checks); the orders are values, so a
    line kept from move to move is read once."""
    if text == "NEXT":
        return Next()
    return Reader(None, seat).read(text.split(), 0)


def parse(st: State, seat: str, text: str) -> OrderSheet:
    """The orders of ``text`` for ``seat`` and every refused line; never raises."""
    if seat not in st.players:
        return OrderSheet(seat, (), (Problem.of(0, Msg("there is no seat {seat} in this game", seat=seat)),))
    if st.stage not in (DRAFT, PLAY):
        return OrderSheet(seat, (), (Problem.of(0, Msg("the game is over")),))
    reader = Reader(st, seat)
    orders: list[Order] = []
    lines, problems = sheetlines.numbered(text)
    read = [(number, alternatives(body)) for number, body in lines]
    too_many = _too_many(read)
    if too_many:
        return OrderSheet(seat, (), (too_many,))
    for number, choices in read:
        why = sheetlines.too_many_choices(len(choices))
        if why:
            problems.append(Problem.of(number, why))
            continue
        if choices[0] and choices[0][0].upper() == "NEXT":
            _next(reader, number, orders, problems)
            choices[0] = choices[0][1:]
            if len(choices) == 1 and not choices[0]:
                continue
        for words in choices:
            _read_one(reader, words, number, orders, problems)
    if not problems and st.to_move == seat:
        problems.extend(check_now(st, seat, orders))
    return OrderSheet(seat, tuple(orders), tuple(problems))


def _next(reader: Reader, number: int, orders: list[Order], problems: list[Problem]) -> None:
    """A NEXT line: the orders below it are for the seat's move after the one above. The seat
    to move writes its move first; a seat that is not sends its next move above the first NEXT
    (or below it: a block with no orders is left out)."""
    st = reader.st
    assert st is not None
    if st.to_move == reader.seat and not problems and all(isinstance(o, Next) for o in orders):
        problems.append(Problem.of(number, Msg("it is your move now: write it above NEXT, and below NEXT "
                                               "your orders for your move after it"), "TAKE 1 2 / NEXT / TAKE 3 4"))
    reader.later = True
    orders.append(Next(number))


def _too_many(read: list[tuple[int, list[list[str]]]]) -> Problem | None:
    """A sheet of more than MAX_LINES orders, counting each alternative of a line, is refused
    whole (each is tried when the move comes, and kept until then): the problem on the line
    where the count goes over, or None."""
    total = 0
    for number, choices in read:
        total += len(choices)
        if total > sheetlines.MAX_LINES:
            return Problem.of(number, Msg("a sheet holds at most {most} orders, counting each alternative "
                                          "joined by OR; this one has {n}", most=sheetlines.MAX_LINES,
                                          n=sum(len(c) for _, c in read)))
    return None


def _read_one(reader: Reader, words: list[str], number: int, orders: list[Order], problems: list[Problem]) -> None:
    """One alternative of line ``number``: its order, or its problem."""
    if not words:
        problems.append(Problem.of(number, Msg("OR needs an order on each side"),
                                   example("dewan", "TAKE 2 3 OR TAKE 4 5")))
        return
    try:
        orders.append(reader.read(words, number))
    except Refused as why:
        problems.append(Problem.of(number, why.message, example("dewan", why.suggestion)))
    except Exception as why:           # a bug must not cost a player their sheet
        problems.append(Problem.of(number, Msg("this line could not be read ({error})",
                                                 error=type(why).__name__)))


def check_now(st: State, seat: str, orders: list[Order]) -> list[Problem]:
    """For the seat to move: a problem per line (above the first NEXT) when none of them can
    be played now."""
    orders = blocks(orders)[0]
    wanted = [o for o in orders if is_move(o) == (st.stage == PLAY) and not isinstance(o, Next)]
    if not orders:
        return []
    if not wanted:
        ask = (Msg("no line answers your move: TAKE or CAMP") if st.stage == PLAY
               else Msg("no line answers your story pick: STORY 1 to 5"))
        return [Problem.of(orders[0].line, ask)]
    reasons = [(o, legal.why_not(st, seat, o)) for o in wanted]
    if any(not why for _, why in reasons):
        return []
    return [Problem.of(o.line, Msg("{order} cannot be played now: {why}", order=str(o), why=why)) for o, why in reasons]
