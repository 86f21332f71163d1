"""Camps that lose their last female, and fire that goes with the last camp."""
from __future__ import annotations

from engine.messages import Msg
from engine.valley.context import Context


def abandon_empty_camps(ctx: Context, names: list[str] | None = None) -> None:
    """A camp with no female of its owner is abandoned at once."""
    st = ctx.state
    for name in list(names if names is not None else st.spaces):
        sp = st.peek(name)
        if sp is None or sp.camp is None:
            continue
        owner = sp.camp
        t = sp.tribes.get(owner)
        if t is None or t.f == 0:
            sp.camp = None
            ctx.say(Msg("{player}'s camp on {space} has no female left and is abandoned", player=owner, space=name))
            lose_fire_without_camps(ctx, owner)


def lose_fire_without_camps(ctx: Context, player: str) -> None:
    """A tribe that loses its last camp loses fire too."""
    st = ctx.state
    tribe = st.tribes[player]
    if tribe.fire and not any(sp.camp == player for sp in st.spaces.values()):
        tribe.fire = False
        ctx.say(Msg("{player} lost its last camp and with it the fire", player=player))
