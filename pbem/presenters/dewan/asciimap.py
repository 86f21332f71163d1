"""A text map of a Dewan board for plain-text mail, 72 columns at most.

Each hex is a box 4 characters wide and 4 lines high, as in the Valley's
text map; columns B, D, F... sit two lines lower, as they sit half a hex
lower on the board. Inside a box: line 1 the hex name, line 2 the hex in the
map notation (terrain, ``b`` a berry, ``*`` per fire symbol), line 3 the
camp (``^R``). A border symbol is its letter on the border it lies on and is
listed under the map too. Column letters run above and below the map; row
numbers stand at the sides, level with the names of the columns nearest.
"""
from __future__ import annotations

import textwrap

from engine.dewan.board import SYMBOLS, TERRAINS, Board, Hex, edge_text
from pbem.play.orderwords import notation
from engine import hexgrid
from pbem.i18n import N_, _

WIDTH = 4
HEIGHT = 4
LETTER = {"artifact": "a", "pigment": "p", "crystal": "c"}
LINE = 72
SYMBOL_WORDS = {"artifact": N_("artifact"), "pigment": N_("pigment"), "crystal": N_("crystal")}


def cell_text(h: Hex) -> str:
    """Line 2 of a box: the map notation, or a count for fire past 3 characters."""
    letter = notation("dewan", h.terrain)          # in the reader's letters
    cell = letter + h.cell[len(h.terrain):]
    if len(cell) <= WIDTH - 1:
        return cell
    return (letter + ("b" if h.berry else "") + str(h.fire))[:WIDTH - 1]


def camp_text(seats: list[str], marks: dict[str, str]) -> str:
    """Line 3 of a box: ``^`` and the mark of each seat camped there."""
    return ("^" + "".join(marks.get(s, "?")[:1] for s in seats))[:WIDTH - 1] if seats else ""


class _Grid:
    """Characters on a page, boxes drawn so that corners win over sides."""

    def __init__(self, board: Board) -> None:
        spots = [hexgrid.parse_name(n) for n in board.hexes]
        self.col0 = min(c for c, _ in spots)
        self.row0 = min(r for _, r in spots)
        self.cols = sorted({c for c, _ in spots})
        width = (self.cols[-1] - self.col0 + 1) * WIDTH + 1
        height = (max(r for _, r in spots) - self.row0 + 1) * HEIGHT + HEIGHT // 2 + 1
        self.rows = [[" "] * width for _ in range(height)]

    def top_left(self, name: str) -> tuple[int, int]:
        col, row = hexgrid.parse_name(name)
        return (col - self.col0) * WIDTH, (row - self.row0) * HEIGHT + (HEIGHT // 2 if col % 2 else 0)

    def put(self, x: int, y: int, ch: str) -> None:
        if self.rows[y][x] != "+" or ch == "+":
            self.rows[y][x] = ch

    def box(self, name: str, lines: list[str]) -> None:
        x, y = self.top_left(name)
        for dx in range(WIDTH + 1):
            edge = "+" if dx in (0, WIDTH) else "-"
            self.put(x + dx, y, edge)
            self.put(x + dx, y + HEIGHT, edge)
        for dy in range(1, HEIGHT):
            self.put(x, y + dy, "|")
            self.put(x + WIDTH, y + dy, "|")
            for dx, ch in enumerate(lines[dy - 1][:WIDTH - 1] if dy <= len(lines) else ""):
                self.rows[y + dy][x + 1 + dx] = ch

    def border(self, pair: frozenset[str], letter: str) -> None:
        """Write ``letter`` on the border between two neighbouring hexes."""
        a, b = sorted(pair, key=hexgrid.sort_key)    # a is north of b, or west of it
        direction = hexgrid.direction_between(a, b)
        if direction == 3:                             # b is south of a: b's top border
            x, y = self.top_left(b)
            self.rows[y][x + WIDTH // 2] = letter
        else:                                          # b is NE (a's line 1) or SE (a's line 3)
            x, y = self.top_left(a)
            self.rows[y + (1 if direction == 1 else 3)][x + WIDTH] = letter


def text_map(board: Board, camps: dict[str, list[str]], marks: dict[str, str], symbols: bool = True) -> list[str]:
    """The map as text lines: the boxes with labels, then the border symbols listed
    (not with ``symbols`` False: the list has words, the boxes none)."""
    grid = _Grid(board)
    at: dict[str, list[str]] = {}
    for seat, names in camps.items():
        for name in names:
            at.setdefault(name, []).append(seat)
    for name, h in board.hexes.items():
        grid.box(name, [name, cell_text(h), camp_text(at.get(name, []), marks)])
    for pair, symbol in board.symbols.items():
        grid.border(pair, LETTER[symbol])
    return _labelled(board, grid) + (symbol_list(board) if symbols else [])


def _labelled(board: Board, grid: _Grid) -> list[str]:
    """The grid with column letters above and below and row numbers beside."""
    left_par, right_par = grid.cols[0] % 2, grid.cols[-1] % 2
    named: dict[tuple[int, int], str] = {}          # (parity, line) -> row number
    for name in board.hexes:
        col, row = hexgrid.parse_name(name)
        named[(col % 2, grid.top_left(name)[1] + 1)] = str(row)
    pad = max(len(r) for r in named.values()) + 1
    body = []
    for y, chars in enumerate(grid.rows):
        text = "".join(chars)
        if not text.strip():
            continue
        left = named.get((left_par, y), "")
        right = named.get((right_par, y), "")
        body.append((f"{left:>{pad - 1}} " + text + (f" {right}" if right else "")).rstrip())
    head = " " * pad + "".join(f"{chr(ord('A') + c):^{WIDTH}}" if c in grid.cols else " " * WIDTH
                               for c in range(grid.col0, grid.cols[-1] + 1))
    head = head.rstrip()
    return [head] + body + [head]


def symbol_list(board: Board) -> list[str]:
    """Every border symbol by kind, as the pairs of hexes it lies between, in the reader's words."""
    out: list[str] = []
    for symbol in SYMBOLS:
        pairs = sorted((edge_text(p) for p, s in board.symbols.items() if s == symbol),
                       key=lambda t: [hexgrid.sort_key(n) for n in t.split("|")])
        if not pairs:
            continue
        line = _("{symbol} ({letter}):").format(symbol=_(SYMBOL_WORDS[symbol]), letter=LETTER[symbol])
        for i, pair in enumerate(pairs):
            word = f" {pair}" + ("." if i == len(pairs) - 1 else ",")
            if len(line) + len(word) > LINE:
                out.append(line)
                line = "  "
            line += word
        out.append(line)
    return out


def legend(marks: dict[str, str] | None = None) -> list[str]:
    """What every sign of the text map means; with ``marks``, whose camp is whose."""
    terrains = ", ".join(f"{notation('dewan', k)} {_(v)}" for k, v in TERRAINS.items())
    text = _("Each box is a hex: its name, then its terrain ({terrains}; S a start "
             "hex, which has none), b a berry token still on the map, * a fire symbol "
             "(Pb3: 3 fire symbols when the stars do not fit), and ^R a camp of the clan "
             "marked R. A letter on a border is the symbol between the two hexes: "
             "a artifact, p pigment, c crystal; they are listed under the map by their "
             "two hexes (C4|D4). Letters above and below name the columns; the row "
             "numbers at the sides stand level with the names of the columns next to "
             "them. Columns B, D, F... sit half a hex lower than A, C, E...").format(terrains=terrains)
    out = textwrap.wrap(text, LINE, break_on_hyphens=False)
    if marks:
        clans = ", ".join(f"{m} {s}" for s, m in marks.items())
        out += textwrap.wrap(_("Clans: {clans}.").format(clans=clans), LINE)
    return out
