"""JOIN, OBSERVE and CONFIRM: mail from people without a seat, carried out
by pbem.inbox.joining once the address confirms."""
from __future__ import annotations

from pbem.inbox import joining
from pbem.commands.base import Context, Entry
from pbem.i18n import N_


def join(ctx: Context) -> None:
    """JOIN <game> <seat>: ask to take a seat in an open game."""
    joining.join(ctx.session, ctx.cfg, ctx.mail, ctx.cmd, ctx.answer, ctx.now)


def observe(ctx: Context) -> None:
    """OBSERVE <game> [OFF]: ask to follow a game's public reports, or to stop."""
    joining.observe(ctx.session, ctx.cfg, ctx.mail, ctx.cmd, ctx.answer, ctx.now)


def confirm(ctx: Context) -> None:
    """CONFIRM <token>: carry out the JOIN or OBSERVE that token was mailed for."""
    joining.confirm(ctx.session, ctx.cfg, ctx.mail, ctx.cmd, ctx.answer, ctx.now)


JOIN = Entry("JOIN", "<game> <seat>", N_("take a seat in an open game (no SIGNON needed)"), join)
OBSERVE = Entry("OBSERVE", "<game> [OFF]", N_("follow a game's public reports (no SIGNON needed)"),
                observe)
CONFIRM = Entry("CONFIRM", "<token>",
                N_("carry out that JOIN or OBSERVE: the answer to it\nholds the token; a plain reply to that "
                   "answer works"), confirm)
