"""Phase 9 (end of each season): a fate card for every hand below its size."""
from __future__ import annotations

from engine.messages import Msg
from engine.valley.context import Context
from engine.valley.state import State


def hand_size(st: State) -> int:
    return 4 if len(st.players) >= 5 else 5


def draw_fate(ctx: Context, player: str) -> bool:
    """One card from the fate deck into a hand, reshuffling the discards when
    the deck is empty. False when there is no card at all."""
    st = ctx.state
    deck = st.decks["fate"]
    if not deck and st.discards["fate"]:
        deck.extend(sorted(st.discards["fate"]))
        st.discards["fate"].clear()
        ctx.say(Msg("the fate discards are shuffled into a new deck"))
    if not deck:
        return False
    card = ctx.dice.draw("fate", sorted(deck))
    deck.remove(card)
    st.tribes[player].hand.append(card)
    ctx.say(Msg("{player} draws a fate card", player=player))
    ctx.say(Msg("you draw the fate card {card}", card=card), to=player)
    return True


def draw_cards(ctx: Context) -> None:
    st = ctx.state
    if not st.last_turn_of_season():
        return
    for player in st.turn_order():
        if st.wiped_out(player):
            continue   # eliminated this turn (phase 10 marks it out): no card
        if len(st.tribes[player].hand) < hand_size(st) and not draw_fate(ctx, player):
            ctx.say(Msg("the fate deck is empty: no card is drawn"))
            return
