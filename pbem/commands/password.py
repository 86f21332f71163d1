"""PASSWORD <new>: a player changes the seat's password."""
from __future__ import annotations

from pbem.inbox import passwords
from pbem.commands.base import Context, Entry
from pbem.i18n import N_, _


def change_password(ctx: Context) -> None:
    """The new password counts from the next mail on; one that guessers
    would find soon (pbem.inbox.passwords.problem) is refused."""
    cmd, seat = ctx.cmd, ctx.seat
    if len(cmd.args) != 1:
        ctx.answer.add(_("Line {line}: PASSWORD takes one new password, with no spaces.").format(line=cmd.line))
        return
    why = passwords.problem(cmd.args[0], ctx.game.id, seat.name, seat.email.partition("@")[0])
    if why:
        ctx.answer.add(_("Line {line}: that password is refused, as {why}; your password is unchanged. Choose "
                         "one of at least {n} characters that is not a word or a name with digits around it, "
                         "for example three groups like the password the game gave you.").format(
            line=cmd.line, why=_(why).format(n=passwords.MIN_LENGTH, distinct=passwords.MIN_DISTINCT),
            n=passwords.MIN_LENGTH))
        return
    seat.password_hash = passwords.hash_password(cmd.args[0])
    ctx.session.add(seat)
    ctx.answer.add(_("Your password was changed. Use the new one from your next mail on."))


PASSWORD = Entry("PASSWORD", "<new>", N_("change your password"), change_password)
