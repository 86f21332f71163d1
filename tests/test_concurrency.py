"""Several workers at once on PostgreSQL: every turn resolved exactly once,
every report queued and sent exactly once, no deadlock, no lost update."""
from __future__ import annotations

import subprocess
from datetime import datetime, timezone
from pathlib import Path

import pytest
from sqlalchemy import func
from sqlmodel import Session, select

from conftest import pg_database
from many_games import SEATS, add_games
from pbem.db import migrate
from pbem.models import Game, OutboundMail, Seat, Sheet, TurnRecord
from pbem_world import PBEM, World, order_mail

pytestmark = pytest.mark.long     # a whole game or a long run: scheduled first (tests/conftest.py)

NOW = datetime(2026, 7, 1, 12, 0, tzinfo=timezone.utc)
GAMES = 200


@pytest.fixture
def pg_world(tmp_path: Path):
    with pg_database() as url:
        world = World(tmp_path, database=url)
        engine = world.engine()
        migrate(engine)
        yield world, engine
        engine.dispose()


def _together(world: World, args: list[str], n: int) -> list[subprocess.CompletedProcess]:
    procs = [subprocess.Popen(PBEM + ["--config", str(world.config), *args], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for _ in range(n)]
    return [subprocess.CompletedProcess(p.args, p.wait(timeout=600), *p.communicate()) for p in procs]


def test_many_resolvers_resolve_every_game_exactly_once(pg_world) -> None:
    world, engine = pg_world
    ids = add_games(engine, GAMES, NOW)
    with Session(engine) as s:
        start = {g.id: g.turn_no for g in s.exec(select(Game))}
    results = _together(world, ["process", "--role", "resolve", "--now", NOW.isoformat()], 4)
    for r in results:
        assert r.returncode == 0, r.stderr
        assert "deadlock" not in (r.stdout + r.stderr).lower()
    resolved = sum(int(line.split("turns resolved:")[1].count(" turn ")) for r in results
                   for line in r.stdout.splitlines() if line.startswith("turns resolved:") and "none" not in line)
    assert resolved == GAMES, "each turn resolved by exactly one worker"
    with Session(engine) as s:
        for game in s.exec(select(Game)):
            assert game.turn_no == start[game.id] + 1
        per_game = dict(s.exec(select(TurnRecord.game_id, func.count()).group_by(TurnRecord.game_id)).all())
        assert per_game == {g: 1 for g in ids}
        reports = s.exec(select(func.count()).select_from(OutboundMail).where(OutboundMail.kind == "report")).one()
        assert reports == GAMES * len(SEATS)

    sends = _together(world, ["process", "--role", "send", "--now", NOW.isoformat()], 3)
    assert all(r.returncode == 0 for r in sends)
    with Session(engine) as s:
        assert s.exec(select(func.count()).select_from(OutboundMail).where(OutboundMail.status != "sent")).one() == 0
    delivered = sum(len(list((world.root / "out" / f"{seat}@example.org" / "new").iterdir())) for seat in SEATS)
    assert delivered == GAMES * len(SEATS), "every report sent exactly once"


def test_the_workers_of_one_pass_resolve_every_game_once_and_help_each_other(pg_world) -> None:
    """``--workers 3``: each takes its part of the due games and helps with the others' from
    their ends; every game is resolved once, by one of them."""
    world, engine = pg_world
    ids = add_games(engine, 45, NOW, prefix="w")
    out = world.pbem("process", "--role", "resolve", "--workers", "3", "--now", NOW.isoformat()).stdout
    assert sorted(x.split(" turn ")[0] for x in out.split("turns resolved: ")[1].splitlines()[0].split(", ")) == ids
    with Session(engine) as s:
        per_game = dict(s.exec(select(TurnRecord.game_id, func.count()).group_by(TurnRecord.game_id)).all())
    assert per_game == {g: 1 for g in ids}


def test_mails_of_one_game_handled_at_once_lose_no_update(pg_world) -> None:
    world, engine = pg_world
    (game_id,) = add_games(engine, 1, NOW, prefix="race")
    with Session(engine) as s:
        game = s.get(Game, game_id)
        game.deadline = NOW.replace(year=2027)
        s.add(game)
        for sheet in s.exec(select(Sheet)):
            s.delete(sheet)
        s.commit()
    for round_no in range(5):
        for seat in SEATS:
            world.post(order_mail(f"{seat}@example.org", f"SIGNON {game_id} {seat} pw\n"
                                  f"{'WAIT' if round_no < 4 else 'READY'}\n"))
    world.pbem("process", "--role", "fetch", "--now", NOW.isoformat())
    results = _together(world, ["process", "--role", "resolve", "--now", NOW.isoformat()], 4)
    assert all(r.returncode == 0 for r in results), [r.stderr for r in results]
    handled = sum(int(line.split()[3]) for r in results for line in r.stdout.splitlines()
                  if line.startswith("fetched"))
    assert handled == 5 * len(SEATS)
    with Session(engine) as s:
        seats = list(s.exec(select(Seat).where(Seat.game_id == game_id)))
        game = s.get(Game, game_id)
    assert all(seat.ready for seat in seats), "each seat's mails applied in the order they came"
    assert game.all_ready_since is not None, "the last READY saw every other READY"


def test_mail_that_waits_for_older_mail_another_worker_holds_is_left_for_the_next_pass(pg_world, monkeypatch) -> None:
    """A worker that meets a newer mail of a game whose older mail another worker holds waits
    for it a while, then leaves the newer mail new, for the next pass: a pass never hangs."""
    from pbem.models import InboundMail
    from pbem.runners import handle
    from pbem_world import run_pass
    world, engine = pg_world
    game = add_games(engine, 1, NOW)[0]
    with Session(engine) as s:
        for n in (1, 2):
            s.add(InboundMail(message_key=f"<{n}@example.org>", game_key=game, size=10,
                              raw=order_mail("red@example.org", f"SIGNON {game} red pw\nSTATUS")))
        s.commit()
    monkeypatch.setattr(handle, "WAIT", 0.4)
    with Session(engine) as other:                  # another worker is handling the older mail
        other.exec(select(InboundMail).where(InboundMail.message_key == "<1@example.org>").with_for_update()).one()
        _code, summary = run_pass(world, NOW)
        other.rollback()
    assert any("waited" in note and "next pass" in note for note in summary.notes), summary.notes
    with Session(engine) as s:
        assert {m.message_key: m.status for m in s.exec(select(InboundMail))} == {
            "<1@example.org>": "new", "<2@example.org>": "new"}
    _code, summary = run_pass(world, NOW)           # the next pass, with nobody holding it
    with Session(engine) as s:
        assert {m.status for m in s.exec(select(InboundMail))} == {"handled"}
