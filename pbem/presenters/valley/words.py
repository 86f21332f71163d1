"""What Valley says outside its report: the standings, the short name of a
turn, and the demo's game; its HELP lines are made in help.py."""
from __future__ import annotations

from engine.valley.words import season_word
from engine.valley.view import ValleyView
from pbem.i18n import N_, _
from pbem.presenters import Demo, Standings
from pbem.presenters.valley.help import help_lines
from pbem.reports.render import spoken

# What a seat that sends nothing does (its reminder ends with it).
IDLE = N_("Without orders your tribe holds this turn.")

__all__ = ["DEMO", "help_lines", "label", "misspell", "standings"]


def standings(view: ValleyView) -> Standings:
    """Camps first, then tokens on the board, then food; the later seat name
    first on a tie (the order the archive always had)."""
    rows = sorted(((len(t["camps"]), t["warriors"] + t["females"], t["food"], seat)
                   for seat, t in view["tribes"].items()), reverse=True)
    return Standings(columns=(N_("camps"), N_("tokens"), N_("food")),
                     rows=[(seat, (camps, tokens, food)) for camps, tokens, food, seat in rows],
                     charted=("tokens", "camps", "food"))


def label(view: ValleyView) -> str:
    """"winter 2, year 1", in the reader's language."""
    return _("{season} {turn}, year {year}").format(season=spoken(season_word(view["season"])),
                                                     turn=view["turn"], year=view["year"])


def misspell(body: str) -> str:
    """The demo's broken sheet: its first MOVE mistyped, or a mistyped line added."""
    return body.replace("MOVE", "MOOVE", 1) if "MOVE" in body else body + "MOOVE 1W A1-A2\n"


DEMO = Demo(options={"board": "W1E2"}, misspell=misspell)
