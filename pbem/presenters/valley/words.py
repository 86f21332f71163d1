"""What Valley says outside its report: HELP lines, the standings, the
short name of a turn, and the demo's game."""
from __future__ import annotations

from typing import Any

from engine.valley.carddocs import fate_line
from pbem.presenters import Demo, Standings


def help_lines(view: dict[str, Any]) -> list[str]:
    """The seat's fate cards and how to play them; none for the GM or a seat without cards."""
    me = view.get("me")
    hand = view["tribes"][me]["hand"] if me in view["tribes"] else []
    if not hand:
        return []
    return ["Your fate cards (PLAY <card> <arguments> on your order sheet):"] + [f"  {fate_line(c)}" for c in hand]


def standings(view: dict[str, Any]) -> Standings:
    """Camps first, then tokens on the board, then food; the later seat name
    first on a tie (the order the archive always had)."""
    rows = sorted(((len(t["camps"]), t["warriors"] + t["females"], t["food"], seat)
                   for seat, t in view["tribes"].items()), reverse=True)
    return Standings(columns=("camps", "tokens", "food"),
                     rows=[(seat, (camps, tokens, food)) for camps, tokens, food, seat in rows],
                     charted=("tokens", "camps", "food"))


def label(view: dict[str, Any]) -> str:
    return f"{view['season']} {view['turn']}, year {view['year']}"


def misspell(body: str) -> str:
    """The demo's broken sheet: its first MOVE mistyped, or a mistyped line added."""
    return body.replace("MOVE", "MOOVE", 1) if "MOVE" in body else body + "MOOVE 1W A1-A2\n"


DEMO = Demo(options={"board": "W1E2"}, misspell=misspell)
