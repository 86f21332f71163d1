"""DIGEST ROUND | STEP | OFF: when the news of other seats' moves is mailed."""
from __future__ import annotations

from pbem.commands.base import PLAYER, Context, Entry
from pbem.i18n import N_

DIGESTS = {"ROUND": "once a round, and whenever it is your move",
           "STEP": "after every step",
           "OFF": "only when it is your move, and when the game ends"}


def digest(ctx: Context) -> None:
    """Set the seat's digest; without a choice, say which it is."""
    cmd, seat = ctx.cmd, ctx.seat
    choice = cmd.args[0].upper() if len(cmd.args) == 1 else ""
    if choice not in DIGESTS:
        ctx.answer.add(f"Line {cmd.line}: DIGEST takes ROUND, STEP or OFF (now {seat.digest.upper()}: "
                       f"you get the news {DIGESTS[seat.digest.upper()]}).")
        return
    seat.digest = choice.lower()
    ctx.session.add(seat)
    ctx.answer.add(f"DIGEST {choice}: you get the news {DIGESTS[choice]}.")


DIGEST = Entry("DIGEST", "ROUND | STEP | OFF", PLAYER,
               N_("where players act in turn: the news of others'\nmoves once a round, every step, or never"),
               digest)
