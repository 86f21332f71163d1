"""Where the quoted original starts and ends: quotequail's search (quotequail 0.5,
MIT licence), in time linear in the mail.

quotequail tries its 47 patterns (reply and forward lines) one by one on
every line, and on every line joined with the next, until one finds the
quote; and it reads the header block again from every line that looks like
a header. A mail without a quote took 0.2 ms a line (a reply quoting a
report, 0.1 s), and one of many ``x: y`` lines took time growing with the
square of its lines (2,000 of them, 3.5 s). This is the same search with the
same result: the patterns are tried as one expression first, and one by one
in quotequail's order only on a line that one of them matches; a header block
found too short is not read again from each of its lines; no list of lines is
copied line by line. Only the ranges above and below the quote are found (the
headers of the quoted mail are not read). tests/test_mail_unwrap.py holds it
to quotequail on the corpus and on generated mails.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

from quotequail import _html
from quotequail._patterns import (
    COMPILED_PATTERN_MAP, HEADER_MAP, HEADER_RE, MAX_WRAP_LINES, MIN_HEADER_LINES, MIN_QUOTED_LINES,
    STRIP_SPACE_CHARS)

from pbem.mail import quotetables

Range = tuple[int | None, int | None]


@dataclass(frozen=True)
class Tables:
    """What the search looks for: the patterns by type (``reply`` and ``forward`` as quotequail
    reads them), the header labels, how a header line looks, how many lines a wrapped pattern may
    take, the characters every pattern ends with (tests/test_mail_unwrap.py checks them), and
    tests for attribution lines, which count only when a quote or a header block follows them
    unless they are firm."""
    patterns: dict[str, list[re.Pattern]]
    headers: dict[str, str]
    header_re: re.Pattern
    wrap: int
    ends: str
    attribution: Callable[[str], bool] | None = None
    firm: Callable[[str], bool] | None = None
    any: re.Pattern = field(init=False)

    def __post_init__(self) -> None:
        union = "|".join(f"(?:{p.pattern})" for ps in self.patterns.values() for p in ps)
        object.__setattr__(self, "any", re.compile(union, re.IGNORECASE))


WRAPPED = 30        # characters: a shorter line was not wrapped by the client
QUOTEQUAIL = Tables(COMPILED_PATTERN_MAP, HEADER_MAP, HEADER_RE, MAX_WRAP_LINES, ":>_-")
OURS = Tables(quotetables.PATTERNS, quotetables.HEADERS, quotetables.HEADER_RE, 3, quotetables.ENDS,
              quotetables.attribution, quotetables.firm_attribution)


def _joined(lines: list[str], n: int, more: int) -> str:
    """Line ``n`` and the ``more`` lines after it, as one line (quotequail's join_wrapped_lines)."""
    out = lines[n]
    for line in lines[n + 1:n + 1 + more]:
        out += line if out and out[-1] in STRIP_SPACE_CHARS else " " + line
    return out


def _tries(lines: list[str], n: int, wrap: int) -> list[str]:
    """What the patterns are matched against at line ``n``: the line, then the line joined with
    the next ones, up to the first that is blank."""
    out = []
    for more in range(wrap):
        if more and (n + more >= len(lines) or not lines[n + more].strip()):
            break       # a blank line ends a wrapped line (quotequail, joining two, tried "x " as "x")
        line = _joined(lines, n, more)
        if line.startswith(">"):
            line = line[1:].strip()
        if not line:
            break
        out.append(line.strip())
    return out


def _pattern(lines: list[str], n: int, tables: Tables, wrap: int) -> tuple[int, str] | None:
    """A reply or forward line at ``n``: the line where it ends and its type (quotequail's
    find_pattern_on_line), or None. An attribution followed by neither a quote nor a header
    block is none."""
    tries = _tries(lines, n, wrap)
    if any(tables.any.match(t) for t in tries):
        for typ, regexes in tables.patterns.items():
            for regex in regexes:
                for more, line in enumerate(tries):
                    if regex.match(line):
                        return n + more, typ
    if tables.attribution is not None:
        for more, line in enumerate(tries):
            if more and lines[n + more - 1].rstrip().endswith((":", "：")):
                break       # a line that ends as an attribution does is not the first part of one
            if tables.attribution(line) and _attribution(lines, n, more, tables):
                return n + more, "attribution"
    return None


def _attribution(lines: list[str], n: int, more: int, tables: Tables) -> bool:
    """Do lines ``n`` to ``n + more`` make an attribution? A quote or a header block must follow
    one that is not firm; and where its last lines make one alone, the lines above them belong
    to it only when they are long enough to have been wrapped ("CAMP C4" above "On ... wrote:"
    is the player's)."""
    assert tables.attribution is not None and tables.firm is not None
    if any(len(_joined(lines, n, k - 1).strip()) < WRAPPED and tables.attribution(_joined(lines, n + k, more - k).strip())
           for k in range(1, more + 1)):
        return False
    return tables.firm(_joined(lines, n, more).strip()) or _introduces(lines, n + more + 1, tables)


def _introduces(lines: list[str], at: int, tables: Tables) -> bool:
    """Is the first line from ``at`` on that is not blank quoted, or a known header?"""
    following = next((x for x in lines[at:at + 3] if x.strip()), "")
    if following.startswith(">"):
        return True
    match = tables.header_re.match(following)
    return bool(match) and match.group(1).strip().lower() in tables.headers


def _quoted(lines: list[str], n: int, least: int) -> bool:
    """Are ``least`` lines quoted from line ``n`` on (blank lines between them aside)?"""
    found, at = 1, n + 1
    while found < least and at < len(lines):
        line = lines[at]
        at += 1
        if not line.strip():
            continue
        if not line.startswith(">"):
            return False
        found += 1
    return found >= least


def _headers(lines: list[str], n: int, tables: Tables, wrap: int) -> tuple[int, int]:
    """How many headers the block from line ``n`` names (quotequail's extract_headers), and
    the line where the block ends."""
    names: set[str] = set()
    name, extended, at = None, 0, n
    while at < len(lines):
        line = lines[at]
        if not line.strip():
            name = None
        elif match := tables.header_re.match(line):
            name, extended = match.group(1).strip().lower(), 0
            if name in tables.headers:
                names.add(tables.headers[name])
        else:
            extended += 1
            if extended >= wrap or name not in tables.headers:
                break
        at += 1
    return len(names), at


def _start(lines: list[str], tables: Tables, wrap: int, least_headers: int,
           least_quoted: int) -> tuple[int, int, str] | None:
    """Where the quote starts: its first line, its last attribution line and its type
    (quotequail's find_unwrap_start), or None. Headers read again from a later line of a
    block found too short name no more of them, so that block is not read again. What the
    patterns are tried on ends as one of the lines tried ends, so the patterns are tried only
    where one of those ends as a pattern does."""
    ends = [line.rstrip()[-1:] in tables.ends for line in lines]
    short_until = 0
    for n, line in enumerate(lines):
        if not line.strip():
            continue
        found = any(ends[n:n + wrap]) and _pattern(lines, n, tables, wrap)
        if found:
            return n, found[0], found[1]
        if line.startswith(">") and _quoted(lines, n, least_quoted):
            return n, n, "quoted"
        if n >= short_until and (":" in line or "：" in line) and tables.header_re.match(line):
            count, short_until = _headers(lines, n, tables, wrap)
            if count >= least_headers:
                return n, n, "headers"
    return None


def _quote_lines(lines: list[str], start: int) -> int:
    """How many lines from ``start`` on begin with ``>``."""
    count = 0
    while start + count < len(lines) and lines[start + count].startswith(">"):
        count += 1
    return count


def ranges(lines: list[str], tables: Tables = OURS, wrap: int | None = None, least_headers: int = MIN_HEADER_LINES,
           least_quoted: int = MIN_QUOTED_LINES) -> tuple[Range, Range | None] | None:
    """The lines above the quoted original and those below it, as ranges (quotequail's unwrap),
    or None when there is no quote."""
    found = _start(lines, tables, tables.wrap if wrap is None else wrap, least_headers, least_quoted)
    if not found:
        return None
    start, end, typ = found
    if typ in ("forward", "reply", "attribution"):
        after = _start(lines[end + 1:], tables, tables.wrap if wrap is None else wrap, least_headers, 1)
        if after and after[2] == "quoted":
            quoted = end + 1 + after[0]
            return (0, start), (quoted + _quote_lines(lines, quoted), None)
        return (0, start), None          # headers follow, or all below is the original
    if typ == "headers":
        return (0, start), None
    return (None, start), (start + _quote_lines(lines, start), None)


def html_parts(markup: str, tables: Tables = OURS) -> tuple[str, str] | None:
    """The HTML above and below the quoted original (quotequail's unwrap_html), or None when
    there is no quote."""
    tree = _html.get_html_tree(markup)
    start_refs, end_refs, lines = _html.get_line_info(tree)
    found = ranges(list(lines), tables, 1, MIN_HEADER_LINES, 1)
    if not found:
        return None
    parts = []
    for part in found:
        cut = _html.trim_slice(lines, part)
        parts.append(_html.render_html_tree(_html.slice_tree(tree, start_refs, end_refs, cut, html_copy=markup))
                     if cut else "")
    return parts[0], parts[1]
