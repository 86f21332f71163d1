"""What a seat (or the public, with no seat) sees of a Dewan position.

Hands are private: a seat sees its own cards; everybody sees how many
cards each hand holds. Kept pre-orders are shown to their seat only. The
rest is on the table for all: the map, the camps, the row, the discard,
tucked cards, story tiles held and completed, berries.

:class:`DewanView` declares every key of a view and its type.
"""
from __future__ import annotations

from typing import Any

from engine.contract import BaseView
from engine.dewan import legal, scoring
from engine.dewan.state import OVER, State
from engine.messages import Msg


class DewanView(BaseView):
    """A position as a seat (or the public) sees it."""

    stage: str                        # draft | play | over
    round: int
    step: int
    turns: int                        # actions played so far
    to_move: str | None               # None once the game is over
    first_player: str
    board: dict[str, Any]             # the map: engine.dewan.board.Board.to_spec()
    row: list[str]                    # the face-up cards; '' a gap
    deck_size: int
    discard: list[str]
    story_row: list[str]              # the face-up story tiles; '' once they run out
    story_deck_size: int
    tiles: dict[str, dict[str, Any]]  # story id -> its definition (data/*.json), for every tile in sight
    camps: dict[str, list[str]]       # by seat, the start camp first
    left: dict[str, int]              # camps still on each tribe board
    next_bonus: dict[str, str]        # what each seat's next camp gives: story, tuck, fire or ''
    hand_sizes: dict[str, int]
    tucked: dict[str, list[str]]
    stories: dict[str, list[str]]     # held, not yet completed
    done: dict[str, list[str]]        # completed
    berries: dict[str, int]
    fire: dict[str, int]
    round_ends: bool
    scoring: dict[str, int]
    points: dict[str, dict[str, int]]  # seat -> scoring line -> points
    scores: dict[str, int] | None     # the final scores, once the game is over
    winners: list[str] | None
    hand: list[str] | None            # the seat's own view only
    pre_orders: list[str]             # the seat's own kept pre-orders ([] in any other view)


def view(st: State, seat: str | None, prompt: Msg | str | None) -> DewanView:
    """``prompt``: the question asked of the seat now (a message, or its English), or None."""
    me = seat if seat in st.players else None
    seats = st.players
    out: DewanView = {
        "ruleset": "dewan", "players": list(seats), "me": me, "stage": st.stage,
        "round": st.round, "step": st.step, "turns": st.turns,
        "to_move": st.to_move if st.stage != OVER else None, "first_player": st.first_player,
        "board": st.board_spec, "row": list(st.row), "deck_size": len(st.deck),
        "discard": list(st.discard), "story_row": list(st.story_row), "story_deck_size": len(st.story_deck),
        "tiles": {t: st.tiles[t] for t in sorted({t for p in seats for t in st.stories[p] + st.done[p]}
                                                 | {t for t in st.story_row if t})},
        "camps": {p: list(st.camps[p]) for p in seats}, "left": dict(st.left),
        "next_bonus": {p: legal.bonus(st.placed(p) + 1) if st.left[p] else "" for p in seats},
        "hand_sizes": {p: len(st.hands[p]) for p in seats},
        "tucked": {p: list(st.tucked[p]) for p in seats},
        "stories": {p: list(st.stories[p]) for p in seats}, "done": {p: list(st.done[p]) for p in seats},
        "berries": dict(st.berries), "fire": {p: st.fire(p) for p in seats},
        "round_ends": st.round_ends, "scoring": dict(st.scoring),
        "points": {p: scoring.lines(st, p) for p in seats},
        "scores": None if st.scores is None else dict(st.scores),
        "winners": None if st.winners is None else list(st.winners),
        "prompt": str(prompt or "") if me else "",
        "prompt_message": prompt.to_dict() if me and isinstance(prompt, Msg) else None,
        "hand": list(st.hands[me]) if me else None,
        "pre_orders": list(st.plans[me].lines) if me and me in st.plans else [],
    }
    return out
