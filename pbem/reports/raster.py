"""Our maps drawn straight with Cairo: the quick way to their PNG.

The report maps are flat SVG of a few kinds of element (rect, polygon, circle, line and text,
with a title here and there), in hex colours, with no transform, style sheet or nesting. This
module draws exactly that subset with cairocffi, the way cairosvg draws it: the same Cairo
calls for each shape (rounded corners as its Bezier curves, filled then stroked), and text a
letter at a time by its hinted advance from the anchor the whole text's extents give, filled
with show_text (glyphs on whole pixels) and stroked along its outlines. The picture is
cairosvg's pixel for pixel (tests/test_report_png.py). cairosvg spends most of a map in
Python around those calls (its style cascade, unit handling, bounding boxes); this module
makes the same calls from the parsed elements, about five times quicker. :func:`draw`
returns None for any SVG with an element, attribute or value outside the subset (or that
fails here in any other way), and pbem.reports.png then draws it with cairosvg.

Cairo keeps a pixel as a native-endian ARGB word: its bytes are B, G, R, A on a little-endian
machine, and a PNG wants R, G, B. Where that is so (:data:`RGBA`), every colour is given to
Cairo with its red and blue exchanged: Cairo works each channel alike, so the surface's bytes
are then the picture's R, G, B, A, and pbem.reports.png writes them as they are (reordering
the bytes of a map took more than half of encoding its PNG).
"""
from __future__ import annotations

import re
import sys
import xml.etree.ElementTree as ET
from functools import lru_cache
from math import pi
from typing import Any

from pbem.errors import PbemError

_NS = "{http://www.w3.org/2000/svg}"
_SHARED = {"fill", "stroke", "stroke-width", "class"}
_ATTRIBUTES = {     # what each element may carry; anything else is not ours to draw
    "svg": {"viewBox", "width", "height", "style", "role", "aria-label", "font-family", "font-size"},
    "rect": _SHARED | {"x", "y", "width", "height", "rx"},
    "polygon": _SHARED | {"points"},
    "circle": _SHARED | {"cx", "cy", "r"},
    "line": _SHARED | {"x1", "y1", "x2", "y2", "stroke-linecap"},
    "text": _SHARED | {"x", "y", "text-anchor", "font-size", "font-weight"},
    "title": set(),
}
_COLOUR = re.compile(r"#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})\Z")
_NAMED = {"black": (0.0, 0.0, 0.0), "white": (1.0, 1.0, 1.0)}
_CAPS = {"butt": 0, "round": 1}     # cairo_line_cap_t: CAIRO_LINE_CAP_BUTT, CAIRO_LINE_CAP_ROUND
_BEZIER = 4 * (2 ** .5 - 1) / 3       # a quarter circle as one cubic curve (as cairosvg draws rx)
_ADVANCES: dict[tuple[tuple[str, str, float, str], str], float] = {}   # a letter's advance in a font, found once
_EXTENTS: dict[tuple[tuple[str, str, float, str], str], tuple[float, float]] = {}   # :func:`_extents`
_LETTERS: dict[tuple[tuple[str, str, float, str], str], tuple[tuple[bytes | None, float], ...]] = {}   # :func:`_letters`
RGBA = sys.byteorder == "little"
"""Whether :func:`draw`'s surface holds R, G, B, A bytes (its colours given red for blue)."""


class Unsupported(PbemError, ValueError):
    """The SVG holds something this module does not draw."""


def draw(svg: str) -> Any | None:
    """The Cairo image surface of ``svg`` on white, or None when it is not of the subset.
    Where :data:`RGBA`, its red and blue are exchanged (its bytes read R, G, B, A)."""
    import cairocffi
    try:
        root = ET.fromstring(svg)
        width, height, box = _size(root)
        surface = cairocffi.ImageSurface(cairocffi.FORMAT_ARGB32, width, height)
        context = cairocffi.Context(surface)
        context.set_source_rgb(1, 1, 1)
        context.paint()
        context.rectangle(0, 0, width, height)
        context.clip()
        context.scale(width / box[2], height / box[3])
        context.translate(-box[0], -box[1])
        context.set_miter_limit(4)
        inherited = {"font-family": root.get("font-family", "sans-serif"), "font-size": root.get("font-size", "12"),
                     "scale": str(width / box[2])}     # hinted advances are whole pixels: they depend on it
        inherited["family"] = inherited["font-family"].split(",")[0].strip("\"' ")     # the first named
        pen = _Pen(context)
        for element in root:
            _element(pen, element, inherited)
        context._check_status()     # Cairo's errors stick to the context: one look at the end sees any
    except Exception:      # not of the subset (Unsupported), or anything else: cairosvg draws it
        return None
    return surface


class _Pen:
    """Cairo's drawing functions called on the context straight, not through cairocffi's
    methods: those check the context's status after every call, and a map makes thousands
    (:func:`draw` checks once, at the end)."""

    def __init__(self, context: Any) -> None:
        from cairocffi import cairo
        self.context, self.lib, self.at = context, cairo, context._pointer
        # What is set on the context now, set again only to change it (None: not set by the pen yet).
        self.font: tuple[str, str, float] | None = None
        self.colour: tuple[float, float, float] | None = None
        self.line: tuple[float, int] | None = None

    def use_colour(self, colour: tuple[float, float, float]) -> None:
        """Paint with ``colour`` (as :func:`_colour` gives it) from now on."""
        if self.colour != colour:
            self.lib.cairo_set_source_rgb(self.at, *colour)
            self.colour = colour

    def use_line(self, width: float, cap: int) -> None:
        """Stroke ``width`` wide with Cairo's line cap ``cap`` from now on."""
        if self.line != (width, cap):
            self.lib.cairo_set_line_width(self.at, width)
            self.lib.cairo_set_line_cap(self.at, cap)
            self.line = (width, cap)

    def use_font(self, family: str, weight: str, size: float) -> None:
        """Select the font (a face by family and weight, at ``size``) unless it is selected."""
        if self.font == (family, weight, size):
            return
        import cairocffi
        self.context.select_font_face(family, cairocffi.FONT_SLANT_NORMAL,
                                      cairocffi.FONT_WEIGHT_BOLD if weight == "bold" else cairocffi.FONT_WEIGHT_NORMAL)
        self.lib.cairo_set_font_size(self.at, size)
        self.font = (family, weight, size)


def _size(root: ET.Element) -> tuple[int, int, tuple[float, ...]]:
    """The picture's size in pixels and the viewBox drawn on it."""
    _check(root, "svg")
    box = tuple(float(v) for v in root.get("viewBox", "").replace(",", " ").split())
    if len(box) != 4 or box[2] <= 0 or box[3] <= 0:
        raise Unsupported("a viewBox is needed")
    width = float(_length(root.get("width"), box[2]))
    height = float(_length(root.get("height"), width * box[3] / box[2]))
    if abs(width / box[2] - height / box[3]) > 1e-6:
        raise Unsupported("the picture is scaled otherwise across than down")
    return int(round(width)), int(round(height)), box


def _length(value: str | None, whole: float) -> float:
    """A size of the picture: a number, or a percentage of its own viewBox's (as cairosvg
    reads ``width="100%"``, the picture having no page around it)."""
    if value is None:
        return whole
    if value.endswith("%"):
        return whole * float(value[:-1]) / 100
    return float(value)


def _check(element: ET.Element, kind: str) -> None:
    if element.tag != _NS + kind or not element.attrib.keys() <= _ATTRIBUTES[kind]:
        raise Unsupported(element.tag)


def _element(pen: _Pen, element: ET.Element, inherited: dict[str, str]) -> None:
    kind = element.tag.removeprefix(_NS)
    if kind not in _ATTRIBUTES or kind == "svg":
        raise Unsupported(kind)
    _check(element, kind)
    if kind == "title":
        return
    if len(element) and any(child.tag != _NS + "title" for child in element):
        raise Unsupported(f"{kind} holds more than a title")
    get, lib, at = element.get, pen.lib, pen.at     # the path is empty: each element ends with none
    if kind == "text":
        _text(pen, element, inherited)
        return
    if kind == "rect":
        _rect(pen, *(float(get(k, "0")) for k in ("x", "y", "width", "height", "rx")))
    elif kind == "polygon":
        numbers = [float(v) for v in get("points", "").replace(",", " ").split()]
        if len(numbers) < 4 or len(numbers) % 2:
            raise Unsupported("points")
        lib.cairo_move_to(at, numbers[0], numbers[1])
        for i in range(2, len(numbers), 2):
            lib.cairo_line_to(at, numbers[i], numbers[i + 1])
        lib.cairo_close_path(at)
    elif kind == "circle":
        r = float(get("r", "0"))
        if r:
            lib.cairo_new_sub_path(at)
            lib.cairo_arc(at, float(get("cx", "0")), float(get("cy", "0")), r, 0, 2 * pi)
            lib.cairo_close_path(at)
    else:   # line
        lib.cairo_move_to(at, float(get("x1", "0")), float(get("y1", "0")))
        lib.cairo_line_to(at, float(get("x2", "0")), float(get("y2", "0")))
    _paint(pen, element, default_fill="none" if kind == "line" else "black")


def _rect(pen: _Pen, x: float, y: float, width: float, height: float, rx: float) -> None:
    lib, at = pen.lib, pen.at
    if not rx:
        lib.cairo_rectangle(at, x, y, width, height)
        return
    rx, ry = min(rx, width / 2), min(rx, height / 2)
    c1, c2 = _BEZIER * rx, _BEZIER * ry
    lib.cairo_move_to(at, x + rx, y)
    lib.cairo_rel_line_to(at, width - 2 * rx, 0)
    lib.cairo_rel_curve_to(at, c1, 0, rx, c2, rx, ry)
    lib.cairo_rel_line_to(at, 0, height - 2 * ry)
    lib.cairo_rel_curve_to(at, 0, c2, c1 - rx, ry, -rx, ry)
    lib.cairo_rel_line_to(at, -width + 2 * rx, 0)
    lib.cairo_rel_curve_to(at, -c1, 0, -rx, -c2, -rx, -ry)
    lib.cairo_rel_line_to(at, 0, -height + 2 * ry)
    lib.cairo_rel_curve_to(at, 0, -c2, rx - c1, -ry, rx, -ry)
    lib.cairo_close_path(at)


def _text(pen: _Pen, element: ET.Element, inherited: dict[str, str]) -> None:
    """A text as cairosvg draws it: its letters placed one by one by their advances, filled as
    text (glyphs on whole pixels, hinted), then stroked along their outlines."""
    words = " ".join((element.text or "").split())
    weight = element.get("font-weight", "normal")
    if weight not in ("normal", "bold"):
        raise Unsupported("font-weight")
    fill = _colour(element.get("fill", "black"))
    stroke, width = _colour(element.get("stroke", "none")), float(element.get("stroke-width", "1"))
    if not words:
        return
    lib, at = pen.lib, pen.at
    family = inherited["family"]
    size = float(element.get("font-size", inherited["font-size"]))
    pen.use_font(family, weight, size)
    font = (family, weight, size, inherited["scale"])
    x, y = float(element.get("x", "0")), float(element.get("y", "0"))
    anchor = element.get("text-anchor", "start")
    if anchor not in ("start", "middle", "end"):
        raise Unsupported("text-anchor")
    if anchor != "start":
        x_bearing, extent = _extents(pen, font, words)
        x -= extent / 2 + x_bearing if anchor == "middle" else extent + x_bearing
    placed = []
    for letter, advance in _letters(pen, font, words):
        if letter is not None:
            placed.append((x, letter))
        x += advance
    if stroke is not None and width > 0:
        for x, letter in placed:
            lib.cairo_move_to(at, x, y)
            lib.cairo_text_path(at, letter)
    if fill is not None:
        pen.use_colour(fill)
        for x, letter in placed:
            lib.cairo_move_to(at, x, y)
            lib.cairo_show_text(at, letter)
    if stroke is not None and width > 0:
        pen.use_line(width, pen.line[1] if pen.line else _CAPS["butt"])    # the cap as it is (Cairo's default: butt)
        pen.use_colour(stroke)
        lib.cairo_stroke(at)
    lib.cairo_new_path(at)


def _letters(pen: _Pen, font: tuple[str, str, float, str], words: str) -> tuple[tuple[bytes | None, float], ...]:
    """Each letter of ``words`` as Cairo is given it (None for a space, only stepped over) and
    its advance in the pen's font (``font`` names it): found once for a text, kept for the next
    few thousand (the same labels come back map after map)."""
    key = (font, words)
    found = _LETTERS.get(key)
    if found is None:
        if len(_LETTERS) >= 4096:
            _LETTERS.clear()
        found = _LETTERS[key] = tuple((None if letter.isspace() else letter.encode("utf-8"),
                                       _advance(pen, font, letter)) for letter in words)
    return found


def _advance(pen: _Pen, font: tuple[str, str, float, str], letter: str) -> float:
    """How far ``letter`` moves the pen in its font, measured once."""
    advance = _ADVANCES.get((font, letter))
    if advance is None:
        advance = _ADVANCES[font, letter] = pen.context.text_extents(letter)[4]
    return advance


def _extents(pen: _Pen, font: tuple[str, str, float, str], words: str) -> tuple[float, float]:
    """The x bearing and width of ``words`` in the pen's font (``font`` names it): measured once
    (they do not depend on where the text stands), kept for the next few thousand."""
    key = (font, words)
    found = _EXTENTS.get(key)
    if found is None:
        if len(_EXTENTS) >= 4096:
            _EXTENTS.clear()
        x_bearing, _y, extent = pen.context.text_extents(words)[:3]
        found = _EXTENTS[key] = (x_bearing, extent)
    return found


def _paint(pen: _Pen, element: ET.Element, default_fill: str) -> None:
    """Fill, then stroke, the path drawn for ``element``."""
    lib, at, get = pen.lib, pen.at, element.get
    fill = _colour(get("fill", default_fill))
    stroke = _colour(get("stroke", "none"))
    width = float(get("stroke-width", "1"))
    stroked = stroke is not None and width > 0
    if fill is not None:
        pen.use_colour(fill)
        (lib.cairo_fill_preserve if stroked else lib.cairo_fill)(at)    # the path is kept for the stroke
    if stroked:
        cap = _CAPS.get(get("stroke-linecap", "butt"))
        if cap is None:
            raise Unsupported("stroke-linecap")
        pen.use_line(width, cap)
        pen.use_colour(stroke)
        lib.cairo_stroke(at)
    elif fill is None:
        lib.cairo_new_path(at)      # nothing painted: the path goes all the same


@lru_cache(maxsize=512)
def _colour(value: str) -> tuple[float, float, float] | None:
    """The colour as Cairo is given it: red, green, blue; blue, green, red where :data:`RGBA`."""
    if value == "none":
        return None
    if value in _NAMED:
        return _NAMED[value]
    match = _COLOUR.match(value)
    if not match:
        raise Unsupported(f"colour {value}")
    digits = match.group(1)
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    rgb = tuple(int(digits[i:i + 2], 16) / 255 for i in (0, 2, 4))
    return rgb[::-1] if RGBA else rgb  # type: ignore[return-value]
