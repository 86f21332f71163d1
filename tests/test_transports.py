"""The IMAP and SMTP transports against real servers, with and without TLS."""
from __future__ import annotations

import os
import ssl
from pathlib import Path

import pytest
import trustme
from sqlmodel import Session

from mailservers import Dovecot, SmtpPeer
from pbem.config import Inbox, Outbox
from pbem.db import migrate, open_engine
from pbem.models import MailboxState
from pbem.errors import TransportError
from pbem.transports.imap import ImapInbox
from pbem.transports.smtp import SmtpOutbox
from pbem_world import order_mail


@pytest.fixture
def engine(tmp_path: Path):
    e = open_engine(f"sqlite:///{tmp_path / 'db.sqlite'}")
    migrate(e)
    return e


def _inbox_cfg(port: int, security: str = "plain", ca: str = "") -> Inbox:
    return Inbox(transport="imap", host="127.0.0.1", port=port, security=security, user="pbem",
                 password="secret", timeout=5, ca_file=ca)


def test_imap_fetch_remember_and_move_without_the_move_command(clean_mailboxes, engine) -> None:
    imap = clean_mailboxes
    for i in range(3):
        imap.deliver("pbem", order_mail("ann@example.org", f"mail {i}"))
    inbox = ImapInbox(_inbox_cfg(imap.port), engine)
    inbox.has_move = False                     # copy, delete and UID EXPUNGE instead
    fetched = list(inbox.fetch(1_000_000))
    assert [f.known for f in fetched] == [False] * 3
    with Session(engine) as s:
        inbox.remember(s, [f.ref for f in fetched[:2]])
        s.commit()
    inbox.finish([f.ref for f in fetched[:2]], [])
    inbox.close()
    assert len(imap.messages("pbem")) == 1 and len(imap.messages("pbem", "Processed")) == 2
    again = ImapInbox(_inbox_cfg(imap.port), engine)
    left = list(again.fetch(1_000_000))
    assert len(left) == 1 and not left[0].known
    again.close()


def test_imap_known_mail_is_moved_without_reading_and_uidvalidity_resets(clean_mailboxes, engine) -> None:
    imap = clean_mailboxes
    imap.deliver("pbem", order_mail("ann@example.org", "one"))
    inbox = ImapInbox(_inbox_cfg(imap.port), engine)
    (first,) = list(inbox.fetch(1_000_000))
    with Session(engine) as s:
        inbox.remember(s, [first.ref])
        s.commit()
    inbox.close()                              # died before moving it
    inbox = ImapInbox(_inbox_cfg(imap.port), engine)
    (known,) = list(inbox.fetch(1_000_000))
    assert known.known and known.raw == b""
    inbox.close()
    with Session(engine) as s:
        state = s.get(MailboxState, inbox.key)
        state.uidvalidity += 1
        s.add(state)
        s.commit()
    inbox = ImapInbox(_inbox_cfg(imap.port), engine)
    (fresh,) = list(inbox.fetch(1_000_000))
    assert not fresh.known, "a new UIDVALIDITY means every UID is new again"
    inbox.close()


def test_imap_wrong_password_or_closed_port_is_a_transport_error(dovecot, engine) -> None:
    cfg = _inbox_cfg(dovecot.port)
    cfg.password = "wrong"
    with pytest.raises(TransportError):
        ImapInbox(cfg, engine)


@pytest.fixture(scope="module")
def ca(tmp_path_factory):
    authority = trustme.CA()
    cert = authority.issue_cert("127.0.0.1", "localhost")
    folder = tmp_path_factory.mktemp("tls")
    cert.private_key_pem.write_to_path(str(folder / "key.pem"))
    cert.cert_chain_pems[0].write_to_path(str(folder / "cert.pem"))
    authority.cert_pem.write_to_path(str(folder / "ca.pem"))
    for f in folder.iterdir():
        f.chmod(0o644)
    folder.chmod(0o755)
    return authority, cert, folder


def test_imap_over_implicit_tls_and_starttls(ca, engine) -> None:
    _authority, _cert, folder = ca
    server = Dovecot(["pbem"], tls=(str(folder / "cert.pem"), str(folder / "key.pem")))
    try:
        server.deliver("pbem", order_mail("ann@example.org", "over tls"))
        for security, port in (("ssl", server.tls_port), ("starttls", server.port)):
            inbox = ImapInbox(_inbox_cfg(port, security, str(folder / "ca.pem")), engine)
            assert len(list(inbox.fetch(1_000_000))) == 1
            inbox.close()
        with pytest.raises(TransportError):   # without our CA the certificate is not trusted
            ImapInbox(_inbox_cfg(server.tls_port, "ssl"), engine)
    finally:
        server.stop()


def test_smtp_starttls_with_auth(ca) -> None:
    authority, cert, folder = ca
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    cert.configure_cert(context)
    peer = SmtpPeer(None, tls_context=context, require_starttls=True, auth=True)
    try:
        cfg = Outbox(transport="smtp", host="127.0.0.1", port=peer.port, security="starttls", user="pbem",
                     password="secret", timeout=5, ca_file=str(folder / "ca.pem"))
        out = SmtpOutbox(cfg)
        results = list(out.send([(1, "pbem@example.org", "ann@example.org", order_mail("pbem@example.org", "hi"))]))
        out.close()
        assert results[0][1].ok and peer.received[0][0] == "ann@example.org"
        cfg.password = "wrong"
        with pytest.raises(TransportError):
            SmtpOutbox(cfg)
    finally:
        peer.stop()


def test_maildir_mail_is_read_in_delivery_order(tmp_path: Path) -> None:
    from pbem.transports.maildir import MaildirInbox
    inbox = MaildirInbox(tmp_path / "in")
    # Maildir names carry microseconds without zero padding: by name, M100000 sorts before M99999.
    names = ["1000.M99999P1Q1.host", "1000.M100000P1Q2.host", "1000.M5P1Q3.host"]
    for i, name in enumerate(names):
        path = tmp_path / "in" / "new" / name
        path.write_bytes(order_mail("ann@example.org", f"mail {i}"))
        os.utime(path, ns=(1_000_000_000 + i, 1_000_000_000 + i))
    fetched = [f.ref.split("/")[1] for f in inbox.fetch(1_000_000)]
    assert fetched == names
