"""Dewan (2-4 players) as a pure engine: the ruleset the mail layer calls.

Camps are placed across a map of hex tiles to meet the stories'
requirements. The game is sequential: after the setup draft of story
tiles, each seat in turn takes two cards or places a camp. Any seat may
send its next move ahead as pre-orders (``TAKE 2 3 IF F M``), so a turn
costs one mail per player: ``resolve`` plays every move a kept pre-order
answers and stops where a seat must be asked, or at the end of a round.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.contract import EndReason, Event, OrderSheet, Outcome, Resolution
from engine.dewan import flow, heuristic, legal, parser, setup
from engine.dewan import view as views
from engine.dewan.orders import Pick, Take
from engine.dewan.state import DRAFT, OVER, State
from engine.dewan.view import DewanView
from engine.dice import Dice
from engine.messages import Msg
from engine.ruleset import BaseRuleset


class DewanRuleset(BaseRuleset):
    name = "dewan"
    title = "Dewan"
    min_players = setup.MIN_PLAYERS
    max_players = setup.MAX_PLAYERS
    options = setup.OPTIONS
    order_words = parser.KEYWORDS
    one_move_a_round = True
    counts_rounds = True              # "round 9, your move": the round is the game's own count
    state_type = State

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        return setup.check_options(options)

    def new_game(self, players: Sequence[str], options: dict[str, Any], seed: int | str) -> State:
        return setup.new_game(players, options, seed)

    def awaiting(self, state: State) -> frozenset[str]:
        """The seat to move, unless a kept pre-order answers its move or it has nothing to do."""
        if state.stage == OVER:
            return frozenset()
        seat = state.to_move
        if flow.answer(state, seat) is not None or not legal.playable(state, seat):
            return frozenset()
        return frozenset({seat})

    def simultaneous(self, state: State) -> bool:
        return False

    def prompt_message(self, state: State, player: str) -> Msg | None:
        """The question asked of ``player`` now as a message (engine.messages), or None."""
        if player not in self.awaiting(state):
            return None
        if state.stage == DRAFT:
            return Msg("your story pick: STORY 1 to 5, the story row position of the tile you take")
        return Msg("your move in round {round}: TAKE two cards next to each other, or CAMP on a hex",
                   round=state.round)

    def pre_orders_message(self, state: State, player: str) -> Msg | None:
        """``pre_orders`` as a message, for the reader's language."""
        if state.stage == OVER or player not in state.players or player in self.awaiting(state):
            return None
        if state.stage == DRAFT and state.players.index(player) < state.players.index(state.to_move):
            return Msg("your story pick in the draft (STORY), and your first move")
        return Msg("your next move (TAKE or CAMP, with IF to guard a TAKE)")

    def round_of(self, state: State) -> int:
        """The round of play; the setup draft is a round of its own (0), so its picks are
        everybody's news before the first move, and the first seat of round 1 opens it."""
        return flow.round_now(state)

    def parse_orders(self, state: State, player: str, text: str) -> OrderSheet:
        return parser.parse(state, player, text)

    def resolve(self, state: State, sheets: dict[str, OrderSheet], dice: Dice) -> Resolution:
        """Keep the sheets of seats not to move as pre-orders, play the mover's sheet,
        then run as far as kept pre-orders go."""
        st = state.copy()
        log: list[Event] = []
        if st.stage == OVER:
            return Resolution(st, ())
        awaited = self.awaiting(state)
        for seat in st.players:
            if seat in sheets and seat not in awaited:
                flow.keep(st, seat, sheets[seat], log)
        st.step += 1
        mover = sheets.get(st.to_move) if st.to_move in awaited else None
        flow.run(st, dice, log, mover)
        return Resolution(st, tuple(log))

    def default_orders(self, state: State, player: str) -> OrderSheet:
        """A missed move: STORY 1 in the draft; else the first two cards next to each
        other (TAKE 1 2 when the row is full), else the first camp it can pay."""
        if state.stage == OVER or state.to_move != player:
            return OrderSheet(player)
        if state.stage == DRAFT:
            return OrderSheet(player, (Pick(next((i + 1 for i, t in enumerate(state.story_row) if t), 1)),))
        pairs = legal.pairs(state)
        order = Take(*pairs[0]) if pairs else legal.any_camp(state, player)
        return OrderSheet(player, (order,) if order else ())

    def bot_orders(self, state: State, player: str, rng: random.Random) -> OrderSheet:
        """The heuristic bot (engine.dewan.heuristic); the simple one is engine.dewan.bots."""
        return heuristic.orders(state, player, rng)

    def view(self, state: State, player: str | None) -> DewanView:
        seat = player if player in state.players else None
        return views.view(state, seat, self.prompt_message(state, seat) if seat else None)

    def outcome(self, state: State) -> Outcome | None:
        if state.stage != OVER or not state.winners or state.scores is None:
            return None
        best = state.scores[state.winners[0]]
        tied = len(state.winners) > 1
        said = (Msg("scored {points} points, tied on points and cards in hand", points=best) if tied else
                Msg("scored {points} points", points=best))
        return Outcome(tuple(state.winners), EndReason.SCORED, str(said), said)

RULESET = DewanRuleset()
