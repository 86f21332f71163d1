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

from engine.common import Refused
from engine.localwords import nearest
from engine.contract import OrderSheet, Problem
from engine.dewan import legal, localwords, payment
from engine.dewan.board import START
from engine.dewan.cards import CardError, normal
from engine.dewan.orders import Camp, Order, Pick, Take, is_move
from engine.dewan.state import DRAFT, PLAY, ROW_SIZE, STORY_ROW_SIZE, State
from engine.valley import hexgrid

KEYWORDS = ("TAKE", "CAMP", "STORY")
_NUMBER = re.compile(r"[0-9]{1,2}")
_LONGEST = 60            # characters of a player's word quoted back


def shown(word: str) -> str:
    return repr(word if len(word) <= _LONGEST else word[:_LONGEST - 3] + "...")


def closest(word: str, choices: list[str]) -> str:
    found = difflib.get_close_matches(word.upper(), choices, n=1, cutoff=0.5)
    return found[0] if found else ""


def _card(word: str) -> str:
    try:
        return normal(word)
    except CardError:
        raise Refused(f"{shown(word)} is not a terrain card",
                      "a card is one or two of F, M, D, P, W, like F, FM or F/fire") from None


def _position(word: str, size: int, what: str, example: str) -> int:
    if not _NUMBER.fullmatch(word) or not 1 <= int(word) <= size:
        raise Refused(f"{shown(word)} is not a {what} (1 to {size})", example)
    return int(word)


class Reader:
    """Reads one seat's lines; with a state, checks them against that position."""

    def __init__(self, st: State | None, seat: str) -> None:
        self.st = st
        self.seat = seat

    def read(self, words: list[str], line: int) -> Order:
        keyword = words[0].upper()
        if keyword not in KEYWORDS:
            hint = nearest(keyword, KEYWORDS, localwords.KEYWORDS)
            raise Refused(f"unknown order {shown(words[0])}",
                          f"did you mean {hint}?" if hint else "the orders are TAKE, CAMP and STORY")
        return {"TAKE": self.take, "CAMP": self.camp, "STORY": self.pick}[keyword](words[1:], line)

    # -- TAKE --------------------------------------------------------------
    def take(self, args: list[str], line: int) -> Take:
        example = "TAKE 2 3, or TAKE 2 3 IF F M"
        guard: list[str] = []
        if any(a.upper() == "IF" for a in args):
            at = [a.upper() for a in args].index("IF")
            args, guard = args[:at], args[at + 1:]
            if len(guard) != 2:
                raise Refused("IF names the two cards the positions must still show", example)
        args = [p for a in args for p in a.split("-") if p]
        if len(args) != 2:
            raise Refused("TAKE names two row positions next to each other", example)
        first, second = (_position(a, ROW_SIZE, "row position", example) for a in args)
        cards = tuple(_card(c) for c in guard) if guard else None
        if first == second:
            raise Refused(f"row position {first} is named twice", _pairs_near(first))
        if first > second:
            first, second = second, first
            cards = (cards[1], cards[0]) if cards else None
        if second - first != 1:
            why = " (the row does not wrap around)" if (first, second) == (1, ROW_SIZE) else ""
            raise Refused(f"row positions {first} and {second} are not next to each other{why}",
                          _pairs_near(first, second))
        return Take(first, second, cards, line)  # type: ignore[arg-type]

    # -- CAMP --------------------------------------------------------------
    def camp(self, args: list[str], line: int) -> Camp:
        if not args:
            raise Refused("CAMP needs a path from one of your camps to the destination", self.camp_example())
        path = self.path(args[0])
        pay: list[str] = []
        story, tuck, seen = 0, "", set()
        i = 1
        while i < len(args):
            word = args[i].upper()
            if word not in ("PAY", "STORY", "TUCK"):
                raise Refused(f"{shown(args[i])} after the path: PAY, STORY or TUCK come there",
                              "CAMP A1-B1 PAY F M STORY 1")
            if word in seen:
                raise Refused(f"{word} is given twice on this line")
            seen.add(word)
            rest = []
            i += 1
            while i < len(args) and args[i].upper() not in ("PAY", "STORY", "TUCK"):
                rest.append(args[i])
                i += 1
            if word == "PAY":
                if not rest:
                    raise Refused("PAY lists the cards, in path order", "PAY F M")
                pay = [_card(c) for c in rest]
            elif word == "STORY":
                if len(rest) != 1:
                    raise Refused("STORY takes one story row position", "STORY 1")
                story = _position(rest[0], STORY_ROW_SIZE, "story row position", "STORY 1")
            else:
                if len(rest) != 1:
                    raise Refused("TUCK takes one card of your hand", "TUCK F")
                tuck = _card(rest[0])
        order = Camp(tuple(path), tuple(pay), story, tuck, line)
        if self.st is not None:
            self.check_camp(order)
        return order

    def path(self, word: str) -> list[str]:
        parts = [p for p in re.split(r"[-–>]+", word) if p]
        if len(parts) < 2:
            raise Refused("a path names your camp and the destination at least, joined by -",
                          self.camp_example())
        path = [self.hex(p) for p in parts]
        for i, (a, b) in enumerate(zip(path, path[1:])):
            if b in path[:i + 1]:
                raise Refused(f"the path comes back to {b}; a path crosses each hex once")
            if hexgrid.direction_between(a, b) is None:
                raise Refused(f"{a} and {b} are not neighbours", self.neighbours(a))
        return path

    def hex(self, word: str) -> str:
        name = hexgrid.normalise(word)
        if self.st is None:
            if name is None:
                raise Refused(f"{shown(word)} is not a hex name")
            return name
        names = self.st.board.names
        if name is None or name not in self.st.board.hexes:
            hint = closest(word, names)
            raise Refused(f"no hex {shown(word.upper())} on the map",
                          f"did you mean {hint}?" if hint else f"the hexes are {names[0]} to {names[-1]}")
        return name

    def neighbours(self, name: str) -> str:
        if self.st is None:
            return ""
        return f"the neighbours of {name} are " + ", ".join(self.st.board.adjacent(name))

    def camp_example(self) -> str:
        st = self.st
        if st is None or not st.camps.get(self.seat):
            return "CAMP A1-B1"
        for c in st.camps[self.seat]:
            for n in st.board.adjacent(c):
                if st.owner(n) is None and st.board.terrain(n) != START:
                    return f"e.g. CAMP {c}-{n}"
        return f"CAMP {st.camps[self.seat][0]}-<hex>-<destination>"

    def check_camp(self, order: Camp) -> None:
        """The checks against the position shown: the seat's camps and tribe board, the
        destination free, the PAY and TUCK cards in the hand, the camp's bonus. All but the
        destination hold till its next move (a hand only shrinks on its own turn); legal.py
        checks them all again when the order is played."""
        st, seat = self.st, self.seat
        assert st is not None
        camps = st.camps[seat]
        if st.left[seat] <= 0:
            raise Refused("you have no camps left on your tribe board; TAKE cards instead", "TAKE 1 2")
        if order.path[0] not in camps:
            listed = ", ".join(camps) or "none"
            raise Refused(f"the path starts on {order.path[0]}, where you have no camp",
                          f"your camps are on {listed}")
        why = legal.dest_problem(st, seat, order.destination)
        if why:
            raise Refused(why, self.camp_example())
        hand = st.hands[seat]
        if order.pay:
            why = payment.check(payment.slots(st, seat, order.path), order.pay, hand)
            if why:
                raise Refused(why, "your hand: " + (" ".join(hand) or "no cards"))
        kind = legal.bonus(st.placed(seat) + 1)
        nth = legal.nth(st.placed(seat) + 1)
        if order.story and kind != "story":
            raise Refused(f"your {nth} camp from the board gives no story tile"
                          + (" but a tuck: TUCK <card>" if kind == "tuck" else ""))
        if order.tuck:
            if kind != "tuck":
                raise Refused(f"your {nth} camp from the board gives no tuck"
                              + (" but a story tile: STORY 1 to 5" if kind == "story" else ""))
            if Counter(hand)[order.tuck] <= Counter(order.pay)[order.tuck]:
                raise Refused(f"you hold no {order.tuck} to tuck", "your hand: " + (" ".join(hand) or "no cards"))

    # -- STORY (the draft) -------------------------------------------------
    def pick(self, args: list[str], line: int) -> Pick:
        example = "STORY 2, or STORY 2 IF <tile id>"
        if self.st is not None and self.st.stage != DRAFT:
            raise Refused("STORY alone is the setup draft, which is over; a camp's story bonus is "
                          "written at the end of its CAMP line", "CAMP A1-B1 STORY 2")
        if self.st is not None and self.st.players.index(self.seat) > self.st.players.index(self.st.to_move):
            raise Refused("you have taken your story tile of the draft already")
        tile = ""
        if len(args) == 3 and args[1].upper() == "IF":
            word, tile, args = args[2], args[2], args[:1]
            if self.st is not None:
                tile = next((t for t in self.st.tiles if t.lower() == word.lower()), "")
                if not tile:
                    raise Refused(f"no story tile {shown(word)}", example)
        if len(args) != 1:
            raise Refused("STORY takes one story row position", example)
        return Pick(_position(args[0], STORY_ROW_SIZE, "story row position", example), tile, line)


def _pairs_near(first: int, second: int | None = None) -> str:
    """The pairs next to each other nearest to what was written."""
    if second is None:
        near = [(first - 1, first), (first, first + 1)]
    else:
        near = [(first, first + 1), (second - 1, second)]
    shown = [f"TAKE {a} {b}" for a, b in dict.fromkeys(near) if 1 <= a and b <= ROW_SIZE]
    return "did you mean " + " or ".join(shown) + "?"


def alternatives(body: str) -> list[list[str]]:
    """The orders of one line: its words, split at each OR."""
    out: list[list[str]] = [[]]
    for word in localwords.canonical(body.replace(",", " ").split()):
        if word.upper() == "OR":
            out.append([])
        else:
            out[-1].append(word)
    return out


def read_normal(text: str, seat: str = "") -> Order:
    """A stored order line (normal form, no position checks)."""
    return Reader(None, seat).read(text.split(), 0)


def parse(st: State, seat: str, text: str) -> OrderSheet:
    """The orders of ``text`` for ``seat`` and every refused line; never raises."""
    if seat not in st.players:
        return OrderSheet(seat, (), (Problem(0, f"there is no seat {seat} in this game"),))
    if st.stage not in (DRAFT, PLAY):
        return OrderSheet(seat, (), (Problem(0, "the game is over"),))
    reader = Reader(st, seat)
    orders: list[Order] = []
    problems: list[Problem] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        body = raw.split("#", 1)[0]
        if not body.strip():
            continue
        for words in alternatives(body):
            if not words:
                problems.append(Problem(number, "OR needs an order on each side", "TAKE 2 3 OR TAKE 4 5"))
                continue
            try:
                orders.append(reader.read(words, number))
            except Refused as why:
                problems.append(Problem(number, why.message, why.suggestion))
            except Exception as why:           # a bug must not cost a player their sheet
                problems.append(Problem(number, f"this line could not be read ({type(why).__name__})"))
    if not problems and st.to_move == seat:
        problems.extend(check_now(st, seat, orders))
    return OrderSheet(seat, tuple(orders), tuple(problems))


def check_now(st: State, seat: str, orders: list[Order]) -> list[Problem]:
    """For the seat to move: a problem per line when none of them can be played now."""
    wanted = [o for o in orders if is_move(o) == (st.stage == PLAY)]
    if not orders:
        return []
    if not wanted:
        ask = "your move: TAKE or CAMP" if st.stage == PLAY else "your story pick: STORY 1 to 5"
        return [Problem(orders[0].line, f"no line answers {ask}")]
    reasons = [(o, legal.why_not(st, seat, o)) for o in wanted]
    if any(not why for _, why in reasons):
        return []
    return [Problem(o.line, f"{o} cannot be played now: {why}") for o, why in reasons]
