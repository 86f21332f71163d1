"""The static archive: complete, linked, incremental, and shown by a real browser."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from archive_pages import (browser, by_class, layout, chart_facts, chart_shot, check_chart, colours_shown, html_problems,
                           index_rows, index_rows_in, last_activity, not_blank, page_tree, positions_of,
                           standings_table, timeline_of, words)
from click.testing import CliRunner

from pbem.cli import main

SEATS = ["red", "blue", "green", "white"]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    root = tmp_path_factory.mktemp("archive")
    demo = root / "demo"
    assert CliRunner().invoke(main, ["demo", str(demo), "--turns", "3"]).exit_code == 0
    out = root / "site"
    result = CliRunner().invoke(main, ["--config", str(demo / "pbem.toml"), "archive", "build", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "1 game, 4 turn pages written" in result.output      # the setup (turn 0) and three turns
    return demo, out


def test_every_link_and_file_is_there(site) -> None:
    _demo, out = site
    pages = list(out.rglob("*.html"))
    assert {p.name for p in pages} >= {"index.html", "turn-0.html", "turn-1.html", "turn-3.html"}
    for page in pages:
        html = page.read_text()
        assert "http://" not in html.replace("http://www.w3.org/2000/svg", "") and "https://" not in html
        for href in re.findall(r'href="([^"]+)"', html):
            assert (page.parent / href).resolve().exists(), f"{page}: broken link {href}"
    turn = json.loads((out / "valley-demo" / "turn-2.json").read_text())
    assert turn["turn"] == 2 and all(t["hand"] is None for t in turn["view"]["tribes"].values())
    assert all(e["to"] is None for e in turn["events"])


def test_every_page_and_report_is_valid_html(site) -> None:
    from email import message_from_bytes, policy
    demo, out = site
    pages = {str(p.relative_to(out)): p.read_text() for p in out.rglob("*.html")}
    for path in (demo / "mail" / "outbox").rglob("new/*"):
        msg = message_from_bytes(path.read_bytes(), policy=policy.default)
        body = msg.get_body(preferencelist=("html",))
        if body is not None:
            pages[f"mail {msg['Subject']}"] = body.get_content()
    assert len(pages) > 10 and any(k.startswith("mail") for k in pages)
    problems = {name: html_problems(html) for name, html in pages.items()}
    assert {k: v for k, v in problems.items() if v} == {}
    assert html_problems("<!DOCTYPE html><html lang=en><title>t</title><p id=a></p><p id=a></b>") != []


def test_building_again_writes_only_what_changed(site) -> None:
    demo, out = site
    result = CliRunner().invoke(main, ["--config", str(demo / "pbem.toml"), "archive", "build", "--out", str(out)])
    assert "0 turn pages written, 4 up to date" in result.output


def test_a_new_turn_rewrites_the_page_before_it(site, tmp_path: Path) -> None:
    """The page that was the last gets its "next turn" link; the others stay."""
    demo, out = site
    copy, site_copy = tmp_path / "demo", tmp_path / "site"
    shutil.copytree(demo, copy)
    shutil.copytree(out, site_copy)
    config = ["--config", str(copy / "pbem.toml")]
    now = "2026-01-06T00:05"      # just after the demo's last pass
    assert CliRunner().invoke(main, [*config, "game", "process-now", "valley-demo", "--now", now]).exit_code == 0
    assert CliRunner().invoke(main, [*config, "process", "--now", now]).exit_code == 0
    assert len(_records(copy)) == 4
    result = CliRunner().invoke(main, [*config, "archive", "build", "--out", str(site_copy)])
    assert "2 turn pages written, 3 up to date" in result.output, result.output
    folder = site_copy / "valley-demo"
    links = {words(a): a.get("href") for a in page_tree((folder / "turn-3.html").read_text()).iter("a")}
    assert links.get("next turn") == "turn-4.html"
    assert "next turn" not in {words(a) for a in page_tree((folder / "turn-4.html").read_text()).iter("a")}
    assert [h for h, _t, _l in timeline_of(folder / "index.html")][-1] == "turn-4.html"


def test_a_browser_follows_the_links_and_shows_the_turn(site, tmp_path: Path) -> None:
    _demo, out = site
    profile = ["--user-data-dir=" + str(tmp_path / "profile")]
    index = browser(*profile, "--dump-dom", (out / "index.html").as_uri()).stdout
    game_href = re.search(r'href="([^"]*valley-demo[^"]*)"', index).group(1)
    game_page = (out / game_href).resolve()
    game = browser(*profile, "--dump-dom", game_page.as_uri()).stdout
    assert "Standings" in game and "<svg" in game
    turn_href = re.search(r'href="(turn-2\.html)"', game).group(1)
    turn_page = (game_page.parent / turn_href).resolve()
    turn = browser(*profile, "--dump-dom", turn_page.as_uri()).stdout
    back = re.search(r'href="(index\.html)"', turn).group(1)
    assert (turn_page.parent / back).resolve() == game_page
    shot = tmp_path / "turn.png"
    browser(*profile, "--window-size=1000,1200", f"--screenshot={shot}", turn_page.as_uri())
    assert shot.exists() and not_blank(shot.read_bytes())


STANDING = re.compile(r"\b(?:LOSSES|STARVE|CONQUER)\b|\bPLACE [A-G][1-7]\b")


def _records(demo: Path) -> list:
    from sqlmodel import Session, select
    from pbem.db import open_engine
    from pbem.models import TurnRecord
    with Session(open_engine(f"sqlite:///{demo / 'pbem.sqlite'}")) as s:
        return sorted(s.exec(select(TurnRecord)), key=lambda r: r.turn_no)


def test_no_order_sheet_is_published(site) -> None:
    demo, out = site
    sheets = [json.loads(r.sheets_json) for r in _records(demo)]
    kept = [line for sheet in sheets for lines in sheet.values() for line in lines]
    assert any(line.startswith("PLACE ") for line in kept) and any(line.startswith("LOSSES ") for line in kept) \
        and any(line.startswith("CONQUER ") for line in kept) and any(line.startswith("STARVE ") for line in kept)
    files = [p for p in out.rglob("*") if p.suffix in (".html", ".json")]
    assert len(files) >= 8
    for path in files:
        found = STANDING.search(path.read_text())
        assert found is None, f"{path.name} publishes the order sheet line {found.group(0)!r}"
    for number in (1, 2, 3):
        turn = json.loads((out / "valley-demo" / f"turn-{number}.json").read_text())
        page = (out / "valley-demo" / f"turn-{number}.html").read_text()
        texts = [e["text"] for e in turn["events"]]
        assert set(turn["orders"]) == {"red", "blue", "green", "white"}
        assert all(line in texts for lines in turn["orders"].values() for line in lines)
        assert "Orders as carried out" in page and "Orders given" not in page
    first = json.loads((out / "valley-demo" / "turn-1.json").read_text())
    assert all(any(" settles on " in line for line in first["orders"][seat]) for seat in first["orders"])


def test_pages_of_an_older_format_are_written_again(site, tmp_path: Path) -> None:
    demo, out = site
    copy = tmp_path / "site"
    shutil.copytree(out, copy)
    old = copy / "valley-demo" / "turn-1.json"
    data = json.loads(old.read_text())
    del data["format"]
    data["orders"] = {"red": ["LOSSES WARRIORS"]}       # what the archive once published
    old.write_text(json.dumps(data))
    result = CliRunner().invoke(main, ["--config", str(demo / "pbem.toml"), "archive", "build", "--out", str(copy)])
    assert "1 turn page written, 3 up to date" in result.output
    assert "LOSSES" not in old.read_text()


@pytest.fixture(scope="module")
def refused(tmp_path_factory):
    """A demo game whose next turn has a PLAY the parser takes and the turn
    refuses: red holds a Palisade while both fences stand on another camp."""
    from sqlmodel import Session, select
    from engine import get_ruleset
    from pbem.db import open_engine
    from pbem.models import Game, Sheet, TurnRecord
    root = tmp_path_factory.mktemp("refused")
    demo = root / "demo"
    assert CliRunner().invoke(main, ["demo", str(demo), "--turns", "2"]).exit_code == 0
    ruleset = get_ruleset("valley")
    engine = open_engine(f"sqlite:///{demo / 'pbem.sqlite'}")
    with Session(engine) as s:
        game = s.get(Game, "valley-demo")
        state = ruleset.from_json(game.state_json)
        me = next(p for p in state.players if state.camps(p))
        other = next(p for p in state.players if p != me and state.camps(p))
        camp = state.camps(me)[0]
        state.tribes[me].hand.append("palisade")
        state.tribes[other].armed += [["palisade", c] for c in (state.camps(other) * 2)[:2]]
        game.state_json = ruleset.to_json(state)
        turn_no = game.turn_no
        s.add(game)
        s.add(Sheet(game_id=game.id, seat=me, turn_no=turn_no, text=f"PLAY palisade {camp}"))
        s.commit()
    config = ["--config", str(demo / "pbem.toml")]
    now = "2026-01-05T22:05"
    assert CliRunner().invoke(main, [*config, "game", "process-now", "valley-demo", "--now", now]).exit_code == 0
    assert CliRunner().invoke(main, [*config, "process", "--now", now]).exit_code == 0
    with Session(engine) as s:
        record = s.exec(select(TurnRecord).where(TurnRecord.turn_no == turn_no)).one()
        events = json.loads(record.events_json)
        kept = ruleset.from_json(record.state_json).tribes[me].hand
    assert json.loads(record.sheets_json)[me] == [f"PLAY palisade {camp}"]
    assert "palisade" in kept, "the refused card stays in red's hand"
    told = [e for e in events if e["text"].startswith(f"PLAY palisade {camp} could not take effect")]
    assert told and all(e["to"] == me for e in told)
    out = root / "site"
    assert CliRunner().invoke(main, [*config, "archive", "build", "--out", str(out)]).exit_code == 0
    return demo, out, me, turn_no + 1


def test_a_refused_play_stays_out_of_the_archive(refused) -> None:
    demo, out, me, number = refused
    folder = out / "valley-demo"
    for path in (folder / f"turn-{number}.html", folder / f"turn-{number}.json", folder / "index.html"):
        assert not re.search("palisade", path.read_text(), re.I), f"{path.name} names the refused card"
    config = ["--config", str(demo / "pbem.toml")]
    for fmt in ("json", "text", "html"):
        shown = CliRunner().invoke(main, [*config, "history", "valley-demo", "--turn", str(number),
                                          "--format", fmt]).output
        assert shown.strip() and not re.search("palisade", shown, re.I), f"public {fmt} history names it"
    other = next(p for p in ("red", "blue", "green", "white") if p != me)
    theirs = CliRunner().invoke(main, [*config, "history", "valley-demo", "--turn", str(number),
                                       "--seat", other, "--format", "json"]).output
    assert not re.search("palisade", theirs, re.I)
    mine = json.loads(CliRunner().invoke(main, [*config, "history", "valley-demo", "--turn", str(number),
                                                "--seat", me, "--format", "json"]).output)
    assert mine["my_orders"][0].startswith("PLAY palisade ") and "palisade" in mine["view"]["tribes"][me]["hand"]
    assert any("could not take effect" in e["text"] and e["to"] == me for e in mine["events"])


# -- charts, the timeline, standings, labels and the index (Stone Age: test_archive_stoneage.py) --


def test_the_charts_have_axes_markers_and_a_legend(site) -> None:
    from engine import get_ruleset
    from pbem.presenters import get_presenter
    demo, out = site
    positions = positions_of(demo / "pbem.sqlite", "valley-demo")
    ruleset, presenter = get_ruleset("valley"), get_presenter("valley")
    rounds = sorted({ruleset.round_of(state) for _n, state, _v in positions})
    assert rounds == [0, 1, 2, 3], "the setup and a round a turn"
    final = presenter.standings(positions[-1][2])
    charts = list(page_tree((out / "valley-demo" / "index.html").read_text()).iter("svg"))
    charts = [c for c in charts if "chart" in (c.get("class") or "")]
    assert [c.get("aria-label") for c in charts] == [f"{k} by turn" for k in final.charted], "Valley counts turns"
    for svg, column in zip(charts, final.charted):
        at = final.columns.index(column)
        check_chart(chart_facts(svg), SEATS, rounds, column, {s: f[at] for s, f in final.rows}, "turn")


def test_a_browser_draws_every_seat_in_the_chart(site, tmp_path: Path) -> None:
    from pbem.site.archive_chart import COLOURS
    _demo, out = site
    shot = chart_shot(tmp_path, out / "valley-demo" / "index.html", "valley-chart")
    shown = colours_shown(shot, COLOURS[:4])
    assert all(n > 40 for n in shown.values()), f"a seat's line or markers are missing: {shown}"
    assert colours_shown(shot, COLOURS[4:5])[COLOURS[4]] < 5, "no fifth seat in a four-seat game"


def test_the_timeline_starts_with_the_setup_page(site) -> None:
    demo, out = site
    folder = out / "valley-demo"
    timeline = timeline_of(folder / "index.html")
    assert timeline[0] == ("turn-0.html", "turn 0", "setup")
    assert [href for href, _t, _l in timeline] == [f"turn-{n}.html" for n in range(4)]
    assert [text for _h, text, _l in timeline] == [f"turn {n}" for n in range(4)]
    setup = page_tree((folder / "turn-0.html").read_text())
    heading = words(setup.find(".//h1"))
    assert heading == "valley-demo, turn 0: setup: place your tribe"
    assert "Nothing happened yet" in words(setup.find(".//body"))
    assert "Orders as carried out" not in words(setup.find(".//body"))
    assert setup.find(".//svg") is not None, "the setup position is drawn"
    links = {words(a): a.get("href") for a in setup.iter("a")}
    assert links.get("next turn") == "turn-1.html" and "previous turn" not in links
    assert links.get("all games") == "../index.html" and links.get("latest turn") == "latest.html"
    first = {words(a): a.get("href") for a in page_tree((folder / "turn-1.html").read_text()).iter("a")}
    assert first.get("previous turn") == "turn-0.html" and first.get("first turn") == "turn-0.html"
    navs = page_tree((folder / "turn-1.html").read_text()).findall(".//p[@class='nav']")
    assert len(navs) == 2 and words(navs[0]) == words(navs[1]), "the same links above and below the turn"
    assert 'url=turn-3.html' in (folder / "latest.html").read_text()
    game_links = {words(a): a.get("href") for a in page_tree((folder / "index.html").read_text()).iter("a")}
    assert game_links.get("latest turn") == "latest.html" and game_links.get("first turn") == "turn-0.html"
    data = json.loads((folder / "turn-0.json").read_text())
    assert (data["turn"], data["setup"], data["events"], data["orders"]) == (0, True, [], {})
    _number, _state, view = positions_of(demo / "pbem.sqlite", "valley-demo")[0]
    assert data["view"] == json.loads(json.dumps(view)), "the position before the first resolve"
    assert all(t["camps"] == [] and t["hand"] is None for t in data["view"]["tribes"].values()), "no hand shown"


def test_the_gm_log_numbers_turns_as_the_pages_do(site) -> None:
    _demo, out = site
    folder = out / "valley-demo"
    table = by_class(page_tree((folder / "index.html").read_text()), "table", "gm-log")[0]
    resolved = []
    for row in list(table.iter("tr"))[1:]:
        cells = row.findall("td")
        at_turn, action = words(cells[1]), words(cells[2])
        assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d UTC", words(cells[0]))
        found = re.fullmatch(r"turn: resolved turn (\d+) → turn (\d+)", action)
        if found:
            number = int(found.group(1))
            assert at_turn == f"turn {number}" and int(found.group(2)) == number + 1
            assert [a.get("href") for a in row.iter("a")] == [f"turn-{number}.html", f"turn-{number + 1}.html"]
            page = page_tree((folder / f"turn-{number + 1}.html").read_text())
            assert words(page.find(".//h1")).startswith(f"valley-demo, turn {number + 1}: ")
            resolved.append(number)
        else:
            assert at_turn == "turn 0", f"create and start happen at the setup: {action}"
    assert resolved == [0, 1, 2], "every resolve logged, numbered like the pages"


def test_each_turn_page_shows_the_standings_of_its_turn(site) -> None:
    from pbem.presenters import get_presenter
    demo, out = site
    presenter = get_presenter("valley")
    tables = []
    for number, _state, view in positions_of(demo / "pbem.sqlite", "valley-demo"):
        standings = presenter.standings(view)
        table = standings_table(out / "valley-demo" / f"turn-{number}.html")
        assert table == [["seat", *standings.columns]] + [[s, *map(str, f)] for s, f in standings.rows], number
        data = json.loads((out / "valley-demo" / f"turn-{number}.json").read_text())
        assert data["standings"]["rows"] == [[s, list(f)] for s, f in standings.rows]
        tables.append(table)
    assert len({json.dumps(t) for t in tables}) == len(tables), "each turn its own figures"
    assert tables[-1] == standings_table(out / "valley-demo" / "index.html"), "the last turn's are the game's"
    assert tables[0][1][1:] == ["0", "0", "12"], "at the setup nobody has a camp or a token"


def test_turn_labels_are_never_repeated(site) -> None:
    _demo, out = site
    labels = [label for _h, _t, label in timeline_of(out / "valley-demo" / "index.html")]
    assert labels == ["setup", "summer 2, year 1", "summer 3, year 1", "winter 1, year 1"]


def test_the_index_shows_players_turn_and_last_activity(site) -> None:
    demo, out = site
    row = index_rows(out)["valley-demo"]
    assert row["players"] == ", ".join(SEATS)
    assert row["status"] == "active" and row["turn or result"] == "turn 3: winter 1, year 1"
    last = last_activity(demo / "pbem.sqlite", "valley-demo")
    assert row["last activity (UTC)"] == last.strftime("%Y-%m-%d %H:%M UTC")
    assert row["time"] == last.strftime("%Y-%m-%dT%H:%MZ")
    assert last.year == 2026 and (last.month, last.day) <= (1, 6), "the game's clock (the demo's passes), not the wall's"
    for path in out.rglob("*"):
        if path.suffix in (".html", ".json"):
            assert "@demo.example" not in path.read_text(), f"{path.name} publishes an address"


def test_a_browser_shows_the_setup_the_standings_and_the_index(site, tmp_path: Path) -> None:
    _demo, out = site
    profile = ["--user-data-dir=" + str(tmp_path / "profile")]
    index = browser(*profile, "--dump-dom", (out / "index.html").as_uri()).stdout
    row = index_rows_in(index)["valley-demo"]
    assert row["players"] == "red, blue, green, white" and row["turn or result"].startswith("turn 3: ")
    setup = browser(*profile, "--dump-dom", (out / "valley-demo" / "turn-0.html").as_uri()).stdout
    assert "Nothing happened yet" in setup and 'class="standings"' in setup and "<svg" in setup
    turn = browser(*profile, "--dump-dom", (out / "valley-demo" / "turn-2.html").as_uri()).stdout
    assert "Standings after this turn" in turn and turn.count("<tr>") >= 5
    for name, page in (("setup", "valley-demo/turn-0.html"), ("index", "index.html")):
        shot = tmp_path / f"{name}.png"
        browser(*profile, "--window-size=1000,800", f"--screenshot={shot}", (out / page).as_uri())
        assert shot.exists() and not_blank(shot.read_bytes()), name
    phone = tmp_path / "index-390.png"
    browser(*profile, "--window-size=390,800", f"--screenshot={phone}", (out / "index.html").as_uri())
    assert phone.exists() and not_blank(phone.read_bytes())
    for page in ("index.html", "valley-demo/index.html", "valley-demo/turn-2.html"):
        on_phone = layout(out / page, tmp_path, 390, dark=True)
        assert on_phone["overflow"] <= 0, (page, on_phone)


def test_a_rollback_rewrites_the_pages_it_undid(site, tmp_path: Path) -> None:
    demo, out = site
    copy, site_copy = tmp_path / "demo", tmp_path / "site"
    shutil.copytree(demo, copy)
    shutil.copytree(out, site_copy)
    config = ["--config", str(copy / "pbem.toml")]
    rolled = CliRunner().invoke(main, [*config, "game", "rollback", "valley-demo"])
    assert rolled.exit_code == 0, rolled.output
    result = CliRunner().invoke(main, [*config, "archive", "build", "--out", str(site_copy)])
    assert "1 turn page written, 2 up to date" in result.output
    folder = site_copy / "valley-demo"
    assert not (folder / "turn-3.html").exists() and not (folder / "turn-3.json").exists()
    assert [href for href, _t, _l in timeline_of(folder / "index.html")] == ["turn-0.html", "turn-1.html",
                                                                          "turn-2.html"]
    links = {words(a) for a in page_tree((folder / "turn-2.html").read_text()).iter("a")}
    assert "next turn" not in links
    assert len(_records(copy)) == 2 and len(_records(demo)) == 3, "the copy was rolled back, not the original"


def test_a_game_still_waiting_for_players_has_its_pages(site, tmp_path: Path) -> None:
    """An open game has no state before its seats are taken: its page says
    so, and the index lists it, where the build once stopped with an error."""
    demo, _out = site
    copy, out = tmp_path / "demo", tmp_path / "site"
    shutil.copytree(demo, copy)
    config = ["--config", str(copy / "pbem.toml")]
    made = CliRunner().invoke(main, [*config, "game", "new", "open-1", "--open", "3", "--gm", "gm@open.example"])
    assert made.exit_code == 0, made.output
    from sqlmodel import Session
    from pbem.db import open_engine
    from pbem.models import GmLog
    with Session(open_engine(f"sqlite:///{copy / 'pbem.sqlite'}")) as s:      # an error's text names an address
        s.add(GmLog(game_id="open-1", action="error", detail="send failed: 550 <ann@open.example> unknown"))
        s.commit()
    result = CliRunner().invoke(main, [*config, "archive", "build", "--out", str(out)])
    assert result.exit_code == 0 and "2 games, 4 turn pages written" in result.output, result.output
    row = index_rows(out)["open-1"]
    assert (row["status"], row["players"], row["turn or result"]) == ("not started yet", "none yet", "not started")
    page = (out / "open-1" / "index.html").read_text()
    assert "waits for its players" in page and "@open.example" not in page and html_problems(page) == []
    assert "error: send failed: 550 &lt;(an address)&gt; unknown" in page
    assert [p.name for p in (out / "open-1").iterdir()] == ["index.html"]


@pytest.mark.parametrize("lang, said, english", [
    ("fr", ("Classement", "Les ordres tels qu'exécutés", "Ce qui s'est passé"), ("Standings", "What happened")),
    ("es", ("Clasificación", "Órdenes tal como se ejecutaron", "Lo que ha pasado"), ("Standings", "What happened")),
])
def test_a_games_pages_speak_its_language(site, tmp_path: Path, lang: str, said: tuple, english: tuple) -> None:
    """The game's pages (its own and its turns', the GM log and the outcome too) in the game's language; the
    site's index in the language its games share, or as --lang says."""
    from sqlmodel import Session
    from pbem.db import open_engine
    from pbem.models import Game
    demo, _out = site
    copy = tmp_path / "demo"
    shutil.copytree(demo, copy)
    database = copy / "pbem.sqlite"
    with Session(open_engine(f"sqlite:///{database}")) as s:
        game = s.get(Game, "valley-demo")
        game.lang = lang
        s.add(game)
        s.commit()
    out = tmp_path / "site"
    result = CliRunner().invoke(main, ["--config", str(copy / "pbem.toml"), "archive", "build", "--out", str(out)])
    assert result.exit_code == 0, result.output
    game_page = (out / "valley-demo" / "index.html").read_text()
    turn_page = (out / "valley-demo" / "turn-2.html").read_text()
    assert f'<html lang="{lang}">' in game_page and f'<html lang="{lang}">' in turn_page
    for text in said:
        assert text in game_page + turn_page, text
    for text in english:
        assert f">{text}<" not in game_page + turn_page, text
    assert html_problems(game_page) == [] and html_problems(turn_page) == []
    log = " ".join(words(cell) for cell in by_class(page_tree(game_page), "table", "gm-log")[0].iter("td"))
    assert LOGGED[lang] in log and DEADLINE[lang] in log and "resolved" not in log and "seats" not in log, log
    index = (out / "index.html").read_text()          # its only game's language
    assert f'<html lang="{lang}">' in index and html_problems(index) == []
    assert INDEXED[lang] in index and "turn or result" not in index and "Valley of the" not in index
    again = CliRunner().invoke(main, ["--config", str(copy / "pbem.toml"), "archive", "build", "--out", str(out),
                                      "--lang", "en"])
    index = (out / "index.html").read_text()
    assert again.exit_code == 0 and '<html lang="en">' in index and "turn or result" in index
    assert "Valley of the Mammoths" in index


# "turn: resolved turn 1", and the start's "deadline <time>" with its time in the language's words
LOGGED = {"fr": "tour : tour 1 joué", "es": "turno: turno 1 jugado"}
DEADLINE = {"fr": "échéance jeudi 8 janvier 2026, 18:00 UTC", "es": "plazo jueves, 8 de enero de 2026, 18:00 UTC"}
INDEXED = {"fr": "<th>tour ou résultat</th>", "es": "<th>turno o resultado</th>"}
