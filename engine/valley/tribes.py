"""Phase 4: tribes move, set up camps and (fire rules) take fire.

Players move one after another from the First Player, each carrying out
their MOVE lines in the order written, then their CAMP and FIRE lines, which
need tokens that stayed put (or, for fire next to flames, tokens that were
there before or after moving).
"""
from __future__ import annotations

from engine.messages import Msg, Plural
from engine.valley.camps import abandon_empty_camps
from engine.valley.context import Context
from engine.valley.orders import Camp, Fire, Move, Play
from engine.valley.playcards import lure, play_cards
from engine.valley.fire import touches_flames
from engine.valley.state import MAX_CAMPS, Tokens


class _Movement:
    def __init__(self, ctx: Context, player: str, fire_rules: bool) -> None:
        self.ctx = ctx
        self.st = ctx.state
        self.player = player
        self.arrived: dict[str, Tokens] = {}
        # where the tribe was before moving: only FIRE asks, so only under the fire rules
        self.started = {n for n, sp in self.st.spaces.items() if player in sp.tribes} if fire_rules else set()

    def unmoved(self, name: str) -> Tokens:
        have = self.st.tokens(self.player, name)
        came = self.arrived.get(name)
        return Tokens(have.w - came.w, have.f - came.f) if came is not None else Tokens(have.w, have.f)

    def refuse(self, order, why: Msg) -> None:
        self.ctx.say(Msg("{order} was not carried out: {why}", order=str(order), why=why), to=self.player)

    def move(self, order: Move) -> None:
        st, me = self.st, self.player
        start = order.path[0]
        free = self.unmoved(start)
        group = Tokens(order.w, order.f)
        if free.w < group.w or free.f < group.f:
            self.refuse(order, Msg("only {tokens} can still move on {space}", tokens=str(free), space=start))
            return
        here = st.space(start)
        others = here.others(me)
        if others and here.tribes[me].total - group.total < others:
            self.refuse(order, Plural("{count} animal or enemy token(s) are on {space}, so at least "
                                      "{count} of your tokens must stay there",
                                      "{count} animal or enemy token(s) are on {space}, so at least "
                                      "{count} of your tokens must stay there", others,
                                      count=others, space=start))
            return
        stop = start
        scouts = self.ctx.has("scouts", me)
        for there in order.path[1:]:
            sp = st.space(there)
            mine = sp.tribes.get(me)
            already = mine.w + mine.f if mine is not None else 0
            self._shift(group, stop, there)
            stop = there
            if scouts:    # scouts slip past animals, not enemies
                facing = sum(t.total for p, t in sp.tribes.items() if p != me)
            else:
                facing = sp.others(me)
            if facing and already < facing:
                if there != order.path[-1]:
                    self.ctx.say(Plural("{player}'s {tokens} stop on {space}, where {count} animal or "
                                        "enemy token(s) are",
                                        "{player}'s {tokens} stop on {space}, where {count} animal or "
                                        "enemy token(s) are", facing,
                                        player=me, tokens=str(group), space=there, count=facing), by=me)
                break
        self.arrived.setdefault(stop, Tokens())
        self.arrived[stop].w += group.w
        self.arrived[stop].f += group.f
        self.ctx.say(Msg("{player} moves {tokens} {path}", player=me, tokens=str(group),
                         path="-".join(order.path[:order.path.index(stop) + 1])), by=me)
        abandon_empty_camps(self.ctx, [start])

    def _shift(self, group: Tokens, src: str, dst: str) -> None:
        here = self.st.space(src).tribes
        a = here[self.player]
        a.w -= group.w
        a.f -= group.f
        if a.total == 0:
            del here[self.player]
        b = self.st.space(dst).tribes.setdefault(self.player, Tokens())
        b.w += group.w
        b.f += group.f

    def camp(self, order: Camp) -> None:
        st, me, name = self.st, self.player, order.space
        sp = st.space(name)
        free = self.unmoved(name)
        if free.w < 1 or free.f < 1:
            return self.refuse(order, Msg("no warrior and female of yours stayed on {space}", space=name))
        if sp.others(me):
            return self.refuse(order, Msg("there are animals or enemies on {space}", space=name))
        if sp.camp:
            return self.refuse(order, Msg("there is already a camp on {space}", space=name))
        if st.camp_count(me) >= MAX_CAMPS:
            return self.refuse(order, Msg("you already have {count} camps", count=MAX_CAMPS))
        sp.camp = me
        cave = st.board.hexes[name].kind == "M"
        self.ctx.say(Msg("{player} sets up a cave on {space}", player=me, space=name) if cave else
                     Msg("{player} sets up a village on {space}", player=me, space=name), by=me)

    def fire(self, order: Fire) -> None:
        st, me, name = self.st, self.player, order.space
        sp = st.space(name)
        if st.tribes[me].fire:
            return
        on_volcano = st.board.hexes[name].terrain == "V" and self.unmoved(name).total > 0
        flames = touches_flames(st, name) and (
            me in sp.tribes or name in self.started and self._left_from(name))
        if not (on_volcano or flames):
            return self.refuse(order, Msg("none of your tokens can take fire on {space}", space=name))
        if sp.others(me):
            return self.refuse(order, Msg("there are animals or enemies on {space}", space=name))
        if not st.has_camp(me):
            return self.refuse(order, Msg("fire is kept in a camp, and you have none"))
        st.tribes[me].fire = True
        self.ctx.say(Msg("{player} takes fire on {space}", player=me, space=name), by=me)

    def _left_from(self, name: str) -> bool:
        return any(isinstance(o, Move) and o.path[0] == name
                   for o in self.ctx.orders(self.player, Move))


MARCHING = ("forced_march", "raft")


def move_tribes(ctx: Context) -> None:
    play_cards(ctx)
    lure(ctx)
    fire_rules = bool(ctx.state.options.get("fire"))
    for player in ctx.state.turn_order():
        movement = _Movement(ctx, player, fire_rules)
        sheet = ctx.sheets.get(player)
        for order in sheet.orders if sheet else ():
            if isinstance(order, Move):
                movement.move(order)
            elif isinstance(order, Play) and order.card in MARCHING and ctx.has(order.card, player, *order.args):
                movement.move(order.as_move())
        for order in ctx.orders(player, Camp):
            movement.camp(order)
        if fire_rules:
            for order in ctx.orders(player, Fire):
                movement.fire(order)

