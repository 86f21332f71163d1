"""What a civilization card does when it is bought (its top half).

The dice for everyone (DICE-ALL) rolls one die per player; from the buyer
clockwise, each seat takes the die whose reward comes first in its PICK
order. The two-dice cards (ROLL) take tools like a gathering roll, by the
policy for their card slot. G02's two resources are the buyer's TAKE.
"""
from __future__ import annotations

from engine.contract import Event
from engine.messages import Join, Msg
from engine.stoneage import texts
from engine.dice import Dice
from engine.stoneage import animals, merchant, worth
from engine.stoneage.cards import CARDS, DICE_ALL_REWARDS, Effect
from engine.stoneage.goods import Good
from engine.stoneage.policy import Policy, policy_of
from engine.stoneage.rolls import roll_for
from engine.stoneage.state import MAX_AGRICULTURE, PlayerBoard, State

PHASE = "actions"
# G02 without a TAKE line: the two most valuable resources (the rules leave the choice to the buyer).
DEFAULT_TAKE = (Good.GOLD, Good.GOLD)

# The effects, looked up once (an enum member read off its class costs a lookup each time).
(_FOOD, _RESOURCE, _POINTS, _TOOL, _AGRICULTURE, _ONE_USE,
 _ANY2, _ROLL, _DICE_ALL, _CARD, _JEWELS, _MERCHANT) = (
    Effect.FOOD, Effect.RESOURCE, Effect.POINTS, Effect.TOOL, Effect.AGRICULTURE, Effect.ONE_USE,
    Effect.ANY2, Effect.ROLL, Effect.DICE_ALL, Effect.CARD, Effect.JEWELS, Effect.MERCHANT)


def raise_agriculture(board: PlayerBoard) -> bool:
    """Agriculture +1, up to 10; False when it is at 10 already."""
    if board.agriculture >= MAX_AGRICULTURE:
        return False
    board.agriculture += 1
    return True


def reward(board: PlayerBoard, name: str) -> Msg:
    """Give one reward of the dice for everyone; what it gave, in words."""
    if name == "tool":
        return texts.TOOL_STEP if board.gain_tool() else texts.NOTHING_TOOLS
    if name == "field":
        return texts.FIELD_UP if raise_agriculture(board) else texts.NOTHING_FIELD
    board.add(Good(name), 1)
    return texts.amount(1, name)


def apply(st: State, seat: str, card: str, slot: str, policy: Policy, dice: Dice, log: list[Event]) -> None:
    """The card's immediate effect for the seat that bought it from ``slot``."""
    top, board = CARDS[card].top, st.boards[seat]
    effect = top.effect
    if effect is _FOOD:
        board.food += top.amount
    elif effect is _RESOURCE:
        assert top.good is not None
        board.add(top.good, top.amount)
    elif effect is _POINTS:
        board.score += top.amount
    elif effect is _TOOL:
        board.gain_tool()
    elif effect is _AGRICULTURE:
        raise_agriculture(board)
    elif effect is _ONE_USE:
        board.one_use.append(top.amount)
    elif effect is _ANY2:
        for good in policy.take.goods if policy.take else DEFAULT_TAKE:
            board.add(good, 1)
    elif effect is _ROLL:
        assert top.good is not None
        roll_for(board, policy, dice, f"card {seat}", 2, top.good, slot, seat, log, st)
        return
    elif effect is _DICE_ALL:
        dice_for_all(st, seat, dice, log)
        return
    elif effect is _CARD:
        face_down(st, seat, log)
        return
    elif effect is _JEWELS:
        board.jewels += top.amount
    elif effect is _MERCHANT:
        merchant.raise_level(board, top.amount)
    if effect is _ANY2:
        gift: object = Join(texts.AND, [texts.amount(1, g) for g in (policy.take.goods if policy.take else DEFAULT_TAKE)])
    else:
        gift = texts.top_of(top)
    log.append(texts.said(PHASE, Msg("{seat} takes {gift}.", seat=seat, gift=gift), by=seat))


def face_down(st: State, seat: str, log: list[Event], price: object = "") -> None:
    """CARD (and the jewel slot's TOP): the top card of the deck, unseen by the others, for its
    bottom only."""
    card = animals.draw(st, log)       # a wild animal on top comes into play (option wild_animals)
    if not card:
        log.append(texts.said(PHASE, Msg("{seat} would take the top card of the deck, but the deck is empty.",
                                         seat=seat)))
        return
    board = st.boards[seat]
    board.cards.append(card)
    board.face_down.append(card)
    if price:
        message = Msg("{seat} takes the top card of the deck face down for {price} more.", seat=seat, price=price)
    else:
        message = Msg("{seat} takes the top card of the deck face down.", seat=seat)
    log.append(texts.said(PHASE, message, by=seat))
    log.append(texts.said(PHASE, Msg("The card you took face down is {card}; only its bottom counts.",
                                     card=texts.card(card)), to=seat))


def dice_for_all(st: State, buyer: str, dice: Dice, log: list[Event]) -> None:
    """One die per player; from the buyer clockwise each takes the die its PICK ranks best."""
    faces = [dice.roll("dice-all") for _ in st.players]
    log.append(texts.said(PHASE, Msg("{seat} rolls a die for everyone: {faces}.", seat=buyer,
                                     faces=" ".join(map(str, faces))), by=buyer))
    at, left = st.players.index(buyer), worth.rounds_left(st)
    for seat in st.players[at:] + st.players[:at]:
        ranked = policy_of(st, seat).preference(st.boards[seat], left)
        face = min(faces, key=lambda f: ranked.index(DICE_ALL_REWARDS[f]))
        faces.remove(face)
        got = reward(st.boards[seat], DICE_ALL_REWARDS[face])
        log.append(texts.said(PHASE, Msg("{seat} takes the {face}: {got}.", seat=seat, face=face, got=got), by=seat))
