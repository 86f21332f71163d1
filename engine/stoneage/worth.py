"""What the heuristic bot thinks things are worth, in points at the game's end.

Rough figures, tuned by simulation (docs/balance-stoneage.md): a person
gathering is worth about 3.5 points of resources a round, a food about one
point, a resource left at the end one point. What a civilization card or a
village space brings depends on the seat's position and on how many rounds
are likely to be left.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations
from operator import mul

from engine.stoneage.buildings import ANY_TILE, Building
from engine.stoneage.cards import CARDS, Culture, Effect, Immediate, Multiplier
from engine.stoneage.goods import RESOURCES, Good
from engine.stoneage.scoring import figures
from engine.stoneage.state import MAX_AGRICULTURE, MAX_TOOL, PEOPLE_PER_COLOUR, TOOL_SLOTS, PlayerBoard, State

# The members this module compares with, read once (an enum member read off its class costs a lookup).
_E_AGRICULTURE = Effect.AGRICULTURE
_E_ANY2 = Effect.ANY2
_E_CARD = Effect.CARD
_E_DICE_ALL = Effect.DICE_ALL
_E_FOOD = Effect.FOOD
_E_JEWELS = Effect.JEWELS
_E_MERCHANT = Effect.MERCHANT
_E_ONE_USE = Effect.ONE_USE
_E_POINTS = Effect.POINTS
_E_RESOURCE = Effect.RESOURCE
_E_ROLL = Effect.ROLL
_E_TOOL = Effect.TOOL
_M_FARMER = Multiplier.FARMER
_M_HUT_BUILDER = Multiplier.HUT_BUILDER
_M_SHAMAN = Multiplier.SHAMAN
_M_TOOL_MAKER = Multiplier.TOOL_MAKER
_M_TRADER = Multiplier.TRADER
_GOLD_WORTH = Good.GOLD.worth

PERSON = 3.5          # a person gathering for a round
FOOD = 1.0
RESOURCE_AT_END = 1.0


def rounds_left(st: State) -> int:
    """A guess at the rounds still to play, this one included: each round takes about one tile
    from a stack and about three cards from the deck with four players (fewer with fewer)."""
    shortest = min(map(len, st.buildings)) if st.buildings else 0
    return _rounds_left(shortest, len(st.players), len(st.civ_deck))


@lru_cache(maxsize=1024)
def _rounds_left(shortest: int, players: int, deck: int) -> int:
    """``rounds_left`` from the shortest stack, the players and the cards in the deck."""
    per_round = 0.5 + 0.6 * players
    return max(1, min(round(shortest * 1.4), round(deck / per_round) + 1))


def immediate(board: PlayerBoard, top: Immediate, left: int) -> float:
    """What a card's top half (or a herd reward) is worth to the seat now."""
    effect = top.effect
    if effect is _E_FOOD:
        return FOOD * top.amount
    if effect is _E_RESOURCE:
        assert top.good is not None
        return top.good.worth * top.amount
    if effect is _E_ROLL:            # two dice give about 7 in points whatever the good
        return 0.9 * 7
    if effect is _E_DICE_ALL:
        return 4.0
    if effect is _E_POINTS:
        return top.amount
    if effect is _E_TOOL:
        return tool_step(board, left)
    if effect is _E_AGRICULTURE:
        return field(board, left)
    if effect is _E_CARD:
        return 3.0
    if effect is _E_ONE_USE:
        return top.amount * 0.8
    if effect is _E_ANY2:
        return 2 * _GOLD_WORTH
    if effect is _E_JEWELS:          # option merchant: about a third of a jewel slot card each
        return 2.0 * top.amount
    if effect is _E_MERCHANT:
        return 2.0 * top.amount if board.merchant < 4 else 0.7 * top.amount
    return 0.0


def tool_step(board: PlayerBoard, left: int) -> float:
    """One more tool: better dice for the rounds left, and the tool maker figures."""
    if min(board.tools) >= MAX_TOOL:
        return 0.0
    count = _figures_of(tuple(board.cards))[_M_TOOL_MAKER]
    use = 0.9 if board.tool_total < TOOL_SLOTS * 2 else 0.5
    return use * (left - 1) + count


def field(board: PlayerBoard, left: int) -> float:
    """One more agriculture: a food every round left, and the farmer figures."""
    if board.agriculture >= MAX_AGRICULTURE:
        return 0.0
    return 1.3 * (left - 1) + _figures_of(tuple(board.cards))[_M_FARMER]


def hut(board: PlayerBoard, left: int) -> float:
    """One more person, who gathers every round left but eats a food each; the hut itself takes
    two people for the round."""
    if board.people >= PEOPLE_PER_COLOUR:
        return 0.0
    return (PERSON - FOOD) * (left - 1) + _figures_of(tuple(board.cards))[_M_SHAMAN] - PERSON


def card(board: PlayerBoard, card_id: str, left: int) -> float:
    """A civilization card's worth to the seat: its top now and its bottom at the end."""
    c = CARDS[card_id]
    worth = _FIXED_TOP.get(card_id)
    if worth is None:
        worth = immediate(board, c.top, left)
    if c.culture is not None:
        held = _cultures(tuple(board.cards))
        worth += 2 * len(held) + 1 if c.culture not in held else 2.0
    else:
        assert c.multiplier is not None
        worth += c.figures * _count_at_end(board, c.multiplier, left)
    return worth


# What a card's top is worth whatever the seat holds and the rounds left (not the tool, the field
# or the merchant's level), worked out once.
_FIXED_TOP = {card_id: immediate(PlayerBoard(), c.top, 0) for card_id, c in CARDS.items()
              if c.top.effect not in (_E_TOOL, _E_AGRICULTURE, _E_MERCHANT)}


@lru_cache(maxsize=4096)
def _figures_of(cards: tuple[str, ...]) -> dict[Multiplier, int]:
    """``scoring.figures``, counted once per hand of cards (the bot asks for every space): the
    seat's sand figures of a kind are ``_figures_of(tuple(board.cards))[kind]``."""
    return figures(list(cards))


@lru_cache(maxsize=4096)
def _cultures(cards: tuple[str, ...]) -> frozenset[Culture]:
    """The culture symbols among ``cards``, counted once per hand."""
    return frozenset(CARDS[x].culture for x in cards if CARDS[x].culture is not None)


def _count_at_end(board: PlayerBoard, kind: Multiplier, left: int) -> float:
    if kind is _M_FARMER:
        return min(MAX_AGRICULTURE, board.agriculture + left * 0.3)
    if kind is _M_TOOL_MAKER:
        return min(TOOL_SLOTS * MAX_TOOL, board.tool_total + left * 0.4)
    if kind is _M_HUT_BUILDER:
        return len(board.buildings) + left * 0.5
    if kind is _M_TRADER:
        return board.merchant + 1.0
    return min(PEOPLE_PER_COLOUR, board.people + left * 0.2)


def best_payment(have: dict[Good, int], tile: Building) -> dict[Good, int] | None:
    """The payment of ``tile`` out of ``have`` that scores the most (fixed tiles: their cost)."""
    cost = _COSTS.get(tile.id)
    if cost is not None:
        for good, n in cost.items():
            if have.get(good, 0) < n:
                return None
        return dict(cost)
    most = tile.most                    # (two values compared inline: min() parses its arguments)
    found = _best_payment(tuple([n if (n := have.get(g, 0)) < most else most for g in RESOURCES]), tile.id)
    return dict(found) if found is not None else None


_COSTS = {b.id: dict(Counter(b.cost)) for b in ANY_TILE.values() if b.fixed}


@lru_cache(maxsize=4096)
def _best_payment(counts: tuple[int, ...], tile_id: str) -> tuple[tuple[Good, int], ...] | None:
    """``_search``, remembered by the tile's id (which hashes much faster than the tile)."""
    found = _search(dict(zip(RESOURCES, counts)), ANY_TILE[tile_id])
    return tuple(found.items()) if found is not None else None


def _search(have: dict[Good, int], tile: Building) -> dict[Good, int] | None:
    """The variable tile's payment out of ``have`` with the best gain; of equal ones, the
    first with the fewest wood, then clay, then stone (the counts in order).

    Each resource gains more than the one before it in RESOURCES, so the best payment of given
    kinds takes one of each and then all the tile takes of the dearest, then of the next: with
    any kinds, of all four; with a number of kinds, of each set of kinds that many, the best of
    those sets' (of equal ones, the first as above)."""
    most, least, kinds = tile.most, max(1, tile.least), tile.kinds
    h = [min(have.get(g, 0), most) for g in RESOURCES]
    best, best_gain = None, 0.0
    for chosen in _KIND_SETS[kinds]:
        counts = [1 if kinds and at in chosen else 0 for at in range(len(RESOURCES))]
        room = most - sum(counts)
        if room < 0 or any(h[at] < counts[at] for at in chosen):
            continue
        for at in reversed(chosen):                 # the dearest first
            take = min(h[at] - counts[at], room)
            counts[at] += take
            room -= take
        if most - room < least:
            continue
        gain = sum(map(mul, _GAINS, counts))
        if best is None or gain > best_gain or (gain == best_gain and counts[:3] < best[:3]):
            best, best_gain = counts, gain
    return {g: n for g, n in zip(RESOURCES, best) if n} if best else None


# What a resource paid gains over keeping it to the end, in the order of RESOURCES (each more than
# the one before).
_GAINS = tuple(g.worth - RESOURCE_AT_END for g in RESOURCES)
# The sets of kinds (places in RESOURCES, in order) a payment of so many kinds may take; 0: any.
_KIND_SETS = {0: (tuple(range(len(RESOURCES))),),
              **{k: tuple(combinations(range(len(RESOURCES)), k)) for k in range(1, len(RESOURCES) + 1)}}


def building(tile_id: str, pay: dict[Good, int]) -> float:
    """A building bought with ``pay``: its points, less the resources it takes off the end's count."""
    return ANY_TILE[tile_id].points(pay) - sum(pay.values()) * RESOURCE_AT_END
