"""The map of a report mail as a PNG, for the clients that drop inline SVG:
reports made and sent by a real pass (embedded Maildir transport) carry the
PNG inline by Content-ID in a multipart/related beside the HTML, the HTML
shows it by cid:, and the SVG it was drawn from is in the same mail. One
drawing per step serves every seat; a drawing that fails costs the mail its
picture only, logged once."""
from __future__ import annotations

import logging
import random
import re
import struct
import sys
import zlib
from datetime import datetime, timedelta, timezone
from email.message import EmailMessage

import pytest
from sqlmodel import Session

from engine import SeededDice
from pbem.config import load
from pbem.db import migrate
from pbem.play.games import GameSpec, create_game, start_game
from pbem.models import Game
from pbem.reports import png, raster
from pbem_world import World, order_mail, run_pass

T0 = datetime(2026, 5, 4, 8, 0, tzinfo=timezone.utc)
SEATS = {"red": "ann@example.org", "blue": "bob@example.org"}


def _world(tmp_path, ruleset: str) -> tuple[World, dict[str, str]]:
    world = World(tmp_path)
    engine = world.engine()
    migrate(engine)
    with Session(engine) as s:
        create_game(s, GameSpec(id="g-1", ruleset=ruleset, seats=list(SEATS.items()), seed="png",
                                deadline="48h", early="0m", gm_email="gm@example.org"), T0)
        passwords = start_game(s, load(world.config), s.get(Game, "g-1"), T0)
        s.commit()
    return world, passwords


def _decode(data: bytes) -> tuple[int, int, bytes]:
    """Width, height and the unfiltered RGB scanlines of a PNG, every chunk's CRC checked (an
    RGBA one's alpha checked opaque and left out)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, head = 8, b"", b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        assert struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])[0] == zlib.crc32(kind + body)
        if kind == b"IHDR":
            head = body
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour = struct.unpack(">IIBB", head[:10])
    assert depth == 8 and colour in (2, 6), "8-bit RGB or RGBA"
    raw = zlib.decompress(idat)
    size = 3 if colour == 2 else 4
    assert len(raw) == (width * size + 1) * height
    if colour == 6:
        rows = [raw[y * (width * 4 + 1):(y + 1) * (width * 4 + 1)] for y in range(height)]
        assert all(row[0] == 0 and set(row[4::4]) == {255} for row in rows), "filter 0, opaque"
        raw = b"".join(row[:1] + bytes(b for i, b in enumerate(row[1:]) if i % 4 != 3) for row in rows)
    return width, height, raw


def _parts(msg: EmailMessage) -> tuple[str, EmailMessage, EmailMessage]:
    """The HTML, the PNG part and the SVG part of a report mail."""
    html_part = msg.get_body(preferencelist=("html",))
    assert html_part is not None
    related = [p for p in msg.walk() if p.get_content_type() == "multipart/related"]
    assert len(related) == 1, "the HTML and its picture travel as multipart/related"
    pngs = [p for p in related[0].iter_parts() if p.get_content_type() == "image/png"]
    svgs = [p for p in msg.walk() if p.get_content_type() == "image/svg+xml"]
    assert len(pngs) == 1 and len(svgs) == 1
    assert list(related[0].iter_parts())[0] is html_part, "the HTML is the root of the related parts"
    return html_part.get_content(), pngs[0], svgs[0]


def _check_report(msg: EmailMessage, svg_start: str) -> bytes:
    html, png_part, svg_part = _parts(msg)
    data = png_part.get_content()
    width, height, raw = _decode(data)
    svg = svg_part.get_content()
    svg = svg.decode("utf-8") if isinstance(svg, bytes) else svg
    assert svg.startswith(svg_start)
    view_w, view_h = map(float, re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg).groups())
    assert (width, height) == (round(view_w * png.SCALE), round(view_h * png.SCALE)), "IHDR: the map's size"
    assert len(set(raw[:300_000])) > 20, "not a blank picture"
    assert png._draw(svg).png == data, "the PNG is the drawing of the SVG in the same mail"
    cid = png_part["Content-ID"].strip("<>")
    assert png_part.get_content_disposition() == "inline"
    assert f'src="cid:{cid}"' in html and "width:100%" in html and "height:auto" in html
    assert "<svg" not in html, "the map is shown once: the SVG rides along as map.svg"
    assert svg_part.get_filename() == "map.svg" and svg_part.get_content_disposition() == "attachment"
    assert "=== pbem report" in html and "=== end of report ===" in html
    return data


def test_stone_age_reports_share_one_png_per_step(tmp_path, monkeypatch) -> None:
    world, passwords = _world(tmp_path, "stoneage")
    run_pass(world, T0)
    welcome = world.outbox(SEATS["red"])[-1]
    _check_report(welcome, "<svg")

    drawn: list[str] = []
    draw = png._draw
    monkeypatch.setattr(png, "_draw", lambda svg: drawn.append(svg) or draw(svg))
    png._kept.clear()
    world.post(order_mail(SEATS["red"], f"SIGNON g-1 red {passwords['red']}\nPLACE 5 hunt\nREADY\n"))
    world.post(order_mail(SEATS["blue"], f"SIGNON g-1 blue {passwords['blue']}\nPLACE 2 hut\nREADY\n"))
    code, summary = run_pass(world, T0 + timedelta(hours=1))
    assert code == 0 and summary.resolved == ["g-1 turn 0"], summary.lines()
    reports = [m for address in [*SEATS.values(), "gm@example.org"] for m in world.outbox(address)
               if "report g-1 round 2" in (m.get_body(preferencelist=("html",)) or m).as_string()]
    assert len(reports) == 3, "red, blue and the GM"
    assert len(drawn) == 1, "the public map is drawn once for the step's reports"
    monkeypatch.setattr(png, "_draw", draw)
    assert len({_check_report(m, "<svg") for m in reports}) == 1, "one picture in all three"


def test_valley_report_mail_carries_the_board_png(tmp_path) -> None:
    world, _passwords = _world(tmp_path, "valley")
    run_pass(world, T0)
    for address in SEATS.values():
        _check_report(world.outbox(address)[-1], '<svg xmlns="http://www.w3.org/2000/svg"')


def test_a_map_that_cannot_be_drawn_goes_without_png_logged_once(tmp_path, monkeypatch, caplog) -> None:
    monkeypatch.setitem(sys.modules, "cairosvg.parser", None)     # as if Cairo and cairosvg were not installed
    monkeypatch.setitem(sys.modules, "cairocffi", None)
    monkeypatch.setattr(png, "_logged", set())
    monkeypatch.setattr(png, "_kept", type(png._kept)())     # nothing drawn before this test may serve it
    caplog.set_level(logging.WARNING, logger="pbem.reports.png")
    world, _passwords = _world(tmp_path, "stoneage")
    run_pass(world, T0)
    for address in [*SEATS.values()]:
        msg = world.outbox(address)[-1]
        assert not any(p.get_content_maintype() == "image" for p in msg.walk())
        html = msg.get_body(preferencelist=("html",)).get_content()
        assert "<svg" in html and "cid:" not in html, "the report as before: the inline SVG"
    assert len([r for r in caplog.records if "without a PNG" in r.getMessage()]) == 1


def _whole(svg: str) -> bytes:
    """``svg`` drawn by cairosvg, as a PNG."""
    return _pixels(png._surface(svg))


def _maps() -> list[str]:
    """Maps of the three games: Valley boards, a Stone Age village, a Dewan game's steps."""
    from engine import get_ruleset
    from many_games import mid_game
    from pbem.presenters import get_presenter
    valley = get_ruleset("valley")
    svgs = [get_presenter("valley").maps(valley.view(mid_game(seed, 3)[0], None)).svg for seed in range(0, 24, 3)]
    stoneage = get_ruleset("stoneage")
    state = stoneage.new_game(list(SEATS), {}, "png")
    svgs += [get_presenter("stoneage").maps(stoneage.view(state, None)).svg] * 3
    dewan, rng = get_ruleset("dewan"), random.Random(3)
    state = dewan.new_game(list(SEATS), {}, "png")
    for step in range(8):                  # a camp more at each step
        state = dewan.resolve(state, {s: dewan.bot_orders(state, s, rng) for s in dewan.awaiting(state)},
                              SeededDice(step)).state
        svgs.append(get_presenter("dewan").maps(dewan.view(state, None)).svg)
    return svgs


def _pixels(surface, rgba: bool = False) -> bytes:  # type: ignore[no-untyped-def]
    surface.flush()
    return (png.encode_rgba if rgba else png.encode)(bytes(surface.get_data()), surface.get_width(),
                                                      surface.get_height(), surface.get_stride())


def test_our_maps_drawn_straight_with_cairo_are_cairosvgs_pixel_for_pixel() -> None:
    for svg in _maps():
        drawn = raster.draw(svg)
        assert drawn is not None, svg.split("\n")[0]
        whole = _decode(_whole(svg))[2]
        assert _decode(_pixels(drawn, raster.RGBA))[2] == whole
        assert _decode(png._draw(svg).png)[2] == whole


@pytest.mark.parametrize("odd", [
    '<path d="M0 0 L10 10" stroke="#000"/>',                    # an element of no map of ours
    '<rect x="1" y="1" width="5" height="5" fill="rgb(1,2,3)"/>',  # a colour not in hex
    '<rect x="1" y="1" width="5" height="5" transform="rotate(9)"/>',
    '<text x="5" y="9" font-style="italic">a</text>',
])
def test_a_map_outside_the_subset_is_drawn_by_cairosvg(odd: str) -> None:
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 30" width="40" height="30" '
           f'font-family="sans-serif" font-size="10">\n{odd}\n</svg>')
    assert raster.draw(svg) is None
    image = png._draw(svg)
    assert image is not None and (image.width, image.height) == (40, 30)
    assert _decode(image.png)[2] == _decode(_whole(svg))[2]


@pytest.mark.parametrize("html", ["<html><body>no map</body></html>", ""])
def test_html_without_a_map_is_left_alone(html: str) -> None:
    assert png.in_mail(html) == (html, [], [])


_PATTERN = re.compile(r'<div(?: class="map")?>\s*(<svg\b.*?</svg>)\s*</div>', re.S)   # what png._map replaced
_PIECES = ['<div>', '<div class="map">', '<div class="other">', ' ', '\n', '<svg viewBox="0 0 1 1">', '<svg>',
           '<svgx>', '</svg>', '</div>', '<rect/>', 'x']


def test_the_map_is_found_where_the_pattern_found_it() -> None:
    """The report's map is found by its ends, as the pattern it replaced found it, in HTML made
    of the pieces that could lead it astray: other divs, an SVG in none, a second SVG, no end."""
    rng = random.Random(32)
    for _ in range(20_000):
        html = "".join(rng.choice(_PIECES) for _ in range(rng.randrange(14)))
        found = _PATTERN.search(html)
        assert png._map(html) == (found and (found.start(), found.end(), found.group(1))), html
