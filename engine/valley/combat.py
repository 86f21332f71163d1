"""Phase 5: combat on every space where tribes meet each other or animals.

The First Player's combats come first, then each player's in turn; a player
orders their own with COMBAT (the rest follow by space name). On a space the
tribes settle things first, then the survivor faces the animals species by
species. Every die of a space is asked as ``combat <space>``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from engine.messages import Join, Msg, Plural
from engine import hexgrid
from engine.valley.camps import abandon_empty_camps, lose_fire_without_camps
from engine.valley.context import Context
from engine.valley.orders import CombatOrder
from engine.valley.playcards import bonus as card_bonus
from engine.valley.species import ORDER, SPECIES, the, word
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
    lose_one: Callable[[], str]            # what it lost: "a warrior", "a female" or "one"
    wind: tuple[str, str] | None = None    # (player, space) of a Second Wind that may be played
    label: Msg | None = None               # its name in the report, when not ``name`` ("the bear")

    def said(self) -> Msg | str:
        return self.label if self.label is not None else self.name


def _lost(side: Side) -> Msg:
    what = side.lose_one()
    if what == "a warrior":
        return Msg("{side} loses a warrior", side=side.said())
    if what == "a female":
        return Msg("{side} loses a female", side=side.said())
    return Msg("{side} loses one", side=side.said())


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
            parts.append(Msg("{side} {die}+{bonus}={score}", side=s.said(), die=die, bonus=bonus, score=die + bonus))
        top = max(scores.values())
        losers = [s for s in fighting if scores[s.name] < top]
        said = dict(space=tag.removeprefix("combat "), rolls=Join(", ", parts))
        if not losers:
            ctx.say(Msg("combat {space}: {rolls}: a tie, rolled again", **said))
            continue
        winded = [s for s in losers if s.wind and ctx.has("second_wind", *s.wind)]
        if winded:
            for s in winded:
                ctx.effects.discard(("second_wind", *s.wind))
            ctx.say(Msg("combat {space}: {rolls}: {players} play Second Wind: the round is rolled again",
                        players=", ".join(s.name for s in winded), **said))
            continue
        ctx.say(Msg("combat {space}: {rolls}: {losses}", losses=Join("; ", [_lost(s) for s in losers]), **said))


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
        ctx.say(Plural("{player}'s {count} female(s) on {space} are killed with the burning camp",
                       "{player}'s {count} female(s) on {space} are killed with the burning camp", females,
                       player=loser, count=females, space=name))
        return
    room = MAX_FEMALES - ctx.state.totals(victor).f
    taken = max(0, min(room, females))
    if taken:
        sp.tribes.setdefault(victor, Tokens()).f += taken
        ctx.say(Plural("{player} takes {count} of {loser}'s females on {space}",
                       "{player} takes {count} of {loser}'s females on {space}", taken,
                       player=victor, count=taken, loser=loser, space=name))
    if females - taken:
        ctx.say(Plural("{count} of {loser}'s females on {space} are killed: {player} has no female tokens left",
                       "{count} of {loser}'s females on {space} are killed: {player} has no female tokens left",
                       females - taken, count=females - taken, loser=loser, space=name, player=victor))


def _conquer(ctx: Context, name: str, sp: Space, victor: str, owner: str) -> bool:
    """Pillage, then occupy or burn the camp. True when it burns."""
    st = ctx.state
    last = st.camp_count(owner) == 1
    share = st.tribes[owner].food // (2 if last else 4)
    st.tribes[owner].food -= share
    st.tribes[victor].food += share
    said = dict(player=victor, owner=owner, space=name, food=share)
    ctx.say(Msg("{player} conquers {owner}'s camp on {space} and takes {food} food (it was their last camp)",
                **said) if last else Msg("{player} conquers {owner}'s camp on {space} and takes {food} food", **said))
    choice = ctx.standing(victor, "conquer")
    full = choice == "occupy" and st.camp_count(victor) >= MAX_CAMPS
    if full:
        choice = "burn"
    if st.options.get("fire") and st.tribes[owner].fire and not st.tribes[victor].fire:
        # The fire marker lies in a camp: a victor keeps the captured fire in
        # the camp it occupies or in one of its own, and without one takes none.
        if choice == "occupy" or st.has_camp(victor):
            st.tribes[victor].fire = True
            ctx.say(Msg("{player} captures fire from {owner}", player=victor, owner=owner))
        else:
            ctx.say(Msg("{player} has no camp to keep fire in and does not capture {owner}'s fire",
                        player=victor, owner=owner))
    if full:
        ctx.say(Msg("{player} already has {count} camps and must burn this one", player=victor, count=MAX_CAMPS))
    if choice == "occupy":
        sp.camp = victor
        ctx.say(Msg("{player} occupies the camp on {space}", player=victor, space=name), by=victor)
    else:
        sp.camp = None
        ctx.say(Msg("{player} burns the camp on {space}", player=victor, space=name), by=victor)
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
            Side(f"the {species}", lambda: herd_bonus(len(herd)), lambda: bool(herd), animal_lose,
                 label=the(species)),
        ])
        if not herd:
            del sp.animals[species]
            food = SPECIES[species].food * start
            if "skin_and_bones" in st.lasting:
                food //= 2
            if ctx.has("tracker", player):
                food += start
            st.tribes[player].food += food
            ctx.say(Plural("{player} kills {count} {species} on {space} and gains {food} food",
                           "{player} kills {count} {species} on {space} and gains {food} food", start,
                           player=player, count=start, species=word(species, start), space=name, food=food))
        if t.total == 0:
            del sp.tribes[player]
            ctx.say(Plural("{player}'s tokens on {space} are all killed by the {species}",
                           "{player}'s tokens on {space} are all killed by the {species}", len(herd),
                           player=player, space=name, species=word(species, len(herd))))
