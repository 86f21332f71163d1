"""What a phase works with: the state being changed, the dice, the sheets, the log."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.contract import Event, OrderSheet
from engine.dice import Dice
from engine.messages import Msg
from engine.valley.state import State


@dataclass
class Context:
    state: State
    dice: Dice
    sheets: dict[str, OrderSheet] = field(default_factory=dict)
    log: list[Event] = field(default_factory=list)
    phase: str = ""
    effects: set[tuple[str, ...]] = field(default_factory=set)   # fate cards acting this turn

    def has(self, *effect: str) -> bool:
        return tuple(effect) in self.effects

    def say(self, text: str | Msg, to: str | None = None, *, by: str | None = None) -> None:
        """Log a line (a message, which the mail layer translates, or a plain English
        text); ``to`` keeps it private to one seat, ``by`` names the seat whose order
        it carries out (see :class:`engine.contract.Event`)."""
        message = text if isinstance(text, Msg) else None
        self.log.append(Event(self.phase, None if message is not None else str(text), to, by, message))

    def orders(self, player: str, kind: type) -> list[Any]:
        sheet = self.sheets.get(player)
        return [o for o in sheet.orders if isinstance(o, kind)] if sheet else []

    def standing(self, player: str, key: str) -> str:
        return self.state.tribes[player].standing[key]
