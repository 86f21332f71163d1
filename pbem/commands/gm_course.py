"""The game's course: START, PREVIEW (the next turn, not stored), ROLLBACK
[RERUN] (the last turn undone; pbem.gm.rollback), END."""
from __future__ import annotations

from engine.messages import Msg
from pbem.gm import gmtools
from pbem.commands.base import Context, Entry, gm_did, gm_refused
from pbem.i18n import N_, _
from pbem.play.games import start_game
from pbem.errors import GameError, HistoryError
from pbem.gm.rollback import done_message, rollback as undo

ENDED_BY_THE_GM = gmtools.ENDED_BY_THE_GM   # the reason of END by mail, translated for each reader


def start(ctx: Context) -> None:
    """Start a game that is waiting: passwords mailed, the first step begins."""
    try:
        start_game(ctx.session, ctx.cfg, ctx.game, ctx.now)
    except GameError as why:
        gm_refused(ctx, why)
        return
    gm_did(ctx, Msg("started the game"))


def preview(ctx: Context) -> None:
    """The public report the next turn would give now; nothing is stored or told."""
    try:
        ctx.answer.add(gmtools.preview(ctx.session, ctx.cfg, ctx.game))
    except GameError as why:
        gm_refused(ctx, why)


def rollback(ctx: Context) -> None:
    """Undo the last resolved turn: it waits for new orders, or with RERUN
    runs again at once with the sheets that stood; the tool tells the seats."""
    words = [w.upper() for w in ctx.cmd.args]
    if words not in ([], ["RERUN"]):
        ctx.answer.add(_("Line {line}: write ROLLBACK (the turn waits for new orders), or ROLLBACK RERUN (it "
                         "runs again at once with the sheets that stood).").format(line=ctx.cmd.line))
        return
    try:
        turn = undo(ctx.session, ctx.cfg, ctx.game, ctx.now, rerun=bool(words))
    except (GameError, HistoryError) as why:
        gm_refused(ctx, why)
        return
    gm_did(ctx, done_message(ctx.game, turn, rerun=bool(words)))


def end(ctx: Context) -> None:
    """The game is over now; the tool tells the seats and observers."""
    try:
        gmtools.end_game(ctx.session, ctx.cfg, ctx.game, ENDED_BY_THE_GM, ctx.now)
    except GameError as why:
        gm_refused(ctx, why)
        return
    gm_did(ctx, Msg("ended the game"))


START = Entry("START", "", N_("start a game whose seats are taken"), start)
PREVIEW = Entry("PREVIEW", "", N_("the next turn's public report, if it ran now (nothing is stored)"),
                preview)
ROLLBACK = Entry("ROLLBACK", "[RERUN]", N_("undo the last turn: it waits for new orders until a new deadline, "
                                               "or with RERUN runs again at once with the sheets that stood"),
                 rollback)
END = Entry("END", "", N_("end the game now"), end)
