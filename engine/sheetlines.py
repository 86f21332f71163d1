"""The lines of an order sheet as every game's parser reads them, and the caps on a sheet.

A line ends at LF alone (CRLF and CR count as LF), as the mail reader counts
lines (pbem/mail/quotes.split), so that the number in a refusal is the one
the player sees in the mail. The other characters ``str.splitlines`` takes
for line ends (VT, FF, FS, GS, RS, NEL, U+2028, U+2029) are spaces inside a
line. Everything after ``#`` is a comment.

No real sheet comes near the caps: lines with orders in one sheet, characters
and words in one line (its comment aside), alternatives joined by OR in one
order. They keep the time a sheet takes to read in proportion to what a real
one holds; each is refused with the line and the limit.
"""
from __future__ import annotations

import re
from itertools import compress, count

from engine.contract import Problem
from engine.messages import Msg

MAX_LINES = 100         # lines with orders in one sheet
MAX_CHARS = 200         # characters in one line, its comment aside
MAX_WORDS = 50          # words in one line (commas count as spaces)
MAX_CHOICES = 10        # alternatives joined by OR in one order

# A line this short is within every cap of one line (see _over): most lines, read without counting.
_SHORT = min(MAX_CHARS, 2 * MAX_WORDS)

BREAKS = "\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
_BREAK = re.compile(f"[{BREAKS}]")
_COMMENT = re.compile(r"#[^\n]*")


def split(text: str) -> list[str]:
    """The lines of ``text``: ended by LF, CRLF or CR only; the other line breaks made spaces."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if _BREAK.search(text):
        text = _BREAK.sub(" ", text)
    return text.split("\n")


def numbered(text: str) -> tuple[list[tuple[int, str]], list[Problem]]:
    """The lines of ``text`` that hold orders, without their comments, with their numbers
    (from 1); and a problem for each line over MAX_CHARS or MAX_WORDS, which is left out.
    A sheet of more than MAX_LINES such lines gives none, and one problem on the first line
    over the cap. Blank lines cost next to nothing, however many."""
    lines = split(_COMMENT.sub("", text) if "#" in text else text)
    filled = list(compress(count(1), map(str.strip, lines)))
    if len(filled) > MAX_LINES:
        return [], [Problem.of(filled[MAX_LINES], Msg("a sheet holds at most {most} lines of orders; this one has {n}",
                                                      most=MAX_LINES, n=len(filled)))]
    out: list[tuple[int, str]] = []
    problems: list[Problem] = []
    for number in filled:
        line = lines[number - 1]
        why = None if len(line) <= _SHORT else _over(line)
        if why is None:
            out.append((number, line))
        else:
            problems.append(Problem.of(number, why))
    return out, problems


def _over(line: str) -> Msg | None:
    """Why ``line`` is over a cap of one line, or None."""
    chars = len(line.strip())
    if chars > MAX_CHARS:
        return Msg("a line holds at most {most} characters; this one has {n}", most=MAX_CHARS, n=chars)
    if (len(line) + 1) // 2 <= MAX_WORDS:      # too short to hold more words (each a letter and a space)
        return None
    words = len(line.replace(",", " ").split())
    if words > MAX_WORDS:
        return Msg("a line holds at most {most} words; this one has {n}", most=MAX_WORDS, n=words)
    return None


def too_many_choices(choices: int) -> Msg | None:
    """Why an order of ``choices`` alternatives is refused, or None."""
    if choices > MAX_CHOICES:
        return Msg("an order holds at most {most} alternatives joined by OR; this one has {n}",
                   most=MAX_CHOICES, n=choices)
    return None
