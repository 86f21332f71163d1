"""The lines the protocol reads itself (pbem.inbox.protocol.read_request): rows of
HELP that are never dispatched; and ENDPRESS, which is, when it stands alone."""
from __future__ import annotations

from pbem.commands.base import PLAYER, Context, Entry, Line
from pbem.i18n import N_, _

SIGNON = Line("SIGNON <game> <seat> <password>", N_("first line of every mail"))
ORDERS = Line("<orders>", N_("one per line, in the game's order language"), PLAYER)
PRESS = Line("PRESS TO <seat,seat|ALL> [ANON]", N_("a message to other seats, ended by ENDPRESS"), PLAYER)
SIGNOFF = Line("SIGNOFF", N_("nothing after this line is read"))


def stray_endpress(ctx: Context) -> None:
    """An ENDPRESS that closes no PRESS block."""
    ctx.answer.add(_("Line {line}: {word} closes no PRESS message, so it was ignored.").format(
        line=ctx.cmd.line, word=ctx.cmd.word))


ENDPRESS = Entry("ENDPRESS", "", N_("ends a PRESS message (told in the PRESS line)"), stray_endpress,
                 listed=False)
