"""The map of a report as a PNG, for the mail clients that drop inline SVG
(Gmail, Outlook, Yahoo): drawn from the very SVG the report carries, with
Cairo (libcairo2 from Debian): by pbem.reports.raster when the map keeps to
the few kinds of element our maps are made of (the same picture, pixel for
pixel, several times quicker), else by cairosvg.

Cairo draws the picture; the PNG is encoded here, its pixels deflated by
ISA-L (the isal package: five times quicker than zlib at its low levels, the
PNG 7 % bigger; the standard library's zlib where isal is not installed). A
picture drawn by pbem.reports.raster goes as RGBA, its bytes as Cairo holds
them (:func:`encode_rgba`: 6 % bigger than RGB, and no bytes to reorder);
one drawn by cairosvg as RGB (:func:`encode`).
Both are quicker than Cairo's own writer. The map is public, so a step's PNG is drawn
once and serves every seat's report (``turns`` passes it on); :func:`render`
also keeps the last few by their SVG, so that reports mailed without it
(welcome mails, GM tools) draw a board once too.

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
from typing import Any, NamedTuple

from pbem.reports import raster

log = logging.getLogger(__name__)

SCALE = 1.0          # one PNG pixel per SVG unit: the maps are drawn 500-700 units wide
MAX_WIDTH = 720      # the widest the picture is shown in a mail, in CSS pixels
try:
    from isal.isal_zlib import compress as _deflate     # zlib's format, deflated by ISA-L
    _LEVEL = 2           # ISA-L's levels are 0-3: 2 is as quick as 1, a little smaller
except ImportError:      # pragma: no cover - isal has wheels for the usual platforms
    from zlib import compress as _deflate
    _LEVEL = 3           # zlib level: low is quick, and flat colours compress well at any level
_KEPT = 16           # PNGs kept by SVG (a pass resolves game after game: few repeats)
_kept: OrderedDict[str, MapImage | None] = OrderedDict()
_logged: set[str] = set()
_MAP_OPENS = re.compile(r'<div(?: class="map")?>\s*<svg\b')     # the templates' map: the first SVG in a
_MAP_CLOSES = re.compile(r'\s*</div>')                             # <div> of its own (:func:`_map`)
_LABEL = re.compile(r'<svg\b[^>]*\baria-label="([^"<>]*)"')


class MapImage(NamedTuple):
    """A report's map: the SVG it was drawn from, the PNG, its size in pixels, and a Content-ID
    (without its angle brackets) naming the picture: the same picture gets the same one in every
    report of the step (:func:`content_id`)."""
    svg: str
    png: bytes
    width: int
    height: int
    cid: str


def content_id(png: bytes) -> str:
    return f"map-{hashlib.sha1(png).hexdigest()[:16]}@pbem"


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
        image = raster.draw(svg)        # our maps' subset straight with Cairo, its bytes R, G, B, A ...
        rgba = image is not None and raster.RGBA
        image = image or _surface(svg)  # ... else cairosvg, its pixels native ARGB words
        image.flush()
        width, height, stride = image.get_width(), image.get_height(), image.get_stride()
        data = image.get_data()         # the surface's own bytes, read in place where they need no reordering
        png = encode_rgba(data, width, height, stride) if rgba else encode(bytes(data), width, height, stride)
    except Exception as why:   # a missing library, a drawing Cairo refuses: the mail goes without
        _log_once(f"{type(why).__name__}: {why}")
        return None
    return MapImage(svg, png, width, height, content_id(png))


def _surface(svg: str) -> Any:
    """The Cairo image surface of ``svg`` on white, drawn by cairosvg."""
    from cairosvg.parser import Tree
    from cairosvg.surface import PNGSurface
    tree = Tree(bytestring=svg.encode("utf-8"), url_fetcher=_no_fetch)
    return PNGSurface(tree, None, 96, scale=SCALE, background_color="white").cairo


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
    return _png(width, height, 2, _scanlines(memoryview(rgb), width * 3, width * 3, height))


def encode_rgba(data: bytes, width: int, height: int, stride: int) -> bytes:
    """An RGBA PNG of pixels whose bytes are R, G, B, A already (pbem.reports.raster draws them
    so): each row goes as it is, with no reordering. Every pixel is opaque (drawn on white)."""
    return _png(width, height, 6, _scanlines(memoryview(data), stride, width * 4, height))


def _scanlines(view: memoryview, stride: int, line: int, height: int) -> bytes:
    """The rows of ``view`` (``line`` bytes of every ``stride``), each led by its filter byte:
    0, none. One join puts the byte between the rows (a row and its byte joined first made a
    copy of every row: ten times as long)."""
    return b"\x00".join([b""] + [view[at:at + line] for at in range(0, height * stride, stride)])


def _png(width: int, height: int, colour: int, raw: bytes) -> bytes:
    """The PNG of ``raw`` (scanlines, each led by its filter byte) in 8-bit colour type ``colour``."""
    head = struct.pack(">IIBBBBB", width, height, 8, colour, 0, 0, 0)
    return b"".join([b"\x89PNG\r\n\x1a\n", *_chunk(b"IHDR", head), *_chunk(b"IDAT", _deflate(raw, _LEVEL)),
                     *_chunk(b"IEND", b"")])


def _chunk(kind: bytes, body: bytes) -> tuple[bytes, bytes, bytes, bytes]:
    """A chunk's four parts: its length, kind, body and checksum (joined once, by :func:`_png`)."""
    return struct.pack(">I", len(body)), kind, body, struct.pack(">I", zlib.crc32(body, zlib.crc32(kind)))


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
    found = _map(html)
    if found is None:
        return html, [], []
    start, end, svg = found
    if image is None or image.svg != svg:
        image = render(svg)
    if image is None:
        return html, [], []
    label = _LABEL.search(svg)
    picture = img_tag(image, label.group(1) if label else "map")
    html = html[:start] + f'<div class="pbem-map">{picture}</div>' + html[end:]
    return html, [(image.cid, "png", image.png)], [("map.svg", "image/svg+xml", svg.encode("utf-8"))]


def _map(html: str) -> tuple[int, int, str] | None:
    """Where the report's map stands: the start and end of its ``<div>`` and the SVG in it (the
    first ``<svg>`` alone in a ``<div>``), or None. What the pattern
    ``<div( class="map")?>\\s*(<svg\\b.*?</svg>)\\s*</div>`` finds, found by looking for its
    ends: that pattern read the whole map character by character, in every report."""
    opened = _MAP_OPENS.search(html)
    while opened is not None:
        svg_at = html.index("<svg", opened.start())
        close = html.find("</svg>", svg_at)
        if close == -1:
            return None             # nor after any later opening
        while close != -1:
            closed = _MAP_CLOSES.match(html, close + 6)
            if closed:
                return opened.start(), closed.end(), html[svg_at:close + 6]
            close = html.find("</svg>", close + 6)
        opened = _MAP_OPENS.search(html, opened.start() + 1)
    return None
