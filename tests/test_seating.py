"""Which sheet each seat plays, and who owes orders: reminders, missed turns,
LATE, the GM's preview and rollback (pbem/play/seating.py, pbem/play/turns.py,
pbem/gm/gmtools.py)."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

from sqlmodel import Session, select

from engine import get_ruleset
from pbem.models import Game, GmLog, Seat
from pbem_world import World, order_mail, password_in, run_pass, text_of

T0 = datetime(2026, 5, 1, 8, 0, tzinfo=timezone.utc)
T1 = T0 + timedelta(hours=49)                 # turn 0 (the setup) resolved: the game is at turn 1
ADDRESS = {"red": "ann@example.org", "blue": "bob@example.org", "green": "cy@example.org",
           "white": "eve@example.org"}
VALLEY = get_ruleset("valley")


def new_world(root: Path, *extra: str, seats: tuple[str, ...] = ("red", "blue", "green", "white"),
              database: str = "sqlite:///pbem.sqlite") -> World:
    """A game ``g`` at turn 1 (the setup resolved at T1), with every seat's password."""
    w = World(root, database=database)
    w.pbem("game", "new", "g", *[a for x in seats for a in ("--seat", f"{x}:{ADDRESS[x]}")],
           "--gm", "gm@example.org", "--seed", "seating", "--deadline", "48h", *extra)
    w.pbem("game", "start", "g", "--now", T0.isoformat())
    run_pass(w, T0)
    w.secret = {x: password_in(w.outbox(ADDRESS[x])) for x in seats}
    run_pass(w, T1)
    with Session(w.engine()) as s:
        assert s.get(Game, "g").turn_no == 1
    return w


def send(world: World, seat: str, body: str, at: datetime) -> None:
    world.post(order_mail(ADDRESS[seat], f"SIGNON g {seat} {world.secret[seat]}\n{body}\n"))
    run_pass(world, at)


def seats(world: World) -> dict[str, Seat]:
    with Session(world.engine()) as s:
        return {x.name: x for x in s.exec(select(Seat))}


def eliminate(world: World, seat: str) -> None:
    """Wipe ``seat``'s tribe out for good, as the engine leaves it (out, no comeback)."""
    with Session(world.engine()) as s:
        game = s.get(Game, "g")
        state = VALLEY.from_json(game.state_json)
        for space in state.spaces.values():
            space.tribes.pop(seat, None)
            if space.camp == seat:
                space.camp = None
        tribe = state.tribes[seat]
        tribe.out, tribe.resurrected, tribe.rising, tribe.fire = True, True, False, False
        assert VALLEY.view(state, None)["tribes"][seat]["out"]
        game.state_json = VALLEY.to_json(state)
        s.add(game)
        s.commit()


def reminders(world: World, seat: str) -> list:
    return [m for m in world.outbox(ADDRESS[seat]) if "reminder" in m["Subject"]]


def test_the_policy_decides_each_seats_sheet() -> None:
    import random

    from pbem.play import seating
    from valley_games import play
    state = play(5, 2, players=6)
    assert state.stage == "orders" and not any(t.out for t in state.tribes.values())
    for space in state.spaces.values():          # brown is wiped out for good
        space.tribes.pop("brown", None)
        space.camp = None if space.camp == "brown" else space.camp
    state.tribes["brown"].out, state.tribes["brown"].resurrected = True, True
    turn = 4
    seats = [seating.Flags("red"), seating.Flags("blue"), seating.Flags("green", bot=True),
             seating.Flags("white", resigned=True), seating.Flags("black", away_until=turn + 1),
             seating.Flags("brown", bot=True)]
    stored = {"red": "LOSSES FEMALES", "green": "STARVE FEMALES", "white": "STARVE FEMALES"}

    def bot(name: str) -> list[str]:
        return VALLEY.bot_orders(state, name, random.Random(f"seed:{turn}:{name}")).normal

    for missed in ("hold", "bot"):
        plays = seating.plan(VALLEY, state, seats, stored, turn_no=turn, missed=missed, seed="seed")
        rule = bot if missed == "bot" else (lambda name: [])
        assert {n: p.why for n, p in plays.items()} == {
            "red": "orders", "blue": "missing", "green": "bot", "white": "resigned", "black": "away",
            "brown": "out"}
        assert {n: p.sheet.normal for n, p in plays.items()} == {
            "red": ["LOSSES FEMALES"], "blue": rule("blue"), "green": bot("green"), "white": rule("white"),
            "black": [], "brown": []}
        assert [n for n, p in plays.items() if p.missing] == ["blue"]
        assert seating.out_seats(VALLEY, state) == {"brown"}
        assert [x.name for x in seats if seating.owes_orders(x, turn, {"brown"})] == ["red", "blue"]
    refused = seating.plan(VALLEY, state, [seating.Flags("blue")], {"blue": "MOVE 9W A1-A2"}, turn_no=turn,
                           missed="bot", seed="seed")["blue"]
    assert refused.why == "refused" and refused.refused and not refused.missing
    assert refused.sheet.normal == bot("blue"), "a sheet that does not read cleanly plays the missed rule"
    assert bot("blue") != [] and bot("green") != bot("blue")


# -- 1. seats out of the game, or resigned, owe no orders ---------------------
def test_out_and_resigned_seats_are_neither_reminded_nor_counted_missing(tmp_path: Path) -> None:
    w = new_world(tmp_path)
    before = {name: x.missed_turns for name, x in seats(w).items()}
    eliminate(w, "green")
    send(w, "white", "RESIGN", T1 + timedelta(minutes=1))
    send(w, "red", "LOSSES FEMALES", T1 + timedelta(minutes=2))
    run_pass(w, T1 + timedelta(hours=43))         # past the 6-hour reminder of turn 1
    assert len(reminders(w, "blue")) == 1, "a seat in play without orders is reminded"
    assert reminders(w, "green") == [], "a tribe that is out of the game is not reminded"
    assert reminders(w, "white") == [], "a resigned seat is not reminded"
    assert reminders(w, "red") == []
    run_pass(w, T1 + timedelta(hours=49))
    after = {name: x.missed_turns for name, x in seats(w).items()}
    assert {name: after[name] - before[name] for name in after} == {"red": 0, "blue": 1, "green": 0, "white": 0}
    with Session(w.engine()) as s:
        log = [x.detail for x in s.exec(select(GmLog).where(GmLog.action == "turn"))]
        assert s.get(Game, "g").turn_no == 2
    assert log[-1] == "resolved turn 1; missing: blue"


def test_who_owes_orders(tmp_path: Path) -> None:
    from pbem.play import seating
    w = new_world(tmp_path, "--missed", "bot")
    eliminate(w, "green")
    send(w, "white", "RESIGN", T1 + timedelta(minutes=1))
    w.pbem("game", "vacation", "g", "red", "1")
    with Session(w.engine()) as s:
        assert seating.owing(s, s.get(Game, "g")) == {"blue"}
    w.pbem("game", "vacation", "g", "red", "off")
    w.pbem("game", "bot", "g", "blue", "on")
    with Session(w.engine()) as s:
        assert seating.owing(s, s.get(Game, "g")) == {"red"}


def test_a_seat_whose_tribe_comes_back_still_owes_orders(tmp_path: Path) -> None:
    """Wiped out in the first year and not yet back (no free edge space): its
    PLACE lines choose where it comes back, so it is reminded as usual."""
    from pbem.play import seating
    w = new_world(tmp_path, seats=("red", "blue"))
    eliminate(w, "blue")
    with Session(w.engine()) as s:
        game = s.get(Game, "g")
        state = VALLEY.from_json(game.state_json)
        state.tribes["blue"].rising, state.tribes["blue"].resurrected = True, False
        game.state_json = VALLEY.to_json(state)
        s.add(game)
        s.commit()
        assert seating.out_seats(VALLEY, state) == set()
        assert seating.owing(s, s.get(Game, "g")) == {"red", "blue"}


def test_status_flags_only_seats_that_owe_orders_late(tmp_path: Path) -> None:
    w = new_world(tmp_path)
    eliminate(w, "green")
    send(w, "white", "RESIGN", T1 + timedelta(minutes=1))
    out = w.pbem("status", "g", "--now", (T1 + timedelta(hours=48, minutes=5)).isoformat()).stdout
    assert "blue       LATE: no orders" in out
    assert "green      LATE" not in out and "white      LATE" not in out


# -- 2. the preview plays the sheets the turn will play ------------------------
def test_preview_with_a_bot_seat_and_missed_bot_is_the_turn_that_runs(tmp_path: Path) -> None:
    from pbem.config import load
    from pbem.gm.gmtools import preview, preview_turn
    w = new_world(tmp_path, "--missed", "bot", seats=("red", "blue", "green"))
    w.pbem("game", "bot", "g", "blue", "on")                 # civil disorder
    send(w, "blue", "LOSSES FEMALES", T1 + timedelta(minutes=1))   # a bot seat's sheet is not played
    send(w, "red", "LOSSES FEMALES\nSTARVE FEMALES", T1 + timedelta(minutes=2))
    # green sends nothing: missed = "bot" plays it
    with Session(w.engine()) as s:
        game = s.get(Game, "g")
        foreseen = VALLEY.to_json(preview_turn(s, game).state)
        shown = preview(s, load(w.config), game)
    held = VALLEY.from_json(foreseen)
    assert held.tribes["red"].standing["starve"] == "females"
    run_pass(w, T1 + timedelta(hours=49))
    with Session(w.engine()) as s:
        game = s.get(Game, "g")
        assert game.turn_no == 2
        assert game.state_json == foreseen, "the previewed state is the state the turn reached"
    header, _, report = shown.partition("\n\n")
    assert header.startswith("PREVIEW: nothing was stored")
    assert report == w.pbem("history", "g").stdout, "the preview shows the public report of the turn"
    assert "2 of 2 turns reach the same state" in w.pbem("replay", "g").stdout


# -- 3. a rollback puts the seats back as they were ---------------------------
def test_rollback_restores_missed_turns_and_ready_flags(tmp_path: Path, database: str) -> None:
    w = new_world(tmp_path, seats=("red", "blue", "green"), database=database)
    send(w, "red", "LOSSES FEMALES\nREADY", T1 + timedelta(minutes=1))
    send(w, "green", "READY", T1 + timedelta(minutes=2))
    before = {name: (x.missed_turns, x.ready) for name, x in seats(w).items()}
    assert before["red"][1] and before["green"][1] and not before["blue"][1]
    run_pass(w, T1 + timedelta(hours=49))
    ran = {name: (x.missed_turns, x.ready) for name, x in seats(w).items()}
    assert ran["blue"][0] == before["blue"][0] + 1 and ran["green"][0] == before["green"][0] + 1
    assert not any(ready for _, ready in ran.values())
    rolled = w.pbem("game", "rollback", "g", "--rerun", "--now", (T1 + timedelta(hours=50)).isoformat())
    assert "back at turn 1; it runs again on the next pass" in rolled.stdout
    assert {name: (x.missed_turns, x.ready) for name, x in seats(w).items()} == before, \
        "a re-run plays the turn as it stood: its READY flags too"
    # The turn runs again and counts again: once, not twice.
    run_pass(w, T1 + timedelta(hours=51))
    assert {name: (x.missed_turns, x.ready) for name, x in seats(w).items()} == ran
    # Rolling back twice in a row undoes both turns' counts; a turn that waits for new
    # orders waits for new READYs too.
    w.pbem("game", "rollback", "g", "--now", (T1 + timedelta(hours=100)).isoformat())
    assert not any(x.ready for x in seats(w).values())
    w.pbem("game", "rollback", "g", "--now", (T1 + timedelta(hours=101)).isoformat())
    with Session(w.engine()) as s:
        assert s.get(Game, "g").turn_no == 0
    assert {x.missed_turns for x in seats(w).values()} == {0}
    run_pass(w, T1 + timedelta(hours=102))                  # the notices go out
    notices = [m for m in w.outbox(ADDRESS["blue"]) if "rolled back" in m["Subject"]]
    assert notices and "The GM rolled back turn 0 of g; the report of turn 1 no longer counts. It waits for your " \
           "orders until" in text_of(notices[-1])
