"""A simple bot: a random plan whose first line is legal now, buying wherever it stands.

Its PLACE lines are random alternatives; placement plays the first legal
one, skips the rest and falls back as for any seat, so every placement the
bot makes is legal. It buys with the default payment, adds tools by AUTO or
not at all, ranks the dice for everyone at random, and with the herd sends
0 to 2 people to it and takes either reward. In the variants it places on
the wild animals, the merchant and the jewel slot like anywhere else, and
takes 0 to 3 jewels from the hunt.
"""
from __future__ import annotations

import random

from engine.contract import OrderSheet
from engine.stoneage.goods import RESOURCES
from engine.stoneage.locations import LOCATIONS, NAMES, Kind, exists
from engine.stoneage import animals
from engine.stoneage.orders import REWARDS, Buy, Feed, HerdBonus, Hunt, Pick, Place, Spot, Tame, Tools
from engine.stoneage.placement import legal
from engine.stoneage.state import State

ALTERNATIVES = 3


def _spot(rng: random.Random, name: str, people: int, players: int) -> Spot:
    if name not in LOCATIONS:              # a wild animal: up to one person per player
        return Spot(rng.randint(1, min(people, players)), name)
    loc = LOCATIONS[name]
    if loc.exact:
        return Spot(loc.exact, name)
    most = min(people, loc.spaces or people)
    return Spot(rng.randint(1, most), name)


def plan(st: State, seat: str, rng: random.Random) -> OrderSheet:
    """A random plan for the seat's placements this round, and its policies."""
    board = st.board(seat)
    merchant = bool(st.options.get("merchant"))
    names = [n for n in NAMES if exists(n, len(st.players), merchant)
             and not (LOCATIONS[n].exact == 2 and board.people < 2)]
    names += [a.name for a in animals.in_play(st)]          # option wild_animals
    lines: list = []
    now = legal(st, seat)
    if now:
        lines.append(Place((rng.choice(now),)))
    for _ in range(board.free):
        lines.append(Place(tuple(_spot(rng, n, board.people, len(st.players)) for n in rng.sample(names, ALTERNATIVES))))
    lines += [Buy(n, top=rng.random() < 0.5) if n == "jewelcard" else Buy(n)
              for n in names if n in LOCATIONS and LOCATIONS[n].kind in (Kind.CARD, Kind.BUILDING, Kind.JEWEL)]
    lines.append(Tools(rng.choice(("auto", "auto", "none"))))
    lines.append(Pick(tuple(rng.sample(REWARDS, len(REWARDS)))))
    feed = Feed(penalty=True) if rng.random() < 0.1 else Feed(tuple(rng.sample(RESOURCES, len(RESOURCES))))
    lines.append(feed)
    if st.herd is not None:
        lines += [Tame(rng.randint(0, 2)), HerdBonus(rng.choice(("one", "all")))]
    if merchant:
        lines.append(Hunt(rng.randint(0, 3)))
    return OrderSheet(seat, tuple(lines))
