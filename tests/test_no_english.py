"""French and Spanish readers read no English: every word of a translated report (the golden
reports of the three games, which the report tests keep equal to what the code renders) that is
a word of our English messages and of none of that language's translations is a leak, unless it
is a name (seats, games, cards as the order language names them) or the report's own marker."""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
WORD = re.compile(r"[^\W\d_][^\W\d_']+")
# Names, not words: the seats and games, the marker lines that let a report sent back be skipped, the
# order language's card names (PLAY raft), and the English that the tests' fixed deadline keeps.
ALLOWED = {
    "red", "blue", "green", "white", "yellow", "pbem", "report", "end", "of", "valley",
    "raft", "forced", "march", "stored", "meat", "fertility", "spear",
    "mon", "may",
}


@lru_cache(maxsize=None)
def english_only(lang: str) -> frozenset[str]:
    """The words of our English messages that no translation into ``lang`` uses."""
    catalogue = read_po((ROOT / "pbem" / "locale" / lang / "LC_MESSAGES" / "pbem.po").open("rb"))
    english: set[str] = set()
    translated: set[str] = set()
    for message in catalogue:
        if not message.id:
            continue
        for text in message.id if isinstance(message.id, tuple) else (message.id,):
            english |= {w.lower() for w in WORD.findall(re.sub(r"\{[^}]*\}|%\([^)]*\)s", " ", text))}
        for text in message.string if isinstance(message.string, tuple) else (message.string,):
            translated |= {w.lower() for w in WORD.findall(text)}
    return frozenset(english - translated - ALLOWED)


def _reader_text(path: Path) -> str:
    text = path.read_text()
    if path.suffix == ".html":
        text = re.sub(r"<style.*?</style>|<[^>]+>", " ", text, flags=re.S)
    return text


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("*.[fe][rs].*")), ids=lambda p: p.name)
def test_a_translated_report_has_no_english_word(path: Path) -> None:
    lang = path.name.split(".")[-2]
    leaks = sorted({w for w in WORD.findall(_reader_text(path)) if w.lower() in english_only(lang)})
    assert not leaks, f"{path.name}: {leaks}"
