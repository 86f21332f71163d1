"""The heuristic bot's choices with the merchant (option ``merchant``).

A jewel is worth about what it brings at the jewel slot (a card for 3), a
merchant level what a trade brings (a cheap resource turned into the one a
building lacks). The bot visits the merchant while it has few jewels or a
low level and rounds to use them; buys the jewel slot's card when it holds
3 jewels and the card is worth them (with TOP when it holds 6); on a
building it cannot pay, trades jewels or spare resources for the one or two
it lacks, once a round; and takes a jewel from the hunt when its food is
safe. Without the option nothing here changes a plan.
"""
from __future__ import annotations

from collections import Counter

from engine.stoneage import merchant
from engine.stoneage.buildings import Building
from engine.stoneage.goods import RESOURCES, Good
from engine.stoneage.orders import Buy, Hunt, Trade
from engine.stoneage.state import PlayerBoard, State
from engine.stoneage.worth import PERSON, card

JEWEL = 2.0              # a jewel while the seat has fewer than 6
LEVEL = 2.0              # a merchant level step while the level is below 4
SPENT_JEWEL = 1.0        # what paying a jewel at the jewel slot costs the bot
HUNT_JEWEL = Hunt(1)


def visit_worth(st: State, board: PlayerBoard, left: int) -> float:
    """The merchant's two people against what they could gather: 0 when it does not pay."""
    if not merchant.enabled(st) or left <= 2:
        return 0.0
    jewels = merchant.VISIT_JEWELS * (JEWEL if board.jewels < 6 else 0.5)
    level = min(merchant.VISIT_LEVEL, merchant.MAX_LEVEL - board.merchant) * (LEVEL if board.merchant < 4 else 0.7)
    return jewels + level - PERSON          # the second person gathers nothing


def jewel_card(st: State, board: PlayerBoard, left: int) -> tuple[float, Buy] | None:
    """The jewel slot's card, when the seat can pay it: its worth less the jewels, and the line."""
    if not merchant.enabled(st) or not st.jewel_card or board.jewels < merchant.SLOT_COST:
        return None
    top = board.jewels >= merchant.SLOT_COST + merchant.TOP_COST and left > 1
    value = card(board, st.jewel_card, left) - merchant.SLOT_COST * SPENT_JEWEL + 2.0 * top
    return value + PERSON, Buy("jewelcard", top=top)


def trade_for(st: State, board: PlayerBoard, tile: Building, spare: dict[Good, int],
              jewels: int) -> tuple[dict[Good, int], Trade] | None:
    """A trade that lets the seat pay fixed tile ``tile`` out of ``spare``: the payment and the
    trade, giving jewels first and then resources the tile does not take; None when none does."""
    if not merchant.enabled(st) or board.traded or not tile.fixed:
        return None
    cost = Counter(tile.cost)
    lacking = {g: cost[g] - spare.get(g, 0) for g in RESOURCES if cost[g] > spare.get(g, 0)}
    need = sum(lacking.values())
    if not need or need > min(board.merchant, merchant.MOST_TRADED):
        return None
    give: dict[str, int] = {}
    if jewels:
        give["jewel"] = min(jewels, need)
    for good in RESOURCES:                   # the cheapest spare resources the tile does not take
        short = need - sum(give.values())
        extra = spare.get(good, 0) - cost[good]
        if short and good not in lacking and extra > 0:
            give[good.value] = min(extra, short)
    if sum(give.values()) < need:
        return None
    order = ("wood", "clay", "stone", "gold", "jewel")
    trade = Trade(tuple((k, give[k]) for k in order if k in give),
                  tuple((g.value, n) for g, n in lacking.items()))
    return dict(cost), trade


def spend_trade(trade: Trade, spare: dict[Good, int]) -> int:
    """Take the trade's resources out of ``spare``; the jewels it gives."""
    for kind, n in trade.give:
        if kind != "jewel":
            spare[Good(kind)] -= n
    for kind, n in trade.take:
        spare[Good(kind)] += n
    return sum(n for kind, n in trade.give if kind == "jewel")


def hunt(st: State, board: PlayerBoard) -> list[Hunt]:
    """HUNT JEWELS 1 when the seat's food is safe for two feedings."""
    if merchant.enabled(st) and board.food + board.agriculture >= board.people + 4:
        return [HUNT_JEWEL]
    return []
