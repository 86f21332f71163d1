"""Phase 7 (end of each season): one or two births in every camp with females."""
from __future__ import annotations

from engine.messages import Msg
from engine.valley.context import Context
from engine.valley.playcards import take_armed
from engine.valley.state import MAX_FEMALES, MAX_WARRIORS, Tokens


def _sex(face: int) -> str:
    """1-2 a female, 3-5 a warrior; a twin's 6 is a warrior too."""
    return "f" if face <= 2 else "w"


def births(ctx: Context) -> None:
    st = ctx.state
    if not st.last_turn_of_season():
        return
    for player in st.turn_order():
        rites = [a[1] for a in take_armed(ctx, player, "fertility")]
        for name in st.camps(player):
            t = st.tokens(player, name)
            count = 1 if t.f == 1 else 2 if t.f >= 2 else 0
            if count and name in rites:
                count += rites.count(name)
                ctx.say(Msg("{player}'s Fertility Rite brings one more birth on {space}", player=player, space=name))
            for _ in range(count):
                face = ctx.dice.roll("births")
                if face == 6:
                    faces = [ctx.dice.roll("births"), ctx.dice.roll("births")]
                    ctx.say(Msg("twins in {player}'s camp on {space}", player=player, space=name))
                else:
                    faces = [face]
                for f in faces:
                    _born(ctx, player, name, _sex(f))


def _born(ctx: Context, player: str, name: str, kind: str) -> None:
    st = ctx.state
    totals = st.totals(player)
    said = dict(player=player, space=name)
    if (kind == "w" and totals.w >= MAX_WARRIORS) or (kind == "f" and totals.f >= MAX_FEMALES):
        ctx.say(Msg("a warrior would be born to {player} on {space}, but all their warrior tokens "
                    "are on the board", **said) if kind == "w" else
                Msg("a female would be born to {player} on {space}, but all their female tokens "
                    "are on the board", **said))
        return
    t = st.space(name).tribes.setdefault(player, Tokens())
    setattr(t, kind, getattr(t, kind) + 1)
    ctx.say(Msg("a warrior is born to {player} on {space}", **said) if kind == "w" else
            Msg("a female is born to {player} on {space}", **said))
