"""The GM's seats: REPLACE <seat> <address> (a new player), BOT <seat> ON|OFF
(civil disorder). The tools (pbem.gm.gmtools) log the action themselves."""
from __future__ import annotations

from engine.messages import Msg
from pbem.gm import gmtools
from pbem.commands.base import Context, Entry, gm_did, gm_refused
from pbem.i18n import N_, _
from pbem.errors import GameError, HistoryError
from pbem.models import GameStatus


def _usage(ctx: Context) -> None:
    ctx.answer.add(_("Line {line}: write REPLACE <seat> <address> or BOT <seat> ON|OFF.").format(line=ctx.cmd.line))


def replace(ctx: Context) -> None:
    """A new player takes the seat, with a new password mailed to them."""
    if len(ctx.cmd.args) != 2:
        _usage(ctx)
        return
    seat, address = ctx.cmd.args[0].lower(), ctx.cmd.args[1]
    try:
        old = gmtools.replace_seat(ctx.session, ctx.cfg, ctx.game, seat, address, ctx.now)
    except (GameError, HistoryError) as why:
        gm_refused(ctx, why)
        return
    ctx.answer.add((_("Seat {seat}: {old} is replaced by {address}, who gets a new password when the game starts.")
                    if ctx.game.status == GameStatus.NEW else
                    _("Seat {seat}: {old} is replaced by {address}, who gets a new password.")).format(
        seat=seat, old=old, address=address))
    gm_did(ctx, Msg("gave seat {seat} to a new player", seat=seat))


def bot(ctx: Context) -> None:
    """The bot plays the seat (ON), or its player again (OFF)."""
    args = ctx.cmd.args
    if len(args) != 2 or args[1].upper() not in ("ON", "OFF"):
        _usage(ctx)
        return
    seat, on = args[0].lower(), args[1].upper() == "ON"
    try:
        gmtools.set_bot(ctx.session, ctx.cfg, ctx.game, seat, on, ctx.now)
    except (GameError, HistoryError) as why:
        gm_refused(ctx, why)
        return
    gm_did(ctx, Msg("put seat {seat} in civil disorder (played by the bot)", seat=seat) if on else
           Msg("put seat {seat} out of civil disorder (played by the bot)", seat=seat))


REPLACE = Entry("REPLACE", "<seat> <address>", N_("give the seat to a new player"), replace)
BOT = Entry("BOT", "<seat> ON|OFF", N_("the bot plays the seat (civil disorder), or no longer"), bot)
