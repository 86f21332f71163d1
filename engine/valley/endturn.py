"""Phase 10: victory, extinction, the warning of four camps, and the season wheel."""
from __future__ import annotations

from engine.messages import Join, Msg, Plural
from engine.valley.context import Context
from engine.valley.eventcards import EVENTS
from engine.valley.playcards import expire_season
from engine.valley.words import EXTINCT, reason_word, when_words


def end_turn(ctx: Context) -> None:
    st = ctx.state
    fire_rules = bool(st.options.get("fire"))
    humans = any(sp.tribes for sp in st.spaces.values())
    if not humans:
        st.winners, st.reason, st.stage = [], EXTINCT, "over"
        ctx.say(Msg("only animals are left in the valley: humankind is extinct and everybody loses"))
        return
    # Nothing below changes a camp or a token before advance: counted once, in one pass.
    camps: dict[str | None, int] = {}
    tokens: dict[str, int] = {}
    for sp in st.spaces.values():
        camps[sp.camp] = camps.get(sp.camp, 0) + 1
        for seat, t in sp.tribes.items():
            tokens[seat] = tokens.get(seat, 0) + t.w + t.f
    winners = []
    for p in st.in_play():
        if camps.get(p, 0) >= 4 and st.tribes[p].warned and (st.tribes[p].fire or not fire_rules):
            winners.append(p)
    if winners:
        st.winners, st.stage = winners, "over"
        st.reason = "held 4 or more camps at the end of two turns in a row" + (
            " and has fire" if fire_rules else "")
        named = Join(Msg(" and "), winners)
        ctx.say(Plural("{winners} wins: {reason}", "{winners} win: {reason}", len(winners),
                       winners=named, reason=reason_word(st.reason)))
        return
    for p in st.in_play():
        tribe = st.tribes[p]
        tribe.warned = camps.get(p, 0) >= 4
        if tribe.warned:
            ctx.say(Msg("{player} has 4 or more camps: keeping them to the end of next turn wins (with fire)",
                        player=p) if fire_rules else
                    Msg("{player} has 4 or more camps: keeping them to the end of next turn wins", player=p))
    for p in st.in_play():
        tribe = st.tribes[p]
        if tokens.get(p, 0) == 0 and not camps.get(p):
            tribe.out = True
            tribe.fire = False
            if st.year == 1 and not tribe.resurrected and st.options.get("resurrection", True):
                tribe.rising = True
                ctx.say(Msg("{player} is wiped out, and will come back with a new tribe next turn", player=p))
            else:
                ctx.say(Msg("{player} is wiped out and leaves the game", player=p))
    advance(ctx)


def advance(ctx: Context) -> None:
    st = ctx.state
    st.lasting[:] = [c for c in st.lasting if EVENTS[c].lasting != "turn"] if st.lasting else []
    st.game_turn += 1
    st.turn += 1
    if st.turn > st.season_length():
        st.turn = 1
        st.lasting.clear()
        expire_season(ctx)
        if st.season == "summer":
            st.season = "winter"
        else:
            st.season = "summer"
            st.year += 1
    ctx.say(Msg("the season marker moves to {when}", when=when_words(st.season, st.turn, st.year)))
