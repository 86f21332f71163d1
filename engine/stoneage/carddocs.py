"""docs/cards-stoneage.md, generated from the data: the civilization cards,
the building tiles, the Mammoth Herd tiles and the variants' data (the wild
animals, the new huts, igloos, the harsh winter's tiles, the merchant's cards
and tiles) in the words reports use.
Run ``python -m engine.stoneage.carddocs > docs/cards-stoneage.md``; a test
keeps the file equal to the data."""
from __future__ import annotations

from typing import Any, Callable, Iterable

from engine.stoneage import igloos, merchant, winter
from engine.stoneage.animaldata import ANIMALS
from engine.stoneage.buildings import BUILDINGS, JEWEL_HUTS, NEW_HUTS
from engine.stoneage.cards import CARDS, DECK, MERCHANT_DECK
from engine.stoneage.goods import RESOURCES, Good
from engine.stoneage.herd import MAJORITY_POINTS, TILES as HERD_TILES


def _cards() -> list[str]:
    out = ["## Civilization cards (36)", "",
           "Each card gives its top effect when bought, and counts at the end: a green card by its",
           "culture symbol (sets of distinct symbols score the square of their size), a sand card by",
           "its figures times what its multiplier counts. The ids are those of the reference list.", "",
           "| id | when bought | at the end |", "|---|---|---|"]
    return out + _card_rows(DECK)


def _card_rows(ids: tuple[str, ...]) -> list[str]:
    out = []
    for card in (CARDS[c] for c in ids):
        end = card.culture.value if card.culture else \
            f"{card.figures} {card.multiplier.value.replace('_', ' ')}{'s' * (card.figures > 1)}: " \
            f"{card.figures} x {card.multiplier.counts}"
        out.append(f"| {card.id} | {card.top} | {end} |")
    return out


def _buildings() -> list[str]:
    out = ["## Building tiles (28)", "",
           "A fixed tile takes exactly the resources shown and scores their worth (wood 3, clay 4,",
           "stone 5, gold 6); a variable tile takes what it says and scores what is paid.", "",
           "| id | copies | takes, and scores |", "|---|---|---|"]
    for tile in BUILDINGS.values():
        out.append(f"| {tile.id} | {tile.copies} | {str(tile).split(': ', 1)[1]} |")
    return out


def _herd() -> list[str]:
    out = ["## Mammoth Herd tiles (16): our own design", "",
           "The expansion does not publish its tiles' contents. These are ours: the back sends the herd",
           "to that resource's location; the tamer keeps the tile and takes the \"1.\" reward or the",
           "\"all\" reward, and every other player who rolled for it takes the \"all\" reward. The most",
           f"tiles at the end scores {MAJORITY_POINTS} points. The rewards were balanced by simulation",
           "(docs/balance-stoneage.md): a tile's tamer wins the game about equally often whichever tile it is.", "",
           "| id | back | \"1.\" (the tamer) | \"all\" (the tamer's other choice; the others who rolled) |",
           "|---|---|---|---|"]
    for tile in HERD_TILES.values():
        out.append(f"| {tile.id} | {tile.back.value} | {tile.one} | {tile.all} |")
    return out


def _variants() -> list[str]:
    scores = ", ".join(f"{g.value} {igloos.points(g)}" for g in RESOURCES)
    tiles = " ".join(sorted(winter.EXTRA_BUILDINGS))
    return ["## Variants: our own data", "",
            f"**Igloos** (option `igloos`): {igloos.SUPPLY} igloos in the game, for all the players together.",
            f"An igloo takes {igloos.SIZE} resources of one kind and scores their worth: {scores}.",
            "It is no building tile: hut builders do not count it.", "",
            f"**Harsh winter** (option `harsh_winter`): an extra stone scores {winter.POINTS[Good.STONE]} on the tiles",
            f"{tiles}",
            "(every fixed-cost tile; a variable tile already scores what is paid); an extra gold scores",
            f"{winter.POINTS[Good.GOLD]} on any civilization card. One extra a purchase.", ""] + _animals() \
        + [""] + _new_huts() + [""] + _merchant()


def _new_huts() -> list[str]:
    out = [f"**New huts** (option `new_huts`): {len(NEW_HUTS)} more building tiles shuffled in with the 28.",
           "Each takes exactly its cost, scores less than the cost's worth and gives a bonus: a good",
           "at every round's end (the round it is built in included) or, once when built, a person,",
           "a tool step or agriculture +1. Hut builders count them; they take no harsh-winter extra.", "",
           "| id | takes | scores | bonus |", "|---|---|---|---|"]
    return out + _hut_rows(NEW_HUTS.values(), lambda hut: (hut.score, hut.bonus_text()))


def _hut_rows(huts: Iterable[Any], figures: Callable[[Any], tuple[Any, Any]]) -> list[str]:
    """A table row per extra tile: its id, what it takes (as ``str(tile)`` says it), then ``figures``."""
    rows = []
    for hut in huts:
        cost = str(hut).split(": ", 1)[1].split(",", 1)[0]
        rows.append("| " + " | ".join(str(x) for x in (hut.id, cost, *figures(hut))) + " |")
    return rows


def _merchant() -> list[str]:
    out = ["**The merchant** (option `merchant`, the expansion): every seat starts with "
           f"{merchant.START_JEWELS} jewel and its",
           f"marker at 0 of the merchant track (0 to {merchant.MAX_LEVEL}). The merchant (2 people) gives level "
           f"+{merchant.VISIT_LEVEL} and {merchant.VISIT_JEWELS} jewels;",
           f"a trade takes at most the level, and {merchant.MOST_TRADED}, and lowers the level as much; "
           f"the jewel slot's card costs {merchant.SLOT_COST} jewels,",
           f"the deck's top card face down {merchant.TOP_COST} more. The published cards and tiles are not known; "
           f"these {len(MERCHANT_DECK)} cards",
           "join the deck, and a trader figure counts the merchant level at the end:", "",
           "| id | when bought | at the end |", "|---|---|---|"] + _card_rows(MERCHANT_DECK)
    out += ["", f"and these {len(JEWEL_HUTS)} tiles the building tiles (a fifth stack with five players); "
                "each takes exactly its",
            "cost, scores its worth and gives its builder jewels (no harsh-winter extra):", "",
            "| id | takes | scores | jewels |", "|---|---|---|---|"]
    return out + _hut_rows(JEWEL_HUTS.values(), lambda hut: (sum(g.worth for g in hut.cost), hut.jewels))


def _animals() -> list[str]:
    out = [f"**Wild animals** (option `wild_animals`): {len(ANIMALS)} animal cards shuffled into the civilization",
           "deck. Drawn, an animal comes into play beside the card slots (the next card fills the slot)",
           "and takes its penalty off the total of every roll for goods until as many people as there",
           "are players, all seats together, stand against it (`PLACE n <word>`). Then each seat rolls",
           "a die per person it had there and takes that face's reward.", "",
           "| id | animal | word | penalty | 1 | 2 | 3 | 4 | 5 | 6 |", "|---|---|---|---|---|---|---|---|---|---|"]
    for a in ANIMALS.values():
        out.append(f"| {a.id} | {a.title} | `{a.name}` | -{a.penalty} | " + " | ".join(map(str, a.rewards)) + " |")
    return out


def markdown() -> str:
    head = ["# Stone Age: the cards and tiles", "",
            "Generated from `engine/stoneage/cards.py`, `buildings.py`, `herd.py`, `igloos.py`, `winter.py`",
            "`merchant.py` and `animaldata.py` (the new huts and the merchant's tiles are in `buildings.py`",
            "too, its cards in `cards.py`)",
            "(`python -m engine.stoneage.carddocs > docs/cards-stoneage.md`); a test keeps it equal",
            "to them.", ""]
    return "\n".join(head + _cards() + [""] + _buildings() + [""] + _herd() + [""] + _variants()) + "\n"


if __name__ == "__main__":
    print(markdown(), end="")
