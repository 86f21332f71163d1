"""What Stone Age says outside its report, and the words of a player board:
the step's name, the standings (HELP lines: help.py)."""
from __future__ import annotations

from collections import Counter

from engine.stoneage import texts
from engine.stoneage.cards import CARDS
from pbem import i18n
from pbem.i18n import N_, _
from pbem.presenters import Standings
from pbem.presenters.stoneage.help import help_lines
from pbem.reports.render import spoken
from engine.stoneage.buildings import NEW_HUTS
from engine.stoneage.view import StoneAgeBoard, StoneAgeView

# What a seat that sends nothing does (its reminder ends with it).
IDLE = N_("Without orders the standing rules play your round: the fallback placement, TOOLS AUTO, "
          "nothing bought.")

__all__ = ["board_texts", "card_words", "help_lines", "label", "standings", "tool_words", "variant_words",
           "when"]

GOODS = ("food", "wood", "clay", "stone", "gold")
GOOD_LINES = {"food": N_("food {n}"), "wood": N_("wood {n}"), "clay": N_("clay {n}"), "stone": N_("stone {n}"),
              "gold": N_("gold {n}")}
STAGES = {"placement": N_("placement"), "actions": N_("actions"), "herd": N_("herd"), "feeding": N_("feeding"),
          "round": N_("end of the round"), "over": N_("over")}


def when(view: StoneAgeView) -> str:
    """Where the game stands: "round 3, placement", or that it is over."""
    if view["over"]:
        return _("the game is over after round {round}").format(round=view["round"])
    return _("round {round}, {stage}").format(round=view["round"], stage=_(STAGES.get(view["stage"], view["stage"])))


def label(view: StoneAgeView) -> str:
    """The same, short: the round, and the stage when a round takes more than one step."""
    if view["over"]:
        return _("round {round}, the end").format(round=view["round"])
    if view["options"].get("placement") == "live":
        return _("round {round}, {stage}").format(round=view["round"], stage=_(STAGES.get(view["stage"], view["stage"])))
    return _("round {round}").format(round=view["round"])


def standings(view: StoneAgeView) -> Standings:
    """Score first, then agriculture + tools + people (the rules' tie-break), then seat order.
    The variants add their columns: igloos built, jewels and the merchant level."""
    extra = [c for c, on in (("igloos", "igloos_left" in view), ("jewels", bool(view["options"].get("merchant"))),
                             ("merchant level", bool(view["options"].get("merchant")))) if on]

    def figures(seat: str) -> tuple[int, ...]:
        b = view["boards"][seat]
        more = {"igloos": len(b.get("igloos", [])), "jewels": b.get("jewels", 0),
                "merchant level": b.get("merchant_level", 0)}
        return (b["score"], b["people"], b["agriculture"], sum(b["tools"]), b["food"], *(more[c] for c in extra))

    order = sorted(view["players"], key=lambda p: (-figures(p)[0], -sum(figures(p)[1:4]),
                                                   view["players"].index(p)))
    N_("igloos"), N_("jewels"), N_("merchant level")       # the variants' columns, translated where shown
    return Standings(columns=(N_("score"), N_("people"), N_("agriculture"), N_("tools"), N_("food"), *extra),
                     rows=[(p, figures(p)) for p in order], charted=("score", "people", "agriculture"))


def _figures(kind: str, n: int) -> str:
    return spoken(texts.figures(kind, n))


def card_words(cards: list[str], hidden: int, mine: bool) -> str:
    """Cards by culture symbol and by multiplier; the last ``hidden`` are face down."""
    seen = cards[:len(cards) - hidden] if mine and hidden else cards
    cultures = sorted(CARDS[c].culture.value for c in seen if CARDS[c].culture is not None)
    figures: Counter[str] = Counter()
    for c in seen:
        if CARDS[c].multiplier is not None:
            figures[CARDS[c].multiplier.value] += CARDS[c].figures
    shown = ", ".join(spoken(texts.CULTURES[c]) for c in cultures)
    parts = [_("symbols {cultures}").format(cultures=shown) if cultures else _("no symbols")]
    parts.append(", ".join(_figures(k, n) for k, n in sorted(figures.items())) or _("no figures"))
    if hidden and mine:
        parts.append(_("face down: {cards}").format(cards=_("; ").join(spoken(texts.card(c))
                                                                    for c in cards[len(cards) - hidden:])))
    elif hidden:
        parts.append(_("{n} face down").format(n=hidden))
    return _("; ").join(parts)


def tool_words(board: StoneAgeBoard) -> str:
    tools = [f"{v}{'*' if used else ''}" for v, used in zip(board["tools"], board["tools_used"])]
    text = _("tools {tools}").format(tools=" ".join(tools))
    if any(board["tools_used"]):
        text += _(" (* used)")
    if board["one_use"]:
        text += _(", one-use {tools}").format(tools=" ".join(map(str, board["one_use"])))
    return text


def variant_words(board: StoneAgeBoard) -> list[str]:
    """The variants' lines of a board: its igloos (games with igloos), its harsh-winter
    points (games with the harsh winter), its jewels and merchant level (games with the
    merchant), its people left on wild animals (when it has some)."""
    out = []
    if "igloos" in board:
        kinds = Counter(board["igloos"])
        out.append(_("igloos: {n}").format(n=len(board["igloos"])) + (
            " (" + ", ".join(spoken(texts.amount(n, k)) for k, n in sorted(kinds.items())) + ")" if kinds else ""))
    if "winter_points" in board:
        out.append(_("harsh-winter extras: {n} points").format(n=board["winter_points"]))
    if board.get("new_huts"):
        out.append(_("new huts: {huts}").format(huts=_("; ").join(_hut(h) for h in board["new_huts"])))
    if "jewels" in board:
        out.append(_("jewels {jewels}, merchant level {level}").format(jewels=board["jewels"],
                                                                        level=board["merchant_level"])
                   + (_(" (traded this round)") if board.get("traded") else ""))
    if board.get("held"):
        out.append(_("against the animals: {animals}").format(animals=", ".join(
            _("{n} on the {animal}").format(n=n, animal=spoken(texts.place(k))) for k, n in board["held"].items())))
    return out


def _hut(text: str) -> str:
    """A new hut's description (the view's English, str(NEW_HUTS[id])) in the reader's language."""
    tile_id = text.split(":", 1)[0]
    return spoken(texts.building(tile_id)) if tile_id in NEW_HUTS and i18n.current() != i18n.DEFAULT else text


def board_texts(view: StoneAgeView, seat: str, mine: bool) -> list[str]:
    """One seat's board as short sentences, each to be wrapped."""
    b = view["boards"][seat]
    head = _("{seat}: score {score}, {people} people").format(seat=seat, score=b["score"], people=b["people"])
    if b["free"] and view["stage"] == "placement":
        head += _(" ({n} to place)").format(n=b["free"])
    if seat == view["start_player"]:
        head += _(", start player")
    lines = [head, ", ".join(_(GOOD_LINES[g]).format(n=b[g]) for g in GOODS),
             _("agriculture {n}, ").format(n=b["agriculture"]) + tool_words(b)]
    lines.append(_("buildings: {tiles}").format(tiles=" ".join(b["buildings"]) or _("none")))
    lines += variant_words(b)
    lines.append(_("cards: {cards}").format(cards=card_words(b["cards"], b["face_down"], mine)))
    if mine and "end_points" in b:
        parts = [spoken(texts.score_part(k, n)) for k, n in b["end_points"].items() if n]
        lines.append(_("at the end you would add {n}").format(n=sum(b["end_points"].values()))
                     + (f" ({', '.join(parts)})" if parts else ""))
    return lines
