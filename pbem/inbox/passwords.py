"""Seat and GM passwords: generated, mailed once, stored as scrypt hashes and
compared in constant time. A password a player chooses (PASSWORD <new>)
must pass ``problem``: long enough, varied, and none of the passwords that
guessers try first."""
from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

from pbem.i18n import N_

# The production parameters; benchmarks use these too (never weaken them).
N, R, P = 2 ** 14, 8, 1
_WORDS = "bcdfghjklmnprstvwz"
_VOWELS = "aeiou"


def generate() -> str:
    """Three pronounceable chunks with digits: easy to type from a phone."""
    chunk = lambda: secrets.choice(_WORDS) + secrets.choice(_VOWELS) + str(secrets.randbelow(10))  # noqa: E731
    return "-".join(chunk() + chunk()[:2] for _ in range(3))


def hash_password(password: str, n: int = N) -> str:
    """The stored form. ``n`` is scrypt's cost, kept in the stored form and
    read back by verify; only tests that check thousands of wrong passwords
    store a cheaper one."""
    salt = secrets.token_bytes(16)
    key = hashlib.scrypt(password.encode("utf-8"), salt=salt, n=n, r=R, p=P, dklen=32)
    return "scrypt$%d$%d$%d$%s$%s" % (n, R, P, base64.b64encode(salt).decode(), base64.b64encode(key).decode())


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


MIN_LENGTH, MIN_DISTINCT = 10, 5
# Sequences and keyboard rows guessers walk along; a password inside one is refused.
_RUNS = ("abcdefghijklmnopqrstuvwxyz", "0123456789", "9876543210", "qwertyuiop", "asdfghjkl", "zxcvbnm",
         "azertyuiop", "qwertzuiop", "1qaz2wsx3edc", "!@#$%^&*()")


def problem(password: str, *context: str) -> str:
    """Why a chosen password is refused (an English message id), '' when it
    is good: shorter than MIN_LENGTH, fewer than MIN_DISTINCT different
    characters, a common password or a common word with digits or signs
    around it, a run along the alphabet or the keyboard, or little more than
    the game's, seat's or address's own names (``context``)."""
    low = password.lower()
    if len(password) < MIN_LENGTH:
        return N_("it is shorter than {n} characters")
    if len(set(low)) < MIN_DISTINCT:
        return N_("it has fewer than {distinct} different characters")
    core = low.strip("0123456789!@#$%^&*()-_=+.,;:?'\" ")
    if low in COMMON or core in COMMON or _base(core) in COMMON:
        return N_("it is one of the passwords guessers try first")
    if any(low in run or low in run * 2 for run in _RUNS):
        return N_("it is a run along the alphabet or the keyboard")
    rest = low
    for word in sorted((w.lower() for w in context if len(w) >= 3), key=len, reverse=True):
        rest = rest.replace(word, "")
    if sum(c.isalnum() for c in rest) < MIN_LENGTH - 4:
        return N_("it is little more than the names of the game, the seat or your address")
    return ""


def _base(word: str) -> str:
    """A word with the usual swaps of letters for digits undone (p4ssw0rd: password)."""
    return word.translate(str.maketrans("4301$5@7", "aeoissat"))


# The passwords guessers try first (the top of the lists of leaked passwords)
# and the words they build on, lower case.
COMMON = frozenset("""
123456 123456789 12345678 1234567890 12345 1234567 password password1 password123 qwerty qwerty123
qwertyuiop 111111 000000 123123 abc123 1q2w3e4r 1q2w3e4r5t 1qaz2wsx iloveyou admin administrator
welcome welcome1 letmein monkey dragon football baseball basketball soccer hockey master shadow
sunshine princess starwars superman batman trustno1 whatever freedom ninja mustang michael jordan
charlie daniel thomas jessica ashley hunter buster killer secret secret123 passw0rd p@ssw0rd
changeme default guest login access hello hello123 flower summer winter spring autumn loveme lovely
computer internet pokemon cookie cheese chocolate pepper ginger maggie bailey tigger liverpool
arsenal chelsea barcelona realmadrid juventus google samsung apple iphone microsoft windows linux
zaq12wsx asdfgh asdfghjkl zxcvbnm qazwsx 987654321 654321 121212 112233 696969 777777 555555
666666 888888 999999 aaaaaa abcdef abcdefgh abcdefghij azerty azertyuiop motdepasse soleil bonjour
doudou chouchou contrasena contraseña hola amor teamo hallo passwort schatz fussball qwertz
mammoth mammoths valley stoneage dewan pbem diplomacy boardgame gamemaster playbyemail
""".split())
