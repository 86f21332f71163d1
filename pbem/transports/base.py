"""What a mail transport offers a pass."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator, Protocol
from pbem.errors import TransportError


@dataclass(frozen=True)
class Fetched:
    ref: str          # the transport's handle: a Maildir file name, an IMAP UID
    raw: bytes        # the whole mail, or only its header when it is too big
    size: int         # the whole mail's size
    known: bool = False  # already stored by an earlier pass: only move it


class Inbox(Protocol):
    def fetch(self, max_bytes: int) -> Iterator[Fetched]: ...

    def remember(self, s: Any, refs: list[str]) -> None:
        """Called inside the storing transaction (session ``s``): record what was fetched."""

    def finish(self, processed: list[str], quarantined: list[str]) -> None:
        """After the commit: move the mails out of the inbox."""

    def close(self) -> None: ...


@dataclass(frozen=True)
class Sent:
    ok: bool
    temporary: bool = False
    error: str = ""


class Outbox(Protocol):
    def send(self, mails: list[tuple[int, str, str, bytes]]) -> Iterator[tuple[int, Sent]]:
        """(id, sender, recipient, raw) -> results as they happen."""

    def close(self) -> None: ...
