"""Phase 2: new animals from the bag onto their lettered edge spaces; then
tribes that come back from the dead are placed."""
from __future__ import annotations

from engine.messages import Msg, Plural
from engine import hexgrid
from engine.valley.context import Context
from engine.valley.fate import draw_fate
from engine.valley.orders import Place
from engine.valley.species import word
from engine.valley.state import State, Tokens

COMEBACK = Tokens(3, 1)
COMEBACK_FOOD = 8
COMEBACK_CARDS = 3


def arrivals_due(st: State) -> int:
    few = len(st.in_play()) <= 3
    if st.is_first_turn():
        return 5 if few else 6
    if st.season == "summer":
        return 3 if few else 4
    return 1 if few else 2


def arrivals(ctx: Context) -> None:
    st = ctx.state
    for _ in range(arrivals_due(st)):
        if not draw_animal(ctx):
            break
    comebacks(ctx)


def draw_animal(ctx: Context) -> bool:
    """One animal from the bag onto its lettered space; False when the bag is empty."""
    st = ctx.state
    if not st.bag:
        ctx.say(Msg("the bag is empty: no more animals arrive"))
        return False
    token = ctx.dice.draw("animals", sorted(st.bag))
    st.bag.remove(token)
    species, letter = token.split()
    where = st.board.arrivals.get(letter)
    if where is None:
        raise ValueError(f"the animal {token} has no arrival space {letter} on this board")
    sp = st.space(where)
    if sp.blocked():
        st.bag.append(token)
        said = dict(species=word(species), letter=letter, space=where)
        ctx.say(Msg("a {species} ({letter}) cannot arrive on {space}, which is burning; it goes back "
                    "in the bag", **said) if sp.wildfire else
                Msg("a {species} ({letter}) cannot arrive on {space}, which is flooded; it goes back "
                    "in the bag", **said))
        return True
    sp.animals.setdefault(species, []).append(letter)
    ctx.say(Msg("a {species} arrives on {space} ({letter})", species=word(species), space=where, letter=letter))
    return True


def comebacks(ctx: Context) -> None:
    """Tribes wiped out in the first year come back on a free edge space of
    their choice: the first free one their PLACE lines rank, else one drawn."""
    st = ctx.state
    board = st.board
    for player in st.players:
        tribe = st.tribes[player]
        if not tribe.rising:
            continue
        free = [n for n in board.names if board.on_edge(n) and board.hexes[n].kind != "L"
                and _free(st, n)]
        if not free:
            ctx.say(Msg("{player} finds no free edge space to come back on this turn", player=player))
            continue
        wanted = [s for o in ctx.orders(player, Place) for s in o.spaces]
        where = next((s for s in wanted if s in free), None)
        if where is None:
            where = ctx.dice.draw("comeback", sorted(free, key=hexgrid.sort_key))
        st.space(where).tribes[player] = Tokens(COMEBACK.w, COMEBACK.f)
        tribe.food = COMEBACK_FOOD
        tribe.rising = False
        tribe.out = False
        tribe.resurrected = True
        ctx.say(Msg("{player} comes back with a new tribe of {tokens} on {space}", player=player,
                    tokens=str(COMEBACK), space=where), by=player)
        if tribe.hand:
            # A new tribe: the old hand goes to the fate discards, then 3 new cards.
            st.discards["fate"].extend(tribe.hand)
            n = len(tribe.hand)
            ctx.say(Plural("{player} discards the {count} fate card(s) of the old tribe",
                           "{player} discards the {count} fate card(s) of the old tribe", n, player=player, count=n))
            ctx.say(Msg("you discard {cards}", cards=", ".join(sorted(tribe.hand))), to=player)
            tribe.hand.clear()
        for _ in range(COMEBACK_CARDS):
            if not draw_fate(ctx, player):
                break


def _free(st: State, name: str) -> bool:
    sp = st.peek(name)
    return sp is None or not (sp.tribes or sp.animals or sp.camp or sp.blocked())
