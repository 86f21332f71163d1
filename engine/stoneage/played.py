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


class Outcome:
    """What one seat's people got at one location: ``got`` (COUNTED -> gained; score: points),
    ``paid`` (PAYABLE -> given up), ``bought`` (card and building ids, in the order taken) and
    ``unseen`` (cards taken face down, never named). Made by :func:`record` from the board's
    counts before and after, ``got`` and ``paid`` are worked out when first read (bots' games
    never read most of them)."""

    __slots__ = ("_got", "_paid", "bought", "unseen", "_counts")

    def __init__(self, got: dict[str, int] | None = None, paid: dict[str, int] | None = None,
                 bought: list[str] | None = None, unseen: int = 0,
                 counts: tuple[tuple[int, ...], tuple[int, ...]] | None = None) -> None:
        """``counts``: the board's counts (:func:`counts`) before and after, ``got`` and ``paid``
        to be worked out from them."""
        self._got = {} if got is None else got
        self._paid = {} if paid is None else paid
        self.bought = [] if bought is None else bought
        self.unseen = unseen
        self._counts = counts

    @property
    def got(self) -> dict[str, int]:
        if self._counts is not None:
            self._settle()
        return self._got

    @property
    def paid(self) -> dict[str, int]:
        if self._counts is not None:
            self._settle()
        return self._paid

    def _settle(self) -> None:
        """Work out ``got`` and ``paid`` from the counts."""
        assert self._counts is not None
        before, now = self._counts
        got, paid = self._got, self._paid
        for at in _COUNTED_AT:
            change = now[at] - before[at]
            if change > 0:
                got[COUNTED[at]] = change
            elif change and _PAYABLE_AT[at]:
                paid[COUNTED[at]] = -change
        self._counts = None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Outcome) and self._fields() == other._fields()

    __hash__ = None             # type: ignore[assignment]  # unhashable: it can change (as the dataclass it was)

    def __repr__(self) -> str:
        got, paid, bought, unseen = self._fields()
        return f"Outcome(got={got!r}, paid={paid!r}, bought={bought!r}, unseen={unseen!r})"

    def _fields(self) -> tuple[Any, ...]:
        return self.got, self.paid, self.bought, self.unseen

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, value in zip(("got", "paid", "bought", "unseen"), self._fields()):
            if value:
                out[key] = value
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
        for location, n in st.boards[seat].placed.items():
            people.setdefault(location, {})[seat] = n
    st.played = Played(st.round, people)


def counts(board: PlayerBoard) -> tuple[int, ...]:
    """What :func:`record` compares, taken before a location resolves: the COUNTED figures,
    then the numbers of cards, buildings, igloos and cards face down."""
    return (board.food, board.wood, board.clay, board.stone, board.gold, board.people, board.agriculture,
            sum(board.tools) + len(board.one_use), board.jewels, board.merchant, board.score,
            len(board.cards), len(board.buildings), len(board.igloos), len(board.face_down))


def record(st: State, seat: str, location: str, before: tuple[int, ...]) -> tuple[int, ...]:
    """What ``location`` gave ``seat``, from the board's counts ``before`` it resolved and now;
    the counts now."""
    board = st.boards[seat]
    now = counts(board)
    played = st.played
    if played is None:
        return now
    gave = played.gave.get(location)
    if gave is None:
        gave = played.gave[location] = {}
    if now[_OWNED:] == before[_OWNED:]:     # no card, building or igloo taken: nothing bought
        gave[seat] = Outcome(None, None, [], 0, (before, now))
        return now
    cards, buildings, igloos, unseen = before[_OWNED:]
    new_unseen = board.face_down[unseen:]
    bought = [c for c in board.cards[cards:] if c not in new_unseen] + board.buildings[buildings:]
    bought += ["igloo"] * (len(board.igloos) - igloos)
    gave[seat] = Outcome(None, None, bought, len(new_unseen), (before, now))
    return now


_OWNED = len(COUNTED)                                       # where the counts of cards and the rest start
_COUNTED_AT = range(_OWNED)                                 # the places of COUNTED's counts
_PAYABLE_AT = tuple(key in PAYABLE for key in COUNTED)
