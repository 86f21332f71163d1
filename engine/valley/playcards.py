"""Fate cards played on the sheets: taken from the hand at the start of
movement, acting at once, this turn, or lying face up until their time."""
from __future__ import annotations

from engine.hexgrid import direction_word
from engine.messages import Msg
from engine.valley.animals import _Mover
from engine.valley.context import Context
from engine.valley.fatecards import DIRECTIONS, FATE
from engine.valley.orders import Play
from engine.valley.species import SPECIES, word
from engine.valley.state import MAX_FEMALES, MAX_WARRIORS

FENCES = 2


def _back(ctx: Context, player: str, order: Play, why: Msg) -> None:
    ctx.say(Msg("{order} could not take effect: {why}; the card goes back to your hand", order=str(order), why=why),
            to=player)


def fences_in_use(ctx: Context) -> int:
    return sum(1 for p in ctx.state.players for a in ctx.state.tribes[p].armed if a[0] == "palisade")


def play_cards(ctx: Context) -> None:
    st = ctx.state
    for player in st.turn_order():
        tribe = st.tribes[player]
        for order in ctx.orders(player, Play):
            if order.card not in tribe.hand:
                continue
            card = FATE[order.card]
            tribe.hand.remove(order.card)
            if _apply(ctx, player, order):
                ctx.say(Msg("{player} plays {card} ({args})", player=player, card=Msg(card.name),
                            args=" ".join(order.args)) if order.args else
                        Msg("{player} plays {card}", player=player, card=Msg(card.name)), by=player)
                if card.when not in ("season", "births", "next event"):
                    st.discards["fate"].append(order.card)
            else:
                tribe.hand.append(order.card)


def _apply(ctx: Context, player: str, order: Play) -> bool:
    st = ctx.state
    tribe = st.tribes[player]
    card, args = order.card, order.args
    if card == "stored_meat":
        tribe.food += 3
    elif card in ("stranger_warrior", "stranger_female"):
        kind, limit = ("w", MAX_WARRIORS) if card == "stranger_warrior" else ("f", MAX_FEMALES)
        here = st.tokens(player, args[0])
        if here.total == 0:
            _back(ctx, player, order, Msg("you have no tokens left on {space}", space=args[0]))
            return False
        if getattr(st.totals(player), kind) >= limit:
            _back(ctx, player, order, Msg("all your tokens of that kind are on the board"))
            return False
        t = st.space(args[0]).tribes[player]
        setattr(t, kind, getattr(t, kind) + 1)
    elif card == "fire_maker":
        if not st.has_camp(player):
            _back(ctx, player, order, Msg("fire is kept in a camp, and you have none"))
            return False
        tribe.fire = True
    elif card == "palisade":
        sp = st.peek(args[0])
        if sp is None or sp.camp != player:
            _back(ctx, player, order, Msg("you have no camp on {space}", space=args[0]))
            return False
        if fences_in_use(ctx) >= FENCES:
            _back(ctx, player, order, Msg("both fences are in use"))
            return False
        tribe.armed.append(["palisade", args[0]])
    elif card in ("fertility", "sacred_grove"):
        tribe.armed.append([card, *args])
    else:
        ctx.effects.add((card, player, *args))
    return True


def lure(ctx: Context) -> None:
    """Lured animals move one space before anybody moves."""
    st = ctx.state
    for effect in sorted(e for e in ctx.effects if e[0] == "lure"):
        _card, player, name, direction = effect
        sp = st.peek(name)
        if sp is None or not sp.animals:
            continue
        target = st.board.neighbours[name][DIRECTIONS[direction]]
        for species in list(sp.animals):
            mover = _Mover(st, st.board, SPECIES[species])
            if mover.obstacle(name, target):
                ctx.say(Msg("the {species} on {space} cannot be lured {direction}", space=name,
                            species=word(species, len(sp.animals[species])), direction=direction_word(direction)),
                        by=player)
                continue
            moved = sp.animals.pop(species)
            st.space(target).animals.setdefault(species, []).extend(moved)
            ctx.say(Msg("{player} lures the {species} from {space} to {target}", player=player, space=name,
                        species=word(species, len(moved)), target=target), by=player)
        sp.tidy()


def bonus(ctx: Context, player: str, name: str, against: str) -> int:
    """Card bonuses for a tribe's rounds on a space: against 'animals' or 'warriors'."""
    st = ctx.state
    extra = 0
    if against == "animals" and ctx.has("spear", player, name):
        extra += 2
    if against == "warriors" and ctx.has("war_paint", player, name):
        extra += 2
    sp = st.peek(name)
    if sp is not None and sp.camp == player and ["palisade", name] in st.tribes[player].armed:
        extra += 2
    return extra


def expire_season(ctx: Context) -> None:
    """At the end of a season the fences come down."""
    for player in ctx.state.players:
        tribe = ctx.state.tribes[player]
        for armed in [a for a in tribe.armed if a[0] == "palisade"]:
            tribe.armed.remove(armed)
            ctx.state.discards["fate"].append("palisade")
            ctx.say(Msg("{player}'s fence on {space} comes down at the end of the season", player=player, space=armed[1]))


def take_armed(ctx: Context, player: str, card: str) -> list[list[str]]:
    """Remove and discard a player's armed cards of one kind; return them."""
    tribe = ctx.state.tribes[player]
    taken = [a for a in tribe.armed if a[0] == card]
    for a in taken:
        tribe.armed.remove(a)
        ctx.state.discards["fate"].append(card)
    return taken

