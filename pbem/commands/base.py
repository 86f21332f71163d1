"""What every mail command is made of: its table entry, and the context its
handler is given."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Callable

from sqlmodel import Session

from engine.messages import Msg
from pbem.gm import gmtools
from pbem.play import steps
from pbem.inbox.answer import Answer
from pbem.inbox.commandwords import ANYONE, EVERYONE, GM, PLAYER, SIGNED, who
from pbem.i18n import _
from pbem.config import Config
from pbem.mail.reading import Incoming
from pbem.models import Game, Seat
from pbem.inbox.protocol import Command
from pbem.reports.render import spoken

# Who may send a command: a seat's player, the GM (signed on as "gm"), or
# anyone at all, without a SIGNON.


@dataclass
class Context:
    """One command of one mail, as its handler sees it. ``seat`` is None for
    the GM; ``game`` and ``seat`` are None for a mail without a SIGNON."""
    session: Session
    cfg: Config
    game: Game | None
    seat: Seat | None
    cmd: Command
    answer: Answer
    now: datetime
    mail: Incoming | None = None     # the sender, for JOIN, OBSERVE and CONFIRM
    sheet_stored: bool = True        # False: the mail's orders were refused (READY is not taken)


Handler = Callable[[Context], None]


@dataclass(frozen=True)
class Entry:
    """A mail command: its word (a family sharing one HELP line joins its
    words with " / ", as "READY / WAIT" does), its arguments and help as HELP
    shows them (a "\\n" in ``help`` goes on to the next line), who may send
    it (pbem.inbox.commandwords declares that), and its handler. ``listed`` False: HELP tells it
    in another line. ``example``: what HELP adds after the arguments to show one ("(like
    24h)"); other answers name the command by its ``form`` alone."""
    name: str
    args: str
    help: str
    run: Handler
    listed: bool = True
    example: str = ""

    @property
    def who(self) -> frozenset[str]:
        return who(self.name)

    @property
    def words(self) -> tuple[str, ...]:
        return tuple(self.name.split(" / "))

    @property
    def form(self) -> str:
        """The command as written: its word and its arguments."""
        return f"{self.name} {self.args}".rstrip()

    @property
    def usage(self) -> str:
        """The command as HELP shows it: its form, then its example."""
        return f"{self.form} {self.example}".rstrip()


@dataclass(frozen=True)
class Line:
    """A line the protocol reads itself (SIGNON, the orders, PRESS, SIGNOFF):
    a row of HELP, never dispatched."""
    usage: str
    help: str
    who: frozenset[str] = SIGNED
    listed: bool = True


def step_phrase(game: Game, number: int | None = None) -> str:
    """"turn 3", "step 3" or "round 4" (the game's current step by default) as players count
    it (pbem.play.steps.counted), in the reader's language."""
    return steps.phrase(game, number)


def gm_refused(ctx: Context, why: Exception) -> None:
    """A GM command that cannot be done: the line, why, and that nothing changed."""
    ctx.answer.add(_("Line {line}: {why}. Nothing was changed.").format(line=ctx.cmd.line,
                                                                        why=str(why).rstrip(".")))


def gm_did(ctx: Context, done: Msg) -> None:
    """A GM action was carried out: log it, tell the seats (each in its language), and say so."""
    assert ctx.game is not None
    gmtools.announce(ctx.session, ctx.cfg, ctx.game, ctx.cmd.word, done, ctx.now, key=str(ctx.cmd.line))
    ctx.answer.add(_("GM: {done}.").format(done=spoken(done)))
