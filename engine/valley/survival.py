"""Phase 6: food from fishing, foraging and the harvest; then every token eats."""
from __future__ import annotations

from engine.messages import Join, Msg, Plural
from engine import hexgrid
from engine.valley.camps import abandon_empty_camps
from engine.valley.context import Context
from engine.valley.state import State


def harvest_turn(st: State) -> bool:
    return st.season == "summer" and st.last_turn_of_season()


def gains(st: State, player: str) -> tuple[int, list[Msg]]:
    """Food a tribe gains this turn, and the reasons, space by space."""
    board = st.board
    total, why = 0, []
    harvest = harvest_turn(st)
    summer = st.season == "summer"
    fishing = st.fishing_spaces()      # asked once, not a space at a time
    spaces = st.spaces
    for name in sorted([n for n, sp in spaces.items() if player in sp.tribes], key=hexgrid.sort_key):
        sp = spaces[name]
        if name in fishing:
            total += 1
            why.append(Msg("fishing {space}", space=name))
        if summer and board.hexes[name].kind == "F":
            berries = 2 if "berries" in st.lasting else 1
            total += berries
            why.append(Msg("foraging {space} {food}", space=name, food=berries) if berries > 1 else
                       Msg("foraging {space}", space=name))
        if harvest and sp.crop:
            crop = (8 if sp.crop == "ok" else 4) + (4 if "abundant_rain" in st.lasting else 0)
            total += crop
            why.append(Msg("harvest {space} {food}", space=name, food=crop))
    return total, why


def cost(st: State, player: str, tokens: int) -> int:
    """Food that ``tokens`` tokens eat: 1 each, or 1.5 in winter without fire;
    a bitter frost adds 1 for each token away from the tribe's camps."""
    fire_rules = bool(st.options.get("fire"))
    if fire_rules and st.season == "winter" and not st.tribes[player].fire:
        eat = tokens * 3 // 2
    else:
        eat = tokens
    if "bitter_frost" in st.lasting and not (fire_rules and st.tribes[player].fire):
        outside = sum(sp.tribes[player].total for sp in st.spaces.values()
                      if player in sp.tribes and sp.camp != player)
        eat += min(outside, tokens)
    return eat


def survive(ctx: Context) -> None:
    st = ctx.state
    for player in st.turn_order():
        tribe = st.tribes[player]
        count = st.totals(player).total
        gained, why = gains(st, player)
        need = cost(st, player, count)
        have = tribe.food + gained
        if have >= need:
            tribe.food = have - need
            said = dict(player=player, gained=gained, need=need, kept=tribe.food)
            ctx.say(Msg("{player} gains {gained} food ({why}), eats {need}, keeps {kept}",
                        why=Join(", ", why), **said) if why else
                    Msg("{player} gains {gained} food, eats {need}, keeps {kept}", **said))
            continue
        fed = count
        while fed > 0 and cost(st, player, fed) > have:
            fed -= 1
        tribe.food = have - cost(st, player, fed)
        ctx.say(Plural("{player} gains {gained} food and cannot feed {hungry} of {count} tokens",
                       "{player} gains {gained} food and cannot feed {hungry} of {count} tokens", count - fed,
                       player=player, gained=gained, hungry=count - fed, count=count))
        starve(ctx, player, count - fed)
    if harvest_turn(st):
        for sp in st.spaces.values():
            if sp.crop:
                sp.crop = None
        ctx.say(Msg("the crops are harvested and cleared from the board"))
    abandon_empty_camps(ctx)


def starve(ctx: Context, player: str, hungry: int) -> None:
    """Remove ``hungry`` tokens: the kind the player's STARVE order names first;
    from spaces without a camp of theirs first, the fullest first, and a camp's
    last female last of all."""
    st = ctx.state
    first = ctx.standing(player, "starve")
    kinds = ("w", "f") if first == "warriors" else ("f", "w")
    # Starving takes tokens away and brings none: the tribe's spaces are found once.
    held = [(name, sp) for name, sp in st.spaces.items() if player in sp.tribes]
    for _ in range(hungry):
        for kind in kinds:
            best = None      # the least of (last_female, own_camp, -count, sort key), name
            for name, sp in held:
                t = sp.tribes.get(player)
                if t is None:
                    continue
                have = t.w if kind == "w" else t.f
                if have == 0:
                    continue
                own_camp = sp.camp == player
                pick = ((own_camp and kind == "f" and have == 1, own_camp, -have, hexgrid.sort_key(name)), name)
                if best is None or pick < best:
                    best = pick
            if best is not None:
                name = best[1]
                t = st.spaces[name].tribes[player]
                setattr(t, kind, getattr(t, kind) - 1)
                ctx.say(Msg("{player} loses a warrior to hunger on {space}", player=player, space=name)
                        if kind == "w" else
                        Msg("{player} loses a female to hunger on {space}", player=player, space=name))
                st.spaces[name].tidy()
                break
