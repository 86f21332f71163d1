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
"""
from __future__ import annotations

from typing import Any

from engine.messages import Msg
from engine.stoneage import animals, igloos, merchant, newhuts, winter
from engine.stoneage.buildings import ANY_TILE, NEW_HUTS
from engine.stoneage.cards import CARDS
from engine.stoneage.goods import GOODS
from engine.stoneage.herd import TILES as HERD_TILES
from engine.stoneage.locations import NAMES, exists
from engine.stoneage.scoring import breakdown
from engine.stoneage.state import Plan, PlayerBoard, State


def _board(st: State, board: PlayerBoard, mine: bool) -> dict[str, Any]:
    hidden = list(board.face_down)
    shown = list(board.cards)
    for card in hidden:
        shown.remove(card)
    out: dict[str, Any] = {g.value: board.amount(g) for g in GOODS}
    out.update(people=board.people, free=board.free, agriculture=board.agriculture, score=board.score,
               tools=list(board.tools), tools_used=list(board.tools_used), one_use=list(board.one_use),
               cards=shown + (hidden if mine else []), face_down=len(hidden),
               buildings=list(board.buildings), placed=dict(board.placed))
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


def _herd(st: State) -> dict[str, Any] | None:
    """The Mammoth Herd as everyone sees it (None in a game without it)."""
    herd = st.herd
    if herd is None:
        return None
    return {"at": herd.at, "tile": herd.tile, "text": str(HERD_TILES[herd.tile]) if herd.tile else "",
            "left": len(herd.tiles), "next_at": HERD_TILES[herd.tiles[0]].location if herd.tiles else "",
            "on_tile": dict(herd.tamers), "won": {p: list(v) for p, v in herd.won.items()}}


def _animals(st: State) -> list[dict[str, Any]]:
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


def view(st: State, seat: str | None, prompt: Msg | str = "") -> dict[str, Any]:
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
        "played": st.played.to_dict() if st.played is not None else None,
        "me": me, "prompt": str(prompt), "prompt_message": prompt.to_dict() if isinstance(prompt, Msg) else None,
        "plan": _still_to_come(plan) if plan else None,
        "plan_standing": bool(plan and plan.standing),
        "over": st.winners is not None, "winners": list(st.winners or []), "reason": st.reason,
    }
