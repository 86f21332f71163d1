"""Options, seat names, and the state before the first placement."""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.common import checked_options, checked_seats
from engine.common import seat_name_problem as seat_name_problem  # the ruleset offers it
from engine.contract import Option
from engine.stoneage import animals, merchant
from engine.stoneage.animaldata import ANIMAL_DECK
from engine.stoneage.buildings import JEWEL_TILES, NEW_TILES, STACK_SIZE, TILES
from engine.stoneage.cards import DECK, MERCHANT_DECK
from engine.stoneage.herd import TILES as HERD_TILES
from engine.stoneage.state import Herd, PlayerBoard, Stage, State

MIN_PLAYERS, MAX_PLAYERS = 2, 5
BASE_MAX_PLAYERS = 4          # the fifth seat comes with the expansion (option merchant)
START_PEOPLE = 5
START_FOOD = 12
OPTIONS = (
    Option("mammoth_herd", False, "the Mammoth Herd mini-expansion (16 bonus tiles)"),
    Option("placement", "plan", "plan: one mail a round with ranked PLACE lines; "
           "live: one placement a mail", ("plan", "live")),
)
# The variants of the rules summary: yes/no each, off by default, stored only when on.
VARIANTS = (
    Option("wild_animals", False, "wild animals: 4 animal cards in the civilization deck lower every "
           "roll for goods until as many people as players drive each off for a die of rewards each"),
    Option("new_huts", False, "new huts: 6 more building tiles (N01-N06) that score less and give a wood, "
           "clay or stone every round, or a person, a tool or agriculture once"),
    Option("igloos", False, "igloos: 3 resources of one kind buy an igloo on a building space "
           "(8 in the game; not counted by hut builders)"),
    Option("harsh_winter", False, "harsh winter: an extra stone on a fixed building scores 5, "
           "an extra gold on a card scores 6"),
    Option("merchant", False, "the expansion: the merchant (2 people: merchant level +2, 2 jewels), one "
           "trade a round for a purchase, jewels from the hunt, the jewel slot, 9 cards, 9 tiles, a 5th seat"),
)
GM_OPTIONS = OPTIONS + VARIANTS
_VARIANT_NAMES = frozenset(o.name for o in VARIANTS)


def check_options(options: dict[str, Any]) -> dict[str, Any]:
    """Every base option with its default filled in, and the variants that are on; ValueError on
    an unknown or bad one. A variant that is off is left out, so a game without variants stores
    the options it stored before they existed."""
    out = checked_options(GM_OPTIONS, options)
    return {k: v for k, v in out.items() if k not in _VARIANT_NAMES or v}


def check_seats(players: Sequence[str], options: dict[str, Any] | None = None) -> list[str]:
    """The seats, or ValueError: distinct valid names, as many as the game takes (a fifth only
    with option merchant)."""
    seats = checked_seats(players, "Stone Age", MIN_PLAYERS, MAX_PLAYERS)
    if len(seats) > BASE_MAX_PLAYERS and not (options or {}).get(merchant.OPTION):
        raise ValueError(f"Stone Age takes {BASE_MAX_PLAYERS} players; a fifth seat needs the expansion "
                         "(--option merchant=yes)")
    return seats


def new_game(players: Sequence[str], options: dict[str, Any], seed: int | str) -> State:
    """Round 1 before the first placement, dealt with a random.Random seeded from ``seed`` alone.

    The draws come in a fixed order (the civilization deck, the building
    tiles, the herd tiles, the start player), so a seed always deals the
    same game.
    """
    opts = check_options(options)
    seats = check_seats(players, opts)
    rng = random.Random(f"stoneage:{seed}")
    trade = bool(opts.get(merchant.OPTION))
    deck = list(DECK) + list(ANIMAL_DECK if opts.get(animals.OPTION) else ()) + list(MERCHANT_DECK * trade)
    rng.shuffle(deck)
    tiles = list(TILES) + list(NEW_TILES if opts.get("new_huts") else ()) + list(JEWEL_TILES * trade)
    rng.shuffle(tiles)
    # One stack of 7 per player; the tiles of the other stacks leave the game unseen.
    stacks = [tiles[i * STACK_SIZE:(i + 1) * STACK_SIZE] for i in range(len(seats))]
    herd = None
    if opts["mammoth_herd"]:
        herd_tiles = list(HERD_TILES)
        rng.shuffle(herd_tiles)
        herd = Herd(herd_tiles, won={p: [] for p in seats})
        herd.turn_up()
    start = rng.choice(seats)
    st = State(players=seats, options=opts,
               boards={p: PlayerBoard(people=START_PEOPLE, food=START_FOOD,
                                      jewels=merchant.START_JEWELS * trade) for p in seats},
               start_player=start, stage=Stage.PLACEMENT, turn=start, decision="place",
               civ_slots=deck[:4], civ_deck=deck[4:], buildings=stacks, herd=herd)
    if animals.enabled(st):
        # An animal among the first cards comes into play at once; the deck fills its slot.
        st.civ_deck = deck
        st.civ_slots = [animals.draw(st, None) for _ in range(4)]
    if trade:
        st.jewel_card = animals.draw(st, None)      # the jewel slot takes the next card
    return st
