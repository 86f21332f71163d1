"""The typed orders of Valley of the Mammoths, each printing its normal form."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Place:
    """Setup: ranked start spaces. Later: ranked edge spaces for a comeback."""
    spaces: tuple[str, ...]
    line: int = field(default=0, compare=False)

    def __str__(self) -> str:
        return "PLACE " + " ".join(self.spaces)


@dataclass(frozen=True)
class Plant:
    space: str
    line: int = field(default=0, compare=False)

    def __str__(self) -> str:
        return f"PLANT {self.space}"


@dataclass(frozen=True)
class Move:
    w: int
    f: int
    path: tuple[str, ...]
    line: int = field(default=0, compare=False)

    @property
    def tokens(self) -> str:
        return " ".join(([f"{self.w}W"] if self.w else []) + ([f"{self.f}F"] if self.f else []))

    def __str__(self) -> str:
        return f"MOVE {self.tokens} {'-'.join(self.path)}"


@dataclass(frozen=True)
class Camp:
    space: str
    line: int = field(default=0, compare=False)

    def __str__(self) -> str:
        return f"CAMP {self.space}"


@dataclass(frozen=True)
class Fire:
    space: str
    line: int = field(default=0, compare=False)

    def __str__(self) -> str:
        return f"FIRE {self.space}"


@dataclass(frozen=True)
class Play:
    card: str
    args: tuple[str, ...]
    line: int = field(default=0, compare=False)

    def __str__(self) -> str:
        return " ".join(("PLAY", self.card) + self.args)

    def as_move(self) -> "Move":
        """A moving card (forced_march, raft) as the move it makes."""
        tokens, path = self.args
        w = sum(int(p[:-1] or 1) for p in tokens.split() if p.endswith("W"))
        f = sum(int(p[:-1] or 1) for p in tokens.split() if p.endswith("F"))
        return Move(w, f, tuple(path.split("-")), self.line)


@dataclass(frozen=True)
class CombatOrder:
    spaces: tuple[str, ...]
    line: int = field(default=0, compare=False)

    def __str__(self) -> str:
        return "COMBAT " + " ".join(self.spaces)


@dataclass(frozen=True)
class Standing:
    """LOSSES, CONQUER or STARVE: a choice the rules leave to the moment."""
    key: str      # losses | conquer | starve
    value: str    # warriors | females | occupy | burn
    line: int = field(default=0, compare=False)

    def __str__(self) -> str:
        return f"{self.key.upper()} {self.value.upper()}"


STANDING_VALUES = {
    "losses": ("warriors", "females"),
    "conquer": ("occupy", "burn"),
    "starve": ("warriors", "females"),
}
