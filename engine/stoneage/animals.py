"""Wild animals (option ``wild_animals``): four animal cards in the civilization deck.

Our design (docs/orders-stoneage.md, Decisions 38-45; the animals are in
animaldata.py):

- An animal drawn from the deck (a slot refilling at the round's end, the
  first deal, or G05's card taken face down) comes into play beside the
  card slots, and the next card is drawn in its place: it takes no slot.
- While it is in play, the total of every roll for goods (a gathering
  location, or a card that rolls) is lowered by its penalty, before tools
  are added; two animals add up, and a total never goes below 0.
- People go onto it with ``PLACE n wolf`` (its name, or its id ``A01``);
  it takes as many people as there are players, from all seats together.
  They are resolved in the usual action order (by default a seat's animal
  first), and then stay on it, round after round, until it is full: they
  are fed as usual but cannot be placed again.
- The seat whose people make it full drives it off at once: every seat with
  people on it, clockwise from the start player, rolls a die per person and
  takes each die's reward; the people come home and the penalty ends there.
"""
from __future__ import annotations

from engine.contract import Event
from engine.dice import Dice
from engine.stoneage.animaldata import ANIMALS, BY_NAME, Animal, Reward
from engine.stoneage.goods import Good
from engine.stoneage.orders import Spot
from engine.stoneage.state import MAX_AGRICULTURE, State

OPTION = "wild_animals"
PHASE = "actions"


def enabled(st: State) -> bool:
    return bool(st.options.get(OPTION))


def in_play(st: State) -> list[Animal]:
    return [ANIMALS[a] for a in st.animals]


def penalty(st: State) -> int:
    """What the animals in play take off a roll's total (0 without any)."""
    return sum(ANIMALS[a].penalty for a in st.animals)


def needed(st: State) -> int:
    """People it takes to drive an animal off: one per player."""
    return len(st.players)


def held(st: State, name: str) -> int:
    """People left on the animal ``name`` by all the seats, from earlier rounds or turns."""
    return sum(b.held.get(name, 0) for b in st.boards.values())


def draw(st: State, log: list[Event] | None) -> str:
    """The next civilization card off the deck; an animal on the way comes into play (and is
    logged, when ``log`` is given). '' when the deck runs out."""
    while st.civ_deck:
        card = st.civ_deck.pop(0)
        if card not in ANIMALS:
            return card
        st.animals.append(card)
        if log is not None:
            log.append(Event("round", f"A wild animal comes out of the deck: {ANIMALS[card]}. "
                                      f"{needed(st)} people drive it off (PLACE n {ANIMALS[card].name})."))
    return ""


def why_not(st: State, seat: str, spot: Spot, placed_here: dict[str, int]) -> str:
    """Why ``spot`` (people onto an animal) cannot be placed now, or '' when it can.
    ``placed_here`` is who has people on it this round."""
    name = spot.location
    if name not in {a.name for a in in_play(st)}:
        return f"there is no {name} in play"
    if seat in placed_here:
        return f"you already have people on the {name} this round"
    free = st.board(seat).free
    if spot.people > free:
        return f"you have {free} {'person' if free == 1 else 'people'} left to place, not {spot.people}"
    room = needed(st) - held(st, name) - sum(placed_here.values())
    if spot.people > room:
        if room == 0:
            return f"the {name} has all the {needed(st)} people it takes"
        return f"the {name} takes {room} more {'person' if room == 1 else 'people'}, not {spot.people}"
    return ""


def spots(st: State) -> list[Spot]:
    """The smallest placement on each animal in play (for the check that a seat can place)."""
    return [Spot(1, a.name) for a in in_play(st)]


def resolve(st: State, seat: str, name: str, people: int, dice: Dice, log: list[Event]) -> None:
    """The seat's people on an animal: they join those already there; if that makes the number
    it takes, it is driven off."""
    board = st.board(seat)
    board.held[name] = board.held.get(name, 0) + people
    on, need = held(st, name), needed(st)
    if on < need:
        log.append(Event(PHASE, f"{seat} stands against the {name} with {board.held[name]}: {on} of the "
                                f"{need} people it takes; they stay until it is driven off.", by=seat))
        return
    drive_off(st, seat, BY_NAME[name], dice, log)


def drive_off(st: State, seat: str, animal: Animal, dice: Dice, log: list[Event]) -> None:
    """``seat``'s people made the number: every seat on the animal rolls a die per person,
    clockwise from the start player, and takes each die's reward; the people come home and
    the animal leaves the game."""
    st.animals.remove(animal.id)
    log.append(Event(PHASE, f"{seat} drives the {animal.title} ({animal.id}) off: "
                            f"its penalty of {animal.penalty} ends.", by=seat))
    for other in st.turn_order():
        count = st.board(other).held.pop(animal.name, 0)
        if not count:
            continue
        faces = [dice.roll(f"animal {other}") for _ in range(count)]
        got = [give(st, other, animal.reward(f)) for f in faces]
        log.append(Event(PHASE, f"{other} rolls {' '.join(map(str, faces))} for the {animal.name}: "
                                f"{', '.join(got)}.", by=other))


def give(st: State, seat: str, reward: Reward) -> str:
    """One die's reward; what it gave, in words."""
    board = st.board(seat)
    if reward.kind == "tool":
        return str(reward) if board.gain_tool() else "nothing (tools are at 4 4 4)"
    if reward.kind == "field":
        if board.agriculture >= MAX_AGRICULTURE:
            return "nothing (agriculture is at 10)"
        board.agriculture += 1
        return str(reward)
    if reward.kind == "points":
        board.score += reward.amount
    else:
        board.add(Good(reward.kind), reward.amount)
    return str(reward)


def lowered(st: State, total: int) -> tuple[int, str]:
    """A roll's total with the animals' penalty taken off (never below 0), and the words for
    it ('' when no animal is in play)."""
    cut = penalty(st)
    if not cut:
        return total, ""
    names = " and the ".join(a.name for a in in_play(st))
    low = max(0, total - cut)
    return low, f", less {cut} for the {names} ({low})"
