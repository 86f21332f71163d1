"""The Stone Age report of a step: the players' boards, the village, the
card slots and building stacks, what happened, and what is asked of the seat."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.contract import Event
from pbem.presenters import Maps, Report
from pbem.presenters.stoneage import village
from pbem.presenters.stoneage.words import board_texts, when
from pbem.reports.render import render, wrap
from pbem.reports.render import visible as grouped

PHASE_TITLES = {
    "plan": "Your orders", "placement": "1. Placement", "actions": "2. Actions",
    "herd": "3. The Mammoth Herd", "feeding": "4. Feeding", "round": "5. End of the round",
    "end": "The end of the game",
}


def visible(events: Iterable[Event | dict], seat: str | None) -> list[tuple[str, list[str]]]:
    """Events this seat may read, under the phase titles of a round."""
    return grouped(events, seat, PHASE_TITLES)


def draw_maps(view: dict[str, Any]) -> Maps:
    return Maps(village.text_lines(view), village.svg(view))


def _wrapped(texts: list[str], indent: str = "  ") -> list[str]:
    return [line for text in texts for line in wrap(text, indent)]


def _offer(view: dict[str, Any]) -> tuple[list[str], list[str]]:
    """The card slots with their costs and the building stacks' tops, as texts."""
    cards = [f"{s['slot']} (cost {i}): {s['text'] or 'empty'}" for i, s in enumerate(view["civ_slots"], 1)]
    jewel = view.get("jewel_card")
    if jewel is not None:
        cards.append(f"jewelcard (3 jewels, TOP 3 more for the deck's top card face down): "
                     f"{jewel['text'] or 'empty'}")
    cards.append(f"{view['civ_deck']} cards left in the deck")
    tops = [f"{b['stack']} ({b['left']} left): {b['text'] or 'empty'}" for b in view["buildings"]]
    return cards, tops


def _herd(view: dict[str, Any]) -> list[str]:
    """The Mammoth Herd, in a game with it: where it stands, its face-up tile, what is left."""
    herd = view.get("herd")
    if not herd:
        return []
    if not herd.get("at"):
        return ["The herd is all tamed and gone."]
    tile = herd.get("text") or herd.get("tile", "")
    head = f"The herd stands on {herd['at']}: {tile}; {herd.get('left', 0)} tiles left"
    texts = [head + (f", the next goes to {herd['next_at']}" if herd.get("next_at") else "")]
    on_tile = ", ".join(f"{p} {n}" for p, n in (herd.get("on_tile") or {}).items())
    if on_tile:
        texts.append(f"On the tile: {on_tile}")
    won = ", ".join(f"{p} {len(v)}" for p, v in (herd.get("won") or {}).items() if v)
    if won:
        texts.append(f"Tiles won: {won}")
    return texts


def _variants(view: dict[str, Any]) -> list[str]:
    """The variants in play, the igloos left in the supply, the wild animals in play."""
    texts = []
    if "igloos_left" in view:
        texts.append(f"Igloos: {view['igloos_left']} left in the supply (3 resources of one kind on a "
                     "building space: BUY buildingN IGLOO PAY 3 wood)")
    if view["options"].get("harsh_winter"):
        texts.append("Harsh winter: an extra stone on a fixed-cost building (B01-B13) scores 5, an extra "
                     "gold on a card scores 6 (BUY ... EXTRA, or BUY EXTRA AUTO)")
    if view["options"].get("new_huts"):
        texts.append("New huts: N01-N06 are among the building tiles; each scores less than it costs and "
                     "gives a wood, clay or stone at every round's end, or a person, a tool or agriculture "
                     "once (counted by hut builders)")
    if view["options"].get("merchant"):
        texts.append("Merchant: 2 people there give merchant level +2 and 2 jewels; once a round a BUY line "
                     "may trade as many goods as the level allows, 2 at most (BUY building1 TRADE 1 wood FOR "
                     "1 clay), which the purchase must spend; HUNT JEWELS n takes jewels from the hunt; "
                     "jewels are no resource and score nothing")
    return texts + animal_texts(view)


def animal_texts(view: dict[str, Any]) -> list[str]:
    """The wild animals in play (games with them): each one's penalty, who stands against it,
    and its rewards; the total every roll for goods loses."""
    if "animals" not in view:
        return []
    if not view["animals"]:
        return ["Wild animals: none in play"]
    texts = [f"Wild animals: every roll for goods loses {sum(a['penalty'] for a in view['animals'])}"]
    for a in view["animals"]:
        on = sum(a["on"].values())
        who = ", ".join(f"{p} {n}" for p, n in a["on"].items())
        texts.append(f"The {a['title']} ({a['id']}, PLACE n {a['name']}): -{a['penalty']} on every roll; "
                     f"{on} of the {a['needed']} people it takes" + (f" ({who})" if who else "")
                     + "; a die each: " + ", ".join(f"{i}: {r}" for i, r in enumerate(a["rewards"], 1)))
    return texts


def _boards(view: dict[str, Any], seat: str | None) -> list[tuple[str, list[str], list[str]]]:
    """(seat, the board's texts, their wrapped lines): the seat's own board first."""
    order = [seat] + [p for p in view["players"] if p != seat] if seat in view["players"] else view["players"]
    out = []
    for p in order:
        texts = board_texts(view, p, p == seat)
        out.append((p, texts, wrap(texts[0], "  ") + _wrapped(texts[1:], "      ")))
    return out


def _context(game: str, turn_no: int, seat: str | None, view: dict[str, Any],
             events: Iterable[Event | dict], maps: tuple[list[str], str] | None) -> dict[str, Any]:
    village_lines, svg = maps or draw_maps(view)
    groups = visible(events, seat)
    cards, tops = _offer(view)
    prompt = view.get("prompt", "") if seat else ""
    if prompt and view["options"].get("placement") != "live":
        prompt += (". Add READY to the same mail and the round runs as soon as every plan is in; "
                   "without it, at the deadline.")
    return {
        "game": game, "turn_no": turn_no, "seat": seat, "view": view, "when": when(view), "svg": svg,
        "village_lines": village_lines, "groups": groups, "boards": _boards(view, seat),
        "herd": _herd(view), "herd_lines": _wrapped(_herd(view)),
        "variants": _variants(view), "variant_lines": _wrapped(_variants(view)),
        "cards": cards, "tops": tops, "card_lines": _wrapped(cards), "top_lines": _wrapped(tops),
        "wrapped_groups": [(t, _wrapped(texts)) for t, texts in groups],
        "prompt": prompt, "prompt_lines": _wrapped([prompt]) if prompt else [],
        "plan": (view.get("plan") or []) if seat else [],
        "plan_lines": _wrapped((view.get("plan") or []) if seat else []),
        "village": [(village.title(view, n), village.who(view, n)) for n in village.places(view)],
    }


def report(*, game: str, turn_no: int, seat: str | None, view: dict[str, Any],
           events: Iterable[Event | dict], deadline: str, address: str,
           missed: dict[str, int] | None = None,
           maps: tuple[list[str], str] | None = None) -> Report:
    """(subject, text, html) of one seat's report (or the public one, ``seat`` None).
    ``maps`` may be given when the village was drawn once for every seat: it is public."""
    context = _context(game, turn_no, seat, view, events, maps)
    context.update(deadline=deadline, address=address, missed=missed or {})
    subject = f"[{game}] step {turn_no} report" + (f" for {seat}" if seat else "")
    if view["over"]:
        subject = f"[{game}] the game is over"
    return Report(subject, render("reports/stoneage/report.txt", **context),
                  render("reports/stoneage/report.html", **context))
