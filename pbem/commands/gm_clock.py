"""The GM's clock: PAUSE, RESUME, EXTEND <time>, PROCESS NOW (the tools are
pbem.gm.gmtools', shared with 'pbem game ...')."""
from __future__ import annotations

from typing import Callable

from engine.messages import Msg

from pbem.gm import gmtools
from pbem.commands.base import Context, Entry, gm_did, gm_refused
from pbem.i18n import N_
from pbem.errors import GameError


def _clock(ctx: Context, tool: Callable[[], Msg]) -> None:
    """Carry out one clock tool and tell the seats, or say why it cannot be done."""
    try:
        done = tool()
    except GameError as why:
        gm_refused(ctx, why)
        return
    gm_did(ctx, done)


def pause(ctx: Context) -> None:
    """Stop the clock of a running game."""
    _clock(ctx, lambda: gmtools.pause(ctx.game, ctx.now))


def resume(ctx: Context) -> None:
    """Start the clock again; the deadline moves on by the pause."""
    _clock(ctx, lambda: gmtools.resume(ctx.game, ctx.now))


def extend(ctx: Context) -> None:
    """Move the deadline later by the time given (24h, 2d, ...)."""
    _clock(ctx, lambda: gmtools.extend(ctx.game, " ".join(ctx.cmd.args), ctx.now))


def process_now(ctx: Context) -> None:
    """Make the turn due, so that this pass runs it (NOW is not checked)."""
    _clock(ctx, lambda: gmtools.process_now(ctx.game, ctx.now))


PAUSE = Entry("PAUSE", "", N_("stop the clock"), pause)
RESUME = Entry("RESUME", "", N_("start the clock again; the deadline moves on by the pause"), resume)
EXTEND = Entry("EXTEND", "<time>", N_("move the deadline later"), extend, example="(like 24h)")
PROCESS = Entry("PROCESS", "NOW", N_("run the turn on this pass"), process_now)
