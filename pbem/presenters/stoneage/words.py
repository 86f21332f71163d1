"""What Stone Age says outside its report, and the words of a player board:
the step's name, the standings (HELP lines: help.py)."""
from __future__ import annotations

from collections import Counter
from typing import Any

from engine.stoneage.cards import CARDS
from pbem.presenters import Standings
from pbem.presenters.stoneage.help import help_lines

__all__ = ["board_texts", "card_words", "help_lines", "label", "standings", "tool_words", "variant_words",
           "when"]

GOODS = ("food", "wood", "clay", "stone", "gold")


def when(view: dict[str, Any]) -> str:
    """Where the game stands: "round 3, placement", or that it is over."""
    if view["over"]:
        return f"the game is over after round {view['round']}"
    return f"round {view['round']}, {view['stage']}"


def label(view: dict[str, Any]) -> str:
    """The same, short: the round, and the stage when a round takes more than one step."""
    if view["over"]:
        return f"round {view['round']}, the end"
    if view["options"].get("placement") == "live":
        return f"round {view['round']}, {view['stage']}"
    return f"round {view['round']}"


def standings(view: dict[str, Any]) -> Standings:
    """Score first, then agriculture + tools + people (the rules' tie-break), then seat order.
    The variants add their columns: igloos built, jewels and the merchant level."""
    extra = [c for c, on in (("igloos", "igloos_left" in view), ("jewels", bool(view["options"].get("merchant"))),
                             ("merchant level", bool(view["options"].get("merchant")))) if on]

    def figures(seat: str) -> tuple[int, ...]:
        b = view["boards"][seat]
        more = {"igloos": len(b.get("igloos", [])), "jewels": b.get("jewels", 0),
                "merchant level": b.get("merchant_level", 0)}
        return (b["score"], b["people"], b["agriculture"], sum(b["tools"]), b["food"], *(more[c] for c in extra))

    order = sorted(view["players"], key=lambda p: (-figures(p)[0], -sum(figures(p)[1:4]),
                                                   view["players"].index(p)))
    return Standings(columns=("score", "people", "agriculture", "tools", "food", *extra),
                     rows=[(p, figures(p)) for p in order], charted=("score", "people", "agriculture"))


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def card_words(cards: list[str], hidden: int, mine: bool) -> str:
    """Cards by culture symbol and by multiplier; the last ``hidden`` are face down."""
    seen = cards[:len(cards) - hidden] if mine and hidden else cards
    cultures = sorted(CARDS[c].culture.value for c in seen if CARDS[c].culture is not None)
    figures: Counter[str] = Counter()
    for c in seen:
        if CARDS[c].multiplier is not None:
            figures[CARDS[c].multiplier.value.replace("_", " ")] += CARDS[c].figures
    parts = [("symbols " + ", ".join(cultures)) if cultures else "no symbols"]
    parts.append(", ".join(_plural(n, k) for k, n in sorted(figures.items())) or "no figures")
    if hidden and mine:
        parts.append("face down: " + "; ".join(str(CARDS[c]) for c in cards[len(cards) - hidden:]))
    elif hidden:
        parts.append(f"{hidden} face down")
    return "; ".join(parts)


def tool_words(board: dict[str, Any]) -> str:
    tools = [f"{v}{'*' if used else ''}" for v, used in zip(board["tools"], board["tools_used"])]
    text = "tools " + " ".join(tools)
    if any(board["tools_used"]):
        text += " (* used)"
    if board["one_use"]:
        text += ", one-use " + " ".join(map(str, board["one_use"]))
    return text


def variant_words(board: dict[str, Any]) -> list[str]:
    """The variants' lines of a board: its igloos (games with igloos), its harsh-winter
    points (games with the harsh winter), its jewels and merchant level (games with the
    merchant), its people left on wild animals (when it has some)."""
    out = []
    if "igloos" in board:
        kinds = Counter(board["igloos"])
        out.append(f"igloos: {len(board['igloos'])}" + (
            " (" + ", ".join(f"{n} {k}" for k, n in sorted(kinds.items())) + ")" if kinds else ""))
    if "winter_points" in board:
        out.append(f"harsh-winter extras: {board['winter_points']} points")
    if board.get("new_huts"):
        out.append("new huts: " + "; ".join(board["new_huts"]))
    if "jewels" in board:
        out.append(f"jewels {board['jewels']}, merchant level {board['merchant_level']}"
                   + (" (traded this round)" if board.get("traded") else ""))
    if board.get("held"):
        out.append("against the animals: " + ", ".join(f"{n} on the {k}" for k, n in board["held"].items()))
    return out


def board_texts(view: dict[str, Any], seat: str, mine: bool) -> list[str]:
    """One seat's board as short sentences, each to be wrapped."""
    b = view["boards"][seat]
    head = f"{seat}: score {b['score']}, {b['people']} people"
    if b["free"] and view["stage"] == "placement":
        head += f" ({b['free']} to place)"
    if seat == view["start_player"]:
        head += ", start player"
    texts = [head, ", ".join(f"{g} {b[g]}" for g in GOODS),
             f"agriculture {b['agriculture']}, " + tool_words(b)]
    texts.append("buildings: " + (" ".join(b["buildings"]) or "none"))
    texts += variant_words(b)
    texts.append("cards: " + card_words(b["cards"], b["face_down"], mine))
    if mine and "end_points" in b:
        parts = [f"{k.replace('_', ' ')} {n}" for k, n in b["end_points"].items() if n]
        texts.append(f"at the end you would add {sum(b['end_points'].values())}"
                     + (f" ({', '.join(parts)})" if parts else ""))
    return texts
