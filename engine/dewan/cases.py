"""Adjudicator cases (../shared/dewan-cases.md, format 1): a map, a position, the
orders as they would arrive by mail, the moves to run, what must hold afterwards.

:func:`run_case` takes the text of one case file and never raises: a case
that cannot run is a failure with the reason. Unknown keys are errors, and
so are draws left over or missing, so a typo never passes silently.

The seat to move's orders are its move; every other seat's orders are its
pre-orders, kept as the mail layer keeps them. ``[run] steps`` moves are
played from ``to_move`` on (through the round's end; a seat that must be
asked stops the run, which fails unless ``awaiting`` is expected), and with
``score = true`` the game is then scored as at its end.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from engine import casefile
from engine.casefile import CaseResult
from engine.contract import Event, OrderSheet
from engine.dewan import RULESET, flow, parser, turn
from engine.dewan.cards import normal
from engine.dewan.casestate import CaseError, build_state, check_keys, read_board, read_stories
from engine.dewan.state import OVER, State
from engine.dice import ScriptedDice

TOP_KEYS = {"ruleset", "title", "rule", "board", "stories", "position", "orders", "draws", "run", "expect"}
RUN_KEYS = {"steps", "score"}
SEAT_KEYS = {"camps", "left", "hands", "tucked", "stories", "done", "berries", "fire", "scores", "plans"}
TOP_EXPECT = {"to_move", "first_player", "stage", "row", "deck", "discard", "story_row", "story_deck",
              "round_ends", "round", "over", "winners", "awaiting", "public_events", "not_public"}
EXPECT_KEYS = TOP_EXPECT | SEAT_KEYS | {"problem", "events"}
ORDERED = {"row", "deck", "story_row", "story_deck", "plans"}


def _value(st: State, key: str) -> Any:
    if key == "over":
        return st.stage == OVER
    if key == "awaiting":
        return sorted(RULESET.awaiting(st))
    if key == "winners":
        return list(st.winners or [])
    if key == "fire":
        return {p: st.fire(p) for p in st.players}
    if key == "scores":
        return dict(st.scores or {})
    if key == "plans":
        return {p: list(st.plans[p].lines) if p in st.plans else [] for p in st.players}
    return getattr(st, key)


def _same(key: str, want: Any, got: Any) -> bool:
    if isinstance(want, list) and isinstance(got, list) and key not in ORDERED:
        return Counter(map(str, want)) == Counter(map(str, got))
    return want == got


def _normal(key: str, want: Any) -> Any:
    """Card texts in the expectations in their normal spelling."""
    if key in ("row", "deck", "discard", "hands", "tucked"):
        try:
            if isinstance(want, list):
                return [normal(c) if c else "" for c in want]
            if isinstance(want, dict):
                return {p: [normal(c) for c in v] if isinstance(v, list) else v for p, v in want.items()}
        except ValueError as why:
            raise CaseError(f"[expect] {key}: {why}") from None
    return want


def check(st: State, before: State, sheets: dict[str, OrderSheet], log: list[Event], expect: Any) -> str:
    """The first difference between the outcome and the expectations, or ''."""
    expect = check_keys("expect", expect, EXPECT_KEYS)
    problem = check_keys("expect.problem", expect.get("problem", {}), set(st.players))
    for seat, sheet in sheets.items():
        said = "; ".join(str(p) for p in sheet.problems)
        if seat not in problem and sheet.problems:
            return f"{seat}'s orders were refused: {said}"
        want = problem.get(seat)
        if want is not None and not sheet.problems:
            return f"{seat}'s orders were expected to be refused, but were accepted"
        if isinstance(want, str) and want.lower() not in said.lower():
            return f"{seat}'s refusal should say {want!r}; it says {said!r}"
    for seat in problem:
        if seat not in sheets:
            return f"problem {seat}: {seat} sent no orders"
    if problem and st.to_move in problem and st != before:
        return "an order was refused, yet the position changed"
    for key in sorted(set(expect) - {"problem", "events", "public_events", "not_public"}):
        want, got = _normal(key, expect[key]), _value(st, key)
        if key in SEAT_KEYS:
            table = check_keys(f"expect.{key}", want, set(st.players))
            for seat, value in table.items():
                if not _same(key, value, got[seat]):
                    return f"{key} {seat}: expected {value!r}, found {got[seat]!r}"
        elif not _same(key, want, got):
            return f"{key}: expected {want!r}, found {got!r}"
    return _check_events(st, log, expect)


def _words(value: Any, what: str) -> list[str]:
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list) or not all(isinstance(v, str) for v in items):
        raise CaseError(f"{what} is words, or a list of them")
    return items


def _check_events(st: State, log: list[Event], expect: dict[str, Any]) -> str:
    for seat, value in check_keys("expect.events", expect.get("events", {}), set(st.players)).items():
        seen = [e.text for e in log if e.to in (None, seat)]
        for words in _words(value, f"events {seat}"):
            if not any(words.lower() in t.lower() for t in seen):
                return f"no event {seat} sees says {words!r}; it sees: " + " | ".join(seen)
    public = [e.text for e in log if e.to is None]
    for words in _words(expect.get("public_events", []), "public_events"):
        if not any(words.lower() in t.lower() for t in public):
            return f"no public event says {words!r}; they say: " + " | ".join(public)
    for words in _words(expect.get("not_public", []), "not_public"):
        found = [t for t in public if words.lower() in t.lower()]
        if found:
            return f"a public event says {words!r}: {found[0]}"
    return ""


def _run(st: State, data: dict[str, Any], dice: ScriptedDice,
         log: list[Event]) -> tuple[dict[str, OrderSheet], str]:
    """Read and keep the orders, play the moves: the sheets, and why the run stopped early ('')."""
    orders = check_keys("orders", data.get("orders", {}), set(st.players))
    run = check_keys("run", data.get("run", {}), RUN_KEYS)
    steps = run.get("steps", 1)
    if not isinstance(steps, int) or isinstance(steps, bool) or not 0 <= steps <= 999:
        raise CaseError("[run] steps is a whole number of moves")
    sheets = {}
    for seat, text in orders.items():
        if not isinstance(text, str):
            raise CaseError(f"[orders] {seat} is the text of its orders")
        sheets[seat] = parser.parse(st, seat, text)
    mover = sheets.get(st.to_move)
    if mover is not None and not mover.ok:
        return sheets, ""
    for seat, sheet in sheets.items():
        if seat != st.to_move and sheet.ok:
            flow.keep(st, seat, sheet, log)
    st.step += 1
    played = flow.run(st, dice, log, mover, most=steps, round_stop=False)
    if run.get("score") and st.stage != OVER:
        turn.finish(st, log)
    if played < steps and st.stage != OVER:
        return sheets, f"the run stopped after {played} of {steps} moves: {st.to_move} must be asked"
    return sheets, ""


def run_case(text: str) -> CaseResult:
    """Run one case file's text: passed, or the first difference (or why it cannot run)."""
    return casefile.run(text, "dewan", TOP_KEYS, _play)


def _play(data: dict[str, Any]) -> str:
    board = read_board(data.get("board"))
    st = build_state(board, read_stories(data.get("stories", {})), data.get("position"))
    before = st.copy()
    draws = check_keys("draws", data.get("draws", {}), set(data.get("draws", {})))
    if not all(isinstance(v, list) for v in draws.values()):
        raise CaseError("[draws] lists the cards drawn by tag, like reshuffle = [\"F\", \"M\"]")
    dice = ScriptedDice(draws={k: list(v) for k, v in draws.items()})
    log: list[Event] = []
    sheets, stopped = _run(st, data, dice, log)
    expect = data.get("expect", {})
    if stopped and "awaiting" not in expect:
        return stopped
    left = dice.leftovers()
    if left:
        return "left over: " + ", ".join(left)
    return check(st, before, sheets, log, expect)
