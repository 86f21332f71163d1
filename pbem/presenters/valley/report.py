"""The Valley turn report: what the board shows, what happened, the tribes,
the seat's own tribe and hand, and the orders it may give now."""
from __future__ import annotations

import re
from collections import Counter
from typing import Any, Iterable

from engine.contract import Event
from engine.valley.carddocs import fate_line
from engine.valley.fatecards import FATE
from engine.valley.species import word
from engine.valley.words import reason_word, when_words
from engine.valley.view import ValleyLasting, ValleySpace, ValleyView
from pbem import i18n
from pbem.play import orderwords
from pbem.i18n import N_, _
from pbem.presenters import Maps, Report
from pbem.presenters.valley import asciimap, svgmap
from pbem.presenters.valley.asciimap import people
from pbem.site.public import fields
from pbem.reports.render import (Part, event_log, fitted, once, part, render, spoken, visible as grouped, wrap,
                                 wrap_each)

PHASE_TITLES = {
    "setup": N_("Setup"), "events": N_("1. Events"), "arrivals": N_("2. Arrival of animals"),
    "animals": N_("3. Movement of animals"), "tribes": N_("4. Movement of tribes"),
    "combat": N_("5. Combat"), "survival": N_("6. Survival"), "births": N_("7. Births"),
    "planting": N_("8. Planting"), "fate": N_("9. Fate cards"), "end": N_("10. End of the turn"),
}


END_PHASES = ("tribes", "combat", "survival", "births", "planting", "fate", "end")
START_PHASES = ("events", "arrivals", "animals")
_PHASE_OF = {title: phase for phase, title in PHASE_TITLES.items()}
Groups = list[tuple[str, list[str]]]


def visible(events: Iterable[Event | dict], seat: str | None) -> Groups:
    """Events this seat may read, under the rulebook's phase titles."""
    return grouped(events, seat, PHASE_TITLES)


def event_groups(events: Iterable[Event | dict], seat: str | None) -> Groups:
    """The same, titled in the reader's language (the archive's pages)."""
    return [(_(title) if title in _PHASE_OF else title, lines) for title, lines in visible(events, seat)]


def event_parts(events: Iterable[Event | dict], seat: str | None, view: ValleyView) -> list[tuple[str, Groups]]:
    """The phases under the parts of a step (:func:`parts`), as the archive shows them."""
    return parts(visible(events, seat), view)


def parts(groups: Groups, view: ValleyView) -> list[tuple[str, Groups]]:
    """The phase groups under what they belong to: a resolve plays the end of the turn that
    was ordered (phases 4-10), then the start of the next one (phases 1-3), up to the orders.
    The titles are translated here (``groups`` has them in English)."""
    out: list[tuple[str, Groups]] = []
    for title, lines in groups:
        phase = _PHASE_OF.get(title, "")
        if phase in END_PHASES:
            heading = _("End of the turn just played (phases 4-10)")
        elif phase in START_PHASES:
            heading = _("Start of {when} (phases 1-3)").format(when=when(view))
        else:
            heading = _(title) if phase else title
        if not out or out[-1][0] != heading:
            out.append((heading, []))
        out[-1][1].append((_(title) if phase else title, lines))
    return out


def draw_maps(view: ValleyView) -> Maps:
    return Maps(asciimap.render(view), svgmap.render(view))


def when(view: ValleyView) -> str:
    if view["stage"] == "setup":
        return _("setup: place your tribe")
    return spoken(when_words(view["season"], view["turn"], view["year"]))


def _space_words(space: ValleySpace) -> str:
    parts = []
    for p, (w, f) in space.get("tribes", {}).items():
        parts.append(f"{p} {people(w, f)}")
    if space.get("camp"):
        cave = space["terrain"] in "MV"
        parts.append((_("{player}'s cave") if cave else _("{player}'s village")).format(player=space["camp"]))
    for s, v in space.get("animals", {}).items():
        parts.append(_("{count} {species}").format(count=len(v), species=spoken(word(s, len(v)))))
    if space.get("crop"):
        parts.append(_("a crop") if space["crop"] == "ok" else _("a damaged crop"))
    for key, marker in (("wildfire", N_("burning")), ("flooded", N_("flooded")), ("lava", N_("lava"))):
        if space.get(key):
            parts.append(_(marker))
    return ", ".join(parts)


def may_order(view: ValleyView, seat: str | None) -> list[str]:
    """The orders the seat may write now, each with what it does; the orders in the reader's words."""
    if seat is None or view["stage"] == "over":
        return []
    if view["stage"] == "setup":
        return [_hint(N_("{PLACE} <space> [<space> ...] - where to settle, best first")),
                _hint(N_("{PLANT} <space> - a crop on your start village if it is on plains (1 food)"))]
    hints = [_hint(N_("{MOVE} <tokens> <path> - e.g. {example}"), example="MOVE 2W 1F C4-B4-B5"),
             _hint(N_("{CAMP} <space> - a warrior and a female who stay set up a camp")),
             _hint(N_("{COMBAT} <space> ... - the order of your combats")),
             ", ".join(_choice(order, *words) for order, *words in (("LOSSES", "WARRIORS", "FEMALES"),
                                                                     ("CONQUER", "OCCUPY", "BURN"),
                                                                     ("STARVE", "WARRIORS", "FEMALES")))]
    if view.get("planting_turn"):
        hints.append(_hint(N_("{PLANT} <space> - a crop on a plains village of yours (1 food): end of winter")))
    if view["options"].get("fire"):
        hints.append(_hint(N_("{FIRE} <space> - take fire (volcano, next to wildfire, lava)")))
    if view["tribes"][seat]["hand"]:
        hints.append(_hint(N_("{PLAY} <card> [arguments] - play a fate card")))
    return hints


_KEYWORD = re.compile(r"\{([A-Z]+)\}")


def _hint(text: str, **orders: str) -> str:
    """A hint in the reader's words: ``{MOVE}`` is that order's word, each of ``orders`` an order line."""
    said = _(text)
    words = {k: orderwords.shown("valley", k) for k in _KEYWORD.findall(text)}
    return said.format(**words, **{k: orderwords.shown("valley", v) for k, v in orders.items()})


def _standing(standing: dict[str, str]) -> str:
    """A tribe's standing orders as its LOSSES, CONQUER and STARVE lines say them, in the reader's words."""
    return ", ".join(orderwords.shown("valley", f"{order} {standing[order.lower()].upper()}")
                     for order in ("LOSSES", "CONQUER", "STARVE"))


def _choice(order: str, *words: str) -> str:
    """``LOSSES WARRIORS|FEMALES`` in the reader's words."""
    shown = [orderwords.shown("valley", f"{order} {w}").split(" ") for w in words]
    return f"{shown[0][0]} " + "|".join(line[1] for line in shown)


ACTS = {"now": N_("now"), "movement": N_("movement"), "combat": N_("combat"), "births": N_("births"),
        "planting": N_("planting"), "next event": N_("next event"), "season": N_("season")}


def card_line(card_id: str) -> str:
    """A fate card by name, how to play it, when it acts and its text (carddocs.fate_line's words)."""
    card = FATE.get(card_id)
    if card is None:
        return card_id
    if i18n.current() == i18n.DEFAULT:
        return fate_line(card_id)
    return _("{name} ({usage}; acts: {when}): {text}").format(
        name=_(card.name), usage=usage(card), when=_(ACTS[card.when]), text=_(card.text))


def usage(card: Any) -> str:
    """"PLAY raft <tokens> <path>", the arguments in the reader's words."""
    play = orderwords.grammar("valley", "PLAY")
    return f"{play} {card.id} {_(card.args)}" if card.args else f"{play} {card.id}"


def _hand(view: ValleyView, seat: str | None, events: list[Event | dict]) -> tuple[list[str], bool]:
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
        times = _("{count}x ").format(count=counts[card_id]) if counts[card_id] > 1 else ""
        card = FATE.get(card_id)
        if card is None or view["turn"] == 1 or card_id in drawn:
            out.append(times + card_line(card_id))
        else:
            out.append(f"{times}{_(card.name)} ({usage(card)})")
            short = True
    return out, short


def _lasting(view: ValleyView) -> list[ValleyLasting]:
    """The event cards lying face up, in the reader's words."""
    until = {"turn": N_("until the end of the turn"), "season": N_("until the end of the season")}
    return [{**card, "name": _(card["name"]), "text": _(card["text"]),
             "until": _(until[card["until"]]) if card["until"] in until else card["until"]}
            for card in view["lasting"]]


def _asked(view: ValleyView) -> ValleyView:
    """The view with its prompt and the game's end in the reader's words."""
    out = view.copy()
    if view.get("prompt_message"):
        out["prompt"] = spoken(view["prompt_message"])
    if view.get("reason"):
        out["reason"] = spoken(reason_word(view["reason"]))
    out["lasting"] = _lasting(view)
    return out



def report(*, game: str, turn_no: int, seat: str | None, view: ValleyView,
           events: Iterable[Event | dict], deadline: str, address: str,
           missed: dict[str, int] | None = None,
           maps: tuple[list[str], str] | None = None, preface: str = "") -> Report:
    """(subject, text, html) of one seat's report (or the public one).
    ``maps`` (text map lines, SVG) may be given when they were drawn once for
    every seat of the turn: the board is public. The board and the tribes are made
    once a step, the event log once for the readers who read it alike (render.once)."""
    map_lines, svg = maps or draw_maps(view)
    view = _asked(view)
    events = list(events)
    board, tribes = once(("valley", game, turn_no), lambda: _public(view, map_lines, svg, missed or {}))
    log = event_log(parts(visible(events, seat), view))
    own_spaces = [s["name"] for s in view["spaces"] if seat and seat in s.get("tribes", {})]
    hand, short = _hand(view, seat, events)
    hints = may_order(view, seat)
    context = dict(
        preface=preface, game=game, turn_no=turn_no, seat=seat, view=view, when=when(view), deadline=deadline,
        address=address, board_part=board, log_part=log, tribes_part=tribes,
        me=view["tribes"].get(seat) if seat else None,
        hints=hints, own_spaces=own_spaces, hint_lines=wrap_each(hints),
        fitted=fitted, hand_lines=wrap_each(hand), hand_texts=hand,
        hand_note=_("HELP by mail gives each card's whole text.") if short else "",
        standing=_standing(view["tribes"][seat]["standing"]) if seat in view["tribes"] else "",
    )
    subject = (_("[{game}] turn {turn} report for {seat}") if seat else _("[{game}] turn {turn} report")).format(
        game=game, turn=turn_no, seat=seat)
    if view["winners"] is not None:
        subject = _("[{game}] the game is over").format(game=game)
    return Report(subject, render("reports/valley/report.txt", **context),
                  render("reports/valley/report.html", **context))


def _public(view: ValleyView, map_lines: list[str], svg: str, missed: dict[str, int]) -> tuple[Part, Part]:
    """What every reader of the step reads alike: the board (lasting effects, the map, what
    stands on each space) and the tribes' table."""
    spaces = [(s["name"], words) for s in view["spaces"] if (words := _space_words(s))]
    board = part("reports/valley/board.txt", "reports/valley/board.html", view=view, map_lines=map_lines, svg=svg,
                 legend=asciimap.legend(view), spaces=spaces, wrap=wrap,
                 wrapped_spaces=wrap_each(f"{n}: {words}" for n, words in spaces))
    return board, part("reports/valley/tribes.txt", "reports/valley/tribes.html", view=view, missed=missed)

