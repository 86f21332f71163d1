"""What a civilization card does when it is bought (its top half).

The dice for everyone (DICE-ALL) rolls one die per player; from the buyer
clockwise, each seat takes the die whose reward comes first in its PICK
order. The two-dice cards (ROLL) take tools like a gathering roll, by the
policy for their card slot. G02's two resources are the buyer's TAKE.
"""
from __future__ import annotations

from engine.contract import Event
from engine.dice import Dice
from engine.stoneage import animals, merchant
from engine.stoneage.cards import CARDS, DICE_ALL_REWARDS, Effect
from engine.stoneage.goods import Good
from engine.stoneage.policy import Policy, policy_of
from engine.stoneage.rolls import roll_for
from engine.stoneage.state import MAX_AGRICULTURE, PlayerBoard, State

PHASE = "actions"
# G02 without a TAKE line: the two most valuable resources (the rules leave the choice to the buyer).
DEFAULT_TAKE = (Good.GOLD, Good.GOLD)


def raise_agriculture(board: PlayerBoard) -> bool:
    """Agriculture +1, up to 10; False when it is at 10 already."""
    if board.agriculture >= MAX_AGRICULTURE:
        return False
    board.agriculture += 1
    return True


def reward(board: PlayerBoard, name: str) -> str:
    """Give one reward of the dice for everyone; what it gave, in words."""
    if name == "tool":
        return "a tool step" if board.gain_tool() else "nothing (tools are at 4 4 4)"
    if name == "field":
        return "agriculture +1" if raise_agriculture(board) else "nothing (agriculture is at 10)"
    board.add(Good(name), 1)
    return f"1 {name}"


def apply(st: State, seat: str, card: str, slot: str, policy: Policy, dice: Dice, log: list[Event]) -> None:
    """The card's immediate effect for the seat that bought it from ``slot``."""
    top, board = CARDS[card].top, st.board(seat)
    effect = top.effect
    if effect is Effect.FOOD:
        board.food += top.amount
    elif effect is Effect.RESOURCE:
        assert top.good is not None
        board.add(top.good, top.amount)
    elif effect is Effect.POINTS:
        board.score += top.amount
    elif effect is Effect.TOOL:
        board.gain_tool()
    elif effect is Effect.AGRICULTURE:
        raise_agriculture(board)
    elif effect is Effect.ONE_USE:
        board.one_use.append(top.amount)
    elif effect is Effect.ANY2:
        for good in policy.take.goods if policy.take else DEFAULT_TAKE:
            board.add(good, 1)
    elif effect is Effect.ROLL:
        assert top.good is not None
        roll_for(board, policy, dice, f"card {seat}", 2, top.good, slot, seat, log, st)
        return
    elif effect is Effect.DICE_ALL:
        dice_for_all(st, seat, dice, log)
        return
    elif effect is Effect.CARD:
        face_down(st, seat, log)
        return
    elif effect is Effect.JEWELS:
        board.jewels += top.amount
    elif effect is Effect.MERCHANT:
        merchant.raise_level(board, top.amount)
    if effect is Effect.ANY2:
        gift = " and ".join(f"1 {g.value}" for g in (policy.take.goods if policy.take else DEFAULT_TAKE))
    else:
        gift = str(top)
    log.append(Event(PHASE, f"{seat} takes {gift}.", by=seat))


def face_down(st: State, seat: str, log: list[Event], price: str = "") -> None:
    """CARD (and the jewel slot's TOP): the top card of the deck, unseen by the others, for its
    bottom only."""
    card = animals.draw(st, log)       # a wild animal on top comes into play (option wild_animals)
    if not card:
        log.append(Event(PHASE, f"{seat} would take the top card of the deck, but the deck is empty."))
        return
    board = st.board(seat)
    board.cards.append(card)
    board.face_down.append(card)
    log.append(Event(PHASE, f"{seat} takes the top card of the deck face down{' ' * bool(price)}{price}.",
                     by=seat))
    log.append(Event(PHASE, f"The card you took face down is {CARDS[card]}; only its bottom counts.", to=seat))


def dice_for_all(st: State, buyer: str, dice: Dice, log: list[Event]) -> None:
    """One die per player; from the buyer clockwise each takes the die its PICK ranks best."""
    faces = [dice.roll("dice-all") for _ in st.players]
    log.append(Event(PHASE, f"{buyer} rolls a die for everyone: {' '.join(map(str, faces))}.", by=buyer))
    at = st.players.index(buyer)
    for seat in st.players[at:] + st.players[:at]:
        ranked = policy_of(st, seat).preference()
        face = min(faces, key=lambda f: ranked.index(DICE_ALL_REWARDS[f]))
        faces.remove(face)
        got = reward(st.board(seat), DICE_ALL_REWARDS[face])
        log.append(Event(PHASE, f"{seat} takes the {face}: {got}.", by=seat))
