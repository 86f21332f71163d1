"""Phase 8 (end of winter): villages on plains may plant a crop for 1 food."""
from __future__ import annotations

from engine.messages import Msg
from engine.valley.context import Context
from engine.valley.orders import Plant
from engine.valley.state import State
from engine.valley.words import season_word


def planting_turn(state: State) -> bool:
    """Phase 8 comes in the last turn of winter: the third, or the fourth in a Long Winter."""
    return state.season == "winter" and state.last_turn_of_season()


def plant_crop(ctx: Context, player: str, name: str) -> bool:
    st = ctx.state
    sp = st.peek(name)
    tribe = st.tribes[player]
    why: Msg | None = None
    if sp is None or sp.camp != player:
        why = Msg("you have no village on {space}", space=name)
    elif st.board.hexes[name].kind != "P":
        why = Msg("{space} is not plains", space=name)
    elif sp.crop:
        why = Msg("{space} already has a crop", space=name)
    elif tribe.food < 1:
        why = Msg("planting costs 1 food and you have none")
    if why:
        ctx.say(Msg("PLANT {space} was not carried out: {why}", space=name, why=why), to=player)
        return False
    sp.crop = "ok"
    tribe.food -= 1
    ctx.say(Msg("{player} plants a crop on {space}", player=player, space=name), by=player)
    return True


def planting(ctx: Context) -> None:
    st = ctx.state
    for effect in sorted(e for e in ctx.effects if e[0] == "early_seed"):
        plant_crop(ctx, effect[1], effect[2])
    now = planting_turn(st)
    for player in st.turn_order():
        for order in ctx.orders(player, Plant):
            if now:
                plant_crop(ctx, player, order.space)
            else:
                # The parser refuses these; a sheet read in another position
                # still never loses a PLANT without a word.
                ctx.say(Msg("PLANT {space} was not carried out: crops are planted only in the "
                            "last turn of winter; this is {season} turn {turn}", space=order.space,
                            season=season_word(st.season), turn=st.turn), to=player)
