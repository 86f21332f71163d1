"""PASSWORD <new>: a player changes the seat's password."""
from __future__ import annotations

from pbem import passwords
from pbem.commands.base import PLAYER, Context, Entry
from pbem.i18n import N_, _


def change_password(ctx: Context) -> None:
    """The new password counts from the next mail on."""
    cmd, seat = ctx.cmd, ctx.seat
    if len(cmd.args) != 1 or len(cmd.args[0]) < 6:
        ctx.answer.add(_("Line {line}: PASSWORD takes one new password of at least 6 characters.").format(
            line=cmd.line))
        return
    seat.password_hash = passwords.hash_password(cmd.args[0])
    ctx.session.add(seat)
    ctx.answer.add(_("Your password was changed. Use the new one from your next mail on."))


PASSWORD = Entry("PASSWORD", "<new>", PLAYER, N_("change your password"), change_password)
