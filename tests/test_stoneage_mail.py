"""Stone Age hosted by the mail layer (in this process, on the embedded
Maildir transport): plan mode, a round a step, a missed plan, a bot seat;
on SQLite and PostgreSQL."""
from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

from sqlmodel import Session, select

from pbem.gm import gmtools
from pbem.config import load
from pbem.db import migrate
from pbem.play.games import GameSpec, create_game, start_game
from pbem.site.history import replay
from pbem.models import Game, Seat
from pbem_world import Text, World, order_mail, run_pass, text_of

T0 = datetime(2026, 5, 4, 8, 0, tzinfo=timezone.utc)
ADDRESS = {"red": "ann@example.org", "blue": "bob@example.org"}


def _table(tmp_path, database: str) -> tuple[World, dict[str, str]]:
    world = World(tmp_path, database=database)
    engine = world.engine()
    migrate(engine)
    with Session(engine) as s:
        create_game(s, GameSpec(id="sa-1", ruleset="stoneage", seats=list(ADDRESS.items()), seed="mail",
                                deadline="48h", early="0m", gm_email="gm@example.org"), T0)
        passwords = start_game(s, load(world.config), s.get(Game, "sa-1"), T0)
        s.commit()
    return world, passwords


def _mail(world: World, seat: str) -> list[str]:
    return [Text(f"{m['Subject']}\n{text_of(m)}") for m in world.outbox(ADDRESS[seat])]


def test_a_round_a_step_with_plans_a_missed_plan_and_bots(tmp_path, database) -> None:
    world, passwords = _table(tmp_path, database)
    run_pass(world, T0)
    assert "=== pbem report" in _mail(world, "red")[0], "the welcome mail carries the first report"

    # Round 1: both send a plan and READY (the game runs a ready round at once); one step plays it.
    world.post(order_mail(ADDRESS["red"], f"SIGNON sa-1 red {passwords['red']}\nTURN 1\nPLACE 5 hunt\n"
                                          "BUY card2\nFEED stone gold\nREADY\n"))
    world.post(order_mail(ADDRESS["blue"], f"SIGNON sa-1 blue {passwords['blue']}\n"
                                           "PLACE 2 hut\nPLACE 3 forest OR 3 clay\nREADY\n"))
    code, summary = run_pass(world, T0 + timedelta(hours=1))
    assert code == 0 and summary.resolved == ["sa-1 turn 0"], summary.lines()
    # One number for one moment: the round, in TURN, the answer, the subject and the report.
    answer = next(m for m in _mail(world, "red") if "Orders stored for sa-1 round 1, seat red" in m)
    flat = " ".join(answer.split())
    assert 'Please note (the orders are stored as they are): line 4 "BUY card2": no PLACE line puts a person on ' \
           "card2" in flat
    with Session(world.engine()) as s:
        game = s.get(Game, "sa-1")
        state = json.loads(game.state_json)
    assert game.turn_no == 1 and state["round"] == 2, "one step played the whole of round 1"
    red, blue = _mail(world, "red")[-1], _mail(world, "blue")[-1]
    assert "=== pbem report sa-1 round 2 ===" in red and "=== end of report ===" in red
    assert red.startswith("[sa-1] round 2 report for red") and "\nRound 2, placement.\n" in red
    assert "\nTURN 2\n" in red and "step" not in red.split("=== end of report ===")[0].lower()
    assert "PLACE 3 forest OR 3 clay" not in red, "blue's plan is blue's alone"
    assert "PLACE 3 forest OR 3 clay" in blue
    assert "Your standing orders" in red and "FEED stone gold" in red, "FEED stays for the next rounds"
    assert "BUY card2" not in red.split("Your standing orders")[1], "BUY went with round 1"

    # Round 2: red's only mail names round 1 (refused); at the deadline its people are placed by
    # its standing orders and the standing rules.
    world.post(order_mail(ADDRESS["red"], f"SIGNON sa-1 red {passwords['red']}\nTURN 1\nPLACE 5 hunt\n"
                                          "HISTORY 1\n"))
    world.post(order_mail(ADDRESS["blue"], f"SIGNON sa-1 blue {passwords['blue']}\nTURN 2\nPLACE 5 hunt\n"))
    run_pass(world, T0 + timedelta(hours=45))
    reminder = next(m for m in _mail(world, "red") if "reminder" in m.splitlines()[0])
    assert "reminder: orders for round 2" in reminder.splitlines()[0], reminder
    assert "No orders from seat red for sa-1 round 2 yet." in reminder
    assert "Without orders the standing rules play your round" in reminder and "tribe" not in reminder
    code, summary = run_pass(world, T0 + timedelta(hours=50))
    assert code == 0 and summary.resolved == ["sa-1 turn 1"]
    late = " ".join(" ".join(m.split()) for m in _mail(world, "red")[-3:])
    assert "Round 1 was already played; the game is at round 2 now. Your orders were NOT stored" in late
    assert "=== pbem report sa-1 round 1 ===" in late, "HISTORY counts in rounds too"
    with Session(world.engine()) as s:
        seats = {x.name: x for x in s.exec(select(Seat).where(Seat.game_id == "sa-1"))}
    assert (seats["red"].missed_turns, seats["blue"].missed_turns) == (1, 0)

    # Both seats handed to the bot: no person owes orders, so the next pass plays round after
    # round at once, to the end, without waiting for a deadline.
    with Session(world.engine()) as s:
        for seat in ("red", "blue"):
            gmtools.set_bot(s, load(world.config), s.get(Game, "sa-1"), seat, True, T0)
        s.commit()
    code, summary = run_pass(world, T0 + timedelta(hours=50, minutes=1))
    assert code == 0 and len(summary.resolved) > 3, summary.lines()
    with Session(world.engine()) as s:
        game = s.get(Game, "sa-1")
        assert game.status == "over", "a whole game of Stone Age runs by mail to its end"
        steps = replay(s, game)
    assert steps and all(x.same for x in steps), [x for x in steps if not x.same][:3]
    final = _mail(world, "blue")[-1]
    assert "over" in final.splitlines()[0].lower()


def test_the_archive_charts_the_scores_round_by_round(tmp_path) -> None:
    """Live placement makes many steps a round; the archive's chart has one point a round."""
    import re

    from archive_pages import live_stoneage

    from pbem.site.archive import build
    from pbem.site.history import records

    world = live_stoneage(tmp_path, ADDRESS, T0)
    with Session(world.engine()) as s:
        done = records(s, "sa-live")
        rounds = {json.loads(r.state_json)["round"] for r in done}
        assert len(done) > len(rounds) > 1, "several steps a round, and more than one round"
        build(s, tmp_path / "site")
    page = (tmp_path / "site" / "sa-live" / "index.html").read_text()
    assert 'aria-label="score by round"' in page
    start = page.index('aria-label="score by round"')
    chart = page[start:page.index("</svg>", start)]
    lines = re.findall(r'<polyline [^>]*points="([^"]+)"', chart)
    assert len(lines) == len(ADDRESS), "a line a seat"
    assert all(len(points.split()) == len(rounds) for points in lines), (lines, sorted(rounds))


def test_a_bot_seat_never_holds_a_round_that_every_person_is_ready_for(tmp_path) -> None:
    """Three seats, one the bot's: the two people send their plans with READY, and the round runs
    in that pass, long before its deadline."""
    world = World(tmp_path)
    engine = world.engine()
    migrate(engine)
    seats = {**ADDRESS, "green": "gil@example.org"}
    with Session(engine) as s:
        create_game(s, GameSpec(id="sa-3", ruleset="stoneage", seats=list(seats.items()), seed="bots",
                                deadline="48h", early="0m", gm_email="gm@example.org"), T0)
        passwords = start_game(s, load(world.config), s.get(Game, "sa-3"), T0)
        gmtools.set_bot(s, load(world.config), s.get(Game, "sa-3"), "green", True, T0)
        s.commit()
    for seat in ("red", "blue"):
        world.post(order_mail(seats[seat], f"SIGNON sa-3 {seat} {passwords[seat]}\nTURN 1\nPLACE 5 hunt\nREADY\n"))
    code, summary = run_pass(world, T0 + timedelta(minutes=5))
    assert code == 0 and summary.resolved == ["sa-3 turn 0"], summary.lines()
