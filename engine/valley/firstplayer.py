"""Who moves and fights first: most camps, then most tokens, then most food,
then a roll-off among those still tied (dice tag ``first player``)."""
from __future__ import annotations

from engine.messages import Msg
from engine.valley.context import Context


def choose_first_player(ctx: Context) -> None:
    st = ctx.state
    seats = st.in_play()
    if not seats:
        return

    camps = dict.fromkeys(seats, 0)
    tokens = dict.fromkeys(seats, 0)
    for sp in st.spaces.values():      # one pass for every seat's camps and tokens
        if sp.camp in camps:
            camps[sp.camp] += 1
        for p, t in sp.tribes.items():
            if p in tokens:
                tokens[p] += t.w + t.f
    ranks = {p: (camps[p], tokens[p], st.tribes[p].food) for p in seats}
    best = max(ranks.values())
    tied = [p for p in seats if ranks[p] == best]
    while len(tied) > 1:
        rolls = {p: ctx.dice.roll("first player") for p in tied}
        ctx.say(Msg("roll for First Player: {rolls}", rolls=", ".join(f"{p} {r}" for p, r in rolls.items())))
        top = max(rolls.values())
        tied = [p for p in tied if rolls[p] == top]
    if tied[0] != st.first_player:
        st.first_player = tied[0]
    ctx.say(Msg("{player} is First Player this turn", player=st.first_player))
