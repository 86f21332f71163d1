"""A command's usage as HELP shows it to its reader: the command words a French or Spanish
player may write (pbem.inbox.protocol.ALIASES) and the placeholders in the reader's words, so that
"HISTORY [n]" reads "HISTORIQUE [n]" and "SIGNON <game> <seat> <password>" reads
"SIGNON <partie> <place> <mot de passe>". What a player copies still works: the aliases are
read back as the English words."""
from __future__ import annotations

import re

from pbem.i18n import N_, _, current
from pbem.inbox.protocol import ALIASES

# Every placeholder the table's usages hold, for the catalogues.
PLACEHOLDERS = (N_("<game>"), N_("<seat>"), N_("<password>"), N_("<orders>"), N_("<new>"), N_("<turns>"),
                N_("<zone>"), N_("<seat,seat|ALL>"), N_("<token>"), N_("<time>"), N_("<address>"),
                N_("(like 24h)"))
_HOLDER = re.compile(r"<[^>]+>|\(like 24h\)")


def _alias(word: str, lang: str) -> str:
    """The word a player of ``lang`` writes for command ``word`` (accented where it has an
    accented form), else the word itself."""
    said = [alias for alias, (english, spoken) in ALIASES.items() if english == word and spoken == lang]
    return max(said, key=lambda w: (not w.isascii(), -said.index(w)), default=word)


def shown(usage: str) -> str:
    """``usage`` in the reader's language: its command words, then its placeholders."""
    lang = current()
    words = re.sub(r"\b[A-Z]+\b", lambda m: _alias(m.group(0), lang), usage)
    return _HOLDER.sub(lambda m: _(m.group(0)), words)
