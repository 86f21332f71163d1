"""Our maps drawn straight with Cairo: the quick way to their PNG.

The report maps are flat SVG of a few kinds of element (pbem.reports.shapes reads them). This
module draws exactly that subset with cairocffi, the way cairosvg draws it, making the same
Cairo calls (pbem.reports.pen); the picture is cairosvg's pixel for pixel
(tests/test_report_png.py). cairosvg spends most of a map in Python around those calls (its
style cascade, unit handling, bounding boxes); this module is about five times quicker.
:func:`draw` returns None for any SVG with an element, attribute or value outside the subset
(or that fails here in any other way), and pbem.reports.png then draws it with cairosvg.

Our maps write an element a line, and most lines come back map after map: a board's spaces
and their labels, a piece on a space, a legend. What a line draws is kept as a program of
calls, by the line (:func:`_kept_programs`, a few thousand lines): a map whose lines were all
seen is drawn without reading its elements again, and a new line is read once. A map whose
elements do not stand a line each is read whole.

Cairo keeps a pixel as a native-endian ARGB word: its bytes are B, G, R, A on a little-endian
machine, and a PNG wants R, G, B. Where that is so (:data:`RGBA`), every colour is given to
Cairo with its red and blue exchanged: Cairo works each channel alike, so the surface's bytes
are then the picture's R, G, B, A, and pbem.reports.png writes them as they are (reordering
the bytes of a map took more than half of encoding its PNG).
"""
from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from pbem.reports.pen import Pen, Program, Recorder, play
from pbem.reports.shapes import KEEP, NS, RGBA, Unsupported, size

__all__ = ["RGBA", "Unsupported", "draw"]
_PROGRAMS: dict[tuple[str, tuple[str, ...]], Program] = {}   # :func:`_kept_programs`


def draw(svg: str) -> Any | None:
    """The Cairo image surface of ``svg`` on white, or None when it is not of the subset.
    Where :data:`RGBA`, its red and blue are exchanged (its bytes read R, G, B, A)."""
    try:
        lines, programs = svg.strip().split("\n"), None
        root = _root_alone(lines)
        if root is not None:
            surface, pen, inherited = _canvas(root)
            try:
                programs = _kept_programs(pen, [line for line in lines[1:-1] if line.strip()], inherited)
            except ET.ParseError:       # an element over several lines: the map is read whole
                pass
        if programs is None:
            root = ET.fromstring(svg)
            surface, pen, inherited = _canvas(root)
            recorder = Recorder(pen)
            programs = [recorder.program_of(element, inherited) for element in root]
        for program in programs:
            play(pen, program)
        pen.context._check_status()     # Cairo's errors stick to the context: one look at the end sees any
    except Exception:      # not of the subset (Unsupported), or anything else: cairosvg draws it
        return None
    return surface


def _root_alone(lines: list[str]) -> ET.Element | None:
    """The root element, where it stands alone on the first line and its end on the last (the
    elements on the lines between), as our maps write it; else None."""
    if len(lines) < 2 or not lines[0].startswith("<svg") or lines[-1] != "</svg>":
        return None
    try:
        root = ET.fromstring(lines[0] + "</svg>")
    except ET.ParseError:
        return None
    return None if len(root) or (root.text or "").strip() else root


def _canvas(root: ET.Element) -> tuple[Any, Pen, dict[str, str]]:
    """A white surface of the picture's size, the pen to draw on it, and what the elements
    inherit from the root."""
    import cairocffi
    width, height, box = size(root)
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
    pen = Pen(context)
    pen.identity, pen.scale = (width, height, box[0], box[1]) == (box[2], box[3], 0, 0), width / box[2]
    return surface, pen, inherited


def _kept_programs(pen: Pen, lines: list[str], inherited: dict[str, str]) -> list[Program]:
    """The programs of the map's lines, each line's elements in turn: kept by the line (with
    what it inherits), as our maps' lines come back map after map (a board's spaces, its
    labels, a piece on a space)."""
    known = (inherited["family"], inherited["font-size"], inherited["scale"])
    found = {line: _PROGRAMS.get((line, known)) for line in lines}
    new = [line for line, program in found.items() if program is None]
    if new:
        if len(_PROGRAMS) + len(new) > KEEP:
            _PROGRAMS.clear()
        recorder = Recorder(pen)
        for line, elements in zip(new, _elements(new)):
            found[line] = _PROGRAMS[line, known] = [step for element in elements
                                                    for step in recorder.program_of(element, inherited)]
    return [found[line] for line in lines]  # type: ignore[misc]


def _elements(lines: list[str]) -> list[list[ET.Element]]:
    """The elements each of ``lines`` holds (in the SVG namespace, as in the whole map), the
    lines read at once, each in a group of its own."""
    groups = ET.fromstring(f'<svg xmlns="{NS[1:-1]}">' + "".join(f"<g>{line}</g>" for line in lines) + "</svg>")
    if len(groups) != len(lines) or any(group.tag != NS + "g" for group in groups):
        raise Unsupported("a line that closes more than it opens")
    for group in groups:
        if (group.text or "").strip() or (group.tail or "").strip() or \
                any((element.tail or "").strip() for element in group):
            raise Unsupported("text outside the elements")
    return [list(group) for group in groups]
