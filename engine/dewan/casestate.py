"""The map, stories and position of a Dewan adjudicator case (../shared/dewan-cases.md) as a State.

Every key is checked: an unknown key, a hex off the map, a card that is no
card, a story tile nobody defined, two camps on one hex, are errors saying
what to fix. What the position leaves out has a plain default: the row
F M D P W F, empty deck and discard, no camps, 8 camps on each tribe board
less those placed, empty hands, no story tiles.
"""
from __future__ import annotations

from typing import Any

from engine.casefile import CaseError, check_keys
from engine.dewan import components
from engine.dewan.board import START, WATER, Board, BoardError
from engine.dewan.cards import CardError, normal
from engine.dewan.legal import STORY_BONUS, TUCK_BONUS
from engine.dewan.state import (
    BOARD_CAMPS, DRAFT, PLAY, ROW_SIZE, STORY_ROW_SIZE, State, story_dict, story_from)
from engine.dewan.stories import StoryError

POSITION_KEYS = {"players", "to_move", "first_player", "stage", "row", "deck", "discard", "camps", "left",
                 "hands", "tucked", "stories", "done", "story_row", "story_deck", "berries", "fire",
                 "round_ends", "round"}
BOARD_KEYS = {"map", "symbols"}
STORY_KEYS = {"name", "points", "fire", "needs"}
DEFAULT_ROW = ["F", "M", "D", "P", "W", "F"]


def read_board(table: Any) -> Board:
    t = check_keys("board", table, BOARD_KEYS)
    if not isinstance(t.get("map"), str):
        raise CaseError("[board] map is the map text")
    symbols = check_keys("board.symbols", t.get("symbols", {}), set(t.get("symbols", {})))
    try:
        return Board.from_text(t["map"], symbols)
    except BoardError as why:
        raise CaseError(f"[board] {why}") from None


def read_stories(table: Any) -> dict[str, dict[str, Any]]:
    """The case's own story tiles, ``[stories.T1]`` with points, fire, needs (and a name)."""
    out = {}
    for sid, d in check_keys("stories", table, set(table or {})).items():
        d = check_keys(f"stories.{sid}", d, STORY_KEYS)
        try:
            story = story_from({"id": sid, "name": d.get("name", sid), "points": d.get("points", 0),
                                "fire": d.get("fire", 0), "needs": d.get("needs", [])})
        except (StoryError, TypeError, ValueError, KeyError) as why:
            raise CaseError(f"[stories.{sid}] {why}") from None
        out[sid] = story_dict(story)
    return out


def _cards(value: Any, what: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise CaseError(f"{what} lists cards like \"F\", \"FM\", \"F/fire\"")
    try:
        return [normal(v) if v else "" for v in value]
    except CardError as why:
        raise CaseError(f"{what}: {why}") from None


def _per_seat(pos: dict[str, Any], key: str, seats: list[str], default: Any) -> dict[str, Any]:
    table = check_keys(f"position.{key}", pos.get(key, {}), set(seats))
    return {p: table.get(p, default) for p in seats}


def _whole(value: Any, what: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise CaseError(f"{what} is a whole number from {low} to {high}, not {value!r}")
    return value


def _tiles(value: Any, known: dict[str, Any], what: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise CaseError(f"{what} lists story tile ids")
    for v in value:
        if v and v not in known:
            raise CaseError(f"{what}: no story tile {v!r} (define it under [stories.{v}])")
    return list(value)


def build_state(board: Board, own: dict[str, dict[str, Any]], position: Any) -> State:
    """The case's ``[position]`` on its map, with its own stories and the project's."""
    pos = check_keys("position", position if isinstance(position, dict) else {}, POSITION_KEYS)
    seats = pos.get("players")
    if not isinstance(seats, list) or not 2 <= len(seats) <= 4 or len(set(seats)) != len(seats):
        raise CaseError("[position] players lists 2 to 4 different seats")
    tiles = {k: story_dict(v) for k, v in components.STORIES.items()} | own
    camps = {p: list(v) for p, v in _per_seat(pos, "camps", seats, []).items()}
    seen: dict[str, str] = {}
    for p, hexes in camps.items():
        for h in hexes:
            if h not in board.hexes:
                raise CaseError(f"camps: {p}'s camp on {h!r} is not a hex of the map")
            if h in seen:
                raise CaseError(f"camps: {h} holds camps of {seen[h]} and {p}")
            seen[h] = p
    left = {p: _whole(v, f"left {p}", 0, BOARD_CAMPS) for p, v in _per_seat(pos, "left", seats, None).items()
            if v is not None}
    left = {p: left.get(p, max(0, BOARD_CAMPS - max(0, len(camps[p]) - 1))) for p in seats}
    row = _cards(pos.get("row", DEFAULT_ROW), "row")
    if len(row) != ROW_SIZE:
        raise CaseError(f"row lists the {ROW_SIZE} face-up cards, position 1 first (\"\" for a gap)")
    story_row = _tiles(pos.get("story_row", []), tiles, "story_row")
    if len(story_row) > STORY_ROW_SIZE:
        raise CaseError(f"story_row lists at most {STORY_ROW_SIZE} tiles")
    stage = pos.get("stage", PLAY)
    if stage not in (DRAFT, PLAY):
        raise CaseError("stage is \"draft\" or \"play\"")
    to_move = pos.get("to_move", seats[0] if stage == PLAY else seats[-1])
    first = pos.get("first_player", seats[0])
    for name, seat in (("to_move", to_move), ("first_player", first)):
        if seat not in seats:
            raise CaseError(f"{name} {seat!r} is not a seat")
    st = State(
        board_spec=board.to_spec(), players=list(seats), options={"scenario": "base"}, tiles=tiles,
        to_move=to_move, first_player=first, stage=stage, row=row,
        deck=_cards(pos.get("deck", []), "deck"), discard=_cards(pos.get("discard", []), "discard"),
        camps=camps, left=left,
        hands={p: _cards(v, f"hands {p}") for p, v in _per_seat(pos, "hands", seats, []).items()},
        tucked={p: _cards(v, f"tucked {p}") for p, v in _per_seat(pos, "tucked", seats, []).items()},
        stories={p: _tiles(v, tiles, f"stories {p}") for p, v in _per_seat(pos, "stories", seats, []).items()},
        done={p: _tiles(v, tiles, f"done {p}") for p, v in _per_seat(pos, "done", seats, []).items()},
        story_row=story_row + [""] * (STORY_ROW_SIZE - len(story_row)),
        story_deck=_tiles(pos.get("story_deck", []), tiles, "story_deck"),
        berries={p: _whole(v, f"berries {p}", 0, 99) for p, v in _per_seat(pos, "berries", seats, 0).items()},
        round_ends=bool(pos.get("round_ends", False)), round=_whole(pos.get("round", 1), "round", 1, 999))
    st.__dict__["board"] = board
    why = unreachable(st)
    if why:
        raise CaseError(f"the rules never reach this position: {why}")
    for p, want in check_keys("position.fire", pos.get("fire", {}), set(seats)).items():
        if st.fire(p) != want:
            raise CaseError(f"fire {p}: the position gives {st.fire(p)} (completed stories, tucked cards, "
                            f"the last camp), not {want}")
    return st


def unreachable(st: State) -> str:
    """Why no game can reach the position ``st`` (a camp on water or on a start hex not its
    own, a story tile in two places, more tucked cards, berries or story tiles than the camps
    placed give), or ''."""
    board = st.board
    for p in st.players:
        for n, h in enumerate(st.camps[p]):
            if board.terrain(h) == WATER:
                return f"{p}'s camp on {h} stands on water (water is crossed, never camped on)"
            if n and board.terrain(h) == START:
                return f"{p}'s camp on {h} stands on a start hex, which only a start camp does"
    seen: dict[str, str] = {}
    places = [("the story row", st.story_row), ("the story deck", st.story_deck)]
    places += [(f"{p}'s {what}", getattr(st, key)[p]) for p in st.players
               for key, what in (("stories", "stories held"), ("done", "completed stories"))]
    for where, tiles in places:
        for t in filter(None, tiles):
            if t in seen:
                return f"story {t} is both in {seen[t]} and in {where}"
            seen[t] = where
    for p in st.players:
        placed = st.placed(p)
        tucks = sum(n <= placed for n in TUCK_BONUS)
        if len(st.tucked[p]) > tucks:
            return (f"{p} has {len(st.tucked[p])} tucked cards, but its {placed} camps placed from the "
                    f"tribe board gave {tucks} tucks (at the 3rd, 5th and 7th)")
        if st.berries[p] > placed:
            return f"{p} has {st.berries[p]} berry tokens, but a camp takes at most one and it placed {placed}"
        tiles = len(st.stories[p]) + len(st.done[p])
        most = (st.stage != DRAFT or st.players.index(p) >= st.players.index(st.to_move)) + sum(
            n <= placed for n in STORY_BONUS)
        if tiles > most:
            return (f"{p} has {tiles} story tiles, but the draft and its {placed} camps placed from the "
                    f"tribe board gave at most {most} (at the 2nd, 4th and 6th)")
    return ""
