"""The Stone Age report of a step: the players' boards, the village, the
card slots and building stacks, what happened, and what is asked of the seat."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.contract import Event
from engine.stoneage import RULESET
from engine.stoneage import texts as words
from pbem.i18n import N_, _, ngettext
from pbem.presenters import Maps, Report, by_phase
from pbem import i18n
from pbem.play.orderwords import notation, shown
from pbem.presenters.stoneage import village
from engine.messages import Join, Msg
from engine.stoneage.animaldata import ANIMALS
from engine.stoneage.herd import TILES as HERD_TILES
from engine.stoneage.view import StoneAgeView
from pbem.presenters.stoneage.words import board_texts, when
from pbem.reports.render import Part, event_log, fitted, once, part, render, seat_tables, spoken, wrap_each
from pbem.reports.render import visible as grouped

PHASE_TITLES = {
    "plan": N_("Your orders"), "placement": N_("1. Placement"), "actions": N_("2. Actions"),
    "herd": N_("3. The Mammoth Herd"), "feeding": N_("4. Feeding"), "round": N_("5. End of the round"),
    "end": N_("The end of the game"),
}


def visible(events: Iterable[Event | dict], seat: str | None) -> list[tuple[str, list[str]]]:
    """Events this seat may read, under the phase titles of a round."""
    return grouped(events, seat, {phase: _(title) for phase, title in PHASE_TITLES.items()})


def draw_maps(view: StoneAgeView) -> Maps:
    return Maps(village.text_lines(view), village.svg(view, _offer_boxes(view)))


def _offer_boxes(view: StoneAgeView) -> list[tuple[str, str]]:
    """The next round's offer as the picture's boxes: (the slot or stack and its price, what lies there)."""
    boxes = [(_("{slot}, cost {cost}").format(slot=notation("stoneage", s["slot"]), cost=i),
              card_text(s["card"], s["text"])) for i, s in enumerate(view["civ_slots"], 1)]
    jewel = view.get("jewel_card")
    if jewel is not None:
        boxes.append((_("jewel slot, 3 jewels"), card_text(jewel["card"], jewel["text"])))
    return boxes + [(_("{stack}, {left} left").format(stack=notation("stoneage", b["stack"]), left=b["left"]),
                     tile_text(b["top"], b["text"])) for b in view["buildings"]]


def _offer(view: StoneAgeView) -> tuple[list[str], list[str]]:
    """The card slots with their costs and the building stacks' tops, as texts."""
    cards = [_("{slot} (cost {cost}): {card}").format(slot=notation("stoneage", s["slot"]), cost=i,
                                                     card=card_text(s["card"], s["text"]))
             for i, s in enumerate(view["civ_slots"], 1)]
    jewel = view.get("jewel_card")
    if jewel is not None:
        cards.append(_("jewelcard (3 jewels, TOP 3 more for the deck's top card face down): {card}").format(
            card=card_text(jewel["card"], jewel["text"])))
    cards.append(ngettext("{n} card left in the deck", "{n} cards left in the deck", view["civ_deck"]).format(
        n=view["civ_deck"]) if view["civ_deck"] != 1 or i18n.current() != i18n.DEFAULT
        else f"{view['civ_deck']} cards left in the deck")
    tops = [_("{stack} ({left} left): {tile}").format(stack=notation("stoneage", b["stack"]), left=b["left"],
                                                      tile=tile_text(b["top"], b["text"]))
            for b in view["buildings"]]
    return cards, tops


def english() -> bool:
    return i18n.current() == i18n.DEFAULT


def card_text(card: str, text: str = "") -> str:
    """A civilization card as the view's text writes it (str(CARDS[id])), in the reader's language
    (the view's own text in English)."""
    if not card:
        return text or _("empty")
    return text if english() and text else spoken(words.card(card))


def tile_text(tile: str, text: str = "") -> str:
    """A building tile as the view's text writes it (str(ANY_TILE[id])), in the reader's language."""
    if not tile:
        return text or _("empty")
    return text if english() and text else spoken(words.building(tile))


def _herd(view: StoneAgeView) -> list[str]:
    """The Mammoth Herd, in a game with it: where it stands, its face-up tile, what is left."""
    herd = view.get("herd")
    if not herd:
        return []
    if not herd.get("at"):
        return [_("The herd is all tamed and gone.")]
    tile = herd.get("text") or herd.get("tile", "")
    if not english() and herd.get("tile") in HERD_TILES:
        tile = spoken(words.herd_tile(HERD_TILES[herd["tile"]]))
    head = _("The herd stands on {place}: {tile}; {n} tiles left").format(
        place=spoken(words.place(herd["at"])), tile=tile, n=herd.get("left", 0))
    texts = [head + (_(", the next goes to {place}").format(place=spoken(words.place(herd["next_at"])))
                     if herd.get("next_at") else "")]
    on_tile = ", ".join(f"{p} {n}" for p, n in (herd.get("on_tile") or {}).items())
    if on_tile:
        texts.append(_("On the tile: {seats}").format(seats=on_tile))
    won = ", ".join(f"{p} {len(v)}" for p, v in (herd.get("won") or {}).items() if v)
    if won:
        texts.append(_("Tiles won: {seats}").format(seats=won))
    return texts


def _variants(view: StoneAgeView) -> list[str]:
    """The variants in play, the igloos left in the supply, the wild animals in play."""
    texts = []
    if "igloos_left" in view:
        texts.append(_("Igloos: {n} left in the supply (3 resources of one kind on a building space: BUY "
                       "buildingN IGLOO PAY 3 wood)").format(n=view["igloos_left"]))
    if view["options"].get("harsh_winter"):
        texts.append(_("Harsh winter: an extra stone on a fixed-cost building (B01-B13) scores 5, an extra "
                       "gold on a card scores 6 (BUY ... EXTRA, or BUY EXTRA AUTO)"))
    if view["options"].get("new_huts"):
        texts.append(_("New huts: N01-N06 are among the building tiles; each scores less than it costs and "
                       "gives a wood, clay or stone at every round's end, or a person, a tool or agriculture "
                       "once (counted by hut builders)"))
    if view["options"].get("merchant"):
        texts.append(_("Merchant: 2 people there give merchant level +2 and 2 jewels; once a round a BUY line "
                       "may trade as many goods as the level allows, 2 at most (BUY building1 TRADE 1 wood FOR "
                       "1 clay), which the purchase must spend; HUNT JEWELS n takes jewels from the hunt; "
                       "jewels are no resource and score nothing"))
    return texts + animal_texts(view)


def animal_texts(view: StoneAgeView) -> list[str]:
    """The wild animals in play (games with them): each one's penalty, who stands against it,
    and its rewards; the total every roll for goods loses."""
    if "animals" not in view:
        return []
    if not view["animals"]:
        return [_("Wild animals: none in play")]
    texts = [_("Wild animals: every roll for goods loses {n}").format(n=sum(a["penalty"] for a in view["animals"]))]
    for a in view["animals"]:
        on = sum(a["on"].values())
        who = ", ".join(f"{p} {n}" for p, n in a["on"].items())
        animal = ANIMALS.get(a["id"])
        rewards = ([spoken(words.reward(r.kind, r.amount)) for r in animal.rewards] if animal and not english()
                   else list(a["rewards"]))
        texts.append(_("The {title} ({id}, PLACE n {name}): -{penalty} on every roll; {on} of the {needed} "
                       "people it takes").format(title=spoken(words.animal_title(a["title"])), id=a["id"],
                                                 name=a["name"], penalty=a["penalty"], on=on, needed=a["needed"])
                     + (f" ({who})" if who else "")
                     + _("; a die each: ") + ", ".join(f"{i}: {r}" for i, r in enumerate(rewards, 1)))
    return texts


def _context(game: str, turn_no: int, seat: str | None, view: StoneAgeView,
             events: Iterable[Event | dict], maps: tuple[list[str], str] | None) -> dict[str, Any]:
    """The report's context: the village and the offer made once a step, the event log once for
    the readers who read it alike (render.once), the rest for ``seat``."""
    in_rounds = RULESET.steps_are_rounds(view["options"])
    village_part = once(("stoneage", game, turn_no), lambda: _public(view, maps))
    log = event_log(by_phase(visible(events, seat)))
    prompt = view.get("prompt", "") if seat else ""
    if prompt and view.get("prompt_message"):
        prompt = spoken(view["prompt_message"])
    if prompt and view["options"].get("placement") != "live":
        prompt += _(". Add READY to the same mail and the round runs as soon as every plan is in; "
                    "without it, at the deadline.")
    plan = [shown("stoneage", line) for line in view.get("plan") or []] if seat else []
    return {
        "game": game, "turn_no": turn_no, "seat": seat, "view": view, "when": when(view),
        "village_part": village_part, "log_part": log,
        "boards": seat_tables(view["players"], seat, ("stoneage board", game, turn_no),
                              lambda p: board_texts(view, p, p == seat)),
        "prompt": prompt, "prompt_lines": wrap_each([prompt]) if prompt else [],
        "plan": plan, "plan_lines": wrap_each(plan),
        "result": result(view), "fitted": fitted,
        # Plan mode: a step is a round, and the report is numbered by its round (pbem.play.steps.counted).
        "in_rounds": in_rounds, "number": view["round"] if in_rounds else turn_no,
    }


def _public(view: StoneAgeView, maps: tuple[list[str], str] | None) -> Part:
    """What every reader of the step reads alike: the village drawn and listed, the herd, the
    variants, the cards and the building stacks on offer."""
    village_lines, svg = maps or draw_maps(view)
    cards, tops = _offer(view)
    herd, variants = _herd(view), _variants(view)
    return part("reports/stoneage/board.txt", "reports/stoneage/board.html", svg=svg, village_lines=village_lines,
                village=village.items(view), herd=herd, herd_lines=wrap_each(herd), variants=variants,
                variant_lines=wrap_each(variants), cards=cards, tops=tops, card_lines=wrap_each(cards),
                top_lines=wrap_each(tops))


def result(view: StoneAgeView) -> str:
    """Who won and why, for the end of the game: "red won (the stack of building2 is empty ...)"."""
    winners = view["winners"]
    if not winners:
        return _("nobody won ({reason})").format(reason=reason_text(view))
    return ngettext("{seats} won ({reason})", "{seats} won ({reason})", len(winners)).format(
        seats=_(" and ").join(winners), reason=reason_text(view))


def reason_text(view: StoneAgeView) -> str:
    """The view's reason (English, as the engine stored it) in the reader's language when it is one
    of the engine's two."""
    import re
    reason = view.get("reason") or ""
    found = re.fullmatch(r"the stack of (.+) is empty at the end of round (\d+)", reason)
    if found:
        return spoken(Msg("the stack of {stacks} is empty at the end of round {round}",
                          stacks=Join(words.AND, found.group(1).split(" and ")), round=int(found.group(2))))
    found = re.fullmatch(r"too few civilization cards to fill the four slots after round (\d+)", reason)
    if found:
        return spoken(Msg("too few civilization cards to fill the four slots after round {round}",
                          round=int(found.group(1))))
    return reason


def report(*, game: str, turn_no: int, seat: str | None, view: StoneAgeView,
           events: Iterable[Event | dict], deadline: str, address: str,
           missed: dict[str, int] | None = None,
           maps: tuple[list[str], str] | None = None, preface: str = "") -> Report:
    """(subject, text, html) of one seat's report (or the public one, ``seat`` None).
    ``maps`` may be given when the village was drawn once for every seat: it is public."""
    context = _context(game, turn_no, seat, view, events, maps)
    context.update(deadline=deadline, address=address, missed=missed or {}, preface=preface)
    if context["in_rounds"]:
        subject = (_("[{game}] round {round} report for {seat}") if seat else _("[{game}] round {round} report"))
    else:
        subject = _("[{game}] step {step} report for {seat}") if seat else _("[{game}] step {step} report")
    subject = subject.format(game=game, step=turn_no, round=view["round"], seat=seat)
    if view["over"]:
        subject = _("[{game}] the game is over").format(game=game)
    return Report(subject, render("reports/stoneage/report.txt", **context),
                  render("reports/stoneage/report.html", **context))
