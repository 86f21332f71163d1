"""Phase 5: combat on every space where tribes meet each other or animals.

The First Player's combats come first, then each player's in turn; a player
orders their own with COMBAT (the rest follow by space name). On a space the
tribes settle things first, then the survivor faces the animals species by
species. Every die of a space is asked as ``combat <space>``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from engine.valley import hexgrid
from engine.valley.camps import abandon_empty_camps, lose_fire_without_camps
from engine.valley.context import Context
from engine.valley.orders import CombatOrder
from engine.valley.playcards import bonus as card_bonus
from engine.valley.species import ORDER, SPECIES
from engine.valley.state import MAX_CAMPS, MAX_FEMALES, Space, Tokens


def warrior_bonus(warriors: int) -> int:
    """+1 per warrior above one, and a lone warrior gets +1 too."""
    return max(1, warriors - 1) if warriors else 0


def herd_bonus(animals: int) -> int:
    return max(1, animals - 1)


@dataclass
class Side:
    name: str
    bonus: Callable[[], int]
    alive: Callable[[], bool]
    lose_one: Callable[[], str]
    wind: tuple[str, str] | None = None    # (player, space) of a Second Wind that may be played


def battle(ctx: Context, tag: str, sides: list[Side]) -> None:
    """Round after round every side still in rolls; the lowest loses a token
    (with three or more, everyone below the highest); ties are rolled again."""
    while True:
        fighting = [s for s in sides if s.alive()]
        if len(fighting) < 2:
            return
        scores = {}
        parts = []
        for s in fighting:
            die, bonus = ctx.dice.roll(tag), s.bonus()
            scores[s.name] = die + bonus
            parts.append(f"{s.name} {die}+{bonus}={die + bonus}")
        top = max(scores.values())
        losers = [s for s in fighting if scores[s.name] < top]
        if not losers:
            ctx.say(f"{tag}: {', '.join(parts)}: a tie, rolled again")
            continue
        winded = [s for s in losers if s.wind and ctx.has("second_wind", *s.wind)]
        if winded:
            for s in winded:
                ctx.effects.discard(("second_wind", *s.wind))
            ctx.say(f"{tag}: {', '.join(parts)}: {', '.join(s.name for s in winded)} "
                    "play Second Wind: the round is rolled again")
            continue
        lost = [f"{s.name} loses {s.lose_one()}" for s in losers]
        ctx.say(f"{tag}: {', '.join(parts)}: {'; '.join(lost)}")


def needs_combat(sp: Space) -> bool:
    return len(sp.tribes) >= 2 or bool(sp.tribes and sp.animals)


def fight_all(ctx: Context) -> None:
    st = ctx.state
    pending = {n for n, sp in st.spaces.items() if needs_combat(sp)}
    for player in st.turn_order():
        mine = sorted((n for n in pending if player in st.spaces[n].tribes), key=hexgrid.sort_key)
        wanted = [s for o in ctx.orders(player, CombatOrder) for s in o.spaces]
        ordered = [s for s in dict.fromkeys(wanted) if s in mine]
        ordered += [s for s in mine if s not in ordered]
        for name in ordered:
            pending.discard(name)
            fight_space(ctx, name)


def fight_space(ctx: Context, name: str) -> None:
    st = ctx.state
    sp = st.space(name)
    order = [p for p in st.turn_order() if p in sp.tribes]
    if len(order) >= 2:
        _tribes(ctx, name, sp, order)
    if sp.animals and sp.tribes:
        _animals(ctx, name, sp)
    sp.tidy()
    abandon_empty_camps(ctx, [name])


def _tribe_side(ctx: Context, name: str, sp: Space, player: str, kind: str) -> Side:
    t = sp.tribes[player]

    def bonus() -> int:
        camp = 1 if sp.camp == player else 0
        cards = card_bonus(ctx, player, name, "warriors" if kind == "w" else "females")
        return (warrior_bonus(t.w) if kind == "w" else 0) + camp + cards

    def lose() -> str:
        setattr(t, kind, getattr(t, kind) - 1)
        return "a warrior" if kind == "w" else "a female"

    return Side(player, bonus, lambda: getattr(t, kind) > 0, lose, (player, name))


def _tribes(ctx: Context, name: str, sp: Space, order: list[str]) -> None:
    with_warriors = [p for p in order if sp.tribes[p].w > 0]
    tag = f"combat {name}"
    if len(with_warriors) >= 2:
        battle(ctx, tag, [_tribe_side(ctx, name, sp, p, "w") for p in with_warriors])
        victor = next(p for p in with_warriors if sp.tribes[p].w > 0)
    elif with_warriors:
        victor = with_warriors[0]
    else:
        battle(ctx, tag, [_tribe_side(ctx, name, sp, p, "f") for p in order])
        victor = next(p for p in order if sp.tribes[p].f > 0)
    losers = [p for p in order if p != victor]
    owner = sp.camp if sp.camp in losers else None
    burn = _conquer(ctx, name, sp, victor, owner) if owner else False
    for p in losers:
        females = sp.tribes[p].f
        del sp.tribes[p]
        if females:
            _take_females(ctx, name, sp, victor, p, females, burn and p == owner)


def _take_females(ctx: Context, name: str, sp: Space, victor: str, loser: str,
                  females: int, burn: bool) -> None:
    if burn:
        ctx.say(f"{loser}'s {females} female(s) on {name} are killed with the burning camp")
        return
    room = MAX_FEMALES - ctx.state.totals(victor).f
    taken = max(0, min(room, females))
    if taken:
        sp.tribes.setdefault(victor, Tokens()).f += taken
        ctx.say(f"{victor} takes {taken} of {loser}'s females on {name}")
    if females - taken:
        ctx.say(f"{females - taken} of {loser}'s females on {name} are killed: "
                f"{victor} has no female tokens left")


def _conquer(ctx: Context, name: str, sp: Space, victor: str, owner: str) -> bool:
    """Pillage, then occupy or burn the camp. True when it burns."""
    st = ctx.state
    last = len(st.camps(owner)) == 1
    share = st.tribes[owner].food // (2 if last else 4)
    st.tribes[owner].food -= share
    st.tribes[victor].food += share
    ctx.say(f"{victor} conquers {owner}'s camp on {name} and takes {share} food"
            + (" (it was their last camp)" if last else ""))
    choice = ctx.standing(victor, "conquer")
    full = choice == "occupy" and len(st.camps(victor)) >= MAX_CAMPS
    if full:
        choice = "burn"
    if st.options.get("fire") and st.tribes[owner].fire and not st.tribes[victor].fire:
        # The fire marker lies in a camp: a victor keeps the captured fire in
        # the camp it occupies or in one of its own, and without one takes none.
        if choice == "occupy" or st.camps(victor):
            st.tribes[victor].fire = True
            ctx.say(f"{victor} captures fire from {owner}")
        else:
            ctx.say(f"{victor} has no camp to keep fire in and does not capture {owner}'s fire")
    if full:
        ctx.say(f"{victor} already has {MAX_CAMPS} camps and must burn this one")
    if choice == "occupy":
        sp.camp = victor
        ctx.say(f"{victor} occupies the camp on {name}", by=victor)
    else:
        sp.camp = None
        ctx.say(f"{victor} burns the camp on {name}", by=victor)
    lose_fire_without_camps(ctx, owner)
    return choice == "burn"


def _animals(ctx: Context, name: str, sp: Space) -> None:
    st = ctx.state
    tag = f"combat {name}"
    for species in ORDER:
        if species not in sp.animals or not sp.tribes:
            continue
        player = next(iter(sp.tribes))
        t = sp.tribes[player]
        herd = sp.animals[species]
        start = len(herd)
        fire = 1 if st.options.get("fire") and st.tribes[player].fire else 0
        first = ctx.standing(player, "losses")

        def tribe_bonus() -> int:
            return warrior_bonus(t.w) + (1 if sp.camp == player else 0) + fire + \
                card_bonus(ctx, player, name, "animals")

        def tribe_lose() -> str:
            kind = "w" if first == "warriors" else "f"
            if getattr(t, kind) == 0:
                kind = "f" if kind == "w" else "w"
            setattr(t, kind, getattr(t, kind) - 1)
            if kind == "f" and t.f == 0 and sp.camp == player:
                abandon_empty_camps(ctx, [name])  # at once: the camp bonus ends here
            return "a warrior" if kind == "w" else "a female"

        def animal_lose() -> str:
            letter = herd.pop(0)
            if letter:
                st.bag.append(f"{species} {letter}")
            return "one"

        battle(ctx, tag, [
            Side(player, tribe_bonus, lambda: t.total > 0, tribe_lose, (player, name)),
            Side(f"the {species}", lambda: herd_bonus(len(herd)), lambda: bool(herd), animal_lose),
        ])
        if not herd:
            del sp.animals[species]
            food = SPECIES[species].food * start
            if "skin_and_bones" in st.lasting:
                food //= 2
            if ctx.has("tracker", player):
                food += start
            st.tribes[player].food += food
            ctx.say(f"{player} kills {start} {species} on {name} and gains {food} food")
        if t.total == 0:
            del sp.tribes[player]
            ctx.say(f"{player}'s tokens on {name} are all killed by the {species}")
