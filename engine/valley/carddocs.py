"""The card texts as players read them: docs/cards-valley.md, the reports and
the HELP answer all use these words."""
from __future__ import annotations

from engine.valley.eventcards import CARDS as EVENT_CARDS
from engine.valley.fatecards import CARDS as FATE_CARDS, FATE


def fate_line(card_id: str) -> str:
    card = FATE.get(card_id)
    if card is None:
        return card_id
    usage = f"PLAY {card.id} {card.args}".strip()
    return f"{card.name} ({usage}; acts: {card.when}): {card.text}"


def markdown() -> str:
    out = ["# Valley of the Mammoths: the cards", "",
           "Our own cards, designed for play by mail: every card says exactly when it acts and what it",
           "needs. This file is generated from `engine/valley/eventcards.py` and",
           "`engine/valley/fatecards.py` (`python -m engine.valley.carddocs > docs/cards-valley.md`);",
           "a test keeps it equal to them.", "",
           "## Fate cards (40)", "",
           "Play a card on your order sheet with `PLAY <card> <arguments>`. The answer to your mail",
           "refuses a card you do not hold or whose arguments cannot be right. A card that cannot act",
           "when its time comes goes back to your hand, and the report says why.", "",
           "| card | copies | order | acts | text |", "|---|---|---|---|---|"]
    for c in FATE_CARDS:
        usage = f"`PLAY {c.id} {c.args}`".replace("|", "\\|").replace("  ", " ").replace(" `", "`")
        out.append(f"| {c.name} | {c.copies} | {usage} | {c.when} | {c.text} |")
    for season in ("summer", "winter"):
        out += ["", f"## {season.capitalize()} events (15)", "",
                "| card | copies | lasts | text |", "|---|---|---|---|"]
        for c in EVENT_CARDS:
            if c.season == season:
                lasts = {"": "-", "turn": "this turn", "season": "to the end of the season"}[c.lasting]
                out.append(f"| {c.name} | {c.copies} | {lasts} | {c.text} |")
    out += ["", "Region dice: a die of 1-6 picks the region with that number of the terrain named.",
            "Lines that begin with \"Fire rules:\" apply only in games with the fire rules."]
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    print(markdown(), end="")
