"""Seat and GM passwords: generated, mailed once, stored as scrypt hashes and
compared in constant time."""
from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

# The production parameters; benchmarks use these too (never weaken them).
N, R, P = 2 ** 14, 8, 1
_WORDS = "bcdfghjklmnprstvwz"
_VOWELS = "aeiou"


def generate() -> str:
    """Three pronounceable chunks with digits: easy to type from a phone."""
    chunk = lambda: secrets.choice(_WORDS) + secrets.choice(_VOWELS) + str(secrets.randbelow(10))  # noqa: E731
    return "-".join(chunk() + chunk()[:2] for _ in range(3))


def hash_password(password: str) -> str:
    salt = secrets.token_bytes(16)
    key = hashlib.scrypt(password.encode("utf-8"), salt=salt, n=N, r=R, p=P, dklen=32)
    return "scrypt$%d$%d$%d$%s$%s" % (N, R, P, base64.b64encode(salt).decode(), base64.b64encode(key).decode())


def verify(password: str, stored: str) -> bool:
    try:
        scheme, n, r, p, salt, key = stored.split("$")
        if scheme != "scrypt":
            return False
        derived = hashlib.scrypt(password.encode("utf-8"), salt=base64.b64decode(salt),
                                 n=int(n), r=int(r), p=int(p), dklen=32)
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(derived, base64.b64decode(key))
