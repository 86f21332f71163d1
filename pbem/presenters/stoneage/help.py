"""HELP for Stone Age: each order with an example that fits the seat now (the
locations still open to it, the cards and buildings on offer, its own goods
and tools), the seat's kept orders, and where the order language is written.

Every example is an order line as a player would send it, then a ``#``
comment (which the parser skips) giving the order's form or what it does.
The GM and the public get the same examples for a seat that has placed
nobody yet.
"""
from __future__ import annotations

from typing import Any, Mapping

from engine.stoneage import texts
from engine.stoneage.buildings import ANY_TILE
from engine.stoneage.cards import CARDS, Effect
from engine.stoneage.locations import (
    LOCATIONS,
    VILLAGE,
    Kind,
    exists,
    players_per_gathering,
    village_spaces,
)
from engine.stoneage.view import StoneAgeView
from pbem import i18n
from pbem.i18n import N_, _
from pbem.play.orderwords import example, notation, shown
from pbem.reports.render import spoken

WIDTH = 72
RESOURCES = ("wood", "clay", "stone", "gold")
_START = {"people": 5, "free": 5, "placed": {}, "tools": [0, 0, 0], "tools_used": [False] * 3,
          "one_use": [], **{g: 0 for g in RESOURCES}}


def _described(message: Any, text: str) -> str:
    """A card's or tile's description: the view's text in English, else the message translated."""
    return text if i18n.current() == i18n.DEFAULT and text else spoken(message)


def _line(order: str, why: str) -> str:
    """One example, in the reader's order words, its comment from column 28."""
    return example("stoneage", order, why, 28)


def open_to(view: StoneAgeView, board: Mapping[str, Any], n: int, name: str) -> bool:
    """May a seat with ``board`` put ``n`` people on ``name`` now? (placement.why_not on the view)"""
    players, loc = len(view["players"]), LOCATIONS[name]
    trade = bool(view["options"].get("merchant"))
    on = view["locations"].get(name, {})
    if not exists(name, players, trade) or name in board["placed"] or n > board["free"] or n < 1:
        return False
    if loc.exact and n != loc.exact:
        return False
    if loc.kind is Kind.GATHER:
        limit = players_per_gathering(players)
        if limit is not None and name != "hunt" and len(on) >= limit:
            return False
        return loc.spaces is None or n <= loc.spaces - sum(on.values())
    if on:
        return False
    if loc.kind is Kind.VILLAGE:
        return sum(1 for v in VILLAGE if view["locations"].get(v)) < village_spaces(players, trade)
    if loc.kind is Kind.JEWEL:
        return bool(view["jewel_card"]["card"])
    if loc.kind is Kind.CARD:
        return bool(view["civ_slots"][loc.number - 1]["card"])
    return bool(view["buildings"][loc.number - 1]["top"])


def _place(view: StoneAgeView, board: Mapping[str, Any]) -> list[str]:
    """PLACE lines: a gathering pair, a village space, a card or a building, each open now."""
    lines = []
    n = min(board["free"], 3)
    gather = [g for g in ("forest", "clay", "quarry", "river", "hunt") if open_to(view, board, n, g)]
    if len(gather) >= 2:
        lines.append(_line(f"PLACE {n} {gather[0]} OR {n} {gather[1]}", _("PLACE <n> <location> [OR ...]")))
    elif gather:
        lines.append(_line(f"PLACE {n} {gather[0]}", _("PLACE <n> <location> [OR ...]")))
    village = [v for v in VILLAGE if open_to(view, board, LOCATIONS[v].exact, v)]
    for v in village[:2]:
        gives = {"toolmaker": N_("a tool (exactly {n})"), "hut": N_("a person more (exactly {n})"),
                 "field": N_("agriculture +1 (exactly {n})"),
                 "merchant": N_("merchant level +2, 2 jewels (exactly {n})")}[v]
        lines.append(_line(f"PLACE {LOCATIONS[v].exact} {v}", _(gives).format(n=LOCATIONS[v].exact)))
    slot = next((s["slot"] for s in view["civ_slots"] if open_to(view, board, 1, s["slot"])), "")
    if slot:
        lines.append(_line(f"PLACE 1 {slot}", _("then BUY it (below)")))
    stack = next((b["stack"] for b in view["buildings"] if open_to(view, board, 1, b["stack"])), "")
    if stack:
        lines.append(_line(f"PLACE 1 {stack}", _("then BUY it (below)")))
    return lines


def _pay(board: Mapping[str, Any], cost: int) -> str:
    """`` PAY ...`` of ``cost`` resources the seat has, cheapest first, or '' (the default pays)."""
    left, paid = cost, []
    for g in RESOURCES:
        take = min(board[g], left)
        if take:
            paid.append(f"{take} {g}")
            left -= take
    return " PAY " + " ".join(paid) if paid and not left else ""


def _buy(view: StoneAgeView, board: Mapping[str, Any]) -> list[str]:
    """A BUY line for a card slot and one for a building stack on offer, the seat's own first."""
    lines = []
    slots = sorted((s for s in view["civ_slots"] if s["card"]), key=lambda s: s["slot"] not in board["placed"])
    if slots:
        s = slots[0]
        number = LOCATIONS[s["slot"]].number
        lines.append(_line(f"BUY {s['slot']}{_pay(board, number)}", _described(texts.card(s["card"]), s["text"])))
    stacks = sorted((b for b in view["buildings"] if b["top"]), key=lambda b: b["stack"] not in board["placed"])
    if stacks:
        b = stacks[0]
        tile = ANY_TILE[b["top"]]
        pay = " PAY " + " ".join(f"{tile.cost.count(g)} {g.value}" for g in dict.fromkeys(tile.cost)) \
            if tile.fixed else ""
        lines.append(_line(f"BUY {b['stack']}{pay}", _described(texts.building(b["top"]), b["text"])))
    return lines


def _tools(board: Mapping[str, Any]) -> list[str]:
    lines = [_line("TOOLS AUTO", _("the fewest tools that make a roll count"))]
    values = sorted([v for v, used in zip(board["tools"], board["tools_used"]) if v and not used]
                    + list(board["one_use"]), reverse=True)[:2]
    if values:
        lines.append(_line("TOOLS forest " + " ".join(map(str, values)), _("these tools on the forest roll")))
    return lines


def _cards(view: StoneAgeView) -> list[str]:
    """TAKE and PICK when a card that asks for them is on offer."""
    lines = []
    offer = {CARDS[s["card"]].top.effect: s["slot"] for s in view["civ_slots"] if s["card"]}
    if Effect.ANY2 in offer:
        lines.append(_line("TAKE stone gold", _("the two resources of {slot}'s card").format(
            slot=notation("stoneage", offer[Effect.ANY2]))))
    if Effect.DICE_ALL in offer:
        lines.append(_line("PICK gold tool field", _("your rewards of {slot}'s dice").format(
            slot=notation("stoneage", offer[Effect.DICE_ALL]))))
    if not lines:
        lines.append("  " + _("(TAKE and PICK: for cards not on offer now; see the docs)"))
    return lines


def _herd(view: StoneAgeView, board: Mapping[str, Any]) -> list[str]:
    herd = view.get("herd")
    if herd is None:
        return []
    if not herd["at"]:
        return ["  " + _("(HERD: the Mammoth Herd has left the board)")]
    n = min(board["people"], 2)
    return [_line(f"HERD {n}", _("move up to {n} to the tile (1 food each)").format(n=n)),
            _line("HERD BONUS ALL", _("if you tame: the tile's 'all' reward"))]


def _variants(view: StoneAgeView) -> list[str]:
    """The variants' orders, in games with them."""
    stack = next((b["stack"] for b in view["buildings"] if b["top"]), "")
    lines = []
    if stack and view.get("igloos_left"):
        lines.append(_line(f"BUY {stack} IGLOO PAY 3 wood", _("an igloo instead of the tile: 9 points")))
    if view["options"].get("harsh_winter"):
        if stack:
            lines.append(_line(f"BUY {stack} EXTRA", _("and an extra stone: 5 points more (B01-B13)")))
        lines.append(_line("BUY EXTRA AUTO", _("the extra stone or gold on every purchase")))
    lines += _merchant(view, stack)
    for animal in view.get("animals", [])[:1]:
        lines.append(_line(f"PLACE 1 {animal['name']}", _(
            "against the {title}: {n} people drive it off, a die each for a reward").format(
            title=spoken(texts.animal_title(animal["title"])), n=animal["needed"])))
    return lines


def _merchant(view: StoneAgeView, stack: str) -> list[str]:
    """The merchant's orders (option merchant)."""
    if not view["options"].get("merchant"):
        return []
    lines = []
    if view["jewel_card"]["card"]:
        lines.append(_line("BUY jewelcard", _("3 jewels: {card}").format(
            card=_described(texts.card(view["jewel_card"]["card"]), view["jewel_card"]["text"]))))
        lines.append(_line("BUY jewelcard TOP", _("and 3 more: the deck's top card face down")))
    if stack:
        lines.append(_line(f"BUY {stack} TRADE 1 wood FOR 1 clay", _("once a round, before paying")))
    lines.append(_line("HUNT JEWELS 1", _("a jewel instead of a food from the hunt")))
    return lines


def examples(view: StoneAgeView, board: Mapping[str, Any]) -> list[str]:
    """Every order, with an example that fits ``board`` (a seat's, or a fresh one) now."""
    lines = _place(view, board) if view["stage"] == "placement" and board["free"] else []
    first = sorted(board["placed"]) or ["toolmaker", "forest"]
    lines.append(_line("USE " + " ".join(first[:2]), _("resolve these first, in this order")))
    lines += _tools(board) + _buy(view, board) + _cards(view)
    have = [g for g in RESOURCES if board[g]] or ["wood", "clay"]
    lines += [_line("FEED " + " ".join(have[:2]), _("when food is short: these, in order")),
              _line("FEED PENALTY", _("or lose 10 points and keep resources"))]
    return lines + _herd(view, board) + _variants(view)


def help_lines(view: StoneAgeView) -> list[str]:
    """The orders that fit now with an example each, and the kept plan (HELP attaches the
    documents: pbem.commands.help.documents)."""
    if view["over"]:
        return []
    me = view.get("me")
    if me in view["boards"]:
        lines = [_("Your orders now (one a line; # starts a comment):")]
        lines += examples(view, view["boards"][me])
    else:
        lines = [_("Stone Age orders (examples for a seat that has placed"), _("nobody yet):")]
        lines += examples(view, {**_START, "free": 5 if view["stage"] == "placement" else 0})
    if view.get("plan"):
        lines.append(_("Your kept orders:"))
        lines += [f"  {shown('stoneage', line)}" for line in view["plan"]]
    return lines
