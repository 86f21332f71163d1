"""The four wild animals of option ``wild_animals``, as data: A01-A04.

The rules summary gives only the idea (four animal cards in the
civilization deck, each lowering every roll by 1, 2 or 3 until as many
people as there are players drive it off, then a die per person for a
reward). The names, penalties and reward tables are ours
(docs/orders-stoneage.md, Decisions 38-45): the weaker the animal, the
plainer its rewards; the sabre-tooth costs most and pays best.
"""
from __future__ import annotations

from dataclasses import dataclass

# What an animal's die can give: a good (an amount of it), a tool step, agriculture +1, points.
REWARD_KINDS = ("food", "wood", "clay", "stone", "gold", "tool", "field", "points")


@dataclass(frozen=True)
class Reward:
    kind: str            # one of REWARD_KINDS
    amount: int = 1

    def __str__(self) -> str:
        if self.kind == "tool":
            return "a tool step"
        if self.kind == "field":
            return "agriculture +1"
        return f"{self.amount} {self.kind}"


@dataclass(frozen=True)
class Animal:
    id: str
    name: str                          # the word of the orders: PLACE 2 wolf
    title: str                         # how the reports name it
    penalty: int                       # taken off the total of every roll for goods
    rewards: tuple[Reward, ...]        # by die face, 1 to 6

    def reward(self, face: int) -> Reward:
        return self.rewards[face - 1]

    def __str__(self) -> str:
        table = ", ".join(f"{face}: {r}" for face, r in enumerate(self.rewards, 1))
        return f"{self.id} {self.title} (-{self.penalty} on every roll for goods; a die: {table})"


def _r(kind: str, amount: int = 1) -> Reward:
    return Reward(kind, amount)


ANIMALS: dict[str, Animal] = {a.id: a for a in (
    Animal("A01", "wolf", "wolf", 1,
           (_r("food", 2), _r("food", 3), _r("wood"), _r("clay"), _r("stone"), _r("tool"))),
    Animal("A02", "boar", "wild boar", 1,
           (_r("food", 3), _r("food", 4), _r("wood"), _r("wood", 2), _r("clay"), _r("stone"))),
    Animal("A03", "bear", "cave bear", 2,
           (_r("food", 3), _r("clay"), _r("stone"), _r("gold"), _r("tool"), _r("field"))),
    Animal("A04", "tiger", "sabre-toothed tiger", 3,
           (_r("stone"), _r("gold"), _r("tool"), _r("field"), _r("points", 4), _r("points", 6))),
)}
ANIMAL_DECK: tuple[str, ...] = tuple(ANIMALS)
# The location word of each animal, and the words an order may use for it (its name or its id).
BY_NAME: dict[str, Animal] = {a.name: a for a in ANIMALS.values()}
WORDS: dict[str, str] = {**{a.name: a.name for a in ANIMALS.values()},
                         **{a.id.lower(): a.name for a in ANIMALS.values()}}
