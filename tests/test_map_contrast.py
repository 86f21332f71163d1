"""Every label on every game's map reads against what it is drawn on: WCAG's 4.5:1 for text,
measured on the SVG each report and the archive carry (the PNG is drawn from it), for maps of
positions well into a game (with the Valley's fires and floods, where labels sit on orange and
blue). Where a label sits is found as a browser would: the last shape drawn under its anchor."""
from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from typing import Callable

import pytest

from archive_pages import contrast
from engine import get_ruleset
from pbem.presenters import get_presenter
from sheet_games import bots_play

Inside = Callable[[float, float], bool]


def _shape(tag: str, el: ET.Element) -> Inside | None:
    f = lambda name: float(el.get(name, "0"))  # noqa: E731
    if tag == "rect":
        x, y, w, h = f("x"), f("y"), f("width"), f("height")
        return lambda px, py: x <= px <= x + w and y <= py <= y + h
    if tag == "circle":
        cx, cy, r = f("cx"), f("cy"), f("r")
        return lambda px, py: (px - cx) ** 2 + (py - cy) ** 2 <= r * r
    if tag == "polygon":
        pts = [tuple(map(float, p.split(","))) for p in el.get("points", "").split()]

        def inside(px: float, py: float) -> bool:
            hit = False
            for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1]):
                if (y1 > py) != (y2 > py) and px < x1 + (py - y1) * (x2 - x1) / (y2 - y1):
                    hit = not hit
            return hit
        return inside
    return None


def labels(svg: str) -> list[tuple[str, str, str]]:
    """(text, its colour, the colour under its middle) for every label of the map."""
    shapes: list[tuple[Inside, str]] = []
    found = []
    for el in ET.fromstring(svg).iter():
        tag = el.tag.rsplit("}", 1)[-1]
        fill = el.get("fill", "")
        inside = _shape(tag, el)
        if inside and fill.startswith("#") and el.get("fill-opacity") in (None, "1"):
            shapes.append((inside, fill))
        if tag == "text":
            size = float(el.get("font-size", "10"))
            x, y = float(el.get("x", "0")), float(el.get("y", "0")) - size * 0.35
            under = next((colour for inside, colour in reversed(shapes) if inside(x, y)), "#ffffff")
            found.append(("".join(el.itertext()), el.get("fill", "#000000"), under))
    return found


# game -> (seats, steps played by the bots, seed): positions well into each game
PLAYED = {"valley": (4, 8, 5), "stoneage": (4, 3, 7), "dewan": (4, 14, 9)}


def played_view(game: str, seat: str | None = None) -> dict:
    """The view of ``seat`` (None: the public one) after the bots played the steps of PLAYED."""
    players, steps, seed = PLAYED[game]
    ruleset = get_ruleset(game)
    state = ruleset.new_game(["red", "blue", "green", "white"][:players], {}, seed)
    state = bots_play(ruleset, state, steps, random.Random(seed), f"contrast-{seed}-")
    return ruleset.view(state, seat)


def _valley_with_fire_and_flood() -> dict:
    view = played_view("valley")
    land = [s for s in view["spaces"] if s["terrain"] != "L"]
    for space, mark in zip(land, ("wildfire", "flooded", "lava")):
        space[mark] = True
        space.setdefault("tribes", {})["red"] = [2, 1]
        space.setdefault("animals", {})["bear"] = [1]
    return view


MAPS = {"valley": _valley_with_fire_and_flood, "stoneage": lambda: played_view("stoneage"),
        "dewan": lambda: played_view("dewan")}


@pytest.mark.parametrize("game", sorted(MAPS))
def test_every_label_on_the_map_has_4_5_to_1(game: str) -> None:
    svg = get_presenter(game).maps(MAPS[game]()).svg
    found = labels(svg)
    assert len(found) > 10, found
    faint = [(text, colour, under, round(contrast(colour, under), 2)) for text, colour, under in found
             if contrast(colour, under) < 4.5]
    assert not faint, faint
