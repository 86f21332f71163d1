"""'pbem check-mail' through its real command line: against the real SMTP
peer, and a small real DNS server on 127.0.0.1 (dnspython on a UDP socket),
so no test needs the internet; a name server that never answers stands for
DNS out of reach."""
from __future__ import annotations

import email
import email.policy
import socket
import threading
from contextlib import contextmanager
from datetime import datetime, timezone

import dkim
import dns.message
import dns.rcode
import dns.rdatatype
import dns.rrset

from mailservers import free_port
from pbem.config import load
from pbem.mail.dkim import record_name, record_value
from pbem_world import ServerWorld, World
from test_mail_dkim import make_key, with_dkim

T0 = datetime(2026, 7, 1, 9, 0, tzinfo=timezone.utc)


@contextmanager
def dns_server(records: dict[str, list[str]]):  # type: ignore[no-untyped-def]
    """A name server answering TXT queries from ``records`` (others: NXDOMAIN)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.bind(("127.0.0.1", 0))
    sock.settimeout(0.2)
    stop = threading.Event()
    asked: list[str] = []

    def serve() -> None:
        while not stop.is_set():
            try:
                data, peer = sock.recvfrom(4096)
            except (socket.timeout, OSError):
                continue
            query = dns.message.from_wire(data)
            reply = dns.message.make_response(query)
            question = query.question[0]
            name = question.name.to_text().rstrip(".").lower()
            asked.append(name)
            values = records.get(name, [])
            if values and question.rdtype == dns.rdatatype.TXT:
                reply.answer.append(dns.rrset.from_text(question.name, 300, "IN", "TXT", *values))
            elif not values:
                reply.set_rcode(dns.rcode.NXDOMAIN)
            sock.sendto(reply.to_wire(), peer)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield f"127.0.0.1:{sock.getsockname()[1]}", asked
    finally:
        stop.set()
        thread.join(5)
        sock.close()


def _zone(value: str) -> str:
    """A TXT value as a zone file writes it: strings of at most 255 characters."""
    return " ".join(f'"{value[i:i + 255]}"' for i in range(0, len(value), 255))


def _world(tmp_path, imap, smtp) -> ServerWorld:  # type: ignore[no-untyped-def]
    world = ServerWorld(tmp_path, imap, smtp)
    with_dkim(world, make_key(tmp_path / "dkim.pem"), selector="pbem1")
    return world


def _published(world: World, dkim_value: str = "") -> dict[str, list[str]]:
    cfg = load(world.config)
    return {"example.org": ['"v=spf1 mx ip4:127.0.0.1 ~all"', '"some-site-verification=abc"'],
            record_name(cfg.dkim): [_zone(dkim_value or record_value(cfg.dkim))],
            "_dmarc.example.org": ['"v=DMARC1; p=none"']}


def test_all_records_published_and_a_relay_that_takes_the_mail(tmp_path, clean_mailboxes, smtp) -> None:
    world = _world(tmp_path, clean_mailboxes, smtp)
    cfg = load(world.config)
    with dns_server(_published(world)) as (nameserver, asked):
        result = world.pbem("check-mail", "--nameserver", nameserver, "--timeout", "2", check=False)
    out = result.stdout
    assert result.returncode == 0, out + result.stderr
    assert "FIX" not in out and out.rstrip().endswith("All good.")
    # the records to publish, the DKIM one from the configured key (cut into 255-character strings)
    assert "SPF: example.org. IN TXT \"v=spf1 mx ~all\"" in out
    assert f"DKIM: pbem1._domainkey.example.org. IN TXT {_zone(record_value(cfg.dkim))}" in out
    assert "DMARC: _dmarc.example.org. IN TXT \"v=DMARC1; p=none; adkim=r; aspf=r\"" in out
    assert "ok   DKIM: pbem1._domainkey.example.org publishes the configured key" in out
    assert sorted(set(asked)) == ["_dmarc.example.org", "example.org", "pbem1._domainkey.example.org"]
    assert f"127.0.0.1:{smtp.port} takes mail from pbem@example.org to pbem@example.org (250" in out
    assert smtp.received == []                        # the envelope was tried, nothing was sent


def test_missing_records_and_another_key_are_things_to_fix(tmp_path, clean_mailboxes, smtp) -> None:
    world = _world(tmp_path, clean_mailboxes, smtp)
    records = _published(world, dkim_value="v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8A")
    del records["_dmarc.example.org"]
    records["example.org"].append('"v=spf1 -all"')
    with dns_server(records) as (nameserver, _asked):
        result = world.pbem("check-mail", "--nameserver", nameserver, "--no-relay", check=False)
    out = result.stdout
    assert result.returncode == 1, out
    assert "FIX  SPF: example.org has 2 SPF records; receivers take none: keep one" in out
    assert "FIX  DKIM: pbem1._domainkey.example.org publishes another key than the one in [dkim] key_file" in out
    assert "FIX  DMARC: no DMARC record at _dmarc.example.org" in out
    assert out.rstrip().endswith("3 thing(s) to fix.")


def test_dns_out_of_reach_is_one_clear_line(tmp_path, clean_mailboxes, smtp) -> None:
    world = _world(tmp_path, clean_mailboxes, smtp)
    silent = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)   # bound, never answers
    silent.bind(("127.0.0.1", 0))
    try:
        result = world.pbem("check-mail", "--nameserver", f"127.0.0.1:{silent.getsockname()[1]}",
                            "--timeout", "0.5", check=False)
    finally:
        silent.close()
    assert result.returncode == 1
    lines = [x for x in result.stdout.splitlines() if "DNS unreachable" in x]
    assert len(lines) == 1 and "the records were not checked" in lines[0], result.stdout
    assert "Traceback" not in result.stdout + result.stderr
    assert "ok   " in result.stdout and "takes mail from" in result.stdout    # the relay was still tried


def test_a_relay_that_refuses_the_address_or_cannot_be_reached(tmp_path, clean_mailboxes, smtp) -> None:
    world = _world(tmp_path, clean_mailboxes, smtp)
    smtp.relay.refuse["pbem@example.org"] = 550
    result = world.pbem("check-mail", "--no-dns", check=False)
    assert result.returncode == 1
    assert "FIX  127.0.0.1:%d: RCPT TO:<pbem@example.org> refused: 550" % smtp.port in result.stdout
    world.config.write_text(world.config.read_text().replace(f"port = {smtp.port}", f"port = {free_port()}"))
    result = world.pbem("check-mail", "--no-dns", check=False)
    assert result.returncode == 1 and "FIX  cannot use the relay: SMTP 127.0.0.1:" in result.stdout
    assert "Traceback" not in result.stdout + result.stderr


def test_no_key_and_a_maildir_outbox_are_things_to_fix(tmp_path) -> None:
    world = World(tmp_path)
    result = world.pbem("check-mail", "--no-dns", check=False)
    assert result.returncode == 1
    assert "FIX  no DKIM key: mail goes out unsigned" in result.stdout
    assert "DKIM: SELECTOR._domainkey.example.org. IN TXT (none yet)" in result.stdout
    assert "FIX  [outbox] transport is maildir: no mail leaves this machine" in result.stdout


def test_send_to_sends_one_signed_test_mail(tmp_path, clean_mailboxes, smtp) -> None:
    imap = clean_mailboxes
    world = _world(tmp_path, imap, smtp)
    result = world.pbem("check-mail", "--no-dns", "--send-to", "gm@example.org", check=False)
    assert result.returncode == 0, result.stdout
    assert "ok   a test mail went to gm@example.org (signed)" in result.stdout
    [raw] = imap.messages("gm")
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    assert "test mail from pbem check-mail" in str(msg["Subject"])
    value = record_value(load(world.config).dkim).encode()
    assert dkim.verify(raw, dnsfunc=lambda name, timeout=5: value)
    assert [to for to, _raw in smtp.received] == ["gm@example.org"]
