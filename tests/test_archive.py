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
