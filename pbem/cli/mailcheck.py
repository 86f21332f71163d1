"""'pbem check-mail': what makes the server's mail arrive. The SPF, DKIM and
DMARC records to publish for the server address's domain (the DKIM one made
from the configured key), what DNS has now, and whether the SMTP relay takes
mail from the server address.

The relay is asked about the envelope only (EHLO, MAIL FROM, RCPT TO the
server's own address, RSET, QUIT): that proves the connection, TLS, the
login and that the relay takes the sender and the recipient, and it leaves
nothing behind. A real test mail to the server's own address would sit in
its inbox until the next pass drops it as a loop, at every check. To see a
signed mail as a receiver does, ``--send-to`` sends one to an address the GM
reads. Exit 0: all good; 1: something to fix (each such line starts FIX).
"""
from __future__ import annotations

import textwrap

import click

from pbem.cli.common import Ctx

OK, FIX = "  ok   ", "  FIX  "


class _Report:
    """The lines printed, and whether any of them asks for a fix."""

    def __init__(self) -> None:
        self.fixes = 0

    def ok(self, text: str) -> None:
        click.echo(OK + text)

    def fix(self, text: str) -> None:
        self.fixes += 1
        click.echo(FIX + text)


@click.command("check-mail")
@click.option("--dns/--no-dns", "look_up", default=True, show_default=True,
              help="look the records up in DNS (dnspython)")
@click.option("--nameserver", default="", metavar="HOST[:PORT]",
              help="ask this name server instead of the system's resolver")
@click.option("--timeout", type=click.FloatRange(0.1, 60), default=3.0, show_default=True,
              help="seconds for each DNS look-up")
@click.option("--no-relay", is_flag=True, help="do not connect to the SMTP relay")
@click.option("--send-to", default="", metavar="ADDRESS",
              help="also send a real, signed test mail to this address (one you read)")
@click.pass_obj
def check_mail(obj: Ctx, look_up: bool, nameserver: str, timeout: float, no_relay: bool, send_to: str) -> None:
    """Print the DNS records to publish so that mail arrives, check them, and test the relay."""
    from pbem.mail import records
    from pbem.mail.dkim import aligned
    cfg = obj.config()
    out = _Report()
    domain = records.domain_of(cfg)
    wanted = records.wanted(cfg)
    click.echo(f"Mail from {cfg.server.address}: publish these TXT records for {domain}")
    for rec in wanted:
        click.echo(f"\n{rec.kind}: {rec.name}. IN TXT {records.zone_text(rec.value) if rec.value else '(none yet)'}")
        if rec.note:
            click.echo(textwrap.fill(rec.note, 76, initial_indent="  ", subsequent_indent="  "))
    click.echo("\nSigning:")
    if not cfg.dkim.key:
        out.fix("no DKIM key: mail goes out unsigned; set [dkim] selector and key_file")
    elif not aligned(cfg.dkim.domain, domain):
        out.fix(f"[dkim] domain {cfg.dkim.domain} is not {domain} nor a parent of it: "
                "DMARC will not count the signature")
    else:
        out.ok(f"every mail is signed: d={cfg.dkim.domain}, s={cfg.dkim.selector}")
    click.echo("\nDNS now:")
    if look_up:
        _look_up(out, wanted, nameserver, timeout)
    else:
        click.echo("  (not looked up: --no-dns)")
    click.echo("\nRelay:")
    if not no_relay:
        _relay(out, cfg, send_to)
    else:
        click.echo("  (not tried: --no-relay)")
    click.echo("\n" + (f"{out.fixes} thing(s) to fix." if out.fixes else "All good."))
    raise SystemExit(1 if out.fixes else 0)


def _look_up(out: _Report, wanted, nameserver: str, timeout: float) -> None:  # type: ignore[no-untyped-def]
    """Each record as DNS has it; DNS that does not answer is said once, and
    counts as something to fix (nothing could be checked)."""
    from pbem.mail import records
    try:
        resolver = records.resolver(nameserver, timeout)
        for rec in wanted:
            ok, text = records.compare(rec, records.txt(resolver, rec.name))
            (out.ok if ok else out.fix)(f"{rec.kind}: {text}")
    except records.Unreachable as why:
        out.fix(f"DNS unreachable: {why}; the records were not checked (--no-dns skips this)")


def _relay(out: _Report, cfg, send_to: str) -> None:  # type: ignore[no-untyped-def]
    """The relay of [outbox] takes the server address as sender and recipient?"""
    box = cfg.outbox
    if box.transport != "smtp":
        out.fix(f"[outbox] transport is {box.transport}: no mail leaves this machine; "
                "set transport = \"smtp\" and the relay's host")
        return
    from pbem.errors import TransportError
    from pbem.transports.smtp import SmtpOutbox
    address = cfg.server.address
    try:
        outbox = SmtpOutbox(box)
    except TransportError as why:
        out.fix(f"cannot use the relay: {why}")
        return
    try:
        ok, said = outbox.probe(address, address)
        if ok:
            out.ok(f"{box.host}:{box.port} takes mail from {address} to {address} ({said}); "
                   "nothing was sent (RSET)")
        else:
            out.fix(f"{box.host}:{box.port}: {said}")
        if ok and send_to:
            _send_test(out, cfg, outbox, send_to)
    finally:
        outbox.close()


def _send_test(out: _Report, cfg, outbox, to: str) -> None:  # type: ignore[no-untyped-def]
    """One real mail, composed and signed as every mail of a pass is."""
    from pbem.clock import now_utc
    from pbem.mail.compose import compose
    from pbem.mail.dkim import DkimError, signer
    from pbem.mail.headers import valid_address
    if not valid_address(to):
        out.fix(f"--send-to {to!r} is not a plain mail address")
        return
    raw = compose(sender=cfg.server.address, sender_name=cfg.server.name, to=to,
                  subject=f"{cfg.server.name}: test mail from pbem check-mail",
                  text=("This is a test mail from 'pbem check-mail'. Look at its headers "
                        "(\"show original\"): Authentication-Results should say spf=pass, "
                        "dkim=pass and dmarc=pass.\n"), when=now_utc())
    sign = signer(cfg.dkim)
    try:
        raw = sign.sign(raw) if sign is not None else raw
    except DkimError as why:
        out.fix(str(why))
        return
    for _id, result in outbox.send([(0, cfg.server.address, to, raw)]):
        if result.ok:
            out.ok(f"a test mail went to {to}" + (" (signed)" if sign is not None else " (unsigned)"))
        else:
            out.fix(f"the test mail to {to} was refused: {result.error}")
