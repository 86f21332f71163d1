"""Pure game rules for pbem: no files, no clock, no mail, no database.

Every game implements :class:`engine.contract.Ruleset`; the mail layer only
ever talks to that interface.
"""
from engine.contract import (
    EndReason,
    Event,
    Option,
    OrderSheet,
    Outcome,
    Problem,
    Resolution,
    Ruleset,
)
from engine.dice import Dice, DiceError, ScriptedDice, SeededDice
from engine.registry import get_ruleset, ruleset_names

__all__ = [
    "Dice", "DiceError", "EndReason", "Event", "Option", "OrderSheet", "Outcome", "Problem",
    "Resolution", "Ruleset", "ScriptedDice", "SeededDice", "get_ruleset",
    "ruleset_names",
]
