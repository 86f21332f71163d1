"""What every ruleset shares: a base class a game's ruleset stands on, giving the contract's
optional hooks their defaults and the members most games write the same way.

A game's ruleset subclasses :class:`BaseRuleset`, names its state class (``state_type``, with
``to_json`` and ``from_json``) and writes what is its own: setup, who is awaited, the questions,
parsing, resolving, bots, the view (its own TypedDict on :class:`engine.contract.BaseView`) and the
outcome. The mail layer calls every hook of :class:`engine.contract.Ruleset` directly, so a hook a
game has no use for keeps the default here.
"""
from __future__ import annotations

from typing import Any, Sequence

from engine.common import checked_options
from engine.contract import Option, OrderSheet, Problem
from engine.messages import Msg


class BaseRuleset:
    name: str
    title: str
    min_players: int
    max_players: int
    options: Sequence[Option] = ()
    order_words: Sequence[str] = ()
    one_move_a_round = False      # in turn, each seat moving once a round (see engine.contract.Ruleset)
    counts_rounds = False         # players name a position by its round
    state_type: Any               # the state's class: to_json() and from_json(text)

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """The declared options with their defaults, the given ones read; ValueError otherwise."""
        return checked_options(self.options, options)

    def steps_are_rounds(self, options: dict[str, Any]) -> bool:
        """A step is one move or turn, not a whole round."""
        return False

    def seat_name_problem(self, name: str) -> Msg | str:
        """Why ``name`` cannot name a seat (beyond the mail layer's own rules), or ''."""
        return ""

    def players(self, state: Any) -> Sequence[str]:
        return list(state.players)

    def prompt(self, state: Any, player: str) -> str:
        message = self.prompt_message(state, player)
        return "" if message is None else str(message)

    def prompt_message(self, state: Any, player: str) -> Msg | None:
        """The question asked of ``player`` now as a message the mail layer translates, or None
        (then the English of ``prompt`` is shown)."""
        return None

    def pre_orders(self, state: Any, player: str) -> str:
        message = self.pre_orders_message(state, player)
        return "" if message is None else str(message)

    def pre_orders_message(self, state: Any, player: str) -> Msg | None:
        """The later decision a sheet sent now answers, as a message; None: no use for one."""
        return None

    def notes(self, state: Any, player: str, sheet: OrderSheet) -> Sequence[Problem]:
        """What a clean sheet likely did not mean (it is stored all the same); none by default."""
        return ()

    def default_orders(self, state: Any, player: str) -> OrderSheet:
        """A seat that sent nothing sends an empty sheet: its standing orders, if any, play."""
        return OrderSheet(player)

    def to_json(self, state: Any) -> str:
        return state.to_json()

    def from_json(self, text: str) -> Any:
        return self.state_type.from_json(text)
