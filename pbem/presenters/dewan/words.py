"""What Dewan says in words: the step's name, the standings, the seats'
marks and colours, a story tile and what a clan has of it, a clan's table,
and the view made back into a position for the checks of engine.dewan.legal."""
from __future__ import annotations

from engine.dewan.board import Board
from engine.dewan.state import OVER, State, story_from
from engine.dewan.stories import Holding, Need, have
from engine.dewan.view import DewanView
from pbem.i18n import N_, _, ngettext
from pbem.play.orderwords import notation
from pbem.presenters import Standings
from pbem.presenters.dewan.svgmap import seat_letters

# What a seat that sends nothing does (its reminder ends with it).
IDLE = N_("Without a move from you by then, its default orders are played.")

# Each at least 4.5:1 against the white letter on a camp and the white of the page.
SEAT_COLOURS = ["#c0392b", "#2563b0", "#1f7a33", "#8b6508"]
BONUS = {"story": N_("a story tile"), "tuck": N_("a tuck"), "fire": N_("1 more fire and the last round")}


def card_words(text: str) -> str:
    """Cards (one, or several between spaces) in the reader's letters and symbol words."""
    return notation("dewan", text)


def marks(view: DewanView) -> dict[str, str]:
    return seat_letters(list(view["players"]))


def colours(view: DewanView) -> dict[str, str]:
    return {p: SEAT_COLOURS[i % len(SEAT_COLOURS)] for i, p in enumerate(view["players"])}


def round_number(view: DewanView) -> int:
    """The round players name the position by (engine.dewan's round_of: the draft is round 0)."""
    return 0 if view["stage"] == "draft" else int(view["round"])


def when(view: DewanView) -> str:
    """Where the game stands: the draft, a round and who moves, or the end."""
    if view["stage"] == OVER:
        return _("the game is over after round {round}").format(round=view["round"])
    if view["stage"] == "draft":
        return _("the story draft, {seat} to pick").format(seat=view["to_move"])
    return _("round {round}, {seat} to move").format(round=view["round"], seat=view["to_move"])


def label(view: DewanView) -> str:
    """The same, short, for the list of steps."""
    if view["stage"] == OVER:
        return _("round {round}, the end").format(round=view["round"])
    if view["stage"] == "draft":
        return _("the draft")
    return _("round {round}, {seat}").format(round=view["round"], seat=view["to_move"])


def score(view: DewanView, seat: str) -> int:
    """The final score, or what the seat would score if the game ended now."""
    if view["scores"] is not None:
        return int(view["scores"][seat])
    return sum(view["points"][seat].values())


def standings(view: DewanView) -> Standings:
    """Score first, then cards in hand (the rules' tie-break), then seat order."""
    def figures(seat: str) -> tuple[int, ...]:
        placed = len(view["camps"][seat]) - 1
        return (score(view, seat), len(view["done"][seat]), view["fire"][seat], placed,
                view["hand_sizes"][seat])

    order = sorted(view["players"], key=lambda p: (-figures(p)[0], -figures(p)[4], view["players"].index(p)))
    return Standings(columns=(N_("score"), N_("stories"), N_("fire"), N_("camps"), N_("cards")),
                     rows=[(p, figures(p)) for p in order], charted=("score", "camps", "stories"))


def board_of(view: DewanView) -> Board:
    return Board.from_spec(view["board"])


def holding(view: DewanView, seat: str) -> Holding:
    return Holding(frozenset(view["camps"][seat]), tuple(view["tucked"][seat]), view["berries"][seat])


def story_text(view: DewanView, tile: str, seat: str | None = None, board: Board | None = None) -> str:
    """A story tile in words; with ``seat``, how much of each need that clan has."""
    story = story_from(view["tiles"][tile])
    worth = (_("{points} points, {fire} fire") if story.fire else _("{points} points")).format(
        points=story.points, fire=story.fire)
    needs = []
    for need in story.needs:
        text = need_text(need)
        if seat is not None:
            got = have(need, board or board_of(view), holding(view, seat))
            text += _(" (has {n})").format(n=min(got, need.count))
        needs.append(text)
    return _("{tile} {name} ({worth}): needs {needs}").format(tile=tile, name=_(story.name), worth=worth,
                                                            needs=", ".join(needs))


def need_text(need: Need) -> str:
    """A need of a story in the reader's words (engine.dewan.stories.describe's English)."""
    n = need.count
    if need.kind == "terrain":
        return {"F": ngettext("{n} forest", "{n} forest", n), "M": ngettext("{n} mountain", "{n} mountain", n),
                "D": ngettext("{n} desert", "{n} desert", n), "P": ngettext("{n} plains", "{n} plains", n),
                "W": ngettext("{n} water", "{n} water", n)}[need.what].format(n=n)
    if need.kind == "symbol":
        return {"artifact": ngettext("{n} artifact", "{n} artifacts", n),
                "pigment": ngettext("{n} pigment", "{n} pigments", n),
                "crystal": ngettext("{n} crystal", "{n} crystals", n)}[need.what].format(n=n)
    if need.kind == "shore":
        return ngettext("{n} water next to camps", "{n} water next to camps", n).format(n=n)
    return {"kinds": ngettext("{n} different terrains", "{n} different terrains", n),
            "group": ngettext("a group of {n} camps", "a group of {n} camps", n),
            "berries": ngettext("{n} berry", "{n} berries", n),
            "fire_hexes": ngettext("{n} fire on camp hexes", "{n} fire on camp hexes", n)}[need.kind].format(n=n)


def clan_texts(view: DewanView, seat: str, board: Board) -> list[str]:
    """One clan's table as short sentences, each to be wrapped; no hand cards."""
    camps = view["camps"][seat]
    left, bonus = view["left"][seat], view["next_bonus"][seat]
    head = ngettext("{seat} ({mark}): {n} camp left", "{seat} ({mark}): {n} camps left", left).format(
        seat=seat, mark=marks(view)[seat], n=left)
    if bonus and view["stage"] != OVER:
        head += _(", the next gives {bonus}").format(bonus=_(BONUS[bonus]))
    size = view["hand_sizes"][seat]
    head += ngettext("; {n} card in hand", "; {n} cards in hand", size).format(n=size)
    head += _("; fire {fire}; berries {berries}").format(fire=view["fire"][seat], berries=view["berries"][seat])
    if seat == view["to_move"]:
        head += _("; to move")
    texts = [head, _("camps: {start} (start)").format(start=camps[0]) + "".join(f", {c}" for c in camps[1:])]
    texts += [_("story held: {story}").format(story=story_text(view, t, seat, board)) for t in view["stories"][seat]]
    texts += [_("story done: {story}").format(story=story_text(view, t)) for t in view["done"][seat]]
    tucked = card_words(" ".join(view["tucked"][seat]))
    texts.append(_("tucked: {cards}").format(cards=tucked) if tucked else _("tucked: none"))
    return texts


def score_text(view: DewanView, seat: str) -> str:
    parts = ", ".join(f"{_(k)} {v}" for k, v in view["points"][seat].items())
    return f"{seat} {score(view, seat)} ({parts})"


def position(view: DewanView) -> State:
    """The view as a State for legal.py's checks: the reader's hand is its own,
    every other hand is empty (the view does not hold them), no pre-orders."""
    seats, me = list(view["players"]), view.get("me")
    return State(
        board_spec=view["board"], players=seats, options={}, tiles=dict(view["tiles"]),
        to_move=view["to_move"] or seats[0], first_player=view["first_player"], stage=view["stage"],
        row=list(view["row"]), deck=[], discard=list(view["discard"]),
        camps={p: list(v) for p, v in view["camps"].items()}, left=dict(view["left"]),
        hands={p: list(view["hand"] or []) if p == me else [] for p in seats},
        tucked={p: list(v) for p, v in view["tucked"].items()},
        stories={p: list(v) for p, v in view["stories"].items()},
        done={p: list(v) for p, v in view["done"].items()}, story_row=list(view["story_row"]),
        berries=dict(view["berries"]), round_ends=view["round_ends"], round=view["round"],
        turns=view["turns"], step=view["step"], scoring=dict(view["scoring"]))
