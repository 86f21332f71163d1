"""Maildir in and out: the embedded default for local games, the demo and tests.

The inbox is a Maildir; handled mail moves (an atomic rename) into its
``.Processed`` or ``.Quarantine`` sub-folder. The outbox delivers each mail
into a Maildir per recipient under its root, so a player's mail can be read
with any mail client.
"""
from __future__ import annotations

import mailbox
import os
from pathlib import Path
from typing import Iterator

from pbem.transports.base import Fetched, Sent


def _ensure(path: Path) -> None:
    for sub in ("new", "cur", "tmp"):
        (path / sub).mkdir(parents=True, exist_ok=True)


class MaildirInbox:
    def __init__(self, root: Path, processed: str = "Processed", quarantine: str = "Quarantine") -> None:
        self.root = root
        self.folders = {"processed": root / f".{processed}", "quarantine": root / f".{quarantine}"}
        _ensure(root)
        for folder in self.folders.values():
            _ensure(folder)
        self._where: dict[str, Path] = {}

    def fetch(self, max_bytes: int) -> Iterator[Fetched]:
        for sub in ("new", "cur"):
            for path in sorted((self.root / sub).iterdir()):
                if path.name.startswith("."):
                    continue
                size = path.stat().st_size
                with path.open("rb") as fh:
                    raw = fh.read() if size <= max_bytes else fh.read(65536)
                self._where[path.name] = path
                yield Fetched(ref=path.name, raw=raw, size=size)

    def remember(self, s: object, refs: list[str]) -> None:
        pass

    def finish(self, processed: list[str], quarantined: list[str]) -> None:
        for refs, folder in ((processed, "processed"), (quarantined, "quarantine")):
            for ref in refs:
                src = self._where.get(ref)
                if src is not None and src.exists():
                    os.rename(src, self.folders[folder] / "cur" / (ref.split(":2,")[0] + ":2,S"))

    def close(self) -> None:
        pass


class MaildirOutbox:
    def __init__(self, root: Path) -> None:
        self.root = root
        root.mkdir(parents=True, exist_ok=True)

    def mailbox_of(self, address: str) -> Path:
        safe = "".join(ch if ch.isalnum() or ch in "@.-_+" else "_" for ch in address.lower())
        return self.root / safe

    def send(self, mails: list[tuple[int, str, str, bytes]]) -> Iterator[tuple[int, Sent]]:
        for mail_id, _sender, to, raw in mails:
            box = mailbox.Maildir(str(self.mailbox_of(to)), create=True)
            box.add(raw)
            box.close()
            yield mail_id, Sent(ok=True)

    def close(self) -> None:
        pass
