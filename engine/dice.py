"""Randomness for the engine, asked by tag so that tests can script it.

``roll(tag)`` is one six-sided die; ``draw(tag, population)`` takes one item
from a population (an animal from the bag, a card from a deck). The engine
never uses any other source of chance.
"""
from __future__ import annotations

import random
from typing import Protocol, Sequence


class DiceError(Exception):
    """A scripted die or draw was missing, left over or not possible."""


class Dice(Protocol):
    def roll(self, tag: str) -> int: ...

    def draw(self, tag: str, population: Sequence[str]) -> str: ...


class SeededDice:
    """Reproducible dice: the same seed gives the same results in the same order."""

    def __init__(self, seed: int | str) -> None:
        self._random = random.Random(str(seed))
        self._bits = self._random.getrandbits

    def roll(self, tag: str) -> int:
        """One die, as ``randint(1, 6)`` rolls it: the first 3 random bits below 6, plus one (the
        same numbers, without randint's three calls a die: the engines roll thousands)."""
        face = self._bits(3)
        while face > 5:
            face = self._bits(3)
        return face + 1

    def draw(self, tag: str, population: Sequence[str]) -> str:
        if not population:
            raise DiceError(f"nothing to draw for {tag}")
        return population[self._random.randrange(len(population))]


def _norm(tag: str) -> str:
    return " ".join(tag.lower().split())


class ScriptedDice:
    """Dice that give exactly the results a test names, tag by tag.

    Running out of a tag, or a draw that is not in the population, raises
    DiceError; :meth:`leftovers` lists what was never used.
    """

    def __init__(self, rolls: dict[str, Sequence[int]] | None = None,
                 draws: dict[str, Sequence[str]] | None = None) -> None:
        self._rolls = {_norm(k): list(v) for k, v in (rolls or {}).items()}
        self._draws = {_norm(k): list(v) for k, v in (draws or {}).items()}

    def roll(self, tag: str) -> int:
        queue = self._rolls.get(_norm(tag))
        if not queue:
            raise DiceError(f"the dice for {tag!r} ran out")
        value = queue.pop(0)
        if not (isinstance(value, int) and 1 <= value <= 6):
            raise DiceError(f"a die for {tag!r} shows {value!r}, not 1 to 6")
        return value

    def draw(self, tag: str, population: Sequence[str]) -> str:
        queue = self._draws.get(_norm(tag))
        if not queue:
            raise DiceError(f"the draws for {tag!r} ran out")
        wanted = str(queue.pop(0))
        if wanted in population:
            return wanted
        loose = [item for item in population if item.lower() == wanted.lower()]
        if len(loose) == 1:
            return loose[0]
        raise DiceError(f"draw {wanted!r} for {tag!r} is not possible now")

    def leftovers(self) -> list[str]:
        left = [f"{len(v)} die result(s) for {k!r}" for k, v in self._rolls.items() if v]
        left += [f"{len(v)} draw(s) for {k!r}" for k, v in self._draws.items() if v]
        return left
