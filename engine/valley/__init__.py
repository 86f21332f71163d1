"""Valley of the Mammoths: the complete rules as a pure engine."""
from __future__ import annotations

import random
from typing import Any, Sequence

from engine.contract import EndReason, Option, OrderSheet, Outcome, Resolution
from engine.dice import Dice
from engine.messages import Msg
from engine.valley import parser, setup, turn
from engine.valley.heuristic import heuristic_orders
from engine.valley.state import State
from engine.valley.view import ValleyView, view as _view
from engine.valley.words import reason_word
from engine.ruleset import BaseRuleset


class ValleyRuleset(BaseRuleset):
    name = "valley"
    title = "Valley of the Mammoths"
    min_players = 2
    max_players = 6
    options: Sequence[Option] = setup.OPTIONS
    order_words: Sequence[str] = parser.KEYWORDS
    one_move_a_round = False          # every seat orders together
    counts_rounds = False             # a step is a game turn, numbered as stored
    state_type = State

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        return setup.check_options(options)

    def seat_name_problem(self, name: str) -> Msg | str:
        """Why ``name`` cannot name a seat, or ''."""
        return setup.seat_name_problem(name)

    def new_game(self, players: Sequence[str], options: dict[str, Any], seed: int | str) -> State:
        return setup.new_game(players, options, seed)

    def awaiting(self, state: State) -> frozenset[str]:
        """Every tribe in play; one wiped out in the first year too while it is
        due to come back (its PLACE lines choose where)."""
        if state.winners is not None:
            return frozenset()
        return frozenset(p for p in state.players if not state.tribes[p].out or state.tribes[p].rising)

    def simultaneous(self, state: State) -> bool:
        """Every tribe orders together, then the turn runs."""
        return True

    def prompt_message(self, state: State, player: str) -> Msg | None:
        """The question asked of ``player`` now as a message (engine.messages), or None."""
        if player not in self.awaiting(state):
            return None
        return Msg("place your tribe") if state.stage == "setup" else Msg("your orders for turn {turn}",
                                                                          turn=state.game_turn)

    def round_of(self, state: State) -> int:
        return state.game_turn

    def parse_orders(self, state: State, player: str, text: str) -> OrderSheet:
        return parser.parse(state, player, text)

    def resolve(self, state: State, sheets: dict[str, OrderSheet], dice: Dice) -> Resolution:
        return turn.resolve(state, sheets, dice)

    def bot_orders(self, state: State, player: str, rng: random.Random) -> OrderSheet:
        """Orders for a seat the bot plays: the heuristic bot."""
        return heuristic_orders(state, player, rng)

    def view(self, state: State, player: str | None) -> ValleyView:
        """What ``player`` may see, with the question asked of it now ('' for the public)."""
        return _view(state, player, self.prompt_message(state, player) if player in state.players else None)

    def outcome(self, state: State) -> Outcome | None:
        if state.winners is None:
            return None
        return Outcome(tuple(state.winners), EndReason.WON if state.winners else EndReason.NOBODY, state.reason,
                       reason_word(state.reason))

RULESET = ValleyRuleset()
