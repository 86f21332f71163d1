"""An inline SVG map of a Dewan board for HTML mail, with its legend.

Flat-topped hexes in their terrain's colour, each named; a start hex is pale
and says so. A camp is a disc in its clan's colour carrying the clan's letter
(for readers who cannot tell the colours apart), a berry token a purple dot,
a fire symbol an orange star, a border symbol a small shape with its letter
on the middle of the edge between its two hexes. One element a line, nothing
nested, as pbem.reports.png draws fastest. Every marker carries a ``class``
(camp, berry, fire, border, start) so that it can be found and counted.
"""
from __future__ import annotations

import math
from functools import lru_cache
from html import escape
from typing import Callable

from engine.dewan.board import START, TERRAINS, Board
from engine import hexgrid
from pbem.i18n import _
from pbem.presenters.dewan.asciimap import LETTER, SYMBOL_WORDS
from pbem.presenters.hexes import hex_points

SIZE = 28.0                     # a hex's corner radius in SVG units
PAD = 6.0
FILL = {"F": "#6fa85a", "M": "#a89f94", "D": "#e3c47a", "P": "#c9dc8c", "W": "#6fa8dc", START: "#fbf3e0"}
SYMBOL_FILL = {"artifact": "#8d5a2b", "pigment": "#c2412d", "crystal": "#197a87"}
BERRY = "#6a1b9a"
FIRE = "#f06a1d"
ROW = 18.0                      # a legend line's height


def seat_letters(seats: list[str]) -> dict[str, str]:
    """One letter per seat, its first in upper case; a digit when two share it."""
    firsts = [s[:1].upper() or "?" for s in seats]
    return {s: f if firsts.count(f) == 1 else str(i + 1) for i, (s, f) in enumerate(zip(seats, firsts))}


@lru_cache(maxsize=1024)
def _star(x: float, y: float, r: float) -> str:
    """The points of a five-pointed star centred on (x, y) (a fire; worked out once where it stands)."""
    pts = []
    for i in range(10):
        rad, angle = (r if i % 2 == 0 else r * 0.45), math.radians(-90 + 36 * i)
        pts.append(f"{x + rad * math.cos(angle):.1f},{y + rad * math.sin(angle):.1f}")
    return " ".join(pts)


def centres(board: Board) -> dict[str, tuple[float, float]]:
    """Each hex's centre, the map's top-left corner at (PAD, PAD): worked out once for a map's
    hexes (read only: every map of those hexes shares it)."""
    return _centres(tuple(board.hexes))


@lru_cache(maxsize=16)
def _centres(names: tuple[str, ...]) -> dict[str, tuple[float, float]]:
    h = math.sqrt(3) * SIZE
    raw = {}
    for name in names:
        col, row = hexgrid.parse_name(name)
        raw[name] = (col * 1.5 * SIZE, row * h + (h / 2 if col % 2 else 0))
    dx = PAD + SIZE - min(x for x, _ in raw.values())
    dy = PAD + h / 2 - min(y for _, y in raw.values())
    return {n: (x + dx, y + dy) for n, (x, y) in raw.items()}


def symbol_shape(kind: str, x: float, y: float, r: float = 6.0) -> list[str]:
    """A border symbol at (x, y): diamond artifact, disc pigment, triangle crystal, lettered."""
    style = f'class="border {kind}" fill="{SYMBOL_FILL[kind]}" stroke="#fff" stroke-width="1.2"'
    if kind == "artifact":
        shape = (f'<polygon {style} points="{x:.1f},{y - r:.1f} {x + r:.1f},{y:.1f} '
                 f'{x:.1f},{y + r:.1f} {x - r:.1f},{y:.1f}"/>')
    elif kind == "pigment":
        shape = f'<circle {style} cx="{x:.1f}" cy="{y:.1f}" r="{r * 0.85:.1f}"/>'
    else:
        shape = (f'<polygon {style} points="{x:.1f},{y - r:.1f} {x + r * 0.95:.1f},{y + r * 0.7:.1f} '
                 f'{x - r * 0.95:.1f},{y + r * 0.7:.1f}"/>')
    return [shape, f'<text x="{x:.1f}" y="{y + 3:.1f}" text-anchor="middle" font-size="8" font-weight="bold" '
                   f'fill="#fff">{LETTER[kind]}</text>']


def svg_map(board: Board, camps: dict[str, list[str]], colours: dict[str, str],
            marks: dict[str, str] | None = None) -> str:
    """The map as SVG. ``marks``: the letter on each seat's camps (default
    :func:`seat_letters`)."""
    marks = marks or seat_letters(list(camps))
    where = centres(board)
    width = max(x for x, _ in where.values()) + SIZE + PAD
    body: list[str] = []
    start_word, title = escape(_("start")), escape(_("Dewan map"), quote=True)
    for name, h in board.hexes.items():
        x, y = where[name]
        start = ' class="start" stroke="#6b4b1f" stroke-width="2.5"' if h.terrain == START \
            else ' stroke="#555" stroke-width="1"'
        body.append(f'<polygon points="{hex_points(x, y, SIZE)}" fill="{FILL[h.terrain]}"{start}/>')
        body.append(f'<text x="{x:.1f}" y="{y - 10:.1f}" text-anchor="middle" fill="#222">{name}</text>')
        if h.terrain == START:
            body.append(f'<text x="{x:.1f}" y="{y + 18:.1f}" text-anchor="middle" font-size="8" '
                        f'fill="#6b4b1f">{start_word}</text>')
        if h.berry:
            body.append(f'<circle class="berry" cx="{x - 15:.1f}" cy="{y:.1f}" r="4.5" fill="{BERRY}" '
                        'stroke="#fff" stroke-width="1"/>')
        for i in range(h.fire):
            fx = x + (i - (h.fire - 1) / 2) * min(10.0, 26 / max(1, h.fire - 1))
            body.append(f'<polygon class="fire" points="{_star(fx, y + 13, 4.5)}" fill="{FIRE}" '
                        'stroke="#7a2e00" stroke-width="0.6"/>')
    for pair, kind in board.symbols.items():
        (x1, y1), (x2, y2) = (where[n] for n in pair)
        body += symbol_shape(kind, (x1 + x2) / 2, (y1 + y2) / 2)
    for seat, names in camps.items():
        colour = escape(colours.get(seat, "#444"), quote=True)
        for name in names:
            if name not in where:
                continue
            x, y = where[name]
            body.append(f'<circle class="camp" cx="{x:.1f}" cy="{y:.1f}" r="8" fill="{colour}" '
                        'stroke="#111" stroke-width="1.5"/>')
            body.append(f'<text x="{x:.1f}" y="{y + 4:.1f}" text-anchor="middle" font-size="10" '
                        f'font-weight="bold" fill="#fff" stroke="#111" stroke-width="0.4">'
                        f'{escape(marks.get(seat, "?")[:1])}</text>')
    top = max(y for _, y in where.values()) + math.sqrt(3) * SIZE / 2 + PAD + 8
    keys, height = _legend(width, top, {s: colours.get(s, "#444") for s in camps}, marks)
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" width="100%" '
            f'style="max-width:{width:.0f}px" role="img" aria-label="{title}" '
            'font-family="sans-serif" font-size="10">')
    return "\n".join([head, f'<rect x="0" y="0" width="{width:.0f}" height="{height:.0f}" fill="#fff"/>',
                      *body, *keys, "</svg>"])


def _swatch(fill: str, stroke: str, width: float) -> Callable[[float, float], list[str]]:
    return lambda x, y: [f'<rect x="{x - 6:.1f}" y="{y - 6:.1f}" width="12" height="12" fill="{fill}" '
                         f'stroke="{stroke}" stroke-width="{width}"/>']


def _camp_key(colour: str, letter: str) -> Callable[[float, float], list[str]]:
    return lambda x, y: [f'<circle cx="{x:.1f}" cy="{y:.1f}" r="7" fill="{colour}" stroke="#111"/>',
                         f'<text x="{x:.1f}" y="{y + 3:.1f}" text-anchor="middle" font-size="9" '
                         f'font-weight="bold" fill="#fff">{letter}</text>']


def _symbol_key(kind: str) -> Callable[[float, float], list[str]]:
    return lambda x, y: [s.replace('class="border ', 'class="key ') for s in symbol_shape(kind, x, y, 6.0)]


def _legend(width: float, top: float, colours: dict[str, str], marks: dict[str, str]) -> tuple[list[str], float]:
    """The legend's elements from ``top`` down, wrapped to ``width``, and the picture's height."""
    items: list[tuple[str, Callable[[float, float], list[str]]]] = [
        (f"{_(TERRAINS[t])} ({t})", _swatch(FILL[t], "#555", 1)) for t in TERRAINS]
    items.append((_("start hex"), _swatch(FILL[START], "#6b4b1f", 2)))
    items.append((_("berry"), lambda x, y: [f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4.5" fill="{BERRY}"/>']))
    items.append((_("fire"), lambda x, y: [f'<polygon points="{_star(x, y, 6)}" fill="{FIRE}" '
                                        'stroke="#7a2e00" stroke-width="0.6"/>']))
    items += [(_(SYMBOL_WORDS[kind]), _symbol_key(kind)) for kind in LETTER]
    items += [(_("camp of {seat}").format(seat=seat), _camp_key(escape(colour, quote=True), escape(marks.get(seat, "?")[:1])))
              for seat, colour in colours.items()]
    out, x, y = [], PAD, top
    for label, draw in items:
        span = 18 + 6.2 * len(label) + 12
        if x + span > width - PAD and x > PAD:
            x, y = PAD, y + ROW
        out += draw(x + 6, y + 6)
        out.append(f'<text x="{x + 18:.1f}" y="{y + 10:.1f}" fill="#222">{escape(label)}</text>')
        x += span
    return out, y + ROW + PAD
