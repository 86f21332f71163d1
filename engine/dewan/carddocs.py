"""docs/cards-dewan.md from the component data: the terrain cards, the story
tiles, the map tiles and the scenarios, in words and pictures."""
from __future__ import annotations

from collections import Counter

from engine.dewan.board import TERRAINS
from engine.dewan.boardcheck import card_serves, terrain_hexes
from engine.dewan.cards import CARD_SYMBOLS, card
from engine.dewan.components import CARDS, PLAYERS, RING, SCENARIOS, STORIES, TILES, Tile, tile_names
from engine.dewan.stories import describe
from engine import hexgrid

POSITIONS = ("C",) + RING
SCORING_WORDS = {
    "story_points": "points per printed point of each completed story",
    "fire_each": "per fire on completed stories and tucked cards (and the last-camp fire)",
    "most_fire": "to each clan with the most fire (all of them on a tie)",
    "berry_each": "per berry token taken or berry shown on a tucked card",
    "group_of_2_plus": "per group of at least 2 contiguous camps (a bigger group counts once)",
}

NOTES = """\
- **Map.** Tiles of 7 hexes (a centre and its ring) fit together like flowers, so a map has no
  gaps. Every start tile has all five terrains in its ring plus one more, one fire symbol and no
  berries or border symbols: no clan starts richer than another. The 10 neutral tiles carry most
  of what stories ask for: 9 of them a berry pile (two tokens on neighbouring hexes), each 1-2
  fire symbols and 2 different border symbols. Water comes in runs of 2-3 hexes on some tiles:
  a run is crossed for one water card, so lakes are short cuts for those who hold water.
  Water is crossed, never camped on: no berry lies on water, and the stories about water
  (People of the Shore, Many Paths, Lake Dwellers) count the water hexes next to a clan's
  camps (each once), a tucked card showing water counting as one more.
- **Layouts.** Start tiles sit where each touches at least 3 other tiles, so no clan is pushed
  into a corner. The start slots are listed in seat order. The tiles used are drawn at random and each is turned at random, from the
  game's seed.
- **Cards.** Each terrain is served by cards in proportion to its hexes on the tiles (about 0.8
  cards per hex): water is as easy to find as the rest, and one water card crosses a run. 35 cards
  show one terrain and 20 two (each pair of terrains twice); 23 carry a symbol, which matters
  when the card is tucked: fire and berries score, the border symbols count for stories.
- **Stories.** Points follow how many camps and how much luck a story takes: 3 for what a clan
  reaches near its start, up to 9 for a group of 7 camps. Cheap stories often carry a fire,
  which counts for the most-fire bonus. Every story can be met on every map the scenarios lay
  (checked in the tests for 200 seeds per scenario and player count).
- **Tuning.** Six stories were retuned from 1,000 bot games a player count and scenario, and
  the 4-player start hexes were given to the seats so that a hex that plays better goes to a
  seat that moves later in the round (docs/balance-dewan.md has the figures before and after).
"""


def tile_picture(tile: Tile) -> list[str]:
    """A tile as five lines of text: N on top, S at the bottom."""
    c = dict(zip(POSITIONS, (f"{x:<3}" for x in tile.cells)))
    lines = [f"      {c['N']}", f"  {c['NW']}     {c['NE']}", f"      {c['C']}",
             f"  {c['SW']}     {c['SE']}", f"      {c['S']}"]
    return [line.rstrip() for line in lines]


def layout_picture(scenario_id: str, players: int) -> list[str]:
    """The slots of a layout in the map notation: S1.. the start hexes, 1..
    the rest of each clan's start tile, n the neutral tiles' hexes."""
    where = SCENARIOS[scenario_id].layouts[players]
    cells: dict[str, str] = {}
    for seat, centre in enumerate(where.starts, 1):
        names = tile_names(centre)
        cells.update({n: str(seat) for n in names[1:]}, **{names[0]: f"S{seat}"})
    for centre in where.neutral:
        cells.update({n: "n" for n in tile_names(centre)})
    coords = [hexgrid.parse_name(n) or (0, 0) for n in cells]
    cols = range(0, max(c for c, _ in coords) + 1)
    rows = range(1, max(r for _, r in coords) + 1)
    out = ["    " + "".join(f"{hexgrid.make_name(c, 1)[0]:<3}" for c in cols).rstrip()]
    for r in rows:
        out.append(f"{r:<4}" + "".join(f"{cells.get(hexgrid.make_name(c, r), '.'):<3}" for c in cols).rstrip())
    return out


def _cards() -> list[str]:
    copies = Counter(CARDS.values())
    ids: dict[str, list[str]] = {}
    for cid, text in CARDS.items():
        ids.setdefault(text, []).append(cid)
    out = ["## Terrain cards (55)", "",
           "A card serves as the terrain, or either terrain, it shows; a symbol on it counts only once",
           "the card is tucked under a tribe board.", "",
           "| card | copies | ids |", "|---|---|---|"]
    out += [f"| {text} | {copies[text]} | {', '.join(cids)} |" for text, cids in ids.items()]
    single = Counter(t for x in CARDS.values() if len((c := card(x)).terrains) == 1 for t in c.terrains)
    double = Counter(t for x in CARDS.values() if len((c := card(x)).terrains) == 2 for t in c.terrains)
    serves, hexes = card_serves(), terrain_hexes()
    out += ["", "| terrain | one-terrain cards | two-terrain cards | cards serving it | hexes on all tiles |",
            "|---|---|---|---|---|"]
    out += [f"| {w} ({t}) | {single[t]} | {double[t]} | {serves[t]} | {hexes[t]} |" for t, w in TERRAINS.items()]
    symbols = Counter(card(x).symbol for x in CARDS.values())
    out += ["", "| symbol | cards |", "|---|---|"]
    out += [f"| {s} | {symbols[s]} |" for s in CARD_SYMBOLS] + [f"| none | {symbols['']} |"]
    return out


def _stories() -> list[str]:
    out = ["## Story tiles (24)", "",
           "A story is completed when the clan has all it asks for at once. Camps count by the hex",
           "they stand on (the start camp has no terrain but counts in groups), tucked cards by the",
           "terrains and symbol they show; a border symbol counts once however many camps touch it.", "",
           "| id | story | points | fire | asks for |", "|---|---|---|---|---|"]
    for s in STORIES.values():
        out.append(f"| {s.id} | {s.name} | {s.points} | {s.fire} | {', '.join(describe(n) for n in s.needs)} |")
    spread = Counter(s.points for s in STORIES.values())
    out += ["", "Points: " + ", ".join(f"{spread[p]} of {p}" for p in sorted(spread)) + ";",
            f"{sum(s.fire for s in STORIES.values())} fire symbols on {sum(s.fire > 0 for s in STORIES.values())} stories."]
    return out


def _tiles() -> list[str]:
    out = ["## Map tiles", "",
           "Each tile is shown with north up, in the map notation (`b` a berry token, `*` a fire",
           "symbol, `S` the start hex). Border symbols are named by the two hexes they lie between:",
           "C the centre, then N, NE, SE, S, SW, NW. A tile may be laid turned any way.", ""]
    for tile in TILES.values():
        marks = "; ".join(f"{POSITIONS[i]}|{POSITIONS[j]} {s}" for i, j, s in tile.symbols) or "no border symbols"
        out += [f"### {tile.id}: {tile.name} ({tile.kind} tile)", "", "```", *tile_picture(tile), "```", "",
                f"Border symbols: {marks}.", ""]
    return out


def _scenarios() -> list[str]:
    out = ["## Scenarios", "",
           "A layout gives each clan, in seat order, a start tile drawn at random and the other slots",
           "neutral tiles drawn at random, each turned at random.", ""]
    for sc in SCENARIOS.values():
        out += [f"### {sc.name} (`{sc.id}`)", "", sc.text, "",
                "| scoring | points |", "|---|---|"]
        out += [f"| {SCORING_WORDS[k]} | {v} |" for k, v in sc.scoring.items()]
        for players in PLAYERS:
            where = sc.layouts[players]
            out += ["", f"{players} players: {len(where.starts)} start tiles and {len(where.neutral)} neutral tiles.",
                    "", "```", *layout_picture(sc.id, players), "```"]
        out.append("")
    return out


def markdown() -> str:
    out = ["# Dewan: our components", "",
           "The publisher's map tiles, terrain cards and story tiles are not published, so these are",
           "the project's own design, not the printed game's. This file is generated from",
           "`engine/dewan/data/` (`python -m engine.dewan.carddocs > docs/cards-dewan.md`); a test",
           "keeps it equal to the data.", "", "## Design notes", "", NOTES.rstrip(), ""]
    out += _cards() + [""] + _stories() + [""] + _tiles() + _scenarios()
    return "\n".join(out).rstrip() + "\n"


if __name__ == "__main__":
    print(markdown(), end="")
