"""READY / WAIT: may the turn run before its deadline."""
from __future__ import annotations

from pbem.play import seating
from pbem.commands.base import Context, Entry
from pbem.i18n import N_, _


def ready_or_wait(ctx: Context) -> None:
    """READY: the turn may run early once every seat that owes orders is
    ready; WAIT takes that back. READY is not taken with refused orders."""
    s, game, seat, cmd = ctx.session, ctx.game, ctx.seat, ctx.cmd
    if cmd.word == "READY" and not ctx.sheet_stored:
        ctx.answer.add(_("Line {line}: READY was not taken, because your orders were not stored.").format(
            line=cmd.line))
        return
    seat.ready = cmd.word == "READY"
    s.add(seat)
    s.flush()       # all_ready reads the seats back from the database
    if seat.ready and seating.all_ready(s, game):
        game.all_ready_since = game.all_ready_since or ctx.now
    elif not seat.ready:
        game.all_ready_since = None
    s.add(game)
    ctx.answer.add(_("You are READY: the turn may run before the deadline once every seat is ready.")
                   if seat.ready else _("You WAIT: the turn will not run early."))


READY = Entry("READY / WAIT", "", N_("the turn may / may not run before the deadline"), ready_or_wait)
