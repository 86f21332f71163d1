"""The view model the report templates render: a player sees their own hand only.

:class:`ValleyView` declares every key of a view and its type."""
from __future__ import annotations

from typing import Any, TypedDict, cast

from engine import hexgrid
from engine.contract import BaseView
from engine.messages import Msg
from engine.valley.eventcards import EVENTS
from engine.valley.planting import planting_turn
from engine.valley.state import State


class ValleyTribe(TypedDict):
    """One seat's tribe: counts for all, its standing orders and fate cards for its seat only."""

    food: int
    warriors: int
    females: int
    camps: list[str]                  # the spaces of its camps
    fire: bool
    cards: int                        # fate cards in hand
    warned: bool
    out: bool
    came_back: bool
    standing: dict[str, str] | None   # the seat's own view only, else None
    hand: list[str] | None            # the fate cards' ids: the seat's own view only, else None


class ValleyMarks(TypedDict, total=False):
    """What lies on a space (engine.valley.state.Space.to_dict): each key only when there is some."""

    tribes: dict[str, list[int]]      # seat -> [warriors, females]
    animals: dict[str, list[str]]     # species -> token letters
    camp: str                         # the seat whose camp it is
    crop: str                         # "ok" or "damaged"
    wildfire: bool
    flooded: bool
    lava: bool


class ValleySpace(ValleyMarks):
    """A space of the board, every one, with what lies on it."""

    name: str
    terrain: str
    region: int | None
    fishing: bool


class ValleyLasting(TypedDict):
    """An event card lying face up."""

    id: str
    name: str
    text: str
    until: str                        # "turn" or "season"


class ValleyView(BaseView):
    """A position as a seat (or the public) sees it."""

    board: str | None                 # the standard board's name, or "custom"
    options: dict[str, Any]
    year: int
    season: str                       # summer | winter
    turn: int                         # the turn of the season
    game_turn: int
    planting_turn: bool
    stage: str                        # setup | orders | over
    first_player: str
    turn_order: list[str]
    tribes: dict[str, ValleyTribe]    # by seat
    spaces: list[ValleySpace]
    rivers: list[str]                 # "A1|A2": a river between two spaces
    arrivals: dict[str, str]          # arrival letter -> space
    lasting: list[ValleyLasting]
    winners: list[str] | None         # None while the game goes on
    reason: str
    sort: list[tuple[int, int]]       # each space's sort key, in the order of ``spaces``


def _spaces(st: State) -> list[ValleySpace]:
    out = []
    for name in st.board.names:
        sp = st.peek(name)
        h = st.board.hexes[name]
        entry: ValleySpace = {"name": name, "terrain": h.terrain, "region": h.region, "fishing": st.fishing(name)}
        if sp is not None:
            entry.update(cast(ValleyMarks, sp.to_dict()))
        out.append(entry)
    return out


def _tribe(st: State, p: str, mine: bool) -> ValleyTribe:
    t = st.tribes[p]
    tot = st.totals(p)
    return {
        "food": t.food, "warriors": tot.w, "females": tot.f, "camps": st.camps(p),
        "fire": t.fire, "cards": len(t.hand), "warned": t.warned, "out": t.out,
        "came_back": t.resurrected,
        "standing": dict(t.standing) if mine else None,
        "hand": list(t.hand) if mine else None,
    }


def view(st: State, player: str | None, prompt: Msg | None = None) -> ValleyView:
    """The game as ``player`` sees it (None: the public); ``prompt``: the question asked of it now."""
    board = st.board
    spaces = _spaces(st)
    return {
        "ruleset": "valley", "board": st.board_ref.get("name"), "options": dict(st.options),
        "year": st.year, "season": st.season, "turn": st.turn, "game_turn": st.game_turn,
        "planting_turn": planting_turn(st),
        "stage": st.stage, "first_player": st.first_player, "turn_order": st.turn_order(),
        "players": list(st.players), "me": player, "tribes": {p: _tribe(st, p, p == player) for p in st.players},
        "spaces": spaces, "rivers": sorted(f"{a}|{b}" for a, b in board.rivers),
        "arrivals": {k: board.arrivals[k] for k in sorted(board.arrivals)},
        "lasting": [{"id": c, "name": EVENTS[c].name, "text": EVENTS[c].text, "until": EVENTS[c].lasting}
                    for c in st.lasting], "winners": st.winners, "reason": st.reason,
        "sort": [hexgrid.sort_key(s["name"]) for s in spaces],
        "prompt": "" if prompt is None else str(prompt),
        "prompt_message": None if prompt is None else prompt.to_dict(),
    }
