"""The mail commands, one table (Mailman 3 style): each entry names its word,
its arguments, who may send it, its help line and its handler. Dispatch and
HELP both read the table, and tests/test_commands.py holds pbem.inbox.protocol's
word sets to it."""
from __future__ import annotations

import textwrap

from pbem.commands import (digest, gm_clock, gm_course, gm_seats, help, history, join, language, lines,
                           orders, password, ready, resign, status, vacation)
from pbem.commands.base import ANYONE, EVERYONE, GM, PLAYER, SIGNED, Context, Entry, Line
from pbem.commands.usage import shown
from pbem.i18n import _
from pbem.reports.render import WIDTH, fit, render

__all__ = ["ANYONE", "EVERYONE", "GM", "PLAYER", "SIGNED", "COMMANDS", "TABLE", "Context", "Entry", "Line",
           "dispatch", "help_text", "lookup", "rows"]

# In the order HELP shows them: the player's lines, then the GM's.
TABLE: tuple[Entry | Line, ...] = (
    lines.SIGNON, lines.ORDERS, orders.TURN, ready.READY, status.STATUS, password.PASSWORD,
    history.HISTORY, vacation.VACATION, digest.DIGEST, language.LANGUAGE, language.TIMEZONE, lines.PRESS,
    lines.ENDPRESS, join.JOIN, join.OBSERVE, join.CONFIRM, resign.RESIGN, help.HELP, lines.SIGNOFF,
    gm_clock.PAUSE, gm_clock.RESUME, gm_clock.EXTEND, gm_clock.PROCESS, gm_course.PREVIEW,
    gm_course.ROLLBACK, gm_seats.REPLACE, gm_seats.BOT, gm_course.START, gm_course.END,
)
PARAGRAPH = 70     # the width of HELP's paragraphs
# The answer to a GM who sends a player's command names the GM's commands (START aside: a
# game the GM can send it to has not begun) and STATUS, which the GM may send too.
NOT_GM = ", ".join([e.form for e in TABLE if isinstance(e, Entry) and e.who == GM
                    and e.name != "START"] + ["STATUS"])
COMMANDS: dict[str, Entry] = {word: e for e in TABLE if isinstance(e, Entry) for word in e.words}


def lookup(word: str) -> Entry | None:
    """The entry of a command word (upper case), or None."""
    return COMMANDS.get(word)


def dispatch(ctx: Context, role: str) -> None:
    """Carry out ``ctx.cmd`` for ``role`` ("player" or "gm"), or say why it is not."""
    cmd = ctx.cmd
    entry = lookup(cmd.word)
    if entry is not None and role in entry.who:
        entry.run(ctx)
    elif role == "gm":
        ctx.answer.add(_("Line {line}: {word} is not a GM command ({commands}).").format(line=cmd.line, word=cmd.word,
                                                                                  commands=NOT_GM))
    else:
        ctx.answer.add(_("Line {line}: {word} is a GM command; sign on as gm to use it.").format(line=cmd.line, word=cmd.word))


def rows(who: str) -> list[Entry | Line]:
    """The HELP rows for ``who``: "gm", the GM's own commands, then those
    shared with the players; else the lines a player (or anyone) writes."""
    if who == "gm":
        own = [e for e in TABLE if isinstance(e, Entry) and "gm" in e.who and "anyone" not in e.who]
        return sorted(own, key=lambda e: "player" in e.who)
    return [e for e in TABLE if e.listed and e.who != GM]


def _column(row: Entry | Line) -> list[str]:
    """One row of the command column: the usage, then its help under column 36, wrapped there."""
    lines = textwrap.wrap(" ".join(_(row.help).split()), WIDTH - 36) or [""]
    usage = shown(row.usage)
    if len(usage) > 33:                 # a long usage has the line to itself, its help under it
        return [f"  {usage}"] + [" " * 36 + line for line in lines]
    return [f"  {usage:<33} {lines[0]}"] + [" " * 36 + line for line in lines[1:]]


def _gm_paragraph() -> str:
    """The sentence that names the GM's commands, wrapped; no command is broken over two lines."""
    usages = [shown(row.usage).replace(" ", "\xa0") for row in rows("gm")]
    said = _('The GM signs on as "gm" with the GM password and may send {commands} and {last}.').format(
        commands=", ".join(usages[:-1]), last=usages[-1])
    return textwrap.fill(said, PARAGRAPH).replace("\xa0", " ")


def help_text(address: str, game_lines: list[str]) -> str:
    """The HELP answer: the command column and the GM's commands from the
    table, the game's own lines (its presenter's) at the end."""
    column = [line for row in rows("player") for line in _column(row)]
    return fit(render("mail/help.txt", address=address, column=column, gm_paragraph=_gm_paragraph(),
                      game_lines=game_lines))
