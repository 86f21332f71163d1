"""Running the game as far as the orders go: the sheet of the seat to move, then
every next move a kept pre-order answers, or that has no legal action.

A sheet from a seat that is not to move is kept as its pre-orders: the
lines for its next decision (the draft's STORY, or a move). When that
decision comes, the lines for it are tried in order; the first that can be
played is played, those before it are skipped, and when none can be played
they are dropped and the seat is asked. Lines for a later decision (moves
sent during the draft) stay kept. Every line used, skipped or dropped is an
event for its seat alone, with the reason.
"""
from __future__ import annotations

from collections.abc import Sequence

from engine.contract import Event, OrderSheet
from engine.dewan import legal, turn
from engine.dewan.orders import Order, Pick, Take, blocks, is_move, joined
from engine.dewan.parser import read_normal
from engine.dewan.state import DRAFT, OVER, PLAY, Plan, State
from engine.dice import Dice
from engine.messages import Join, Msg

said = turn.said


def round_now(st: State) -> int:
    """The round players name the position by: the draft is round 0 (DewanRuleset.round_of)."""
    return 0 if st.stage == DRAFT else st.round


def deciding(st: State) -> bool:
    """True when the decision now is a move (TAKE or CAMP), False for the draft's STORY."""
    return st.stage == PLAY


def kept(st: State, seat: str) -> list[Order]:
    plan = st.plans.get(seat)
    return kept_lines(plan.lines, seat) if plan else []


def kept_lines(lines: list[str], seat: str) -> list[Order]:
    return [read_normal(line, seat) for line in lines]


def _now(st: State, orders: Sequence[Order]) -> list[Order]:
    """The lines of the first block that answer the decision now."""
    return [o for o in blocks(list(orders))[0] if is_move(o) == deciding(st)]


def answer(st: State, seat: str) -> Order | None:
    """The first kept line that answers the seat's decision now, or None."""
    for order in _now(st, kept(st, seat)):
        if not legal.why_not(st, seat, order):
            return order
    return None


def keep(st: State, seat: str, sheet: OrderSheet, log: list[Event]) -> None:
    """A sheet from a seat not to move becomes its pre-orders (an empty one withdraws them);
    ``written`` is the round of the position shown (the round players name it by)."""
    orders = joined(blocks(list(sheet.orders)))
    if not orders:
        if st.plans.pop(seat, None):
            log.append(said("plan", Msg("Your pre-orders are withdrawn."), to=seat))
        return
    st.plans[seat] = Plan([str(o) for o in orders], round_now(st))
    between = Msg("; ")
    lines = Join(between, [str(o) for o in orders])
    log.append(said("plan", Msg("Pre-orders kept for your next move: {lines}.", lines=lines), to=seat))


def later(st: State, orders: Sequence[Order]) -> list[Order]:
    """What stays kept once the decision now is taken: the blocks after the first (NEXT), and
    during the draft the moves of the first block too (they answer the first move)."""
    parts = blocks(list(orders))
    if deciding(st):
        return joined(parts[1:])
    return joined([[o for o in parts[0] if is_move(o)]] + parts[1:])


def _store(st: State, seat: str, orders: list[Order], written: int) -> None:
    if orders:
        st.plans[seat] = Plan([str(o) for o in orders], written)
    else:
        st.plans.pop(seat, None)


def from_sheet(st: State, seat: str, sheet: OrderSheet, log: list[Event]) -> Order | None:
    """The seat to move's own orders: the first line that can be played; lines for a
    later decision are kept. Its older pre-orders give way."""
    old = st.plans.pop(seat, None)
    rest = later(st, sheet.orders)
    if old and not rest and not deciding(st) and later(st, kept_lines(old.lines, seat)):
        rest = later(st, kept_lines(old.lines, seat))      # the draft: moves kept before stay kept
        log.append(said("plan", Msg("Your pre-orders for your first move stay kept: {lines}.",
                                    lines=Join(Msg("; "), [str(o) for o in rest])), to=seat))
        _store(st, seat, rest, old.written)
    else:
        if old:
            log.append(said("plan", Msg("Your pre-orders gave way to the orders sent for this move."), to=seat))
        _store(st, seat, rest, round_now(st))
    for order in _now(st, sheet.orders):
        why = legal.why_not(st, seat, order)
        if not why:
            return order
        log.append(said("plan", Msg("Line {order} skipped: {why}.", order=str(order), why=why), to=seat))
    return None


def from_plan(st: State, seat: str, log: list[Event]) -> Order | None:
    """The first of the seat's kept lines for this decision that can be played, or None
    (the lines for it, if any, are then dropped, and with a move's the later moves' too:
    they were written to follow it)."""
    plan = st.plans.get(seat)
    if not plan:
        return None
    lines = kept(st, seat)
    now = _now(st, lines)
    if not now:
        return None
    rest = later(st, lines)
    reasons = []
    for order in now:
        why = legal.why_not(st, seat, order)
        if not why:
            _store(st, seat, rest, plan.written)
            for skipped, reason in reasons:
                log.append(said("plan", Msg("Pre-order {order} skipped: {why}.", order=str(skipped), why=reason),
                                    to=seat))
            log.append(said("plan", Msg("Pre-order {order} (sent in round {round}) played.", order=str(order),
                                        round=plan.written), to=seat))
            return order
        reasons.append((order, why))
    for dropped, reason in reasons:
        log.append(said("plan", Msg("Pre-order {order} dropped: {why}.", order=str(dropped), why=reason), to=seat))
    log.append(said("plan", Msg("None of your pre-orders could be played now."), to=seat))
    if deciding(st) and rest:
        log.append(said("plan", Msg("Your pre-orders for the moves after it are dropped too, as they were "
                                    "written to follow it: {lines}.", lines=Join(Msg("; "), [str(o) for o in rest])),
                        to=seat))
        rest = []
    _store(st, seat, rest, plan.written)
    return None


def fallback(st: State, seat: str) -> Order | None:
    """What a seat plays that must play but gave nothing playable: STORY 1, the first
    pair of cards, else the first camp it can pay; None when it has nothing to do."""
    if not deciding(st):
        first = next((i + 1 for i, t in enumerate(st.story_row) if t), 0)
        return Pick(first) if first else None
    found = legal.pairs(st)
    if found:
        return Take(*found[0])
    return legal.any_camp(st, seat)


def run(st: State, dice: Dice, log: list[Event], mover: OrderSheet | None = None,
        most: int | None = None, round_stop: bool = True) -> int:
    """Play moves from ``st.to_move`` on: the ``mover`` sheet first when given, then kept
    pre-orders and moves with no choice. Stops where a seat must be asked, at the end of a
    round (with ``round_stop``), after ``most`` moves, or at the game's end. The moves played."""
    played = 0
    while st.stage != OVER and (most is None or played < most):
        seat, round_now = st.to_move, st.round
        if mover is not None:
            order = from_sheet(st, seat, mover, log)
            if order is None:
                order = fallback(st, seat)
                instead = (Msg("None of your lines could be played: {order} is played instead.", order=str(order))
                           if order else Msg("None of your lines could be played: you pass."))
                log.append(said("plan", instead, to=seat))
            mover = None
        else:
            order = from_plan(st, seat, log)
            if order is None and legal.playable(st, seat):
                break
        turn.play(st, seat, order, dice, log)
        played += 1
        if round_stop and st.stage != OVER and st.round != round_now:
            _asked_now(st, log)
            break
    return played


def _asked_now(st: State, log: list[Event]) -> None:
    """At a stop that is not the seat's move being asked (the end of a round): a seat to move
    whose kept lines no longer fit has them dropped now, with the reasons, so that the mail
    asking for its move says why."""
    seat = st.to_move
    if st.plans.get(seat) and answer(st, seat) is None and legal.playable(st, seat):
        from_plan(st, seat, log)
