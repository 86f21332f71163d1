"""The corpus of real mail-client replies in tests/mail/corpus/ (see its README.md).

Each case is (file name, the raw mail as sent, its expectation from expected.toml):
``client``, ``language``, ``kind`` ("plain", "html" or "both"), ``variant`` ("answer":
the quote is a pbem answer; "report": the quote is a whole turn report), ``position``
("top" or "bottom": where the player wrote), ``orders`` (the lines the player wrote
that must be read, in order, SIGNON first), ``quoted`` (order-like lines of the
quoted original that must not be read) and ``source``.
"""
from __future__ import annotations

import tomllib
from pathlib import Path

CORPUS = Path(__file__).parent / "mail" / "corpus"


def corpus_cases() -> list[tuple[str, bytes, dict]]:
    expected = tomllib.loads((CORPUS / "expected.toml").read_text(encoding="utf-8"))
    files = sorted(p.name for p in CORPUS.glob("*.eml"))
    missing = sorted(set(files) ^ set(expected))
    if missing:
        raise AssertionError(f"corpus files and expected.toml differ: {missing}")
    return [(name, (CORPUS / name).read_bytes(), expected[name]) for name in files]
