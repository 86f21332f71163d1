"""The order docs in French and Spanish (docs/orders-<game>.<lang>.md) follow the English ones.

The English document is the reference; a translation keeps its sections, its
code blocks' order lines exactly (the parser reads them; their # comments are
translated), and every word in
backticks (order words, locations, case names), so nothing a player types
differs from one language to the other (quoted answers may be translated).
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).parent.parent / "docs"
GAMES = ("valley", "dewan", "stoneage")
LANGS = ("fr", "es")
_TICKED = re.compile(r"`([^`\n]+(?:\n[^`\n]+)?)`")      # a span may wrap onto one more line


def _typed(prose: str) -> set[str]:
    """What a player types, in backticks: single words, and lines that start with an order
    keyword (a quoted answer, "did you mean ...?", may be translated). A span may wrap."""
    spans = {" ".join(t.split()) for t in _TICKED.findall(prose)}
    return {t for t in spans if " " not in t or t.split()[0].isupper()}


def _parts(text: str) -> tuple[list[str], list[str], str]:
    """(heading levels, fenced code blocks, the prose outside them)."""
    levels, blocks, prose, block, fenced = [], [], [], [], False
    for line in text.splitlines():
        if line.startswith("```"):
            if fenced:                  # the order lines, without their comments (which may be translated)
                blocks.append("\n".join(b.split("#", 1)[0].rstrip() for b in block))
                block = []
            fenced = not fenced
        elif fenced:
            block.append(line)
        else:
            prose.append(line)
            if line.startswith("#"):
                levels.append(line.split()[0])
    return levels, blocks, "\n".join(prose)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_the_translation_follows_the_english_document(game: str, lang: str) -> None:
    english = (DOCS / f"orders-{game}.md").read_text(encoding="utf-8")
    path = DOCS / f"orders-{game}.{lang}.md"
    translated = path.read_text(encoding="utf-8")
    assert f"orders-{game}.md" in translated.split("\n\n", 2)[1], "it names the English reference at the top"
    levels, blocks, prose = _parts(english)
    their_levels, their_blocks, their_prose = _parts(translated)
    assert their_levels == levels, f"{path.name}: the sections differ from the English document's"
    assert their_blocks == blocks, f"{path.name}: a code block differs (order lines are never translated)"
    missing = sorted(_typed(prose) - {" ".join(t.split()) for t in _TICKED.findall(their_prose)})
    assert not missing, f"{path.name} lacks these words in backticks: {missing[:10]}"
