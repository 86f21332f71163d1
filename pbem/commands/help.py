"""HELP: the commands, generated from the table (pbem.commands.help_text),
with the game's own order lines for a player, and the game's orders with
examples on its board for its GM."""
from __future__ import annotations

from engine import get_ruleset
from pbem.commands.base import EVERYONE, Context, Entry
from pbem.i18n import N_
from pbem.presenters import get_presenter


def game_lines(ctx: Context) -> list[str]:
    """The game's HELP lines (its presenter's): for the seat's position, or
    for the GM the public view's, which shows no seat's private facts."""
    game = ctx.game
    if game is None:
        return []
    ruleset = get_ruleset(game.ruleset)
    view = ruleset.view(ruleset.from_json(game.state_json), ctx.seat.name if ctx.seat else None)
    return get_presenter(game.ruleset).help_lines(view)


def help_answer(ctx: Context) -> None:
    """The HELP text, with the game's lines when a player asks."""
    from pbem.commands import help_text      # the table imports this module
    ctx.answer.add(help_text(ctx.cfg.server.address, game_lines(ctx)))


HELP = Entry("HELP", "", EVERYONE, N_("this text"), help_answer)
