"""The round just played, as a report shows it once everyone has gone home:
each location that had people, who stood there and what it gave them
(engine.stoneage.played keeps the record), in the reader's language."""
from __future__ import annotations

from typing import Any

from engine.stoneage import texts as words
from engine.stoneage.view import StoneAgeOutcome, StoneAgeView
from pbem.i18n import _, ngettext
from pbem.reports.render import WIDTH, spoken, wrapped

NAME_WIDTH = 18
Spot = tuple[str, list[tuple[str, int, str]]]     # a location, and (seat, people, what it gave) for each seat


def _amount(key: str, n: int) -> str:
    """A count of a good or of jewels (engine.stoneage.played's keys), in the reader's words."""
    return spoken(words.jewels(n) if key == "jewels" else words.amount(n, key))


def _got(key: str, n: int) -> str:
    if key in ("food", "wood", "clay", "stone", "gold", "jewels"):
        return _amount(key, n)
    if key == "score":
        return spoken(words.points(n))
    if key == "people":
        return ngettext("{n} new person", "{n} new people", n).format(n=n)
    if key == "tools":
        return _("tools +{n}").format(n=n)
    if key == "agriculture":
        return _("agriculture +{n}").format(n=n)
    return _("merchant level +{n}").format(n=n)


def _item(item: str) -> str:
    return _("an igloo") if item == "igloo" else item


def outcome(o: StoneAgeOutcome) -> str:
    """What a location gave one seat: "G03, a tool (paid 1 stone)", "13 food, 1 jewel", "nothing"."""
    parts = [_item(i) for i in o.get("bought", [])]
    unseen = o.get("unseen", 0)
    if unseen:
        parts.append(ngettext("{n} card face down", "{n} cards face down", unseen).format(n=unseen))
    parts += [_got(key, n) for key, n in o.get("got", {}).items()]
    text = _(", ").join(parts) if parts else _("nothing")
    paid = o.get("paid", {})
    if paid:
        cost = " ".join(_amount(good, n) for good, n in paid.items())
        text = _("{got} (paid {cost})").format(got=text, cost=cost)
    return text


def spots(view: StoneAgeView, order: list[str]) -> list[Spot]:
    """The locations that had people in the round just played, in ``order`` (the board's)."""
    played = view["played"]
    people, gave = played.get("people", {}), played.get("gave", {})
    return [(name, [(seat, n, outcome(gave.get(name, {}).get(seat, {}))) for seat, n in people[name].items()])
            for name in sorted(people, key=lambda n: order.index(n) if n in order else len(order))]


def heading(view: StoneAgeView) -> str:
    return _("Round {round} as played (who stood where, and what it gave):").format(round=view["played"]["round"])


def seat_line(seat: str, n: int, text: str) -> str:
    """"red 5: 12 food, 1 jewel": a seat, its people at the location, and what they got."""
    return _("{seat} {n}: {got}").format(seat=seat, n=n, got=text)


def text_lines(view: StoneAgeView, order: list[str], title: Any) -> list[str]:
    """One line a seat at each location: "  hunting grounds    red 5: 13 food, 1 jewel"; a
    location's name too long for its column gets a line of its own."""
    lines = [heading(view)]
    for name, seats in spots(view, order):
        lead = title(name)
        if len(lead) > NAME_WIDTH:
            lines.append(f"  {lead}")
            lead = ""
        for seat, n, text in seats:
            lines += wrapped(f"{lead:<{NAME_WIDTH}} {seat_line(seat, n, text)}", WIDTH, "  ", " " * (NAME_WIDTH + 5))
            lead = ""
    return lines
