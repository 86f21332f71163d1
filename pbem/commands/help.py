"""HELP: the commands, generated from the table (pbem.commands.help_text),
with the game's own order lines for a player, and the game's orders with
examples on its board for its GM."""
from __future__ import annotations

import textwrap
from importlib import resources

from engine import get_ruleset
from pbem import i18n
from pbem.commands.base import Context, Entry
from pbem.i18n import N_, _
from pbem.presenters import get_presenter
from pbem.reports.render import WIDTH


def game_lines(ctx: Context) -> list[str]:
    """The game's HELP lines (its presenter's): for the seat's position, or
    for the GM the public view's, which shows no seat's private facts."""
    game = ctx.game
    if game is None:
        return []
    ruleset = get_ruleset(game.ruleset)
    view = ruleset.view(ruleset.from_json(game.state_json), ctx.seat.name if ctx.seat else None)
    return get_presenter(game.ruleset).help_lines(view)


def documents(ruleset: str, lang: str) -> list[tuple[str, str, bytes]]:
    """The game's order language (in ``lang`` where it is translated) and its cards, as files
    to attach: docs/orders-<game>[.<lang>].md and docs/cards-<game>.md, shipped as pbem.docs."""
    root = resources.files("pbem.docs")
    names = [f"orders-{ruleset}.{lang}.md", f"orders-{ruleset}.md"]
    orders = next((n for n in names if (root / n).is_file()), "")
    return [(n, "text/plain", (root / n).read_bytes()) for n in (orders, f"cards-{ruleset}.md")
            if n and (root / n).is_file()]


def help_answer(ctx: Context) -> None:
    """The HELP text, with the game's lines when a player asks, and the game's documents
    attached (a player has no checkout of pbem to open them in)."""
    from pbem.commands import help_text      # the table imports this module
    lines = game_lines(ctx)
    if ctx.game is not None:
        files = documents(ctx.game.ruleset, i18n.current())
        ctx.answer.files += files
        if files:
            said = _("Attached to this mail: {files} (every order with its rules; the game's cards, tiles "
                     "and map).").format(files=_(" and ").join(name for name, _type, _data in files))
            lines += [""] + textwrap.wrap(said, WIDTH, break_long_words=False, break_on_hyphens=False)
    ctx.answer.add(help_text(ctx.cfg.server.address, lines))


HELP = Entry("HELP", "", N_("this text"), help_answer)
