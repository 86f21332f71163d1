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
from engine.messages import Join, Msg, Plural
from engine.stoneage import texts
from engine.stoneage.texts import animal_title, place, said

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
            log.append(said("round", Msg("A wild animal comes out of the deck: {animal}. {n} people drive it off "
                                         "(PLACE n {name}).", animal=described(ANIMALS[card]), n=needed(st),
                                         name=ANIMALS[card].name)))
    return ""


def why_not(st: State, seat: str, spot: Spot, placed_here: dict[str, int]) -> str:
    """Why ``spot`` (people onto an animal) cannot be placed now, or '' when it can.
    ``placed_here`` is who has people on it this round."""
    name = spot.location
    if name not in {a.name for a in in_play(st)}:
        return Msg("there is no {animal} in play", animal=place(name))
    if seat in placed_here:
        return Msg("you already have people on the {animal} this round", animal=place(name))
    free = st.board(seat).free
    if spot.people > free:
        return Plural("you have {free} person left to place, not {n}",
                      "you have {free} people left to place, not {n}", free, free=free, n=spot.people)
    room = needed(st) - held(st, name) - sum(placed_here.values())
    if spot.people > room:
        if room == 0:
            return Msg("the {animal} has all the {n} people it takes", animal=place(name), n=needed(st))
        return Plural("the {animal} takes {room} more person, not {n}", "the {animal} takes {room} more people, not {n}",
                      room, animal=place(name), room=room, n=spot.people)
    return ""


def spots(st: State) -> list[Spot]:
    """The smallest placement on each animal in play (for the check that a seat can place)."""
    return [Spot(1, a.name) for a in in_play(st)]


def described(animal: Animal) -> Msg:
    """An animal as str(animal) writes it: ``A01 wolf (-1 on every roll for goods; a die: 1: 2 food, ...)``."""
    table = Join(", ", [Msg("{face}: {reward}", face=face, reward=texts.reward(r.kind, r.amount))
                        for face, r in enumerate(animal.rewards, 1)])
    return Msg("{id} {title} (-{n} on every roll for goods; a die: {table})", id=animal.id,
               title=animal_title(animal.title), n=animal.penalty, table=table)


def resolve(st: State, seat: str, name: str, people: int, dice: Dice, log: list[Event]) -> None:
    """The seat's people on an animal: they join those already there; if that makes the number
    it takes, it is driven off."""
    board = st.board(seat)
    board.held[name] = board.held.get(name, 0) + people
    on, need = held(st, name), needed(st)
    if on < need:
        log.append(said(PHASE, Msg("{seat} stands against the {animal} with {n}: {on} of the {need} people it "
                                   "takes; they stay until it is driven off.", seat=seat, animal=place(name),
                                   n=board.held[name], on=on, need=need), by=seat))
        return
    drive_off(st, seat, BY_NAME[name], dice, log)


def drive_off(st: State, seat: str, animal: Animal, dice: Dice, log: list[Event]) -> None:
    """``seat``'s people made the number: every seat on the animal rolls a die per person,
    clockwise from the start player, and takes each die's reward; the people come home and
    the animal leaves the game."""
    st.animals.remove(animal.id)
    log.append(said(PHASE, Msg("{seat} drives the {title} ({id}) off: its penalty of {n} ends.", seat=seat,
                               title=animal_title(animal.title), id=animal.id, n=animal.penalty), by=seat))
    for other in st.turn_order():
        count = st.board(other).held.pop(animal.name, 0)
        if not count:
            continue
        faces = [dice.roll(f"animal {other}") for _ in range(count)]
        got = [give(st, other, animal.reward(f)) for f in faces]
        log.append(said(PHASE, Msg("{seat} rolls {faces} for the {animal}: {got}.", seat=other,
                                   faces=" ".join(map(str, faces)), animal=place(animal.name),
                                   got=Join(", ", got)), by=other))


def give(st: State, seat: str, reward: Reward) -> Msg:
    """One die's reward; what it gave, in words."""
    board = st.board(seat)
    if reward.kind == "tool":
        return texts.reward("tool") if board.gain_tool() else texts.NOTHING_TOOLS
    if reward.kind == "field":
        if board.agriculture >= MAX_AGRICULTURE:
            return texts.NOTHING_FIELD
        board.agriculture += 1
        return texts.reward("field")
    if reward.kind == "points":
        board.score += reward.amount
    else:
        board.add(Good(reward.kind), reward.amount)
    return texts.reward(reward.kind, reward.amount)


def lowered(st: State, total: int) -> tuple[int, str]:
    """A roll's total with the animals' penalty taken off (never below 0), and the words for
    it ('' when no animal is in play)."""
    low, said_ = lowered_message(st, total)
    return low, str(said_)


def lowered_message(st: State, total: int) -> tuple[int, Msg | str]:
    """A roll's total with the animals' penalty taken off (never below 0), and the words for
    it ('' when no animal is in play)."""
    if not st.animals:                  # none in play: nothing taken off (every roll asks)
        return total, ""
    cut = penalty(st)
    if not cut:
        return total, ""
    names = Join(texts.AND_THE, [place(a.name) for a in in_play(st)])
    low = max(0, total - cut)
    return low, Msg(", less {cut} for the {animals} ({low})", cut=cut, animals=names, low=low)
