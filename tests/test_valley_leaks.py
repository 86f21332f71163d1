"""Nothing public tells what is in a private hand.

Forty seeded 4-seat bot games; after every turn, every public output (the
public report as text and HTML, the archive's turn page, the public events,
the orders as carried out, the public view) is searched for the id and the
name of each fate card in any hand. A card may be named publicly only when
the turn's public log played it (another copy may stay in the hand). In each
game one PLAY is refused on purpose (both fences are in use), so the card
stays in the hand and the refusal is told only to its seat.
"""
from __future__ import annotations

import json
import random
import re

import pytest

from engine import SeededDice, get_ruleset
from engine.contract import Event
from engine.valley.boards import BOARD_NAMES
from engine.valley.bots import random_orders
from engine.valley.fatecards import CARDS
from engine.valley.state import State
from pbem.site.public import carried_out, public
from pbem.presenters.valley.report import draw_maps, report as valley_report, visible, when
from pbem.reports.render import render

pytestmark = pytest.mark.long     # a whole game or a long run: scheduled first (tests/conftest.py)

RULESET = get_ruleset("valley")
SEATS = ["red", "blue", "green", "white"]
GAMES, TURNS, REFUSE_AT = 40, 12, 2

MENTION = {c.id: re.compile(rf"\b(?:{re.escape(c.id)}|{re.escape(c.name)})\b", re.I) for c in CARDS}
BY_NAME = {c.name: c.id for c in CARDS}
NAMES = "|".join(re.escape(c.name) for c in CARDS)
# The public lines that name a card because it was played: "red plays Spear Throwers (C4)",
# "red play Second Wind: ...", and armed cards acting: "red's Sacred Grove shelters ...".
PLAYED = re.compile(rf"\bplays? ({NAMES})\b|'s ({NAMES}) ")
# Public events that carry out a seat's order start with the seat's name and one of these.
ACTS = ("moves", "sets up a", "takes fire on", "plays", "plants a crop on", "settles on",
        "comes back with", "occupies the camp", "burns the camp", "lures the")


def played_publicly(events: list[Event]) -> set[str]:
    return {BY_NAME[a or b] for e in public(events) for a, b in PLAYED.findall(e.text)}


def named(text: str, cards: set[str]) -> set[str]:
    return {c for c in cards if MENTION[c].search(text)}


def public_outputs(state: State, events: list[Event]) -> str:
    view = RULESET.view(state, None)
    orders = carried_out(events, state.players)
    _subject, text, html = valley_report(game="leak", turn_no=1, seat=None, view=view, events=events,
                                         deadline="", address="pbem@example.org")
    page = render("archive/turn.html", game="leak", number=1, when=when(view), svg=draw_maps(view).svg,
                  groups=visible(events, None), orders=orders, press=[], previous=None, following=None)
    return "\n".join([text, html, page, json.dumps(view), json.dumps(orders),
                      json.dumps([e.to_dict() for e in public(events)])])


def refuse_a_palisade(st: State, sheets: dict, seed: int) -> tuple[str, str] | None:
    """A PLAY the parser takes but the turn refuses: a seat with a camp holds a
    Palisade while both fences stand on another seat's camps."""
    campers = [p for p in st.players if st.camps(p) and p in sheets]
    if len(campers) < 2:
        return None
    me, other = campers[seed % len(campers)], campers[(seed + 1) % len(campers)]
    camp = st.camps(me)[0]
    st.tribes[other].armed += [["palisade", c] for c in (st.camps(other) * 2)[:2]]
    st.tribes[me].hand.append("palisade")
    sheet = RULESET.parse_orders(st, me, "\n".join(sheets[me].normal + [f"PLAY palisade {camp}"]))
    assert sheet.ok, sheet.problems
    sheets[me] = sheet
    return me, f"PLAY palisade {camp}"


def test_no_public_output_names_a_card_in_a_hand() -> None:
    checked = seen_own = plays = refused = tagged = 0
    for seed in range(GAMES):
        rng = random.Random(seed)
        bots = [RULESET.bot_orders, random_orders] * 2        # the heuristic bot plays cards
        bots = bots[seed % 2:] + bots[:seed % 2]
        st = RULESET.new_game(SEATS, {"board": BOARD_NAMES[seed % 4], "fire": seed % 3 == 0}, seed)
        for n in range(TURNS):
            if st.stage == "over":
                break
            sheets = {p: bot(st, p, rng) for p, bot in zip(SEATS, bots) if p in st.players}
            trick = refuse_a_palisade(st, sheets, seed) if n == REFUSE_AT else None
            result = RULESET.resolve(st, sheets, SeededDice(f"{seed}:{n}"))
            st, events = result.state, list(result.events)
            for e in events:
                assert e.by is None or (e.to is None and e.by in st.players), e
                if e.to is None and e.text.startswith(tuple(f"{p} {act}" for p in st.players for act in ACTS)):
                    assert e.by == e.text.split()[0], f"{e.text!r} is not tagged with its seat"
                tagged += e.by is not None
            if trick is not None:
                me, line = trick
                assert "palisade" in st.tribes[me].hand, "the refused card stays in the hand"
                told = [e for e in events if e.text.startswith(f"{line} could not take effect")]
                assert told and all(e.to == me for e in told)
                refused += 1
            shown = public_outputs(st, events)
            allowed = played_publicly(events)
            plays += len(allowed)
            for p in st.players:
                hand = set(st.tribes[p].hand)
                checked += len(hand)
                leaked = named(shown, hand - allowed)
                assert not leaked, f"game {seed} turn {n}: public output names {p}'s {sorted(leaked)}"
            # The same search finds the cards where they may be read: the seat's own report.
            owner = next((p for p in st.players[n % 4:] + st.players[:n % 4] if st.tribes[p].hand), None)
            if owner is not None:
                _s, own, own_html = valley_report(game="leak", turn_no=1, seat=owner,
                                                  view=RULESET.view(st, owner), events=events,
                                                  deadline="", address="pbem@example.org")
                hand = set(st.tribes[owner].hand)
                assert named(own, hand) == hand and named(own_html, hand) == hand
                seen_own += 1
    assert checked > 1000 and seen_own > 200, (checked, seen_own)
    assert plays > 50 and tagged > 1000, (plays, tagged)
    assert refused >= GAMES // 2, refused


def test_events_without_by_are_read_as_before() -> None:
    old = [{"phase": "tribes", "text": "red moves 2W C4-D4", "to": None},
           {"phase": "tribes", "text": "MOVE 1W A1-A2 was not carried out: no", "to": "red"}]
    assert carried_out(old) == {} and carried_out(old, ["red"]) == {"red": []}
    assert visible(old, None) == [("4. Movement of tribes", ["red moves 2W C4-D4"])]
    assert Event("tribes", "red moves 2W C4-D4").to_dict() == old[0]
    new = Event("tribes", "red moves 2W C4-D4", by="red")
    assert new.to_dict() == {**old[0], "by": "red"}
    assert carried_out([new, Event("tribes", "secret", "red", "red")]) == {"red": ["red moves 2W C4-D4"]}
