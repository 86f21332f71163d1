"""A 72-column text map of a Valley board for plain-text mail.

Each hex is a block 10 characters wide and 4 lines high; columns B, D, F...
sit two lines lower, as they sit half a hex lower on the board. Line 1 names
the space (``C4 P2~^R``: plains region 2, fishing, a camp of R), line 2 the
tribe tokens, line 3 the animals, line 4 the markers. A river runs along the
border it follows: ``=`` on the top border of the space south of it, ``#``
on the side border between two columns. The legend lists the rivers too.
"""
from __future__ import annotations

from typing import Any

from engine.valley import hexgrid
from pbem.i18n import _

WIDTH = 10
HEIGHT = 4
SPECIES_CODE = {"mammoth": "ma", "rhino": "rh", "bison": "bi", "bear": "be", "tiger": "ti", "wolf": "wo"}


def seat_codes(players: list[str]) -> dict[str, str]:
    """A short, unique upper-case code per seat: R, B, G... or RE, RO when needed."""
    codes: dict[str, str] = {}
    for size in (1, 2, 3):
        wanted = {p: p[:size].upper() for p in players}
        if len(set(wanted.values())) == len(players):
            return wanted
    for i, p in enumerate(players):
        codes[p] = f"{p[:1].upper()}{i + 1}"
    return codes


def _cell(space: dict[str, Any], codes: dict[str, str]) -> list[str]:
    name = space["name"]
    if space["terrain"] == "L":
        return [f"{name} lake", "~~~~~~~~", "~~~~~~~~", ""]
    head = f"{name} {space['terrain']}{space['region'] or ''}"
    if space.get("fishing"):
        head += "~"
    if space.get("camp"):
        head += "^" + codes.get(space["camp"], "?")
    tribes = " ".join(f"{codes.get(p, '?')}{w}w{f}f".replace("0w", "").replace("w0f", "w")
                      for p, (w, f) in space.get("tribes", {}).items())
    animals = " ".join(f"{len(v)}{SPECIES_CODE[s]}" for s, v in space.get("animals", {}).items())
    marks = []
    if space.get("crop"):
        marks.append("crop" if space["crop"] == "ok" else "crop-")
    for key, word in (("wildfire", "FIRE"), ("flooded", "FLOOD"), ("lava", "LAVA")):
        if space.get(key):
            marks.append(word)
    return [head, tribes, animals, " ".join(marks)]


def render(view: dict[str, Any]) -> list[str]:
    codes = seat_codes(view["players"])
    spaces = view["spaces"]
    cols = sorted({hexgrid.parse_name(s["name"])[0] for s in spaces})
    rows = sorted({hexgrid.parse_name(s["name"])[1] for s in spaces})
    first_col, first_row = cols[0], rows[0]
    height = (rows[-1] - first_row + 1) * HEIGHT + HEIGHT // 2 + 1
    width = (cols[-1] - first_col + 1) * WIDTH + 1
    grid = [[" "] * width for _ in range(height)]
    for space in spaces:
        col, row = hexgrid.parse_name(space["name"])
        x = (col - first_col) * WIDTH
        y = (row - first_row) * HEIGHT + (HEIGHT // 2 if col % 2 else 0)
        lines = _cell(space, codes)
        for dy, text in enumerate(lines):
            text = ("+" + text + "-" * WIDTH)[:WIDTH] if dy == 0 else ("|" + text)[:WIDTH]
            for dx, ch in enumerate(text):
                grid[y + dy][x + dx] = ch
    for pair in view.get("rivers", []):
        _river(grid, *pair.split("|"), first_col, first_row)
    header = "".join(f"{chr(ord('A') + c):<{WIDTH}}" for c in cols)
    body = ["".join(line).rstrip() for line in grid]
    while body and not body[0]:
        body.pop(0)
    while body and not body[-1]:
        body.pop()
    return [" " + header.rstrip()] + body


def _top(col: int, row: int, first_col: int, first_row: int) -> tuple[int, int]:
    """Where a space's block starts: its column and its top line in the grid."""
    return (col - first_col) * WIDTH, (row - first_row) * HEIGHT + (HEIGHT // 2 if col % 2 else 0)


def _river(grid: list[list[str]], a: str, b: str, first_col: int, first_row: int) -> None:
    """Draw the river between neighbours ``a`` and ``b`` on the border they share."""
    (ca, ra), (cb, rb) = sorted([hexgrid.parse_name(a), hexgrid.parse_name(b)])
    if ca == cb:                      # one above the other: the lower one's top border
        x, y = _top(ca, max(ra, rb), first_col, first_row)
        row = grid[y]
        row[x] = "="
        for dx in range(1, WIDTH):
            if row[x + dx] == "-":
                row[x + dx] = "="
        return
    left, right = _top(ca, ra, first_col, first_row), _top(cb, rb, first_col, first_row)
    x = right[0]                      # the right one's left border
    for y in range(max(left[1], right[1] + 1), min(left[1], right[1]) + HEIGHT):
        if 0 <= y < len(grid) and grid[y][x] in "| ":
            grid[y][x] = "#"


def legend(view: dict[str, Any]) -> list[str]:
    codes = seat_codes(view["players"])
    tribes = ", ".join(f"{c} {p}" for p, c in codes.items())
    return [
        _("Tribes: {tribes}. 3w2f: 3 warriors and 2 females.").format(tribes=tribes),
        *_("Terrain: P plains, F forest, M mountain, V volcano; the number is the\n"
           "region. ~ fishing (lake shore or river bank). ^R: a camp of R.").split("\n"),
        _("Animals: ma mammoth, rh rhino, bi bison, be bear, ti tiger, wo wolf."),
        _("crop: a crop (crop- damaged). FIRE burning, FLOOD flooded, LAVA lava."),
    ] + _rivers(view)


def _rivers(view: dict[str, Any]) -> list[str]:
    """The rivers as a list, wrapped to the map's width: nobody crosses them."""
    pairs = [p.replace("|", "-") for p in view.get("rivers", [])]
    if not pairs:
        return []
    out, line = [], _("Rivers (= and #, no crossing):")
    for pair in pairs:
        if len(line) + 1 + len(pair) + 1 > 72:
            out.append(line)
            line = " "
        line += f" {pair},"
    return out + [line.rstrip(",") + "."]
