"""The Valley turn report: what the board shows, what happened, the tribes,
the seat's own tribe and hand, and the orders it may give now."""
from __future__ import annotations

from typing import Any, Iterable

from engine.contract import Event
from engine.valley.carddocs import fate_line
from pbem.presenters import Maps, Report
from pbem.presenters.valley import asciimap, svgmap
from pbem.reports.render import render, visible as grouped, wrap

PHASE_TITLES = {
    "setup": "Setup", "events": "1. Events", "arrivals": "2. Arrival of animals",
    "animals": "3. Movement of animals", "tribes": "4. Movement of tribes",
    "combat": "5. Combat", "survival": "6. Survival", "births": "7. Births",
    "planting": "8. Planting", "fate": "9. Fate cards", "end": "10. End of the turn",
}


def visible(events: Iterable[Event | dict], seat: str | None) -> list[tuple[str, list[str]]]:
    """Events this seat may read, under the rulebook's phase titles."""
    return grouped(events, seat, PHASE_TITLES)


def draw_maps(view: dict[str, Any]) -> Maps:
    return Maps(asciimap.render(view), svgmap.render(view))


def when(view: dict[str, Any]) -> str:
    if view["stage"] == "setup":
        return "setup: place your tribe"
    return f"{view['season']} turn {view['turn']} of year {view['year']}"


def _space_words(space: dict[str, Any]) -> str:
    parts = []
    for p, (w, f) in space.get("tribes", {}).items():
        parts.append(f"{p} {w}W {f}F".replace(" 0W", "").replace(" 0F", ""))
    if space.get("camp"):
        parts.append(f"{space['camp']}'s {'cave' if space['terrain'] in 'MV' else 'village'}")
    for s, v in space.get("animals", {}).items():
        parts.append(f"{len(v)} {s}")
    if space.get("crop"):
        parts.append("a crop" if space["crop"] == "ok" else "a damaged crop")
    for key, word in (("wildfire", "burning"), ("flooded", "flooded"), ("lava", "lava")):
        if space.get(key):
            parts.append(word)
    return ", ".join(parts)


def may_order(view: dict[str, Any], seat: str | None) -> list[str]:
    if seat is None or view["stage"] == "over":
        return []
    if view["stage"] == "setup":
        return ["PLACE <space> [<space> ...] - where to settle, best first",
                "PLANT <space> - a crop on your start village if it is on plains (1 food)"]
    hints = ["MOVE <tokens> <path> - e.g. MOVE 2W 1F C4-D4-D5",
             "CAMP <space> - a warrior and a female who stay set up a camp",
             "COMBAT <space> ... - the order of your combats",
             "LOSSES WARRIORS|FEMALES, CONQUER OCCUPY|BURN, STARVE WARRIORS|FEMALES"]
    if view.get("planting_turn"):
        hints.append("PLANT <space> - a crop on a plains village of yours (1 food): end of winter")
    if view["options"].get("fire"):
        hints.append("FIRE <space> - take fire (volcano, next to wildfire, lava)")
    if view["tribes"][seat]["hand"]:
        hints.append("PLAY <card> [arguments] - play a fate card")
    return hints


def _hand(view: dict[str, Any], seat: str | None) -> list[str]:
    """The seat's fate cards, each in words (none for the public)."""
    return [fate_line(c) for c in (view["tribes"][seat]["hand"] or [])] if seat else []


def report(*, game: str, turn_no: int, seat: str | None, view: dict[str, Any],
           events: Iterable[Event | dict], deadline: str, address: str,
           missed: dict[str, int] | None = None,
           maps: tuple[list[str], str] | None = None) -> Report:
    """(subject, text, html) of one seat's report (or the public one).
    ``maps`` (text map lines, SVG) may be given when they were drawn once for
    every seat of the turn: the board is public."""
    map_lines, svg = maps or draw_maps(view)
    groups = visible(events, seat)
    spaces = [(s["name"], _space_words(s)) for s in view["spaces"] if _space_words(s)]
    own_spaces = [s["name"] for s in view["spaces"] if seat and seat in s.get("tribes", {})]
    hand = _hand(view, seat)
    context = dict(
        game=game, turn_no=turn_no, seat=seat, view=view, when=when(view), deadline=deadline,
        address=address, map_lines=map_lines, legend=asciimap.legend(view),
        svg=svg, groups=groups, spaces=spaces, me=view["tribes"].get(seat) if seat else None,
        hints=may_order(view, seat), own_spaces=own_spaces, missed=missed or {},
        wrapped_groups=[(t, [line for text in texts for line in wrap(text)]) for t, texts in groups],
        wrapped_spaces=[line for n, words in spaces for line in wrap(f"{n}: {words}")],
        wrap=wrap, hand_lines=[line for text in hand for line in wrap(text)], hand_texts=hand,
    )
    subject = f"[{game}] turn {turn_no} report" + (f" for {seat}" if seat else "")
    if view["winners"] is not None:
        subject = f"[{game}] the game is over"
    return Report(subject, render("reports/valley/report.txt", **context),
                  render("reports/valley/report.html", **context))

