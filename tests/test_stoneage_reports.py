"""Stone Age reports (pbem.presenters.stoneage): 72 columns, the markers,
privacy (plans, face-down cards), escaping, the SVG village, and the other
members of the presenter."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine import SeededDice
from engine.contract import Event
from engine.stoneage import RULESET
from engine.stoneage.orders import Place
from pbem.presenters import get_presenter

SEATS = ["red", "blue", "green"]
HIDDEN = "S03"        # a card given to red face down


def _mid_game():  # type: ignore[no-untyped-def]
    """Two whole rounds by bots, then a round stopped in its placement: every
    seat has kept orders, red (the seat asked) has a face-down card."""
    state = RULESET.new_game(SEATS, {"placement": "live"}, 5)
    for step in range(2):
        sheets = {p: RULESET.bot_orders(state, p, random.Random(f"{p}{step}")) for p in SEATS}
        state = RULESET.resolve(state, sheets, SeededDice(step)).state
    sheets = {p: RULESET.bot_orders(state, p, random.Random(f"{p}late")) for p in SEATS}
    asked = next(iter(RULESET.awaiting(state)))
    first = next(o for o in sheets[asked].orders if isinstance(o, Place))
    sheets[asked] = replace(sheets[asked], orders=(first,) + tuple(o for o in sheets[asked].orders
                                                                   if not isinstance(o, Place)))
    result = RULESET.resolve(state, sheets, SeededDice(9))
    state = result.state
    assert HIDDEN not in {c for b in state.boards.values() for c in b.cards} | set(state.civ_slots)
    state.boards["red"].cards.append(HIDDEN)
    state.boards["red"].face_down.append(HIDDEN)
    events = list(result.events) + [Event("actions", "red & blue <share> the hunt.")]
    return state, events


@pytest.fixture(scope="module")
def game():  # type: ignore[no-untyped-def]
    return _mid_game()


def _report(game, seat):  # type: ignore[no-untyped-def]
    state, events = game
    return get_presenter("stoneage").report(
        game="sa-3", turn_no=state.step, seat=seat, view=RULESET.view(state, seat), events=events,
        deadline="2026-12-02 18:00 UTC", address="pbem@example.org", missed={"blue": 1})


@pytest.mark.parametrize("seat", SEATS + [None])
def test_text_fits_72_columns_between_the_markers(game, seat) -> None:  # type: ignore[no-untyped-def]
    text = _report(game, seat).text
    lines = text.splitlines()
    assert lines[0].startswith("=== pbem report sa-3 step ")
    assert "=== end of report ===" in lines
    assert all(len(line) <= 72 for line in lines), [line for line in lines if len(line) > 72]
    for word in ("The village", "Civilization cards:", "card4 (cost 4)", "building3", "Players:",
                 "What happened:", "1. Placement"):
        assert word in text


def test_the_state_is_mid_game_with_a_plan_for_every_seat(game) -> None:  # type: ignore[no-untyped-def]
    state, _events = game
    assert state.stage.value == "placement" and any(b.placed for b in state.boards.values())
    for seat in SEATS:
        assert RULESET.view(state, seat)["plan"] is not None or seat in RULESET.awaiting(state)


def _plan_text(state, seat):  # type: ignore[no-untyped-def]
    lines = RULESET.view(state, seat)["plan"] or []
    return [line for line in lines if line.startswith(("PLACE", "PICK", "FEED"))]


@pytest.mark.parametrize("reader", SEATS + [None])
def test_no_other_seat_s_plan_nor_face_down_card(game, reader) -> None:  # type: ignore[no-untyped-def]
    state, _events = game
    rep = _report(game, reader)
    for other in SEATS:
        if other == reader:
            continue
        plan = RULESET.view(state, other)["plan"] or []
        kept = "; ".join(plan)
        if kept:
            assert kept not in rep.text and kept not in rep.html
        for line in plan:
            if line.startswith(("PICK", "FEED")) and line not in (RULESET.view(state, reader)["plan"] or []):
                assert line not in rep.text, (other, line)
    if reader != "red":
        assert HIDDEN not in rep.text and HIDDEN not in rep.html
        assert "1 face down" in rep.text


def test_the_owner_sees_its_plan_its_card_and_its_prompt(game) -> None:  # type: ignore[no-untyped-def]
    state, _events = game
    rep = _report(game, "red")
    assert HIDDEN in rep.text and "face down: S03" in rep.text
    for seat in SEATS:
        view = RULESET.view(state, seat)
        text = _report(game, seat).text
        for line in view["plan"] or []:
            assert f"\n  {line}\n" in text.split("Your kept orders (only you see them):")[1]
        if view["prompt"]:
            assert "YOUR MOVE:" in text and view["prompt"].split()[0] in text
    assert "YOUR MOVE" not in _report(game, None).text


def test_html_is_escaped_and_holds_the_village(game) -> None:  # type: ignore[no-untyped-def]
    for seat in ("red", None):
        html = _report(game, seat).html
        assert "red &amp; blue &lt;share&gt; the hunt." in html
        assert "red & blue" not in html and "<share>" not in html
        assert "<svg" in html and "</svg>" in html and "http://www.w3.org/2000/svg" in html
        assert "=== pbem report sa-3" in html and "=== end of report ===" in html
        assert "src=" not in html and "href=" not in html


def test_the_other_members(game) -> None:  # type: ignore[no-untyped-def]
    state, events = game
    presenter = get_presenter("stoneage")
    view = RULESET.view(state, "red")
    assert presenter.when(view) == f"round {state.round}, placement"
    assert presenter.label(view) == f"round {state.round}, placement"
    maps = presenter.maps(RULESET.view(state, None))
    assert maps.text[0].startswith("The village") and maps.svg.startswith("<svg")
    assert all(len(line) <= 72 for line in maps.text)
    assert [t for t, _ in presenter.event_parts(events, None, view)][:1] == ["1. Placement"]
    assert "Your orders" in [t for t, _ in presenter.event_parts(events, "red", view)]
    help_text = "\n".join(presenter.help_lines(view))
    assert "PLACE <n> <location>" in help_text
    assert all(line in help_text for line in view["plan"] or [])
    assert "Your kept orders" not in "\n".join(presenter.help_lines(RULESET.view(state, None)))
    table = presenter.standings(view)
    assert table.columns[0] == "score" and {seat for seat, _ in table.rows} == set(SEATS)
    scores = [figures[0] for _seat, figures in table.rows]
    assert scores == sorted(scores, reverse=True) and set(table.charted) <= set(table.columns)
    assert presenter.simulator is not None and presenter.demo is None
    assert not presenter.run_case("title = 'x'\n").passed


def test_the_herd_is_shown_when_the_game_has_it(game) -> None:  # type: ignore[no-untyped-def]
    state, events = game
    view = RULESET.view(state, None)
    view["herd"] = {"at": "forest", "tile": "M03", "text": "M03: a tool step & 1 wood", "left": 11,
                    "next_at": "clay", "on_tile": {"red": 2}, "won": {"blue": ["M01"]}}
    rep = get_presenter("stoneage").report(game="sa-3", turn_no=state.step, seat=None, view=view,
                                           events=events, deadline="", address="pbem@example.org")
    assert "The Mammoth Herd:" in rep.text and "On the tile: red 2" in rep.text
    assert all(len(line) <= 72 for line in rep.text.splitlines())
    assert "a tool step &amp; 1 wood" in rep.html
    view["herd"] = None
    assert "Mammoth Herd" not in get_presenter("stoneage").report(
        game="sa-3", turn_no=1, seat=None, view=view, events=[], deadline="", address="x").text
