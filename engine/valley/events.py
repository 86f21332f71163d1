"""Phase 1: clear last turn's markers and draw the season's event card.

No event comes in the first two turns of the game. The cards are in
eventcards.py; a deck that runs out is made again from its discards.
"""
from __future__ import annotations

from engine.messages import Msg
from engine.valley.context import Context

from engine.valley.eventcards import EVENTS
from engine.valley.playcards import take_armed


def clear_markers(ctx: Context) -> None:
    cleared = False
    for sp in ctx.state.spaces.values():
        if sp.wildfire or sp.flooded or sp.lava:
            sp.wildfire = sp.flooded = sp.lava = False
            cleared = True
    if cleared:
        ctx.say(Msg("the wildfire, flood and lava markers are removed"))


def events(ctx: Context) -> None:
    st = ctx.state
    clear_markers(ctx)
    if st.game_turn <= 2:
        ctx.say(Msg("no event card in the first two turns of the game"))
        return
    deck, discards = st.decks[st.season], st.discards[st.season]
    if not deck and discards:
        deck.extend(sorted(discards))
        discards.clear()
        ctx.say(Msg("the summer event discards are shuffled into a new deck") if st.season == "summer" else
                Msg("the winter event discards are shuffled into a new deck"))
    if not deck:
        ctx.say(Msg("the summer event deck is empty: no event this turn") if st.season == "summer" else
                Msg("the winter event deck is empty: no event this turn"))
        return
    card_id = ctx.dice.draw("event", sorted(deck))
    deck.remove(card_id)
    card = EVENTS[card_id]
    ctx.say(Msg("event: {name}. {text}", name=Msg(card.name), text=Msg(card.text)))
    for player in st.players:
        if take_armed(ctx, player, "sacred_grove"):
            ctx.effects.add(("spared", player))
            ctx.say(Msg("{player}'s Sacred Grove shelters the tribe from this event", player=player))
    if card.effect is not None:
        card.effect(ctx)
    if card.lasting and card_id not in st.lasting:
        st.lasting.append(card_id)
    discards.append(card_id)
