"""A simple bot for Dewan: legal orders chosen with the given random.Random.

In the draft it picks a random story. On a move it places a camp when one
it can pay lies one or two hexes from its camps (with its bonus: story 1, or
tucking the first symbol card), now and then, else takes a random pair.
It never writes ahead. The simulator names it ``simple`` (or ``random``);
the ruleset's bot is engine.dewan.heuristic.
"""
from __future__ import annotations

import random

from engine.contract import OrderSheet
from engine.dewan import legal, payment
from engine.dewan.cards import card
from engine.dewan.orders import Camp, Order, Pick, Take
from engine.dewan.state import DRAFT, PLAY, State


def camps(st: State, seat: str) -> list[Camp]:
    """Camps of one or two steps the seat can place and pay now, in map order."""
    if st.left[seat] <= 0:
        return []
    board, out = st.board, []
    for first in st.camps[seat]:
        for a in board.adjacent(first):
            for path in [(first, a)] + [(first, a, b) for b in board.adjacent(a) if b != first]:
                dest = path[-1]
                if len(set(path)) < len(path) or not legal.campable(st, dest):
                    continue
                if payment.cheapest(payment.slots(st, seat, path), st.hands[seat]) is not None:
                    out.append(Camp(path))
    return out


def with_bonus(st: State, seat: str, order: Camp) -> Camp:
    if legal.bonus(st.placed(seat) + 1) != "tuck":
        return order
    pay, _ = legal.camp_cost(st, seat, order)
    rest = list(st.hands[seat])
    for c in pay or []:
        rest.remove(c)
    symbol = next((c for c in rest if card(c).symbol), "")
    return Camp(order.path, tuck=symbol) if symbol else order


def choose(st: State, seat: str, rng: random.Random) -> Order | None:
    if st.stage == DRAFT:
        free = [i + 1 for i, t in enumerate(st.story_row) if t]
        return Pick(rng.choice(free)) if free else None
    if st.stage != PLAY:
        return None
    options = camps(st, seat)
    pairs = legal.pairs(st)
    if options and (not pairs or rng.random() < 0.5):
        order = with_bonus(st, seat, rng.choice(options))
        return order if not legal.why_not(st, seat, order) else Camp(order.path)
    return Take(*rng.choice(pairs)) if pairs else None


def orders(st: State, seat: str, rng: random.Random) -> OrderSheet:
    order = choose(st, seat, rng) if st.to_move == seat else None
    return OrderSheet(seat, (order,) if order else ())
