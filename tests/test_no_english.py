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

from engine.valley.fatecards import FATE

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
WORD = re.compile(r"[^\W\d_][^\W\d_']+")
# Names, not words: the seats and games, the marker lines that let a report sent back be skipped,
# the English that the tests' fixed deadline keeps, the GM's commands, and the order language's
# card names (PLAY raft).
ALLOWED = {
    "red", "blue", "green", "white", "yellow", "pbem", "report", "end", "of", "valley",
    "mon", "may",
    "process",                      # the GM's PROCESS NOW, a command of the GM's (HELP's last lines)
} | {part for card in FATE for part in card.split("_")}     # Valley's cards in PLAY lines: raft, scouts


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


@pytest.mark.parametrize("lang", ["fr", "es"])
@pytest.mark.parametrize("game", ["valley", "stoneage", "dewan"])
def test_help_for_a_seat_in_play_has_no_english_word(game: str, lang: str) -> None:
    """HELP as a seat in the middle of a game reads it: the commands, then the game's own lines
    for its position (its orders, with examples on its board)."""
    from pbem import i18n
    from pbem.commands import help_text
    from pbem.presenters import get_presenter
    from test_map_contrast import played_view

    view = played_view(game, "red")
    with i18n.speaking(lang):
        text = help_text("pbem@example.org", get_presenter(game).help_lines(view))
    leaks = sorted({w for w in WORD.findall(text) if w.lower() in english_only(lang)})
    assert not leaks, (leaks, text)
