"""What a seat (or the public) may see of a game: plain data for the presenter.

Everything on the table is public: the boards, the face-up cards and the
top building tiles, who stands where. Private are a seat's plan and the
cards it took face down (G05); each is shown only in its owner's view.
The deck and the tiles under the tops are shown only as counts; of the
herd's face-down stack, its count and the top tile's back (where the herd
goes next). With the variants on, each board shows its igloos (the kind
paid for each) and its harsh-winter points, with the merchant its jewels
and merchant level, and the game the igloos left, the wild animals in play
with who stands against them, and the jewel slot's card.

:class:`StoneAgeView` declares every key of a view and its type.
"""
from __future__ import annotations

from typing import Any, TypedDict, cast

from engine.contract import BaseView
from engine.messages import Msg
from engine.stoneage import animals, igloos, merchant, newhuts, winter
from engine.stoneage.buildings import ANY_TILE, NEW_HUTS
from engine.stoneage.cards import CARDS
from engine.stoneage.herd import TILES as HERD_TILES
from engine.stoneage.locations import NAMES, exists
from engine.stoneage.scoring import breakdown
from engine.stoneage.state import Plan, PlayerBoard, State


class StoneAgeBoardExtras(TypedDict, total=False):
    """A board's keys only in a game with the variant, and the end points in its seat's view only."""

    igloos: list[str]                 # igloos: the kind paid for each
    winter_points: int                # harsh_winter
    held: dict[str, int]              # wild_animals: animal -> people left on it
    jewels: int                       # merchant
    merchant_level: int               # merchant
    traded: bool                      # merchant
    new_huts: list[str]               # new_huts: the new huts owned, as text
    end_points: dict[str, int]        # the seat's own view only (it counts the hidden cards): what the end adds


class StoneAgeBoard(StoneAgeBoardExtras):
    """A seat's board: everyone sees it, but the cards taken face down only its seat."""

    food: int
    wood: int
    clay: int
    stone: int
    gold: int
    people: int
    free: int                         # people not placed yet this round
    agriculture: int
    score: int
    tools: list[int]                  # the three slots' values
    tools_used: list[bool]
    one_use: list[int]
    cards: list[str]                  # the cards' ids: the face-down ones in the seat's own view only
    face_down: int
    buildings: list[str]
    placed: dict[str, int]            # location -> people, in the order placed


class StoneAgeSlot(TypedDict):
    """A card slot (card1..card4, the jewel slot): its card's id ('' empty) and text."""

    slot: str
    card: str
    text: str


class StoneAgeStack(TypedDict):
    """A building stack: its top tile's id ('' empty) and text, and the tiles left in it."""

    stack: str
    top: str
    left: int
    text: str


class StoneAgeHerd(TypedDict):
    """The Mammoth Herd as everyone sees it."""

    at: str                           # its location; '' once it is tamed
    tile: str                         # the tile face up; '' once none is
    text: str
    left: int                         # tiles face down
    next_at: str                      # where the top face-down tile's back sends it
    on_tile: dict[str, int]           # seat -> people on the face-up tile
    won: dict[str, list[str]]         # seat -> tiles won


class StoneAgeAnimal(TypedDict):
    """A wild animal in play, with the people on it."""

    id: str
    name: str
    title: str
    penalty: int
    needed: int
    on: dict[str, int]                # seat -> people
    rewards: list[str]
    text: str


class StoneAgeOutcome(TypedDict, total=False):
    """What one seat's people got at one location (engine.stoneage.played.Outcome, keys when set)."""

    got: dict[str, int]
    paid: dict[str, int]
    bought: list[str]
    unseen: int


class StoneAgePlayed(TypedDict):
    """The round last played (engine.stoneage.played.Played)."""

    round: int
    people: dict[str, dict[str, int]]                 # location -> seat -> people
    gave: dict[str, dict[str, StoneAgeOutcome]]       # location -> seat -> outcome


class StoneAgeVariants(BaseView, total=False):
    """A view's keys only in a game with the variant."""

    igloos_left: int                  # igloos
    animals: list[StoneAgeAnimal]     # wild_animals
    jewel_card: StoneAgeSlot          # merchant


class StoneAgeView(StoneAgeVariants):
    """A position as a seat (or the public) sees it."""

    round: int
    step: int
    stage: str                        # engine.stoneage.state.Stage's value
    start_player: str
    turn: str                         # the seat to place or act now; '' when none is
    decision: str
    options: dict[str, Any]
    boards: dict[str, StoneAgeBoard]  # by seat
    civ_slots: list[StoneAgeSlot]
    civ_deck: int
    buildings: list[StoneAgeStack]
    herd: StoneAgeHerd | None         # None in a game without it
    locations: dict[str, dict[str, int]]  # location -> seat -> people, where some stand
    played: StoneAgePlayed | None
    plan: list[str] | None            # the seat's own kept orders still to come; None: none or not its view
    plan_standing: bool
    over: bool
    winners: list[str]
    reason: str


def _board(st: State, board: PlayerBoard, mine: bool) -> StoneAgeBoard:
    hidden = list(board.face_down)
    shown = list(board.cards)
    for card in hidden:
        shown.remove(card)
    out: StoneAgeBoard = {
        "food": board.food, "wood": board.wood, "clay": board.clay, "stone": board.stone, "gold": board.gold,
        "people": board.people, "free": board.free, "agriculture": board.agriculture, "score": board.score,
        "tools": list(board.tools), "tools_used": list(board.tools_used), "one_use": list(board.one_use),
        "cards": shown + (hidden if mine else []), "face_down": len(hidden),
        "buildings": list(board.buildings), "placed": dict(board.placed)}
    if igloos.enabled(st):
        out["igloos"] = list(board.igloos)
    if winter.enabled(st):
        out["winter_points"] = board.winter
    if animals.enabled(st):
        out["held"] = dict(board.held)
    if merchant.enabled(st):
        out.update(jewels=board.jewels, merchant_level=board.merchant, traded=board.traded)
    if newhuts.enabled(st):
        out["new_huts"] = [str(NEW_HUTS[t]) for t in board.buildings if t in NEW_HUTS]
    if mine:
        out["end_points"] = breakdown(board)      # counts hidden cards, so only the owner sees it
    return out


def _herd(st: State) -> StoneAgeHerd | None:
    """The Mammoth Herd as everyone sees it (None in a game without it)."""
    herd = st.herd
    if herd is None:
        return None
    return {"at": herd.at, "tile": herd.tile, "text": str(HERD_TILES[herd.tile]) if herd.tile else "",
            "left": len(herd.tiles), "next_at": HERD_TILES[herd.tiles[0]].location if herd.tiles else "",
            "on_tile": dict(herd.tamers), "won": {p: list(v) for p, v in herd.won.items()}}


def _animals(st: State) -> list[StoneAgeAnimal]:
    """The wild animals in play, with the people on them (placed this round or left there)."""
    out = []
    for a in animals.in_play(st):
        on = {p: st.board(p).held.get(a.name, 0) + st.board(p).placed.get(a.name, 0) for p in st.players}
        out.append({"id": a.id, "name": a.name, "title": a.title, "penalty": a.penalty,
                    "needed": animals.needed(st), "on": {p: n for p, n in on.items() if n},
                    "rewards": [str(r) for r in a.rewards], "text": str(a)})
    return out


def _still_to_come(plan: Plan) -> list[str]:
    """A kept plan without the PLACE lines already played or skipped (normal forms start with
    their keyword)."""
    out, places = [], 0
    for line in plan.lines:
        if line.startswith("PLACE "):
            places += 1
            if places <= plan.used:
                continue
        out.append(line)
    return out


def view(st: State, seat: str | None, prompt: Msg | str = "") -> StoneAgeView:
    """The game as ``seat`` sees it (None: the public)."""
    me = seat if seat in st.players else None
    plan = st.plans.get(me) if me else None
    return {
        "ruleset": "stoneage", "round": st.round, "step": st.step, "stage": st.stage.value,
        "players": list(st.players), "start_player": st.start_player, "turn": st.turn,
        "decision": st.decision, "options": dict(st.options),
        "boards": {p: _board(st, st.board(p), p == me) for p in st.players},
        "civ_slots": [{"slot": f"card{i}", "card": c, "text": str(CARDS[c]) if c else ""}
                      for i, c in enumerate(st.civ_slots, 1)],
        "civ_deck": len(st.civ_deck),
        "buildings": [{"stack": f"building{i}", "top": s[0] if s else "", "left": len(s),
                       "text": str(ANY_TILE[s[0]]) if s else ""} for i, s in enumerate(st.buildings, 1)],
        "herd": _herd(st),
        **({"igloos_left": igloos.left(st)} if igloos.enabled(st) else {}),
        **({"animals": _animals(st)} if animals.enabled(st) else {}),
        **({"jewel_card": {"slot": "jewelcard", "card": st.jewel_card,
                           "text": str(CARDS[st.jewel_card]) if st.jewel_card else ""}}
           if merchant.enabled(st) else {}),
        "locations": {n: st.people_on(n) for n in NAMES
                      if exists(n, len(st.players), merchant.enabled(st)) and st.people_on(n)},
        "played": cast(StoneAgePlayed, st.played.to_dict()) if st.played is not None else None,
        "me": me, "prompt": str(prompt), "prompt_message": prompt.to_dict() if isinstance(prompt, Msg) else None,
        "plan": _still_to_come(plan) if plan else None,
        "plan_standing": bool(plan and plan.standing),
        "over": st.winners is not None, "winners": list(st.winners or []), "reason": st.reason,
    }
