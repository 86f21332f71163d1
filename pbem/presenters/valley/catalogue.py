"""Valley's data texts for the translators (pbem.locale.catalogues): the names, texts and
arguments of the fate and event cards, which are data (engine/valley/fatecards.py and
eventcards.py) the reports translate, each with the line its card begins on."""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent.parent


def texts() -> list[tuple[str, tuple[str, int]]]:
    from engine.valley.eventcards import CARDS as EVENT_CARDS
    from engine.valley.fatecards import CARDS as FATE_CARDS
    out = []
    for path, cards in (("engine/valley/fatecards.py", FATE_CARDS), ("engine/valley/eventcards.py", EVENT_CARDS)):
        lines = (ROOT / path).read_text().splitlines()
        for card in cards:
            line = next((n for n, text in enumerate(lines, 1) if f'("{card.id}", ' in text), 1)
            out += [(text, (path, line)) for text in (card.name, card.text, getattr(card, "args", "")) if text]
    return out
