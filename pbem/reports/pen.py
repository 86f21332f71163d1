"""The pen that draws a map on Cairo, and the recorder that reads a map's elements into
programs for it (pbem.reports.raster).

The pen calls Cairo's functions on the context straight, not through cairocffi's methods:
those check the context's status after every call, and a map makes thousands (the status is
checked once, at the end). It sets a colour, a line or a font only to change it.

The recorder stands for the pen while an element is read (pbem.reports.shapes): what the
element draws is kept as a program, the calls of Cairo's functions and the pen's with their
arguments, which :func:`play` makes on the pen. A line of a map that comes back in the next
map is then drawn again without reading it again. A letter of a text is kept as its glyph
at its point, as cairo_show_text would show it.
"""
from __future__ import annotations

from typing import Any

from pbem.reports.shapes import KEEP

Program = list[tuple[Any, tuple[Any, ...], bool]]
"""Calls: a function, its arguments but the context (or the pen), and whether it is the pen's."""
_BUTT = 0               # cairo_line_cap_t CAIRO_LINE_CAP_BUTT: Cairo's default cap
_GLYPHS: dict[tuple[Any, float, bytes], int | None] = {}   # a letter's glyph in a font (:func:`_glyph`)
_FACES: dict[tuple[str, str], Any] = {}     # Cairo's font faces by family and weight (:meth:`Pen.use_font`)


class Pen:
    """Cairo's functions called on a context straight (its status is not checked)."""

    def __init__(self, context: Any) -> None:
        from cairocffi import cairo, ffi
        self.context, self.lib, self.ffi, self.at = context, cairo, ffi, context._pointer
        # What is set on the context now, set again only to change it (None: not set by the pen yet).
        self.font: tuple[str, str, float] | None = None
        self.colour: tuple[float, float, float] | None = None
        self.line: tuple[float, int] | None = None
        self.identity = False   # whether a point of the picture is a pixel's (no scaling, no offset)
        self.scale = 1.0        # pixels to a unit of the picture

    def use_colour(self, colour: tuple[float, float, float]) -> None:
        """Paint with ``colour`` (as pbem.reports.shapes gives it) from now on."""
        if self.colour != colour:
            self.lib.cairo_set_source_rgb(self.at, *colour)
            self.colour = colour

    def use_line(self, width: float, cap: int) -> None:
        """Stroke ``width`` wide with Cairo's line cap ``cap`` from now on."""
        if self.line != (width, cap):
            self.lib.cairo_set_line_width(self.at, width)
            self.lib.cairo_set_line_cap(self.at, cap)
            self.line = (width, cap)

    def use_width(self, width: float) -> None:
        """Stroke ``width`` wide from now on, with the line cap as it is (Cairo's default: butt)."""
        self.use_line(width, self.line[1] if self.line else _BUTT)

    def use_font(self, family: str, weight: str, size: float) -> None:
        """Select the font (a face by family and weight, at ``size``) unless it is selected."""
        if self.font == (family, weight, size):
            return
        face = _FACES.get((family, weight))
        if face is None:        # as cairo_select_font_face makes it; kept, for the next maps
            face = _FACES[family, weight] = self.lib.cairo_toy_font_face_create(
                family.encode("utf-8"), 0, 1 if weight == "bold" else 0)   # slant normal; weight bold or normal
        self.lib.cairo_set_font_face(self.at, face)
        self.lib.cairo_set_font_size(self.at, size)
        self.font = (family, weight, size)


class Recorder:
    """The pen as an element is read: what the element draws is kept as a program, drawn by
    :func:`play`. Its font is selected on the pen at once, as a text is measured in it."""

    def __init__(self, pen: Pen) -> None:
        self.pen, self.context, self.at = pen, pen.context, None
        self.program: Program = []
        self.lib = _Calls(self, pen.lib)

    def program_of(self, element: Any, inherited: dict[str, str]) -> Program:
        """What drawing ``element`` (an ElementTree element of the subset) takes."""
        from pbem.reports.shapes import read
        self.program = []
        read(self, element, inherited)
        return self.program

    def use_colour(self, colour: tuple[float, float, float]) -> None:
        self.program.append((Pen.use_colour, (colour,), True))

    def use_line(self, width: float, cap: int) -> None:
        self.program.append((Pen.use_line, (width, cap), True))

    def use_width(self, width: float) -> None:
        self.program.append((Pen.use_width, (width,), True))

    def use_font(self, family: str, weight: str, size: float) -> None:
        self.pen.use_font(family, weight, size)
        self.program.append((Pen.use_font, (family, weight, size), True))

    def show_letter(self, letter: bytes, x: float, y: float) -> None:
        """``letter`` filled with its origin at (x, y) in the font selected, as cairo_move_to and
        cairo_show_text fill it: by its glyph, shown by cairo_show_glyphs where show_text would
        show it, which is what show_text passes on after looking the glyph up from the point
        as Cairo holds it (in its fixed-point units, a 256th of a pixel: rounded here where a
        point is a pixel, else read back from Cairo)."""
        ffi, index = self.pen.ffi, _glyph(self.pen, letter)
        if index is None:
            self.lib.cairo_move_to(None, x, y)
            self.lib.cairo_show_text(None, letter)
            return
        if self.pen.identity:
            x, y = fixed(x), fixed(y)
        else:
            lib, at, point = self.pen.lib, self.pen.at, ffi.new("double[2]")
            lib.cairo_move_to(at, x, y)     # nothing is drawn: the programs are played on a new path
            lib.cairo_get_current_point(at, point, point + 1)
            lib.cairo_new_path(at)
            x, y = point[0], point[1]
        self.program.append((self.pen.lib.cairo_show_glyphs, (ffi.new("cairo_glyph_t *", (index, x, y)), 1), False))


def fixed(value: float) -> float:
    """A pixel's coordinate as Cairo holds a point (in 256ths of a pixel, rounded to the
    nearest, ties to even, as its fixed-point conversion rounds them) and gives it back."""
    return round(value * 256) / 256


def _glyph(pen: Pen, letter: bytes) -> int | None:
    """The index of ``letter``'s glyph in the pen's font, looked up as cairo_show_text looks it
    up, once; None unless it is one glyph."""
    key = (pen.font, pen.scale, letter)
    if key not in _GLYPHS:
        if len(_GLYPHS) >= KEEP:
            _GLYPHS.clear()
        lib, ffi = pen.lib, pen.ffi
        found, count = ffi.new("cairo_glyph_t **"), ffi.new("int *")
        failed = lib.cairo_scaled_font_text_to_glyphs(lib.cairo_get_scaled_font(pen.at), 0, 0, letter, len(letter),
                                                      found, count, ffi.NULL, ffi.NULL, ffi.NULL)
        _GLYPHS[key] = None if failed or count[0] != 1 else found[0][0].index
        if found[0] != ffi.NULL:
            lib.cairo_glyph_free(found[0])
    return _GLYPHS[key]


class _Calls:
    """Cairo's functions as the recorder is given them: a call is kept in the recorder's
    program, with its arguments but the context."""

    def __init__(self, recorder: Recorder, lib: Any) -> None:
        self.recorder, self.lib = recorder, lib

    def __getattr__(self, name: str) -> Any:
        function = getattr(self.lib, name)

        def kept(_at: Any, *args: Any) -> None:
            self.recorder.program.append((function, args, False))
        setattr(self, name, kept)       # found here from now on
        return kept


def play(pen: Pen, program: Program) -> None:
    """Make the calls of ``program`` on ``pen``."""
    at = pen.at
    for function, args, on_pen in program:
        if on_pen:
            function(pen, *args)
        else:
            function(at, *args)
