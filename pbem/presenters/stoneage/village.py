"""The village drawn for a report, as text lines for plain mail and as an
inline SVG picture for HTML mail (no external resources).

While a round is being placed or acted it shows who stands where, with the
room left. Once everyone has gone home (every report of a round played by
plans) it shows the round just played, a box per location that had people
and what it gave each seat (pbem.presenters.stoneage.played), and then the
next round's offer: the card slots and the buildings' tops."""
from __future__ import annotations

from html import escape
from typing import Callable

from engine.stoneage.locations import LOCATIONS, NAMES, exists
from pbem.i18n import N_, _
from engine.stoneage.texts import place
from engine.stoneage.view import StoneAgeAnimal, StoneAgeView
from pbem.play.orderwords import notation
from pbem.presenters.stoneage import played
from pbem.reports.render import spoken, wrap, wrapped

SEAT_COLOURS = ["#c0392b", "#2563b0", "#2e8b3a", "#b8860b", "#7d4fa0"]
TITLES = {"hunt": N_("hunting grounds"), "forest": N_("forest"), "clay": N_("clay pit"), "quarry": N_("quarry"),
          "river": N_("river"), "toolmaker": N_("tool maker"), "hut": N_("hut"), "field": N_("field"),
          "merchant": N_("merchant")}
BOX_W, BOX_H, COLUMNS = 170, 64, 4


def places(view: StoneAgeView) -> list[str]:
    """The locations of this game, in the board's order, then the wild animals in play."""
    trade = bool(view["options"].get("merchant"))
    return [n for n in NAMES if exists(n, len(view["players"]), trade)] + [a["name"] for a in view.get("animals", [])]


def _animal(view: StoneAgeView, name: str) -> StoneAgeAnimal | None:
    return next((a for a in view.get("animals", []) if a["name"] == name), None)


def _room(view: StoneAgeView, name: str) -> int | None:
    animal = _animal(view, name)
    return animal["needed"] if animal else LOCATIONS[name].spaces


def title(view: StoneAgeView, name: str) -> str:
    if name in TITLES:
        return _(TITLES[name])
    animal = _animal(view, name)
    if animal:
        return f"{spoken(place(animal['name']))} (-{animal['penalty']})"
    if name == "jewelcard":
        return _("jewel slot ({card})").format(card=view["jewel_card"]["card"] or _("empty"))
    slots = {s["slot"]: s["card"] for s in view["civ_slots"]}
    tops = {b["stack"]: b["top"] for b in view["buildings"]}
    shown = slots.get(name) or tops.get(name) or _("empty")
    return f"{notation('stoneage', name)} ({shown})"


def who(view: StoneAgeView, name: str) -> str:
    animal = _animal(view, name)
    on = animal["on"] if animal else view["locations"].get(name, {})
    return ", ".join(f"{p} {n}" for p, n in on.items()) or "-"


def standing(view: StoneAgeView) -> bool:
    """Do people stand in the village now (a round being placed or acted)?"""
    return any(board["placed"] for board in view["boards"].values())


def short(name: str) -> str:
    """A location's short name, without what lies on it: "hunting grounds", "card2", "wolf"."""
    if name in TITLES:
        return _(TITLES[name])
    return _("jewel slot") if name == "jewelcard" else spoken(place(name))


def text_lines(view: StoneAgeView) -> list[str]:
    """The round just played once everyone is home (nothing before the first); while people
    stand in the village, one line per location: its name, room, and the people on it."""
    if not standing(view):
        return played.text_lines(view, places(view), short) if view.get("played") else []
    lines = [_("The village (who stands where):")]
    for name in places(view):
        room = _room(view, name)
        lines += wrap(f"{title(view, name):<22} {'' if room is None else room:>2}  {who(view, name)}")
    return lines


def items(view: StoneAgeView) -> list[str]:
    """The picture's facts as a list for the HTML part (read aloud, or when pictures are blocked):
    each location with people, and who; after the round, what it gave each."""
    if not standing(view) and not view.get("played"):
        return []
    if not standing(view):
        return [_("{place}: {seats}").format(place=short(n), seats=_("; ").join(
                played.seat_line(*seat) for seat in seats))
                for n, seats in played.spots(view, places(view))]
    return [_("{place}: {seats}").format(place=title(view, n), seats=who(view, n))
            for n in places(view) if who(view, n) != "-"]


def _box(view: StoneAgeView, name: str, i: int, colours: dict[str, str]) -> list[str]:
    x, y = 4 + (i % COLUMNS) * (BOX_W + 6), 4 + (i // COLUMNS) * (BOX_H + 6)
    out = [f'<rect x="{x}" y="{y}" width="{BOX_W}" height="{BOX_H}" rx="6" fill="#efe6cf" stroke="#7a6a4f"/>',
           f'<text x="{x + 6}" y="{y + 15}" font-weight="bold" fill="#333">{escape(title(view, name))}</text>']
    dx = 0
    animal = _animal(view, name)
    for seat, n in (animal["on"] if animal else view["locations"].get(name, {})).items():
        for k in range(n):
            cx, cy = x + 12 + (dx % 14) * 11, y + 32 + (dx // 14) * 12
            out.append(f'<circle cx="{cx}" cy="{cy}" r="4.5" fill="{colours[seat]}">'
                       f'<title>{escape(seat)}</title></circle>')
            dx += 1
    out.append(f'<text x="{x + 6}" y="{y + BOX_H - 6}" fill="#555">{escape(who(view, name))}</text>')
    return out


def _colours(view: StoneAgeView) -> dict[str, str]:
    return {p: SEAT_COLOURS[i % len(SEAT_COLOURS)] for i, p in enumerate(view["players"])}


def _open(width: int, height: int, font: int = 11) -> str:
    label = escape(_("the village"))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
            f'height="{height}" role="img" aria-label="{label}" font-family="sans-serif" font-size="{font}">')


def _legend(colours: dict[str, str], y: int) -> list[str]:
    out, x = [], 6
    for seat, colour in colours.items():
        out.append(f'<circle cx="{x + 5}" cy="{y - 4}" r="5" fill="{colour}"/>'
                   f'<text x="{x + 14}" y="{y}" fill="#222">{escape(seat)}</text>')
        x += 14 + 8 * len(seat) + 16
    return out


def svg(view: StoneAgeView, offer: list[tuple[str, str]] | None = None) -> str:
    """The village as an inline SVG: the round just played and the ``offer`` (title, text) once
    everyone is home; else a box per location, a dot per person in its seat's colour."""
    if not standing(view):
        return _played_svg(view, offer or [])
    names = places(view)
    colours = _colours(view)
    rows = (len(names) + COLUMNS - 1) // COLUMNS
    width, height = 4 + COLUMNS * (BOX_W + 6), 4 + rows * (BOX_H + 6) + 20
    out = [_open(width, height)]
    for i, name in enumerate(names):
        out += _box(view, name, i, colours)
    out += _legend(colours, height - 6)
    out.append("</svg>")
    return "\n".join(out)


# The round as played and the offer: two columns of boxes whose height follows what they hold.
WIDE, GAP, LINE, FONT = 232, 6, 16, 13
CHARS = (WIDE - 26) * 20 // (FONT * 9)       # a line's characters, at about 0.45 em each


Box = Callable[[int, int], tuple[list[str], int]]    # drawn at (x, y): its shapes and its height


def _dots(x: int, y: int, seat: str, n: int, colour: str) -> list[str]:
    return [f'<circle cx="{x + 8 + k * 11}" cy="{y}" r="4.5" fill="{colour}"><title>{escape(seat)}</title></circle>'
            for k in range(n)]


def _lines(x: int, y: int, text: str) -> tuple[list[str], int]:
    """``text`` wrapped to a box's width from ``y``; the lines and the y of the last."""
    out = []
    for line in wrapped(text, CHARS):
        y += LINE
        out.append(f'<text x="{x + 8}" y="{y}" fill="#222">{escape(line)}</text>')
    return out, y


def _played_box(name_: str, seats: list[tuple[str, int, str]], colours: dict[str, str]) -> Box:
    """A location of the round played: its name, then per seat its dots and what it got."""
    def draw(x: int, top: int) -> tuple[list[str], int]:
        out, y = [f'<text x="{x + 6}" y="{top + 16}" font-weight="bold" fill="#222">{escape(name_)}</text>'], top + 20
        for seat, n, text in seats:
            out += _dots(x, y + 9, seat, min(n, 19), colours[seat])
            lines, y = _lines(x, y + 16, played.seat_line(seat, n, text))
            out += lines
        return out, y + 8 - top
    return draw


def _offer_box(title_: str, text: str) -> Box:
    """A card slot or a building stack of the next round: its name and price, and what lies there."""
    def draw(x: int, top: int) -> tuple[list[str], int]:
        lines, y = _lines(x, top + 16, text)
        return [f'<text x="{x + 6}" y="{top + 16}" font-weight="bold" fill="#222">{escape(title_)}</text>',
                *lines], y + 8 - top
    return draw


def _grid(boxes: list[Box], top: int, fill: str) -> tuple[list[str], int]:
    """Boxes two a row from ``top``, each row as tall as its taller box; the shapes, and the y
    below the last row."""
    out, y = [], top
    for row in range(0, len(boxes), 2):
        drawn = [box(4 + col * (WIDE + GAP), y) for col, box in enumerate(boxes[row:row + 2])]
        height = max(h for _, h in drawn)
        for col, (shapes, _h) in enumerate(drawn):
            out.append(f'<rect x="{4 + col * (WIDE + GAP)}" y="{y}" width="{WIDE}" height="{height}" rx="6" '
                       f'fill="{fill}" stroke="#7a6a4f"/>')
            out += shapes
        y += height + GAP
    return out, y


def _played_svg(view: StoneAgeView, offer: list[tuple[str, str]]) -> str:
    colours, out, heads, y = _colours(view), [], [], 4
    if view.get("played"):
        heads.append((y, _("Round {round} as played").format(round=view["played"]["round"])))
        boxes = [_played_box(short(n), seats, colours) for n, seats in played.spots(view, places(view))]
        shapes, y = _grid(boxes, y + 22, "#efe6cf")
        out += shapes
    if offer and not view["over"]:
        heads.append((y, _("On offer in round {round}").format(round=view["round"])))
        shapes, y = _grid([_offer_box(t, text) for t, text in offer], y + 22, "#f6f1e4")
        out += shapes
    width, height = 4 + 2 * (WIDE + GAP), y + 22
    titles = [f'<text x="6" y="{top + 15}" font-weight="bold" font-size="14" fill="#222">{escape(text)}</text>'
              for top, text in heads]
    return "\n".join([_open(width, height, FONT), *titles, *out, *_legend(colours, height - 6), "</svg>"])
