"""What the archive tests read pages with: an HTML validity check, pages as
element trees (tables, the timeline, the index, the facts of a chart), the
figures the pages must show read straight from the database, and headless
Chromium with screenshots decoded to pixels; and a Stone Age game played
by bots, whose archive tests/test_archive_stoneage.py and
tests/test_stoneage_mail.py read."""
from __future__ import annotations

import json

import os
import re
import shutil
import struct
import subprocess
import zlib
from datetime import datetime, timedelta
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


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


def not_blank(png: bytes) -> bool:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    pos, data = 8, b""
    while pos < len(png):
        length, kind = struct.unpack(">I4s", png[pos:pos + 8])
        if kind == b"IDAT":
            data += png[pos + 8:pos + 8 + length]
        pos += 12 + length
    pixels = zlib.decompress(data)
    return len(set(pixels[:200_000])) > 20


def browser(*args: str) -> subprocess.CompletedProcess:
    if CHROMIUM is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is not installed (apt-get install chromium)")
        pytest.skip("chromium is not installed")
    return subprocess.run([CHROMIUM, *FLAGS, *args], capture_output=True, text=True, timeout=120)


def page_tree(html: str):
    """The page as an element tree, the SVG namespace taken off its tags."""
    import html5lib
    tree = html5lib.parse(html, namespaceHTMLElements=False)
    for element in tree.iter():
        if isinstance(element.tag, str):
            element.tag = element.tag.split("}")[-1]
    return tree


def words(element) -> str:
    return " ".join("".join(element.itertext()).split())


def rows_of(table) -> list[list[str]]:
    return [[words(cell) for cell in row if cell.tag in ("td", "th")] for row in table.iter("tr")]


def by_class(tree, tag: str, name: str) -> list:
    return [e for e in tree.iter(tag) if name in (e.get("class") or "").split()]


def positions_of(database: Path, game_id: str) -> list[tuple[int, object, dict]]:
    """(archive turn number, state, public view) of the setup and of every
    resolved step, straight from the database: what the pages must show."""
    from sqlmodel import Session, select
    from engine import get_ruleset
    from pbem.db import open_engine
    from pbem.models import Game, TurnRecord
    with Session(open_engine(f"sqlite:///{database}")) as s:
        game = s.get(Game, game_id)
        ruleset = get_ruleset(game.ruleset)
        done = sorted(s.exec(select(TurnRecord).where(TurnRecord.game_id == game_id)), key=lambda r: r.turn_no)
        states = [(0, game.initial_state_json)] + [(r.turn_no + 1, r.state_json) for r in done]
    out = []
    for number, text in states:
        state = ruleset.from_json(text)
        out.append((number, state, ruleset.view(state, None)))
    return out


def chart_facts(svg) -> dict:
    """What a chart shows: its y ticks, x ticks, axis titles, and per seat its
    line's dash pattern, its markers' shapes and values, and its legend entry."""
    def shape(e) -> str:
        return e.tag + (str(len(e.get("points").split())) if e.tag == "polygon" else "")

    y_axis, x_axis = by_class(svg, "g", "y-axis")[0], by_class(svg, "g", "x-axis")[0]
    series = {}
    for group in by_class(svg, "g", "series"):
        line = group.find("polyline")
        markers = by_class(group, "*", "marker")
        series[group.get("data-seat")] = {
            "dash": line.get("stroke-dasharray", "") if line is not None else None,
            "colour": line.get("stroke") if line is not None else markers[0].get("fill"),
            "points": len(line.get("points").split()) if line is not None else 0,
            "shapes": {shape(m) for m in markers},
            "values": [words(m.find("title")) for m in markers]}
    legend = {}
    for item in by_class(svg, "g", "legend-item"):
        line, mark = item.find("line"), by_class(item, "*", "marker")[0]
        legend[item.get("data-seat")] = {"name": words(item.find("text")), "colour": line.get("stroke"),
                                         "dash": line.get("stroke-dasharray", ""), "shape": shape(mark)}
    return {"label": svg.get("aria-label"),
            "y": [int(words(t)) for t in by_class(y_axis, "text", "tick")],
            "x": [int(words(t)) for t in by_class(x_axis, "text", "tick")],
            "titles": [words(t) for t in svg.iter("text") if "axis-title" in (t.get("class") or "")],
            "series": series, "legend": legend}


def check_chart(facts: dict, seats: list[str], rounds: list[int], column: str,
                 figures: dict[str, int], per: str = "round") -> None:
    """A chart with real axes, a point a round per seat, seats told apart by
    colour, marker and dash, a legend that matches, and the figures right."""
    assert facts["label"] == f"{column} by {per}"
    assert len(facts["y"]) >= 3 and facts["y"] == sorted(facts["y"]) and facts["y"][0] <= 0
    steps = {b - a for a, b in zip(facts["y"], facts["y"][1:])}
    assert len(steps) == 1, f"evenly spaced ticks: {facts['y']}"
    assert facts["x"] and set(facts["x"]) <= set(rounds) and facts["x"][-1] == rounds[-1]
    assert facts["titles"] == [column, per]
    assert list(facts["series"]) == seats and list(facts["legend"]) == seats
    styles = [(x["shapes"].pop() if len(x["shapes"]) == 1 else None, x["dash"]) for x in facts["series"].values()]
    assert None not in [shape for shape, _dash in styles], "one marker shape a seat"
    assert len({shape for shape, _dash in styles}) == len(seats), f"every seat its own marker: {styles}"
    assert len({dash for _shape, dash in styles}) == len(seats), f"every seat its own dashes: {styles}"
    assert len({x["colour"] for x in facts["series"].values()}) == len(seats)
    for (seat, line), (shape, dash) in zip(facts["series"].items(), styles):
        assert len(line["values"]) == len(rounds) and line["points"] == len(rounds), (seat, line)
        assert line["values"][-1] == f"{seat}, {per} {rounds[-1]}: {figures[seat]}"
        key = facts["legend"][seat]
        assert (key["name"], key["colour"], key["dash"], key["shape"]) == (seat, line["colour"], dash, shape)


def pixels(png: bytes) -> tuple[int, int, list[tuple[int, ...]]]:
    """Width, height and the RGB pixels of an 8-bit RGB or RGBA PNG."""
    pos, data, header = 8, b"", b""
    while pos < len(png):
        length, kind = struct.unpack(">I4s", png[pos:pos + 8])
        if kind == b"IHDR":
            header = png[pos + 8:pos + 8 + length]
        if kind == b"IDAT":
            data += png[pos + 8:pos + 8 + length]
        pos += 12 + length
    width, height, depth, colour = struct.unpack(">IIBB", header[:10])
    assert depth == 8 and colour in (2, 6)
    size = 3 if colour == 2 else 4
    raw, stride, rows, before = zlib.decompress(data), width * size, [], bytearray(width * size)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride if kind else 0):          # filter 0: the bytes as they are
            a = line[i - size] if i >= size else 0
            b, c = before[i], before[i - size] if i >= size else 0
            if kind == 4:          # Paeth: the neighbour nearest a + b - c
                p = a + b - c
                guess = min((abs(p - a), 0, a), (abs(p - b), 1, b), (abs(p - c), 2, c))[2]
            else:
                guess = (0, a, b, (a + b) // 2)[kind]
            line[i] = (line[i] + guess) & 0xFF
        rows.append(line)
        before = line
    return width, height, [tuple(r[i:i + 3]) for r in rows for i in range(0, stride, size)]


def colours_shown(shot: Path, colours: list[str]) -> dict[str, int]:
    """How many pixels of the screenshot are (near) each colour."""
    _w, _h, shown = pixels(shot.read_bytes())
    wanted = {c: tuple(int(c[i:i + 2], 16) for i in (1, 3, 5)) for c in colours}
    counts = dict.fromkeys(colours, 0)
    for pixel in shown:
        for name, rgb in wanted.items():
            if sum(abs(p - q) for p, q in zip(pixel, rgb)) < 30:
                counts[name] += 1
    return counts


def chart_shot(tmp_path: Path, game_page: Path, name: str) -> Path:
    """A screenshot of the first chart of a game page, alone on a page."""
    svg = re.search(r"<svg[^>]*class=\"chart\".*?</svg>", game_page.read_text(), re.S).group(0)
    page = tmp_path / f"{name}.html"
    page.write_text(f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{name}</title></head>'
                    f'<body style="margin:0">{svg}</body></html>')
    shot = tmp_path / f"{name}.png"
    browser("--user-data-dir=" + str(tmp_path / "profile"), "--window-size=600,260", f"--screenshot={shot}",
              page.as_uri())
    assert shot.exists() and not_blank(shot.read_bytes())
    return shot


def timeline_of(game_page: Path) -> list[tuple[str, str, str]]:
    """(link, turn text, label) of each row of a game page's list of turns."""
    table = by_class(page_tree(game_page.read_text()), "table", "timeline")[0]
    out = []
    for row in list(table.iter("tr"))[1:]:
        link = row.find("td/a")
        out.append((link.get("href"), words(link), words(row.findall("td")[1])))
    return out


def index_rows(out: Path) -> dict[str, dict[str, str]]:
    table = by_class(page_tree((out / "index.html").read_text()), "table", "games")[0]
    head = rows_of(table)[0]
    rows = {}
    for row in by_class(table, "tr", "game"):
        cells = [words(c) for c in row.findall("td")]
        stamp = row.find(".//time")
        rows[row.get("data-game")] = dict(zip(head, cells), time=stamp.get("datetime") if stamp is not None else "")
    return rows


def index_rows_in(html: str) -> dict[str, dict[str, str]]:
    table = by_class(page_tree(html), "table", "games")[0]
    head = rows_of(table)[0]
    return {row.get("data-game"): dict(zip(head, [words(c) for c in row.findall("td")]))
            for row in by_class(table, "tr", "game")}


def last_activity(database: Path, game_id: str):
    from datetime import timezone
    from sqlmodel import Session, select
    from pbem.db import open_engine
    from pbem.models import GmLog, TurnRecord
    with Session(open_engine(f"sqlite:///{database}")) as s:
        times = [r.resolved_at for r in s.exec(select(TurnRecord).where(TurnRecord.game_id == game_id))]
        times += [x.at for x in s.exec(select(GmLog).where(GmLog.game_id == game_id))]
    return max(t.replace(tzinfo=timezone.utc) if t.tzinfo is None else t for t in times)


def standings_table(page: Path) -> list[list[str]]:
    return rows_of(by_class(page_tree(page.read_text()), "table", "standings")[0])


def live_stoneage(root: Path, seats: dict[str, str], start: datetime):  # type: ignore[no-untyped-def]
    """A live-placement Stone Age game, sa-live, with a bot in every seat
    (``seats``: name to address), played by mail from ``start`` for three
    passes: steps that await only bots run at once, so it reaches its end.
    Returns the World (tests/pbem_world.py) it is played in."""
    from sqlmodel import Session
    from pbem.gm import gmtools
    from pbem.config import load
    from pbem.db import migrate
    from pbem.play.games import GameSpec, create_game, start_game
    from pbem.models import Game
    from pbem_world import World, run_pass
    world = World(root)
    engine = world.engine()
    migrate(engine)
    with Session(engine) as s:
        create_game(s, GameSpec(id="sa-live", ruleset="stoneage", seats=list(seats.items()), seed="chart",
                                options={"placement": "live"}, deadline="48h", early="0m"), start)
        game = s.get(Game, "sa-live")
        start_game(s, load(world.config), game, start)
        for seat in seats:
            gmtools.set_bot(s, load(world.config), game, seat, True, start)
        s.commit()
    for hour in range(1, 4):
        assert run_pass(world, start + timedelta(hours=hour))[0] == 0
    return world


# Written into a copy of the page: what the browser laid out, as an attribute of <html>.
_MEASURE = """<script>
const s = e => getComputedStyle(e);
const h = t => { const e = document.querySelector(t); return e ? parseFloat(s(e).fontSize) : null; };
document.documentElement.setAttribute("data-layout", JSON.stringify({
  overflow: document.documentElement.scrollWidth - window.innerWidth,
  color: s(document.body).color, background: s(document.body).backgroundColor,
  h1: h("h1"), h2: h("h2"), h3: h("h3")}));
</script>"""


def rgb(text: str) -> tuple[int, ...]:
    """A CSS colour as (red, green, blue): rgb(r, g, b), #rrggbb or #rgb."""
    if text.startswith("#"):
        digits = text[1:] if len(text) == 7 else "".join(c * 2 for c in text[1:])
        return tuple(int(digits[i:i + 2], 16) for i in (0, 2, 4))
    return tuple(int(x) for x in re.findall(r"\d+", text)[:3])


def contrast(one: str, two: str) -> float:
    """The WCAG contrast ratio of two CSS colours (rgb() or hexadecimal)."""
    def luminance(rgb: tuple[int, ...]) -> float:
        c = [v / 255 for v in rgb]
        c = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in c]
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
    a, b = sorted((luminance(rgb(one)), luminance(rgb(two))), reverse=True)
    return (a + 0.05) / (b + 0.05)


def layout(page: Path, tmp_path: Path, width: int, dark: bool) -> dict:
    """How Chromium lays ``page`` out at ``width`` px, light or with the dark preference."""
    copy = tmp_path / f"measured-{width}{'-dark' if dark else ''}.html"
    copy.write_text(page.read_text().replace("</body>", _MEASURE + "</body>"))
    flags = ["--force-dark-mode"] if dark else []
    dom = browser("--user-data-dir=" + str(tmp_path / "profile"), *flags, f"--window-size={width},900",
                  "--dump-dom", copy.as_uri()).stdout
    found = re.search(r'data-layout="([^"]*)"', dom)
    assert found, dom[:500]
    return json.loads(found.group(1).replace("&quot;", '"'))
