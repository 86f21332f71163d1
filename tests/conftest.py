"""Shared fixtures: real mail servers (Dovecot, aiosmtpd) and pbem servers."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from mailservers import Dovecot, SmtpPeer  # noqa: E402

USERS = ["pbem", "ann", "bob", "cy", "gm", "eve"]


@pytest.fixture(scope="session")
def dovecot():
    server = Dovecot(USERS)
    yield server
    server.stop()


@pytest.fixture
def smtp(dovecot):
    peer = SmtpPeer(dovecot)
    yield peer
    peer.stop()


@pytest.fixture
def clean_mailboxes(dovecot):
    """Empty every test mailbox before a test that reads them."""
    for user in USERS:
        with dovecot.client(user) as c:
            for folder in ("INBOX", "Processed", "Quarantine"):
                try:
                    c.select_folder(folder)
                except Exception:  # the folder may not exist for this user
                    continue
                uids = c.search("ALL")
                if uids:
                    c.delete_messages(uids)
                    c.expunge()
    return dovecot
