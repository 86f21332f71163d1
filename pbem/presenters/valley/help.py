"""HELP for Valley of the Mammoths: each order that makes sense now, with an
example taken from the seat's own position (its spaces, their neighbours,
its cards), then where the whole order language is written down.

Everything here works from the view (the public board and the seat's own
hand), so the GM and the public get examples that fit the board only.
Every example line is an order line as a player would send it: the order,
then a ``#`` comment, which the parser skips.
"""
from __future__ import annotations

import textwrap

from engine import hexgrid
from engine.valley.fatecards import FATE
from engine.valley.view import ValleyTribe, ValleyView
from pbem import i18n
from pbem.i18n import N_, _
from pbem.play.orderwords import example, shown
from pbem.presenters.valley.asciimap import people
from pbem.presenters.valley.report import card_line

WIDTH = 72
_OTHER = {"warriors": "females", "females": "warriors", "occupy": "burn", "burn": "occupy"}
_STANDING = {"losses": N_("who falls first to animals"), "conquer": N_("an enemy camp you take"),
             "starve": N_("who goes hungry first")}


class _Map:
    """The board of the view: terrain, what is on each space, rivers, lasting events."""

    def __init__(self, view: ValleyView, me: str | None) -> None:
        self.me = me
        self.names = [s["name"] for s in view["spaces"]]
        self.terrain = {s["name"]: s["terrain"] for s in view["spaces"]}
        self.on = {s["name"]: s for s in view["spaces"]}
        self.lasting = {c["id"] for c in view.get("lasting", [])}
        frozen = "frozen_rivers" in self.lasting
        self.all_rivers = {frozenset(r.split("|")) for r in view["rivers"]}
        self.rivers = set() if frozen and me else self.all_rivers

    def kind(self, name: str) -> str:
        return "M" if self.terrain[name] == "V" else self.terrain[name]

    def adjacent(self, name: str) -> list[str]:
        return [n for d in range(6) if (n := hexgrid.step(name, d)) in self.terrain]

    def on_edge(self, name: str) -> bool:
        return any(hexgrid.step(name, d) not in self.terrain for d in range(6))

    def mine(self, name: str) -> tuple[int, int]:
        w, f = self.on[name].get("tribes", {}).get(self.me, (0, 0))
        return w, f

    def others(self, name: str) -> int:
        """Animals and other tribes' tokens on ``name``."""
        sp = self.on[name]
        animals = sum(len(v) for v in sp.get("animals", {}).values())
        return animals + sum(w + f for p, (w, f) in sp.get("tribes", {}).items() if p != self.me)

    def animals(self, name: str) -> int:
        return sum(len(v) for v in self.on[name].get("animals", {}).values())

    def open(self, name: str) -> bool:
        """Land that neither burns nor floods this turn."""
        sp = self.on[name]
        return self.kind(name) != "L" and not sp.get("wildfire") and not sp.get("flooded")

    def step_ok(self, a: str, b: str, rivers: bool = False) -> bool:
        return self.open(b) and (rivers or frozenset((a, b)) not in self.rivers)

    def paths(self, start: str, steps: int, rivers: bool = False) -> list[list[str]]:
        """Every path from ``start`` of 1 to ``steps`` steps the parser takes, going only
        through spaces where nobody would stop the group: those that end on an empty space
        first, the longest first."""
        if "snowed_in" in self.lasting:
            steps = 1
        found: list[list[str]] = []
        todo = [[start]]
        while todo:
            path = todo.pop(0)
            for n in self.adjacent(path[-1]):
                if n in path or not self.step_ok(path[-1], n, rivers):
                    continue
                found.append(path + [n])
                if len(path) < steps and self.kind(n) != "M" and not self.others(n):
                    todo.append(path + [n])
        return sorted(found, key=lambda p: (self.others(p[-1]) > 0, -len(p)))

    def flames(self, name: str) -> bool:
        return bool(self.on[name].get("lava")) or any(self.on[n].get("wildfire") for n in self.adjacent(name))


def _line(order: str, why: str) -> str:
    """One example, in the reader's order words, its comment from column 26."""
    return example("valley", order, why, 26)


def _group(m: _Map, name: str, most: int) -> tuple[int, int]:
    """Warriors and females of the seat on ``name`` that may leave (enough stay with the animals
    and enemies): (0, 0) when none may."""
    w, f = m.mine(name)
    spare = w + f - m.others(name)
    if spare >= 2 and w and f and most >= 2:
        return 1, 1
    if spare >= 1:
        return (1, 0) if w else (0, 1)
    return 0, 0


def _move(m: _Map, mine: list[str], steps: int = 2,
          rivers: bool = False) -> tuple[tuple[int, int], list[str]] | None:
    """The longest path a group of the seat may take, and the group."""
    best: tuple[tuple[int, int], list[str]] | None = None
    for name in mine:
        group = _group(m, name, 2)
        paths = m.paths(name, steps, rivers) if any(group) else []
        if paths and (best is None or _rank(m, paths[0]) < _rank(m, best[1])):
            best = (group, paths[0])
    return best


def _rank(m: _Map, path: list[str]) -> tuple[bool, int]:
    return m.others(path[-1]) > 0, -len(path)


def _play(m: _Map, view: ValleyView, card_id: str, mine: list[str], camps: list[str]) -> str:
    """A PLAY line for one card of the hand with arguments that fit now, or ''."""
    card = FATE.get(card_id)
    if card is None or (card.fire_rules and not view["options"].get("fire")):
        return ""
    if card_id in ("forced_march", "raft"):
        found = _move(m, mine, 3 if card_id == "forced_march" else 2, rivers=card_id == "raft")
        if found is None:
            return ""
        return _line(f"PLAY {card_id} {people(*found[0], lang=i18n.DEFAULT)} {'-'.join(found[1])}",
                     _("{card}: a move").format(card=_(card.name)))
    if not card.args:
        return _line(f"PLAY {card_id}", _(card.name))
    if card_id == "lure":
        for name in m.names:
            if m.animals(name):
                for d, direction in enumerate(hexgrid.DIRECTIONS):
                    if hexgrid.step(name, d) in m.terrain:
                        return _line(f"PLAY lure {name} {direction}", _("animals on {space} go {direction}").format(space=name, direction=direction))
        return ""
    if card_id in ("palisade", "fertility"):
        where = camps
    elif card_id == "early_seed":
        where = [c for c in camps if m.terrain[c] == "P" and not m.on[c].get("crop")]
    elif card_id == "spear":
        where = [n for n in mine if m.animals(n)] + mine
    else:
        where = [n for n in mine if m.others(n)] + mine
    return _line(f"PLAY {card_id} {where[0]}", _("{card} on {space}").format(card=_(card.name), space=where[0])) if where else ""


def _fate_block(hand: list[str]) -> list[str]:
    """The seat's fate cards, each with its whole text, wrapped to the width."""
    out = [_("Your fate cards (PLAY <card> <arguments> on your order sheet):")]
    for c in hand:
        out += textwrap.wrap(card_line(c), WIDTH, initial_indent="  ", subsequent_indent="    ",
                             break_long_words=False, break_on_hyphens=False)
    return out


def _setup(m: _Map) -> list[str]:
    """PLACE (and PLANT with it): open start spaces, plains first."""
    starts = [n for n in m.names if m.kind(n) in ("P", "F") and not m.on[n].get("tribes")
              and not m.on[n].get("camp") and not m.animals(n)
              and not any(m.on[a].get("camp") for a in m.adjacent(n))]
    starts.sort(key=lambda n: (m.terrain[n] != "P", n not in _fishing(m), hexgrid.sort_key(n)))
    if not starts:
        return []
    lines = [_line("PLACE " + " ".join(starts[:3]), _("start spaces, best first"))]
    if m.terrain[starts[0]] == "P":
        lines.append(_line(f"PLANT {starts[0]}", _("with that PLACE: a crop if you start on {space}").format(space=starts[0])))
    return lines


def _fishing(m: _Map) -> set[str]:
    return {n for n in m.names if m.kind(n) != "L"
            and any(m.kind(a) == "L" or frozenset((n, a)) in m.all_rivers for a in m.adjacent(n))}


def _turn(m: _Map, view: ValleyView, tribe: ValleyTribe) -> list[str]:
    """The orders of a turn, each from the seat's own spaces."""
    mine = [n for n in m.names if sum(m.mine(n))]
    camps = list(tribe["camps"])
    lines: list[str] = []
    found = _move(m, mine)
    if found:
        (w, f), path = found
        why = (_("{tokens} from {start} to {end} (a fight there)") if m.others(path[-1]) else
               _("{tokens} from {start} to {end}"))
        lines.append(_line(f"MOVE {people(w, f, lang=i18n.DEFAULT)} {'-'.join(path)}",
                           why.format(tokens=people(w, f), start=path[0], end=path[-1])))
    spot = next((n for n in mine if all(m.mine(n)) and not m.on[n].get("camp") and not m.others(n)), None)
    if spot and len(camps) < 5:
        lines.append(_line(f"CAMP {spot}", _("a warrior and a female stay and camp")))
    if view["options"].get("fire") and not tribe["fire"]:
        fire = next((n for n in mine if not m.others(n) and (m.terrain[n] == "V" or m.flames(n))), None)
        if fire and camps:
            lines.append(_line(f"FIRE {fire}", _("take fire with your token there")))
        else:
            lines.append("  " + _("(FIRE <space>: you need a camp and a token on a volcano, by a"))
            lines.append("  " + _("wildfire or on lava; none of yours is there now)"))
    if view.get("planting_turn"):
        plant = [c for c in camps if m.terrain[c] == "P" and not m.on[c].get("crop")]
        if plant:
            lines.append(_line(f"PLANT {plant[0]}", _("end of winter: a crop for 1 food")))
    fights = [n for n in mine if m.others(n)] + [n for n in mine if not m.others(n)]
    if fights:
        lines.append(_line("COMBAT " + " ".join(fights[:2]), _("the order of your fights")))
    standing = tribe.get("standing") or {}
    for key, why in _STANDING.items():
        now = standing.get(key, "warriors" if key != "conquer" else "occupy")
        lines.append(_line(f"{key.upper()} {_OTHER[now].upper()}", _("{why} (now {now})").format(why=_(why), now=now.upper())))
    for card_id in dict.fromkeys(tribe.get("hand") or []):
        if play := _play(m, view, card_id, mine, camps):
            lines.append(play)
    return lines


def _generic(m: _Map, view: ValleyView) -> list[str]:
    """Examples that fit the board, for the GM and the public."""
    for start in m.names:
        if m.terrain[start] != "P":
            continue
        paths = [p for p in m.paths(start, 2) if len(p) == 3]
        if paths:
            break
    else:
        return []
    path = paths[0]
    lines = [_line(f"PLACE {start} {path[1]}", _("setup: start spaces, best first")),
             _line(f"PLANT {start}", _("setup, with PLACE {space}: a crop there").format(space=start)),
             _line(f"MOVE 2W 1F {'-'.join(path)}", _("tokens and a path of 1 or 2 steps")),
             _line(f"CAMP {start}", _("a warrior and a female stay and camp"))]
    volcano = next((n for n in m.names if m.terrain[n] == "V"), None)
    if view["options"].get("fire") and volcano:
        lines.append(_line(f"FIRE {volcano}", _("with a token that stays on the volcano")))
    lines += [_line(f"PLANT {start}", _("end of winter: a crop on your village")),
              _line(f"COMBAT {start} {path[1]}", _("the order of your fights")),
              _line("LOSSES FEMALES", _("standing: who falls first to animals")),
              _line("CONQUER BURN", _("standing: an enemy camp you take")),
              _line("STARVE FEMALES", _("standing: who goes hungry first")),
              _line(f"PLAY spear {start}", _("a fate card, then its arguments"))]
    return lines


def help_lines(view: ValleyView) -> list[str]:
    """The orders the seat may give now with an example each, its fate cards
    (whole text), and where the order language is described."""
    me = view.get("me")
    tribe = view["tribes"].get(me) if me else None
    m = _Map(view, me if tribe else None)
    lines: list[str] = []
    if tribe is None:
        if view["stage"] != "over":
            lines = [_("Valley orders (examples on this board; a seat's own HELP"),
                     _("uses its position):")] + _generic(m, view)
    elif view["stage"] == "setup":
        lines = [_("Your orders for the setup (one a line; # starts a comment):")] + _setup(m)
        later = " ".join(shown("valley", w) for w in ["MOVE", "CAMP", *(["FIRE"] if view["options"].get("fire") else []),
                                                       "COMBAT", "LOSSES"])
        lines += ["  " + _("From turn 1: {orders} CONQUER STARVE PLAY,").format(orders=later),
                  "  " + _("and PLANT at the end of winter.")]
    elif tribe["out"] and view["stage"] != "over":
        lines = [_("Your tribe is out of the game: it gives no more orders.")]
    elif view["stage"] != "over":
        lines = [_("Your orders for this turn (one a line; # starts a comment):")]
        lines += _turn(m, view, tribe)
        if view["year"] == 1 and not tribe.get("came_back"):
            edge = [n for n in m.names if m.on_edge(n) and m.kind(n) != "L"][:2]
            lines += ["  " + _("(In the first year, PLACE {spaces} ... ranks the edge spaces").format(
                spaces=" ".join(edge)), "  " + _("a wiped-out tribe comes back on, once.)")]
    hand = tribe["hand"] if tribe and tribe.get("hand") else []
    if hand:
        lines += _fate_block(hand)
    return lines
