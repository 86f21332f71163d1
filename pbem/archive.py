"""`pbem archive build`: a static HTML site of the games, readable from disk
with no server and no external resource.

Public facts only: the board as the public view shows it (no hands), the
public event log, public press, and each seat's orders *as carried out*
(:func:`pbem.public.carried_out`: the public events the ruleset tagged with
the seat). The order sheets themselves are never published: they hold
standing orders, ranked lists and refused lines that can name cards in a
private hand. The GM reads the sheets with ``pbem replay`` and the
database.

A turn page written before is kept unless its JSON says an older
``ARCHIVE_FORMAT``, so pages of an older, leakier format are written again."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Callable, Iterable, Sequence

from sqlmodel import Session, select

from engine import get_ruleset
from pbem.games import outcome_words, seats_of
from pbem.history import records
from pbem.models import Game, GmLog, Press
from pbem.presenters import Standings, get_presenter
from pbem.public import carried_out, public
from pbem.reports.render import render

ARCHIVE_FORMAT = 2      # 2: orders as carried out, not the sheets
COLOURS = ["#c0392b", "#2563b0", "#2e8b3a", "#7d4fa0", "#b8860b", "#444444"]


def _chart(series: dict[str, list[int]], title: str) -> str:
    """A small inline SVG line chart, one line per seat."""
    width, height, pad, legend = 420, 160, 28, 64     # the legend has its own column on the right
    longest = max((len(v) for v in series.values()), default=0)
    top = max([1] + [x for v in series.values() for x in v])
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" '
           f'aria-label="{title}" font-family="sans-serif" font-size="10">',
           f'<text x="{pad}" y="12">{title}</text>',
           f'<line x1="{pad}" y1="{height - pad}" x2="{width - legend}" y2="{height - pad}" stroke="#999"/>',
           f'<line x1="{pad}" y1="18" x2="{pad}" y2="{height - pad}" stroke="#999"/>',
           f'<text x="4" y="24">{top}</text><text x="4" y="{height - pad}">0</text>']
    for i, (seat, values) in enumerate(series.items()):
        if not values:
            continue
        step = (width - pad - legend) / max(1, longest - 1)
        pts = " ".join(f"{pad + k * step:.1f},{height - pad - v / top * (height - pad - 20):.1f}"
                       for k, v in enumerate(values))
        colour = COLOURS[i % len(COLOURS)]
        out.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{pts}"/>')
        out.append(f'<text x="{width - legend + 8}" y="{24 + 12 * i}" fill="{colour}">{seat}</text>')
    out.append("</svg>")
    return "\n".join(out)


def _public(entry: GmLog) -> str:
    """GM log lines as the public may read them: addresses are left out."""
    return "" if entry.action in ("replace", "join") else entry.detail


def _current(data: Path) -> bool:
    """A turn's JSON exists and was written in the current format."""
    try:
        return json.loads(data.read_text()).get("format") == ARCHIVE_FORMAT
    except (OSError, ValueError, AttributeError):
        return False


def build(s: Session, out: Path, game_ids: Iterable[str] = (),
          progress: Callable[[int], None] = lambda n: None) -> dict[str, int]:
    """Write the site; only turn pages not written before are rendered."""
    out.mkdir(parents=True, exist_ok=True)
    games = [s.get(Game, g) for g in game_ids] if game_ids else list(s.exec(select(Game).order_by(Game.id)))
    counts = {"written": 0, "skipped": 0}
    summaries = [_build_game(s, out / game.id, game, counts, progress) for game in games if game is not None]
    (out / "index.html").write_text(render("archive/index.html", games=summaries))
    return {**counts, "games": len(summaries)}


def _build_game(s: Session, folder: Path, game: Game, counts: dict[str, int],
                progress: Callable[[int], None]) -> tuple[str, str, str, int, int]:
    """A game's turn pages and its own page; returns its line of the index."""
    ruleset, presenter = get_ruleset(game.ruleset), get_presenter(game.ruleset)
    folder.mkdir(exist_ok=True)
    standings = presenter.standings(ruleset.view(ruleset.from_json(game.state_json), None))
    by_round: dict[int, Standings] = {}      # the figures at each round's last step
    timeline = []
    done = records(s, game.id)
    for index, record in enumerate(done):
        number, state = record.turn_no + 1, ruleset.from_json(record.state_json)
        view = ruleset.view(state, None)
        by_round[ruleset.round_of(state)] = presenter.standings(view)
        timeline.append((number, presenter.label(view)))
        page, data = folder / f"turn-{number}.html", folder / f"turn-{number}.json"
        latest = index == len(done) - 1
        if page.exists() and _current(data) and not latest:
            counts["skipped"] += 1
        else:
            events = public(json.loads(record.events_json))
            orders = carried_out(events, ruleset.players(state))
            page.write_text(render("archive/turn.html", game=game.id, number=number, when=presenter.when(view),
                                   svg=presenter.maps(view).svg, groups=presenter.event_groups(events, None),
                                   orders=orders, press=_public_press(s, game, record.turn_no),
                                   previous=number - 1 if number > 1 else None,
                                   following=None if latest else number + 1))
            data.write_text(json.dumps(
                {"format": ARCHIVE_FORMAT, "game": game.id, "turn": number, "view": view, "orders": orders,
                 "events": events}, indent=1, sort_keys=True))
            counts["written"] += 1
        progress(1)
    seat_order = ruleset.players(ruleset.from_json(game.state_json))
    series = _series(standings.charted, [by_round[r] for r in sorted(by_round)], seat_order)
    seats = seats_of(s, game.id)
    gm_log = list(s.exec(select(GmLog).where(GmLog.game_id == game.id).order_by(GmLog.id)))
    (folder / "index.html").write_text(render(
        "archive/game.html", game=game, title=ruleset.title, standings=standings, timeline=timeline,
        gm_log=[(x.at.strftime("%Y-%m-%d %H:%M"), x.action, _public(x)) for x in gm_log],
        charts=[_chart(v, f"{k} by round") for k, v in series.items()], outcome=outcome_words(game)))
    return game.id, ruleset.title, game.status, game.turn_no, len(seats)


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
    ids = list(game_ids) or [g.id for g in s.exec(select(Game))]
    return sum(len(records(s, g)) for g in ids)

