"""The archive of a Stone Age game: live placement makes several steps a
round, so the presenter's labels repeat and the charts have fewer points
than there are turns. The game is played by bots to its end
(archive_pages.live_stoneage, which tests/test_stoneage_mail.py uses too)."""
from __future__ import annotations

import re
from datetime import datetime, timezone
from pathlib import Path

import pytest
from archive_pages import (browser, chart_facts, chart_shot, check_chart, colours_shown, html_problems,
                           index_rows, last_activity, live_stoneage, not_blank, page_tree, positions_of,
                           timeline_of, words)


@pytest.fixture(scope="module")
def stoneage(tmp_path_factory):
    """A live-placement Stone Age game played to its end by bots, and its archive."""
    from sqlmodel import Session
    from pbem.site.archive import build
    from pbem.models import Game
    root = tmp_path_factory.mktemp("stoneage")
    world = live_stoneage(root / "world", {"red": "ann@example.org", "blue": "bob@example.org"},
                          datetime(2026, 5, 4, 8, 0, tzinfo=timezone.utc))
    with Session(world.engine()) as s:
        assert s.get(Game, "sa-live").status == "over"
        counts = build(s, root / "site")
    assert counts["games"] == 1 and counts["written"] > 10
    return root / "world" / "pbem.sqlite", root / "site"


def test_stone_age_steps_of_one_round_get_labels_of_their_own(stoneage) -> None:
    from pbem.presenters import get_presenter
    database, out = stoneage
    presenter = get_presenter("stoneage")
    positions = positions_of(database, "sa-live")
    raw = [presenter.label(view) for _n, _s, view in positions]
    assert len(set(raw)) < len(raw), "the presenter repeats a label when a round takes several steps"
    timeline = timeline_of(out / "sa-live" / "index.html")
    labels = [label for _h, _t, label in timeline]
    assert [href for href, _t, _l in timeline] == [f"turn-{n}.html" for n, _s, _v in positions]
    assert len(set(labels)) == len(labels), [x for x in labels if labels.count(x) > 1]
    assert labels[0] == "setup"
    for label, plain in zip(labels[1:], raw[1:]):
        total = raw[1:].count(plain)
        assert label == plain if total == 1 else re.fullmatch(rf"{re.escape(plain)} \(\d+ of {total}\)", label)
    for number, label in enumerate(labels[1:6], start=1):
        page = words(page_tree((out / "sa-live" / f"turn-{number}.html").read_text()).find(".//body"))
        assert f"In the list of turns: {label}." in page


def test_stone_age_charts_have_a_point_a_round(stoneage) -> None:
    from engine import get_ruleset
    from pbem.presenters import get_presenter
    database, out = stoneage
    ruleset, presenter = get_ruleset("stoneage"), get_presenter("stoneage")
    positions = positions_of(database, "sa-live")
    rounds = sorted({ruleset.round_of(state) for _n, state, _v in positions})
    assert len(positions) > len(rounds) > 5
    final = presenter.standings(positions[-1][2])
    charts = [c for c in page_tree((out / "sa-live" / "index.html").read_text()).iter("svg")
              if "chart" in (c.get("class") or "")]
    assert [c.get("aria-label") for c in charts] == [f"{k} by round" for k in final.charted]
    for svg, column in zip(charts, final.charted):
        at = final.columns.index(column)
        facts = chart_facts(svg)
        check_chart(facts, ["red", "blue"], rounds, column, {s: f[at] for s, f in final.rows})
        assert len(facts["x"]) <= 13, "round labels thinned out so they do not overlap"


def test_stone_age_index_names_the_winner(stoneage) -> None:
    from sqlmodel import Session
    from pbem.db import open_engine
    from pbem.play.gamewords import outcome_words
    from pbem.models import Game
    database, out = stoneage
    with Session(open_engine(f"sqlite:///{database}")) as s:
        game = s.get(Game, "sa-live")
        words, turn = outcome_words(game), game.turn_no
    row = index_rows(out)["sa-live"]
    assert words and " won (" in words
    assert (row["status"], row["players"]) == ("over", "red, blue")
    assert row["turn or result"] == f"over after turn {turn}: {words}"
    assert row["last activity (UTC)"] == last_activity(database, "sa-live").strftime("%Y-%m-%d %H:%M UTC")
    files = [p for p in out.rglob("*") if p.suffix in (".html", ".json")]
    assert all("@example.org" not in p.read_text() for p in files), "no address in the archive"
    problems = {p.name: html_problems(p.read_text()) for p in files if p.suffix == ".html"}
    assert {k: v for k, v in problems.items() if v} == {}


def test_a_browser_shows_the_stone_age_archive(stoneage, tmp_path: Path) -> None:
    from pbem.site.archive_chart import COLOURS
    _database, out = stoneage
    profile = ["--user-data-dir=" + str(tmp_path / "profile")]
    index = browser(*profile, "--dump-dom", (out / "index.html").as_uri()).stdout
    assert "red, blue" in index and "over after turn" in index and "<time" in index
    game = browser(*profile, "--dump-dom", (out / "sa-live" / "index.html").as_uri()).stdout
    assert game.count('class="chart"') == 3 and 'href="turn-0.html"' in game and "(2 of 2)" in game
    shot = chart_shot(tmp_path, out / "sa-live" / "index.html", "stoneage-chart")
    shown = colours_shown(shot, COLOURS[:3])
    assert shown[COLOURS[0]] > 40 and shown[COLOURS[1]] > 40 and shown[COLOURS[2]] < 5, shown
    page = tmp_path / "sa-game.png"
    browser(*profile, "--window-size=1000,1400", f"--screenshot={page}", (out / "sa-live" / "index.html").as_uri())
    assert page.exists() and not_blank(page.read_bytes())
