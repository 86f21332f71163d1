"""A 72-column text map of a Valley board for plain-text mail.

Each hex is a block 10 characters wide and 4 lines high; columns B, D, F...
sit two lines lower, as they sit half a hex lower on the board. Line 1 names
the space (``C4 P2~^R``: plains region 2, fishing, a camp of R), line 2 the
tribe tokens, line 3 the animals, line 4 the markers. A river runs along the
border it follows: ``=`` on the top border of the space south of it, ``#``
on the side border between two columns. The legend lists the rivers too.
"""
from __future__ import annotations

from engine import hexgrid
from engine.valley.localwords import TOKENS
from engine.valley.view import ValleySpace, ValleyView
from pbem import i18n
from pbem.i18n import N_, _
from pbem.reports.render import fitted

WIDTH = 10
HEIGHT = 4
# The map's short codes, each a message "map|<code>" so that a translator gives it its own letters.
# Translators: a short code on Valley's text map (after "map|"), named by the legend: a terrain
# letter, an animal in two letters, a marker up to 7 letters, the lake up to 5.
SPECIES_CODE = {"mammoth": N_("map|ma"), "rhino": N_("map|rh"), "bison": N_("map|bi"), "bear": N_("map|be"),
                "tiger": N_("map|ti"), "wolf": N_("map|wo")}
TERRAIN_CODE = {"P": N_("map|P"), "F": N_("map|F"), "M": N_("map|M"), "V": N_("map|V")}
MARK_CODE = {"crop": N_("map|crop"), "wildfire": N_("map|FIRE"), "flooded": N_("map|FLOOD"),
             "lava": N_("map|LAVA")}
LAKE, CAMP = N_("map|lake"), N_("map|camp")


def code(message: str) -> str:
    """One of the codes above, in the reader's language."""
    return _(message).rpartition("|")[2]


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


def _cell(space: ValleySpace, codes: dict[str, str]) -> list[str]:
    name = space["name"]
    if space["terrain"] == "L":
        return [f"{name} {code(LAKE)}", "~~~~~~~~", "~~~~~~~~", ""]
    head = f"{name} {code(TERRAIN_CODE[space['terrain']])}{space['region'] or ''}"
    if space.get("fishing"):
        head += "~"
    if space.get("camp"):
        head += "^" + codes.get(space["camp"], "?")
    tribes = " ".join(codes.get(p, "?") + _people(w, f) for p, (w, f) in space.get("tribes", {}).items())
    animals = [f"{len(v)}{code(SPECIES_CODE[s])}" for s, v in space.get("animals", {}).items()]
    marks = []
    if space.get("crop"):
        marks.append(code(MARK_CODE["crop"]) + ("" if space["crop"] == "ok" else "-"))
    marks += [code(MARK_CODE[key]) for key in ("wildfire", "flooded", "lava") if space.get(key)]
    return [head, tribes, *_two_lines(animals, marks)]


def people(warriors: int, females: int, between: str = " ", lang: str | None = None) -> str:
    """A tribe's tokens as its orders count them, in the reader's letters (``lang``'s when
    given): "3W 2F" ("3G 2F" in French, "3G 2M" in Spanish), "2W" or "1F"."""
    lang = lang or i18n.current()
    return between.join(f"{n}{TOKENS.show(letter, lang)}" for n, letter in ((warriors, "W"), (females, "F"))
                        if n)


def _people(warriors: int, females: int) -> str:
    """The same in a map's cell: "3w2f"."""
    return people(warriors, females, "").lower()


def _two_lines(animals: list[str], marks: list[str]) -> list[str]:
    """The animals on line 3 and the markers on line 4 when each fits in a cell; else the words
    flow on over both lines; else the animals go without spaces ("1bi1rh2ma")."""
    room = WIDTH - 1
    one, two = " ".join(animals), " ".join(marks)
    if len(one) <= room and len(two) <= room:
        return [one, two]
    lines = ["", ""]
    for word in animals + marks:
        at = 0 if not lines[1] and len(f"{lines[0]} {word}".strip()) <= room else 1
        lines[at] = f"{lines[at]} {word}".strip()
    if len(lines[1]) <= room:
        return lines
    return ["".join(animals), two]


def render(view: ValleyView) -> list[str]:
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


def legend(view: ValleyView) -> list[str]:
    codes = seat_codes(view["players"])
    tribes = ", ".join(f"{c} {p}" for p, c in codes.items())
    return [
        *(line for said in _("Tribes: {tribes}. 3w2f: 3 warriors and 2 females.").format(tribes=tribes).split("\n")
          for line in fitted(said)),      # a translation may break it itself; five tribes run over 72
        *_("Terrain: P plains, F forest, M mountain, V volcano; the number is the\n"
           "region. ~ fishing (lake shore or river bank). ^R: a camp of R.").split("\n"),
        _("Animals: ma mammoth, rh rhino, bi bison, be bear, ti tiger, wo wolf."),
        _("crop: a crop (crop- damaged). FIRE burning, FLOOD flooded, LAVA lava."),
    ] + _rivers(view)


def _rivers(view: ValleyView) -> list[str]:
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
