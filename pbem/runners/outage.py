"""The outage guard: when no pass ran for ``pass_minutes * outage_factor``,
every active deadline moves back by the gap, so nobody loses a turn to a
server that was down. A time the GM gives (``pbem process --now``) is the
GM's own clock: a jump in it runs what fell due, and moves nothing."""
from __future__ import annotations

from datetime import timedelta

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select

from engine.messages import Msg
from pbem.clock import When, aware, parse_when
from pbem.models import Game, GameStatus, GmLog, Meta
from pbem.runners.claim import Context


def guard(ctx: Context) -> None:
    """Compare this pass's time with the last pass's, act on the gap, and record this one."""
    with ctx.session() as s:
        # Locked (and waited for, not skipped): deadlines move back once, not once per worker.
        meta = s.exec(select(Meta).where(Meta.key == "last_pass").with_for_update()).first()
        if meta is not None and meta.value:
            gap = ctx.now - aware(parse_when(meta.value))
            limit = timedelta(minutes=ctx.cfg.timing.pass_minutes * ctx.cfg.timing.outage_factor)
            if gap > limit and ctx.clock_given:
                ctx.summary.notes.append(f"--now is {gap} after the last pass: taken as your clock, not as an "
                                         "outage, so the turns due by then run and no deadline moved")
            elif gap > limit:
                _move_deadlines(ctx, s, gap)
            elif gap < -timedelta(minutes=5):
                ctx.summary.notes.append(f"the clock went back by {-gap}; deadlines left alone")
        if meta is None:
            meta = Meta(key="last_pass")
        meta.value = ctx.now.isoformat()
        s.add(meta)
        try:
            ctx.commit(s)
        except IntegrityError:     # another worker wrote the first row at the same moment
            s.rollback()


def _move_deadlines(ctx: Context, s: Session, gap: timedelta) -> None:
    for game in s.exec(select(Game).where(Game.status == GameStatus.ACTIVE)):
        if game.deadline is not None:
            game.deadline = aware(game.deadline) + gap
            s.add(game)
            s.add(GmLog.of(game.id, "outage", Msg("no pass for {gap}; deadline moved to {deadline}", gap=str(gap),
                                                   deadline=When(game.deadline)), ctx.now))
    ctx.summary.notes.append(f"no pass ran for {gap}: deadlines moved back by as much")
