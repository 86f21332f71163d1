"""The static archive: complete, linked, incremental, and shown by a real browser."""
from __future__ import annotations

import json
import os
import re
import shutil
import struct
import subprocess
import zlib
from pathlib import Path

import pytest
from click.testing import CliRunner

from pbem.cli import main

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    root = tmp_path_factory.mktemp("archive")
    demo = root / "demo"
    assert CliRunner().invoke(main, ["demo", str(demo), "--turns", "3"]).exit_code == 0
    out = root / "site"
    result = CliRunner().invoke(main, ["--config", str(demo / "pbem.toml"), "archive", "build", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "3 turn pages written" in result.output
    return demo, out


def test_every_link_and_file_is_there(site) -> None:
    _demo, out = site
    pages = list(out.rglob("*.html"))
    assert {p.name for p in pages} >= {"index.html", "turn-1.html", "turn-3.html"}
    for page in pages:
        html = page.read_text()
        assert "http://" not in html.replace("http://www.w3.org/2000/svg", "") and "https://" not in html
        for href in re.findall(r'href="([^"]+)"', html):
            assert (page.parent / href).resolve().exists(), f"{page}: broken link {href}"
    turn = json.loads((out / "valley-demo" / "turn-2.json").read_text())
    assert turn["turn"] == 2 and all(t["hand"] is None for t in turn["view"]["tribes"].values())
    assert all(e["to"] is None for e in turn["events"])


def html_problems(html: str) -> list[str]:
    """What keeps a page from being valid HTML: parse errors under the WHATWG
    parsing rules (html5lib, strict), a missing doctype, title or language,
    repeated ids, images without alt text."""
    import html5lib
    from html5lib.html5parser import ParseError
    parser = html5lib.HTMLParser(strict=True, namespaceHTMLElements=False)
    try:
        tree = parser.parse(html)
    except ParseError as why:
        where = parser.errors[-1][0] if parser.errors else ("?", "?")
        return [f"line {where[0]}, column {where[1]}: {why}"]
    problems = []
    if not html.lstrip().lower().startswith("<!doctype html>"):
        problems.append("no <!DOCTYPE html>")
    if tree.find(".//title") is None or not (tree.find(".//title").text or "").strip():
        problems.append("no title")
    if not tree.get("lang"):
        problems.append("no lang on <html>")
    ids = [e.get("id") for e in tree.iter() if e.get("id")]
    problems += [f"id {i} used twice" for i in sorted({i for i in ids if ids.count(i) > 1})]
    problems += [f"<img src={e.get('src')}> has no alt" for e in tree.iter("img") if e.get("alt") is None]
    return problems


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
    assert "1 turn pages written, 2 up to date" in result.output


def _not_blank(png: bytes) -> bool:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    pos, data = 8, b""
    while pos < len(png):
        length, kind = struct.unpack(">I4s", png[pos:pos + 8])
        if kind == b"IDAT":
            data += png[pos + 8:pos + 8 + length]
        pos += 12 + length
    pixels = zlib.decompress(data)
    return len(set(pixels[:200_000])) > 20


def _chromium(*args: str) -> subprocess.CompletedProcess:
    if CHROMIUM is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is not installed (apt-get install chromium)")
        pytest.skip("chromium is not installed")
    return subprocess.run([CHROMIUM, *FLAGS, *args], capture_output=True, text=True, timeout=120)


def test_a_browser_follows_the_links_and_shows_the_turn(site, tmp_path: Path) -> None:
    _demo, out = site
    profile = ["--user-data-dir=" + str(tmp_path / "profile")]
    index = _chromium(*profile, "--dump-dom", (out / "index.html").as_uri()).stdout
    game_href = re.search(r'href="([^"]*valley-demo[^"]*)"', index).group(1)
    game_page = (out / game_href).resolve()
    game = _chromium(*profile, "--dump-dom", game_page.as_uri()).stdout
    assert "Standings" in game and "<svg" in game
    turn_href = re.search(r'href="(turn-2\.html)"', game).group(1)
    turn_page = (game_page.parent / turn_href).resolve()
    turn = _chromium(*profile, "--dump-dom", turn_page.as_uri()).stdout
    back = re.search(r'href="(index\.html)"', turn).group(1)
    assert (turn_page.parent / back).resolve() == game_page
    shot = tmp_path / "turn.png"
    _chromium(*profile, "--window-size=1000,1200", f"--screenshot={shot}", turn_page.as_uri())
    assert shot.exists() and _not_blank(shot.read_bytes())


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
    assert "2 turn pages written, 1 up to date" in result.output
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
