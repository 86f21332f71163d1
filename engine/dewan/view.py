"""What a seat (or the public, with no seat) sees of a Dewan position.

Hands are private: a seat sees its own cards; everybody sees how many
cards each hand holds. Kept pre-orders are shown to their seat only. The
rest is on the table for all: the map, the camps, the row, the discard,
tucked cards, story tiles held and completed, berries.
"""
from __future__ import annotations

from typing import Any

from engine.dewan import legal, scoring
from engine.dewan.state import OVER, State
from engine.messages import Msg


def view(st: State, seat: str | None, prompt: Msg | str | None) -> dict[str, Any]:
    """``prompt``: the question asked of the seat now (a message, or its English), or None."""
    me = seat if seat in st.players else None
    seats = st.players
    out: dict[str, Any] = {
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
