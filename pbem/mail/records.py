"""The DNS records that make pbem's mail arrive (SPF, DKIM, DMARC), as the GM
should publish them for the server address's domain, and a look-up of what
is published now (dnspython), for 'pbem check-mail'.

A look-up that gets no answer at all (no network, no resolver, a time-out)
is "unreachable", not "missing": the GM is told the records could not be
checked, in one line, and nothing is guessed.
"""
from __future__ import annotations

import ipaddress
from dataclasses import dataclass

from pbem.config import Config
from pbem.mail import dkim as pbem_dkim
from pbem.errors import PbemError


@dataclass(frozen=True)
class Record:
    kind: str            # SPF | DKIM | DMARC
    name: str            # the DNS name it lives at
    value: str           # the TXT value to publish ('' when it cannot be made yet)
    note: str = ""       # what the GM must know or choose


class Unreachable(PbemError):
    """DNS could not be asked: no resolver, no network, no answer in time."""


def domain_of(cfg: Config) -> str:
    return cfg.server.address.rpartition("@")[2].lower()


def wanted(cfg: Config) -> list[Record]:
    """The three records, made from the config: the relay, the DKIM key."""
    domain = domain_of(cfg)
    out = [_spf(cfg, domain)]
    if cfg.dkim.key:
        out.append(Record("DKIM", pbem_dkim.record_name(cfg.dkim), pbem_dkim.record_value(cfg.dkim)))
    else:
        out.append(Record("DKIM", f"SELECTOR._domainkey.{domain}", "",
                          "no key configured: make one (openssl genrsa -out dkim.pem 2048) and set "
                          "[dkim] selector and key_file"))
    out.append(Record("DMARC", f"_dmarc.{domain}", "v=DMARC1; p=none; adkim=r; aspf=r",
                      "p=none only reports; once the reports show every mail passing, use p=quarantine. "
                      "For reports add rua=mailto:ADDRESS with an address you read, never the server's "
                      "own (pbem would answer every report)"))
    return out


def _spf(cfg: Config, domain: str) -> Record:
    """SPF for the envelope sender (the server address): who may send for the domain."""
    host = cfg.outbox.host.strip("[]")
    note = ("if your mail provider names an include: (such as include:_spf.provider.example), "
            "put it before ~all instead")
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        ip = None
    if cfg.outbox.transport != "smtp" or host == "localhost" or (ip is not None and ip.is_loopback):
        mechanism = "mx"
        note = ("this machine hands mail over itself: add ip4:ADDRESS (its public address) unless it "
                "is the domain's MX; " + note)
    elif ip is not None:
        mechanism = f"mx ip{ip.version}:{ip}"
    else:
        mechanism = f"mx a:{host}"
    return Record("SPF", domain, f"v=spf1 {mechanism} ~all", note)


def zone_text(value: str) -> str:
    """A TXT value as zone-file strings: one string holds at most 255 bytes,
    and a 2048-bit DKIM key is longer, so it is cut into several."""
    return " ".join(f'"{value[i:i + 255]}"' for i in range(0, len(value), 255)) or '""'


def resolver(nameserver: str = "", timeout: float = 3.0):  # type: ignore[no-untyped-def]
    """A dnspython resolver: the system's, or one name server (HOST or HOST:PORT)."""
    import dns.resolver
    try:
        if nameserver:
            r = dns.resolver.Resolver(configure=False)
            host, _, port = nameserver.rpartition(":") if nameserver.count(":") == 1 else (nameserver, "", "")
            r.nameservers = [host]
            if port:
                r.port = int(port)
        else:
            r = dns.resolver.Resolver()
    except (dns.resolver.NoResolverConfiguration, OSError, ValueError) as why:
        raise Unreachable(f"no DNS resolver ({why})") from None
    r.timeout = r.lifetime = timeout
    return r


def txt(r, name: str) -> list[str]:  # type: ignore[no-untyped-def]
    """The TXT values at ``name`` (each one's strings joined); [] when none."""
    import dns.exception
    import dns.resolver
    try:
        answer = r.resolve(name, "TXT")
    except (dns.resolver.NXDOMAIN, dns.resolver.NoAnswer):
        return []
    except (dns.exception.Timeout, dns.resolver.NoNameservers, OSError) as why:
        raise Unreachable(f"no answer for {name} ({why.__class__.__name__})") from None
    except dns.exception.DNSException as why:
        raise Unreachable(f"{name}: {why}") from None
    return [b"".join(rr.strings).decode("utf-8", "replace") for rr in answer]


def compare(record: Record, published: list[str]) -> tuple[bool, str]:
    """Is what is published good enough? (ok, what to say)."""
    if record.kind == "SPF":
        spf = [v for v in published if v.lower().startswith("v=spf1")]
        if len(spf) > 1:
            return False, f"{record.name} has {len(spf)} SPF records; receivers take none: keep one"
        if spf:
            return True, f"{record.name} has {spf[0]!r}"
        return False, f"no SPF record at {record.name}"
    if record.kind == "DMARC":
        dmarc = [v for v in published if v.replace(" ", "").upper().startswith("V=DMARC1")]
        if dmarc:
            return True, f"{record.name} has {dmarc[0]!r}"
        return False, f"no DMARC record at {record.name}"
    if not record.value:
        return False, "no DKIM key configured, so there is no record to look for"
    key = _tag(record.value, "p")
    found = [v for v in published if _tag(v, "p")]
    if any(_tag(v, "p") == key for v in found):
        return True, f"{record.name} publishes the configured key"
    if found:
        return False, f"{record.name} publishes another key than the one in [dkim] key_file"
    return False, f"no DKIM record at {record.name}"


def _tag(value: str, name: str) -> str:
    """One tag of a tag=value list (DKIM, RFC 6376 3.2), white space removed."""
    for part in value.split(";"):
        key, eq, rest = part.partition("=")
        if eq and key.strip() == name:
            return "".join(rest.split())
    return ""
