"""How Tally (tests/seqgame.py) shows itself: a pbem.presenters.Presenter
for the tests only, as a real game's presenter would be, without templates."""
from __future__ import annotations

import html
from contextlib import contextmanager
from typing import Any, Iterable, Iterator

from engine.contract import BaseView, Event
from engine.messages import Msg
from engine.registry import GameEntry, register, unregister
from pbem.presenters import Maps, Report, Standings, by_phase
from pbem.reports.render import visible

TITLES = {"plan": "Pre-orders", "move": "Moves", "round": "Rounds", "end": "The end"}


class TallyPresenter:
    simulator = None
    demo = None
    idle = "Without a move from you by then, its default orders are played."

    def report(self, *, game: str, turn_no: int, seat: str | None, view: BaseView,
               events: Iterable[Event | dict[str, Any]], deadline: str, address: str,
               missed: dict[str, int] | None = None, maps: tuple[list[str], str] | None = None,
               preface: str = "") -> Report:
        lines = ([preface, ""] if preface else []) + [f"=== pbem report {game} step {turn_no} ===",
                                                      self.when(view), ""]
        for title, texts in visible(events, seat, TITLES):
            lines += [title + ":"] + [f"  {text}" for text in texts] + [""]
        lines += self.maps(view).text
        if seat and view["pending"]:
            lines.append("Your pre-orders: " + ", ".join(view["pending"]))
        lines += [f"Deadline: {deadline}", "=== end of report ==="]
        text = "\n".join(lines) + "\n"
        subject = f"[{game}] step {turn_no} report" + (f" for {seat}" if seat else "")
        if view["winner"]:
            subject = f"[{game}] the game is over"
        return Report(subject, text, f"<html><body><pre>{html.escape(text)}</pre></body></html>")

    def maps(self, view: BaseView) -> Maps:
        pile = view["pile"]
        return Maps([f"Pile: {'o' * pile} ({pile})"], f'<svg xmlns="http://www.w3.org/2000/svg"><text>{pile}</text></svg>')

    def when(self, view: BaseView) -> str:
        if view["winner"]:
            return f"{view['winner']} won in round {view['round']}"
        return f"round {view['round']}, {view['to_move']} to move"

    def label(self, view: BaseView) -> str:
        return f"round {view['round']}"

    def event_parts(self, events: Iterable[Event | dict[str, Any]], seat: str | None,
                    view: BaseView) -> list[tuple[str, list[str]]]:
        return by_phase(visible(events, seat, TITLES))

    def help_lines(self, view: BaseView) -> list[str]:
        return ["TAKE <1-3> [IF PILE <n>]   your move, or a pre-order for your next one"]

    def standings(self, view: BaseView) -> Standings:
        rows = sorted(view["moves"].items(), key=lambda kv: -kv[1])
        return Standings(("moves",), [(name, (n,)) for name, n in rows])

    def run_case(self, text: str) -> Any:
        """Tally has no case runner: every case is refused, saying so."""
        return Refused()


class Refused:
    passed = False
    message = "Tally has no adjudicator cases"


def tally_entry() -> GameEntry:
    """Tally's entry, as a game of another package would declare it (tests/seqgame.py's rules)."""
    return GameEntry("tally", Msg("Tally"), "seqgame", TallyPresenter())


@contextmanager
def tally_registered() -> Iterator[GameEntry]:
    """Tally is played while inside (the tests' fixtures), and no longer after."""
    entry = tally_entry()
    register(entry)
    try:
        yield entry
    finally:
        unregister(entry.name)
