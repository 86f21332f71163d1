"""Issue 26's two holes, closed: a resigned seat's player gets no more mail
about the seat (reports, "your move", reminders, digests, GM notices, press,
answers to pre-orders) until the GM gives the seat to someone else; and a
rolled-back step waits for new orders from the seats it awaits, its deadline
restarted, unless the GM asks for a re-run. Played with Tally
(tests/seqgame.py, players act in turn) and Valley (everyone orders
together), the GM's commands through the command line in this process and
by mail."""
from __future__ import annotations

import json
from datetime import timedelta, timezone
from pathlib import Path

from click.testing import CliRunner
from sqlmodel import Session, select

from pbem.inbox import passwords
from pbem.cli import main
from pbem.models import Game, Seat, Sheet, TurnRecord
from pbem_world import World, order_mail, password_in, run_pass, said, text_of
from test_sequential import ADDRESS, T0, Table, tally  # noqa: F401  (tally: the fixture)

GM = "gm@example.org"
DAN = "dan@example.org"


def gm(table: Table, *args: str) -> str:
    """A GM command through the command line, in this process; its output."""
    result = CliRunner().invoke(main, ["--config", str(table.world.config), "game", *args], env={})
    assert result.exit_code == 0, result.output
    return result.output


def gm_mail(table: Table, body: str, at) -> str:  # type: ignore[no-untyped-def]
    """The GM's mail (the GM password set to a known one), handled by a pass at ``at``: the answer."""
    with Session(table.engine) as s:
        game = s.get(Game, "tally-1")
        game.gm_password_hash = passwords.hash_password("gm-secret")
        s.add(game)
        s.commit()
    table.world.post(order_mail(GM, f"SIGNON tally-1 gm gm-secret\n{body}\n"))
    table.run(at)
    return [m for m in table.mail(GM) if m.startswith("[tally-1] Re:")][-1]


def pile(table: Table) -> tuple[int, int]:
    """The game's step and the stones left."""
    game = table.game()
    return game.turn_no, json.loads(game.state_json)["pile"]


def played(table: Table, step: int) -> dict[str, list[str]]:
    with Session(table.engine) as s:
        record = s.exec(select(TurnRecord).where(TurnRecord.game_id == "tally-1",
                                                 TurnRecord.turn_no == step)).one()
        return json.loads(record.sheets_json)


# -- 1. a resigned seat's player hears no more of the seat ---------------------
def test_a_resigned_seat_gets_no_mail_and_its_mail_is_not_carried_out(tmp_path, database, tally) -> None:
    table = Table(tmp_path, database)
    table.send("b", "DIGEST STEP\nRESIGN")
    table.run(T0 + timedelta(hours=1))
    answer = table.mail("b")[-1]
    assert "You resigned seat b of tally-1. The seat now plays default orders; the GM is told." in answer
    assert "From now on you get no mail about the seat, and mail signed on as b is not carried out. To " \
           "follow the game's public reports, send OBSERVE tally-1 without SIGNON." in answer
    assert "asks you now" not in answer, "nothing is asked of a player who resigned"
    before = len(table.mail("b"))

    # a moves; b's move is played by the missed rule at once, and c is asked.
    table.send("a", "TAKE 2")
    assert table.run(T0 + timedelta(hours=2)).resolved == ["tally-1 turn 0", "tally-1 turn 1"]
    assert pile(table) == (2, 7)
    assert "your move, step 2" in table.mail("c")[-1].splitlines()[0]

    # b's pre-orders, STATUS and press are not carried out; press to b is refused, to ALL skips b.
    table.send("b", "TAKE 2\nSTATUS\nPRESS TO c\nhello\nENDPRESS")
    table.send("a", "PRESS TO b\nyou there?\nENDPRESS")
    table.send("a", "PRESS TO ALL\nhello all\nENDPRESS")
    table.run(T0 + timedelta(hours=3))
    refused = table.mail("b")[-1]
    assert "Line 1: you resigned seat b of tally-1, so nothing in this mail was done; the seat plays on " \
           "without you. To follow the game's public reports, send OBSERVE tally-1 without SIGNON." in refused
    assert "stored" not in refused and "Game tally-1" not in refused
    with Session(table.engine) as s:
        assert s.exec(select(Sheet).where(Sheet.seat == "b")).first() is None, "nothing stored for b"
    answers = table.mail("a")[-2:]
    assert any("Line 2: seat b resigned, and its player gets no press; nothing was sent." in m for m in answers)
    assert any("Press sent to everyone (1 line)." in m for m in answers)
    assert [m.splitlines()[0] for m in table.mail("c") if "press from" in m.splitlines()[0]] == \
        ["[tally-1] press from a"], "c got the press to ALL; b's own press was not sent"

    # The GM's notices, c's reminders, the missed move and the round's digests: none to b.
    gm(table, "pause", "tally-1", "--now", (T0 + timedelta(hours=4)).isoformat())
    gm(table, "resume", "tally-1", "--now", (T0 + timedelta(hours=4)).isoformat())
    for at in (T0 + timedelta(hours=21), T0 + timedelta(hours=25, minutes=30)):
        table.run(at)
    assert len([m for m in table.mail("c") if "reminder" in m.splitlines()[0]]) == 2
    assert table.run(T0 + timedelta(hours=27)).resolved == ["tally-1 turn 2"]
    assert any("The GM paused the game." in m for m in table.mail("a"))
    assert "c takes 1; 6 left." in table.mail("a")[-1], "a's round digest"
    gm(table, "rollback", "tally-1", "--rerun", "--now", (T0 + timedelta(hours=28)).isoformat())
    assert table.run(T0 + timedelta(hours=28, minutes=1)).resolved == ["tally-1 turn 2"]
    assert any("step 2 rolled back" in m.splitlines()[0] for m in table.mail("c"))
    assert len(table.mail("b")) == before + 1, [m.splitlines()[0] for m in table.mail("b")[before:]]

    # The GM gives the seat to dan: dan gets the welcome, and "your move" when b is to move.
    out = gm(table, "replace", "tally-1", "b", DAN, "--now", (T0 + timedelta(hours=29)).isoformat())
    assert "bob@example.org replaced by dan@example.org" in out
    table.send("a", "TAKE 1")
    assert table.run(T0 + timedelta(hours=30)).resolved == ["tally-1 turn 3"]
    dan = table.mail(DAN)
    assert "Your password is:" in dan[0] and "your move, step 4" in dan[-1].splitlines()[0]
    assert "a takes 1; 5 left." in dan[-1] and "a takes 2; 8 left." not in dan[-1], \
        "dan's news start at the welcome, not at b's last mail"
    secret = password_in(table.world.outbox(DAN))
    table.world.post(order_mail(DAN, f"SIGNON tally-1 b {secret}\nTAKE 2"))
    assert table.run(T0 + timedelta(hours=31)).resolved == ["tally-1 turn 4"]
    assert pile(table) == (5, 3)
    assert len(table.mail("b")) == before + 1, "the old address hears nothing of dan's seat"


def test_the_end_notice_skips_a_resigned_seat_unless_it_observes(tmp_path, database, tally) -> None:
    table = Table(tmp_path, database)
    table.send("b", "RESIGN")
    table.send("c", "RESIGN")
    table.run(T0 + timedelta(hours=1))
    with Session(table.engine) as s:
        from pbem.models import Observer
        s.add(Observer(game_id="tally-1", email=ADDRESS["c"]))     # c's player follows the game
        s.commit()
    gm(table, "end", "tally-1", "--now", (T0 + timedelta(hours=2)).isoformat())
    table.run(T0 + timedelta(hours=2))
    over = {seat: [m for m in table.mail(seat) if "the game is over" in m.splitlines()[0]] for seat in "abc"}
    assert (len(over["a"]), len(over["b"]), len(over["c"])) == (1, 0, 1)


# -- 2. a rolled-back step waits for new orders --------------------------------
def test_a_rolled_back_step_waits_for_the_seat_to_move(tmp_path, database, tally) -> None:
    table = Table(tmp_path, database)
    table.send("c", "TAKE 3 IF PILE 5")      # c's pre-order for its next move
    table.send("a", "TAKE 2")
    assert table.run(T0 + timedelta(hours=1)).resolved == ["tally-1 turn 0"]

    out = gm(table, "rollback", "tally-1", "--now", (T0 + timedelta(hours=2)).isoformat())
    assert out == "tally-1 is back at turn 0; it waits for new orders until 2026-03-03 11:00 UTC; the notices " \
                  "go out with the next pass\n"
    game = table.game()
    assert game.deadline.replace(tzinfo=timezone.utc) == T0 + timedelta(hours=26), "a whole move from the rollback"
    assert json.loads(game.standing_json) == {"a": "TAKE 2"}, "the sheet of the seat to move stands aside"
    with Session(table.engine) as s:
        rows = {x.seat: x.text for x in s.exec(select(Sheet).where(Sheet.turn_no == 0))}
    assert rows == {"c": "TAKE 3 IF PILE 5"}, "a pre-order for a later move stays as it was"

    table.send("b", "STATUS")
    assert table.run(T0 + timedelta(hours=3)).resolved == [], "the step waits for a"
    assert "a orders from before the rollback stand" in said(table.mail("b")[-1])
    notice = next(m for m in table.mail("a") if "rolled back" in m.splitlines()[0])
    assert notice.splitlines()[0] == "[tally-1] step 0 rolled back"
    assert "The GM rolled back step 0 of tally-1; the report of step 1 no longer counts. It waits for your move " \
           "until 2026-03-03 11:00 UTC: send it again, the same or a new one. Without new ones, the orders " \
           "you had sent are played then." in said(notice)
    other = next(m for m in table.mail("c") if "rolled back" in m.splitlines()[0])
    assert "It waits for new orders until 2026-03-03 11:00 UTC; nothing is asked of you." in other

    # a's new move is played as soon as it comes; c's pre-order still answers its move.
    table.send("a", "TAKE 3")
    assert table.run(T0 + timedelta(hours=4)).resolved == ["tally-1 turn 0"]
    assert played(table, 0) == {"a": ["TAKE 3"], "c": ["TAKE 3 IF PILE 5"]}
    assert pile(table) == (1, 7) and table.game().standing_json == "{}"


def test_a_rolled_back_step_plays_the_standing_move_at_its_deadline(tmp_path, database, tally) -> None:
    table = Table(tmp_path, database)
    table.send("a", "TAKE 2")
    table.run(T0 + timedelta(hours=1))
    gm(table, "rollback", "tally-1", "--now", (T0 + timedelta(hours=2)).isoformat())
    for at in (T0 + timedelta(hours=3), T0 + timedelta(hours=21), T0 + timedelta(hours=25, minutes=30)):
        assert table.run(at).resolved == []
    assert not any("reminder" in m.splitlines()[0] for m in table.mail("a")), \
        "a's move stands: a is not reminded as if it had sent none"
    assert table.run(T0 + timedelta(hours=26, minutes=1)).resolved == ["tally-1 turn 0"]
    assert pile(table) == (1, 8) and table.seat("a").missed_turns == 0
    # Rolled back again, the move that stood stands again (it was played from aside).
    gm(table, "rollback", "tally-1", "--now", (T0 + timedelta(hours=27)).isoformat())
    assert json.loads(table.game().standing_json) == {"a": "TAKE 2"}


def test_a_rerun_runs_the_step_at_once(tmp_path, database, tally) -> None:
    table = Table(tmp_path, database)
    table.send("a", "TAKE 2")
    table.run(T0 + timedelta(hours=1))
    dry = gm(table, "rollback", "tally-1", "--rerun", "--dry-run", "--now", (T0 + timedelta(hours=2)).isoformat())
    assert dry.startswith("dry run, nothing was changed: tally-1 would be back at turn 0; it runs again on the "
                          "next pass with the sheets that stood\nit would mail 3:\n")
    assert "ann@example.org: [tally-1] step 0 rolled back" in dry and table.game().turn_no == 1
    gm(table, "rollback", "tally-1", "--rerun", "--now", (T0 + timedelta(hours=2)).isoformat())
    assert table.run(T0 + timedelta(hours=2, minutes=1)).resolved == ["tally-1 turn 0"]
    assert pile(table) == (1, 8)
    notice = next(m for m in table.mail("a") if "rolled back" in m.splitlines()[0])
    assert "It runs again with the orders that stood, without waiting for new ones; its new report " \
           "follows." in notice


def test_rollback_by_mail_waits_or_reruns(tmp_path, database, tally) -> None:
    table = Table(tmp_path, database)
    table.send("a", "TAKE 2")
    table.run(T0 + timedelta(hours=1))
    answer = gm_mail(table, "ROLLBACK NOW", T0 + timedelta(hours=2))
    assert "Line 2: write ROLLBACK (the turn waits for new orders), or ROLLBACK RERUN (it runs again at once " \
           "with the sheets that stood)." in answer and pile(table) == (1, 8)
    answer = gm_mail(table, "ROLLBACK", T0 + timedelta(hours=3))
    assert "GM: rolled the game back to turn 0; it waits for new orders until 2026-03-03 12:00 UTC." in answer
    assert pile(table) == (0, 10), "the same pass did not run the step again"
    answer = gm_mail(table, "PROCESS NOW", T0 + timedelta(hours=4))
    assert pile(table) == (1, 8), "at its deadline the step plays the move that stood"
    answer = gm_mail(table, "ROLLBACK RERUN", T0 + timedelta(hours=5))
    assert "GM: rolled the game back to turn 0; it runs again with the sheets that stood, without waiting " \
           "for new orders." in answer
    assert pile(table) == (1, 8) and played(table, 0)["a"] == ["TAKE 2"], "run again in the same pass"


# -- 3. Valley: a rolled-back turn waits for new orders and new READYs ---------
def test_a_rolled_back_valley_turn_waits_for_new_readys(tmp_path: Path, database: str) -> None:
    world = World(tmp_path, database=database)

    def cli(*args: str) -> str:
        result = CliRunner().invoke(main, ["--config", str(world.config), *args], env={})
        assert result.exit_code == 0, result.output
        return result.output

    def send(address: str, seat: str, body: str) -> None:
        world.post(order_mail(address, f"SIGNON g {seat} {secret[seat]}\n{body}\n"))

    def turn() -> int:
        with Session(world.engine()) as s:
            return s.get(Game, "g").turn_no

    cli("game", "new", "g", "--seat", "red:ann@example.org", "--seat", "blue:bob@example.org", "--seed", "w")
    cli("game", "start", "g", "--now", T0.isoformat())
    run_pass(world, T0)
    secret = {seat: password_in(world.outbox(address)) for seat, address in
              (("red", "ann@example.org"), ("blue", "bob@example.org"))}
    send("ann@example.org", "red", "PLACE C3\nREADY")
    send("bob@example.org", "blue", "PLACE G5\nREADY")
    run_pass(world, T0 + timedelta(minutes=1))
    run_pass(world, T0 + timedelta(minutes=40))
    assert turn() == 1, "every seat READY: the turn ran early"

    out = cli("game", "rollback", "g", "--now", (T0 + timedelta(hours=1)).isoformat())
    assert "g is back at turn 0; it waits for new orders until 2026-03-05 10:00 UTC" in out, out
    with Session(world.engine()) as s:
        assert not any(x.ready for x in s.exec(select(Seat)))
    run_pass(world, T0 + timedelta(hours=2))
    assert turn() == 0, "the READYs of before the rollback do not count"
    notice = next(text_of(m) for m in world.outbox("ann@example.org") if "rolled back" in m["Subject"])
    assert "It waits for your orders until 2026-03-05 10:00 UTC: send them again, the same or new ones, with " \
           "READY if it may run early. Without new ones, the orders you had sent are played then." in said(notice)

    send("ann@example.org", "red", "PLACE C4\nREADY")
    run_pass(world, T0 + timedelta(hours=2, minutes=5))
    run_pass(world, T0 + timedelta(hours=3))
    assert turn() == 0, "blue's READY has not come again"
    send("bob@example.org", "blue", "READY")
    run_pass(world, T0 + timedelta(hours=3, minutes=5))
    run_pass(world, T0 + timedelta(hours=4))
    assert turn() == 1
    with Session(world.engine()) as s:
        record = s.exec(select(TurnRecord).where(TurnRecord.turn_no == 0)).one()
    assert json.loads(record.sheets_json) == {"red": ["PLACE C4"], "blue": ["PLACE G5"]}, \
        "red's new sheet, and blue's that stood"

    cli("game", "rollback", "g", "--rerun", "--now", (T0 + timedelta(hours=5)).isoformat())
    run_pass(world, T0 + timedelta(hours=5, minutes=1))
    assert turn() == 1, "a re-run runs on the next pass"


# -- 4. Dewan, as the attacker's test played it ---------------------------------
def test_dewan_rollback_waits_and_a_resigned_seat_hears_nothing(tmp_path: Path) -> None:
    import random

    from engine.dewan import RULESET as DEWAN
    world = World(tmp_path)
    address = {"red": "ann@example.org", "blue": "bob@example.org"}
    runner = CliRunner()

    def cli(*args: str) -> str:
        result = runner.invoke(main, ["--config", str(world.config), *args], env={})
        assert result.exit_code == 0, result.output
        return result.output

    def game() -> Game:
        with Session(world.engine()) as s:
            return s.get(Game, "d")

    def move(at) -> str:  # type: ignore[no-untyped-def]
        """The seat to move sends a move (the bot's), handled by a pass at ``at``; which seat it was."""
        state = DEWAN.from_json(game().state_json)
        (seat,) = DEWAN.awaiting(state)
        sheet = DEWAN.bot_orders(state, seat, random.Random(at.isoformat()))
        world.post(order_mail(address[seat], f"SIGNON d {seat} {secret[seat]}\n" + "\n".join(sheet.normal)))
        run_pass(world, at)
        return seat

    cli("game", "new", "d", "--ruleset", "dewan", "--seat", f"red:{address['red']}", "--seat",
        f"blue:{address['blue']}", "--seed", "x")
    cli("game", "start", "d", "--now", T0.isoformat())
    run_pass(world, T0)
    secret = {seat: password_in(world.outbox(to)) for seat, to in address.items()}
    assert move(T0 + timedelta(minutes=1)) == "blue" and game().turn_no == 1
    cli("game", "rollback", "d", "--now", (T0 + timedelta(hours=1)).isoformat())
    run_pass(world, T0 + timedelta(hours=2))
    assert game().turn_no == 0, "the rolled-back step waits for blue's move"
    assert move(T0 + timedelta(hours=3)) == "blue" and game().turn_no == 1

    world.post(order_mail(address["red"], f"SIGNON d red {secret['red']}\nRESIGN"))
    run_pass(world, T0 + timedelta(hours=4))
    before, step = len(world.outbox(address["red"])), game().turn_no
    assert step > 1, "red's moves were played for it at once"
    for hour in (5, 6, 7):
        assert move(T0 + timedelta(hours=hour)) == "blue"
    assert game().turn_no > step + 3, "and they still are"
    world.post(order_mail(address["red"], f"SIGNON d red {secret['red']}\nTAKE 1"))
    run_pass(world, T0 + timedelta(hours=8))
    red = world.outbox(address["red"])
    assert len(red) == before + 1 and "you resigned seat red of d, so nothing in this mail was done" in \
        said(text_of(red[-1]))
