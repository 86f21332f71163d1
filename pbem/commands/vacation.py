"""VACATION <turns> | OFF: a player is away, and no turn counts as missed."""
from __future__ import annotations

from pbem.gm import gmtools
from pbem.commands.base import Context, Entry
from pbem.i18n import N_, _
from pbem.errors import GameError


def vacation(ctx: Context) -> None:
    """The same rule as the GM's 'pbem game vacation' (pbem.gm.gmtools), said to "you"."""
    cmd = ctx.cmd
    try:
        ctx.answer.add(gmtools.vacation(ctx.session, ctx.game, ctx.seat, cmd.args[0] if cmd.args else "",
                                        who="you", now=ctx.now))
    except GameError as why:
        ctx.answer.add(_("Line {line}: {why}.").format(line=cmd.line, why=why))


VACATION = Entry("VACATION", "<turns> | OFF", N_("away: your default orders, no turn counts as missed"),
                 vacation)
