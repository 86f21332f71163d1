"""The 40 fate cards: our own design, exact wording, and when each acts.

A card is played on an order sheet with ``PLAY <card> [arguments]``. The
parser checks what it can at once (that you hold the card, that its
arguments make sense in the position you were shown); the card then acts in
the phase its text names. A card that cannot act when its time comes goes
back to your hand and the report says why. Cards that wait for something
(the next event, the next births, the season) lie face up until then.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine import hexgrid


@dataclass(frozen=True)
class FateCard:
    id: str
    name: str
    copies: int
    args: str          # the arguments, as the order language writes them
    when: str          # now | movement | combat | births | planting | next event | season
    text: str
    fire_rules: bool = False

    @property
    def nargs(self) -> int:
        """How many words the arguments are (the moving cards take tokens and a path)."""
        return self.args.count("<")


CARDS = (
    FateCard("spear", "Spear Throwers", 4, "<space>", "combat",
             "This turn your tribe gets +2 in every round against animals on the space you name."),
    FateCard("war_paint", "War Paint", 4, "<space>", "combat",
             "This turn your warriors get +2 in every round against another tribe on the space you name."),
    FateCard("second_wind", "Second Wind", 3, "<space>", "combat",
             "This turn, the first round your tribe loses on the space you name is rolled again by all sides."),
    FateCard("tracker", "Master Tracker", 3, "", "combat",
             "This turn every animal your tribe kills gives 1 food more."),
    FateCard("forced_march", "Forced March", 3, "<tokens> <path of up to 3 steps>", "movement",
             "In your movement, where this line stands among your moves: the tokens you name move up to "
             "three spaces, with every other rule of movement."),
    FateCard("raft", "Raft", 2, "<tokens> <path>", "movement",
             "In your movement, where this line stands among your moves: the tokens you name move one or "
             "two spaces and may cross rivers on the way."),
    FateCard("scouts", "Scouts", 2, "", "movement",
             "This turn your moving tokens do not stop on entering a space with animals (they still stop "
             "on enemies, and still cannot leave animals they do not outnumber)."),
    FateCard("lure", "Lure", 2, "<space> <direction N|NE|SE|S|SW|NW>", "movement",
             "At the start of movement the animals on the space you name each move one space in the "
             "direction you name, if they may enter it; those that may not stay."),
    FateCard("palisade", "Palisade", 2, "<space>", "season",
             "Put a fence on your camp on the space you name: until the end of the season your tribe gets "
             "+2 in every round of combat there. There are two fences; a card finding none in the "
             "supply goes back to your hand."),
    FateCard("stored_meat", "Stored Meat", 4, "", "now",
             "When the turn is resolved, before movement, your tribe gains 3 food."),
    FateCard("stranger_warrior", "A Stranger Warrior", 1, "<space>", "now",
             "Before movement a warrior joins your tokens on the space you name (if you have a warrior "
             "token left)."),
    FateCard("stranger_female", "A Stranger Woman", 1, "<space>", "now",
             "Before movement a female joins your tokens on the space you name (if you have a female "
             "token left)."),
    FateCard("fertility", "Fertility Rite", 3, "<space>", "births",
             "At the next births, your camp on the space you name has one birth more."),
    FateCard("early_seed", "Early Seed", 2, "<space>", "planting",
             "This turn, whatever the season, plant a crop on your plains village on the space you name "
             "in the planting phase, for 1 food."),
    FateCard("sacred_grove", "Sacred Grove", 2, "", "next event",
             "The next event card harms none of your tokens, camps, crops or food."),
    FateCard("fire_maker", "Fire Maker", 2, "", "now",
             "Fire rules: before movement your tribe takes fire, if it has a camp to keep it in.",
             fire_rules=True),
)
FATE = {card.id: card for card in CARDS}
DIRECTIONS = {name: i for i, name in enumerate(hexgrid.DIRECTIONS)}


def fate_deck() -> list[str]:
    return sorted(card.id for card in CARDS for _ in range(card.copies))
