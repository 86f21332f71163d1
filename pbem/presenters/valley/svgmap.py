"""An inline SVG map of a Valley board for HTML mail (no external resources)."""
from __future__ import annotations

import math
import textwrap
from html import escape

from engine import hexgrid
from engine.valley.view import ValleyView
from pbem.i18n import N_, _
from pbem.presenters.hexes import hex_points
from pbem.presenters.valley.asciimap import (CAMP, LAKE, MARK_CODE, SPECIES_CODE, TERRAIN_CODE, code, people,
                                             seat_codes)

SIZE = 46.0
FILL = {"P": "#e9e2a8", "F": "#86b86b", "M": "#b3a99b", "V": "#c9674d", "L": "#78b3e0"}
# Each at least 5:1 against the white chip its labels sit on (WCAG asks 4.5:1 of text); the seat's
# letter goes with the colour, so a reader who cannot tell red from green still can tell the tribes.
SEAT_COLOURS = ["#c0392b", "#2563b0", "#1f7a33", "#7d4fa0", "#8b6508", "#444444"]
TERRAIN_WORDS = {"P": N_("plains"), "F": N_("forest"), "M": N_("mountain"), "V": N_("volcano"), "L": N_("lake")}
RIVER = N_("river: no crossing")
LEGEND_LINE = 16             # the height of a line of the legend under the board
CHIP_CHAR_WIDTH = 7.0        # a generous width of one character of the bold 10 px sans-serif labels


def _centre(col: int, row: int, col0: int, row0: int) -> tuple[float, float]:
    h = math.sqrt(3) * SIZE
    x = SIZE + (col - col0) * 1.5 * SIZE
    y = h / 2 + (row - row0) * h + (h / 2 if col % 2 else 0)
    return x, y


def _chip(x: float, baseline: float, text: str, colour: str) -> list[str]:
    """A bold label on a white chip, so that it reads on any terrain, fire or flood."""
    width = len(text) * CHIP_CHAR_WIDTH + 6
    return [f'<rect x="{x - width / 2:.1f}" y="{baseline - 9.5:.1f}" width="{width:.1f}" height="12" rx="3" '
            'fill="#fff"/>',
            f'<text x="{x:.1f}" y="{baseline:.1f}" text-anchor="middle" fill="{colour}" '
            f'font-weight="bold">{escape(text)}</text>']


def render(view: ValleyView) -> str:
    spaces = view["spaces"]
    parsed = {s["name"]: hexgrid.parse_name(s["name"]) for s in spaces}
    col0 = min(c for c, _ in parsed.values())
    row0 = min(r for _, r in parsed.values())
    centres = {n: _centre(c, r, col0, row0) for n, (c, r) in parsed.items()}
    width = max(x for x, _ in centres.values()) + SIZE + 2
    board_height = max(y for _, y in centres.values()) + math.sqrt(3) * SIZE / 2 + 2
    codes = seat_codes(view["players"])
    colours = {p: SEAT_COLOURS[i % len(SEAT_COLOURS)] for i, p in enumerate(view["players"])}
    legend = _legend(board_height, width, codes, colours)
    height = board_height + LEGEND_LINE * len(legend) + 6
    label = escape(_("the valley's board"), quote=True)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
           f'width="{width:.0f}" height="{height:.0f}" role="img" aria-label="{label}" '
           'font-family="sans-serif" font-size="10">']
    for space in spaces:
        x, y = centres[space["name"]]
        pts = hex_points(x, y, SIZE)
        fill = "#e8732e" if space.get("wildfire") else "#4f7fb8" if space.get("flooded") else FILL[space["terrain"]]
        out.append(f'<polygon points="{pts}" fill="{fill}" stroke="#555" stroke-width="1"/>')
        terrain = code(LAKE if space["terrain"] == "L" else TERRAIN_CODE[space["terrain"]])
        label = f"{space['name']} {terrain}{space['region'] or ''}"
        out.append(f'<text x="{x:.1f}" y="{y - 26:.1f}" text-anchor="middle" fill="#000">{escape(label)}</text>')
        lines = []
        if space.get("camp"):
            lines.append((f"{code(CAMP)} {codes[space['camp']]}", colours[space["camp"]]))
        for p, (w, f) in space.get("tribes", {}).items():
            lines.append((f"{codes[p]} {people(w, f)}", colours[p]))
        if space.get("animals"):
            lines.append((" ".join(f"{len(v)}{code(SPECIES_CODE[s])}" for s, v in space["animals"].items()), "#000"))
        marks = [code(MARK_CODE[k]).lower() + ("-" if space[k] == "damaged" else "")
                 for k in ("crop", "lava") if space.get(k)]
        if marks:
            lines.append((" ".join(marks), "#5a3d00"))
        for i, (text, colour) in enumerate(lines[:4]):
            out += _chip(x, y - 12 + 12 * i, text, colour)
    for pair in view.get("rivers", []):
        a, b = pair.split("|")
        (x1, y1), (x2, y2) = centres[a], centres[b]
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        length = math.hypot(x2 - x1, y2 - y1)
        px, py = -(y2 - y1) / length * SIZE / 2, (x2 - x1) / length * SIZE / 2
        out.append(f'<line x1="{mx + px:.1f}" y1="{my + py:.1f}" x2="{mx - px:.1f}" y2="{my - py:.1f}" '
                   'stroke="#1f5fbf" stroke-width="5" stroke-linecap="round"/>')
    out += [part for line in legend for part in line]
    out.append("</svg>")
    return "\n".join(out)


def _legend(top: float, width: float, codes: dict[str, str], colours: dict[str, str]) -> list[list[str]]:
    """The key under the board, a list of parts a line: the terrains and the river, the tribes by
    colour and letter, the animals' codes (wrapped to the board's width)."""
    terrains, x = [], 4.0
    for letter, word in TERRAIN_WORDS.items():
        text = _(word) if letter == "L" else f"{code(TERRAIN_CODE[letter])} {_(word)}"
        terrains += [f'<rect x="{x:.1f}" y="{top + 3:.1f}" width="12" height="12" fill="{FILL[letter]}" '
                     'stroke="#555" stroke-width="1"/>',
                     f'<text x="{x + 16:.1f}" y="{top + 13:.1f}" fill="#000">{escape(text)}</text>']
        x += 16 + len(text) * 6 + 12
    terrains += [f'<line x1="{x:.1f}" y1="{top + 9:.1f}" x2="{x + 14:.1f}" y2="{top + 9:.1f}" stroke="#1f5fbf" '
                 'stroke-width="5" stroke-linecap="round"/>',
                 f'<text x="{x + 20:.1f}" y="{top + 13:.1f}" fill="#000">{escape(_(RIVER))}</text>']
    tribes, x = [], 4.0
    for p, c in codes.items():
        text = f"{c} {p}"
        tribes += _chip(x + (len(text) * CHIP_CHAR_WIDTH + 6) / 2, top + LEGEND_LINE + 13, text, colours[p])
        x += len(text) * CHIP_CHAR_WIDTH + 14
    lines = [terrains, tribes]
    words = " ".join([*_("Animals: ma mammoth, rh rhino, bi bison, be bear, ti tiger, wo wolf.").split(),
                      _("{w}: warriors, {f}: females.").format(w=people(1, 0)[1:], f=people(0, 1)[1:])])
    for text in textwrap.wrap(words, int((width - 8) / 5.6)):
        y = top + LEGEND_LINE * len(lines) + 13
        lines.append([f'<text x="4" y="{y:.1f}" fill="#000">{escape(text)}</text>'])
    return lines
