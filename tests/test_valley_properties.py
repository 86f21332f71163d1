"""Properties over many random positions: JSON round trips, determinism, purity,
and a parser that never raises."""
from __future__ import annotations

import random

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from engine import SeededDice
from engine.localwords import fold
from engine.valley import localwords
from engine.valley.bots import random_orders
from engine.valley.parser import KEYWORDS
from engine.valley.state import State, Tokens
from valley_games import RULESET, play

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(seed=st.integers(0, 10_000), turns=st.integers(0, 12), players=st.integers(2, 6),
       fire=st.booleans())
def test_state_survives_json_round_trip(seed: int, turns: int, players: int, fire: bool) -> None:
    state = play(seed, turns, players, fire)
    text = state.to_json()
    again = State.from_json(text)
    assert again == state
    assert again.to_json() == text


@SETTINGS
@given(seed=st.integers(0, 10_000), turns=st.integers(0, 12), players=st.integers(2, 6), fire=st.booleans(),
       marks=st.lists(st.tuples(st.integers(0, 200), st.integers(0, 5)), max_size=6))
def test_a_copy_is_the_json_round_trip(seed: int, turns: int, players: int, fire: bool,
                                       marks: list[tuple[int, int]]) -> None:
    """State.copy makes directly what from_dict(to_dict()) makes, to the order of every dict and
    list (resolve runs on the copy, so an order is a rule's order), also from a state in the
    middle of a phase: a tribe of no tokens left, a species with no letters, '' for no crop."""
    state = play(seed, turns, players, fire)
    names = sorted(state.board.hexes)
    for at, kind in marks:
        space = state.space(names[at % len(names)])
        if kind == 0:
            space.tribes[state.players[at % len(state.players)]] = Tokens(0, 0)
        elif kind == 1:
            space.animals.setdefault("bear", [])
        elif kind == 2:
            space.animals.setdefault("deer", []).extend(["b", "a"])
        elif kind == 3:
            space.tribes = dict(reversed(list(space.tribes.items())))
        elif kind == 4:
            space.crop = ""
        else:
            state.bag.reverse()
            state.options = dict(reversed(list(state.options.items())))
    assert repr(state.copy()) == repr(State.from_dict(state.to_dict()))


@SETTINGS
@given(seed=st.integers(0, 10_000), turns=st.integers(0, 10), fire=st.booleans())
def test_resolving_twice_gives_identical_json(seed: int, turns: int, fire: bool) -> None:
    state = play(seed, turns, 4, fire)
    assume(state.stage != "over")
    before = state.to_json()
    rng = random.Random(seed)
    sheets = {p: random_orders(state, p, rng) for p in state.players}
    first = RULESET.resolve(state, sheets, SeededDice(seed))
    second = RULESET.resolve(state, sheets, SeededDice(seed))
    assert first.state.to_json() == second.state.to_json()
    assert first.events == second.events
    assert state.to_json() == before, "resolve changed the state it was given"


@SETTINGS
@given(seed=st.integers(0, 10_000), turns=st.integers(0, 10))
def test_token_and_camp_limits_hold(seed: int, turns: int) -> None:
    state = play(seed, turns, 4, seed % 2 == 0)
    for p in state.players:
        totals = state.totals(p)
        assert totals.w <= 10 and totals.f <= 6
        assert len(state.camps(p)) <= 5
        assert state.tribes[p].food >= 0
    for name, sp in state.spaces.items():
        if sp.camp:
            assert sp.tribes.get(sp.camp) and sp.tribes[sp.camp].f > 0, f"{name}: camp without female"
        assert len(sp.tribes) <= 1 or state.stage == "orders"


@settings(max_examples=300, deadline=None)
@given(text=st.text())
def test_parser_never_raises_on_any_text(text: str) -> None:
    state = play(3, 4)
    for player in state.players:
        sheet = RULESET.parse_orders(state, player, text)
        assert all(p.line >= 0 for p in sheet.problems)


words = st.sampled_from(list(KEYWORDS) + ["2W", "1F", "W", "3w1f", "A1-B1", "C4-D4-D5", "Z9", "-",
                                          "WARRIORS", "burn", "occupy", "x", "C4", "10W", "0W"])


@settings(max_examples=300, deadline=None)
@given(lines=st.lists(st.lists(words, min_size=1, max_size=5), max_size=8),
       setup=st.booleans())
def test_parser_never_raises_on_order_like_text(lines: list[list[str]], setup: bool) -> None:
    state = play(5, 0 if setup else 3)
    text = "\n".join(" ".join(line) for line in lines)
    sheet = RULESET.parse_orders(state, state.players[0], text)
    assert len(sheet.orders) + len(sheet.problems) <= len(lines) + len(sheet.problems)


# -- the order words in French and Spanish (engine/valley/localwords.py) ------------
local_words = st.sampled_from([w for kind in localwords.ALL.values() for w in kind.spellings()]
                              + ["2G", "1M", "2g1f", "G", "H", "NO", "SO", "lure", "forced_march"])


@settings(max_examples=300, deadline=None)
@given(lines=st.lists(st.lists(st.one_of(words, local_words), min_size=1, max_size=5), max_size=8),
       setup=st.booleans())
def test_parser_never_raises_on_translated_order_words(lines: list[list[str]], setup: bool) -> None:
    state = play(5, 0 if setup else 3)
    text = "\n".join(" ".join(line) for line in lines)
    sheet = RULESET.parse_orders(state, state.players[0], text)
    assert all(0 < p.line <= len(lines) for p in sheet.problems)
    assert all(o.line for o in sheet.orders)


def _written(line: str, how: int) -> str:
    """A line as a player might type it: as shown, without accents, or in small letters."""
    return line if how == 0 else fold(line) if how == 1 else line.lower()


@SETTINGS
@given(seed=st.integers(0, 10_000), turns=st.integers(0, 10), lang=st.sampled_from(["fr", "es"]),
       how=st.integers(0, 2))
def test_a_translated_sheet_parses_to_the_same_orders_as_its_english(seed: int, turns: int, lang: str,
                                                                      how: int) -> None:
    state = play(seed, turns, 4, seed % 2 == 0)
    assume(state.stage != "over")
    rng = random.Random(seed)
    for player in state.players:
        english = random_orders(state, player, rng)
        if english.problems or not english.orders:
            continue
        translated = [localwords.localised(line, lang) for line in english.normal]
        again = RULESET.parse_orders(state, player, "\n".join(_written(x, how) for x in translated))
        assert again.problems == ()
        assert again.normal == english.normal
        assert [localwords.localised(x, "en") for x in english.normal] == english.normal
