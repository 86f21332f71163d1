"""Cutting the original out of a reply, so that only what the player wrote
is read: the quoted mail, its attribution line ("On ... wrote:", "Le ... a
écrit :", "Am ... schrieb ...:", Outlook's "From: / Sent:" block) and, in
HTML, the quote containers every client uses (blockquote, gmail_quote,
moz-cite-prefix, divRplyFwdMsg, yahoo_quoted, protonmail_quote, ...).

quotequail's search finds the quote, in plain text and in HTML (unwrap.py:
the same search in time linear in the mail); inscriptis turns the HTML the
player wrote into the lines a reader sees. The lines that are
left keep their places: what was cut becomes blank lines, so a line number
in an answer is the player's own.
"""
from __future__ import annotations

import re

from inscriptis import get_text

from pbem.mail import unwrap

# Our own rules, for what quotequail leaves (measured on tests/mail/corpus):
# an unquoted original under a header block whose labels are not English
# ("De\u00a0: / Envoyé : / Objet :", "От: / Отправлено: / Кому:") or under a
# "----- Mail original -----" line, and a mutt attribution made of "From:" and
# "Date:" lines above a quote.
_LABEL = r"[\s*\u00a0]*[:\uff1a]"
# (\W*+ and the like take what they match for good: nothing after them starts with what they
# take, and a long line of punctuation is not tried again from each of its characters.)
_FROM = re.compile(r"^\W*+(from|de|von|van|da|od|от|från|fra)" + _LABEL, re.IGNORECASE)
_OTHER = re.compile(r"^\W*+(sent|date|envoy[ée]( le)?|gesendet|datum|enviado|fecha|отправлено|дата|data|inviato|"
                    r"verzonden|skickat|to|[àa]|an|para|кому|aan|till|til|subject|objet|betreff|asunto|тема|"
                    r"oggetto|onderwerp|ämne|emne|cc)" + _LABEL, re.IGNORECASE)
_SEPARATOR = re.compile(r"^\s*+-{2,}+\s*+(original message|mail original|message d'origine|ursprüngliche nachricht|"
                        r"original-nachricht|mensaje original|messaggio originale|oorspronkelijk bericht|"
                        r"исходное сообщение)\s*-{2,}\s*$", re.IGNORECASE)

def split(text: str) -> list[str]:
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def _html_found(markup: str) -> tuple[str, str] | None:
    try:
        return unwrap.html_parts(markup)
    except Exception:   # a parser library may raise anything on a hostile mail; it must not stop us
        return None


def _own_cut(lines: list[str]) -> list[str]:
    """Blank an unquoted original (from its separator or header block to the
    end), or only the separator and header lines when a ``>`` quote follows."""
    for i, line in enumerate(lines):
        if ":" not in line and "\uff1a" not in line and "-" not in line:
            continue            # neither a header nor a separator
        separator = bool(_SEPARATOR.match(line))
        if not separator and not _FROM.match(line):
            continue
        end = i + 1
        while end < len(lines) and (_FROM.match(lines[end]) or _OTHER.match(lines[end])):
            end += 1
        if not separator and end - i < 2:
            continue
        following = next((x for x in lines[end:] if x.strip()), "")
        if following.lstrip().startswith(">"):
            return lines[:i] + [""] * (end - i) + lines[end:]
        return lines[:i] + [""] * (len(lines) - i)
    return lines


_RULE = re.compile(r"^\s*+(?:-{5,}+|_{5,}+|={5,}+)\s*$")
_FOOTER_RULE = re.compile(r"^\s*+_{20,}+\s*$")     # a mailing list's footer (Mailman's rule) to the end


def _rules(before: list[str], after: list[str]) -> list[str]:
    """``after`` with a rule line blanked where the original it stands above was blanked
    (Outlook's ``-----`` or ``_____`` over its header block), and a list's footer under
    a quote blanked to the end."""
    out = list(after)
    for i, line in enumerate(after):
        if not _RULE.match(line):
            continue
        below = next((j for j in range(i + 1, len(after)) if before[j].strip()), None)
        if below is not None and not after[below].strip():
            out[i] = ""
    quoted = [i for i, line in enumerate(before) if line.strip() and not after[i].strip()]
    if quoted:
        footer = next((i for i in range(quoted[-1] + 1, len(after)) if _FOOTER_RULE.match(after[i])), None)
        if footer is not None:
            out[footer:] = [""] * (len(out) - footer)
    return out


def plain_lines(text: str) -> list[str]:
    """The lines of a plain-text reply with the quoted original blanked."""
    lines = split(text)
    found = unwrap.ranges(lines)
    keep = {i for part in (found or ()) if part is not None
            for i in range(*slice(*part).indices(len(lines))) if lines[i].strip()}
    if not keep:
        return _rules(lines, _own_cut(lines))     # no quote, or nothing of the player's left
    return _rules(lines, [line if i in keep else "" for i, line in enumerate(_own_cut(lines))])


def visible_text(markup: str) -> str:
    """HTML as the lines a reader sees (one per block or <br>)."""
    try:
        return get_text(markup)
    except Exception:   # a parser library may raise anything on a hostile mail; it must not stop us
        return ""


def html_lines(markup: str) -> list[str]:
    """The visible lines of an HTML reply, without the quoted original."""
    found = _html_found(markup)
    if not found:
        return _own_cut([x.strip() for x in split(visible_text(markup))])
    top, bottom = found
    lines = [x.strip() for x in split(visible_text(top))] if top else []
    if bottom:
        lines += [""] + [x.strip() for x in split(visible_text(bottom))]
    return lines
