"""Each ruleset's presentation, looked up by name: the mail layer asks a
:class:`Presenter` for everything a game shows its players and GM (reports,
maps, HELP lines, standings, step names) and for its case runner and
simulator, so that it never knows which game it runs.

A presenter is any object with the Protocol's members: a game's own is the
module its :class:`engine.registry.GameEntry` names (imported when first
asked for), or the object a test's entry carries."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterable, NamedTuple, Protocol, cast

from engine.contract import BaseView, Event
from engine.registry import DEFAULT, GameEntry, entry, register, ruleset_names

if TYPE_CHECKING:
    import click

__all__ = ["DEFAULT", "by_phase", "parts_by_phase", "CaseResult", "Demo", "Maps", "Presenter", "Report", "Simulator",
           "Standings", "get_presenter", "presenter_names"]

Groups = list[tuple[str, list[str]]]     # (phase title, lines), in the order they happened
GROUP = "pbem.games"        # the entry point group under which other packages declare their games


def _register_installed() -> None:
    """The games other installed packages declare: each entry point's object is a GameEntry.
    One that cannot be loaded is left out, with a warning; the other games play on."""
    import logging
    from importlib.metadata import entry_points
    for point in entry_points(group=GROUP):
        try:
            found = point.load()
        except Exception as why:       # a broken package must not stop pbem
            logging.getLogger(__name__).warning("game %s left out: %s: %s", point.name, type(why).__name__, why)
            continue
        if isinstance(found, GameEntry):
            register(found)


_register_installed()


class Maps(NamedTuple):
    """The board drawn once for a step: text lines for plain mail, inline SVG for HTML."""
    text: list[str]
    svg: str


class Report(NamedTuple):
    subject: str
    text: str
    html: str


@dataclass(frozen=True)
class Standings:
    """Figures per seat, best first; ``charted`` are the columns the archive
    draws over the turns, in the order it draws them."""
    columns: tuple[str, ...]
    rows: list[tuple[str, tuple[int, ...]]]
    charted: tuple[str, ...] = ()


class CaseResult(Protocol):
    @property
    def passed(self) -> bool: ...

    @property
    def message(self) -> str: ...


@dataclass(frozen=True)
class Simulator:
    """``pbem simulate`` for one ruleset: its own options, and ``run``, which
    plays the games and prints the figures. ``run`` takes players, games,
    seed, turn_limit, as_json and echo, then the own options by name."""
    options: list[click.Option]
    run: Callable[..., None]


@dataclass(frozen=True)
class Demo:
    """What ``pbem demo`` needs of its game: the options, and an order mail's
    body with one order mistyped (the sheet the demo sends broken)."""
    options: dict[str, str]
    misspell: Callable[[str], str]


class Presenter(Protocol):
    simulator: Simulator | None
    demo: Demo | None
    idle: str
    """What a seat that sends nothing does in a step, as the sentence that ends its
    reminder (a message id, marked with N_ and translated when shown)."""

    def report(self, *, game: str, turn_no: int, seat: str | None, view: BaseView,
               events: Iterable[Event | dict[str, Any]], deadline: str, address: str,
               missed: dict[str, int] | None = None,
               maps: tuple[list[str], str] | None = None, preface: str = "") -> Report:
        """One seat's report of a step (``seat`` None: the public one);
        ``maps`` when they were drawn once for every seat; ``preface``: what the mail says
        before the report (your move and its deadline, a welcome), at the head of both parts."""
        ...

    def maps(self, view: BaseView) -> Maps: ...

    def when(self, view: BaseView) -> str:
        """Where the game stands, for a heading ("summer turn 2 of year 1")."""
        ...

    def label(self, view: BaseView) -> str:
        """The same, short, for a list of steps ("summer 2, year 1")."""
        ...

    def event_parts(self, events: Iterable[Event | dict[str, Any]], seat: str | None,
                    view: BaseView) -> list[tuple[str, Groups]]:
        """The events ``seat`` may read (None: the public), grouped by phase, under the parts of
        a step where the game has them (Valley: the end of the turn played, then the start of
        the next), else a part a phase (:func:`by_phase`)."""
        ...

    def help_lines(self, view: BaseView) -> list[str]:
        """What HELP adds for the game, as the view's seat sees it."""
        ...

    def standings(self, view: BaseView) -> Standings: ...

    def run_case(self, text: str) -> CaseResult:
        """Run the text of one adjudicator case file; never raises."""
        ...


def by_phase(groups: Groups) -> list[tuple[str, Groups]]:
    """Event groups as parts of their own, for a game whose steps have no larger parts."""
    return [(title, [(title, lines)]) for title, lines in groups]


def parts_by_phase(event_groups: Callable[[Iterable[Event | dict[str, Any]], str | None], Groups]) -> Callable[
        [Iterable[Event | dict[str, Any]], str | None, BaseView], list[tuple[str, Groups]]]:
    """A presenter's ``event_parts`` where a step has no larger parts than its phases (a round
    game's): the groups ``event_groups`` makes, a part a phase."""
    def event_parts(events: Iterable[Event | dict[str, Any]], seat: str | None,
                    view: BaseView) -> list[tuple[str, Groups]]:
        return by_phase(event_groups(events, seat))
    return event_parts


def presenter_names() -> list[str]:
    return ruleset_names()


def get_presenter(name: str) -> Presenter:
    """The presenter of game ``name``; ValueError naming the known ones otherwise."""
    return cast(Presenter, entry(name).presentation())
