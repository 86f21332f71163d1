"""Order mail from an IMAP mailbox (imapclient).

New mail is found by UID above the last one stored (UIDVALIDITY checked,
``UID N:*`` filtered on our side), read with BODY.PEEK so nothing is marked
seen, and moved to the Processed or Quarantine folder only after the mail is
committed to the database (copy, delete and UID EXPUNGE when the server has
no MOVE). Mail already stored by a pass that died before moving it is moved
without being read again.
"""
from __future__ import annotations

import socket
import ssl
from typing import Iterator

from imapclient import IMAPClient
from imapclient.exceptions import IMAPClientError
from imapclient.util import chunk
from sqlalchemy.engine import Engine
from sqlmodel import Session

from pbem.config import Inbox as InboxConfig
from pbem.models import MailboxState
from pbem.transports.base import Fetched
from pbem.errors import TransportError

BATCH = 50
WINDOW = 1000
_ERRORS = (IMAPClientError, OSError, socket.timeout, ssl.SSLError)


def tls_context(ca_file: str) -> ssl.SSLContext:
    ctx = ssl.create_default_context()
    if ca_file:
        ctx.load_verify_locations(ca_file)
    return ctx


class ImapInbox:
    def __init__(self, cfg: InboxConfig, engine: Engine, connect_attempts: int = 2) -> None:
        self.cfg = cfg
        self.key = f"imap:{cfg.user}@{cfg.host}:{cfg.port}/{cfg.folder}"
        self.client: IMAPClient | None = None
        last: Exception | None = None
        for _ in range(connect_attempts):   # a bounded reconnect
            try:
                self.client = self._connect()
                break
            except _ERRORS as why:
                last = why
        if self.client is None:
            raise TransportError(f"IMAP {cfg.host}:{cfg.port}: {last}")
        try:
            info = self.client.select_folder(cfg.folder)
            self.uidvalidity = int(info[b"UIDVALIDITY"])
            self.uidnext = int(info.get(b"UIDNEXT", 0))
            existing = {name for _flags, _sep, name in self.client.list_folders()}
            for folder in (cfg.processed, cfg.quarantine):
                if folder not in existing:
                    self.client.create_folder(folder)
            self.has_move = b"MOVE" in self.client.capabilities()
        except _ERRORS as why:
            self.close()
            raise TransportError(f"IMAP {cfg.host}: {why}") from None
        with Session(engine) as s:
            state = s.get(MailboxState, self.key)
            self.last_uid = state.last_uid if state and state.uidvalidity == self.uidvalidity else 0

    def _connect(self) -> IMAPClient:
        cfg = self.cfg
        timeout = cfg.timeout
        context = tls_context(cfg.ca_file)
        client = IMAPClient(cfg.host, port=cfg.port, ssl=cfg.security == "ssl",
                            ssl_context=context if cfg.security == "ssl" else None, timeout=timeout)
        if cfg.security == "starttls":
            client.starttls(context)
        client.login(cfg.user, cfg.password)
        return client

    def _windows(self) -> Iterator[list[int]]:
        """The inbox's UIDs in ascending windows, so memory stays flat."""
        if not self.uidnext:
            yield sorted(self.client.search("ALL"))
            return
        for lo in range(1, self.uidnext, WINDOW):
            hi = lo + WINDOW - 1
            found = self.client.search(["UID", f"{lo}:{hi}"])
            yield sorted(u for u in found if lo <= u <= hi)   # servers may add the last message

    def fetch(self, max_bytes: int) -> Iterator[Fetched]:
        try:
            for uids in self._windows():
                for uid in uids:
                    if uid <= self.last_uid:
                        yield Fetched(ref=str(uid), raw=b"", size=0, known=True)
                fresh = [u for u in uids if u > self.last_uid]
                for group in chunk(fresh, BATCH):
                    yield from self._fetch_group(list(group), max_bytes)
        except _ERRORS as why:
            raise TransportError(f"IMAP fetch: {why}") from None

    def _fetch_group(self, group: list[int], max_bytes: int) -> Iterator[Fetched]:
        sizes = self.client.fetch(group, ["RFC822.SIZE"])
        small = [u for u in group if sizes.get(u, {}).get(b"RFC822.SIZE", 0) <= max_bytes]
        large = [u for u in group if u not in small]
        bodies = self.client.fetch(small, ["BODY.PEEK[]"]) if small else {}
        heads = self.client.fetch(large, ["BODY.PEEK[HEADER]"]) if large else {}
        for uid in group:
            size = sizes.get(uid, {}).get(b"RFC822.SIZE", 0)
            if uid in bodies:
                yield Fetched(ref=str(uid), raw=bodies[uid][b"BODY[]"], size=size)
            elif uid in heads:
                yield Fetched(ref=str(uid), raw=heads[uid][b"BODY[HEADER]"], size=size)

    def remember(self, s: Session, refs: list[str]) -> None:
        top = max([int(r) for r in refs] + [self.last_uid])
        state = s.get(MailboxState, self.key) or MailboxState(name=self.key)
        state.uidvalidity, state.last_uid = self.uidvalidity, top
        s.add(state)
        self.last_uid = top

    def finish(self, processed: list[str], quarantined: list[str]) -> None:
        try:
            for refs, folder in ((processed, self.cfg.processed), (quarantined, self.cfg.quarantine)):
                uids = [int(r) for r in refs]
                if not uids:
                    continue
                if self.has_move:
                    self.client.move(uids, folder)
                else:
                    self.client.copy(uids, folder)
                    self.client.delete_messages(uids)
                    self.client.uid_expunge(uids)
        except _ERRORS as why:
            raise TransportError(f"IMAP move: {why}") from None

    def close(self) -> None:
        if self.client is not None:
            try:
                self.client.logout()
            except _ERRORS:
                pass
            self.client = None
