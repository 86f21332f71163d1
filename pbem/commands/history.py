"""HISTORY [n]: the report of a turn again, as the seat saw it."""
from __future__ import annotations

from pbem.commands.base import Context, Entry
from pbem.i18n import N_, _
from pbem.site.history import turn_report
from pbem.errors import HistoryError
from pbem.inbox.protocol import whole_number


def history(ctx: Context) -> None:
    """The report of turn n, or the latest without a number."""
    cmd = ctx.cmd
    number = whole_number(cmd.args[0]) if cmd.args else None
    if cmd.args and (number is None or len(cmd.args) > 1):
        ctx.answer.add(_("Line {line}: HISTORY takes one turn number, like HISTORY 3, or none for the "
                         "latest report.").format(line=cmd.line))
        return
    try:
        ctx.answer.add(turn_report(ctx.session, ctx.game, number, ctx.seat.name, "text", ctx.cfg.server.address))
    except HistoryError as why:
        ctx.answer.add(_("Line {line}: {why}.").format(line=cmd.line, why=str(why).rstrip(".")))


HISTORY = Entry("HISTORY", "[n]", N_("the report of turn n (default: the latest) again"), history)
