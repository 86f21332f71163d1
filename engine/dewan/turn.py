"""One seat's turn: the action (take two cards, or place a camp with its bonus),
then the end of the turn (the row refilled, stories completed and their cards
drawn, the next seat, the round and the game's end).

Orders reaching this module have passed legal.why_not.
"""
from __future__ import annotations

from engine.contract import Event
from engine.dewan import legal, scoring
from engine.dewan.cards import cards
from engine.dewan.orders import Camp, Pick, Take
from engine.dewan.payment import slots
from engine.dewan.state import DRAFT, OVER, PLAY, State
from engine.dewan.stories import Holding, met
from engine.dice import Dice
from engine.messages import Join, Msg, Plural

RESHUFFLE = "reshuffle"      # the dice tag of the discard shuffled into a new deck
# The scoring lines' names as the score events show them (scoring.lines).
LINES = {"stories": Msg("stories"), "fire": Msg("fire"), "most fire": Msg("most fire"),
         "berries": Msg("berries"), "groups": Msg("groups")}
NTH = {1: Msg("1st"), 2: Msg("2nd"), 3: Msg("3rd")}


def said(phase: str, message: Msg, to: str | None = None, by: str | None = None) -> Event:
    """An event whose text is the message's English (the message is kept for the mail layer)."""
    return Event(phase, None, to=to, by=by, message=message)


def ordinal(n: int) -> Msg:
    """The ``n``-th, as legal.nth writes it."""
    return NTH.get(n) or Msg("{n}th", n=n)


def draw(st: State, dice: Dice, log: list[Event]) -> str:
    """The deck's top card ('' when deck and discard are both empty); an empty deck
    is first made again from the discard, shuffled with the dice."""
    if not st.deck and st.discard:
        pile, deck = list(st.discard), []
        while len(pile) > 1:
            got = dice.draw(RESHUFFLE, pile)
            pile.remove(got)
            deck.append(got)
        st.deck, st.discard = deck + pile, []
        log.append(said("deck", Msg("The deck is empty: the {n} discarded cards are shuffled into a new deck.",
                                    n=len(st.deck))))
    return st.deck.pop(0) if st.deck else ""


def pick(st: State, seat: str, order: Pick | None, log: list[Event]) -> None:
    """The setup draft: the seat takes a story tile (None: the row is empty and it takes
    none); the seat before it picks next, and after the first seat the first turn begins."""
    tile = take_story(st, seat, order.position) if order else ""
    if tile:
        log.append(said("draft", Msg("{seat} takes story tile {tile}.", seat=seat, tile=tile), by=seat))
    else:
        log.append(said("draft", Msg("{seat} takes no story tile: none is left.", seat=seat), by=seat))
    at = st.players.index(seat)
    if at == 0:
        st.stage, st.to_move = PLAY, st.first_player
        log.append(said("round", Msg("The draft is over; round 1 begins with {seat}.", seat=st.first_player)))
    else:
        st.to_move = st.players[at - 1]


def take_story(st: State, seat: str, position: int) -> str:
    """The tile at ``position`` (or, when it is empty, the first there is) goes to the seat;
    the row is refilled there from the story deck. '' when the row is empty."""
    at = position - 1
    if not 0 <= at < len(st.story_row) or not st.story_row[at]:
        at = next((i for i, t in enumerate(st.story_row) if t), -1)
        if at < 0:
            return ""
    tile = st.story_row[at]
    st.stories[seat].append(tile)
    st.story_row[at] = st.story_deck.pop(0) if st.story_deck else ""
    return tile


def take(st: State, seat: str, order: Take, log: list[Event]) -> None:
    """The two cards go to the hand; their positions stay empty till the end of the turn."""
    got = [st.row[order.first - 1], st.row[order.second - 1]]
    st.hands[seat].extend(got)
    st.row[order.first - 1] = st.row[order.second - 1] = ""
    log.append(said("take", Msg("{seat} takes {first} and {second} from row positions {at} and {at2}.",
                                seat=seat, first=cards(got[0]), second=cards(got[1]), at=order.first, at2=order.second),
                    by=seat))


def camp(st: State, seat: str, order: Camp, log: list[Event]) -> None:
    """Pay the path, place the camp, take a berry token there, apply the tribe board's bonus."""
    pay, _ = legal.camp_cost(st, seat, order)
    assert pay is not None
    cost = slots(st, seat, order.path)
    hand = st.hands[seat]
    to_others: list[Msg] = []
    for slot, text in zip(cost, pay):
        hand.remove(text)
        if slot.to:
            st.hands[slot.to].append(text)
            to_others.append(Msg("{card} to {seat}", card=cards(text), seat=slot.to))
        else:
            st.discard.append(text)
    dest = order.destination
    st.camps[seat].append(dest)
    st.left[seat] -= 1
    given = cards(" ".join(pay))
    paid = (Msg("paying {cards}", cards=given) if order.pay
            else Msg("paying {cards} (the cheapest payment)", cards=given))
    if to_others:
        paid = Msg("{payment}, of which {given}", payment=paid, given=Join(", ", to_others))
    log.append(said("camp", Msg("{seat} places a camp on {hex} by {path}, {payment}.", seat=seat, hex=dest,
                                path="-".join(order.path), payment=paid), by=seat))
    if st.board.hexes[dest].berry:
        st.berries[seat] += 1
        log.append(said("camp", Msg("{seat} takes the berry token on {hex}.", seat=seat, hex=dest), by=seat))
    n = st.placed(seat)
    kind = legal.bonus(n)
    if kind == "story":
        tile = take_story(st, seat, order.story or 1)
        got = Msg("story tile {tile}.", tile=tile) if tile else Msg("no story tile is left.")
        log.append(said("bonus", Msg("{seat}'s {nth} camp from the board: {bonus}", seat=seat, nth=ordinal(n),
                                     bonus=got), by=seat))
    elif kind == "tuck":
        if order.tuck:
            hand.remove(order.tuck)
            st.tucked[seat].append(order.tuck)
        got = (Msg("{card} tucked under the tribe board.", card=cards(order.tuck)) if order.tuck
               else Msg("no card tucked; that slot stays empty."))
        log.append(said("bonus", Msg("{seat}'s {nth} camp from the board: {bonus}", seat=seat, nth=ordinal(n),
                                     bonus=got), by=seat))
    elif kind == "fire":
        log.append(said("bonus", Msg("{seat} has placed its last camp: 1 more fire at scoring; "
                                     "this round is the last.", seat=seat), by=seat))
        st.round_ends = True


def end_turn(st: State, seat: str, dice: Dice, log: list[Event]) -> None:
    """The row's gaps refilled (lower position first; a gap left when the cards ran out is
    filled as soon as there are cards again), stories completed with a card drawn for each,
    then the next seat; after the last seat of the round, the next round or the end. When
    every clan in a row has passed, nobody can act again and the game ends."""
    for at, shown in enumerate(st.row):
        if not shown:
            st.row[at] = draw(st, dice, log)
    holding = st.holding(seat)
    completed = [s for s in st.stories[seat] if _met(st, seat, s, holding)]
    for tile in completed:
        st.stories[seat].remove(tile)
        st.done[seat].append(tile)
        story = st.story(tile)
        worth = (Msg("{points} points, {fire} fire", points=story.points, fire=story.fire) if story.fire
                 else Msg("{points} points", points=story.points))
        log.append(said("story", Msg("{seat} completes story {tile} ({name}: {worth}).", seat=seat, tile=tile,
                                     name=Msg(story.name), worth=worth)))
    drawn = [c for c in (draw(st, dice, log) for _ in completed) if c]
    if drawn:
        log.append(said("story", Plural("{seat} draws {n} card face down.", "{seat} draws {n} cards face down.",
                                        len(drawn), seat=seat, n=len(drawn))))
        log.append(said("story", Msg("You draw {cards}.", cards=cards(" ".join(drawn))), to=seat))
        st.hands[seat].extend(drawn)
    st.turns += 1
    if st.passes >= len(st.players):
        log.append(said("end", Msg("No clan can take cards or place a camp any more: the game ends.")))
        finish(st, log)
        return
    nxt = st.next_seat(seat)
    if nxt == st.first_player:
        if st.round_ends:
            finish(st, log)
            return
        st.round += 1
    st.to_move = nxt


def _met(st: State, seat: str, tile: str, holding: Holding) -> bool:
    """Whether the seat's ``holding`` meets story ``tile`` (asked once for the seat's holding as
    it was last asked about: a turn that takes cards leaves it as it was)."""
    last = st.memo.get(("met", seat))
    if last is None or last[0] != holding:
        last = st.memo["met", seat] = (holding, {})
    found = last[1].get(tile)
    if found is None:
        found = last[1][tile] = met(st.story(tile), st.board, holding)
    return found


def finish(st: State, log: list[Event]) -> None:
    """The final scoring; the winners are the best score, then the most cards in hand."""
    st.stage = OVER
    st.scores = {p: scoring.total(st, p) for p in st.players}
    st.winners = scoring.winners(st)
    for p in st.players:
        parts = scoring.lines(st, p)
        shown = Join(", ", [Msg("{line} {points}", line=LINES[k], points=v) for k, v in parts.items()])
        log.append(said("score", Msg("{seat} scores {points} ({lines}).", seat=p, points=st.scores[p],
                                     lines=shown)))
    winners = Join(Msg(" and "), st.winners)
    log.append(said("end", Plural("The game is over: {seats} wins.", "The game is over: {seats} win.",
                                  len(st.winners), seats=winners)))


def play(st: State, seat: str, order: Take | Camp | Pick | None, dice: Dice, log: list[Event]) -> None:
    """Play the seat's action (None: it has none and passes) and end its turn."""
    if st.stage == DRAFT:
        pick(st, seat, order if isinstance(order, Pick) else None, log)
        return
    assert st.stage == PLAY and st.to_move == seat
    st.passes = 0 if order else st.passes + 1
    if isinstance(order, Take):
        take(st, seat, order, log)
    elif isinstance(order, Camp):
        camp(st, seat, order, log)
    else:
        log.append(said("pass", Msg("{seat} can neither take two cards nor place a camp, and passes.", seat=seat),
                        by=seat))
    end_turn(st, seat, dice, log)

