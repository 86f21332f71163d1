"""The engine contract as the mail layer uses it."""
import json
import random

import pytest

from engine import SeededDice, get_ruleset
from engine.contract import EndReason, Event, Outcome, Resolution, Ruleset
from engine.valley.state import State
from valley_games import play

VALLEY = get_ruleset("valley")


def test_valley_implements_the_contract() -> None:
    """Every method of engine.contract.Ruleset, called as the mail layer calls it."""
    assert isinstance(VALLEY, Ruleset)
    assert (VALLEY.name, VALLEY.min_players, VALLEY.max_players) == ("valley", 2, 6)
    assert VALLEY.title and {"PLACE", "MOVE", "LOSSES"} <= set(VALLEY.order_words)
    # check_options: every option with its default; a bad option refused
    options = VALLEY.check_options({})
    assert options == {o.name: o.default for o in VALLEY.options}
    assert VALLEY.check_options({"fire": "yes"})["fire"] is True
    with pytest.raises(ValueError, match="no option 'speed'"):
        VALLEY.check_options({"speed": "1"})
    # new_game: the seats, waiting for their PLACE lines
    state = VALLEY.new_game(["red", "blue"], options, "contract")
    assert VALLEY.view(state, None)["players"] == ["red", "blue"] and VALLEY.view(state, None)["stage"] == "setup"
    # parse_orders: good text in normal form; bad text with each refused line and why
    good = VALLEY.parse_orders(state, "red", "place c3 b2")
    assert (good.player, good.ok, good.normal) == ("red", True, ["PLACE C3 B2"])
    bad = VALLEY.parse_orders(state, "red", "PLACE K9\nMOVE 1W C3-C4\nPLACE B2")
    assert not bad.ok and [p.line for p in bad.problems] == [1, 2]
    assert "no space K9" in bad.problems[0].message and "not an order of the setup" in bad.problems[1].message
    assert VALLEY.parse_orders(state, "red", "\x00 ,,, \u00b2") is not None, "never raises"
    # default_orders: the seat holds; bot_orders: legal orders, the same from the same generator
    held = VALLEY.default_orders(state, "blue")
    assert (held.player, held.ok, held.normal) == ("blue", True, [])
    bot = VALLEY.bot_orders(state, "blue", random.Random(3))
    assert bot.ok and any(line.startswith("PLACE ") for line in bot.normal)
    assert bot.normal == VALLEY.bot_orders(state, "blue", random.Random(3)).normal
    assert VALLEY.parse_orders(state, "blue", "\n".join(bot.normal)).normal == bot.normal
    # resolve with SeededDice: the given state unchanged; the same seed, the same turn
    before = VALLEY.to_json(state)
    result = VALLEY.resolve(state, {"red": good, "blue": bot}, SeededDice("contract"))
    assert isinstance(result, Resolution) and result.events and all(isinstance(e, Event) for e in result.events)
    assert VALLEY.to_json(state) == before, "resolve never changes the state it is given"
    again = VALLEY.resolve(state, {"red": good, "blue": bot}, SeededDice("contract"))
    assert VALLEY.to_json(again.state) == VALLEY.to_json(result.state) and again.events == result.events
    after = result.state
    # simultaneous, prompt, pre_orders, round_of: every tribe orders together, once a turn
    assert VALLEY.simultaneous(state) and VALLEY.simultaneous(after)
    assert VALLEY.prompt(state, "red") == "place your tribe"
    assert VALLEY.prompt(after, "red") == "your orders for turn 1"
    assert VALLEY.pre_orders(after, "red") == "", "Valley keeps no orders for a later decision"
    assert (VALLEY.round_of(state), VALLEY.round_of(after)) == (0, 1)
    # view: with a seat, its own hand and standing orders; without, nobody's
    mine, public = VALLEY.view(after, "red"), VALLEY.view(after, None)
    assert mine["stage"] == "orders" and mine["me"] == "red" and public["me"] is None
    assert mine["tribes"]["red"]["camps"] and mine["tribes"]["red"]["camps"][0] in ("C3", "B2")
    assert mine["tribes"]["red"]["hand"] is not None and mine["tribes"]["red"]["standing"] is not None
    assert mine["tribes"]["blue"]["hand"] is None and mine["tribes"]["blue"]["standing"] is None
    assert all(t["hand"] is None and t["standing"] is None for t in public["tribes"].values())
    # outcome: None while the game goes on, then the winners and why
    assert VALLEY.outcome(after) is None
    # to_json / from_json: a canonical round trip
    text = VALLEY.to_json(after)
    assert VALLEY.from_json(text) == after and VALLEY.to_json(VALLEY.from_json(text)) == text
    data = json.loads(text)
    assert (data["ruleset"], data["format"]) == ("valley", 1)
    assert text == json.dumps(data, sort_keys=True, separators=(",", ":")), "canonical: sorted keys, compact"
    won = VALLEY.from_json(text)
    won.winners, won.reason = ["blue"], "held 4 camps"
    assert VALLEY.outcome(won) == Outcome(("blue",), EndReason.WON, "held 4 camps")
    won.winners, won.reason = [], "only animals are left"
    assert VALLEY.outcome(won) == Outcome((), EndReason.NOBODY, "only animals are left")


def test_unknown_ruleset_names_the_known_ones() -> None:
    with pytest.raises(ValueError, match="known: valley"):
        get_ruleset("chess")


def test_new_game_deals_food_and_waits_for_placement() -> None:
    st = VALLEY.new_game(["red", "blue", "green"], {}, 1)
    assert st.stage == "setup" and st.game_turn == 0
    assert (st.year, st.season, st.turn) == (1, "summer", 2)
    assert all(t.food == 12 for t in st.tribes.values())
    assert st.first_player in st.players
    assert len(st.bag) == 54


def test_beginner_option_gives_fifteen_food() -> None:
    st = VALLEY.new_game(["red", "blue"], {"beginner": "yes"}, 1)
    assert {t.food for t in st.tribes.values()} == {15}


@pytest.mark.parametrize("options, message", [
    ({"speed": "1"}, "no option 'speed'"),
    ({"fire": "maybe"}, "takes yes or no"),
    ({"board": "Q1Q2"}, "is one of"),
])
def test_bad_options_are_refused(options: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        VALLEY.new_game(["red", "blue"], options, 1)


@pytest.mark.parametrize("seats, message", [
    (["red"], "2 to 6 players"),
    (["a", "b", "c", "d", "e", "f", "g"], "2 to 6 players"),
    (["red", "red"], "same name"),
    (["Red!", "blue"], "seat name"),
])
def test_bad_seats_are_refused(seats: list, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        VALLEY.new_game(seats, {}, 1)


def test_setup_turn_places_everyone_and_reaches_the_decision_point() -> None:
    st = VALLEY.new_game(["red", "blue", "green", "white"], {}, 9)
    sheets = {p: VALLEY.default_orders(st, p) for p in st.players}
    res = VALLEY.resolve(st, sheets, SeededDice(9))
    after = res.state
    assert after.stage == "orders" and after.game_turn == 1
    for p in after.players:
        assert after.totals(p).w == 5 and after.totals(p).f == 2
        assert len(after.camps(p)) == 1
    assert sum(sp.animal_count() for sp in after.spaces.values()) == 6
    phases = [e.phase for e in res.events]
    assert phases.index("setup") < phases.index("arrivals") < phases.index("animals")


def test_hand_is_private_to_its_owner() -> None:
    st = play(2, 3)
    st.tribes["red"].hand = ["secret-card"]
    mine = VALLEY.view(st, "red")
    theirs = VALLEY.view(st, "blue")
    public = VALLEY.view(st, None)
    assert mine["tribes"]["red"]["hand"] == ["secret-card"]
    assert theirs["tribes"]["red"]["hand"] is None
    assert public["tribes"]["red"]["hand"] is None
    assert theirs["tribes"]["red"]["cards"] == 1


def test_private_events_name_their_reader() -> None:
    st = play(4, 2)
    red = next(n for n, sp in st.spaces.items() if "red" in sp.tribes)
    sheet = VALLEY.parse_orders(st, "red", f"CAMP {red}\nCAMP {red}")
    res = VALLEY.resolve(st, {"red": sheet}, SeededDice(1))
    assert all(e.to in (None, "red") for e in res.events)


def test_outcome_reports_the_winner() -> None:
    st = play(1, 1)
    assert VALLEY.outcome(st) is None
    st.winners, st.reason = ["red"], "held 4 camps"
    assert VALLEY.outcome(st).winners == ("red",)


def test_resolving_a_finished_game_is_refused() -> None:
    st = play(1, 1)
    st.stage = "over"
    with pytest.raises(ValueError, match="game is over"):
        VALLEY.resolve(st, {}, SeededDice(1))


def test_json_names_ruleset_and_format() -> None:
    text = VALLEY.to_json(play(1, 2))
    assert '"ruleset":"valley"' in text and '"format":1' in text
    with pytest.raises(ValueError, match="format"):
        State.from_json(text.replace('"format":1', '"format":99'))


def test_killed_animals_go_back_in_the_bag() -> None:
    import tomllib

    from engine.dice import ScriptedDice
    from engine.valley.cases import build_state
    from engine.valley.combat import fight_all
    from engine.valley.context import Context

    st = build_state(tomllib.loads('''
[board]
map = """
    A   B
1   P1  P1
"""
[position]
players = ["red", "blue"]
[[position.space]]
at = "A1"
red = "3W"
'''))
    st.bag.remove("bison a")
    st.spaces["A1"].animals = {"bison": ["a"], "wolf": [""]}
    fight_all(Context(st, ScriptedDice({"combat A1": [6, 1, 6, 1]})))
    assert "bison a" in st.bag, "a lettered animal returns to the bag"
    assert len(st.bag) == 54, "a blank wolf never goes in the bag"
    assert st.tribes["red"].food == 5


def test_a_plant_that_is_not_carried_out_is_told_to_its_seat() -> None:
    """The parser refuses PLANT outside the last turn of winter; a PLANT that
    still reaches phase 8 in another turn is never dropped without a word."""
    import tomllib

    from engine.contract import OrderSheet
    from engine.dice import ScriptedDice
    from engine.valley.cases import build_state
    from engine.valley.context import Context
    from engine.valley.orders import Plant
    from engine.valley.planting import planting

    st = build_state(tomllib.loads('''
[board]
map = """
    A   B
1   P1  P1
"""
[position]
players = ["red", "blue"]
season = "winter"
turn = 3
lasting = ["long_winter"]
food = { red = 3 }
[[position.space]]
at = "A1"
red = "1W 1F"
camp = "red"
'''))
    ctx = Context(st, ScriptedDice(), {"red": OrderSheet("red", (Plant("A1", 1),), ())})
    planting(ctx)
    assert st.peek("A1").crop is None and st.tribes["red"].food == 3
    told = [e for e in ctx.log if "PLANT A1 was not carried out" in e.text]
    assert told and all(e.to == "red" for e in told), ctx.log
    assert "last turn of winter" in told[0].text
    st.turn = 4
    ctx.log.clear()
    planting(ctx)
    assert st.peek("A1").crop == "ok" and st.tribes["red"].food == 2


def test_awaiting_is_every_tribe_in_play_and_none_once_the_game_is_over() -> None:
    state = VALLEY.new_game(["red", "blue", "green"], {}, "await")
    assert list(VALLEY.players(state)) == ["red", "blue", "green"]
    assert VALLEY.awaiting(state) == {"red", "blue", "green"}
    state.tribes["blue"].out = True
    assert VALLEY.awaiting(state) == {"red", "green"}, "a tribe out of the game sends no orders"
    state.tribes["blue"].rising = True
    assert VALLEY.awaiting(state) == {"red", "blue", "green"}, "a tribe coming back chooses where"
    state.winners = ["red"]
    assert VALLEY.awaiting(state) == frozenset()
