"""Turn reports and other mail bodies, rendered with jinja2 from templates/."""
from __future__ import annotations

import textwrap
from functools import lru_cache
from importlib import resources
from typing import Any, Iterable

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

from engine.contract import Event
from engine.valley.carddocs import fate_line
from pbem.public import fields
from pbem.reports import asciimap, svgmap

PHASE_TITLES = {
    "setup": "Setup", "events": "1. Events", "arrivals": "2. Arrival of animals",
    "animals": "3. Movement of animals", "tribes": "4. Movement of tribes",
    "combat": "5. Combat", "survival": "6. Survival", "births": "7. Births",
    "planting": "8. Planting", "fate": "9. Fate cards", "end": "10. End of the turn",
}
WIDTH = 72


@lru_cache(maxsize=1)
def env() -> Environment:
    root = resources.files("pbem.templates")
    return Environment(loader=FileSystemLoader(str(root)), undefined=StrictUndefined,
                       autoescape=select_autoescape(["html"]), keep_trailing_newline=True,
                       trim_blocks=True, lstrip_blocks=True)


def render(name: str, **context: Any) -> str:
    return env().get_template(name).render(**context)


def wrap(text: str, indent: str = "  ") -> list[str]:
    return textwrap.wrap(text, WIDTH, initial_indent=indent, subsequent_indent=indent + "  ") or [indent]


def visible(events: Iterable[Event | dict], seat: str | None) -> list[tuple[str, list[str]]]:
    """Events this seat may read, grouped by phase in the order they happened."""
    groups: list[tuple[str, list[str]]] = []
    for e in events:
        phase, text, to, _by = fields(e)     # stored events may lack "by" (older logs)
        if to is not None and to != seat:
            continue
        title = PHASE_TITLES.get(phase, phase)
        if not groups or groups[-1][0] != title:
            groups.append((title, []))
        groups[-1][1].append(text + (" (only you see this)" if to else ""))
    return groups


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


def draw_maps(view: dict[str, Any]) -> tuple[list[str], str]:
    return asciimap.render(view), svgmap.render(view)


def valley_report(*, game: str, turn_no: int, seat: str | None, view: dict[str, Any],
                  events: Iterable[Event | dict], deadline: str, address: str,
                  missed: dict[str, int] | None = None,
                  maps: tuple[list[str], str] | None = None) -> tuple[str, str, str]:
    """(subject, text, html) of one seat's report (or the public one).
    ``maps`` (text map lines, SVG) may be given when they were drawn once for
    every seat of the turn: the board is public."""
    map_lines, svg = maps or draw_maps(view)
    when = f"{view['season']} turn {view['turn']} of year {view['year']}"
    if view["stage"] == "setup":
        when = "setup: place your tribe"
    groups = visible(events, seat)
    spaces = [(s["name"], _space_words(s)) for s in view["spaces"] if _space_words(s)]
    own_spaces = [s["name"] for s in view["spaces"] if seat and seat in s.get("tribes", {})]
    context = dict(
        game=game, turn_no=turn_no, seat=seat, view=view, when=when, deadline=deadline,
        address=address, map_lines=map_lines, legend=asciimap.legend(view),
        svg=svg, groups=groups, spaces=spaces, me=view["tribes"].get(seat) if seat else None,
        hints=may_order(view, seat), own_spaces=own_spaces, missed=missed or {},
        wrapped_groups=[(t, [line for text in texts for line in wrap(text)]) for t, texts in groups],
        wrapped_spaces=[line for n, words in spaces for line in wrap(f"{n}: {words}")],
        wrap=wrap,
        hand_lines=[line for c in (view["tribes"][seat]["hand"] or []) for line in wrap(fate_line(c))]
        if seat else [],
        hand_texts=[fate_line(c) for c in (view["tribes"][seat]["hand"] or [])] if seat else [],
    )
    subject = f"[{game}] turn {turn_no} report" + (f" for {seat}" if seat else "")
    if view["winners"] is not None:
        subject = f"[{game}] the game is over"
    return subject, render("reports/valley/report.txt", **context), render("reports/valley/report.html", **context)
