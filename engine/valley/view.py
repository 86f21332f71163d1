"""The view model the report templates render: a player sees their own hand only."""
from __future__ import annotations

from typing import Any

from engine import hexgrid
from engine.valley.eventcards import EVENTS
from engine.valley.planting import planting_turn
from engine.valley.state import State


def view(st: State, player: str | None) -> dict[str, Any]:
    board = st.board
    spaces = []
    for name in board.names:
        sp = st.peek(name)
        h = board.hexes[name]
        entry: dict[str, Any] = {"name": name, "terrain": h.terrain, "region": h.region,
                                 "fishing": st.fishing(name)}
        if sp is not None:
            entry.update(sp.to_dict())
        spaces.append(entry)
    tribes = {}
    for p in st.players:
        t = st.tribes[p]
        tot = st.totals(p)
        tribes[p] = {
            "food": t.food, "warriors": tot.w, "females": tot.f, "camps": st.camps(p),
            "fire": t.fire, "cards": len(t.hand), "warned": t.warned, "out": t.out,
            "came_back": t.resurrected,
            "standing": dict(t.standing) if p == player else None,
            "hand": list(t.hand) if p == player else None,
        }
    return {
        "ruleset": "valley", "board": st.board_ref.get("name"), "options": dict(st.options),
        "year": st.year, "season": st.season, "turn": st.turn, "game_turn": st.game_turn,
        "planting_turn": planting_turn(st),
        "stage": st.stage, "first_player": st.first_player, "turn_order": st.turn_order(),
        "players": list(st.players), "me": player, "tribes": tribes, "spaces": spaces,
        "rivers": sorted(f"{a}|{b}" for a, b in board.rivers),
        "arrivals": {k: board.arrivals[k] for k in sorted(board.arrivals)},
        "lasting": [{"id": c, "name": EVENTS[c].name, "text": EVENTS[c].text, "until": EVENTS[c].lasting}
                    for c in st.lasting], "winners": st.winners, "reason": st.reason,
        "sort": [hexgrid.sort_key(s["name"]) for s in spaces],
    }
