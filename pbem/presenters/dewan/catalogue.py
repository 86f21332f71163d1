"""Dewan's data texts for the translators (pbem.locale.catalogues): the names of its story
tiles (engine/dewan/data/stories.json), which its events name, each with its line."""
from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent.parent


def texts() -> list[tuple[str, tuple[str, int]]]:
    path = "engine/dewan/data/stories.json"
    lines = (ROOT / path).read_text().splitlines()
    out = []
    for story in json.loads((ROOT / path).read_text())["stories"]:
        line = next((n for n, text in enumerate(lines, 1) if f'"id": "{story["id"]}"' in text), 1)
        out.append((story["name"], (path, line)))
    return out
