"""Adjudicator cases (../shared/stoneage-cases.md, format 1): a position, the orders as they
would arrive by mail, scripted dice, the phases to run and what must hold afterwards.

:func:`run_case` takes the text of one case file and never raises: a case
that cannot run is a failure with the reason. Unknown keys are errors, and
so are dice left over or missing, so a typo never passes silently.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine import casefile
from engine.casefile import CaseResult
from engine.contract import Event, OrderSheet
from engine.dice import ScriptedDice
from engine.stoneage import actions, feeding, igloos, parser, placement, roundend, rounds, scoring
from engine.stoneage.casestate import PLAYER_KEYS, CaseError, build_state, check_keys
from engine.stoneage.policy import keep
from engine.stoneage.state import Stage, State

RUN_PHASES = ("placement", "actions", "herd", "feeding", "end")
TOP_KEYS = {"ruleset", "title", "rule", "position", "orders", "dice", "draws", "run", "expect"}
EXPECT_KEYS = {"civ_slots", "civ_deck", "buildings", "start_player", "round", "over", "winners",
               "herd_at", "herd_tile", "herd_tiles", "igloos_left", "animals", "jewel_card"}
EXPECT_PLAYER = PLAYER_KEYS | {"placed_order", "final", "refused", "skipped", "plan"}
MULTISETS = {"one_use", "cards", "building_tiles", "herd_won", "tools_used", "refused", "skipped", "igloos"}


@dataclass
class Record:
    """What the run saw on its way: the placements as made, the PLACE lines skipped, the log."""

    placed_order: dict[str, list[str]] = field(default_factory=dict)
    skipped: dict[str, list[int]] = field(default_factory=dict)
    log: list[Event] = field(default_factory=list)


def _sheets(st: State, orders: Any) -> dict[str, OrderSheet]:
    """Each seat's orders read as the mail would; a sheet with a refused line is not kept."""
    check_keys("orders", orders, set(st.players))
    sheets = {}
    for seat, text in orders.items():
        if not isinstance(text, str):
            raise CaseError(f"[orders] {seat} is the text of its orders")
        sheets[seat] = parser.parse(st, seat, text)
        if sheets[seat].ok:
            keep(st, seat, sheets[seat])
    return sheets


def _span(run: Any) -> list[str]:
    run = check_keys("run", run if run is not None else {}, {"from", "to"})
    first, last = run.get("from"), run.get("to", run.get("from"))
    if first not in RUN_PHASES or last not in RUN_PHASES or RUN_PHASES.index(last) < RUN_PHASES.index(first):
        raise CaseError(f"[run] from and to are phases among {', '.join(RUN_PHASES)}, to not before from")
    return list(RUN_PHASES[RUN_PHASES.index(first):RUN_PHASES.index(last) + 1])


def _run(st: State, span: list[str], dice: ScriptedDice, sheets: dict[str, OrderSheet]) -> Record:
    rec = Record()
    for phase in span:
        if phase == "placement":
            st.stage, st.turn = Stage.PLACEMENT, st.start_player
            placement.run(st, rec.log)
            _note_placement(st, sheets, rec)
            st.stage = Stage.ACTIONS
        elif phase == "actions":
            st.stage = Stage.ACTIONS
            actions.run(st, dice, rec.log)
        elif phase == "herd":
            rounds.herd_phase(st, dice, rec.log)
        elif phase == "feeding":
            st.stage = Stage.FEEDING
            feeding.run(st, rec.log)
        else:
            roundend.run(st, rec.log)
    return rec


def _note_placement(st: State, sheets: dict[str, OrderSheet], rec: Record) -> None:
    for seat in st.players:
        rec.placed_order[seat] = [f"{n} {loc}" for loc, n in st.board(seat).placed.items()]
        plan, sheet = st.plans.get(seat), sheets.get(seat)
        # A kept sheet's lines come first in its plan, so plan line i is the sheet's order i.
        rec.skipped[seat] = [sheet.orders[i - 1].line for i in plan.skipped] if plan and sheet else []


def _seat_value(st: State, seat: str, key: str, sheets: dict[str, OrderSheet], rec: Record) -> Any:
    b = st.board(seat)
    if key == "tools":
        return sorted(b.tools, reverse=True)
    if key == "tools_used":
        return [v for v, used in zip(b.tools, b.tools_used) if used]
    if key == "building_tiles":
        return list(b.buildings)
    if key == "placed":
        return dict(b.placed)
    if key == "plan":
        return list(st.plans[seat].lines) if seat in st.plans else []
    if key == "placed_order":
        return rec.placed_order.get(seat, [f"{n} {loc}" for loc, n in b.placed.items()])
    if key == "final":
        return b.score if st.stage is Stage.OVER else scoring.final_score(b)
    if key == "refused":
        return [p.line for p in sheets[seat].problems] if seat in sheets else []
    if key == "skipped":
        return rec.skipped.get(seat, [])
    if key == "herd_won":
        return list(st.herd.won.get(seat, [])) if st.herd else []
    if key == "winter_points":
        return b.winter
    if key == "merchant_level":
        return b.merchant
    return getattr(b, key)


def _want(key: str, value: Any) -> Any:
    if key == "tools" and isinstance(value, list):
        return sorted(value, reverse=True)
    if key == "placed_order" and isinstance(value, list):
        return [" ".join(str(v).lower().split()) for v in value]
    return value


def _same(key: str, want: Any, got: Any) -> bool:
    if key in MULTISETS or key == "winners":
        return isinstance(want, list) and sorted(map(str, want)) == sorted(map(str, got))
    return want == got


def _top_value(st: State, key: str) -> Any:
    if key.startswith("herd"):
        if st.herd is None:
            raise CaseError(f"{key}: this case is played without the Mammoth Herd")
        return {"herd_at": st.herd.at, "herd_tile": st.herd.tile, "herd_tiles": list(st.herd.tiles)}[key]
    if key == "animals" and not st.options.get("wild_animals"):
        raise CaseError("animals: this case is played without wild animals")
    if key == "igloos_left":
        if not igloos.enabled(st):
            raise CaseError("igloos_left: this case is played without igloos")
        return igloos.left(st)
    if key == "over":
        return st.stage is Stage.OVER
    if key == "winners":
        return list(st.winners or [])
    return getattr(st, key)


def check(st: State, sheets: dict[str, OrderSheet], rec: Record, expect: Any) -> str:
    """The first difference between the outcome and the expectations, or ''."""
    expect = check_keys("expect", expect, EXPECT_KEYS | set(st.players))
    for key in sorted(set(expect) & EXPECT_KEYS):
        want, got = _want(key, expect[key]), _top_value(st, key)
        if not _same(key, want, got):
            return f"{key}: expected {want!r}, found {got!r}"
    for seat in [p for p in st.players if p in expect]:
        table = check_keys(f"expect.{seat}", expect[seat], EXPECT_PLAYER)
        for key, value in table.items():
            want, got = _want(key, value), _seat_value(st, seat, key, sheets, rec)
            if not _same(key, want, got):
                return f"{seat} {key}: expected {want!r}, found {got!r}"
    return ""


def _dice(table: Any, draws: Any) -> ScriptedDice:
    if not isinstance(table, dict) or not all(isinstance(v, list) for v in table.values()):
        raise CaseError("[dice] lists die results by tag, like \"forest red\" = [4, 4, 3]")
    if draws:
        raise CaseError("[draws] is unused in format 1: the position gives decks and stacks in order")
    return ScriptedDice({k: list(v) for k, v in table.items()})


def run_case(text: str) -> CaseResult:
    """Run one case file's text: passed, or the first difference (or why it cannot run)."""
    return casefile.run(text, "stoneage", TOP_KEYS, _play)


def _play(data: dict[str, Any]) -> str:
    st = build_state(data.get("position"))
    sheets = _sheets(st, data.get("orders", {}))
    dice = _dice(data.get("dice", {}), data.get("draws", {}))
    rec = _run(st, _span(data.get("run")), dice, sheets)
    left = dice.leftovers()
    if left:
        return "left over: " + ", ".join(left)
    return check(st, sheets, rec, data.get("expect", {}))
