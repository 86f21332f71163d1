"""The Dewan maps: the text map for plain-text mail (72 columns, every hex
named and every camp, berry, fire and border symbol shown, each sign in the
legend) and the SVG map for HTML mail (valid XML with the same things on it,
drawn by cairosvg to a picture that is not blank), on every layout of both
scenarios."""
from __future__ import annotations

import random
import re
import struct
import xml.etree.ElementTree as ET
import zlib
from dataclasses import replace

import pytest

from engine.dewan.board import START, SYMBOLS, TERRAINS, Board
from engine.dewan.components import PLAYERS, SCENARIOS, layout
from engine import hexgrid
from pbem.presenters.dewan import asciimap, svgmap
from pbem.reports import png

SEATS = ["red", "blue", "green", "yellow"]
COLOURS = {"red": "#c0392b", "blue": "#2563b0", "green": "#1f7a33", "yellow": "#8b6508"}
CASES = [(s, n, seed) for s in SCENARIOS for n in PLAYERS for seed in (1, 7, 2026)]
SVG = "{http://www.w3.org/2000/svg}"


def _game(scenario: str, players: int, seed: int) -> tuple[Board, dict[str, list[str]], dict[str, str]]:
    """A laid map with camps: each clan on its start and on a few other hexes,
    whose berries it has taken, as in play."""
    rng = random.Random(seed)
    board, starts = layout(scenario, players, rng)
    seats = SEATS[:players]
    camps = {s: [h] for s, h in zip(seats, starts)}
    others = [n for n in board.names if board.terrain(n) != START]
    rng.shuffle(others)
    for i, name in enumerate(others[:3 * players]):
        camps[seats[i % players]].append(name)
    taken = set(others[:3 * players:2])
    board = Board({n: replace(h, berry=h.berry and n not in taken) for n, h in board.hexes.items()},
                  board.symbols)
    return board, camps, {s: s[0].upper() for s in seats}


def _split(lines: list[str]) -> tuple[list[str], list[str]]:
    """The map (header to footer) and the border symbols listed under it."""
    footer = max(i for i, line in enumerate(lines) if line == lines[0])
    return lines[:footer + 1], lines[footer + 1:]


def _words(lines: list[str]) -> str:
    return " ".join(" ".join(lines).split())


@pytest.mark.parametrize("scenario,players,seed", CASES)
def test_the_text_map_fits_and_names_every_hex(scenario: str, players: int, seed: int) -> None:
    board, camps, marks = _game(scenario, players, seed)
    lines = asciimap.text_map(board, camps, marks)
    assert all(len(line) <= 72 for line in lines + asciimap.legend(marks)), max(lines, key=len)
    drawn, _listed = _split(lines)
    header = drawn[0]
    left = min(hexgrid.parse_name(n)[0] for n in board.names) % 2
    for name in board.names:
        found = [(y, m.start()) for y, line in enumerate(drawn)
                 for m in re.finditer(rf"(?<![A-Z0-9]){name}(?![0-9])", line)]
        assert len(found) == 1, name
        y, x = found[0]
        assert header[x] == name[0], f"{name}: its column's letter stands above it"
        col, row = hexgrid.parse_name(name)
        if col % 2 == left:
            assert drawn[y].split()[0] == str(row), f"{name}: its row number stands beside it"


@pytest.mark.parametrize("scenario,players,seed", CASES)
def test_the_text_map_shows_every_camp_berry_fire_and_border_symbol(scenario: str, players: int,
                                                                    seed: int) -> None:
    board, camps, marks = _game(scenario, players, seed)
    drawn, listed = _split(asciimap.text_map(board, camps, marks))
    text = "\n".join(drawn)
    for seat, names in camps.items():
        assert text.count("^" + marks[seat]) == len(names), seat
    assert text.count("b") == sum(h.berry for h in board.hexes.values()) > 0
    assert text.count("*") == sum(h.fire for h in board.hexes.values()) > 0
    assert text.count("S") == len(board.starts()) == players
    for symbol in SYMBOLS:
        pairs = [p for p, s in board.symbols.items() if s == symbol]
        assert text.count(asciimap.LETTER[symbol]) == len(pairs), symbol
        assert all(asciimap.edge_text(p) in _words(listed) for p in pairs), symbol
        assert any(line.startswith(f"{symbol} ({asciimap.LETTER[symbol]}):") for line in listed) == bool(pairs)


def test_the_text_map_of_a_small_board_by_hand() -> None:
    board = Board.from_text("""
       A   B   C
    1  Fb  M*  P
    2  D   W   S
    """, {"A1|B1": "crystal", "A1|A2": "pigment", "B2|C2": "artifact"})
    assert asciimap.text_map(board, {"red": ["C2", "A1"]}, {"red": "R"}) == [
        "   A   B   C",
        "  +---+   +---+",
        "1 |A1 |   |C1 | 1",
        "  |Fb +---+P  |",
        "  |^R cB1 |   |",
        "  +-p-+M* +---+",
        "2 |A2 |   |C2 | 2",
        "  |D  +---+S  |",
        "  |   |B2 a^R |",
        "  +---+W  +---+",
        "      |   |",
        "      +---+",
        "   A   B   C",
        "artifact (a): B2|C2.",
        "pigment (p): A1|A2.",
        "crystal (c): A1|B1.",
    ]


@pytest.mark.parametrize("scenario,players,seed", CASES)
def test_the_text_legend_explains_every_sign_used(scenario: str, players: int, seed: int) -> None:
    board, camps, marks = _game(scenario, players, seed)
    drawn, _listed = _split(asciimap.text_map(board, camps, marks))
    legend = _words(asciimap.legend(marks))
    cells = {asciimap.cell_text(h) for h in board.hexes.values()}
    signs = {h.terrain for h in board.hexes.values()} | {c for cell in cells for c in cell[1:]}
    signs |= {c for line in drawn[1:-1] for c in line if c.islower()}
    meaning = {**{t: f"{t} {w}" for t, w in TERRAINS.items()}, START: "S a start hex",
               "b": "b a berry token", "*": "* a fire symbol",
               **{letter: f"{letter} {s}" for s, letter in asciimap.LETTER.items()}}
    assert signs <= meaning.keys()
    for sign in signs:
        assert meaning[sign] in legend, sign
    assert "^R a camp of the clan marked R" in legend
    for seat, mark in marks.items():
        assert f"{mark} {seat}" in legend
    for words in ("Letters above and below name the columns", "row numbers", "half a hex lower"):
        assert words in legend


def _decode(data: bytes) -> tuple[int, int, bytes]:
    """Width, height and the scanlines of one of png.encode's PNGs."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, head = 8, b"", b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            head = body
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height = struct.unpack(">II", head[:8])
    return width, height, zlib.decompress(idat)


def _box(el: ET.Element) -> tuple[float, float, float, float]:
    """An element's bounding box: x0, y0, x1, y1."""
    if el.tag == SVG + "circle":
        x, y, r = (float(el.get(k)) for k in ("cx", "cy", "r"))
        return x - r, y - r, x + r, y + r
    pts = [tuple(map(float, p.split(","))) for p in el.get("points").split()]
    return min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts)


@pytest.mark.parametrize("scenario,players,seed", CASES)
def test_the_svg_map_shows_everything_and_draws(scenario: str, players: int, seed: int) -> None:
    board, camps, marks = _game(scenario, players, seed)
    svg = svgmap.svg_map(board, camps, COLOURS)
    root = ET.fromstring(svg)
    assert root.get("width") == "100%" and re.match(r"0 0 \d+ \d+$", root.get("viewBox"))
    els = list(root)
    assert all(len(el) == 0 for el in els), "nothing nested"
    kinds = [el.get("class", "") for el in els]
    texts = [el.text or "" for el in els if el.tag == SVG + "text"]
    assert set(board.names) <= set(texts), "every hex named"
    for seat, names in camps.items():
        discs = [el for el in els if "camp" in el.get("class", "").split() and el.get("fill") == COLOURS[seat]]
        assert len(discs) == len(names), seat
        assert texts.count(marks[seat]) >= len(names), f"{seat}: its letter on each camp"
        assert f"camp of {seat}" in texts
    assert kinds.count("berry") == sum(h.berry for h in board.hexes.values())
    assert kinds.count("fire") == sum(h.fire for h in board.hexes.values())
    assert kinds.count("start") == len(board.starts())
    where = svgmap.centres(board)
    for pair, symbol in board.symbols.items():
        (x1, y1), (x2, y2) = (where[n] for n in pair)
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        on_edge = [el for el in els if el.get("class") == f"border {symbol}"
                   and (b := _box(el))[0] <= mx <= b[2] and b[1] <= my <= b[3]]
        assert len(on_edge) == 1, (asciimap.edge_text(pair), symbol)
    for symbol in SYMBOLS:
        count = sum(1 for s in board.symbols.values() if s == symbol)
        assert kinds.count(f"border {symbol}") == count
    used = {h.terrain for h in board.hexes.values()} - {START}
    assert {f"{TERRAINS[t]} ({t})" for t in used} | {"start hex", "berry", "fire", *SYMBOLS} <= set(texts)
    image = png._draw(svg)
    assert image is not None, "cairosvg draws it"
    width, height, raw = _decode(image.png)
    assert (width, height) == tuple(int(v) for v in root.get("viewBox").split()[2:])
    assert len(set(raw[:300_000])) > 20, "not a blank picture"
