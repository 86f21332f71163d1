"""Phase 1: clear last turn's markers and draw the season's event card.

No event comes in the first two turns of the game. The decks are filled by
the event cards (a later piece of work); an empty deck with empty discards
draws nothing and says so.
"""
from __future__ import annotations

from engine.valley.context import Context

EVENT_EFFECTS: dict[str, object] = {}
"""Event card id -> its effect; filled in by the card definitions."""


def clear_markers(ctx: Context) -> None:
    cleared = False
    for sp in ctx.state.spaces.values():
        if sp.wildfire or sp.flooded or sp.lava:
            sp.wildfire = sp.flooded = sp.lava = False
            cleared = True
    if cleared:
        ctx.say("the wildfire, flood and lava markers are removed")


def events(ctx: Context) -> None:
    st = ctx.state
    clear_markers(ctx)
    if st.game_turn <= 2:
        ctx.say("no event card in the first two turns of the game")
        return
    deck, discards = st.decks[st.season], st.discards[st.season]
    if not deck and discards:
        deck.extend(sorted(discards))
        discards.clear()
        ctx.say(f"the {st.season} event discards are shuffled into a new deck")
    if not deck:
        ctx.say(f"the {st.season} event deck is empty: no event this turn")
        return
    card = ctx.dice.draw("event", sorted(deck))
    deck.remove(card)
    ctx.say(f"event: {card}")
    effect = EVENT_EFFECTS.get(card)
    if callable(effect):
        effect(ctx)
    discards.append(card)
