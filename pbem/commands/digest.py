"""DIGEST ROUND | STEP | OFF: when the news of other seats' moves is mailed."""
from __future__ import annotations

from pbem.commands.base import Context, Entry
from pbem.i18n import N_, _

DIGESTS = {"ROUND": N_("once a round, and whenever it is your move"),
           "STEP": N_("after every step"),
           "OFF": N_("only when it is your move, and when the game ends")}


def digest(ctx: Context) -> None:
    """Set the seat's digest; without a choice, say which it is."""
    cmd, seat = ctx.cmd, ctx.seat
    choice = cmd.args[0].upper() if len(cmd.args) == 1 else ""
    if choice not in DIGESTS:
        now = seat.digest.upper()
        ctx.answer.add(_("Line {line}: DIGEST takes ROUND, STEP or OFF (now {now}: you get the news "
                         "{when}).").format(line=cmd.line, now=now, when=_(DIGESTS[now])))
        return
    seat.digest = choice.lower()
    ctx.session.add(seat)
    ctx.answer.add(_("DIGEST {choice}: you get the news {when}.").format(choice=choice, when=_(DIGESTS[choice])))


DIGEST = Entry("DIGEST", "ROUND | STEP | OFF",
               N_("where players act in turn: the news of others'\nmoves once a round, every step, or never"), digest)
