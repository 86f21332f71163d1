"""The archive's charts: one inline SVG line chart per charted column, a line
per seat, one point per round (a turn in Valley, whose players count turns).

A chart has to read without colour too (printed in grey, or by someone who
cannot tell red from green): each seat has a colour, a marker shape at each
of its points and a dash pattern, and the legend shows all three beside the
seat's name. Seats with the same figures are drawn a pixel or two apart,
so no line hides another. The y axis has a few round-numbered ticks; the x
axis is labelled by round or turn. No script, no external resource: the page works from
disk."""
from __future__ import annotations

import math
from html import escape
from typing import Sequence

from pbem.i18n import N_, _

COLOURS = ["#c0392b", "#2563b0", "#2e8b3a", "#7d4fa0", "#b8860b", "#444444"]
MARKERS = ["circle", "square", "triangle", "diamond", "triangle-down", "cross"]
DASHES = ["", "6 3", "2 3", "8 3 2 3", "10 4", "4 2 1 2"]

HEIGHT, LEFT, TOP, BOTTOM, PLOT_WIDTH = 230, 44, 26, 42, 380
CHAR = 6.2            # about the width of a character at font-size 10, for the legend's column


def style(index: int) -> tuple[str, str, str]:
    """The colour, marker and dash pattern of the seat at ``index`` in seat order."""
    return COLOURS[index % len(COLOURS)], MARKERS[index % len(MARKERS)], DASHES[index % len(DASHES)]


def ticks(low: int, high: int, most: int = 5) -> list[int]:
    """Round-numbered tick values (steps of 1, 2 or 5 times a power of ten)
    from at most ``low`` to at least ``high``, no more than ``most`` + 1 of them."""
    low, high = min(low, 0), max(high, low + 1)
    raw = (high - low) / most
    power = 10 ** max(0, math.floor(math.log10(raw))) if raw > 0 else 1
    step = next(k * power for k in (1, 2, 5, 10) if k * power >= raw)
    first = math.floor(low / step) * step
    last = math.ceil(high / step) * step
    return list(range(first, last + 1, step))


def marker(shape: str, x: float, y: float, colour: str, tip: str = "") -> str:
    """One point's marker, with its value as a tooltip."""
    r = 3.2
    title = f"<title>{escape(tip)}</title>" if tip else ""
    paint = f'fill="{colour}" stroke="#fff" stroke-width="0.8"'
    if shape == "circle":
        return f'<circle class="marker" cx="{x:.1f}" cy="{y:.1f}" r="{r}" {paint}>{title}</circle>'
    if shape == "square":
        return (f'<rect class="marker" x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r:.1f}" '
                f'height="{2 * r:.1f}" {paint}>{title}</rect>')
    corners = {
        "triangle": [(0, -1.25), (1.1, 0.85), (-1.1, 0.85)],
        "triangle-down": [(0, 1.25), (1.1, -0.85), (-1.1, -0.85)],
        "diamond": [(0, -1.3), (1.3, 0), (0, 1.3), (-1.3, 0)],
        "cross": [(-0.4, -1.2), (0.4, -1.2), (0.4, -0.4), (1.2, -0.4), (1.2, 0.4), (0.4, 0.4), (0.4, 1.2),
                  (-0.4, 1.2), (-0.4, 0.4), (-1.2, 0.4), (-1.2, -0.4), (-0.4, -0.4)],
    }[shape]
    points = " ".join(f"{x + dx * r:.1f},{y + dy * r:.1f}" for dx, dy in corners)
    return f'<polygon class="marker" points="{points}" {paint}>{title}</polygon>'


# What the x axis counts, as the game's players say it: Valley's turns, the others' rounds.
# (the chart's title, the axis, a point's tip, the chart of a game not yet played)
AXIS_WORDS = {
    "round": (N_("{column} by round"), N_("round"), N_("{seat}, round {n}: {value}"), N_("no round played yet")),
    "turn": (N_("{column} by turn"), N_("turn"), N_("{seat}, turn {n}: {value}"), N_("no turn played yet")),
}


class _Plot:
    """Where figures and rounds fall on the chart: the scale's ticks and the rounds' span."""

    def __init__(self, scale: list[int], rounds: Sequence[int]) -> None:
        self.scale, self.rounds = scale, rounds
        self.low, self.high = scale[0], scale[-1]
        self.bottom = HEIGHT - BOTTOM
        self.first, self.last = (rounds[0], rounds[-1]) if rounds else (0, 1)

    def y(self, value: float) -> float:
        return self.bottom - (value - self.low) / (self.high - self.low) * (self.bottom - TOP)

    def x(self, r: int) -> float:
        if self.last == self.first:
            return LEFT + PLOT_WIDTH / 2
        return LEFT + 8 + (r - self.first) / (self.last - self.first) * (PLOT_WIDTH - 16)


def chart(column: str, series: dict[str, list[int]], rounds: Sequence[int], per: str = "round") -> str:
    """The chart of ``column``: ``series`` maps each seat, in seat order (the
    order that gives each seat its style), to its figure at each of ``rounds``;
    ``per`` is "round" or "turn", what the players call one of them."""
    title_words, axis_word, tip_words, empty_words = AXIS_WORDS[per]
    title = _(title_words).format(column=_(column))
    names = list(series)
    width = LEFT + PLOT_WIDTH + 16 + 44 + int(CHAR * max([len(n) for n in names] + [4]))
    figures = [v for values in series.values() for v in values]
    plot = _Plot(ticks(min(figures, default=0), max(figures, default=1)), rounds)
    out = [(f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" width="{width}" height="{HEIGHT}" '
            f'viewBox="0 0 {width} {HEIGHT}" role="img" aria-label="{escape(title)}" '
            f'font-family="sans-serif" font-size="10">'),
           f'<text x="{LEFT}" y="14" font-size="12" font-weight="bold">{escape(title)}</text>',
           *_y_axis(plot, _(column)), *_x_axis(plot, _(axis_word))]
    if not rounds:
        out.append(f'<text x="{LEFT + PLOT_WIDTH / 2:.1f}" y="{(TOP + plot.bottom) / 2:.1f}" text-anchor="middle" '
                   f'fill="#666">{escape(_(empty_words))}</text>')
    for i, (seat, values) in enumerate(series.items()):
        out += _series(plot, i, len(names), seat, values, _(tip_words))
    out.append(legend_box(names, LEFT + PLOT_WIDTH + 16))
    out.append("</svg>")
    return "\n".join(out)


def _y_axis(plot: _Plot, column: str) -> list[str]:
    out = ['<g class="y-axis">']
    for value in plot.scale:
        y = plot.y(value)
        out.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{LEFT + PLOT_WIDTH}" y2="{y:.1f}" stroke="#e4e4e4"/>')
        out.append(f'<line x1="{LEFT - 4}" y1="{y:.1f}" x2="{LEFT}" y2="{y:.1f}" stroke="#666"/>')
        out.append(f'<text class="tick" x="{LEFT - 6}" y="{y + 3.5:.1f}" text-anchor="end">{value}</text>')
    out.append(f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{plot.bottom}" stroke="#666"/>')
    middle = (TOP + plot.bottom) / 2
    out.append(f'<text class="axis-title" x="12" y="{middle:.1f}" text-anchor="middle" '
               f'transform="rotate(-90 12 {middle:.1f})">{escape(column)}</text>')
    return out + ['</g>']


def _x_axis(plot: _Plot, axis_word: str) -> list[str]:
    bottom, rounds = plot.bottom, plot.rounds
    out = ['<g class="x-axis">',
           f'<line x1="{LEFT}" y1="{bottom}" x2="{LEFT + PLOT_WIDTH}" y2="{bottom}" stroke="#666"/>']
    every = max(1, math.ceil(len(rounds) / 12))
    for k, r in enumerate(rounds):
        x = plot.x(r)
        out.append(f'<line x1="{x:.1f}" y1="{bottom}" x2="{x:.1f}" y2="{bottom + 4}" stroke="#666"/>')
        if (len(rounds) - 1 - k) % every == 0:        # counted from the last round, always labelled
            out.append(f'<text class="tick" x="{x:.1f}" y="{bottom + 14}" text-anchor="middle">{r}</text>')
    out.append(f'<text class="axis-title" x="{LEFT + PLOT_WIDTH / 2:.1f}" y="{HEIGHT - 8}" '
               f'text-anchor="middle">{escape(axis_word)}</text>')
    return out + ['</g>']


def _series(plot: _Plot, i: int, count: int, seat: str, values: list[int], tip: str) -> list[str]:
    """One seat's line and markers, in its style; lines with the same figures drawn side by side."""
    colour, shape, dash = style(i)
    nudge = (i - (count - 1) / 2) * 2.6
    at = [(plot.x(r) + nudge, plot.y(v) - nudge, r, v) for r, v in zip(plot.rounds, values)]
    out = [f'<g class="series" data-seat="{escape(seat)}">']
    if len(at) > 1:
        dashing = f' stroke-dasharray="{dash}"' if dash else ""
        points = " ".join(f"{x:.1f},{y:.1f}" for x, y, _r, _v in at)
        out.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2"{dashing} points="{points}"/>')
    out += [marker(shape, x, y, colour, tip.format(seat=seat, n=r, value=v)) for x, y, r, v in at]
    return out + ['</g>']


def legend_box(seats: Sequence[str], left: float) -> str:
    """Each seat's line sample (colour, dash, marker) and its name."""
    out = ['<g class="legend">']
    for i, seat in enumerate(seats):
        colour, shape, dash = style(i)
        y = TOP + 8 + 16 * i
        dashing = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f'<g class="legend-item" data-seat="{escape(seat)}">')
        out.append(f'<line x1="{left}" y1="{y}" x2="{left + 28}" y2="{y}" stroke="{colour}" '
                   f'stroke-width="2"{dashing}/>')
        out.append(marker(shape, left + 14, y, colour))
        out.append(f'<text x="{left + 34}" y="{y + 3.5}" fill="#222">{escape(seat)}</text>')
        out.append('</g>')
    out.append('</g>')
    return "\n".join(out)
