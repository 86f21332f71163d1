"""The typed orders of Dewan, each printing its normal form.

The normal form is what the answer echoes and what kept pre-orders store:
keywords in capitals, hexes as map names, cards in card notation. Reading a
normal form back gives the same order.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Take:
    """Take the face-up cards at row positions ``first`` and ``second`` (first < second);
    with ``cards``, only while those positions still show those cards."""

    first: int
    second: int
    cards: tuple[str, str] | None = None
    line: int = field(default=0, compare=False)

    def __str__(self) -> str:
        guard = f" IF {self.cards[0]} {self.cards[1]}" if self.cards else ""
        return f"TAKE {self.first} {self.second}{guard}"


@dataclass(frozen=True)
class Camp:
    """Place a camp at the end of ``path`` (which starts on one of the seat's camps)."""

    path: tuple[str, ...]
    pay: tuple[str, ...] = ()          # () = the cheapest payment from the hand
    story: int = 0                     # the story row position for a story bonus; 0 = the default
    tuck: str = ""                     # the card to tuck for a tuck bonus; '' = none
    line: int = field(default=0, compare=False)
    tile: str = ""                     # with ``story``: only while that position shows this tile

    @property
    def destination(self) -> str:
        return self.path[-1]

    def __str__(self) -> str:
        text = "CAMP " + "-".join(self.path)
        if self.pay:
            text += " PAY " + " ".join(self.pay)
        if self.story:
            text += f" STORY {self.story}" + (f" IF {self.tile}" if self.tile else "")
        if self.tuck:
            text += f" TUCK {self.tuck}"
        return text


@dataclass(frozen=True)
class Pick:
    """The setup draft: take the story tile at ``position`` of the story row;
    with ``tile``, only while that position still shows that tile."""

    position: int
    tile: str = ""
    line: int = field(default=0, compare=False)

    def __str__(self) -> str:
        return f"STORY {self.position}" + (f" IF {self.tile}" if self.tile else "")


@dataclass(frozen=True)
class Next:
    """Not an order: the line between the orders for one decision and those for the seat's
    next move (``NEXT``). A sheet is the decision now, then a block for each later move."""

    line: int = field(default=0, compare=False)

    def __str__(self) -> str:
        return "NEXT"


Order = Take | Camp | Pick | Next


def is_move(order: Order) -> bool:
    """A turn's action (TAKE or CAMP), as opposed to the draft's STORY."""
    return isinstance(order, (Take, Camp))


def blocks(orders: list[Order]) -> list[list[Order]]:
    """The orders of a sheet split at each NEXT: the block for the decision now (or, for a
    seat not to move, its next one), then one for each later move; empty blocks left out."""
    out: list[list[Order]] = [[]]
    for order in orders:
        if isinstance(order, Next):
            out.append([])
        else:
            out[-1].append(order)
    return [b for b in out if b] or [[]]


def joined(parts: list[list[Order]]) -> list[Order]:
    """Blocks written back as one list of orders, a NEXT between each two."""
    out: list[Order] = []
    for block in (b for b in parts if b):
        if out:
            out.append(Next())
        out.extend(block)
    return out
