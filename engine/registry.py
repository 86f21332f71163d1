"""The games pbem plays, one :class:`GameEntry` each: the one place a game is named.

Like python-chess's table of variants, an entry says where each part of a
game lives, by module name (imported when first asked for): its rules
(engine/<game>/), its presentation (pbem/presenters/<game>/), its French
and Spanish order words, and the data texts its reports translate. The mail
layer finds everything of a game through its entry, so a new game is its
folders and one line in :data:`BUILT_IN`; a game from another package
declares its GameEntry under the ``pbem.games`` entry point group, which the
mail layer reads and registers (pbem.presenters: the engine reads no files),
and a test's game is registered with :func:`register`.
"""
from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import Any

from engine.contract import Ruleset
from engine.messages import Msg

@dataclass(frozen=True)
class GameEntry:
    """One game: its name (what GMs type) and English title, and where its parts live.

    ``engine`` and ``presenter`` name a module (whose ``RULESET`` is the ruleset,
    and which is the presenter), or are the objects themselves (a test's game)."""

    name: str
    title: Msg                 # the game's name, translated where it is shown
    engine: str | Any          # the module whose RULESET implements engine.contract.Ruleset
    presenter: str | Any       # the module presenting it (pbem.presenters.Presenter)
    words: str = ""            # the module of its French and Spanish order words (engine.localwords), if any
    texts: str = ""            # "module:function" listing its data texts to translate (card names), if any

    def ruleset(self) -> Ruleset[Any]:
        return import_module(self.engine).RULESET if isinstance(self.engine, str) else self.engine

    def presentation(self) -> Any:
        return import_module(self.presenter) if isinstance(self.presenter, str) else self.presenter

    def order_words(self) -> Any:
        """The module of its order words in French and Spanish, or None."""
        return import_module(self.words) if self.words else None


BUILT_IN = (
    GameEntry("valley", Msg("Valley of the Mammoths"), "engine.valley", "pbem.presenters.valley",
              "engine.valley.localwords", "pbem.presenters.valley.catalogue:texts"),
    GameEntry("stoneage", Msg("Stone Age"), "engine.stoneage", "pbem.presenters.stoneage",
              "engine.stoneage.localwords"),
    GameEntry("dewan", Msg("Dewan"), "engine.dewan", "pbem.presenters.dewan",
              "engine.dewan.localwords", "pbem.presenters.dewan.catalogue:texts"),
)
DEFAULT = "valley"      # what a GM gets without naming a game, and what 'pbem demo' plays

_registered: dict[str, GameEntry] = {}


def entries() -> dict[str, GameEntry]:
    """Every game by name: the built-in ones, then the registered ones (a registered entry
    stands in for a built-in one of the same name)."""
    return {**{entry.name: entry for entry in BUILT_IN}, **_registered}


def register(entry: GameEntry) -> None:
    """Play ``entry``'s game too (or instead of one of the same name)."""
    _registered[entry.name] = entry


def unregister(name: str) -> None:
    _registered.pop(name, None)


def entry(name: str) -> GameEntry:
    """The entry of game ``name``; ValueError naming the known ones otherwise."""
    known = entries()
    if name not in known:
        raise ValueError(f"no ruleset {name!r}; known: {', '.join(known)}")
    return known[name]


def ruleset_names() -> list[str]:
    return list(entries())


def get_ruleset(name: str) -> Ruleset[Any]:
    """The ruleset called ``name``; ValueError naming the known ones otherwise."""
    return entry(name).ruleset()
