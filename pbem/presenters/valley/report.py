"""The Valley turn report: what the board shows, what happened, the tribes,
the seat's own tribe and hand, and the orders it may give now."""
from __future__ import annotations

from collections import Counter
from typing import Any, Iterable

from engine.contract import Event
from engine.valley.carddocs import fate_line
from engine.valley.fatecards import FATE
from pbem.presenters import Maps, Report
from pbem.presenters.valley import asciimap, svgmap
from pbem.public import fields
from pbem.reports.render import render, visible as grouped, wrap

PHASE_TITLES = {
    "setup": "Setup", "events": "1. Events", "arrivals": "2. Arrival of animals",
    "animals": "3. Movement of animals", "tribes": "4. Movement of tribes",
    "combat": "5. Combat", "survival": "6. Survival", "births": "7. Births",
    "planting": "8. Planting", "fate": "9. Fate cards", "end": "10. End of the turn",
}


END_PHASES = ("tribes", "combat", "survival", "births", "planting", "fate", "end")
START_PHASES = ("events", "arrivals", "animals")
_PHASE_OF = {title: phase for phase, title in PHASE_TITLES.items()}
Groups = list[tuple[str, list[str]]]


def visible(events: Iterable[Event | dict], seat: str | None) -> Groups:
    """Events this seat may read, under the rulebook's phase titles."""
    return grouped(events, seat, PHASE_TITLES)


def parts(groups: Groups, view: dict[str, Any]) -> list[tuple[str, Groups]]:
    """The phase groups under what they belong to: a resolve plays the end of the turn that
    was ordered (phases 4-10), then the start of the next one (phases 1-3), up to the orders."""
    out: list[tuple[str, Groups]] = []
    for title, lines in groups:
        phase = _PHASE_OF.get(title, "")
        if phase in END_PHASES:
            heading = "End of the turn just played (phases 4-10)"
        elif phase in START_PHASES:
            heading = f"Start of {when(view)} (phases 1-3)"
        else:
            heading = title
        if not out or out[-1][0] != heading:
            out.append((heading, []))
        out[-1][1].append((title, lines))
    return out


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
    hints = ["MOVE <tokens> <path> - e.g. MOVE 2W 1F C4-B4-B5",
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


def _hand(view: dict[str, Any], seat: str | None, events: list[Event | dict]) -> tuple[list[str], bool]:
    """The seat's fate cards (none for the public), a line a card with "2x" for copies: by name
    and how to play it, with the whole text in the first report of a season (when the cards
    are drawn) and for a card just drawn; HELP always gives the whole text. True when a line
    is short."""
    if not seat:
        return [], False
    hand = view["tribes"][seat]["hand"] or []
    drawn = {text.rsplit(" ", 1)[-1] for _phase, text, to, _by in map(fields, events)
             if to == seat and text.startswith("you draw the fate card ")}
    counts = Counter(hand)
    out, short = [], False
    for card_id in dict.fromkeys(hand):
        times = f"{counts[card_id]}x " if counts[card_id] > 1 else ""
        card = FATE.get(card_id)
        if card is None or view["turn"] == 1 or card_id in drawn:
            out.append(times + fate_line(card_id))
        else:
            out.append(f"{times}{card.name} ({f'PLAY {card.id} {card.args}'.strip()})")
            short = True
    return out, short


def report(*, game: str, turn_no: int, seat: str | None, view: dict[str, Any],
           events: Iterable[Event | dict], deadline: str, address: str,
           missed: dict[str, int] | None = None,
           maps: tuple[list[str], str] | None = None) -> Report:
    """(subject, text, html) of one seat's report (or the public one).
    ``maps`` (text map lines, SVG) may be given when they were drawn once for
    every seat of the turn: the board is public."""
    map_lines, svg = maps or draw_maps(view)
    events = list(events)
    groups = visible(events, seat)
    spaces = [(s["name"], _space_words(s)) for s in view["spaces"] if _space_words(s)]
    own_spaces = [s["name"] for s in view["spaces"] if seat and seat in s.get("tribes", {})]
    hand, short = _hand(view, seat, events)
    hints, event_parts = may_order(view, seat), parts(groups, view)
    context = dict(
        game=game, turn_no=turn_no, seat=seat, view=view, when=when(view), deadline=deadline,
        address=address, map_lines=map_lines, legend=asciimap.legend(view),
        svg=svg, groups=groups, spaces=spaces, me=view["tribes"].get(seat) if seat else None,
        hints=hints, own_spaces=own_spaces, missed=missed or {},
        hint_lines=[line for hint in hints for line in wrap(hint)],
        parts=event_parts,
        wrapped_parts=[(heading, [(t, [line for text in texts for line in wrap(text)]) for t, texts in part])
                       for heading, part in event_parts],
        wrapped_spaces=[line for n, words in spaces for line in wrap(f"{n}: {words}")],
        wrap=wrap, hand_lines=[line for text in hand for line in wrap(text)], hand_texts=hand,
        hand_note="HELP by mail gives each card's whole text." if short else "",
    )
    subject = f"[{game}] turn {turn_no} report" + (f" for {seat}" if seat else "")
    if view["winners"] is not None:
        subject = f"[{game}] the game is over"
    return Report(subject, render("reports/valley/report.txt", **context),
                  render("reports/valley/report.html", **context))

