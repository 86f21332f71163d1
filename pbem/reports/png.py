"""The map of a report as a PNG, for the mail clients that drop inline SVG
(Gmail, Outlook, Yahoo): drawn from the very SVG the report carries, with
Cairo (libcairo2 from Debian): by pbem.reports.raster when the map keeps to
the few kinds of element our maps are made of (the same picture, pixel for
pixel, several times quicker), else by cairosvg.

Cairo draws the picture; the PNG is encoded here with the standard
library's zlib at a low level, quicker than Cairo's own writer (flat
colours compress well anyway). The map is public, so a step's PNG is drawn
once and serves every seat's report (``turns`` passes it on); :func:`render`
also keeps the last few by their SVG, so that reports mailed without it
(welcome mails, GM tools) draw a board once too, and what maps share (the
hexes, their names) is drawn once and kept (:func:`_picture`).

Rendering never raises: when it fails the report goes out without the
picture, and the failure is logged once (the same reason is not logged again
by this process).
"""
from __future__ import annotations

import hashlib
import logging
import re
import struct
import sys
import zlib
from collections import OrderedDict
from functools import lru_cache
from typing import Any, NamedTuple

from pbem.reports import raster

log = logging.getLogger(__name__)

SCALE = 1.0          # one PNG pixel per SVG unit: the maps are drawn 500-700 units wide
MAX_WIDTH = 720      # the widest the picture is shown in a mail, in CSS pixels
_LEVEL = 3           # zlib level: low is quick, and flat colours compress well at any level
_KEPT = 16           # PNGs kept by SVG (a pass resolves game after game: few repeats)
_kept: OrderedDict[str, MapImage | None] = OrderedDict()
_logged: set[str] = set()
_bases: OrderedDict[str, tuple[frozenset[str], Any]] = OrderedDict()   # a map's shapes: base words, base drawn
_seen: OrderedDict[str, frozenset[str]] = OrderedDict()               # a map's shapes: the words all maps had
_ELEMENTS = re.compile(r"(?:<(\w+)\b[^<>]*(?:/>|>[^<>]*</\1>))+\Z")  # whole elements, nothing nested
_MAP = re.compile(r'<div(?: class="map")?>\s*(<svg\b.*?</svg>)\s*</div>', re.S)   # the templates' map: the first SVG
_OVER = re.compile(r'<text\b|<\w+ class="(?:[\w-]+ )*over"')    # words, and marks drawn over the rest
_LABEL = re.compile(r'<svg\b[^>]*\baria-label="([^"<>]*)"')


class MapImage(NamedTuple):
    """A report's map: the SVG it was drawn from, the PNG, and its size in pixels."""
    svg: str
    png: bytes
    width: int
    height: int

    @property
    def cid(self) -> str:
        """A Content-ID (without its angle brackets) naming this picture: the
        same picture gets the same one in every report of the step."""
        return f"map-{hashlib.sha1(self.png).hexdigest()[:16]}@pbem"


def render(svg: str) -> MapImage | None:
    """The PNG of ``svg``, or None (logged) when it cannot be drawn."""
    if not svg:
        return None
    key = hashlib.sha1(svg.encode("utf-8")).hexdigest()
    if key in _kept:
        _kept.move_to_end(key)
        return _kept[key]
    image = _draw(svg)
    _kept[key] = image
    while len(_kept) > _KEPT:
        _kept.popitem(last=False)
    return image


def _draw(svg: str) -> MapImage | None:
    try:
        image = raster.draw(svg) or _picture(svg)     # our maps' subset straight with Cairo, else cairosvg
        image.flush()
        width, height, stride = image.get_width(), image.get_height(), image.get_stride()
        png = encode(bytes(image.get_data()), width, height, stride)
    except Exception as why:   # a missing library, a drawing Cairo refuses: the mail goes without
        _log_once(f"{type(why).__name__}: {why}")
        return None
    return MapImage(svg, png, width, height)


def _surface(svg: str, background: str | None, under: Any = None) -> Any:
    """The Cairo image surface of ``svg``, on ``background`` (None: transparent), or drawn
    over a copy of the image surface ``under`` (as if it had been drawn on it first)."""
    from cairosvg.parser import Tree
    from cairosvg.surface import PNGSurface
    tree = Tree(bytestring=svg.encode("utf-8"), url_fetcher=_no_fetch)
    if under is None:
        return PNGSurface(tree, None, 96, scale=SCALE, background_color=background).cairo
    return _over_class()(tree, None, 96, scale=SCALE, under=under).cairo


@lru_cache(maxsize=1)
def _over_class() -> Any:
    """The class of :func:`_surface`'s drawing over a picture (made when first drawn: cairosvg is
    imported only then)."""
    from cairosvg.surface import PNGSurface

    class Over(PNGSurface):
        """A PNG surface whose drawing starts from a copy of a picture drawn before."""

        def __init__(self, *args: Any, under: Any, **kwargs: Any) -> None:
            self.under = under
            super().__init__(*args, **kwargs)

        def _create_surface(self, width: float, height: float) -> tuple[Any, int, int]:
            import cairocffi
            copy = cairocffi.ImageSurface(cairocffi.FORMAT_ARGB32, self.under.get_width(), self.under.get_height())
            context = cairocffi.Context(copy)
            context.set_source_surface(self.under)
            context.paint()
            return copy, copy.get_width(), copy.get_height()

    return Over


def _picture(svg: str) -> Any:
    """The map drawn on white. Most of a map is the same from step to step and
    game to game (Valley's hexes, their names, the rivers; a Dewan game's
    map), and drawing it is most of the cost. So the shapes of a map and the
    words (<text>) and marks (elements of class "over": Dewan's camps) every
    map with those shapes has had are drawn once as a base and kept; a map
    with the same shapes is that base with its other words and marks drawn
    over it, in their order. Words and marks sit inside their hex or box, under
    no later line of the base, so the picture is the one the map drawn whole
    makes (the tests compare them).
    Used on maps of one element a line (as ours are drawn); any other map,
    and the first of its shapes, is drawn whole."""
    lines = svg.split("\n")
    head, body, tail = lines[0], lines[1:-1], lines[-1]
    if tail != "</svg>" or not body or not all(_ELEMENTS.match(line) for line in body):
        return _surface(svg, "white")
    key = hashlib.sha1("\n".join([head, *(line for line in body if not _OVER.match(line))])
                       .encode("utf-8")).hexdigest()
    words = frozenset(line for line in body if _OVER.match(line))
    base = _bases.get(key)
    if base is None or not base[0] <= words:
        common = _seen.get(key, words) & words if key in _seen else None
        if common is None:
            _seen[key] = words
            _trim(_seen)
            return _surface(svg, "white")
        _seen[key] = common
        kept = [line for line in body if not _OVER.match(line) or line in common]
        base = common, _surface("\n".join([head, *kept, tail]), "white")
        _bases[key] = base
        _trim(_bases)
    own = [line for line in body if _OVER.match(line) and line not in base[0]]
    if not own:
        return base[1]
    return _surface("\n".join([head, *own, tail]), None, under=base[1])


def _trim(kept: OrderedDict[str, Any]) -> None:
    while len(kept) > _KEPT:
        kept.popitem(last=False)


def _no_fetch(url: str, resource_type: str | None = None) -> bytes:
    """Our maps refer to nothing outside themselves: nothing is fetched."""
    raise ValueError(f"the map refers to {url!r}")


def _log_once(reason: str) -> None:
    if reason not in _logged:
        _logged.add(reason)
        log.warning("report maps go out without a PNG: %s", reason)


def encode(data: bytes, width: int, height: int, stride: int) -> bytes:
    """An RGB PNG of Cairo's ARGB32 pixels (native-endian words: B, G, R, A in
    memory on little-endian machines). They are drawn on white, so every pixel
    is opaque and its colour needs no un-premultiplying."""
    r, g, b = (2, 1, 0) if sys.byteorder == "little" else (1, 2, 3)
    pixels = b"".join(data[y * stride:y * stride + width * 4] for y in range(height)) \
        if stride != width * 4 else data[:width * 4 * height]
    rgb = bytearray(width * height * 3)
    rgb[0::3], rgb[1::3], rgb[2::3] = pixels[r::4], pixels[g::4], pixels[b::4]
    line = width * 3
    view = memoryview(rgb)
    raw = b"".join(b"\x00" + view[y * line:(y + 1) * line] for y in range(height))   # filter 0 (none) per row
    head = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", head) + _chunk(b"IDAT", zlib.compress(raw, _LEVEL))
            + _chunk(b"IEND", b""))


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def img_tag(image: MapImage, alt: str) -> str:
    """The ``<img>`` showing the map at the mail's width: 100% of its container
    up to the picture's own width (no blur from enlarging it), height kept in
    proportion. ``width`` is given too for Outlook, which ignores max-width."""
    shown = min(image.width, MAX_WIDTH)
    return (f'<img src="cid:{image.cid}" alt="{alt}" width="{shown}" '
            f'style="display:block;width:100%;max-width:{shown}px;height:auto;border:0">')


def in_mail(html: str, image: MapImage | None = None) -> tuple[str, list[tuple[str, str, bytes]],
                                                              list[tuple[str, str, bytes]]]:
    """A report's HTML made for mail, with what goes with it: the map (the
    SVG the report templates put in a ``<div>`` of its own) shown as the PNG by its
    Content-ID, and the SVG itself attached as map.svg. ``image``: the PNG
    drawn already for this step; drawn here (or found kept) when it is not
    the picture of this SVG. Returns the HTML, the inline images and the
    attached files for :func:`pbem.mail.compose.compose`; the HTML as it is
    and nothing else when there is no map or it could not be drawn."""
    found = _MAP.search(html)
    if found is None:
        return html, [], []
    svg = found.group(1)
    if image is None or image.svg != svg:
        image = render(svg)
    if image is None:
        return html, [], []
    label = _LABEL.search(svg)
    picture = img_tag(image, label.group(1) if label else "map")
    html = html[:found.start()] + f'<div class="pbem-map">{picture}</div>' + html[found.end():]
    return html, [(image.cid, "png", image.png)], [("map.svg", "image/svg+xml", svg.encode("utf-8"))]
