"""`pbem archive build`: a static HTML site of the games, readable from disk
with no server and no external resource.

Public facts only: the board as the public view shows it (no hands), the
public event log, public press, the standings, and each seat's orders *as
carried out* (:func:`pbem.site.public.carried_out`: the public events the
ruleset tagged with the seat). The order sheets themselves are never
published: they hold standing orders, ranked lists and refused lines that
can name cards in a private hand. Seats are named, never their addresses;
GM log lines that carry an address are shown without their detail. The GM
reads the sheets with ``pbem replay`` and the database.

Numbering: page ``turn-N`` shows the position at step N (``Game.turn_no``
== N, the number mail reports and ``pbem history --turn`` use), with what
resolving step N-1 did; ``turn-0`` is the setup, the position before the
first resolve. So the GM log's "resolved turn 3" is the step whose orders
page ``turn-3`` asks for, and its result is ``turn-4``.

A turn page written before is kept unless its JSON says an older
``ARCHIVE_FORMAT``, was written from another record (a rollback and a new
resolve) or with another "next turn" link (it was the last page), so pages
of an older format are written again. Pages numbered
past the last step (left by a rollback) are removed."""
from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from sqlmodel import Session, select

from engine import get_ruleset
from engine.contract import BaseView
from pbem import i18n
from pbem.play import steps
from pbem.site.archive_chart import chart
from pbem.play.games import seats_of
from pbem.play.gamewords import outcome_words, title_of
from pbem.gm.gmstate import status_word
from pbem.site.history import records
from pbem.models import Game, GmLog, Press
from pbem.presenters import Standings, get_presenter
from pbem.site.public import carried_out, public
from pbem.i18n import N_, _
from pbem.reports.render import event_text, render, spoken, turn_moment

# 2: orders as carried out, not the sheets; 3: a setup page (turn-0), the
# standings on every turn page, pages tied to the record they show; 4: the same navigation above and
# below; 5: Stone Age's plan mode named by rounds; 6: Dewan's steps named by their round and seat;
# 7: the phases' titles, the orders as carried out and the setup's label in the game's language;
# 8: the events under the parts of a step (Valley: the end of the turn played, the start of the next)
ARCHIVE_FORMAT = 8
SETUP = N_("setup")     # the label of a game's first page, in the list of its turns
PAGE = re.compile(r"turn-(\d+)\.(html|json)")


@dataclass
class Position:
    """One entry of a game's timeline: the position at a step."""
    number: int
    state_json: str
    events: list[dict[str, Any]]
    turn_no: int | None = None      # the record's step (number - 1); None for the setup
    at: datetime | None = None      # when the record was made
    label: str = ""
    when: str = ""

    @property
    def key(self) -> str:
        """What the page was made from, so a page of a rolled-back step is not kept."""
        data = self.state_json + json.dumps(self.events, sort_keys=True)
        return hashlib.sha256(data.encode()).hexdigest()[:20]


ADDRESS = re.compile(r"[^\s<>()\[\],;:\"']+@[^\s<>()\[\],;:\"']+")
# The GM log's actions, as a game's page names them in its language.
ACTIONS = {"create": N_("create"), "start": N_("start"), "turn": N_("turn"), "pause": N_("pause"),
           "resume": N_("resume"), "extend": N_("extend"), "process": N_("process"), "rollback": N_("rollback"),
           "replace": N_("replace"), "join": N_("join"), "bot": N_("bot"), "vacation": N_("vacation"),
           "observe": N_("observe"), "end": N_("end"), "resign": N_("resign"), "seat-lang": N_("seat-lang"),
           "error": N_("error"), "throttle": N_("throttle"), "outage": N_("outage")}


def _public(entry: GmLog) -> str:
    """GM log lines as the public may read them: addresses are left out (the
    lines that are about an address, whole; anything like one in the others,
    say an error's text)."""
    if entry.action in ("replace", "join"):
        return ""
    text = spoken(json.loads(entry.said)) if entry.said else entry.detail
    return ADDRESS.sub(_("(an address)"), text)


def _current(data: Path, key: str, following: int | None) -> bool:
    """A turn's JSON exists, in the current format, made from the same
    record, and its page links to the same next turn (none, on the page that
    was the last one)."""
    try:
        stored = json.loads(data.read_text())
        return (stored.get("format"), stored.get("source"), stored.get("next")) == (ARCHIVE_FORMAT, key, following)
    except (OSError, ValueError, AttributeError):
        return False


def utc(at: datetime) -> datetime:
    """A stored time in UTC (SQLite gives it back without its zone)."""
    return at.replace(tzinfo=timezone.utc) if at.tzinfo is None else at.astimezone(timezone.utc)


def build(s: Session, out: Path, game_ids: Iterable[str] = (),
          progress: Callable[[int], None] = lambda n: None, lang: str = "") -> dict[str, int]:
    """Write the site; only turn pages not written before are rendered. The index is in
    ``lang`` ('': the language its games share, else English); each game's pages in its own."""
    out.mkdir(parents=True, exist_ok=True)
    games = [s.get(Game, g) for g in game_ids] if game_ids else list(s.exec(select(Game).order_by(Game.id)))
    counts = {"written": 0, "skipped": 0}
    built = [game for game in games if game is not None]
    summaries = []
    for game in built:
        with i18n.speaking(game.lang):            # a game's pages speak its language
            summaries.append(_build_game(s, out / game.id, game, counts, progress))
    langs = {game.lang or i18n.DEFAULT for game in built}
    with i18n.speaking(lang or (langs.pop() if len(langs) == 1 else i18n.DEFAULT)):
        rows = [_index_row(game, summary) for game, summary in zip(built, summaries)]
        (out / "index.html").write_text(render("archive/index.html", games=rows))
    return {**counts, "games": len(summaries)}


def _index_row(game: Game, summary: dict[str, Any]) -> dict[str, Any]:
    """A game's row of the index, its words in the index's language (its step's label stays
    in the game's, as its own pages give it)."""
    return {**summary, "title": title_of(get_ruleset(game.ruleset)), "status_text": status_word(game),
            "outcome": outcome_words(game) if game.state_json else None, "moment": moment_of(game)(game.turn_no)}


def moment_of(game: Game, labels: dict[int, str] | None = None) -> Callable[[int], str]:
    """How the pages name the position at step N: "round N + 1" where every step is a round of the
    game (pbem.play.steps.counted); where the game counts rounds of moves (pbem.play.steps.by_round), the
    step's label ("round 4, red"), the current step's round without one; else "turn N". In the
    language spoken when it is called."""
    if steps.counted(game)[0] == "round":
        return lambda n: steps.phrase(game, n)
    if steps.by_round(game):
        return lambda n: (labels or {}).get(n) or (steps.phrase(game) if n == game.turn_no else turn_moment(n))
    return turn_moment


def distinct(labels: Sequence[str]) -> list[str]:
    """The labels, each repeated one told apart by its place among its
    namesakes ("round 3, placement (2 of 5)"), so no two are the same."""
    totals, seen = Counter(labels), Counter[str]()
    out = []
    for label in labels:
        seen[label] += 1
        out.append(label if totals[label] == 1 else f"{label} ({seen[label]} of {totals[label]})")
    return out


def _positions(s: Session, game: Game) -> list[Position]:
    """The setup (when kept) and the position after every resolved step."""
    out = [Position(0, game.initial_state_json, [])] if game.initial_state_json else []
    out += [Position(r.turn_no + 1, r.state_json, json.loads(r.events_json), r.turn_no, r.resolved_at)
            for r in records(s, game.id)]
    return out


def _build_game(s: Session, folder: Path, game: Game, counts: dict[str, int],
                progress: Callable[[int], None]) -> dict[str, Any]:
    """A game's turn pages and its own page; returns its row of the index."""
    ruleset, presenter = get_ruleset(game.ruleset), get_presenter(game.ruleset)
    folder.mkdir(exist_ok=True)
    positions = _positions(s, game)
    by_round: dict[int, Standings] = {}      # the figures at each round's last step
    views = []
    for position in positions:
        state = ruleset.from_json(position.state_json)
        view = ruleset.view(state, None)
        views.append((state, view))
        by_round[ruleset.round_of(state)] = presenter.standings(view)
        position.when = presenter.when(view)
        position.label = _(SETUP) if position.turn_no is None else presenter.label(view)
    for position, label in zip(positions, distinct([p.label for p in positions])):
        position.label = label
    moment = moment_of(game, {p.number: p.label for p in positions})
    numbers = {p.number for p in positions}
    for index, (position, (state, view)) in enumerate(zip(positions, views)):
        _write_turn(s, folder, game, (ruleset, presenter, moment), position, state, view, numbers,
                    latest=index == len(positions) - 1, counts=counts)
        progress(1)
    _remove_stale(folder, max(numbers, default=-1))
    if numbers:
        (folder / "latest.html").write_text(render("archive/latest.html", game=game.id, number=max(numbers),
                                                   moment=moment))

    gm_log = list(s.exec(select(GmLog).where(GmLog.game_id == game.id).order_by(GmLog.id)))
    seats = [seat.name for seat in seats_of(s, game.id)]
    outcome = outcome_words(game) if game.state_json else None
    standings = charts = None
    if game.state_json:
        current = ruleset.from_json(game.state_json)
        standings = presenter.standings(ruleset.view(current, None))
        rounds = sorted(by_round)
        series = _series(standings.charted, [by_round[r] for r in rounds], ruleset.players(current))
        per = "turn" if steps.unit(game) == "turn" else "round"
        charts = [chart(column, by_seat, rounds, per) for column, by_seat in series.items()]
    last = positions[-1] if positions else None
    summary = {"id": game.id, "status": game.status, "turn": game.turn_no,
               "label": last.label if last else "", "outcome": outcome, "players": seats,
               "last": _last_activity(positions, gm_log)}
    (folder / "index.html").write_text(render(
        "archive/game.html", game=game, title=title_of(ruleset), standings=standings, summary=summary,
        status=status_word(game),
        timeline=[(p.number, "" if p.label == moment(p.number) else p.label, p.when) for p in positions],
        has_setup=0 in numbers,
        gm_log=_numbered_log(gm_log, numbers), charts=charts or [], outcome=outcome, moment=moment,
        in_rounds=steps.counted(game)[0] == "round"))
    return summary


def _write_turn(s: Session, folder: Path, game: Game, told: tuple[Any, Any, Callable[[int], str]],
                position: Position, state: Any, view: BaseView, numbers: set[int], latest: bool,
                counts: dict[str, int]) -> None:
    """One turn page and its JSON, unless the ones on disk are up to date. ``told``: the game's
    ruleset, its presenter and how its pages name a step (``moment_of``)."""
    ruleset, presenter, moment = told
    number = position.number
    following = None if latest else number + 1
    page, data = folder / f"turn-{number}.html", folder / f"turn-{number}.json"
    if page.exists() and _current(data, position.key, following):
        counts["skipped"] += 1
        return
    events = public(position.events)
    setup = position.turn_no is None
    orders = {} if setup else carried_out(events, ruleset.players(state))          # the data: English
    shown = {} if setup else carried_out(events, ruleset.players(state), event_text)  # the page: its language
    standings = presenter.standings(view)
    press = [] if setup else _public_press(s, game, position.turn_no)
    page.write_text(render(
        "archive/turn.html", game=game.id, number=number, when=position.when, label=position.label,
        svg=presenter.maps(view).svg, parts=presenter.event_parts(events, None, view), orders=shown, press=press,
        standings=standings, setup=setup, first=min(numbers), moment=moment,
        previous=number - 1 if number - 1 in numbers else None, following=following))
    data.write_text(json.dumps(
        {"format": ARCHIVE_FORMAT, "source": position.key, "next": following, "game": game.id, "turn": number,
         "label": position.label, "setup": setup, "view": view, "orders": orders, "events": events,
         "standings": {"columns": list(standings.columns),
                       "rows": [[seat, list(figures)] for seat, figures in standings.rows]}},
        indent=1, sort_keys=True))
    counts["written"] += 1


def _remove_stale(folder: Path, last: int) -> None:
    """Turn pages numbered past the game's last step: a rollback undid them."""
    for path in folder.iterdir():
        found = PAGE.fullmatch(path.name)
        if found and int(found.group(1)) > last:
            path.unlink()


def _numbered_log(entries: list[GmLog], numbers: set[int]) -> list[dict[str, Any]]:
    """The public GM log, each line with the step the game was at (the
    archive's turn number) and, where the line moved the game, where to."""
    out, step = [], 0
    for entry in entries:
        after = step + 1 if entry.action == "turn" else step - 1 if entry.action == "rollback" else step
        after = max(0, after)
        action = _(ACTIONS[entry.action]) if entry.action in ACTIONS else entry.action
        out.append({"at": utc(entry.at).strftime("%Y-%m-%d %H:%M"), "action": action,
                    "detail": _public(entry), "turn": step, "linked": step in numbers,
                    "to": after if after != step else None, "to_linked": after in numbers})
        step = after
    return out


def _last_activity(positions: list[Position], gm_log: list[GmLog]) -> dict[str, str] | None:
    """The time of the game's last turn record or GM log line, in UTC."""
    times = [utc(p.at) for p in positions if p.at is not None] + [utc(x.at) for x in gm_log]
    if not times:
        return None
    last = max(times)
    return {"iso": last.strftime("%Y-%m-%dT%H:%MZ"), "text": last.strftime("%Y-%m-%d %H:%M UTC")}


def _series(charted: Sequence[str], rounds: list[Standings], seats: Sequence[str]) -> dict[str, dict[str, list[int]]]:
    """Each charted column's figures round by round, in seat order (the colours stay the seats')."""
    series: dict[str, dict[str, list[int]]] = {column: {seat: [] for seat in seats} for column in charted}
    for standings in rounds:
        figures = dict(standings.rows)
        for column, by_seat in series.items():
            at = standings.columns.index(column)
            for seat in seats:
                by_seat[seat].append(figures[seat][at])
    return series


def _public_press(s: Session, game: Game, turn_no: int) -> list[Press]:
    return list(s.exec(select(Press).where(Press.game_id == game.id, Press.turn_no == turn_no,
                                           Press.recipients == "ALL").order_by(Press.id)))


def count_turns(s: Session, game_ids: Iterable[str] = ()) -> int:
    """The turn pages a build goes through: each resolved step, and each kept setup."""
    games = [s.get(Game, g) for g in game_ids] if game_ids else list(s.exec(select(Game)))
    return sum(len(records(s, g.id)) + bool(g.initial_state_json) for g in games if g is not None)
