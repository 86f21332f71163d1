"""Terrain cards, written as the cases write them: the terrain letters
(``F``, or ``FM`` for a card that serves as either), then an optional
symbol after a slash (``F/fire``, ``M/crystal``, ``P/berry``).

A card is a plain string in the state, in this notation; these helpers read it.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine.dewan.board import SYMBOLS, TERRAINS
from engine.messages import Notation

CARD_SYMBOLS = ("fire", "berry") + SYMBOLS


def cards(text: str) -> Notation:
    """Cards (one, or several between spaces) as a message value: the mail layer shows them
    in the reader's letters and symbol words (engine/dewan/localwords.py)."""
    return Notation("dewan", text)


class CardError(ValueError):
    """Text that is not a terrain card, with what is wrong."""


@dataclass(frozen=True)
class Card:
    terrains: str          # one or two letters of TERRAINS
    symbol: str = ""       # one of CARD_SYMBOLS, or ''

    @property
    def text(self) -> str:
        return self.terrains + (f"/{self.symbol}" if self.symbol else "")

    def serves(self, terrain: str) -> bool:
        return terrain in self.terrains


@lru_cache(maxsize=512)
def card(text: str) -> Card:
    """The card a text names (case-insensitive terrains, lower-case symbol)."""
    letters, _, symbol = text.strip().partition("/")
    letters, symbol = letters.upper(), symbol.lower()
    if not 1 <= len(letters) <= 2 or any(t not in TERRAINS for t in letters) or len(set(letters)) != len(letters):
        raise CardError(f"{text!r} is not a terrain card (one or two of F, M, D, P, W, like F or FM)")
    if symbol and symbol not in CARD_SYMBOLS:
        raise CardError(f"{text!r}: {symbol!r} is not a card symbol ({', '.join(CARD_SYMBOLS)})")
    if "/" in text and not symbol:
        raise CardError(f"{text!r}: a slash is followed by a symbol ({', '.join(CARD_SYMBOLS)})")
    return Card("".join(sorted(letters, key="FMDPW".index)), symbol)


def normal(text: str) -> str:
    """The canonical spelling of a card text."""
    return card(text).text
