"""The engine contract, checked on every registered game and on Tally (tests/seqgame.py), a toy
game registered through its GameEntry as a game of another package would be: what the mail layer
counts on from any game, whatever its rules.

- a state's JSON reads back to the same JSON;
- resolve never changes the state it is given, and repeats byte for byte from the same seed;
- parse_orders never raises, whatever the text;
- nobody is awaited once the game is over;
- a seat's kept orders are in its own view only, never in another seat's nor the public one;
- every game's presenter answers the presenter's contract;
- engine/ never imports pbem.
"""
from __future__ import annotations

import ast
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.dice import SeededDice
from engine.registry import get_ruleset, ruleset_names
from pbem.presenters import Presenter, get_presenter
from seqpresent import tally_registered

ROOT = Path(__file__).resolve().parent.parent.parent
SEATS = ["red", "blue", "green"]
GAMES = sorted(set(ruleset_names()) | {"tally"})
STEPS = 8


@pytest.fixture(autouse=True, scope="module")
def tally():
    with tally_registered():
        yield


def _json(ruleset: Any, state: Any) -> str:
    return ruleset.to_json(state)


def _events(resolution: Any) -> list[dict[str, Any]]:
    return [e.to_dict() for e in resolution.events]


def _sheets(ruleset: Any, state: Any, step: int) -> dict[str, Any]:
    """The bots' sheets for the awaited seats and, where players act in turn, the others' sent ahead."""
    rng = random.Random(step)
    awaited = sorted(ruleset.awaiting(state))
    sheets = {seat: ruleset.bot_orders(state, seat, rng) for seat in awaited}
    if not ruleset.simultaneous(state):
        for seat in [p for p in ruleset.players(state) if p not in awaited]:
            sheets[seat] = ruleset.bot_orders(state, seat, rng)
    return sheets


def _played(name: str) -> list[tuple[Any, dict[str, Any]]]:
    """(state, the sheets resolved from it) for the first STEPS steps of a seeded bot game."""
    ruleset = get_ruleset(name)
    state, out = ruleset.new_game(SEATS, {}, 7), []
    for step in range(STEPS):
        if ruleset.outcome(state) is not None:
            break
        sheets = _sheets(ruleset, state, step)
        out.append((state, sheets))
        state = ruleset.resolve(state, sheets, SeededDice(f"contract:{step}")).state
    return out + [(state, {})]


@pytest.mark.parametrize("name", GAMES)
def test_a_states_json_reads_back_the_same(name: str) -> None:
    ruleset = get_ruleset(name)
    for state, _sheets_ in _played(name):
        text = _json(ruleset, state)
        assert _json(ruleset, ruleset.from_json(text)) == text
        assert json.loads(text)["ruleset"] == name or name == "tally"


@pytest.mark.parametrize("name", GAMES)
def test_resolve_leaves_its_state_alone_and_repeats_from_the_same_seed(name: str) -> None:
    ruleset = get_ruleset(name)
    for step, (state, sheets) in enumerate(_played(name)[:-1]):
        before = _json(ruleset, state)
        first = ruleset.resolve(state, sheets, SeededDice(f"again:{step}"))
        assert _json(ruleset, state) == before, "resolve changed the state it was given"
        second = ruleset.resolve(ruleset.from_json(before), sheets, SeededDice(f"again:{step}"))
        assert _json(ruleset, first.state) == _json(ruleset, second.state)
        assert _events(first) == _events(second)


@pytest.mark.parametrize("name", GAMES)
def test_nobody_is_awaited_once_the_game_is_over(name: str) -> None:
    ruleset = get_ruleset(name)
    state = ruleset.new_game(SEATS[:2], {}, 11)
    for step in range(400):
        if ruleset.outcome(state) is not None:
            break
        state = ruleset.resolve(state, _sheets(ruleset, state, step), SeededDice(f"end:{step}")).state
    assert ruleset.outcome(state) is not None, "the bots' game ends"
    assert not ruleset.awaiting(state)


@pytest.mark.parametrize("name", GAMES)
def test_kept_orders_are_in_their_seats_view_only(name: str) -> None:
    """Lines a seat sent that the state keeps (plans, pre-orders) show in its own view, and in no
    other seat's view nor the public one."""
    ruleset = get_ruleset(name)
    kept = 0
    played, sent = _played(name), {}
    for (_before, sheets), (state, _next) in zip(played, played[1:]):     # the sheets, and the state they made
        views = {seat: json.dumps(ruleset.view(state, seat)) for seat in [*ruleset.players(state), None]}
        for seat, sheet in sheets.items():
            sent.setdefault(seat, set()).update(sheet.normal)
        for seat, sheet in sheets.items():
            for line in (line for line in sheet.normal if len(line) >= 6 and line in views[seat]
                         and not all(line in views[p] for p in ruleset.players(state))):   # not a default of all
                kept += 1
                leaked = [other for other, text in views.items() if other != seat and line in text
                          and line not in sent.get(other, ())]     # a line the other sent too is its own
                assert not leaked, (seat, line, leaked)
    if name in ("dewan", "tally"):              # games in turn keep what is sent ahead
        assert kept, "the game keeps orders sent ahead: some were seen"


@pytest.mark.parametrize("name", GAMES)
def test_parse_orders_never_raises(name: str) -> None:
    ruleset = get_ruleset(name)
    state = _played(name)[1][0]
    seats = ruleset.players(state)
    words = st.sampled_from([*ruleset.order_words, "OR", "IF", "PAY", "1", "2", "99", "-1", "A1", "card2",
                             "forest", "W", "é", "#", "\t", "", "ALL", "NONE", "/", "NEXT"])
    lines = st.lists(st.one_of(st.text(max_size=40), st.lists(words, max_size=8).map(" ".join)), max_size=6)

    @settings(max_examples=120, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(lines, st.sampled_from(seats))
    def parse(sheet: list[str], seat: str) -> None:
        result = ruleset.parse_orders(state, seat, "\n".join(sheet))
        assert all(p.line >= 1 for p in result.problems)
    parse()


@pytest.mark.parametrize("name", GAMES)
def test_every_game_has_a_presenter_with_the_contracts_members(name: str) -> None:
    presenter = get_presenter(name)
    members = [m for m in dir(Presenter) if not m.startswith("_")] + list(Presenter.__annotations__)
    missing = [m for m in members if not hasattr(presenter, m)]
    assert not missing, missing


def test_the_engine_never_imports_the_mail_layer() -> None:
    found = []
    for path in sorted((ROOT / "engine").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            found += [f"{path.relative_to(ROOT)}: {n}" for n in names if n == "pbem" or n.startswith("pbem.")]
    assert not found, found


@pytest.mark.parametrize("name", GAMES)
def test_every_ruleset_has_every_member_of_the_contract(name: str) -> None:
    from engine.contract import Ruleset
    ruleset = get_ruleset(name)
    members = [m for m in dir(Ruleset) if not m.startswith("_")] + list(Ruleset.__annotations__)
    missing = [m for m in members if not hasattr(ruleset, m)]
    assert not missing, missing


@pytest.mark.parametrize("name", GAMES)
def test_a_report_puts_its_preface_at_the_head_of_both_parts(name: str) -> None:
    """What the mail says before the report (your move, a welcome) heads the text part as it is
    and the HTML part escaped, before the marker line that lets a report sent back be skipped."""
    ruleset, presenter = get_ruleset(name), get_presenter(name)
    state = ruleset.new_game(SEATS, {}, 3)
    view = ruleset.view(state, "red")

    def report(preface: str) -> Any:
        return presenter.report(game="g1", turn_no=1, seat="red", view=view, events=[], deadline="soon",
                                address="pbem@example.org", preface=preface)
    plain, headed = report(""), report("Your move <now> & \"quick\".\nMove deadline: soon.")
    assert plain.text.startswith("=== pbem report g1 ")
    assert headed.text == "Your move <now> & \"quick\".\nMove deadline: soon.\n\n" + plain.text
    if name != "tally":             # Tally's HTML is its text in a <pre>
        assert "<body>\n<p class=\"pbem-marker\"" in plain.html
        assert headed.html == plain.html.replace(
            "<body>\n", "<body>\n<pre class=\"preface\">Your move &lt;now&gt; &amp; &#34;quick&#34;.\nMove deadline: soon.</pre>\n", 1)
