"""The 15 summer and 15 winter event cards: our own design, exact wording.

Each card says what it does in words a player can check against the report.
A lasting card stays face up (``State.lasting``) until the end of the turn or
of the season, as it says. Lines marked "Fire rules:" apply only with them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from engine.messages import Msg, Plural
from engine import hexgrid
from engine.valley.camps import abandon_empty_camps, lose_fire_without_camps
from engine.valley.context import Context
from engine.valley.species import ORDER, word
from engine.valley.state import Space

BLANK_WOLVES = 8


@dataclass(frozen=True)
class EventCard:
    id: str
    name: str
    season: str
    copies: int
    text: str
    effect: Callable[[Context], None] | None = None
    lasting: str = ""          # "", "turn" or "season"


def _gone(why: str, n: int, species: str, name: str) -> Msg:
    """"2 bear on C3 drown": the animals an event kills, in a sentence for each reason."""
    said = dict(count=n, species=word(species, n), space=name)
    if why == "drown":
        return Plural("{count} {species} on {space} drown", "{count} {species} on {space} drown", n, **said)
    if why == "are caught by the lava":
        return Plural("{count} {species} on {space} are caught by the lava",
                      "{count} {species} on {space} are caught by the lava", n, **said)
    if why == "the forest burns":
        return Plural("{count} {species} on {space} the forest burns",
                      "{count} {species} on {space} the forest burns", n, **said)
    if why == "the eruption":
        return Plural("{count} {species} on {space} the eruption",
                      "{count} {species} on {space} the eruption", n, **said)
    return Plural("{count} {species} on {space} the avalanche",
                  "{count} {species} on {space} the avalanche", n, **said)


def _why(why: str) -> Msg:
    """What kills the tribes of a space, as a message."""
    return {"the forest burns": lambda: Msg("the forest burns"), "the flood": lambda: Msg("the flood"),
            "the eruption": lambda: Msg("the eruption"), "the lava": lambda: Msg("the lava"),
            "the avalanche": lambda: Msg("the avalanche"),
            "sickness in a crowded space": lambda: Msg("sickness in a crowded space")}[why]()


def _remove_animals(ctx: Context, sp: Space, name: str, why: str) -> None:
    for species, letters in list(sp.animals.items()):
        for letter in letters:
            if letter:
                ctx.state.bag.append(f"{species} {letter}")
        ctx.say(_gone(why, len(letters), species, name))
    sp.animals.clear()


def spared(ctx: Context, player: str | None) -> bool:
    """A tribe sheltered by a Sacred Grove from this event."""
    return player is not None and ctx.has("spared", player)


def _kill_everyone(ctx: Context, name: str, why: str) -> None:
    sp = ctx.state.peek(name)
    if sp is None:
        return
    for player, t in list(sp.tribes.items()):
        if not spared(ctx, player):
            ctx.say(Msg("{player} loses {tokens} on {space}: {why}", player=player, tokens=str(t), space=name,
                        why=_why(why)))
            del sp.tribes[player]
    _remove_animals(ctx, sp, name, why)
    if sp.camp and not spared(ctx, sp.camp):
        owner, sp.camp = sp.camp, None
        ctx.say(Msg("{player}'s camp on {space} is destroyed", player=owner, space=name))
        lose_fire_without_camps(ctx, owner)
    if sp.crop and not spared(ctx, sp.camp):
        sp.crop = None
        ctx.say(Msg("the crop on {space} is destroyed", space=name))


def _one_person(ctx: Context, name: str, why: str, only: list[str] | None = None) -> None:
    """One token per tribe on the space dies, of the kind its LOSSES order names."""
    sp = ctx.state.peek(name)
    if sp is None:
        return
    for player, t in list(sp.tribes.items()):
        if spared(ctx, player) or (only is not None and player not in only):
            continue
        kind = "w" if ctx.standing(player, "losses") == "warriors" else "f"
        if getattr(t, kind) == 0:
            kind = "f" if kind == "w" else "w"
        setattr(t, kind, getattr(t, kind) - 1)
        said = dict(player=player, space=name, why=_why(why))
        ctx.say(Msg("{player} loses a warrior on {space}: {why}", **said) if kind == "w" else
                Msg("{player} loses a female on {space}: {why}", **said))
    sp.tidy()


def _region(ctx: Context, kind: str) -> list[str]:
    face = ctx.dice.roll("events")
    spaces = ctx.state.board.region_of(kind, face)
    said = dict(face=face, spaces=", ".join(spaces)) if spaces else dict(
        face=face, spaces=Msg("no such region on this board"))
    if kind == "F":
        ctx.say(Msg("the die picks forest region {face}: {spaces}", **said))
    elif kind == "P":
        ctx.say(Msg("the die picks plains region {face}: {spaces}", **said))
    else:
        ctx.say(Msg("the die picks mountain region {face}: {spaces}", **said))
    return spaces


def wildfire(ctx: Context) -> None:
    for name in _region(ctx, "F"):
        _kill_everyone(ctx, name, "the forest burns")
        ctx.state.space(name).wildfire = True
    abandon_empty_camps(ctx)


def flood(ctx: Context) -> None:
    for name in _region(ctx, "P"):
        sp = ctx.state.space(name)
        _remove_animals(ctx, sp, name, "drown")
        _one_person(ctx, name, "the flood")
        if sp.camp and not spared(ctx, sp.camp):
            owner, sp.camp = sp.camp, None
            ctx.say(Msg("{player}'s village on {space} is washed away", player=owner, space=name))
            lose_fire_without_camps(ctx, owner)
        if sp.crop and not spared(ctx, sp.camp):
            sp.crop = None
            ctx.say(Msg("the crop on {space} is washed away", space=name))
        sp.flooded = True


def eruption(ctx: Context) -> None:
    board = ctx.state.board
    volcanoes = [n for n in board.names if board.hexes[n].terrain == "V"]
    face = ctx.dice.roll("events")
    if not volcanoes:
        ctx.say(Msg("there is no volcano on this board"))
        return
    volcano = volcanoes[(face - 1) * len(volcanoes) // 6]
    ctx.say(Msg("the die shows {face}: the volcano {space} erupts", face=face, space=volcano))
    _kill_everyone(ctx, volcano, "the eruption")
    ctx.state.space(volcano).lava = True
    for name in board.lava.get(volcano, ()):
        sp = ctx.state.space(name)
        _remove_animals(ctx, sp, name, "are caught by the lava")
        _one_person(ctx, name, "the lava")
        if sp.crop and not spared(ctx, sp.camp):
            sp.crop = None
            ctx.say(Msg("the crop on {space} burns", space=name))
        sp.lava = True
    abandon_empty_camps(ctx)


def ailing(ctx: Context) -> None:
    face = ctx.dice.roll("events")
    species = ORDER[face - 1]
    ctx.say(Msg("the die shows {face}: sickness takes every {species}", face=face, species=word(species, 2)))
    for name in sorted(ctx.state.spaces, key=hexgrid.sort_key):
        sp = ctx.state.spaces[name]
        if species in sp.animals:
            letters = sp.animals.pop(species)
            for letter in letters:
                if letter:
                    ctx.state.bag.append(f"{species} {letter}")
            n = len(letters)
            ctx.say(Plural("{count} {species} leave {space}", "{count} {species} leave {space}", n,
                           count=n, species=word(species, n), space=name))


def great_herds(ctx: Context) -> None:
    from engine.valley.arrivals import draw_animal
    for _ in range(2):
        if not draw_animal(ctx):
            break


def abundant_rain(ctx: Context) -> None:
    if ctx.state.options.get("fire"):
        for p in ctx.state.players:
            if ctx.state.tribes[p].fire:
                ctx.state.tribes[p].fire = False
                ctx.say(Msg("the rain puts out {player}'s fire", player=p))


def avalanche(ctx: Context) -> None:
    for name in _region(ctx, "M"):
        _kill_everyone(ctx, name, "the avalanche")
    abandon_empty_camps(ctx)


def wolf_pack(ctx: Context) -> None:
    face = ctx.dice.roll("events")
    letter = "ABCDEF"[face - 1]
    where = ctx.state.board.arrivals.get(letter)
    on_board = sum(v.count("") for sp in ctx.state.spaces.values() for s, v in sp.animals.items() if s == "wolf")
    count = min(4, BLANK_WOLVES - on_board)
    if where is None or count <= 0:
        ctx.say(Msg("the die shows {face}: no wolf pack can come (no space {letter})", face=face, letter=letter)
                if where is None else Msg("the die shows {face}: no wolf pack can come (no wolves left)", face=face))
        return
    sp = ctx.state.space(where)
    if sp.blocked():
        ctx.say(Msg("the die shows {face}: the wolf pack cannot reach {space}", face=face, space=where))
        return
    sp.animals.setdefault("wolf", []).extend([""] * count)
    ctx.say(Msg("the die shows {face} ({letter})", face=face, letter=letter))
    ctx.say(Plural("a pack of {count} wolves comes down on {space}", "a pack of {count} wolves comes down on {space}",
                   count, count=count, space=where))


def hunger_moon(ctx: Context) -> None:
    for p in ctx.state.in_play():
        if spared(ctx, p):
            continue
        tribe = ctx.state.tribes[p]
        lost = min(2, tribe.food)
        tribe.food -= lost
        ctx.say(Plural("{player} loses {count} food to spoilage", "{player} loses {count} food to spoilage", lost,
                       player=p, count=lost))


def sickness(ctx: Context) -> None:
    for name in sorted(ctx.state.spaces, key=hexgrid.sort_key):
        if any(t.total >= 6 for t in ctx.state.spaces[name].tribes.values()):
            crowded = [p for p, t in ctx.state.spaces[name].tribes.items() if t.total >= 6]
            _one_person(ctx, name, "sickness in a crowded space", only=crowded)
    abandon_empty_camps(ctx)


CARDS = (
    EventCard("wildfire", "Dry Lightning", "summer", 2,
              "Roll a die for a forest region. Everything in it dies: tribes, animals, camps and crops. "
              "Wildfire markers lie on its spaces until the next event; nobody may enter them.", wildfire),
    EventCard("summer_storm", "Summer Storm", "summer", 1,
              "Roll a die for a plains region. On each of its spaces the animals drown, each tribe loses one "
              "token (its LOSSES kind), villages and crops are washed away. Flood markers lie there until "
              "the next event; nobody may enter them.", flood),
    EventCard("eruption", "The Mountain Wakes", "summer", 1,
              "Roll a die: 1-3 the first volcano, 4-6 the second (a board with one volcano: that one). "
              "Everything on the volcano dies. Along its lava path the animals die, each tribe loses one "
              "token and crops burn. Lava markers stay until the next event. Fire rules: a token on a "
              "lava space may take fire.", eruption),
    EventCard("drought", "Drought", "summer", 1,
              "Until the end of the season the rivers run dry: only spaces on the lake shore give fish.",
              lasting="season"),
    EventCard("ailing", "Murrain", "summer", 1,
              "Roll a die: 1 mammoth, 2 rhino, 3 bison, 4 bear, 5 tiger, 6 wolf. Every animal of that "
              "species leaves the board.", ailing),
    EventCard("mild_autumn", "Mild Autumn", "summer", 1,
              "This summer lasts four turns: the harvest, births and fate cards come at the end of the "
              "fourth.", lasting="season"),
    EventCard("abundant_rain", "Abundant Rain", "summer", 1,
              "Until the end of the season every harvested crop gives 4 food more. Fire rules: every tribe "
              "loses its fire.", abundant_rain, lasting="season"),
    EventCard("great_herds", "Great Herds", "summer", 1,
              "Two more animals come from the bag now, before this turn's arrivals.", great_herds),
    EventCard("skin_and_bones", "Skin and Bones", "summer", 1,
              "Until the end of the season every animal killed gives half its food, rounded down.",
              lasting="season"),
    EventCard("berries", "Berry Summer", "summer", 1,
              "Until the end of the season each occupied forest space gives 2 food from foraging.",
              lasting="season"),
    EventCard("quiet_summer", "A Quiet Summer Turn", "summer", 4, "Nothing happens."),
    EventCard("avalanche", "Avalanche", "winter", 2,
              "Roll a die for a mountain region (volcanoes count). Everything on it dies: tribes, animals "
              "and caves.", avalanche),
    EventCard("bitter_frost", "Bitter Frost", "winter", 2,
              "This turn each token that is not on a camp of its tribe eats 1 food more. Fire rules: "
              "tribes with fire do not.", lasting="turn"),
    EventCard("frozen_rivers", "Frozen Rivers", "winter", 1,
              "Until the end of the season the rivers are frozen: tribes and animals cross them, and only "
              "spaces on the lake shore give fish.", lasting="season"),
    EventCard("wolf_pack", "The Wolf Pack", "winter", 2,
              "Roll a die: 1 A, 2 B ... 6 F. A pack of 4 wolves (the blank ones; fewer if fewer are left "
              "off the board) comes onto that arrival space.", wolf_pack),
    EventCard("thaw_flood", "The Thaw", "winter", 1,
              "As Summer Storm: roll a die for a plains region; animals drown, each tribe there loses one "
              "token, villages and crops are washed away, flood markers until the next event.", flood),
    EventCard("long_winter", "Long Winter", "winter", 1,
              "This winter lasts four turns: births, planting and fate cards come at the end of the "
              "fourth.", lasting="season"),
    EventCard("hunger_moon", "Hunger Moon", "winter", 1,
              "Stored food spoils: every tribe loses 2 food (never below 0).", hunger_moon),
    EventCard("snowed_in", "Snowed In", "winter", 1,
              "This turn tribe tokens move at most 1 space.", lasting="turn"),
    EventCard("sickness", "Winter Sickness", "winter", 1,
              "On every space where one tribe has 6 or more tokens, that tribe loses one (its LOSSES "
              "kind).", sickness),
    EventCard("quiet_winter", "A Quiet Winter Turn", "winter", 3, "Nothing happens."),
)
EVENTS = {card.id: card for card in CARDS}


def deck(season: str) -> list[str]:
    return sorted(card.id for card in CARDS if card.season == season for _ in range(card.copies))
