"""A new game of Dewan: the options, the map laid for the player count, the cards
and story tiles shuffled, 2 cards to each hand, a camp on each start hex, and
the story draft to come (each seat takes one story tile, the last seat first).

The shuffles use a random.Random of the game's seed (never the global one),
so the same seed gives the same game.
"""
from __future__ import annotations

import random
from typing import Any, Sequence

from engine.common import checked_options, checked_seats
from engine.contract import Option
from engine.dewan import components
from engine.dewan.board import Board
from engine.dewan.state import BOARD_CAMPS, DRAFT, ROW_SIZE, STORY_ROW_SIZE, State, story_dict

MIN_PLAYERS, MAX_PLAYERS = 2, 4
HAND = 2                  # cards in each starting hand
OPTIONS: tuple[Option, ...] = (
    Option("scenario", components.DEFAULT_SCENARIO, "the scenario card: the map and the scoring",
           tuple(components.SCENARIOS)),
)


def check_options(options: dict[str, Any]) -> dict[str, Any]:
    return checked_options(OPTIONS, options)


def start(players: Sequence[str], options: dict[str, Any], board: Board, starts: Sequence[str],
          cards: Sequence[str], tiles: dict[str, dict[str, Any]], story_order: Sequence[str],
          scoring: dict[str, int]) -> State:
    """The state before the draft, from components already laid and shuffled."""
    seats = list(players)
    deck = list(cards)
    hands = {p: [deck.pop(0) for _ in range(HAND)] for p in seats}
    row = [deck.pop(0) for _ in range(ROW_SIZE)]
    stories = list(story_order)
    return State(
        board_spec=board.to_spec(), players=seats, options=dict(options), tiles=dict(tiles),
        to_move=seats[-1], first_player=seats[0], stage=DRAFT, row=row, deck=deck,
        camps={p: [h] for p, h in zip(seats, starts)}, left={p: BOARD_CAMPS for p in seats},
        hands=hands, tucked={p: [] for p in seats}, stories={p: [] for p in seats},
        done={p: [] for p in seats}, story_row=stories[:STORY_ROW_SIZE],
        story_deck=stories[STORY_ROW_SIZE:], berries={p: 0 for p in seats}, scoring=dict(scoring))


def new_game(players: Sequence[str], options: dict[str, Any], seed: int | str) -> State:
    seats = checked_seats(players, "Dewan", MIN_PLAYERS, MAX_PLAYERS)
    opts = check_options(options)
    rng = random.Random(f"dewan {seed}")
    board, starts = components.layout(opts["scenario"], len(seats), rng)
    cards = components.deck()
    rng.shuffle(cards)
    order = sorted(components.STORIES)
    rng.shuffle(order)
    tiles = {k: story_dict(v) for k, v in components.STORIES.items()}
    scoring = dict(components.SCENARIOS[opts["scenario"]].scoring)
    return start(seats, opts, board, starts, cards, tiles, order, scoring)
