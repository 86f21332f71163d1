"""A step's reports share what every reader reads alike (pbem.reports.render.once): the board
and its tables, and the event log of all who have no event of their own. Made together, inside
one step, every seat's report is byte for byte the report made for it alone, in English and in
French: nothing one seat's report made (its hand, its own events) reaches another's, and what
is shared is made once."""
from __future__ import annotations

import random

import pytest

from engine import SeededDice, get_ruleset
from many_games import position
from pbem import i18n
from pbem.presenters import get_presenter
from pbem.reports import render

# A game, its seats, the seed of its position and the steps its bots played before.
GAMES = [("valley", 4, 1, 3), ("stoneage", 3, 5, 3), ("dewan", 3, 9, 9)]


def a_step(ruleset: str, players: int, seed: int, steps: int):  # type: ignore[no-untyped-def]
    """A state and the stored events of the step that made it: the first step from the position
    in which some seat has an event of its own, else the last one played."""
    rules = get_ruleset(ruleset)
    game = position(ruleset, players, seed, steps)
    state, rng = rules.from_json(game.state_json), random.Random(seed)
    for n in range(30):
        sheets = {p: rules.bot_orders(state, p, rng) for p in sorted(rules.awaiting(state))}
        result = rules.resolve(state, sheets, SeededDice(f"{seed}:{n}"))
        state, events = result.state, [e.to_dict() for e in result.events]
        if any(e.get("to") for e in events) or rules.outcome(state) is not None:
            break
    return rules, game.seats, state, events


def reports(ruleset: str, rules, seats, state, events) -> list:  # type: ignore[no-untyped-def]
    presenter = get_presenter(ruleset)
    return [presenter.report(game="g1", turn_no=7, seat=seat, view=rules.view(state, seat), events=events,
                             deadline="2026-08-01 12:00 UTC", address="pbem@example.org", missed={seats[0]: 1})
            for seat in [*seats, None]]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("ruleset,players,seed,steps", GAMES)
def test_reports_made_together_are_the_reports_made_alone(ruleset: str, players: int, seed: int, steps: int,
                                                          lang: str) -> None:
    rules, seats, state, events = a_step(ruleset, players, seed, steps)
    presenter = get_presenter(ruleset)
    with i18n.speaking(lang):
        alone = reports(ruleset, rules, seats, state, events)
        logs = [presenter.event_parts(events, seat, rules.view(state, seat)) for seat in [*seats, None]]
        with render.one_step():
            together = reports(ruleset, rules, seats, state, events)
            kept = dict(render._STEP.get() or {})
        assert render._STEP.get() is None           # what the step kept goes with it
    assert together == alone
    # The board once; each event log once, however many readers read it: all who have no event
    # of their own (the GM and observers among them) read the public one.
    assert [k[0] for k in kept].count(ruleset) == 1
    distinct = {tuple((heading, tuple((title, tuple(texts)) for title, texts in phases)) for heading, phases in log)
                for log in logs}
    assert [k[0] for k in kept].count("event log") == len(distinct) == 1 + len({e["to"] for e in events if e.get("to")})
    # Each seat's board (Stone Age) or clan (Dewan) as the others read it: once for them all.
    others = {"stoneage": "stoneage board", "dewan": "dewan clan"}.get(ruleset)
    if others:
        assert [k[0] for k in kept].count(others) == len(seats)


def test_a_private_event_stays_in_its_seats_report_inside_a_step() -> None:
    rules, seats, state, events = a_step("valley", 4, 1, 3)
    private = [e for e in events if e.get("to")]
    assert private, "the step chosen has an event of a seat's own"
    with render.one_step():
        made = dict(zip([*seats, None], reports("valley", rules, seats, state, events)))
    for e in private:
        for seat, report in made.items():
            assert (e["text"] in report.text) == (seat == e["to"]), (seat, e["text"])


def test_outside_a_step_nothing_is_kept() -> None:
    made = []
    assert render.once(("k",), lambda: made.append(1) or len(made)) == 1
    assert render.once(("k",), lambda: made.append(1) or len(made)) == 2
    with render.one_step():
        assert render.once(("k",), lambda: made.append(1) or len(made)) == 3
        assert render.once(("k",), lambda: made.append(1) or len(made)) == 3     # kept for the step
        with i18n.speaking("fr"):
            assert render.once(("k",), lambda: made.append(1) or len(made)) == 4     # another language
        with render.one_step():                                                  # the same step
            assert render.once(("k",), lambda: made.append(1) or len(made)) == 3

