"""The village drawn for a report: who stands where, as text lines for plain
mail and as an inline SVG picture for HTML mail (no external resources)."""
from __future__ import annotations

from html import escape
from typing import Any

from engine.stoneage.locations import LOCATIONS, NAMES, exists
from pbem.i18n import N_, _
from engine.stoneage.texts import place
from pbem.orderwords import notation
from pbem.reports.render import spoken, wrap

SEAT_COLOURS = ["#c0392b", "#2563b0", "#2e8b3a", "#b8860b", "#7d4fa0"]
TITLES = {"hunt": N_("hunting grounds"), "forest": N_("forest"), "clay": N_("clay pit"), "quarry": N_("quarry"),
          "river": N_("river"), "toolmaker": N_("tool maker"), "hut": N_("hut"), "field": N_("field"),
          "merchant": N_("merchant")}
BOX_W, BOX_H, COLUMNS = 170, 64, 4


def places(view: dict[str, Any]) -> list[str]:
    """The locations of this game, in the board's order, then the wild animals in play."""
    trade = bool(view["options"].get("merchant"))
    return [n for n in NAMES if exists(n, len(view["players"]), trade)] + [a["name"] for a in view.get("animals", [])]


def _animal(view: dict[str, Any], name: str) -> dict[str, Any] | None:
    return next((a for a in view.get("animals", []) if a["name"] == name), None)


def _room(view: dict[str, Any], name: str) -> int | None:
    animal = _animal(view, name)
    return animal["needed"] if animal else LOCATIONS[name].spaces


def title(view: dict[str, Any], name: str) -> str:
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


def who(view: dict[str, Any], name: str) -> str:
    animal = _animal(view, name)
    on = animal["on"] if animal else view["locations"].get(name, {})
    return ", ".join(f"{p} {n}" for p, n in on.items()) or "-"


def text_lines(view: dict[str, Any]) -> list[str]:
    """One line per location: its name, room, and the people on it."""
    lines = [_("The village (who stands where):")]
    for name in places(view):
        room = _room(view, name)
        lines += wrap(f"{title(view, name):<22} {'' if room is None else room:>2}  {who(view, name)}")
    return lines


def _box(view: dict[str, Any], name: str, i: int, colours: dict[str, str]) -> list[str]:
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


def svg(view: dict[str, Any]) -> str:
    """The village as an inline SVG: a box per location, a dot per person in its seat's colour."""
    names = places(view)
    colours = {p: SEAT_COLOURS[i % len(SEAT_COLOURS)] for i, p in enumerate(view["players"])}
    rows = (len(names) + COLUMNS - 1) // COLUMNS
    label = escape(_("the village"))
    width, height = 4 + COLUMNS * (BOX_W + 6), 4 + rows * (BOX_H + 6) + 20
    out = [(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
            f'height="{height}" role="img" aria-label="{label}" font-family="sans-serif" font-size="11">')]
    for i, name in enumerate(names):
        out += _box(view, name, i, colours)
    x = 6
    for seat, colour in colours.items():
        out.append(f'<circle cx="{x + 5}" cy="{height - 10}" r="5" fill="{colour}"/>'
                   f'<text x="{x + 14}" y="{height - 6}" fill="#222">{escape(seat)}</text>')
        x += 14 + 8 * len(seat) + 16
    out.append("</svg>")
    return "\n".join(out)
