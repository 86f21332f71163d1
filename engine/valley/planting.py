"""Phase 8 (end of winter): villages on plains may plant a crop for 1 food."""
from __future__ import annotations

from engine.valley.context import Context
from engine.valley.orders import Plant
from engine.valley.parser import planting_turn


def plant_crop(ctx: Context, player: str, name: str) -> bool:
    st = ctx.state
    sp = st.peek(name)
    tribe = st.tribes[player]
    why = ""
    if sp is None or sp.camp != player:
        why = f"you have no village on {name}"
    elif st.board.hexes[name].kind != "P":
        why = f"{name} is not plains"
    elif sp.crop:
        why = f"{name} already has a crop"
    elif tribe.food < 1:
        why = "planting costs 1 food and you have none"
    if why:
        ctx.say(f"PLANT {name} was not carried out: {why}", to=player)
        return False
    sp.crop = "ok"
    tribe.food -= 1
    ctx.say(f"{player} plants a crop on {name}", by=player)
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
                ctx.say(f"PLANT {order.space} was not carried out: crops are planted only in the "
                        f"last turn of winter; this is {st.season} turn {st.turn}", to=player)
