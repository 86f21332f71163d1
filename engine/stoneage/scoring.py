"""Final scoring: the civilization cards' bottoms, the resources left, and the tie-break.

Green cards score the square of each set of distinct culture symbols (a
second copy of a symbol starts a further set). Each sand figure scores what
its kind counts: farmers the agriculture level, tool makers the permanent
tools' total, hut builders the building tiles, shamans the people, traders
(option merchant) the merchant level. Each resource left scores 1; jewels
score nothing. Ties go to the highest agriculture + tools + people;
seats still tied share the win.
"""
from __future__ import annotations

from collections import Counter

from engine.stoneage.cards import CARDS, Multiplier
from engine.stoneage.state import PlayerBoard, State


def green_points(cards: list[str]) -> int:
    """Each set of distinct culture symbols scores its size squared."""
    symbols = Counter(CARDS[c].culture for c in cards if CARDS[c].green)
    points = 0
    while symbols:
        points += len(symbols) ** 2
        symbols = Counter({s: n - 1 for s, n in symbols.items() if n > 1})
    return points


_MULTIPLIERS = tuple(Multiplier)         # iterated once: an enum's iteration is a generator


def figures(cards: list[str]) -> dict[Multiplier, int]:
    """Sand figures owned, by kind."""
    out = dict.fromkeys(_MULTIPLIERS, 0)
    for card in cards:
        if CARDS[card].multiplier is not None:
            out[CARDS[card].multiplier] += CARDS[card].figures
    return out


def breakdown(board: PlayerBoard) -> dict[str, int]:
    """What the end of the game adds to the seat's score, part by part."""
    count = figures(board.cards)
    return {
        "green": green_points(board.cards),
        "farmers": count[Multiplier.FARMER] * board.agriculture,
        "tool_makers": count[Multiplier.TOOL_MAKER] * board.tool_total,
        "hut_builders": count[Multiplier.HUT_BUILDER] * len(board.buildings),
        "shamans": count[Multiplier.SHAMAN] * board.people,
        "resources": board.resources,
        **({"traders": count[Multiplier.TRADER] * board.merchant} if count[Multiplier.TRADER] else {}),
    }


def final_score(board: PlayerBoard) -> int:
    """The score the seat ends with: its score so far plus the end's points."""
    return board.score + sum(breakdown(board).values())


def tie_break(board: PlayerBoard) -> int:
    return board.agriculture + board.tool_total + board.people


def winners(st: State) -> list[str]:
    """The seats with the best score, then the best tie-break, in seat order."""
    best = max((b.score, tie_break(b)) for b in st.boards.values())
    return [p for p in st.players if (st.board(p).score, tie_break(st.board(p))) == best]
