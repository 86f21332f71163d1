"""Order words in French and Spanish, read beside the English ones and shown
back in the player's language.

A game lists, for each kind of word its order lines use (the first word, a
resource, a direction ...), the English word and its French and Spanish
words (engine/<game>/localwords.py). The first word of a language is the one
shown; the others are read too. Words are read without case or accents
(``DÉPLACER``, ``Déplacer`` and ``DEPLACER`` are one word). An English word
always keeps its English meaning, and what a parser stores is English: the
translation is only on the way in (``Words.read``) and on the way out
(``Words.show``).
"""
from __future__ import annotations

import difflib
import unicodedata
from functools import lru_cache
from typing import Callable, Iterable

LANGUAGES = ("fr", "es")


def fold(word: str) -> str:
    """``word`` in capitals without accents: ``déplacer`` -> ``DEPLACER``, ``cabaña`` -> ``CABANA``."""
    if word.isascii():          # as NFKD leaves it: the common case, read word by word
        return word.upper()
    parts = unicodedata.normalize("NFKD", word)
    return "".join(c for c in parts if not unicodedata.combining(c)).upper()


class Words:
    """One kind of word: English -> {language: (shown word, other words read as it, ...)}."""

    def __init__(self, table: dict[str, dict[str, tuple[str, ...]]], english: Iterable[str] = ()) -> None:
        # ``english``: the English words of this kind that have no translation here
        # (they keep their meaning even where a French or Spanish word looks the same).
        self.table = table
        self.english = {fold(w): w for w in (*table, *english)}
        self._read: dict[str, str] = {}
        self._show: dict[tuple[str, str], str] = {}
        self._folded: dict[str, str] | None = None
        for en, languages in table.items():
            for lang, words in languages.items():
                if lang not in LANGUAGES or not words:
                    raise ValueError(f"{en}: {lang!r} is no language of the order words, or lists none")
                self._show[(lang, fold(en))] = words[0]
                for word in words:
                    known = self._read.setdefault(fold(word), en)
                    if known != en:
                        raise ValueError(f"{word!r} would mean both {known} and {en}")

    def read(self, word: str) -> str:
        """The English word ``word`` stands for (an English word, or a word of no table, as it is)."""
        key = fold(word)
        if key in self.english:
            return word
        return self._read.get(key, word)

    def show(self, word: str, lang: str) -> str:
        """The English ``word`` in ``lang`` (in capitals when ``word`` is), or ``word`` itself."""
        shown = self._show.get((lang, fold(word)))
        if shown is None:
            return word
        return shown.upper() if word.isupper() else shown

    def spellings(self, lang: str | None = None) -> list[str]:
        """Every French and Spanish word read (of ``lang`` only when given), as written in the table."""
        return [w for langs in self.table.values() for la, words in langs.items()
                if lang in (None, la) for w in words]

    def folded(self) -> dict[str, str]:
        """Every French and Spanish word read, without case or accents -> as the table writes it."""
        if self._folded is None:
            self._folded = {fold(w): w for w in self.spellings()}
        return self._folded

    def clashes(self) -> list[str]:
        """French and Spanish words that look like an English word of this kind with another meaning."""
        return [f"{w} ({en}) is also English {self.english[fold(w)]}"
                for en, langs in self.table.items() for words in langs.values() for w in words
                if fold(w) in self.english and fold(self.english[fold(w)]) != fold(en)]


LOCAL_CUTOFF = 0.75     # a typo of the word ("PONR", "ACHETR"), not prose ("On" is not PONER)


def nearest(word: str, english: Iterable[str], words: Words, cutoff: float = 0.5) -> str:
    """The word nearest to a misspelt ``word``: the English one a parser always
    suggested, unless a French or Spanish word is nearer and close enough to be
    a typo of it (then that one, as the table writes it, in capitals), or ''."""
    english = list(english)
    key = fold(word)
    found = difflib.get_close_matches(key, english, n=1, cutoff=cutoff)
    best = found[0] if found else ""
    score = difflib.SequenceMatcher(None, key, best).ratio() if best else cutoff
    local = words.folded()
    near = difflib.get_close_matches(key, list(local), n=1, cutoff=max(cutoff, LOCAL_CUTOFF))
    if near and difflib.SequenceMatcher(None, key, near[0]).ratio() > score:
        return local[near[0]].upper()
    return best


Walk = Callable[..., list[str]]


def readers(walk: Walk) -> tuple[Callable[[list[str]], list[str]], Callable[[str, str], str]]:
    """A game's ``canonical(words)`` (a line's words with every French or Spanish
    order word in English) and ``localised(line, lang)`` (a stored English line
    in ``lang``), from its ``walk(words, convert, reading)`` over a line's words,
    which calls ``convert(kind, word)`` where a word of that kind may stand."""
    @lru_cache(maxsize=4096)
    def read_line(words: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(walk(list(words), lambda kind, w: kind.read(w), reading=True))

    def canonical(words: list[str]) -> list[str]:
        return list(read_line(tuple(words)))      # the same lines come sheet after sheet

    def localised(line: str, lang: str) -> str:
        return " ".join(walk(line.split(), lambda kind, w: kind.show(w, lang), reading=False))
    return canonical, localised
