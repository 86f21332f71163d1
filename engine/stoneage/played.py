"""The round just played, kept for the reports' picture: who stood where, and
what each location gave each seat (goods, people, tools, points, what was
bought and what it cost).

By the time a round's report goes out everyone has gone home, so the village
itself is empty; this record is what the report draws instead. It is made
when the last person is placed (:func:`start`), filled as the actions
resolve (:func:`record`), and replaced by the next round's. Everything in it
is public: a card taken face down is counted, never named.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:       # the state holds a Played: no import back at run time
    from engine.stoneage.state import PlayerBoard, State

# What a location can change on a board, counted as a number, in the order a report lists them.
COUNTED = ("food", "wood", "clay", "stone", "gold", "people", "agriculture", "tools", "jewels", "merchant", "score")
PAYABLE = ("food", "wood", "clay", "stone", "gold", "jewels")


@dataclass
class Outcome:
    """What one seat's people got at one location."""

    got: dict[str, int] = field(default_factory=dict)     # COUNTED -> gained (score: points)
    paid: dict[str, int] = field(default_factory=dict)    # PAYABLE -> given up
    bought: list[str] = field(default_factory=list)       # card and building ids, in the order taken
    unseen: int = 0                                       # cards taken face down (never named)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key in ("got", "paid", "bought", "unseen"):
            if getattr(self, key):
                out[key] = getattr(self, key)
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Outcome:
        return cls(dict(d.get("got", {})), dict(d.get("paid", {})), list(d.get("bought", [])), d.get("unseen", 0))


@dataclass
class Played:
    """One round as played: people per location and seat, and their outcomes."""

    round: int
    people: dict[str, dict[str, int]]                                   # location -> seat -> people
    gave: dict[str, dict[str, Outcome]] = field(default_factory=dict)   # location -> seat -> outcome

    def to_dict(self) -> dict[str, Any]:
        return {"round": self.round, "people": {loc: dict(on) for loc, on in self.people.items()},
                "gave": {loc: {p: o.to_dict() for p, o in on.items()} for loc, on in self.gave.items()}}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Played:
        return cls(d["round"], {loc: dict(on) for loc, on in d["people"].items()},
                   {loc: {p: Outcome.from_dict(o) for p, o in on.items()} for loc, on in d["gave"].items()})

    def copy(self) -> Played:
        return Played(self.round, {loc: dict(on) for loc, on in self.people.items()},
                      {loc: {p: Outcome(dict(o.got), dict(o.paid), list(o.bought), o.unseen) for p, o in on.items()}
                       for loc, on in self.gave.items()})


def start(st: State) -> None:
    """Every person is placed: keep who stands where, in the order they were placed."""
    people: dict[str, dict[str, int]] = {}
    for seat in st.players:
        for location, n in st.board(seat).placed.items():
            people.setdefault(location, {})[seat] = n
    st.played = Played(st.round, people)


def counts(board: PlayerBoard) -> tuple[int, ...]:
    """What :func:`record` compares, taken before a location resolves: the COUNTED figures,
    then the numbers of cards, buildings, igloos and cards face down."""
    return (board.food, board.wood, board.clay, board.stone, board.gold, board.people, board.agriculture,
            sum(board.tools) + len(board.one_use), board.jewels, board.merchant, board.score,
            len(board.cards), len(board.buildings), len(board.igloos), len(board.face_down))


def record(st: State, seat: str, location: str, before: tuple[int, ...]) -> None:
    """What ``location`` gave ``seat``, from the board's counts ``before`` it resolved and now."""
    played = st.played
    if played is None:
        return
    board = st.boards[seat]
    now = counts(board)
    gave = played.gave.get(location)
    if gave is None:
        gave = played.gave[location] = {}
    if now == before:                   # nothing counted changed: nothing got, paid or bought
        gave[seat] = Outcome()
        return
    got: dict[str, int] = {}
    paid: dict[str, int] = {}
    for key, was, is_, payable in zip(COUNTED, before, now, _PAYABLE_AT):
        if is_ != was:
            if is_ > was:
                got[key] = is_ - was
            elif payable:
                paid[key] = was - is_
    if now[_OWNED:] == before[_OWNED:]:     # no card, building or igloo taken
        gave[seat] = Outcome(got, paid, [], 0)
        return
    cards, buildings, igloos, unseen = before[_OWNED:]
    new_unseen = board.face_down[unseen:]
    bought = [c for c in board.cards[cards:] if c not in new_unseen] + board.buildings[buildings:]
    bought += ["igloo"] * (len(board.igloos) - igloos)
    gave[seat] = Outcome(got, paid, bought, len(new_unseen))


_OWNED = len(COUNTED)                                       # where the counts of cards and the rest start
_PAYABLE_AT = tuple(key in PAYABLE for key in COUNTED)
