"""The position of a game of Dewan, as plain data with canonical, versioned JSON.

A phase works on ``State.copy()`` and never changes the state it was given.
Cards are card texts (engine.dewan.cards), hexes are map names, story tiles
are ids whose definitions travel in ``tiles`` so a state needs no data file.
What can be counted from other fields is not stored (a seat's fire, the
berry tokens still on the map, the bonus of its next camp).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Callable

from engine.dewan.board import Board
from engine.dewan.cards import card
from engine.dewan.stories import Holding, Need, Story

FORMAT_VERSION = 1
BOARD_CAMPS = 8          # camps on a tribe board at the start
ROW_SIZE = 6
STORY_ROW_SIZE = 5
DRAFT, PLAY, OVER = "draft", "play", "over"
BASE_SCORING = {"story_points": 1, "fire_each": 1, "most_fire": 4, "berry_each": 2, "group_of_2_plus": 4}
"""The game help's base scenario: multipliers of each scoring line."""


def story_dict(story: Story) -> dict[str, Any]:
    return {"id": story.id, "name": story.name, "points": story.points, "fire": story.fire,
            "needs": [n.to_dict() for n in story.needs]}


def story_from(d: dict[str, Any]) -> Story:
    return Story(d["id"], d["name"], int(d["points"]), int(d.get("fire", 0)),
                 tuple(Need.from_dict(n) for n in d["needs"]))


@dataclass
class Plan:
    """A seat's kept pre-orders: lines in normal form, and the round they came in (the draft: 0)."""

    lines: list[str]
    written: int

    def to_dict(self) -> dict[str, Any]:
        return {"lines": list(self.lines), "written": self.written}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Plan:
        return cls(list(d["lines"]), int(d["written"]))


@dataclass
class State:
    board_spec: dict[str, Any]           # Board.to_spec()
    players: list[str]                   # seats in turn order
    options: dict[str, Any]
    tiles: dict[str, dict[str, Any]]     # story id -> its definition
    to_move: str
    first_player: str                    # who begins each round
    stage: str = PLAY                    # draft | play | over
    row: list[str] = field(default_factory=list)        # 6 face-up cards; '' a gap (mid-turn)
    deck: list[str] = field(default_factory=list)       # face down, top first
    discard: list[str] = field(default_factory=list)
    camps: dict[str, list[str]] = field(default_factory=dict)     # the first is the start camp
    left: dict[str, int] = field(default_factory=dict)            # camps still on the tribe board
    hands: dict[str, list[str]] = field(default_factory=dict)     # private
    tucked: dict[str, list[str]] = field(default_factory=dict)
    stories: dict[str, list[str]] = field(default_factory=dict)   # held, not yet completed
    done: dict[str, list[str]] = field(default_factory=dict)      # completed
    story_row: list[str] = field(default_factory=list)  # 5 face up; '' once the tiles run out
    story_deck: list[str] = field(default_factory=list)
    berries: dict[str, int] = field(default_factory=dict)         # berry tokens taken
    round_ends: bool = False             # a clan has placed its last camp
    round: int = 1                       # the round of turns, from first_player
    turns: int = 0                       # actions played so far
    passes: int = 0                      # turns passed in a row (no action was possible)
    step: int = 0                        # resolves so far
    plans: dict[str, Plan] = field(default_factory=dict)          # kept pre-orders
    scoring: dict[str, int] = field(default_factory=lambda: dict(BASE_SCORING))
    scores: dict[str, int] | None = None
    winners: list[str] | None = None

    # -- asking -----------------------------------------------------------
    @cached_property
    def board(self) -> Board:
        return Board.from_spec(self.board_spec)

    @cached_property
    def memo(self) -> dict[Any, Any]:
        """Figures worked out from what no phase changes (the map, the stories, the scoring),
        kept for this state and its copies: the stories read, the bots' valuations."""
        return {}

    def remembered(self, key: Any, make: Callable[[], Any]) -> Any:
        """``memo[key]``, made by ``make()`` the first time it is asked for."""
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = make()
        return found

    def story(self, story_id: str) -> Story:
        """The story tile ``story_id``, read from ``tiles`` once per state and its copies."""
        found = self.memo.get(("story", story_id))
        if found is None:
            found = self.memo["story", story_id] = story_from(self.tiles[story_id])
        return found

    def owner(self, name: str) -> str | None:
        """The seat with a camp on hex ``name``, or None."""
        return next((p for p in self.players if name in self.camps[p]), None)

    def placed(self, seat: str) -> int:
        """Camps the seat has placed from its tribe board."""
        return max(0, len(self.camps[seat]) - 1)

    def holding(self, seat: str) -> Holding:
        return Holding(frozenset(self.camps[seat]), tuple(self.tucked[seat]), self.berries[seat])

    def fire(self, seat: str) -> int:
        """Fire counted at scoring: completed stories, tucked cards, the last camp."""
        return (sum(self.story(s).fire for s in self.done[seat])
                + sum(card(c).symbol == "fire" for c in self.tucked[seat])
                + (1 if self.left[seat] == 0 else 0))

    def next_seat(self, seat: str) -> str:
        return self.players[(self.players.index(seat) + 1) % len(self.players)]

    # -- serialisation ----------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        seats = self.players
        return {
            "ruleset": "dewan", "format": FORMAT_VERSION, "board": self.board_spec,
            "players": list(seats), "options": dict(self.options),
            "tiles": {k: self.tiles[k] for k in sorted(self.tiles)},
            "to_move": self.to_move, "first_player": self.first_player, "stage": self.stage,
            "row": list(self.row), "deck": list(self.deck), "discard": list(self.discard),
            "camps": {p: list(self.camps[p]) for p in seats}, "left": {p: self.left[p] for p in seats},
            "hands": {p: list(self.hands[p]) for p in seats},
            "tucked": {p: list(self.tucked[p]) for p in seats},
            "stories": {p: list(self.stories[p]) for p in seats},
            "done": {p: list(self.done[p]) for p in seats},
            "story_row": list(self.story_row), "story_deck": list(self.story_deck),
            "berries": {p: self.berries[p] for p in seats}, "round_ends": self.round_ends,
            "round": self.round, "turns": self.turns, "passes": self.passes, "step": self.step,
            "plans": {p: self.plans[p].to_dict() for p in sorted(self.plans)},
            "scoring": dict(self.scoring),
            "scores": None if self.scores is None else dict(self.scores),
            "winners": None if self.winners is None else list(self.winners),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> State:
        if d.get("ruleset") != "dewan":
            raise ValueError("this state is not a Dewan state")
        if d.get("format") != FORMAT_VERSION:
            raise ValueError(f"state format {d.get('format')!r} is not {FORMAT_VERSION}")
        per = lambda key: {p: list(v) for p, v in d[key].items()}  # noqa: E731
        return cls(
            board_spec=d["board"], players=list(d["players"]), options=dict(d["options"]),
            tiles={k: dict(v) for k, v in d["tiles"].items()}, to_move=d["to_move"],
            first_player=d["first_player"], stage=d["stage"], row=list(d["row"]), deck=list(d["deck"]),
            discard=list(d["discard"]), camps=per("camps"), left=dict(d["left"]), hands=per("hands"),
            tucked=per("tucked"), stories=per("stories"), done=per("done"),
            story_row=list(d["story_row"]), story_deck=list(d["story_deck"]), berries=dict(d["berries"]),
            round_ends=d["round_ends"], round=d["round"], turns=d["turns"], passes=d["passes"], step=d["step"],
            plans={p: Plan.from_dict(v) for p, v in d["plans"].items()},
            scoring=dict(d["scoring"]), scores=None if d["scores"] is None else dict(d["scores"]),
            winners=None if d["winners"] is None else list(d["winners"]))

    def to_json(self) -> str:
        """Canonical JSON: sorted keys, no spaces."""
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> State:
        return cls.from_dict(json.loads(text))

    def copy(self) -> State:
        """A copy whose every changing part is its own. It shares what no phase changes:
        the map (``board_spec`` and the board read from it) and the story definitions."""
        seats = self.players
        per = lambda d: {p: list(d[p]) for p in seats}  # noqa: E731
        new = State(
            board_spec=self.board_spec, players=list(self.players), options=dict(self.options),
            tiles=self.tiles, to_move=self.to_move, first_player=self.first_player, stage=self.stage,
            row=list(self.row), deck=list(self.deck), discard=list(self.discard), camps=per(self.camps),
            left={p: self.left[p] for p in seats}, hands=per(self.hands), tucked=per(self.tucked),
            stories=per(self.stories), done=per(self.done), story_row=list(self.story_row),
            story_deck=list(self.story_deck), berries={p: self.berries[p] for p in seats},
            round_ends=self.round_ends, round=self.round, turns=self.turns, passes=self.passes, step=self.step,
            plans={p: Plan(list(self.plans[p].lines), self.plans[p].written) for p in sorted(self.plans)},
            scoring=dict(self.scoring), scores=None if self.scores is None else dict(self.scores),
            winners=None if self.winners is None else list(self.winners))
        for shared in ("board", "memo"):
            if shared in self.__dict__:
                new.__dict__[shared] = self.__dict__[shared]
        return new

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_dict() == other.to_dict()
