"""What the answer to a clean Stone Age sheet points out without refusing it.

A sheet may be right line by line and still not do what its writer meant: a
BUY on a space where no PLACE line puts a person buys nothing, and PLACE lines
that need more people than the seat has left are not all played. Both are
legal (the position may change before the lines are played, and a later sheet
may add the placement), so they are notes, not problems.
"""
from __future__ import annotations

from engine.contract import Problem
from engine.messages import Msg
from engine.stoneage.orders import Buy, BuyFirst, Order, Place
from engine.stoneage.state import State


def notes(st: State, seat: str, orders: tuple[Order, ...]) -> tuple[Problem, ...]:
    """The notes on a clean sheet of ``seat``'s, in line order."""
    board = st.board(seat)
    places = [o for o in orders if isinstance(o, Place)]
    named = {c.location for p in places for c in p.choices} | set(board.placed)
    out = [Problem.of(o.line, Msg("no PLACE line puts a person on {place}: this BUY buys nothing unless one "
                                  "is placed there", place=o.location))
           for o in orders if isinstance(o, Buy) and o.location not in named]
    out += [Problem.of(o.line, Msg("no PLACE line puts a person on any of {places}: this BUY buys nothing unless "
                                   "one is placed there", places=" ".join(b.location for b in o.choices)))
            for o in orders if isinstance(o, BuyFirst) and not any(b.location in named for b in o.choices)]
    least = [min(c.people for c in p.choices) for p in places]     # each line at its smallest alternative
    need = 0
    for place, people in zip(places, least):
        need += people
        if need > board.free:
            out.append(Problem.of(place.line, Msg("your PLACE lines need at least {need} people and you have "
                                                  "{free} to place: this line and those after it are not played",
                                                  need=sum(least), free=board.free)))
            break
    return tuple(sorted(out, key=lambda p: p.line))
