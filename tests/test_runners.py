"""The resolve runner takes a game step after step while it stays due, each
step committed on its own, up to MAX_STEPS in one pass."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Iterator

import pytest
from sqlmodel import Session, select

from pbem.models import Game, GmLog, TurnRecord
from pbem.runners import resolve
from pbem.runners.claim import claim_game
from pbem_world import World, run_pass

T0 = datetime(2026, 9, 1, 8, 0, tzinfo=timezone.utc)
DUE = T0 + timedelta(hours=80)      # past the 72-hour deadline of turn 0


@pytest.fixture
def world(tmp_path: Path, database: str) -> World:
    w = World(tmp_path, database=database)
    w.pbem("game", "new", "g", "--seat", "red:ann@example.org", "--seat", "blue:bob@example.org",
           "--seed", "runners", "--gm", "gm@example.org")
    w.pbem("game", "start", "g", "--now", T0.isoformat())
    return w


def _due(answers: Iterator[bool]):  # type: ignore[no-untyped-def]
    """is_due as the runner asks it under its claim, answering from ``answers``."""
    return lambda s, game, now, known=None: next(answers)


def _step(s: Session, cfg: object, game: Game, now: datetime) -> None:
    """A step that costs nothing: the turn number moves on."""
    game.turn_no += 1
    s.add(game)


def _stored(world: World) -> tuple[int, list[int]]:
    with Session(world.engine()) as s:
        turns = sorted(r.turn_no for r in s.exec(select(TurnRecord).where(TurnRecord.game_id == "g")))
        return s.get(Game, "g").turn_no, turns


def test_a_game_due_again_after_a_step_is_resolved_again(world: World, monkeypatch) -> None:
    # Asked under the claim before a step and after it, before the commit: a game due again is
    # claimed and asked again.
    monkeypatch.setattr(resolve, "is_due", _due(iter([True, True, True, False])))
    code, summary = run_pass(world, DUE)
    assert code == 0
    assert summary.resolved == ["g turn 0", "g turn 1"]
    assert _stored(world) == (2, [0, 1])
    assert not any("steps resolved" in note for note in summary.notes)


def test_a_game_not_due_after_its_step_is_not_claimed_again(world: World, monkeypatch) -> None:
    claims: list[str] = []

    def counted(s: Session, game_id: str) -> object:
        claims.append(game_id)
        return claim_game(s, game_id)

    monkeypatch.setattr(resolve, "is_due", _due(iter([True, False])))
    monkeypatch.setattr(resolve, "claim_game", counted)
    code, summary = run_pass(world, DUE)
    assert code == 0 and summary.resolved == ["g turn 0"]
    assert len(claims) == 1 and _stored(world) == (1, [0])


def test_a_dry_run_shows_one_step_and_changes_nothing(world: World, monkeypatch) -> None:
    monkeypatch.setattr(resolve, "is_due", lambda s, game, now, known=None: True)
    code, summary = run_pass(world, DUE, dry_run=True)
    # One line, naming the step that would run (read before the rollback forgets it).
    assert code == 0 and summary.resolved == ["g turn 0"]
    assert _stored(world) == (0, [])


def test_the_cap_stops_a_game_that_is_always_due(world: World, monkeypatch) -> None:
    monkeypatch.setattr(resolve, "is_due", lambda s, game, now, known=None: True)
    monkeypatch.setattr(resolve, "resolve_turn", _step)
    code, summary = run_pass(world, DUE)
    assert code == 0
    assert summary.resolved == [f"g turn {n}" for n in range(resolve.MAX_STEPS)]
    assert f"g: {resolve.MAX_STEPS} steps resolved in this pass; the next pass goes on" in summary.notes
    assert _stored(world)[0] == resolve.MAX_STEPS
    # The next pass goes on where this one stopped.
    _code, again = run_pass(world, DUE + timedelta(minutes=15))
    assert again.resolved[0] == f"g turn {resolve.MAX_STEPS}"


def test_a_step_that_fails_keeps_the_steps_before_it(world: World, monkeypatch) -> None:
    calls: list[int] = []

    def failing(s: Session, cfg: object, game: Game, now: datetime) -> None:
        calls.append(game.turn_no)
        if len(calls) == 2:
            raise RuntimeError("the second step breaks")
        _step(s, cfg, game, now)

    monkeypatch.setattr(resolve, "is_due", _due(iter([True, True, True])))
    monkeypatch.setattr(resolve, "resolve_turn", failing)
    code, summary = run_pass(world, DUE)
    assert code == 0 and summary.resolved == ["g turn 0"]
    assert any(note.startswith("g: resolve failed, the game is left as it was: RuntimeError: the second step")
               for note in summary.notes)
    assert _stored(world)[0] == 1          # the first step was committed alone
    with Session(world.engine()) as s:
        errors = list(s.exec(select(GmLog).where(GmLog.game_id == "g", GmLog.action == "error")))
    assert [e.detail.split(":")[0] for e in errors] == ["resolve failed"]


def test_the_remind_runner_claims_only_a_game_with_a_reminder_due(world: World, monkeypatch) -> None:
    from pbem.models import OutboundMail
    from pbem.runners import remind
    claims: list[str] = []

    def counted(s: Session, game_id: str) -> object:
        claims.append(game_id)
        return claim_game(s, game_id)

    monkeypatch.setattr(remind, "claim_game", counted)
    run_pass(world, T0 + timedelta(hours=1))            # turn 0's deadline is 72 hours away
    assert claims == []
    run_pass(world, T0 + timedelta(hours=49))           # within 24 hours of it: both seats reminded
    assert len(claims) == 1
    with Session(world.engine()) as s:
        kinds = [m.kind for m in s.exec(select(OutboundMail).where(OutboundMail.key.startswith("reminder:g:0:")))]
    assert kinds == ["reminder", "reminder"]


@pytest.mark.parametrize("share, taken, visits", [
    ((0, 1), set(), None),                                   # one worker: all, from a random place
    ((0, 2), {"g5", "g4"}, ["g0", "g1", "g2", "g3", "g7", "g6", "g5"]),
    ((1, 2), {"g2"}, ["g4", "g5", "g6", "g7", "g3", "g2"]),
    ((1, 3), {"g1", "g7"}, ["g2", "g3", "g4", "g1", "g7"]),
])
def test_workers_of_a_pass_take_their_part_then_help_from_the_ends(world: World, monkeypatch, share, taken,
                                                                   visits) -> None:
    """The k-th of n workers resolves the k-th n-th of the due games, then the others' parts
    from their ends, each part until a game is found taken (False from _one)."""
    from pbem.config import load
    from pbem.runners.process import Pass
    due = [f"g{i}" for i in range(8)]
    seen: list[str] = []

    def one(self: object, game_id: str) -> bool:
        seen.append(game_id)
        return game_id not in taken

    monkeypatch.setattr(resolve, "due_games", lambda s, now: list(due))
    monkeypatch.setattr(resolve.Resolve, "_one", one)
    resolve.Resolve(Pass.configured(load(world.config), DUE, share=share)).run()
    if visits is None:
        assert sorted(seen) == due and seen == (due * 2)[due.index(seen[0]):][:8]
    else:
        assert seen == visits
