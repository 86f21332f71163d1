"""Stone Age as a pure engine: the ruleset the mail layer calls.

The data, the state, setup, the order language, and whole rounds
(placement, actions, the Mammoth Herd with option ``mammoth_herd``, feeding,
the round's end and the final scoring). The variants ``wild_animals``,
``new_huts``, ``igloos`` and ``harsh_winter`` are options too (animals.py,
newhuts.py, igloos.py, winter.py). ``bot_orders`` is the heuristic bot
(engine/stoneage/heuristic.py); the random-legal one is in bots.py.

With ``placement = plan`` (the default) a round is one step: every seat
sends a plan before the round's placement, all together, and the round runs
to its end. With ``placement = live`` the seat to place is asked in turn
whenever its kept orders have no PLACE line left for the placement.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from operator import attrgetter
from typing import Any

from engine.contract import EndReason, Event, OrderSheet, Outcome, Problem, Resolution
from engine.dice import Dice
from engine.stoneage import heuristic, parser, roundend, rounds, setup, sheetnotes
from engine.stoneage import view as views
from engine.stoneage.placement import legal
from engine.stoneage.rounds import OVER, PLACEMENT
from engine.stoneage.policy import keep, place_lines_left
from engine.stoneage.state import State
from engine.stoneage.view import StoneAgeView
from engine.messages import Join, Msg
from engine.stoneage.texts import SEMICOLON, quoted_lines, said
from engine.ruleset import BaseRuleset

_PLACED = attrgetter("placed")


class StoneAgeRuleset(BaseRuleset):
    name = "stoneage"
    title = "Stone Age"
    min_players = setup.MIN_PLAYERS
    max_players = setup.MAX_PLAYERS
    options = setup.GM_OPTIONS
    order_words = parser.KEYWORDS
    one_move_a_round = False          # live placement goes round the table several times a round
    counts_rounds = False             # plan mode's steps are rounds (steps_are_rounds); live mode's are not
    state_type = State

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        return setup.check_options(options)

    def steps_are_rounds(self, options: dict[str, Any]) -> bool:
        """Plan mode: a round is one step (every seat's plan, then the whole round)."""
        return options.get("placement", "plan") == "plan"

    def seat_name_problem(self, name: str) -> Msg | str:
        return setup.seat_name_problem(name)

    def new_game(self, players: Sequence[str], options: dict[str, Any], seed: int | str) -> State:
        return setup.new_game(players, self.check_options(options), seed)

    def awaiting(self, state: State) -> frozenset[str]:
        """Plan mode: before the round's placement, every seat without a plan. Live mode: the
        seat to place, when no kept PLACE line nor a forced move answers it."""
        if state.stage is not PLACEMENT:
            return frozenset()
        if not rounds.live(state):
            if any(map(_PLACED, state.boards.values())):       # the placement has started
                return frozenset()
            plans = state.plans
            return frozenset([p for p in state.players if p not in plans or plans[p].standing])
        seat = state.turn
        if state.decision != "place" or seat not in state.players or place_lines_left(state, seat):
            return frozenset()
        return frozenset({seat}) if len(legal(state, seat, most=2)) > 1 else frozenset()

    def simultaneous(self, state: State) -> bool:
        return not rounds.live(state)

    def prompt_message(self, state: State, player: str) -> Msg | None:
        """The question asked of ``player`` now as a message (engine.messages), or None."""
        if player not in self.awaiting(state):
            return None
        board = state.board(player)
        if rounds.live(state):
            return Msg("your placement in round {round}: {free} of your {people} people are still to place",
                       round=state.round, free=board.free, people=board.people)
        return Msg("your plan for round {round}: PLACE lines for your {people} people, with BUY, USE, TOOLS, "
                   "PICK, TAKE and FEED as you need", round=state.round, people=board.people)

    def pre_orders_message(self, state: State, player: str) -> Msg | None:
        """``pre_orders`` as a message, for the reader's language."""
        if state.stage is OVER or player not in state.players or player in self.awaiting(state):
            return None
        if state.stage is PLACEMENT and state.board(player).free:
            return Msg("your next placements in round {round}", round=state.round)
        return Msg("your actions and feeding in round {round}", round=state.round)

    def round_of(self, state: State) -> int:
        return state.round

    def parse_orders(self, state: State, player: str, text: str) -> OrderSheet:
        return parser.parse(state, player, text)

    def notes(self, state: State, player: str, sheet: OrderSheet) -> tuple[Problem, ...]:
        """What the answer to a clean sheet points out without refusing it (sheetnotes.py)."""
        return sheetnotes.notes(state, player, sheet.orders) if sheet.ok and player in state.boards else ()

    def resolve(self, state: State, sheets: dict[str, OrderSheet], dice: Dice) -> Resolution:
        """Keep every sheet as its seat's orders, then run as far as the game goes."""
        if state.stage is OVER:
            return Resolution(state.copy(), ())
        # Plan mode before the placement: the placement runs to its end and starts the round's
        # record (played.start), so the record of the round before need not be copied.
        st = state.copy(played=state.stage is not PLACEMENT or rounds.live(state))
        log: list[Event] = []
        awaited = self.awaiting(state)
        for seat in st.players:
            if seat in sheets:
                plan = keep(st, seat, sheets[seat])
                shown = Join(SEMICOLON, quoted_lines(plan.lines)) if plan.lines else ""
                log.append(said("plan", kept_message(seat in awaited, st.round, shown), to=seat))
        st.step += 1
        answered = frozenset(awaited & set(sheets)) if rounds.live(st) else frozenset()
        rounds.advance(st, dice, log, answered)
        return Resolution(st, tuple(log))

    def default_orders(self, state: State, player: str) -> OrderSheet:
        """No orders: the standing rules (the fallback placement, TOOLS AUTO, no buying, FEED in
        the default order)."""
        return OrderSheet(player)

    def bot_orders(self, state: State, player: str, rng: random.Random) -> OrderSheet:
        """The heuristic bot's orders: a missed move with ``missed = "bot"``, a seat in civil
        disorder."""
        return heuristic.plan(state, player, rng)

    def view(self, state: State, player: str | None) -> StoneAgeView:
        message = self.prompt_message(state, player) if player in state.players else None
        return views.view(state, player, message or "")

    def outcome(self, state: State) -> Outcome | None:
        if state.stage is not OVER or state.winners is None:
            return None
        best = state.board(state.winners[0]).score
        said = Msg("scored {points} points ({reason})", points=best, reason=roundend.stored_reason(state))
        return Outcome(tuple(state.winners), EndReason.SCORED, str(said), said)

RULESET = StoneAgeRuleset()


def kept_message(orders: bool, round_no: int, shown: Join | str) -> Msg:
    """The note that a sheet's lines are kept for the round (the standing rules when it has none)."""
    if orders and shown:
        return Msg("Orders kept for round {round}: {lines}.", round=round_no, lines=shown)
    if orders:
        return Msg("Orders kept for round {round}: none: the standing rules apply.", round=round_no)
    if shown:
        return Msg("Pre-orders kept for round {round}: {lines}.", round=round_no, lines=shown)
    return Msg("Pre-orders kept for round {round}: none: the standing rules apply.", round=round_no)
