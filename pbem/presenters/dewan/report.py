"""The Dewan report of a step: what is asked and by when, what happened, the
map, the card row, the reader's own hand (its report only), the stories on
offer, each clan's table and the scores so far."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from engine.contract import Event
from engine.dewan.board import Board
from engine.dewan.view import DewanView
from pbem import i18n
from pbem.play import orderwords
from pbem.i18n import N_, _, ngettext
from pbem.presenters import Groups, Maps, Report, by_phase
from pbem.presenters.dewan import asciimap, svgmap
from pbem.presenters.dewan.help import suggested, suggested_lines
from pbem.presenters.dewan.words import (board_of, card_words, clan_texts, colours, marks, score, score_text,
                                         round_number, story_text, when)
from pbem.reports.render import Part, event_log, fitted, once, part, render, seat_tables, spoken, wrap_each
from pbem.reports.render import visible as grouped

PHASE_TITLES = {
    "plan": N_("Your orders"), "draft": N_("The story draft"), "round": N_("The turns"), "take": N_("The turns"),
    "camp": N_("The turns"), "bonus": N_("The turns"), "story": N_("The turns"), "deck": N_("The turns"),
    "pass": N_("The turns"), "score": N_("The end of the game"), "end": N_("The end of the game"),
}


def visible(events: Iterable[Event | dict], seat: str | None) -> Groups:
    """Events this seat may read, under the titles of the game's parts."""
    return grouped(events, seat, {phase: _(title) for phase, title in PHASE_TITLES.items()})


def on_map(view: DewanView) -> Board:
    """The board as it lies now: a berry token is gone from a hex that holds a camp."""
    board = board_of(view)
    camped = {h for camps in view["camps"].values() for h in camps}
    return Board({n: replace(h, berry=h.berry and n not in camped) for n, h in board.hexes.items()},
                 board.symbols)


def draw_maps(view: DewanView) -> Maps:
    """The text map (its boxes: they have no words) and the SVG map (in the reader's
    words); both public, so drawn once a step."""
    board, seats = on_map(view), marks(view)
    text = asciimap.text_map(board, view["camps"], seats, symbols=False)
    return Maps(text, svgmap.svg_map(board, view["camps"], colours(view), seats))


def legend(view: DewanView) -> list[str]:
    """Under the text map, in the reader's words: the border symbols listed, and what its signs mean."""
    return asciimap.symbol_list(board_of(view)) + [""] + asciimap.legend(marks(view))


def row_texts(view: DewanView) -> list[str]:
    """The six face-up cards with their positions, then the deck and the discard."""
    cards = "   ".join(f"{i}: {card_words(c) if c else _('(empty)')}" for i, c in enumerate(view["row"], 1))
    deck = ngettext("{deck} card in the deck, {discard} in the discard",
                    "{deck} cards in the deck, {discard} in the discard", view["deck_size"])
    return [cards, deck.format(deck=view["deck_size"], discard=len(view["discard"]))]


def story_row_texts(view: DewanView) -> list[str]:
    out = [f"{i}: {story_text(view, t)}" for i, t in enumerate(view["story_row"], 1) if t]
    left = ngettext("{n} story tile left in the pile", "{n} story tiles left in the pile", view["story_deck_size"])
    return out + [left.format(n=view["story_deck_size"])]


def result(view: DewanView) -> str:
    """Who won, and with how many points ("red and blue won with 20 points each")."""
    winners = view["winners"] or []
    if not winners:
        return _("nobody won")
    best = score(view, winners[0])
    return ngettext("{seats} won with {points} points", "{seats} won with {points} points each",
                    len(winners)).format(seats=_(" and ").join(winners), points=best)


def asked(view: DewanView, seat: str | None) -> str:
    """What the seat is asked now: its prompt, or whose move is awaited."""
    if view["stage"] == "over":
        return ""
    if seat and view.get("prompt"):
        return view["prompt"]
    mover, ahead = view["to_move"], ""
    if seat and seat == mover:       # not asked on its own move: a kept pre-order answers it
        return (_("Your pre-orders (below) answer your story pick: it is made at once.") if view["stage"] == "draft"
                else _("Your pre-orders (below) answer your move: it is played at once."))
    if seat and seat in view["players"]:
        ahead = " " + (_("Your pre-orders (below) are kept; a new sheet replaces them.") if view.get("pre_orders")
                       else _("You may send your next move now, as pre-orders: they are kept and played "
                              "when your move comes, if they can still be played."))
    waiting = (_("Waiting for {seat}'s story pick.") if view["stage"] == "draft"
               else _("Waiting for {seat}'s move."))
    return waiting.format(seat=mover) + ahead


def _context(game: str, turn_no: int, seat: str | None, view: DewanView,
             events: Iterable[Event | dict], maps: tuple[list[str], str] | None) -> dict[str, Any]:
    """The report's context: the map and the rows on offer made once a step, the event log once
    for the readers who read it alike (render.once), the rest for ``seat``."""
    board_part, stories_part = once(("dewan", game, turn_no), lambda: _public(view, maps))
    log = event_log(by_phase(visible(events, seat)))
    if view.get("prompt_message"):
        view = {**view, "prompt": spoken(view["prompt_message"])}
    mine = seat is not None and view.get("me") == seat
    hand = [card_words(c) for c in sorted(view["hand"] or [])] if mine else []
    plans = list(view.get("pre_orders") or []) if mine else []
    question = asked(view, seat)
    over = view["stage"] == "over"
    scores = [score_text(view, p) for p in view["players"]]
    moves = suggested(view) if mine and view.get("prompt") else []     # the bot's search: once a report
    board = board_of(view)
    return {
        "game": game, "turn_no": turn_no, "number": round_number(view), "seat": seat, "view": view,
        "moment": when(view)[:1].upper() + when(view)[1:],
        "board_part": board_part, "stories_part": stories_part, "log_part": log,
        "over": over, "result": result(view) if over else "",
        "prompt": view.get("prompt", "") if mine else "", "question": question,
        "question_lines": wrap_each([question], "") if question else [],
        "suggested": [(orderwords.shown("dewan", o), why) for o, why in moves],
        "suggested_lines": suggested_lines(moves),
        "hand": hand, "hand_lines": wrap_each([" ".join(hand) or _("no cards")]),
        "mine": mine, "plans": plans, "plan_lines": wrap_each(plans), "fitted": fitted,
        "clans": seat_tables(view["players"], seat, ("dewan clan", game, turn_no),
                             lambda p: clan_texts(view, p, board)),
        "scores": scores, "score_lines": wrap_each(scores),
    }


def _public(view: DewanView, maps: tuple[list[str], str] | None) -> tuple[Part, Part]:
    """What every reader of the step reads alike: the map with its legend and the card row;
    the stories on offer."""
    map_lines, svg = maps or draw_maps(view)
    if maps and i18n.current() != i18n.DEFAULT:          # the terrain letters and the SVG's legend in the
        map_lines, svg = draw_maps(view)                 # reader's words
    row = row_texts(view)
    board = part("reports/dewan/board.txt", "reports/dewan/board.html", view=view, svg=svg, row=row,
                 map_lines=list(map_lines) + legend(view), row_lines=wrap_each(row), fitted=fitted,
                 row_cards=[card_words(c) for c in view["row"]])
    story_row = story_row_texts(view)
    return board, part("reports/dewan/stories.txt", "reports/dewan/stories.html", story_row=story_row,
                       story_lines=wrap_each(story_row))


def report(*, game: str, turn_no: int, seat: str | None, view: DewanView,
           events: Iterable[Event | dict], deadline: str, address: str,
           missed: dict[str, int] | None = None,
           maps: tuple[list[str], str] | None = None, preface: str = "") -> Report:
    """(subject, text, html) of one seat's report (``seat`` None: the public one,
    for the GM and observers, which shows hand sizes only)."""
    context = _context(game, turn_no, seat, view, events, maps)
    context.update(deadline=deadline, address=address, missed=missed or {}, preface=preface)
    subject = (_("[{game}] round {round} report for {seat}") if seat else _("[{game}] round {round} report")).format(
        game=game, round=context["number"], seat=seat)
    if context["over"]:
        subject = _("[{game}] the game is over").format(game=game)
    return Report(subject, render("reports/dewan/report.txt", **context),
                  render("reports/dewan/report.html", **context))
