"""Tally: a tiny game where players act in turn, for the tests only.

It is not a product feature: it exists to prove the mail layer's sequential
path (engine.contract's awaiting / prompt / pre_orders / round_of) with
something far smaller than Stone Age or Dewan.

The rules. A pile of stones (option ``stones``, 15 by default). Seats move
in seat order, one move each per round; a move takes 1 to 3 stones (never
more than are left). Whoever takes the last stone wins.

The orders. ``TAKE n`` or ``TAKE n IF PILE m``; several lines are ranked
alternatives, and the first whose condition holds is played. A seat whose
move it is not (nor was last) may send them as pre-orders for its next move: they are kept
in the state and fire when that move comes, if one of their conditions
still holds (the guard); if none does, the pre-order is dropped as stale and
the seat is asked. A move with one legal answer (one stone left) is made
without asking. A step stops where a seat must be asked, and at the end of
every round.
"""
from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field, replace
from typing import Any, Sequence

from engine.contract import BaseView, EndReason, Event, Option, OrderSheet, Outcome, Problem, Resolution
from engine.dice import Dice
from engine.ruleset import BaseRuleset

TAKE = re.compile(r"^TAKE\s+(\d)(?:\s+IF\s+PILE\s+(\d{1,3}))?$")


@dataclass(frozen=True)
class Take:
    stones: int
    if_pile: int | None = None

    def __str__(self) -> str:
        return f"TAKE {self.stones}" + (f" IF PILE {self.if_pile}" if self.if_pile is not None else "")

    def holds(self, pile: int) -> bool:
        return (self.if_pile is None or self.if_pile == pile) and self.stones <= pile


class TallyView(BaseView):
    """A position as a seat (or the public) sees it."""

    pile: int
    round: int
    step: int
    to_move: str | None               # None once somebody won
    winner: str | None
    moves: dict[str, int]             # moves made, by seat
    pending: list[str] | None         # the seat's own kept pre-orders; None in any other view


@dataclass(frozen=True)
class Tally:
    players: tuple[str, ...]
    pile: int
    step: int = 0                  # resolves so far
    round: int = 1
    at: int = 0                    # whose move: an index into players
    moves: tuple[int, ...] = ()    # moves made, per seat
    pending: dict[str, tuple[Take, ...]] = field(default_factory=dict)   # kept pre-orders
    written: dict[str, int] = field(default_factory=dict)                # the step each was sent at
    winner: str | None = None

    @property
    def mover(self) -> str:
        return self.players[self.at]


def _fires(state: Tally, seat: str) -> Take | None:
    return next((t for t in state.pending.get(seat, ()) if t.holds(state.pile)), None)


class TallyRuleset(BaseRuleset):
    name = "tally"
    title = "Tally (a test game)"
    min_players = 2
    max_players = 4
    options: Sequence[Option] = (Option("stones", 15, "stones in the pile at the start"),)
    order_words: Sequence[str] = ("TAKE",)
    one_move_a_round = True
    counts_rounds = False       # the mail layer's plain steps, as numbered

    def steps_are_rounds(self, options: dict[str, Any]) -> bool:
        return False

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        known = {o.name: o for o in self.options}
        for key in options:
            if key not in known:
                raise ValueError(f"no option {key!r}; known: stones")
        return {name: (o.parse(str(options[name])) if name in options else o.default)
                for name, o in known.items()}

    def new_game(self, players: Sequence[str], options: dict[str, Any], seed: int | str) -> Tally:
        stones = self.check_options(options)["stones"]
        return Tally(tuple(players), stones, moves=(0,) * len(players))

    def players(self, state: Tally) -> Sequence[str]:
        return state.players

    def awaiting(self, state: Tally) -> frozenset[str]:
        """The seat to move, unless its kept pre-order or a forced move answers it."""
        if state.winner is not None or _fires(state, state.mover) or state.pile == 1:
            return frozenset()
        return frozenset({state.mover})

    def simultaneous(self, state: Tally) -> bool:
        return False

    def prompt(self, state: Tally, player: str) -> str:
        if player not in self.awaiting(state):
            return ""
        return f"your move: take 1 to {min(3, state.pile)} stones from the pile of {state.pile}"

    def pre_orders(self, state: Tally, player: str) -> str:
        """Any seat but the mover and the seat that moved last may order ahead."""
        moved_last = state.players[state.at - 1] if any(state.moves) else None
        if state.winner is not None or player in self.awaiting(state) or player == moved_last:
            return ""
        return f"your next move (move {state.moves[state.players.index(player)] + 1})"

    def round_of(self, state: Tally) -> int:
        return state.round

    def parse_orders(self, state: Tally, player: str, text: str) -> OrderSheet:
        orders, problems = [], []
        for number, line in enumerate(text.splitlines(), 1):
            words = " ".join(line.upper().split())
            if not words:
                continue
            found = TAKE.match(words)
            if not found or not 1 <= int(found.group(1)) <= 3:
                problems.append(Problem(number, f"not an order: {line.strip()[:40]!r}",
                                        "write TAKE 1, TAKE 2 or TAKE 3, optionally IF PILE n"))
                continue
            orders.append(_take(words))
        if orders and not problems and player in self.awaiting(state) and \
                not any(t.holds(state.pile) for t in orders):
            problems.append(Problem(1, f"none of these lines can be played: the pile is {state.pile}"))
        return OrderSheet(player, tuple(orders), tuple(problems))

    def default_orders(self, state: Tally, player: str) -> OrderSheet:
        return OrderSheet(player, (Take(1),))

    def bot_orders(self, state: Tally, player: str, rng: random.Random) -> OrderSheet:
        return OrderSheet(player, (Take(rng.randint(1, max(1, min(3, state.pile)))),))

    def resolve(self, state: Tally, sheets: dict[str, OrderSheet], dice: Dice) -> Resolution:
        log: list[Event] = []
        st = replace(state, step=state.step + 1, pending=dict(state.pending), written=dict(state.written))
        mover_sheet = sheets.get(st.mover) if st.mover in self.awaiting(state) else None
        for seat, sheet in sheets.items():
            if sheet is not mover_sheet:
                st = _keep(st, seat, sheet, log)
        while st.winner is None:
            take, why = _answer(st, mover_sheet, log)
            mover_sheet = None
            if take is None:
                break
            st = _move(st, take, why, log)
            if st.winner is None and st.at == 0:
                log.append(Event("round", f"Round {st.round - 1} is over; round {st.round} begins."))
                break
        return Resolution(st, tuple(log))

    def view(self, state: Tally, player: str | None) -> TallyView:
        mine = player if player in state.players else None
        return {"ruleset": "tally", "players": list(state.players), "pile": state.pile, "round": state.round,
                "step": state.step, "to_move": state.mover if state.winner is None else None,
                "winner": state.winner, "moves": dict(zip(state.players, state.moves)), "me": mine,
                "prompt": self.prompt(state, mine) if mine else "", "prompt_message": None,
                "pending": [str(t) for t in state.pending.get(mine, ())] if mine else None}

    def outcome(self, state: Tally) -> Outcome | None:
        if state.winner is None:
            return None
        return Outcome((state.winner,), EndReason.WON, "took the last stone")

    def to_json(self, state: Tally) -> str:
        data = {"ruleset": "tally", "format": 1, "players": list(state.players), "pile": state.pile,
                "step": state.step, "round": state.round, "at": state.at, "moves": list(state.moves),
                "pending": {k: [str(t) for t in v] for k, v in state.pending.items()},
                "written": state.written, "winner": state.winner}
        return json.dumps(data, sort_keys=True, separators=(",", ":"))

    def from_json(self, text: str) -> Tally:
        d = json.loads(text)
        pending = {k: tuple(_take(line) for line in v) for k, v in d["pending"].items()}
        return Tally(tuple(d["players"]), d["pile"], d["step"], d["round"], d["at"], tuple(d["moves"]),
                     pending, dict(d["written"]), d["winner"])


def _take(line: str) -> Take:
    """A stored order line (always in normal form) as a Take."""
    found = TAKE.match(line)
    assert found, line
    return Take(int(found.group(1)), int(found.group(2)) if found.group(2) else None)


def _keep(st: Tally, seat: str, sheet: OrderSheet, log: list[Event]) -> Tally:
    """A sheet from a seat whose move it is not: kept for its next move."""
    if not sheet.orders:
        if st.pending.pop(seat, None):
            st.written.pop(seat, None)
            log.append(Event("plan", "Your pre-orders were withdrawn.", to=seat))
        return st
    st.pending[seat] = tuple(sheet.orders)
    st.written[seat] = st.step - 1
    lines = ", ".join(str(t) for t in sheet.orders)
    log.append(Event("plan", f"Pre-orders kept for your next move: {lines}.", to=seat))
    return st


def _answer(st: Tally, sheet: OrderSheet | None, log: list[Event]) -> tuple[Take | None, str]:
    """What answers the mover's decision now, or None: it must be asked."""
    seat = st.mover
    if sheet is not None:
        if st.pending.pop(seat, None):
            st.written.pop(seat, None)
            log.append(Event("plan", "Your pre-orders gave way to the orders you sent for this move.", to=seat))
        take = next((t for t in sheet.orders if t.holds(st.pile)), Take(1))
        return take, ""
    kept = st.pending.pop(seat, ())
    written = st.written.pop(seat, 0)
    if kept:
        take = _fires(replace(st, pending={seat: kept}), seat)
        for other in kept:
            if other is not take:
                reason = f"the pile is {st.pile}, not {other.if_pile}" if other.if_pile is not None else \
                    f"only {st.pile} left" if other.stones > st.pile else "an earlier line was played"
                word = "skipped" if take is not None else "dropped"
                log.append(Event("plan", f"Pre-order line {other} {word}: {reason}.", to=seat))
        if take is not None:
            log.append(Event("plan", f"Pre-order {take} (sent at step {written}) played.", to=seat))
            return take, ""
        log.append(Event("plan", "Your pre-order no longer fits the pile and was dropped: you are asked.", to=seat))
    if st.pile == 1:
        return Take(1), " (the only legal move)"
    return None, ""


def _move(st: Tally, take: Take, why: str, log: list[Event]) -> Tally:
    seat = st.mover
    pile = st.pile - take.stones
    moves = tuple(m + (i == st.at) for i, m in enumerate(st.moves))
    log.append(Event("move", f"{seat} takes {take.stones}{why}; {pile} left.", by=seat))
    if pile == 0:
        log.append(Event("end", f"{seat} took the last stone and wins."))
        return replace(st, pile=0, moves=moves, winner=seat)
    at = (st.at + 1) % len(st.players)
    return replace(st, pile=pile, moves=moves, at=at, round=st.round + (at == 0))


RULESET = TallyRuleset()
