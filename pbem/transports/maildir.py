"""Maildir in and out: the embedded default for local games, the demo and tests.

The inbox is a Maildir; handled mail moves (an atomic rename) into its
``.Processed`` or ``.Quarantine`` sub-folder. The outbox delivers each mail
into a Maildir per recipient under its root, so a player's mail can be read
with any mail client.
"""
from __future__ import annotations

import hashlib
import heapq
import mailbox
import os
from pathlib import Path
from typing import Iterator

from pbem.db import storage_trouble
from pbem.transports.base import Fetched, Sent
from pbem.errors import TransportError

BATCH = 100


def _ensure(path: Path) -> None:
    for sub in ("new", "cur", "tmp"):
        (path / sub).mkdir(parents=True, exist_ok=True)


def _order(entry: os.DirEntry, ref: str) -> tuple[int, str]:
    """Delivery order: the time the file was delivered, then its name. (Maildir
    names are not enough: their microseconds are not zero-padded.)"""
    return entry.stat().st_mtime_ns, ref


class MaildirInbox:
    def __init__(self, root: Path, processed: str = "Processed", quarantine: str = "Quarantine") -> None:
        self.root = root
        self.base = str(root)
        self.folders = {"processed": root / f".{processed}", "quarantine": root / f".{quarantine}"}
        try:
            _ensure(root)
            for folder in self.folders.values():
                _ensure(folder)
        except OSError as why:
            raise TransportError(f"Maildir {root}: {why.strerror or why}") from None

    def fetch(self, max_bytes: int) -> Iterator[Fetched]:
        """Oldest first, a batch at a time, so memory does not grow with the inbox."""
        try:
            yield from self._fetch(max_bytes)
        except OSError as why:
            raise TransportError(f"Maildir {self.root}: {why.strerror or why}") from None

    def _fetch(self, max_bytes: int) -> Iterator[Fetched]:
        last: tuple[int, str] | None = None
        while True:
            keyed = ((_order(entry, f"{sub}/{entry.name}"), f"{sub}/{entry.name}") for sub in ("cur", "new")
                     for entry in os.scandir(os.path.join(self.base, sub)) if not entry.name.startswith("."))
            batch = heapq.nsmallest(BATCH, (k for k in keyed if last is None or k[0] > last))
            if not batch:
                return
            names = [ref for _key, ref in batch]
            for ref in names:
                # Plain strings, not pathlib: pathlib interns every file name it
                # parses, which would grow with the inbox.
                path = os.path.join(self.base, ref)
                try:
                    size = os.stat(path).st_size
                    with open(path, "rb") as fh:
                        raw = fh.read() if size <= max_bytes else fh.read(65536)
                except FileNotFoundError:
                    continue
                yield Fetched(ref=ref, raw=raw, size=size)
            last = batch[-1][0]

    def remember(self, s: object, refs: list[str]) -> None:
        pass

    def finish(self, processed: list[str], quarantined: list[str]) -> None:
        try:
            for refs, folder in ((processed, "processed"), (quarantined, "quarantine")):
                target = os.path.join(str(self.folders[folder]), "cur")
                for ref in refs:
                    src = os.path.join(self.base, ref)
                    if os.path.exists(src):
                        name = ref.split("/", 1)[1].split(":2,")[0] + ":2,S"
                        os.rename(src, os.path.join(target, name))
        except OSError as why:   # stored already: the next pass moves it (it is known by then)
            raise TransportError(f"Maildir {self.root}: cannot move mail out of the inbox: "
                                 f"{why.strerror or why}") from None

    def close(self) -> None:
        pass


class MaildirOutbox:
    def __init__(self, root: Path) -> None:
        self.root = root
        try:
            root.mkdir(parents=True, exist_ok=True)
        except OSError as why:
            raise TransportError(f"Maildir {root}: {why.strerror or why}") from None

    def mailbox_of(self, address: str) -> Path:
        safe = "".join(ch if ch.isalnum() or ch in "@.-_+" else "_" for ch in address.lower())
        if not safe.strip("._") or len(safe) > 200:     # never the root itself, never too long a name
            safe = "addr-" + hashlib.sha256(address.encode("utf-8", "replace")).hexdigest()[:32]
        return self.root / safe

    def send(self, mails: list[tuple[int, str, str, bytes]]) -> Iterator[tuple[int, Sent]]:
        for mail_id, _sender, to, raw in mails:
            try:
                box = mailbox.Maildir(str(self.mailbox_of(to)), create=True)
                box.add(raw)
                box.close()
            except OSError as why:
                if storage_trouble(why):     # the disk, not this mail: try again next pass
                    raise TransportError(f"Maildir {self.root}: {storage_trouble(why)}") from None
                yield mail_id, Sent(ok=False, error=f"cannot deliver into {self.root}: {why.strerror or why}")
                continue
            yield mail_id, Sent(ok=True)

    def close(self) -> None:
        pass
