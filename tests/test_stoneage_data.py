"""Stone Age's cards, buildings, herd tiles and locations against the reference
(shared/reference/stoneage-cards.md, whose table rows tests/data/stoneage-card-rows.md keeps):
counts, ids, per-kind totals, points."""
from __future__ import annotations

import itertools
import re
from collections import Counter
from pathlib import Path

import pytest

from engine.stoneage import locations
from engine.stoneage.buildings import BUILDINGS, STACK_SIZE, TILES
from engine.stoneage.cards import CARDS, DECK, MERCHANT_DECK, CivCard, Culture, Effect, Multiplier
from engine.stoneage.goods import RESOURCES, Good
from engine.stoneage.herd import TILES as HERD_TILES

REFERENCE = Path(__file__).resolve().parent / "data" / "stoneage-card-rows.md"

# The reference's tables 1a and 1b, as its codes: id, bottom, top effect.
EXPECTED_CARDS = """
G01 medicine FOOD 5 | G02 medicine ANY2 | G03 art TOOL+ | G04 art ROLL gold
G05 writing CARD | G06 writing DICE-ALL | G07 pottery FOOD 7 | G08 pottery DICE-ALL
G09 sundial AGRI+ | G10 sundial DICE-ALL | G11 transport RES stone 2 | G12 transport DICE-ALL
G13 music POINTS 3 | G14 music POINTS 3 | G15 weaving FOOD 3 | G16 weaving FOOD 1
S01 farmer 1 AGRI+ | S02 farmer 1 RES stone 1 | S03 farmer 1 DICE-ALL | S04 farmer 2 FOOD 3
S05 farmer 2 DICE-ALL | S06 tool_maker 1 ONE-USE 4 | S07 tool_maker 1 ONE-USE 3
S08 tool_maker 2 ONE-USE 2 | S09 tool_maker 2 DICE-ALL | S10 tool_maker 2 DICE-ALL
S11 hut_builder 1 FOOD 4 | S12 hut_builder 1 DICE-ALL | S13 hut_builder 2 FOOD 2
S14 hut_builder 2 DICE-ALL | S15 hut_builder 3 POINTS 3 | S16 shaman 1 RES stone 1
S17 shaman 1 RES gold 1 | S18 shaman 1 ROLL stone | S19 shaman 2 RES clay 1 | S20 shaman 2 ROLL wood
"""
# Table 2b's points ranges.
VARIABLE_RANGES = {"V41": (12, 24), "V42": (13, 23), "V43": (15, 21), "V44": (18, 18),
                   "V51": (15, 30), "V52": (16, 29), "V53": (18, 27), "V54": (21, 24), "V17": (3, 42)}


def code(card: CivCard) -> str:
    """A card in the reference's words: id, bottom, top-effect code."""
    top = card.top
    effect = {Effect.FOOD: f"FOOD {top.amount}", Effect.ANY2: "ANY2", Effect.TOOL: "TOOL+",
              Effect.ROLL: f"ROLL {top.good.value if top.good else ''}", Effect.CARD: "CARD",
              Effect.DICE_ALL: "DICE-ALL", Effect.AGRICULTURE: "AGRI+", Effect.POINTS: f"POINTS {top.amount}",
              Effect.RESOURCE: f"RES {top.good.value if top.good else ''} {top.amount}",
              Effect.ONE_USE: f"ONE-USE {top.amount}"}[top.effect]
    bottom = card.culture.value if card.culture else f"{card.multiplier.value} {card.figures}"
    return f"{card.id} {bottom} {effect}"


def test_every_card_is_the_reference_card() -> None:
    expected = [c.strip() for c in EXPECTED_CARDS.replace("\n", "|").split("|") if c.strip()]
    assert [code(CARDS[c]) for c in DECK] == expected


def test_card_counts_and_ids() -> None:
    assert len(DECK) == 36 and len(CARDS) == 36 + len(MERCHANT_DECK) == 45
    assert list(DECK) == [f"G{i:02d}" for i in range(1, 17)] + [f"S{i:02d}" for i in range(1, 21)]
    base = [CARDS[c] for c in DECK]
    assert Counter(c.culture for c in base if c.green) == {c: 2 for c in Culture}
    assert Counter(c.multiplier for c in base if not c.green) == {m: 5 for m in Multiplier if m is not Multiplier.TRADER}


def test_sand_figure_totals() -> None:
    figures = Counter()
    for card in (CARDS[c] for c in DECK):
        if card.multiplier:
            figures[card.multiplier] += card.figures
    assert figures == {Multiplier.FARMER: 7, Multiplier.TOOL_MAKER: 8, Multiplier.HUT_BUILDER: 9,
                       Multiplier.SHAMAN: 7}


def test_top_effects_by_kind() -> None:
    tops = [CARDS[c].top for c in DECK]
    assert Counter(t.effect for t in tops) == {
        Effect.DICE_ALL: 10, Effect.FOOD: 7, Effect.RESOURCE: 5, Effect.ROLL: 3, Effect.POINTS: 3,
        Effect.ONE_USE: 3, Effect.AGRICULTURE: 2, Effect.TOOL: 1, Effect.CARD: 1, Effect.ANY2: 1}
    assert sorted((t.amount for t in tops if t.effect is Effect.FOOD), reverse=True) == [7, 5, 4, 3, 3, 2, 1]
    assert sorted((t.amount for t in tops if t.effect is Effect.ONE_USE), reverse=True) == [4, 3, 2]
    assert Counter((t.good, t.amount) for t in tops if t.effect is Effect.RESOURCE) == {
        (Good.STONE, 1): 2, (Good.STONE, 2): 1, (Good.GOLD, 1): 1, (Good.CLAY, 1): 1}
    assert {t.good for t in tops if t.effect is Effect.ROLL} == {Good.GOLD, Good.STONE, Good.WOOD}


def test_dice_for_all_carriers() -> None:
    carriers = [CARDS[c] for c in DECK if CARDS[c].top.effect is Effect.DICE_ALL]
    assert {c.culture for c in carriers if c.green} == {
        Culture.WRITING, Culture.POTTERY, Culture.SUNDIAL, Culture.TRANSPORT}
    assert sorted((c.multiplier.value, c.figures) for c in carriers if not c.green) == [
        ("farmer", 1), ("farmer", 2), ("hut_builder", 1), ("hut_builder", 2),
        ("tool_maker", 2), ("tool_maker", 2)]


def test_building_counts_ids_and_fixed_points() -> None:
    assert len(TILES) == 28 and STACK_SIZE == 7
    fixed = [t for t in TILES if BUILDINGS[t].fixed]
    assert len(fixed) == 17 and len(TILES) - len(fixed) == 11
    assert sorted(b for b in BUILDINGS if BUILDINGS[b].fixed) == [f"B{i:02d}" for i in range(1, 14)]
    points = {b.id: b.points(Counter(b.cost)) for b in BUILDINGS.values() if b.fixed}
    assert points == {"B01": 10, "B02": 11, "B03": 11, "B04": 12, "B05": 12, "B06": 13, "B07": 13,
                      "B08": 13, "B09": 14, "B10": 14, "B11": 14, "B12": 15, "B13": 16}
    assert {b for b in BUILDINGS if BUILDINGS[b].copies == 2} == {"B05", "B08", "B11", "B12"}
    assert Counter(TILES)["V17"] == 3
    for b in BUILDINGS.values():
        if b.fixed:
            assert len(b.cost) == 3 and b.cost.count(Good.GOLD) <= 1 and len(set(b.cost)) >= 2


def _payments(most: int):
    for n in range(1, most + 1):
        for combo in itertools.combinations_with_replacement(RESOURCES, n):
            yield Counter(combo)


@pytest.mark.parametrize("tile", sorted(VARIABLE_RANGES))
def test_variable_building_ranges(tile: str) -> None:
    building = BUILDINGS[tile]
    scores = [building.points(p) for p in _payments(7) if not building.problem(p)]
    assert (min(scores), max(scores)) == VARIABLE_RANGES[tile]


def test_building_payment_problems() -> None:
    w, c, s, g = RESOURCES
    assert BUILDINGS["B01"].problem({w: 2, c: 1}) == ""
    assert BUILDINGS["B01"].problem({w: 1, c: 2}) == "B01 costs 2 wood 1 clay"
    assert BUILDINGS["V44"].problem({w: 1, c: 1, s: 1, g: 1}) == ""
    assert BUILDINGS["V42"].problem({w: 4}) == "V42 takes exactly 2 kinds, not 1"
    assert BUILDINGS["V51"].problem({s: 4}) == "V51 takes 5 resources, not 4"
    assert BUILDINGS["V17"].problem({g: 8}) == "V17 takes 1 to 7 resources, not 8"
    assert BUILDINGS["V17"].problem({Good.FOOD: 2}) == "only wood, clay, stone and gold pay for a building"


def test_herd_tiles() -> None:
    assert list(HERD_TILES) == [f"M{i:02d}" for i in range(1, 17)]
    assert Counter(t.back for t in HERD_TILES.values()) == {g: 4 for g in RESOURCES}
    assert [HERD_TILES[f"M{i:02d}"].location for i in (1, 5, 9, 13)] == ["forest", "clay", "quarry", "river"]
    assert all(t.one != t.all for t in HERD_TILES.values())


def test_locations_by_player_count() -> None:
    assert locations.NAMES[:8] == ("hunt", "forest", "clay", "quarry", "river", "toolmaker", "hut", "field")
    assert [locations.LOCATIONS[n].spaces for n in locations.GATHERING] == [None, 7, 7, 7, 7]
    assert locations.LOCATIONS["hut"].exact == 2
    assert [locations.players_per_gathering(n) for n in (2, 3, 4)] == [1, 2, None]
    assert [locations.village_spaces(n) for n in (2, 3, 4)] == [2, 2, 3]
    assert locations.exists("building2", 2) and not locations.exists("building3", 2)
    assert [locations.LOCATIONS[f"card{n}"].number for n in range(1, 5)] == [1, 2, 3, 4]


def _reference_rows() -> list[list[str]]:
    rows = []
    for line in REFERENCE.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if re.fullmatch(r"[GSBV]\d\d", cells[0]):
            rows.append(cells)
    return rows


def test_the_reference_file_agrees() -> None:
    """The reference's tables, row by row: the data must match them."""
    rows = {r[0]: r for r in _reference_rows()}
    assert len(rows) == 58, "every card and building of the reference"
    for card in (CARDS[c] for c in DECK):
        row = rows[card.id]
        words = code(card).split()
        assert " ".join(row[-1].split()) == " ".join(words[3 if card.multiplier else 2:]), card.id
        bottom = card.culture.value if card.culture else card.multiplier.value.replace("_", " ")
        assert row[1].split("(")[0].strip() == bottom, card.id
        if card.multiplier:
            assert row[2] == str(card.figures), card.id
    for b in BUILDINGS.values():
        row = rows[b.id]
        if b.fixed:
            assert row[1].split() == [g.value for g in b.cost] and row[2] == str(b.points(Counter(b.cost)))
            assert row[3] == str(b.copies)
        else:
            low, high = VARIABLE_RANGES[b.id]
            assert row[2] == (str(low) if low == high else f"{low}-{high}")


def test_the_cards_document_is_generated_from_the_data() -> None:
    from pathlib import Path

    from engine.stoneage.carddocs import markdown
    doc = Path(__file__).parent.parent / "docs" / "cards-stoneage.md"
    text = markdown()
    assert doc.read_text() == text, "regenerate: python -m engine.stoneage.carddocs > docs/cards-stoneage.md"
    assert sum(line.startswith("| G") or line.startswith("| S") for line in text.splitlines()) == 36
    assert sum(int(line.split("|")[2]) for line in text.splitlines()
               if line.startswith("| B") or line.startswith("| V")) == 28, "28 tiles with their copies"
