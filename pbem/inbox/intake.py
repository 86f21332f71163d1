"""What a fetched mail is before it is stored: its key (the same mail twice is
one mail), the game it is for, and whether it is mail at all. Nothing here
raises on any bytes, so one hostile mail cannot keep its batch from being stored."""
from __future__ import annotations

import hashlib
import re

from pbem.config import Config
from pbem.inbox.isolation import failure
from pbem.mail import headers
from pbem.mail.reading import head_of, read_mail
from pbem.inbox.protocol import plus_game, read_request


def message_key(raw: bytes) -> str:
    """What makes two fetched mails the same mail: its Message-ID and a hash of
    its body (a reused Message-ID with another body is another mail); a hash of
    the whole mail when it has no usable Message-ID."""
    body = re.split(rb"\r?\n\r?\n", raw, maxsplit=1)[-1]
    mid = headers.message_id(headers.text(head_of(raw), "Message-ID"))
    if mid and len(mid) < 200:
        digest = hashlib.sha256(body.replace(b"\r\n", b"\n")).hexdigest()
        return f"mid:{mid}:{digest[:32]}"
    return "sha256:" + hashlib.sha256(raw).hexdigest()


def game_of(raw: bytes, cfg: Config) -> str:
    """The game a mail signs on to, as far as a quick read tells."""
    inc = read_mail(raw, cfg.server.address, cfg.limits.max_mail_bytes, cfg.limits.max_parts)
    if inc.loop or inc.no_reply or inc.problem:
        return ""
    return read_request(inc.lines, inc.subject, plus_game(inc.to_addrs, cfg.server.address),
                        inc.part_starts).game[:40]


def _parseable(raw: bytes) -> bool:
    return bool(headers.raw(head_of(raw), "From").strip())


_DUPLICATES = re.compile(r"fetched again (\d+) time\(s\), last as [^;]*: dropped as duplicates")


def duplicate_noted(note: str, ref: str) -> str:
    """The stored mail's note, saying how often the same mail came again: one
    clause counted up in place, so the note never grows and keeps the rest."""
    found = _DUPLICATES.search(note)
    clause = (f"fetched again {int(found.group(1)) + 1 if found else 1} time(s), last as "
              f"{ref[:80].replace(';', ',')}: dropped as duplicates")
    if found:
        return note[:found.start()] + clause + note[found.end():]
    return f"{note}; {clause}" if note else clause


def duplicate_count(note: str) -> int:
    """How often the mail of this note came again and was dropped."""
    found = _DUPLICATES.search(note or "")
    return int(found.group(1)) if found else 0


def examine(raw: bytes, cfg: Config) -> tuple[str, str, str]:
    """(key, game, why it is quarantined or '') of a fetched mail; never raises,
    so one hostile mail cannot keep the rest of its batch from being stored."""
    try:
        key = message_key(raw)
    except Exception as why:   # hostile input: whatever the parser raises
        return "sha256:" + hashlib.sha256(raw).hexdigest(), "", f"its header could not be read ({failure(why)})"
    try:
        if not _parseable(raw):
            return key, "", "not a mail: no From header"
        return key, game_of(raw, cfg), ""
    except Exception as why:   # hostile input: whatever the parser raises
        return key, "", f"it could not be read ({failure(why)})"
