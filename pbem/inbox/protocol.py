"""The player's mail protocol: which lines are commands, which are orders.

Quoted lines (``>``), anything after a ``-- `` signature line or ``SIGNOFF``,
and a turn report pasted back whole are skipped. Order lines keep the line
numbers they have in the mail, so problems point at the right line.
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from typing import Collection, Sequence

from engine.localwords import fold
from engine.sheetlines import MAX_LINES
from pbem.inbox.commandwords import ANYONE, GM, PLAYER, WORDS
from pbem.i18n import N_

REPORT_START = "=== pbem report"
REPORT_END = "=== end of report ==="
# The command words (pbem.inbox.commandwords declares each, with who may send it): those a
# player may send once signed on, the GM's own, and those of mail without a seat.
PLAYER_COMMANDS = {word for word, said in WORDS.items() if said.who & PLAYER}
GM_COMMANDS = {word for word, said in WORDS.items() if said.who == GM}
NO_SIGNON = tuple(word for word, said in WORDS.items() if said.who == ANYONE)
# The command words in French and Spanish, read as the English ones; the
# language a word is in is the language of the answer until the seat's own
# is known (docs/translating.md lists them).
ALIASES: dict[str, tuple[str, str]] = {alias: (word, lang) for word, said in WORDS.items()
                                       for lang, aliases in (("fr", said.fr), ("es", said.es)) for alias in aliases}
_SUBJECT_GAME = re.compile(r"\[([A-Za-z0-9][A-Za-z0-9_.-]{0,39})\]")
# "[mygame-7] confirm 3f9a...": the subject of a confirmation request, and of a reply to it.
_SUBJECT_CONFIRM = re.compile(r"(?i)(?:^|\s)confirm\s+([0-9a-f]{16,64})(?:\s|$)")


@dataclass(frozen=True)
class Command:
    word: str
    args: tuple[str, ...]
    line: int


@dataclass
class PressBlock:
    line: int
    header: tuple[str, ...]        # the words after PRESS
    text: list[str] = field(default_factory=list)
    closed: bool = False


@dataclass
class Request:
    game: str = ""
    seat: str = ""
    password: str = ""
    signon_line: int = 0
    by_thread: bool = False       # signed on by the thread it answers, without SIGNON
    signon_problem: str = ""
    commands: list[Command] = field(default_factory=list)
    orders: dict[int, str] = field(default_factory=dict)   # line number -> order text
    press: list[PressBlock] = field(default_factory=list)
    join: Command | None = None
    skipped_before: int = 0
    help_asked: bool = False           # HELP before any SIGNON
    second_signon: int = 0             # the line of a second SIGNON: the mail is refused whole
    lang_hint: str = ""                # the language of the first French or Spanish command word

    def order_text(self) -> str:
        """The order lines, with blanks elsewhere so line numbers match the mail."""
        if not self.orders:
            return ""
        last = max(self.orders)
        return "\n".join(self.orders.get(i, "") for i in range(1, last + 1))


# The word joining alternatives, in every language the parsers read: a line may start with it.
JOINERS = frozenset({"OR", "OU", "O"})


def sign_off(orders: dict[int, str], order_words: Collection[str], also: Collection[str] = ()) -> list[int]:
    """The lines after the last order that are no order at all (a sign-off,
    a name, thanks): they end the orders. A line whose first word is an order
    word, or close to one (a misspelt order), never ends them: it stays an
    error for the parser to explain. ``also``: the order words in other
    languages, which count only as written (without case or accents), so that
    "Cheers," is not taken for a misspelt French order. No sign-off is longer
    than a sheet may be (MAX_LINES): more lines than that stay orders, and the
    parser refuses the sheet for its length."""
    words = [w.upper() for w in order_words]
    exact = {fold(w) for w in also}

    def is_order(text: str) -> bool:
        parts = text.split()
        if len(parts) > 1 and fold(parts[0]) in JOINERS:      # "OR TAKE 4 5": an alternative
            parts = parts[1:]
        word = parts[0].upper().strip(".,;:!?")
        return (word in words or fold(word) in exact
                or bool(difflib.get_close_matches(word, words, n=1, cutoff=0.7)))

    ending = []
    for number in sorted(orders, reverse=True):
        if is_order(orders[number]):
            break
        ending.append(number)
        if len(ending) > MAX_LINES:
            return []
    return sorted(ending)


def whole_number(word: str) -> int | None:
    """A number written with the digits 0-9, else None (``²`` and ``٣`` are not)."""
    return int(word) if word.isascii() and word.isdigit() and len(word) <= 9 else None


def confirm_in_subject(subject: str) -> str:
    """The token of a confirmation request's subject (``Re: [g] confirm <token>``), or ''."""
    match = _SUBJECT_CONFIRM.search(subject or "")
    return match.group(1).lower() if match else ""


def game_from_subject(subject: str) -> str:
    match = _SUBJECT_GAME.search(subject or "")
    return match.group(1) if match else ""


def plus_game(addresses: list[str], own: str) -> str:
    """The game of a plus address: mail to pbem+mygame-7@host is for mygame-7."""
    local, _, domain = own.lower().partition("@")
    for address in addresses:
        a_local, _, a_domain = address.lower().partition("@")
        base, plus, tag = a_local.partition("+")
        if plus and base == local and a_domain == domain and _SUBJECT_GAME.match(f"[{tag}]"):
            return tag
    return ""


def read_request(lines: list[str], subject: str = "", default_game: str = "",
                 part_starts: Sequence[int] = (), by_thread: bool = False) -> Request:
    """The commands and orders of a mail's lines. A signature or SIGNOFF ends
    the text it is in; an attachment's text (from a line in ``part_starts``)
    is read all the same. ``by_thread``: the mail is signed on by the thread it
    answers (pbem.inbox.threads), so its lines are read as after a SIGNON."""
    reader = _Reader(subject, default_game)
    reader.req.by_thread = by_thread
    for number, raw in enumerate(lines, start=1):
        if number in part_starts:
            reader.ended = reader.in_report = False
        if not reader.ended:
            reader.line(number, raw.rstrip())
    req = reader.req
    if req.join is None and not req.signon_line and confirm_in_subject(subject):
        # A plain Reply to a confirmation request: its CONFIRM line is quoted
        # (and so skipped), but the token is in the subject. Line 0: the subject.
        req.join = Command("CONFIRM", (confirm_in_subject(subject),), 0)
    return req


class _Reader:
    """The lines of one mail read in turn: what each is depends on the ones
    before (inside a press block or a report sent back, after a signature)."""

    def __init__(self, subject: str, default_game: str) -> None:
        self.req = Request()
        self.subject, self.default_game = subject, default_game
        self.in_report = self.ended = False
        self.block: PressBlock | None = None

    def line(self, number: int, line: str) -> None:
        stripped = line.strip()
        if self.block is not None:
            self._press(line, stripped)
        elif self._skipped(line, stripped):
            return
        else:
            self._words(number, stripped)

    def _press(self, line: str, stripped: str) -> None:
        if stripped.upper() == "ENDPRESS":
            self.block.closed = True     # type: ignore[union-attr]
            self.block = None
        elif not stripped.startswith(">"):
            self.block.text.append(line)  # type: ignore[union-attr]

    def _skipped(self, line: str, stripped: str) -> bool:
        """A line that is no command nor order: a report's, a signature's, a quote, a comment."""
        if stripped.startswith(REPORT_START):
            self.in_report = True
        elif self.in_report:
            self.in_report = not stripped.startswith(REPORT_END)
        elif line == "-- " or line == "--":
            self.ended = True
        else:
            return not stripped or stripped.startswith(">") or stripped.startswith("#")
        return True

    def _words(self, number: int, stripped: str) -> None:
        req, words = self.req, stripped.split()
        word = words[0].upper()
        if word in ALIASES:
            word, lang = ALIASES[word]
            req.lang_hint = req.lang_hint or lang
        if word == "SIGNOFF":
            self.ended = True
        elif word == "SIGNON":
            self._signon(number, words[1:])
        elif word in NO_SIGNON and req.join is None:
            req.join = Command(word, tuple(words[1:]), number)
        elif not (req.signon_line or req.by_thread):
            req.skipped_before += 1
            req.help_asked |= word == "HELP"
        elif word == "PRESS":
            self.block = PressBlock(number, tuple(words[1:]))
            req.press.append(self.block)
        elif word in PLAYER_COMMANDS or word in GM_COMMANDS:
            req.commands.append(Command(word, tuple(words[1:]), number))
        else:
            req.orders[number] = stripped

    def _signon(self, number: int, args: list[str]) -> None:
        req = self.req
        if req.signon_line:
            req.second_signon = req.second_signon or number
            return
        req.signon_line = number
        if len(args) == 2:
            args = [self.default_game or game_from_subject(self.subject)] + args
        if len(args) != 3 or not args[0]:
            req.signon_problem = N_("SIGNON takes the game, your seat and your password: "
                                    "SIGNON mygame-7 red kx4-pl9-tr2")
            return
        req.game, req.seat, req.password = args[0].lower(), args[1].lower(), args[2]
