"""History by command and by mail, and a replay that proves the stored game."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from sqlmodel import Session, select

from pbem.cli import main
from pbem.db import open_engine
from pbem.models import TurnRecord
from pbem_world import lines_over, order_mail, password_in, run_pass, text_of, World


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("hist") / "demo"
    result = CliRunner().invoke(main, ["demo", str(root), "--turns", "4"])
    assert result.exit_code == 0, result.output
    return root


def run(root: Path, *args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, ["--config", str(root / "pbem.toml"), *args])


def test_replay_reaches_the_same_state_turn_by_turn(demo: Path) -> None:
    result = run(demo, "replay", "valley-demo")
    assert result.exit_code == 0, result.output
    assert "4 of 4 turns reach the same state" in result.output


def test_replay_finds_a_stored_turn_that_does_not_follow(tmp_path: Path, demo: Path) -> None:
    import shutil
    copy = tmp_path / "copy"
    shutil.copytree(demo, copy)
    engine = open_engine(f"sqlite:///{copy / 'pbem.sqlite'}")
    with Session(engine) as s:
        record = s.exec(select(TurnRecord).where(TurnRecord.turn_no == 2)).one()
        record.dice_seed = "tampered"
        s.add(record)
        s.commit()
    result = run(copy, "replay", "valley-demo")
    assert result.exit_code == 1
    assert "turn 2: DIFFERENT" in result.output and "turn 3: same" in result.output


def test_history_as_a_seat_and_as_the_public(demo: Path) -> None:
    red = run(demo, "history", "valley-demo", "--turn", "2", "--seat", "red")
    assert red.exit_code == 0 and red.output.startswith("=== pbem report valley-demo turn 2 ===")
    assert "report for red" in red.output and "Orders are due" not in red.output
    public = run(demo, "history", "valley-demo", "--format", "json")
    data = json.loads(public.output)
    assert data["turn"] == 4 and all(t["hand"] is None for t in data["view"]["tribes"].values())
    assert all(e["to"] is None for e in data["events"])
    assert set(data["orders"]) == {"red", "blue", "green", "white"}
    mine = json.loads(run(demo, "history", "valley-demo", "--seat", "blue", "--format", "json").output)
    assert mine["view"]["tribes"]["blue"]["hand"] is not None and mine["view"]["tribes"]["red"]["hand"] is None
    assert "<svg" in run(demo, "history", "valley-demo", "--format", "html").output
    bad = run(demo, "history", "valley-demo", "--turn", "99")
    assert bad.exit_code == 1 and "reports for turns 0 to 4" in bad.output
    setup = run(demo, "history", "valley-demo", "--turn", "0", "--seat", "red")
    assert setup.exit_code == 0 and setup.output.startswith("=== pbem report valley-demo turn 0 ===")
    assert "Turn 0: setup" in setup.output and "report for red" in setup.output
    first = json.loads(run(demo, "history", "valley-demo", "--turn", "0", "--seat", "red", "--format", "json").output)
    assert first["turn"] == 0 and first["events"] == [] and first["my_orders"] == []


STANDING = re.compile(r"\b(?:LOSSES|STARVE|CONQUER)\b|\bPLACE [A-G][1-7]\b")


def test_history_publishes_orders_as_carried_out_and_a_seat_its_own_sheet(demo: Path) -> None:
    engine = open_engine(f"sqlite:///{demo / 'pbem.sqlite'}")
    with Session(engine) as s:
        sheets = {r.turn_no + 1: json.loads(r.sheets_json) for r in s.exec(select(TurnRecord))}
    assert sorted(sheets) == [1, 2, 3, 4]
    assert any(line.startswith("PLACE ") for line in sheets[1]["red"])
    for number, played in sheets.items():
        for fmt in ("json", "text", "html"):
            public = run(demo, "history", "valley-demo", "--turn", str(number), "--format", fmt).output
            found = STANDING.search(public)
            assert found is None, f"public {fmt} history of turn {number} shows {found.group(0)!r}"
        data = json.loads(run(demo, "history", "valley-demo", "--turn", str(number), "--format", "json").output)
        texts = [e["text"] for e in data["events"]]
        assert "my_orders" not in data and set(data["orders"]) == set(played)
        assert all(line in texts for lines in data["orders"].values() for line in lines)
        assert any(data["orders"].values())
        for seat in played:
            mine = json.loads(run(demo, "history", "valley-demo", "--turn", str(number), "--seat", seat,
                                  "--format", "json").output)
            assert mine["my_orders"] == played[seat] and mine["orders"] == data["orders"]
            assert number == 1 or any(line.startswith("LOSSES ") for line in mine["my_orders"])
            del mine["my_orders"]
            assert STANDING.search(json.dumps(mine)) is None, "no other seat's sheet, nor a standing order"


def test_history_reads_turns_logged_before_events_named_their_seat(tmp_path: Path, demo: Path) -> None:
    import shutil
    copy = tmp_path / "copy"
    shutil.copytree(demo, copy)
    with Session(open_engine(f"sqlite:///{copy / 'pbem.sqlite'}")) as s:
        record = s.exec(select(TurnRecord).where(TurnRecord.turn_no == 2)).one()
        events = json.loads(record.events_json)
        assert any("by" in e for e in events)
        record.events_json = json.dumps([{k: v for k, v in e.items() if k != "by"} for e in events])
        s.add(record)
        s.commit()
    data = json.loads(run(copy, "history", "valley-demo", "--turn", "3", "--seat", "red", "--format", "json").output)
    assert data["orders"] == {"red": [], "blue": [], "green": [], "white": []} and data["my_orders"]
    text = run(copy, "history", "valley-demo", "--turn", "3").output
    assert text.startswith("=== pbem report valley-demo turn 3 ===") and "What happened:" in text
    assert run(copy, "archive", "build", "--out", str(tmp_path / "site")).exit_code == 0
    page = json.loads((tmp_path / "site" / "valley-demo" / "turn-3.json").read_text())
    assert page["orders"] == data["orders"] and page["events"]


def test_history_by_mail(tmp_path: Path) -> None:
    from datetime import datetime, timedelta, timezone
    t0 = datetime(2026, 10, 1, tzinfo=timezone.utc)
    world = World(tmp_path)
    world.pbem("game", "new", "g", "--seat", "red:ann@example.org", "--seat", "blue:bob@example.org")
    world.pbem("game", "start", "g", "--now", t0.isoformat())
    run_pass(world, t0)
    secret = password_in(world.outbox("ann@example.org"))
    world.post(order_mail("ann@example.org", f"SIGNON g red {secret}\nHISTORY 1\n"))
    run_pass(world, t0 + timedelta(minutes=1))
    assert "has a report for turn 0 only, not 1" in " ".join(text_of(world.outbox("ann@example.org")[-1]).split())
    run_pass(world, t0 + timedelta(hours=80))
    world.post(order_mail("ann@example.org", f"SIGNON g red {secret}\nHISTORY 1\n"))
    run_pass(world, t0 + timedelta(hours=81))
    answer = text_of(world.outbox("ann@example.org")[-1])
    assert "=== pbem report g turn 1 ===" in answer and "report for red" in answer


def test_preview_rollback_and_rerun_reach_the_same_state(tmp_path: Path) -> None:
    import shutil
    root = tmp_path / "demo"
    assert CliRunner().invoke(main, ["demo", str(root), "--turns", "2"]).exit_code == 0
    with open(root / "pbem.toml", "a") as fh:
        fh.write("\n[timing]\noutage_factor = 100000\n")   # the test's clock jumps ahead
    twin = tmp_path / "twin"
    shutil.copytree(root, twin)
    # The twin plays turn 2 once; the original previews, plays, rolls back and plays again.
    from pbem.models import Game, GmLog
    from datetime import datetime, timezone
    later = datetime(2026, 2, 1, tzinfo=timezone.utc).isoformat()
    preview = run(root, "game", "preview", "valley-demo")
    assert preview.exit_code == 0 and preview.output.startswith("PREVIEW: nothing was stored")
    for place in (root, twin):
        assert run(place, "process", "--now", later).exit_code == 0
    rolled = run(root, "game", "rollback", "valley-demo", "--now", later)
    assert rolled.exit_code == 0 and "back at turn 2" in rolled.output
    assert run(root, "process", "--now", "2026-02-05T00:00").exit_code == 0
    states = []
    for place in (root, twin):
        with Session(open_engine(f"sqlite:///{place / 'pbem.sqlite'}")) as s:
            states.append(s.get(Game, "valley-demo").state_json)
    assert states[0] == states[1], "the re-run reaches the state of a game that never rolled back"
    with Session(open_engine(f"sqlite:///{root / 'pbem.sqlite'}")) as s:
        assert "rollback" in [x.action for x in s.exec(select(GmLog))]
    notices = list((root / "mail" / "outbox" / "red@demo.example" / "new").iterdir())
    assert any(b"rolled back" in p.read_bytes() for p in notices)
    assert run(root, "game", "end", "valley-demo").exit_code == 0
    assert "Game valley-demo: over" in run(root, "status").output


def test_gm_actions_are_logged_and_shown(tmp_path: Path) -> None:
    root = tmp_path / "demo"
    assert CliRunner().invoke(main, ["demo", str(root), "--turns", "1"]).exit_code == 0
    assert run(root, "game", "bot", "valley-demo", "blue", "on").exit_code == 0
    replaced = run(root, "game", "replace", "valley-demo", "red", "newred@demo.example")
    assert replaced.exit_code == 0 and "red@demo.example replaced by newred@demo.example" in replaced.output
    log = run(root, "history", "valley-demo", "--gm-log").output
    assert "bot" in log and "blue in civil disorder" in log and "replace" in log
    assert run(root, "archive", "build", "--out", str(tmp_path / "site")).exit_code == 0
    page = (tmp_path / "site" / "valley-demo" / "index.html").read_text()
    assert "GM actions" in page and "blue in civil disorder" in page
    assert "newred@demo.example" not in page, "addresses stay out of the public archive"
    bad = run(root, "game", "bot", "valley-demo", "purple", "on")
    assert bad.exit_code == 1 and "no seat purple" in bad.output


def test_gm_clock_and_vacation_from_the_command_line(tmp_path: Path) -> None:
    from datetime import timedelta
    from pbem.models import Game, OutboundMail, Seat
    root = tmp_path / "demo"
    assert CliRunner().invoke(main, ["demo", str(root), "--turns", "1"]).exit_code == 0
    now = "2026-01-05T12:00"
    engine = open_engine(f"sqlite:///{root / 'pbem.sqlite'}")
    with Session(engine) as s:
        first = s.get(Game, "valley-demo").deadline
    paused = run(root, "game", "pause", "valley-demo", "--now", now)
    assert paused.exit_code == 0 and "paused the game" in paused.output
    again = run(root, "game", "pause", "valley-demo")
    assert again.exit_code == 1 and "the game is paused by the GM; nothing to pause" in again.output
    assert run(root, "game", "resume", "valley-demo", "--now", "2026-01-05T18:00").exit_code == 0
    bad = run(root, "game", "extend", "valley-demo", "soon")
    assert bad.exit_code == 1 and "'soon' is not a duration" in bad.output
    assert run(root, "game", "extend", "valley-demo", "1d", "--now", now).exit_code == 0
    with Session(engine) as s:
        deadline = s.get(Game, "valley-demo").deadline
    assert deadline - first == timedelta(hours=6 + 24), "moved by the 6 hours paused and the day"
    too_long = run(root, "game", "vacation", "valley-demo", "red", "3")
    assert too_long.exit_code == 1 and "seat red has 2 turn(s) of vacation left" in too_long.output
    assert "red is away for 1 turn(s)" in run(root, "game", "vacation", "valley-demo", "red", "1").output
    assert run(root, "game", "process-now", "valley-demo", "--now", now).exit_code == 0
    assert run(root, "process", "--now", now).exit_code == 0
    with Session(engine) as s:
        assert s.get(Game, "valley-demo").turn_no == 2
        assert s.exec(select(Seat).where(Seat.name == "red")).one().missed_turns == 0
        notices = [m for m in s.exec(select(OutboundMail)) if m.kind == "notice" and m.to_addr == "blue@demo.example"]
    assert len(notices) == 4, "blue was told of the pause, resume, extension and processing"
    log = run(root, "history", "valley-demo", "--gm-log").output
    assert all(word in log for word in ("pause", "resume", "extend", "process", "vacation"))


def test_the_demo_plays_to_the_end_and_status_names_the_winner(tmp_path: Path) -> None:
    root = tmp_path / "demo"
    result = CliRunner().invoke(main, ["demo", str(root)])
    assert result.exit_code == 0, result.output
    assert "the game is over after" in result.output and " won (" in result.output
    status = run(root, "status").output
    assert status.startswith("Game valley-demo: over after turn ") and " won (" in status
    from pbem.db import open_engine
    assert lines_over(open_engine(f"sqlite:///{root / 'pbem.sqlite'}")) == []
    assert run(root, "archive", "build", "--out", str(tmp_path / "site")).exit_code == 0
    page = (tmp_path / "site" / "valley-demo" / "index.html").read_text()
    assert re.search(r"Status: over, turn \d+: [^<]+\. \w+ won \(", page), "the outcome is a sentence of its own"
