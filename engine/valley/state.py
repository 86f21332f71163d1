"""The position of a game of Valley of the Mammoths, as plain data.

Values are small dataclasses that serialise to canonical, versioned JSON.
The engine never changes a state it was given: :func:`resolve` works on a
copy (``State.copy``).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from engine import hexgrid
from engine.valley.board import Board
from engine.valley.boards import standard_board

FORMAT_VERSION = 1
SEASONS = ("summer", "winter")
MAX_WARRIORS = 10
MAX_FEMALES = 6
MAX_CAMPS = 5


@dataclass(slots=True)
class Tokens:
    """One tribe's warriors and females on one space."""

    w: int = 0
    f: int = 0

    @property
    def total(self) -> int:
        return self.w + self.f

    def __str__(self) -> str:
        parts = [f"{self.w}W"] if self.w else []
        if self.f:
            parts.append(f"{self.f}F")
        return " ".join(parts)


@dataclass(slots=True)
class Space:
    tribes: dict[str, Tokens] = field(default_factory=dict)
    animals: dict[str, list[str]] = field(default_factory=dict)  # species -> token letters
    camp: str | None = None
    crop: str | None = None          # "ok" or "damaged"
    wildfire: bool = False
    flooded: bool = False
    lava: bool = False

    def humans(self) -> int:
        return sum(t.w + t.f for t in self.tribes.values())

    def animal_count(self) -> int:
        n = 0
        for v in self.animals.values():
            n += len(v)
        return n

    def others(self, player: str) -> int:
        """Animal and enemy tokens a tribe of ``player`` faces here."""
        n = 0
        for v in self.animals.values():
            n += len(v)
        for p, t in self.tribes.items():
            if p != player:
                n += t.w + t.f
        return n

    def is_empty(self) -> bool:
        return not (self.tribes or self.animals or self.camp or self.crop
                    or self.wildfire or self.flooded or self.lava)

    def blocked(self) -> bool:
        return self.wildfire or self.flooded

    def tidy(self) -> None:
        tribes, animals = self.tribes, self.animals
        if tribes:
            for p in [p for p, t in tribes.items() if t.w + t.f <= 0]:
                del tribes[p]
        if animals:
            for s in [s for s, v in animals.items() if not v]:
                del animals[s]

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.tribes:
            out["tribes"] = {p: [t.w, t.f] for p, t in sorted(self.tribes.items())}
        if self.animals:
            out["animals"] = {s: sorted(v) for s, v in sorted(self.animals.items())}
        for key in ("camp", "crop"):
            if getattr(self, key):
                out[key] = getattr(self, key)
        for key in ("wildfire", "flooded", "lava"):
            if getattr(self, key):
                out[key] = True
        return out

    def copy(self) -> "Space":
        """``Space.from_dict(self.to_dict())``, made directly: seats and species sorted."""
        tribes, animals = self.tribes, self.animals
        if tribes:
            tribes = {p: Tokens(t.w, t.f) for p, t in (sorted(tribes.items()) if len(tribes) > 1 else tribes.items())}
        if animals:
            animals = {s: sorted(v) for s, v in (sorted(animals.items()) if len(animals) > 1 else animals.items())}
        # positional, in the order of the fields: tribes, animals, camp, crop, wildfire, flooded, lava
        return Space(tribes or {}, animals or {}, self.camp or None, self.crop or None, bool(self.wildfire),
                     bool(self.flooded), bool(self.lava))

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Space":
        return cls(
            tribes={p: Tokens(w, f) for p, (w, f) in d.get("tribes", {}).items()},
            animals={s: list(v) for s, v in d.get("animals", {}).items()},
            camp=d.get("camp"), crop=d.get("crop"),
            wildfire=d.get("wildfire", False), flooded=d.get("flooded", False),
            lava=d.get("lava", False))


STANDING_DEFAULTS = {"losses": "warriors", "conquer": "occupy", "starve": "warriors"}


@dataclass(slots=True)
class Tribe:
    food: int = 0
    fire: bool = False
    hand: list[str] = field(default_factory=list)
    warned: bool = False          # ended the last turn with 4 or more camps
    resurrected: bool = False     # has used its second chance
    rising: bool = False          # comes back at the start of the next turn
    out: bool = False             # eliminated
    standing: dict[str, str] = field(default_factory=lambda: dict(STANDING_DEFAULTS))
    armed: list[list[str]] = field(default_factory=list)   # played fate cards waiting: [card, args...]

    def to_dict(self) -> dict[str, Any]:
        return {"food": self.food, "fire": self.fire, "hand": list(self.hand),
                "warned": self.warned, "resurrected": self.resurrected,
                "rising": self.rising, "out": self.out, "standing": dict(sorted(self.standing.items())),
                "armed": [list(a) for a in self.armed]}

    def copy(self) -> "Tribe":
        """``Tribe.from_dict(self.to_dict())``, made directly."""
        # positional, in the order of the fields
        return Tribe(self.food, self.fire, list(self.hand), self.warned, self.resurrected, self.rising, self.out,
                     dict(sorted(self.standing.items())), [list(a) for a in self.armed] if self.armed else [])

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Tribe":
        return cls(food=d["food"], fire=d["fire"], hand=list(d["hand"]), warned=d["warned"],
                   resurrected=d["resurrected"], rising=d["rising"], out=d["out"],
                   standing=dict(d["standing"]), armed=[list(a) for a in d.get("armed", [])])


@dataclass
class State:
    board_ref: dict[str, Any]
    options: dict[str, Any]
    players: list[str]
    tribes: dict[str, Tribe]
    first_player: str
    year: int = 1
    season: str = "summer"
    turn: int = 2
    game_turn: int = 0            # 0 while the tribes are being placed, then 1, 2, ...
    stage: str = "setup"          # setup | orders | over
    spaces: dict[str, Space] = field(default_factory=dict)
    bag: list[str] = field(default_factory=list)
    decks: dict[str, list[str]] = field(default_factory=lambda: {"summer": [], "winter": [], "fate": []})
    discards: dict[str, list[str]] = field(default_factory=lambda: {"summer": [], "winter": [], "fate": []})
    lasting: list[str] = field(default_factory=list)
    winners: list[str] | None = None
    reason: str = ""
    _board: Board | None = field(default=None, init=False, repr=False, compare=False)

    # -- the board ---------------------------------------------------------
    @property
    def board(self) -> Board:
        if self._board is None:
            ref = self.board_ref
            if ref.get("name") != "custom":
                self._board = standard_board(ref["name"])
            else:
                self._board = Board.from_spec({k: v for k, v in ref.items() if k != "name"})
        return self._board

    def space(self, name: str) -> Space:
        """The contents of ``name``, created empty on first use."""
        found = self.spaces.get(name)
        if found is None:
            found = self.spaces[name] = Space()
        return found

    def peek(self, name: str) -> Space | None:
        return self.spaces.get(name)

    # -- counting ----------------------------------------------------------
    def tokens(self, player: str, name: str) -> Tokens:
        sp = self.spaces.get(name)
        t = sp.tribes.get(player) if sp else None
        return t if t is not None else Tokens()

    def totals(self, player: str) -> Tokens:
        w = f = 0
        for sp in self.spaces.values():
            t = sp.tribes.get(player)
            if t is not None:
                w += t.w
                f += t.f
        return Tokens(w, f)

    def camps(self, player: str) -> list[str]:
        return sorted((n for n, sp in self.spaces.items() if sp.camp == player), key=hexgrid.sort_key)

    def camp_count(self, player: str) -> int:
        """``len(self.camps(player))``, without listing them."""
        n = 0
        for sp in self.spaces.values():
            if sp.camp == player:
                n += 1
        return n

    def has_camp(self, player: str) -> bool:
        """``bool(self.camps(player))``."""
        return any(sp.camp == player for sp in self.spaces.values())

    def wiped_out(self, player: str) -> bool:
        """No tokens and no camps left on the board (the tribe is eliminated)."""
        return self.totals(player).total == 0 and not self.has_camp(player)

    def in_play(self) -> list[str]:
        """Seats still in the game, clockwise."""
        return [p for p in self.players if not self.tribes[p].out]

    def turn_order(self) -> list[str]:
        """Seats in play, clockwise from the First Player."""
        seats = self.players
        start = seats.index(self.first_player) if self.first_player in seats else 0
        ordered = seats[start:] + seats[:start]
        return [p for p in ordered if not self.tribes[p].out]

    def is_first_turn(self) -> bool:
        return self.game_turn == 1

    def season_length(self) -> int:
        """3 turns, or 4 under a mild autumn (summer) or a long winter (winter)."""
        longer = "mild_autumn" if self.season == "summer" else "long_winter"
        return 4 if longer in self.lasting else 3

    def river_blocks(self, a: str, b: str) -> bool:
        """A river between a and b that stops tribes and animals (not when frozen)."""
        return "frozen_rivers" not in self.lasting and self.board.river_between(a, b)

    def fishing(self, name: str) -> bool:
        """Fishing on a lake shore, or a river bank unless the rivers are dry or frozen."""
        return name in self.fishing_spaces()

    def fishing_spaces(self) -> frozenset[str]:
        """The spaces where a tribe fishes now (:meth:`fishing`), as a set of names."""
        if "frozen_rivers" in self.lasting or "drought" in self.lasting:
            return self.board.lake_shore
        return self.board.fishing

    def last_turn_of_season(self) -> bool:
        return self.turn >= self.season_length()

    # -- serialisation -----------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        spaces = {n: sp.to_dict() for n, sp in self.spaces.items() if not sp.is_empty()}
        return {
            "format": FORMAT_VERSION, "ruleset": "valley",
            "board": self.board_ref, "options": dict(sorted(self.options.items())),
            "players": list(self.players),
            "tribes": {p: self.tribes[p].to_dict() for p in self.players},
            "first_player": self.first_player,
            "year": self.year, "season": self.season, "turn": self.turn,
            "game_turn": self.game_turn, "stage": self.stage,
            "spaces": {n: spaces[n] for n in sorted(spaces, key=hexgrid.sort_key)},
            "bag": sorted(self.bag),
            "decks": {k: list(v) for k, v in sorted(self.decks.items())},
            "discards": {k: list(v) for k, v in sorted(self.discards.items())},
            "lasting": list(self.lasting),
            "winners": None if self.winners is None else list(self.winners),
            "reason": self.reason,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "State":
        if d.get("ruleset") != "valley":
            raise ValueError("this state is not a Valley of the Mammoths state")
        if d.get("format") != FORMAT_VERSION:
            raise ValueError(f"state format {d.get('format')!r} is not {FORMAT_VERSION}")
        return cls(
            board_ref=dict(d["board"]), options=dict(d["options"]), players=list(d["players"]),
            tribes={p: Tribe.from_dict(t) for p, t in d["tribes"].items()},
            first_player=d["first_player"], year=d["year"], season=d["season"], turn=d["turn"],
            game_turn=d["game_turn"], stage=d["stage"],
            spaces={n: Space.from_dict(s) for n, s in d["spaces"].items()},
            bag=list(d["bag"]),
            decks={k: list(v) for k, v in d["decks"].items()},
            discards={k: list(v) for k, v in d["discards"].items()},
            lasting=list(d["lasting"]),
            winners=None if d["winners"] is None else list(d["winners"]), reason=d["reason"])

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> "State":
        return cls.from_dict(json.loads(text))

    def copy(self) -> "State":
        """The state as its JSON round trip gives it back (``from_dict(to_dict())``: empty spaces
        dropped, everything in canonical order), made directly; it shares the board."""
        kept = sorted((n for n, sp in self.spaces.items() if not sp.is_empty()), key=hexgrid.sort_key)
        new = State(
            board_ref=dict(self.board_ref), options=dict(sorted(self.options.items())),
            players=list(self.players), tribes={p: self.tribes[p].copy() for p in self.players},
            first_player=self.first_player, year=self.year, season=self.season, turn=self.turn,
            game_turn=self.game_turn, stage=self.stage, spaces={n: self.spaces[n].copy() for n in kept},
            bag=sorted(self.bag), decks={k: list(v) for k, v in sorted(self.decks.items())},
            discards={k: list(v) for k, v in sorted(self.discards.items())}, lasting=list(self.lasting),
            winners=None if self.winners is None else list(self.winners), reason=self.reason)
        new._board = self._board
        return new

    def tidy(self) -> None:
        """Drop empty spaces and put unordered collections in canonical order,
        so that a state equals its own JSON round trip."""
        gone = []
        for name, sp in self.spaces.items():
            sp.tidy()
            if sp.is_empty():
                gone.append(name)
            elif sp.animals:
                for letters in sp.animals.values():
                    letters.sort()
        for name in gone:
            del self.spaces[name]
        self.bag.sort()
