"""An inline SVG map of a Valley board for HTML mail (no external resources)."""
from __future__ import annotations

import math
from html import escape
from typing import Any

from engine.valley import hexgrid
from pbem.presenters.valley.asciimap import (CAMP, LAKE, MARK_CODE, SPECIES_CODE, TERRAIN_CODE, code, people,
                                             seat_codes)

SIZE = 46.0
FILL = {"P": "#e9e2a8", "F": "#86b86b", "M": "#b3a99b", "V": "#c9674d", "L": "#78b3e0"}
SEAT_COLOURS = ["#c0392b", "#2563b0", "#2e8b3a", "#7d4fa0", "#b8860b", "#444444"]


def _centre(col: int, row: int, col0: int, row0: int) -> tuple[float, float]:
    h = math.sqrt(3) * SIZE
    x = SIZE + (col - col0) * 1.5 * SIZE
    y = h / 2 + (row - row0) * h + (h / 2 if col % 2 else 0)
    return x, y


def render(view: dict[str, Any]) -> str:
    spaces = view["spaces"]
    parsed = {s["name"]: hexgrid.parse_name(s["name"]) for s in spaces}
    col0 = min(c for c, _ in parsed.values())
    row0 = min(r for _, r in parsed.values())
    centres = {n: _centre(c, r, col0, row0) for n, (c, r) in parsed.items()}
    width = max(x for x, _ in centres.values()) + SIZE + 2
    height = max(y for _, y in centres.values()) + math.sqrt(3) * SIZE / 2 + 2
    codes = seat_codes(view["players"])
    colours = {p: SEAT_COLOURS[i % len(SEAT_COLOURS)] for i, p in enumerate(view["players"])}
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
           f'width="{width:.0f}" height="{height:.0f}" role="img" aria-label="board map" '
           'font-family="sans-serif" font-size="10">']
    for space in spaces:
        x, y = centres[space["name"]]
        pts = " ".join(f"{x + SIZE * math.cos(math.radians(60 * i)):.1f},"
                       f"{y + SIZE * math.sin(math.radians(60 * i)):.1f}" for i in range(6))
        fill = "#e8732e" if space.get("wildfire") else "#4f7fb8" if space.get("flooded") else FILL[space["terrain"]]
        out.append(f'<polygon points="{pts}" fill="{fill}" stroke="#555" stroke-width="1"/>')
        terrain = code(LAKE if space["terrain"] == "L" else TERRAIN_CODE[space["terrain"]])
        label = f"{space['name']} {terrain}{space['region'] or ''}"
        out.append(f'<text x="{x:.1f}" y="{y - 26:.1f}" text-anchor="middle" fill="#222">{escape(label)}</text>')
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
            out.append(f'<text x="{x:.1f}" y="{y - 12 + 12 * i:.1f}" text-anchor="middle" '
                       f'fill="{colour}" font-weight="bold">{escape(text)}</text>')
    for pair in view.get("rivers", []):
        a, b = pair.split("|")
        (x1, y1), (x2, y2) = centres[a], centres[b]
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        length = math.hypot(x2 - x1, y2 - y1)
        px, py = -(y2 - y1) / length * SIZE / 2, (x2 - x1) / length * SIZE / 2
        out.append(f'<line x1="{mx + px:.1f}" y1="{my + py:.1f}" x2="{mx - px:.1f}" y2="{my - py:.1f}" '
                   'stroke="#1f5fbf" stroke-width="5" stroke-linecap="round"/>')
    out.append("</svg>")
    return "\n".join(out)
