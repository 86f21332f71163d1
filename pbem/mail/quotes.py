"""Cutting the original out of a reply, so that only what the player wrote
is read: the quoted mail, its attribution line ("On ... wrote:", "Le ... a
écrit :", "Am ... schrieb ...:", Outlook's "From: / Sent:" block) and, in
HTML, the quote containers every client uses (blockquote, gmail_quote,
moz-cite-prefix, divRplyFwdMsg, yahoo_quoted, protonmail_quote, ...).

quotequail finds the quote, in plain text and in HTML; inscriptis turns
the HTML the player wrote into the lines a reader sees. The lines that are
left keep their places: what was cut becomes blank lines, so a line number
in an answer is the player's own.
"""
from __future__ import annotations

from typing import Any, Callable

import quotequail
from inscriptis import get_text

def split(text: str) -> list[str]:
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def _found(unwrap: Callable[[str], Any], text: str) -> dict[str, str] | None:
    try:
        found = unwrap(text)
    except Exception:   # a parser library may raise anything on a hostile mail; it must not stop us
        return None
    return found if isinstance(found, dict) else None


def _locate(lines: list[str], block: str, from_end: bool) -> set[int] | None:
    """The places of ``block``'s lines among ``lines`` (in order, from the start
    or from the end), or None when they are not all there."""
    wanted = [x.strip() for x in split(block) if x.strip()]
    order = range(len(lines) - 1, -1, -1) if from_end else range(len(lines))
    if from_end:
        wanted.reverse()
    places: set[int] = set()
    it = iter(order)
    for line in wanted:
        for index in it:
            if lines[index].strip() == line:
                places.add(index)
                break
        else:
            return None
    return places


def plain_lines(text: str) -> list[str]:
    """The lines of a plain-text reply with the quoted original blanked."""
    lines = split(text)
    found = _found(quotequail.unwrap, text)
    if not found:
        return lines
    keep: set[int] = set()
    for key, from_end in (("text_top", False), ("text_bottom", True)):
        if found.get(key):
            places = _locate(lines, found[key], from_end)
            if places is None:        # the library changed the text: trust our own rules only
                return lines
            keep |= places
    return [line if i in keep else "" for i, line in enumerate(lines)]


def visible_text(markup: str) -> str:
    """HTML as the lines a reader sees (one per block or <br>)."""
    try:
        return get_text(markup)
    except Exception:   # a parser library may raise anything on a hostile mail; it must not stop us
        return ""


def html_lines(markup: str) -> list[str]:
    """The visible lines of an HTML reply, without the quoted original."""
    found = _found(quotequail.unwrap_html, markup)
    if not found:
        return [x.strip() for x in split(visible_text(markup))]
    top, bottom = found.get("html_top") or "", found.get("html_bottom") or ""
    lines = [x.strip() for x in split(visible_text(top))] if top else []
    if bottom:
        lines += [""] + [x.strip() for x in split(visible_text(bottom))]
    return lines
