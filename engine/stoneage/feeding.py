"""Phase 3: every person eats one food.

Each agriculture level first brings one food (what the people do not eat is
kept, as the rulebook has it), then every person eats one. What is missing
is paid with resources one for one, in the seat's FEED order (default wood,
clay, stone, gold; only the resources FEED names). When those cannot make
it up, or with ``FEED PENALTY``, the seat loses all its food and 10 points
and keeps its resources.
"""
from __future__ import annotations

from engine.contract import Event
from engine.messages import Join, Msg
from engine.stoneage.texts import amount, good, said
from engine.stoneage.goods import RESOURCES
from engine.stoneage.policy import policy_of
from engine.stoneage.state import PlayerBoard, State

PHASE = "feeding"
PENALTY = 10


def run(st: State, log: list[Event]) -> None:
    """Feed every seat, in turn order (no seat's feeding depends on another's)."""
    for seat in st.turn_order():
        feed, board = policy_of(st, seat).feed, st.boards[seat]
        order = feed.goods if feed and not feed.penalty else RESOURCES
        short, held = board.people - board.food - board.agriculture, board.resources
        log.append(said(PHASE, feed_one(board, seat, order, bool(feed and feed.penalty)), by=seat))
        # held >= short > 0 first: most seats are fed with food, and a FEED of all four gives all held
        if 0 < short <= held and feed and not feed.penalty and short > sum(map(board.amount, order)):
            others = [g for g in RESOURCES if g not in order and board.amount(g)]
            log.append(said(PHASE, Msg("Your FEED line gives only {named}; with your {others} too, everyone "
                                       "would have eaten and the 10 points stayed. Name them in FEED, or leave "
                                       "FEED out to give any resource.", named=Join(", ", [good(g) for g in order]),
                                       others=Join(", ", [amount(board.amount(g), g) for g in others])), to=seat))


def feed_one(board: PlayerBoard, seat: str, order: tuple, penalty: bool) -> Msg:
    """Feed one board; what happened, in words."""
    board.food += board.agriculture
    need = board.people
    if board.food >= need:
        board.food -= need
        return Msg("{seat} feeds {need} people ({agriculture} food from agriculture, {left} left).", seat=seat,
                   need=need, agriculture=board.agriculture, left=board.food)
    short = need - board.food
    if not penalty and sum(map(board.amount, order)) >= short:
        gave = []
        for good in order:
            take = min(board.amount(good), short)
            if take:
                board.add(good, -take)
                gave.append(amount(take, good))
                short -= take
        food, board.food = board.food, 0
        return Msg("{seat} feeds {need} people with {food} food and {goods}.", seat=seat, need=board.people,
                   food=food, goods=Join(", ", gave))
    board.food = 0
    board.score -= PENALTY
    if penalty:
        return Msg("{seat} chose the penalty: all food is lost and 10 points off ({score}).", seat=seat,
                   score=board.score)
    return Msg("{seat} cannot feed everyone: all food is lost and 10 points off ({score}).", seat=seat,
               score=board.score)
