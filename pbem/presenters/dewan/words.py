"""What Dewan says in words: the step's name, the standings, the seats'
marks and colours, a story tile and what a clan has of it, a clan's table,
and the view made back into a position for the checks of engine.dewan.legal."""
from __future__ import annotations

from typing import Any

from engine.dewan.board import Board
from engine.dewan.state import OVER, State, story_from
from engine.dewan.stories import Holding, describe, have
from pbem.presenters import Standings
from pbem.presenters.dewan.svgmap import seat_letters

SEAT_COLOURS = ["#c0392b", "#2563b0", "#2e8b3a", "#b8860b"]
BONUS = {"story": "a story tile", "tuck": "a tuck", "fire": "1 more fire and the last round"}


def marks(view: dict[str, Any]) -> dict[str, str]:
    return seat_letters(list(view["players"]))


def colours(view: dict[str, Any]) -> dict[str, str]:
    return {p: SEAT_COLOURS[i % len(SEAT_COLOURS)] for i, p in enumerate(view["players"])}


def when(view: dict[str, Any]) -> str:
    """Where the game stands: the draft, a round and who moves, or the end."""
    if view["stage"] == OVER:
        return f"the game is over after round {view['round']}"
    if view["stage"] == "draft":
        return f"the story draft, {view['to_move']} to pick"
    return f"round {view['round']}, {view['to_move']} to move"


def label(view: dict[str, Any]) -> str:
    """The same, short, for the list of steps."""
    if view["stage"] == OVER:
        return f"round {view['round']}, the end"
    if view["stage"] == "draft":
        return "the draft"
    return f"round {view['round']}, {view['to_move']}"


def score(view: dict[str, Any], seat: str) -> int:
    """The final score, or what the seat would score if the game ended now."""
    if view["scores"] is not None:
        return int(view["scores"][seat])
    return sum(view["points"][seat].values())


def standings(view: dict[str, Any]) -> Standings:
    """Score first, then cards in hand (the rules' tie-break), then seat order."""
    def figures(seat: str) -> tuple[int, ...]:
        placed = len(view["camps"][seat]) - 1
        return (score(view, seat), len(view["done"][seat]), view["fire"][seat], placed,
                view["hand_sizes"][seat])

    order = sorted(view["players"], key=lambda p: (-figures(p)[0], -figures(p)[4], view["players"].index(p)))
    return Standings(columns=("score", "stories", "fire", "camps", "cards"),
                     rows=[(p, figures(p)) for p in order], charted=("score", "camps", "stories"))


def board_of(view: dict[str, Any]) -> Board:
    return Board.from_spec(view["board"])


def holding(view: dict[str, Any], seat: str) -> Holding:
    return Holding(frozenset(view["camps"][seat]), tuple(view["tucked"][seat]), view["berries"][seat])


def story_text(view: dict[str, Any], tile: str, seat: str | None = None, board: Board | None = None) -> str:
    """A story tile in words; with ``seat``, how much of each need that clan has."""
    story = story_from(view["tiles"][tile])
    worth = f"{story.points} points" + (f", {story.fire} fire" if story.fire else "")
    needs = []
    for need in story.needs:
        text = describe(need)
        if seat is not None:
            got = have(need, board or board_of(view), holding(view, seat))
            text += f" (has {min(got, need.count)})"
        needs.append(text)
    return f"{tile} {story.name} ({worth}): needs " + ", ".join(needs)


def clan_texts(view: dict[str, Any], seat: str, board: Board) -> list[str]:
    """One clan's table as short sentences, each to be wrapped; no hand cards."""
    camps = view["camps"][seat]
    left, bonus = view["left"][seat], view["next_bonus"][seat]
    head = f"{seat} ({marks(view)[seat]}): {left} camp{'s' * (left != 1)} left"
    if bonus and view["stage"] != OVER:
        head += f", the next gives {BONUS[bonus]}"
    size = view["hand_sizes"][seat]
    head += f"; {size} card{'s' * (size != 1)} in hand; fire {view['fire'][seat]}; berries {view['berries'][seat]}"
    if seat == view["to_move"]:
        head += "; to move"
    texts = [head, f"camps: {camps[0]} (start)" + "".join(f", {c}" for c in camps[1:])]
    texts += [f"story held: {story_text(view, t, seat, board)}" for t in view["stories"][seat]]
    texts += [f"story done: {story_text(view, t)}" for t in view["done"][seat]]
    texts.append("tucked: " + (" ".join(view["tucked"][seat]) or "none"))
    return texts


def score_text(view: dict[str, Any], seat: str) -> str:
    parts = ", ".join(f"{k} {v}" for k, v in view["points"][seat].items())
    return f"{seat} {score(view, seat)} ({parts})"


def position(view: dict[str, Any]) -> State:
    """The view as a State for legal.py's checks: the reader's hand is its own,
    every other hand is empty (the view does not hold them), no pre-orders."""
    seats, me = list(view["players"]), view.get("me")
    return State(
        board_spec=view["board"], players=seats, options={}, tiles=dict(view["tiles"]),
        to_move=view["to_move"] or seats[0], first_player=view["first_player"], stage=view["stage"],
        row=list(view["row"]), deck=[], discard=list(view["discard"]),
        camps={p: list(v) for p, v in view["camps"].items()}, left=dict(view["left"]),
        hands={p: list(view["hand"] or []) if p == me else [] for p in seats},
        tucked={p: list(v) for p, v in view["tucked"].items()},
        stories={p: list(v) for p, v in view["stories"].items()},
        done={p: list(v) for p, v in view["done"].items()}, story_row=list(view["story_row"]),
        berries=dict(view["berries"]), round_ends=view["round_ends"], round=view["round"],
        turns=view["turns"], step=view["step"], scoring=dict(view["scoring"]))
