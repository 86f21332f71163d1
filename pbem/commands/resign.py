"""RESIGN: a player leaves the game; the seat plays on without them, and its
player gets no more mail about it (pbem.play.turns, pbem.gm.gmtools, pbem.play.press and
the handler leave a resigned seat out)."""
from __future__ import annotations

from pbem.commands.base import Context, Entry
from pbem.i18n import N_, _
from pbem.inbox.joining import notice
from pbem.models import GmLog


def resign(ctx: Context) -> None:
    """The seat is resigned, logged, and the GM is told."""
    s, game, seat = ctx.session, ctx.game, ctx.seat
    seat.resigned = True
    s.add(seat)
    s.add(GmLog.of(game.id, "resign", seat.name, ctx.now))
    ctx.answer.add((_("You resigned seat {seat} of {game}. The seat now plays by the bot; the GM is told.")
                    if game.missed == "bot" else
                    _("You resigned seat {seat} of {game}. The seat now plays default orders; the GM is told."))
                   .format(seat=seat.name, game=game.id))
    ctx.answer.add(_("From now on you get no mail about the seat, and mail signed on as {seat} is not carried "
                     "out. To follow the game's public reports, send OBSERVE {game} without SIGNON.").format(
        seat=seat.name, game=game.id))
    if game.gm_email:
        notice(s, ctx.cfg, game, game.gm_email, f"seat {seat.name} resigned",
               f"Seat {seat.name} ({seat.email}) resigned from {game.id}.", ctx.now, f"resign:{seat.name}")


RESIGN = Entry("RESIGN", "", N_("leave the game (the seat plays on by default orders)"), resign)
