"""The round just played, as Stone Age's reports draw it once everyone has gone home: the
engine keeps who stood where and what each location gave (engine.stoneage.played), and the
report shows that and the next round's offer instead of an empty village."""
from __future__ import annotations

import random

import pytest

from engine.dice import SeededDice
from engine.stoneage import RULESET
from engine.stoneage.casestate import build_state
from engine.stoneage.simulate import BOTS
from engine.stoneage.state import State
from pbem.presenters.stoneage.report import report


def _round_one() -> State:
    """Red buys the jewel slot's card and the deck's top card face down (G01), gets a person
    at the hut, a tool and wood; blue hunts."""
    st = build_state({"players": ["red", "blue"], "jewel_card": "G07", "civ_deck": ["G01", "G02", "G03", "G04", "G05"],
                      "options": {"merchant": True}, "red": {"jewels": 6}})
    sheets = {"red": RULESET.parse_orders(st, "red", "PLACE 1 jewelcard\nPLACE 2 hut\nPLACE 1 toolmaker\n"
                                                       "PLACE 1 forest\nBUY jewelcard TOP"),
              "blue": RULESET.parse_orders(st, "blue", "PLACE 5 hunt")}
    return RULESET.resolve(st, sheets, SeededDice("played")).state


def test_the_engine_keeps_who_stood_where_and_what_each_location_gave() -> None:
    st = _round_one()
    played = st.played
    assert played is not None and played.round == 1 and st.round == 2
    assert played.people == {"jewelcard": {"red": 1}, "hut": {"red": 2}, "toolmaker": {"red": 1},
                             "forest": {"red": 1}, "hunt": {"blue": 5}}
    gave = {loc: {seat: o.to_dict() for seat, o in on.items()} for loc, on in played.gave.items()}
    wood, food = st.board("red").wood, st.board("blue").food + 5       # blue fed its 5 people since
    assert gave == {"jewelcard": {"red": {"got": {"food": 7}, "paid": {"jewels": 6}, "bought": ["G07"], "unseen": 1}},
                    "hut": {"red": {"got": {"people": 1}}}, "toolmaker": {"red": {"got": {"tools": 1}}},
                    "forest": {"red": {"got": {"wood": wood}}}, "hunt": {"blue": {"got": {"food": food}}}}
    assert State.from_json(st.to_json()).to_json() == st.to_json()
    assert st.copy().to_json() == st.to_json()


@pytest.mark.parametrize("seat", ["blue", None])
def test_a_card_taken_face_down_is_counted_never_named_to_the_others(seat: str | None) -> None:
    st = _round_one()
    assert st.board("red").face_down == ["G01"]
    out = report(game="s", turn_no=1, seat=seat, view=RULESET.view(st, seat), events=[], deadline="", address="a@b")
    assert "G01" not in out.text and "G01" not in out.html
    assert "red 1: G07, 1 card face down, 7 food (paid 6 jewels)" in " ".join(out.text.split())
    assert "red 1: G07, 1 card face down, 7 food (paid 6 jewels)" in out.html


def test_the_report_after_a_round_shows_it_and_the_next_offer_not_an_empty_village() -> None:
    st = _round_one()
    out = report(game="s", turn_no=1, seat="red", view=RULESET.view(st, "red"), events=[], deadline="", address="a@b")
    assert "Round 1 as played (who stood where, and what it gave):" in out.text
    lines = out.text.splitlines()
    at = lines.index("Round 1 as played (who stood where, and what it gave):")
    food = st.board("blue").food + 5
    assert lines[at + 1] == f"  hunting grounds    blue 5: {food} food"
    assert [line.split()[0] for line in lines[at + 1:at + 6]] == ["hunting", "forest", "tool", "hut", "jewel"]
    assert "The village (who stands where)" not in out.text
    svg = out.html[out.html.index("<svg"):out.html.index("</svg>")]
    assert "Round 1 as played" in svg and "On offer in round 2" in svg
    assert svg.count('fill="#efe6cf"') == 5                         # a box a location that had people
    assert "card1, cost 1" in svg and "building1, " in svg
    assert "<li>hut: red 2: 1 new person</li>" in out.html


def test_the_first_round_shows_the_offer_and_no_empty_village() -> None:
    st = RULESET.new_game(["red", "blue", "green"], {}, 4)
    out = report(game="s", turn_no=0, seat="red", view=RULESET.view(st, "red"), events=[], deadline="", address="a@b")
    assert "The village (who stands where)" not in out.text and " as played" not in out.text
    svg = out.html[out.html.index("<svg"):out.html.index("</svg>")]
    assert "On offer in round 1" in svg and 'fill="#efe6cf"' not in svg


@pytest.mark.parametrize("seed, players", [(11, 4), (12, 3)])
def test_every_round_of_a_bot_game_keeps_a_record_that_agrees_with_the_boards(seed: int, players: int) -> None:
    """Every person placed is in the record once, every card or building bought is the buyer's,
    and no card taken face down is named."""
    rng = random.Random(seed)
    st = RULESET.new_game(["red", "blue", "green", "yellow"][:players], {"merchant": True}, seed)
    for step in range(8):
        placing = {seat: st.board(seat).free for seat in st.players}
        sheets = {seat: RULESET.parse_orders(st, seat, "\n".join(BOTS["heuristic"](st, seat, rng).normal))
                  for seat in sorted(RULESET.awaiting(st))}
        st = RULESET.resolve(st, sheets, SeededDice(f"{seed}:{step}")).state
        if st.winners is not None:
            break
        played = st.played
        assert played is not None and played.round == st.round - 1
        for seat in st.players:
            assert sum(on.get(seat, 0) for on in played.people.values()) == placing[seat]
            board = st.board(seat)
            for loc, on in played.gave.items():
                if seat in on:
                    assert loc in played.people and seat in played.people[loc]
                    for item in on[seat].bought:
                        assert item == "igloo" or item in board.cards + board.buildings
                        assert item not in board.face_down
