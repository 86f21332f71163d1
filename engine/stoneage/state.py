"""The position of a game of Stone Age, as plain data with canonical, versioned JSON.

Like Valley's, the state is a set of small mutable dataclasses: a phase
works on ``State.copy()`` and never changes the state it was given. What can
be counted from other fields is not stored (people on a location, people in
the supply), so the stored facts cannot disagree.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from enum import Enum
from itertools import compress
from operator import not_
from typing import Any

from engine.stoneage.goods import GOODS, RESOURCES, Good
from engine.stoneage.herd import TILES as HERD_TILES
from engine.stoneage.played import Played

_WOOD, _CLAY, _STONE, _GOLD = RESOURCES
# A good's field: its plain name (a Good, a str subclass, is read more slowly as an attribute name).
_FIELD: dict[str, str] = {g: g.value for g in GOODS}
FORMAT_VERSION = 1
PEOPLE_PER_COLOUR = 10      # people a seat can ever own; the rest wait in the supply
MAX_AGRICULTURE = 10
TOOL_SLOTS = 3
MAX_TOOL = 4


class Stage(str, Enum):
    """The phase the round is in (the phase the next decision belongs to)."""

    PLACEMENT = "placement"
    ACTIONS = "actions"
    HERD = "herd"            # the taming roll, after the actions and before feeding
    FEEDING = "feeding"
    OVER = "over"

    def __str__(self) -> str:
        return str.__str__(self)


def _three(value: Any) -> list[Any]:
    return [value] * TOOL_SLOTS


@dataclass
class PlayerBoard:
    """One seat's board: people, goods, tools, agriculture, score and what it owns."""

    people: int = 5
    food: int = 0
    wood: int = 0
    clay: int = 0
    stone: int = 0
    gold: int = 0
    agriculture: int = 0
    score: int = 0
    tools: list[int] = field(default_factory=lambda: _three(0))            # the three slot values
    tools_used: list[bool] = field(default_factory=lambda: _three(False))  # per slot, this round
    one_use: list[int] = field(default_factory=list)     # one-use tools held, by value
    cards: list[str] = field(default_factory=list)       # civilization cards owned, as bought
    buildings: list[str] = field(default_factory=list)   # building tiles owned, as bought
    face_down: list[str] = field(default_factory=list)   # of ``cards``, those taken unseen (G05): private
    placed: dict[str, int] = field(default_factory=dict)  # location -> people, in the order placed
    igloos: list[str] = field(default_factory=list)      # option igloos: the kind paid for each, as bought
    winter: int = 0                                      # option harsh_winter: points scored by extras
    held: dict[str, int] = field(default_factory=dict)   # option wild_animals: people left on an animal
    jewels: int = 0                                      # option merchant: jewels held (no resource)
    merchant: int = 0                                    # option merchant: the level on the merchant track
    traded: bool = False                                 # option merchant: traded this round already

    def amount(self, good: Good) -> int:
        return getattr(self, _FIELD.get(good, good))     # a Good is the str of its field's name

    def add(self, good: Good, n: int) -> None:
        """Add ``n`` (or take, when negative) of ``good``; never below 0."""
        name = _FIELD.get(good, good)
        now = getattr(self, name) + n
        setattr(self, name, now if now > 0 else 0)

    @property
    def resources(self) -> int:
        """Wood, clay, stone and gold held (food is not a resource)."""
        return self.wood + self.clay + self.stone + self.gold

    def resource_counts(self) -> dict[Good, int]:
        """Each resource held, in the order of RESOURCES (food is not a resource)."""
        return {_WOOD: self.wood, _CLAY: self.clay, _STONE: self.stone, _GOLD: self.gold}

    @property
    def free(self) -> int:
        """People not yet placed this round (nor left on a wild animal from an earlier one)."""
        free = self.people - sum(self.placed.values())
        return free - sum(self.held.values()) if self.held else free

    @property
    def tool_total(self) -> int:
        return sum(self.tools)

    def unused_tools(self) -> tuple[int, ...]:
        """Values of the permanent tools not yet used this round."""
        return tuple(filter(None, compress(self.tools, map(not_, self.tools_used))))

    def gain_tool(self) -> bool:
        """One tool step (a tool maker visit): the first lowest slot below 4 goes up by one."""
        low = min(self.tools)
        if low >= MAX_TOOL:
            return False
        self.tools[self.tools.index(low)] += 1
        return True

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {g.value: self.amount(g) for g in GOODS}
        out.update(people=self.people, agriculture=self.agriculture, score=self.score,
                   tools=list(self.tools), tools_used=list(self.tools_used), one_use=list(self.one_use),
                   cards=list(self.cards), buildings=list(self.buildings), face_down=list(self.face_down),
                   placed=[[loc, n] for loc, n in self.placed.items()])   # a list keeps the order
        if self.igloos:                     # the variants' keys only when they hold something
            out["igloos"] = list(self.igloos)
        if self.winter:
            out["winter"] = self.winter
        if self.held:
            out["held"] = dict(self.held)
        for key in ("jewels", "merchant", "traded"):
            if getattr(self, key):
                out[key] = getattr(self, key)
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> PlayerBoard:
        return cls(people=d["people"], agriculture=d["agriculture"], score=d["score"],
                   tools=list(d["tools"]), tools_used=list(d["tools_used"]), one_use=list(d["one_use"]),
                   cards=list(d["cards"]), buildings=list(d["buildings"]),
                   face_down=list(d.get("face_down", [])),
                   placed={loc: n for loc, n in d["placed"]}, igloos=list(d.get("igloos", [])),
                   winter=d.get("winter", 0), held=dict(d.get("held", {})), jewels=d.get("jewels", 0),
                   merchant=d.get("merchant", 0), traded=d.get("traded", False),
                   **{g.value: d[g.value] for g in GOODS})

    def copy(self) -> PlayerBoard:
        """``from_dict(to_dict())`` without the dict in between."""
        return PlayerBoard(self.people, self.food, self.wood, self.clay, self.stone, self.gold,
                           self.agriculture, self.score, list(self.tools), list(self.tools_used),
                           list(self.one_use), list(self.cards), list(self.buildings), list(self.face_down),
                           dict(self.placed), list(self.igloos), self.winter, dict(self.held),
                           self.jewels, self.merchant, self.traded)


@dataclass
class Plan:
    """A seat's kept orders for decisions still to come (its plan or pre-orders)."""

    lines: list[str]       # the orders in normal form, as the parser prints them
    written: int           # the step they were sent at: a guard against a changed position
    used: int = 0          # PLACE lines already played or skipped this round
    skipped: list[int] = field(default_factory=list)    # of ``lines``, those skipped (from 1)
    standing: bool = False  # only standing policies carried from an earlier round: no sheet yet

    def to_dict(self) -> dict[str, Any]:
        return {"lines": list(self.lines), "written": self.written, "used": self.used,
                "skipped": list(self.skipped), **({"standing": True} if self.standing else {})}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Plan:
        return cls(list(d["lines"]), d["written"], d["used"], list(d.get("skipped", [])), d.get("standing", False))

    def copy(self) -> Plan:
        return Plan(list(self.lines), self.written, self.used, list(self.skipped), self.standing)


@dataclass
class Herd:
    """The Mammoth Herd: present only in games with the option."""

    tiles: list[str]                  # face down, top first
    at: str = ""                      # the location the herd stands on; '' once it is all tamed
    tile: str = ""                    # the tile face up this round; '' once it is tamed or gone
    won: dict[str, list[str]] = field(default_factory=dict)   # tiles won, per seat
    tamers: dict[str, int] = field(default_factory=dict)      # people on the face-up tile, per seat

    def turn_up(self) -> None:
        """A round starts: the herd goes where the top tile's back says and that tile turns up;
        with no tile left the herd is tamed and leaves."""
        self.tamers = {}
        if not self.tiles:
            self.at = self.tile = ""
            return
        self.tile = self.tiles.pop(0)
        self.at = HERD_TILES[self.tile].location

    def to_dict(self) -> dict[str, Any]:
        return {"tiles": list(self.tiles), "at": self.at, "tile": self.tile,
                "won": {p: list(v) for p, v in self.won.items()}, "tamers": dict(self.tamers)}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Herd:
        return cls(list(d["tiles"]), d["at"], d["tile"], {p: list(v) for p, v in d["won"].items()},
                   dict(d["tamers"]))

    def copy(self) -> Herd:
        return Herd(list(self.tiles), self.at, self.tile, {p: list(v) for p, v in self.won.items()},
                    dict(self.tamers))


@dataclass
class State:
    players: list[str]                   # seats in clockwise order
    options: dict[str, Any]
    boards: dict[str, PlayerBoard]
    start_player: str
    round: int = 1
    step: int = 0                        # resolves so far
    stage: Stage = Stage.PLACEMENT
    turn: str = ""                       # the seat to place or act now; '' when none is
    decision: str = ""                   # what ``turn`` is asked ('' when nothing waits)
    civ_slots: list[str] = field(default_factory=lambda: [""] * 4)   # card1 (cost 1) .. card4; '' empty
    civ_deck: list[str] = field(default_factory=list)                # face down, top first
    buildings: list[list[str]] = field(default_factory=list)         # stacks left to right, top first
    herd: Herd | None = None
    animals: list[str] = field(default_factory=list)    # option wild_animals: in play, as revealed
    jewel_card: str = ""                                 # option merchant: the jewel slot's card; '' empty
    plans: dict[str, Plan] = field(default_factory=dict)
    winners: list[str] | None = None
    reason: str = ""
    played: Played | None = None         # the round last played, for the reports (engine.stoneage.played)

    # -- asking ------------------------------------------------------------
    def board(self, seat: str) -> PlayerBoard:
        return self.boards[seat]

    def turn_order(self) -> list[str]:
        """Seats clockwise from the start player."""
        at = self.players.index(self.start_player)
        return self.players[at:] + self.players[:at]

    def left_of(self, seat: str) -> str:
        """The next seat clockwise (the start player token passes to it)."""
        return self.players[(self.players.index(seat) + 1) % len(self.players)]

    def people_on(self, location: str) -> dict[str, int]:
        """Who has people on ``location`` this round, and how many, in seat order."""
        return {p: self.boards[p].placed[location] for p in self.players if location in self.boards[p].placed}

    def supply(self, seat: str) -> int:
        """People of the seat's colour still in the supply (food and resources are unlimited)."""
        return PEOPLE_PER_COLOUR - self.boards[seat].people

    def top_tile(self, stack: int) -> str:
        """The top tile of stack ``stack`` (from 1), or '' when it is empty or not in play."""
        if not 1 <= stack <= len(self.buildings) or not self.buildings[stack - 1]:
            return ""
        return self.buildings[stack - 1][0]

    # -- serialisation -----------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "ruleset": "stoneage", "format": FORMAT_VERSION,
            "players": list(self.players), "options": dict(self.options),
            "boards": {p: self.boards[p].to_dict() for p in self.players},
            "start_player": self.start_player, "round": self.round, "step": self.step,
            "stage": self.stage.value, "turn": self.turn, "decision": self.decision,
            "civ_slots": list(self.civ_slots), "civ_deck": list(self.civ_deck),
            "buildings": [list(s) for s in self.buildings],
            "plans": {p: plan.to_dict() for p, plan in self.plans.items()},
            "winners": None if self.winners is None else list(self.winners), "reason": self.reason,
        }
        if self.herd is not None:
            out["herd"] = self.herd.to_dict()
        if self.animals:
            out["animals"] = list(self.animals)
        if self.jewel_card:
            out["jewel_card"] = self.jewel_card
        if self.played is not None:
            out["played"] = self.played.to_dict()
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> State:
        if d.get("ruleset") != "stoneage":
            raise ValueError("this state is not a Stone Age state")
        if d.get("format") != FORMAT_VERSION:
            raise ValueError(f"state format {d.get('format')!r} is not {FORMAT_VERSION}")
        return cls(
            players=list(d["players"]), options=dict(d["options"]),
            boards={p: PlayerBoard.from_dict(b) for p, b in d["boards"].items()},
            start_player=d["start_player"], round=d["round"], step=d["step"], stage=Stage(d["stage"]),
            turn=d["turn"], decision=d["decision"], civ_slots=list(d["civ_slots"]),
            civ_deck=list(d["civ_deck"]), buildings=[list(s) for s in d["buildings"]],
            herd=Herd.from_dict(d["herd"]) if "herd" in d else None, animals=list(d.get("animals", [])),
            jewel_card=d.get("jewel_card", ""), plans={p: Plan.from_dict(v) for p, v in d["plans"].items()},
            winners=None if d["winners"] is None else list(d["winners"]), reason=d["reason"],
            played=Played.from_dict(d["played"]) if "played" in d else None)

    def to_json(self) -> str:
        """Canonical JSON: sorted keys, no spaces, ``placed`` in the order placed."""
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> State:
        return cls.from_dict(json.loads(text))

    def copy(self, played: bool = True) -> State:
        """A deep copy that shares nothing with this state: ``from_dict(to_dict())``, field by
        field (every resolve starts with one). ``played`` False leaves the record of the round
        last played out (None), for a caller that is about to replace it."""
        return State(
            players=list(self.players), options=dict(self.options),
            boards={p: self.boards[p].copy() for p in self.players}, start_player=self.start_player,
            round=self.round, step=self.step, stage=self.stage, turn=self.turn, decision=self.decision,
            civ_slots=list(self.civ_slots), civ_deck=list(self.civ_deck),
            buildings=[list(s) for s in self.buildings],
            herd=self.herd.copy() if self.herd is not None else None, animals=list(self.animals),
            jewel_card=self.jewel_card, plans={p: plan.copy() for p, plan in self.plans.items()},
            winners=None if self.winners is None else list(self.winners), reason=self.reason,
            played=self.played.copy() if played and self.played is not None else None)
