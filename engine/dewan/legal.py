"""Whether an order can be played now, and why not.

The parser refuses what can never be played (see parser.py); this module
checks everything again, above all what depends on the moment: the cards in the
row, the destination still free, the hand able to pay, the story row. It
serves both the seat to move (its sheet is checked when it arrives) and a
kept pre-order (checked when its move comes, and dropped with the reason).
"""
from __future__ import annotations

from collections import Counter

from engine.dewan import payment
from engine.dewan.board import START, WATER
from engine.dewan.cards import cards
from engine.dewan.orders import Camp, Order, Pick, Take
from engine.dewan.state import DRAFT, PLAY, State
from engine.messages import Msg

STORY_BONUS = (2, 4, 6)      # camps placed from the tribe board that take a story tile
TUCK_BONUS = (3, 5, 7)       # those that let the seat tuck a card
NTH = {1: "1st", 2: "2nd", 3: "3rd"}


def nth(n: int) -> str:
    return NTH.get(n, f"{n}th")


def bonus(placed: int) -> str:
    """What the ``placed``-th camp from the tribe board gives: story, tuck, fire or ''."""
    if placed in STORY_BONUS:
        return "story"
    if placed in TUCK_BONUS:
        return "tuck"
    return "fire" if placed == 8 else ""


def pairs(st: State) -> list[tuple[int, int]]:
    """The row positions that can be taken together now (both showing a card)."""
    return [(i, i + 1) for i in range(1, len(st.row)) if st.row[i - 1] and st.row[i]]


def camp_cost(st: State, seat: str, order: Camp) -> tuple[list[str] | None, Msg | str]:
    """The cards ``order`` pays, in path order, or None and why it cannot pay (a message)."""
    cost = payment.slots(st, seat, order.path)
    hand = list(st.hands[seat])
    if order.pay:
        return payment.arranged(cost, order.pay, hand)
    if order.tuck and order.tuck in hand:
        hand.remove(order.tuck)
    pay = payment.cheapest(cost, hand)
    if pay is None:
        shown = cards(" ".join(sorted(st.hands[seat], key=payment.rank))) if st.hands[seat] else Msg("no cards")
        path, slots = "-".join(order.path), payment.describe(cost)
        if order.tuck:
            return None, Msg("your hand ({hand}) cannot pay for {path}, keeping {card} to tuck: {slots}",
                             hand=shown, path=path, card=cards(order.tuck), slots=slots)
        return None, Msg("your hand ({hand}) cannot pay for {path}: {slots}", hand=shown, path=path, slots=slots)
    return pay, ""


def why_not(st: State, seat: str, order: Order) -> Msg | str:
    """Why ``order`` cannot be played by ``seat`` now (a message: its str() is the English), or ''."""
    if st.stage not in (DRAFT, PLAY) or st.to_move != seat:
        return Msg("it is not your move")
    if isinstance(order, Pick):
        return _pick(st, order)
    if st.stage == DRAFT:
        return Msg("the story draft comes first: STORY 1 to 5")
    if isinstance(order, Take):
        return _take(st, order)
    return _camp(st, seat, order)


def _pick(st: State, order: Pick) -> Msg | str:
    if st.stage != DRAFT:
        return Msg("the story draft is over")
    at = order.position
    tile = st.story_row[at - 1] if at <= len(st.story_row) else ""
    if not tile:
        return Msg("story row position {at} is empty", at=at)
    if order.tile and tile != order.tile:
        return Msg("story row position {at} shows {tile}, not {wanted}", at=at, tile=tile, wanted=order.tile)
    return ""


def _take(st: State, order: Take) -> Msg | str:
    shown = [st.row[p - 1] if p <= len(st.row) else "" for p in (order.first, order.second)]
    for p, c in zip((order.first, order.second), shown):
        if not c:
            return Msg("row position {at} is empty", at=p)
    if order.cards and tuple(shown) != order.cards:
        showing, wanted = cards(" ".join(shown)), cards(" ".join(order.cards))
        return Msg("row positions {first} and {second} show {shown}, not {wanted}", first=order.first,
                   second=order.second, shown=showing, wanted=wanted)
    return ""


def _camp(st: State, seat: str, order: Camp) -> Msg | str:
    if st.left[seat] <= 0:
        return Msg("you have no camps left on your tribe board")
    if order.path[0] not in st.camps[seat]:
        return Msg("you have no camp on {hex}", hex=order.path[0])
    why = dest_problem(st, seat, order.destination)
    if why:
        return why
    pay, why = camp_cost(st, seat, order)
    if pay is None:
        return why
    kind = bonus(st.placed(seat) + 1)
    if order.story and kind == "story":
        at = order.story
        if at > len(st.story_row) or not st.story_row[at - 1]:
            return Msg("story row position {at} is empty", at=at)
        if order.tile and st.story_row[at - 1] != order.tile:
            return Msg("story row position {at} shows {tile}, not {wanted}", at=at, tile=st.story_row[at - 1],
                       wanted=order.tile)
    if order.tuck:
        left = Counter(st.hands[seat]) - Counter(pay)
        if left[order.tuck] <= 0:
            return Msg("after paying {cards} you hold no {card} to tuck", cards=cards(" ".join(pay)),
                       card=cards(order.tuck))
    return ""


def dest_problem(st: State, seat: str, dest: str) -> Msg | str:
    """Why a camp cannot go on hex ``dest`` (a message), or ''."""
    owner = st.owner(dest)
    if owner == seat:
        return Msg("{hex} already holds a camp (yours)", hex=dest)
    if owner is not None:
        return Msg("{hex} already holds a camp ({seat}'s)", hex=dest, seat=owner)
    if st.board.terrain(dest) == START:
        return Msg("{hex} is a start hex: a camp goes on a terrain hex", hex=dest)
    if st.board.terrain(dest) == WATER:
        return Msg("{hex} is water: a camp never stands on water, it only crosses it", hex=dest)
    return ""


def campable(st: State, name: str) -> bool:
    """Whether a camp may go on hex ``name``: free, and neither a start hex nor water."""
    return st.owner(name) is None and st.board.terrain(name) not in (START, WATER)


def beyond(st: State, seat: str, path: tuple[str, ...]) -> Msg | str:
    """For a path that ends on water: the same path carried on to a land hex next to it
    (``e.g. CAMP A1-B2-C3``), or ''."""
    for n in st.board.adjacent(path[-1]):
        if n not in path and campable(st, n):
            return Msg("cross the water and camp beyond it, e.g. {order}", order="CAMP " + "-".join(path + (n,)))
    return ""


def playable(st: State, seat: str) -> bool:
    """Whether the seat to move has any action at all (a pair to take or a camp it can pay)."""
    if st.stage == DRAFT:
        return any(st.story_row)
    return bool(pairs(st)) or any_camp(st, seat) is not None


def any_camp(st: State, seat: str, most: int = 7, budget: int = 4000) -> Camp | None:
    """A camp the seat can place and pay now, searching paths of up to ``most`` hexes
    (shortest first); None when there is none within that search."""
    if st.left[seat] <= 0 or len(st.hands[seat]) < 2:
        return None
    board = st.board
    paths = [(c,) for c in st.camps[seat]]
    for _ in range(most - 1):
        longer = []
        for path in paths:
            for n in board.adjacent(path[-1]):
                if n in path:
                    continue
                new = path + (n,)
                if campable(st, n):
                    if payment.cheapest(payment.slots(st, seat, new), st.hands[seat]) is not None:
                        return Camp(new)
                if len(new) < len(st.hands[seat]):
                    longer.append(new)
                budget -= 1
                if budget <= 0:
                    return None
        paths = longer
    return None
