"""DKIM: every mail a pass hands to the real SMTP peer is signed with the
configured key, and verifies with dkimpy against the public key, as received
by the peer and as delivered into Dovecot. dkimpy's ``dnsfunc`` stands in
for DNS (this machine has none): it answers the TXT query with the record
'pbem check-mail' tells the GM to publish."""
from __future__ import annotations

import mailbox
import re
import shutil
import subprocess
from datetime import datetime, timedelta, timezone
from pathlib import Path

import dkim
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa

from pbem.config import load

from pbem.errors import ConfigError
from pbem.mail.dkim import record_name, record_value
from pbem_world import ServerWorld, World, order_mail, password_in, run_pass

T0 = datetime(2026, 5, 4, 8, 0, tzinfo=timezone.utc)


def make_key(path: Path, bits: int = 2048, pkcs8: bool = True) -> Path:
    """A fresh RSA key in PEM (PKCS#8 as OpenSSL 3 writes it, or PKCS#1)."""
    key = rsa.generate_private_key(public_exponent=65537, key_size=bits)
    form = serialization.PrivateFormat.PKCS8 if pkcs8 else serialization.PrivateFormat.TraditionalOpenSSL
    path.write_bytes(key.private_bytes(serialization.Encoding.PEM, form, serialization.NoEncryption()))
    return path


def _small_key(path: Path) -> None:
    """A 512-bit key: the cryptography package refuses to make one, OpenSSL does not."""
    if shutil.which("openssl") is None:
        pytest.skip("no openssl to make a 512-bit key")
    subprocess.run(["openssl", "genrsa", "-out", str(path), "512"], check=True, capture_output=True)


def with_dkim(world: World, key: Path, selector: str = "mail2026", domain: str = "") -> None:
    """Add a [dkim] section to the world's config."""
    lines = f'\n[dkim]\nselector = "{selector}"\nkey_file = "{key}"\n'
    if domain:
        lines += f'domain = "{domain}"\n'
    world.config.write_text(world.config.read_text() + lines)


def dns_for(world: World):  # type: ignore[no-untyped-def]
    """A dnsfunc for dkimpy that knows one TXT record: the one we publish."""
    cfg = load(world.config)
    name, value = record_name(cfg.dkim), record_value(cfg.dkim).encode()
    asked: list[str] = []

    def dnsfunc(qname: bytes, timeout: float = 5) -> bytes | None:
        asked.append(qname.decode().rstrip("."))
        return value if qname.decode().rstrip(".") == name else None
    return dnsfunc, asked


def test_every_mail_sent_over_smtp_is_signed_and_verifies(tmp_path, clean_mailboxes, smtp) -> None:
    imap = clean_mailboxes
    world = ServerWorld(tmp_path, imap, smtp)
    with_dkim(world, make_key(tmp_path / "dkim.pem"))
    world.pbem("game", "new", "dk", "--seat", "red:ann@example.org", "--seat", "blue:bob@example.org",
               "--gm", "gm@example.org", "--seed", "dk", "--deadline", "24h")
    world.pbem("game", "start", "dk", "--now", T0.isoformat())
    run_pass(world, T0)
    password = password_in(world.outbox("ann@example.org"))
    # an answer (auto-replied, In-Reply-To) and, a day later, the turn reports
    imap.deliver("pbem", order_mail("ann@example.org", f"SIGNON dk red {password}\nSTATUS\n", subject="Grüße"))
    run_pass(world, T0 + timedelta(minutes=20))
    run_pass(world, T0 + timedelta(hours=25))

    dnsfunc, asked = dns_for(world)
    received = smtp.received
    kinds = {m for _to, raw in received for m in re.findall(rb"Auto-Submitted: ([a-z-]+)", raw)}
    assert len(received) >= 5 and kinds == {b"auto-generated", b"auto-replied"}
    for to, raw in received:
        assert raw.startswith(b"DKIM-Signature:"), to
        assert b"d=example.org" in raw.split(b"\r\n\r\n", 1)[0] and b"s=mail2026" in raw[:600]
        assert dkim.verify(raw, dnsfunc=dnsfunc), f"signature to {to} does not verify"
    assert set(asked) == {"mail2026._domainkey.example.org"}
    # as the player's mailbox has it, after Dovecot stored it
    stored = imap.messages("ann")
    assert len(stored) >= 3
    assert all(dkim.verify(raw, dnsfunc=dnsfunc) for raw in stored)


def test_a_changed_mail_or_another_key_does_not_verify(tmp_path, clean_mailboxes, smtp) -> None:
    """The verification above means something: the signature covers the body
    and the signed headers, and only our key verifies it."""
    world = ServerWorld(tmp_path, clean_mailboxes, smtp)
    with_dkim(world, make_key(tmp_path / "dkim.pem", pkcs8=False))      # PKCS#1 works too
    world.pbem("game", "new", "dk2", "--seat", "red:ann@example.org", "--seat", "blue:bob@example.org",
               "--seed", "dk2")
    world.pbem("game", "start", "dk2", "--now", T0.isoformat())
    run_pass(world, T0)
    dnsfunc, _ = dns_for(world)
    _to, raw = smtp.received[0]
    assert dkim.verify(raw, dnsfunc=dnsfunc)
    assert not dkim.verify(raw.replace(b"Your password is", b"Your password was"), dnsfunc=dnsfunc)
    assert not dkim.verify(re.sub(rb"Subject: [^\r\n]*", b"Subject: [dk2] urgent", raw, count=1), dnsfunc=dnsfunc)
    other = World(tmp_path / "other")
    with_dkim(other, make_key(tmp_path / "other" / "other.pem"))
    wrong, _ = dns_for(other)        # the same selector and domain, another key
    assert not dkim.verify(raw, dnsfunc=wrong)


def test_the_maildir_outbox_is_signed_too(tmp_path) -> None:
    world = World(tmp_path)
    with_dkim(world, make_key(tmp_path / "k.pem"), selector="s1", domain="example.org")
    world.pbem("game", "new", "md", "--seat", "red:ann@example.org", "--seat", "blue:bob@example.org")
    world.pbem("game", "start", "md", "--now", T0.isoformat())
    run_pass(world, T0)
    dnsfunc, _ = dns_for(world)
    box = mailbox.Maildir(str(tmp_path / "out" / "ann@example.org"), create=False)
    raws = [box.get_bytes(k) for k in box.keys()]
    assert len(raws) == 1 and raws[0].startswith(b"DKIM-Signature:")
    assert dkim.verify(raws[0], dnsfunc=dnsfunc)


@pytest.mark.parametrize("setup, words", [
    (lambda d: ('selector = "s"\nkey_file = "missing.pem"\n'), "[dkim] key_file: no file"),
    (lambda d: ('selector = "s"\nkey_file = "."\n'), "[dkim] key_file: cannot read"),
    (lambda d: ((d / "bad.pem").write_text("-----BEGIN PRIVATE KEY-----\nbm90IGEga2V5\n-----END PRIVATE KEY-----\n"),
                'selector = "s"\nkey_file = "bad.pem"\n')[1], "is not an RSA private key in PEM form"),
    (lambda d: ((d / "t.txt").write_text("hello\n"), 'selector = "s"\nkey_file = "t.txt"\n')[1],
     "is not an RSA private key in PEM form"),
    (lambda d: (_small_key(d / "small.pem"), 'selector = "s"\nkey_file = "small.pem"\n')[1], "512-bit key"),
    (lambda d: (make_key(d / "k.pem"), 'key_file = "k.pem"\n')[1], "[dkim] selector is missing"),
    (lambda d: 'selector = "s"\n', "[dkim] key_file is missing"),
    (lambda d: (make_key(d / "k.pem"), 'selector = "a b"\nkey_file = "k.pem"\n')[1], "is not a DNS name"),
])
def test_a_dkim_key_that_cannot_sign_is_one_clear_line(tmp_path, setup, words) -> None:
    world = World(tmp_path)
    world.config.write_text(world.config.read_text() + "\n[dkim]\n" + setup(tmp_path))
    with pytest.raises(ConfigError) as caught:
        load(world.config)
    assert words in str(caught.value) and "\n" not in str(caught.value)


def test_the_command_line_says_a_key_problem_in_one_line(tmp_path) -> None:
    world = World(tmp_path)
    (tmp_path / "bad.pem").write_text("-----BEGIN RSA PRIVATE KEY-----\nxx\n-----END RSA PRIVATE KEY-----\n")
    world.config.write_text(world.config.read_text() + '\n[dkim]\nselector = "s"\nkey_file = "bad.pem"\n')
    for command in (["status"], ["process"], ["check-mail", "--no-dns"]):
        result = world.pbem(*command, check=False)
        assert result.returncode != 0 and "Traceback" not in result.stderr, command
        assert result.stderr.strip() == f"Error: config: [dkim] key_file: {tmp_path / 'bad.pem'} is not an RSA " \
                                        "private key in PEM form", (command, result.stderr)
