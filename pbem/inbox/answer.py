"""The answer to one mail while it is being built, and the bounds that keep
it smaller than any mail it answers."""
from __future__ import annotations

from dataclasses import dataclass, field

from pbem.inbox.guard import Failed
from pbem.i18n import _, ngettext
from pbem.inbox.protocol import Request

# An answer never repeats more than this of what a mail held, so that no
# mail, however large, gets an answer larger than itself.
MAX_SECTIONS = 30       # results of commands (each HISTORY or HELP is one)
MAX_PROBLEMS = 20       # refused order lines quoted back
MAX_COMMANDS = 50       # commands carried out from one mail
MAX_PRESS = 10          # press messages relayed from one mail
SHORT_SECTIONS, SHORT_LINES = 3, 6      # a short answer (the day's answers used up)


@dataclass
class Answer:
    """The answer to one mail, as its handling builds it."""
    sections: list[str] = field(default_factory=list)
    copy_to: str = ""             # the seat's own address, when the mail came from elsewhere
    subject_game: str = ""        # the game tag of the subject
    subject: str = ""             # a subject of its own (a confirmation request's token)
    outcome: str = ""             # what became of the orders, said first in the subject
    signed: bool = False          # the mail signed on with the right password (or by its thread)
    seat: str = ""                # the seat it signed on as
    files: list[tuple[str, str, bytes]] = field(default_factory=list)   # attached: (name, type, bytes)
    failed: Failed | None = None  # a failed sign-on, for the copy to the seat's owner
    withheld: str = ""            # why no answer goes out at all (for the mail's note)
    left_out: int = 0
    resolved: list[str] = field(default_factory=list)   # steps played first to read it (the pass summary)

    def add(self, text: str) -> None:
        if len(self.sections) >= MAX_SECTIONS:
            self.left_out += 1
            return
        self.sections.append(text.rstrip())

    def finished(self) -> list[str]:
        if not self.left_out:
            return self.sections
        return self.sections + [f"(and {self.left_out} more answer(s) to this mail, left out; send fewer "
                                "commands in one mail)"]


def shortened(sections: list[str], answers: int) -> list[str]:
    """A short answer, once a day's full answers to the address are used up:
    the first sections, a few lines each, and why."""
    cut = ["\n".join(x.splitlines()[:SHORT_LINES]) for x in sections[:SHORT_SECTIONS]]
    return cut + [_("(A short answer: {n} answers went to this address today. Your mail was handled in full; "
                    "the full answers come again tomorrow.)").format(n=answers)]


def at_most(items: list[str], limit: int) -> list[str]:
    """The first ``limit`` items, then one line saying how many more there were."""
    more = len(items) - limit
    return items if more <= 0 else items[:limit] + [ngettext("... and {n} more", "... and {n} more", more).format(n=more)]


def trim(req: Request, answer: Answer) -> None:
    """At most MAX_COMMANDS commands and MAX_PRESS press messages from one mail."""
    if len(req.commands) > MAX_COMMANDS:
        answer.add(_("This mail has {n} commands; only the first {most} were carried out (the rest, from line "
                     "{line} on, were not).").format(n=len(req.commands), most=MAX_COMMANDS,
                                                     line=req.commands[MAX_COMMANDS].line))
        del req.commands[MAX_COMMANDS:]
    if len(req.press) > MAX_PRESS:
        answer.add(_("This mail has {n} press messages; only the first {most} were sent.").format(
            n=len(req.press), most=MAX_PRESS))
        del req.press[MAX_PRESS:]
