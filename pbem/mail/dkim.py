"""DKIM: every mail pbem sends is signed (dkimpy) when the GM configured a
key in ``[dkim]``, at the moment it is handed to the transport; and the TXT
record that lets receivers check the signature, made from the same key.

Signed with relaxed/relaxed canonicalization (a relay that re-folds a header
or turns LF into CRLF does not break it) and rsa-sha256. The headers signed
are dkimpy's recommended set that the mail has (From, To, Subject, Date,
Message-ID, In-Reply-To, References, the MIME headers, List-Id,
List-Unsubscribe), plus Auto-Submitted, so none can be changed on the way.
"""
from __future__ import annotations

import base64

import dkim
from cryptography.hazmat.primitives.serialization import (Encoding, PublicFormat,
                                                          load_pem_private_key)

from pbem.config import Dkim
from pbem.errors import PbemError

_EXTRA = (b"auto-submitted",)


class DkimError(PbemError):
    """A mail that could not be signed, with the reason."""


class Signer:
    """Signs with the key of one ``[dkim]`` section (already checked by config.load)."""

    def __init__(self, cfg: Dkim) -> None:
        self.selector = cfg.selector.encode("ascii")
        self.domain = cfg.domain.encode("ascii")
        self.key = cfg.key

    def sign(self, raw: bytes) -> bytes:
        """``raw`` with a DKIM-Signature header on top, in the mail's own line endings."""
        linesep = b"\r\n" if b"\r\n" in raw.split(b"\n\n", 1)[0][:2000] else b"\n"
        names = {line.split(b":", 1)[0].strip().lower() for line in _header_lines(raw)}
        include = [h for h in dkim.DKIM.SHOULD if h in names] + [h for h in _EXTRA if h in names]
        try:
            header = dkim.sign(raw, self.selector, self.domain, self.key,
                               canonicalize=(b"relaxed", b"relaxed"), include_headers=include,
                               linesep=linesep)
        except dkim.DKIMException as why:
            raise DkimError(f"DKIM signing failed: {why}") from None
        return header + raw


def _header_lines(raw: bytes) -> list[bytes]:
    """The header's lines that start a field (continuation lines left out)."""
    head = raw.replace(b"\r\n", b"\n").split(b"\n\n", 1)[0]
    return [line for line in head.split(b"\n") if line and line[:1] not in (b" ", b"\t")]


def signer(cfg: Dkim) -> Signer | None:
    """The signer of a config, or None when no key is configured."""
    return Signer(cfg) if cfg.key else None


def record_name(cfg: Dkim) -> str:
    """Where the public key is published: SELECTOR._domainkey.DOMAIN."""
    return f"{cfg.selector}._domainkey.{cfg.domain}"


def record_value(cfg: Dkim) -> str:
    """The TXT record that publishes the key's public half (RFC 6376, 3.6.1)."""
    private = load_pem_private_key(cfg.key, password=None)
    der = private.public_key().public_bytes(Encoding.DER, PublicFormat.SubjectPublicKeyInfo)
    return "v=DKIM1; k=rsa; p=" + base64.b64encode(der).decode("ascii")


def aligned(dkim_domain: str, from_domain: str) -> bool:
    """DMARC's relaxed alignment, approximately: the signing domain is the From
    domain or one of its parents (an organisational domain is not looked up)."""
    d, f = dkim_domain.lower().rstrip("."), from_domain.lower().rstrip(".")
    return f == d or (f.endswith("." + d) and "." in d)
