"""The sequential path of the mail layer, proved with Tally (tests/seqgame.py),
a tiny game where players act in turn: per-move deadline, reminders, a
missed move, pre-orders with a guard that fires and one that goes stale,
two seats' moves in one pass, a step that needs nobody run in the same
pass, "your move" mails and digests; on SQLite and PostgreSQL."""
from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

import pytest
from sqlmodel import Session, select

import seqgame
from pbem.db import migrate
from pbem.play.games import GameSpec, create_game, start_game
from pbem.config import load
from pbem.site.history import replay
from pbem.models import Game, Seat, TurnRecord
from pbem_world import Text, World, order_mail, run_pass, said, text_of
from seqpresent import tally_registered

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc)
ADDRESS = {"a": "ann@example.org", "b": "bob@example.org", "c": "cy@example.org"}


@pytest.fixture
def tally():
    with tally_registered():
        yield seqgame.RULESET


class Table:
    """A Tally game on a pbem server in a temp folder, played by mail in this process."""

    def __init__(self, root, database: str) -> None:
        self.world = World(root, database=database)
        self.engine = self.world.engine()
        migrate(self.engine)
        with Session(self.engine) as s:
            create_game(s, GameSpec(id="tally-1", ruleset="tally", seats=list(ADDRESS.items()),
                                    options={"stones": "10"}, gm_email="gm@example.org",
                                    move_deadline="24h", move_reminders=[6, 1]), T0)
            game = s.get(Game, "tally-1")
            self.passwords = start_game(s, load(self.world.config), game, T0)
            s.commit()

    def send(self, seat: str, body: str) -> None:
        self.world.post(order_mail(ADDRESS[seat], f"SIGNON tally-1 {seat} {self.passwords[seat]}\n{body}\n"))

    def run(self, at: datetime):
        code, summary = run_pass(self.world, at)
        assert code == 0, summary.lines()
        return summary

    def mail(self, seat_or_address: str) -> list[str]:
        """Subject and plain text of every mail the address got, oldest first."""
        address = ADDRESS.get(seat_or_address, seat_or_address)
        return [Text(f"{m['Subject']}\n{text_of(m)}") for m in self.world.outbox(address)]

    def game(self) -> Game:
        with Session(self.engine) as s:
            return s.get(Game, "tally-1")

    def seat(self, name: str) -> Seat:
        with Session(self.engine) as s:
            return s.exec(select(Seat).where(Seat.game_id == "tally-1", Seat.name == name)).one()


def test_a_whole_game_in_turn(tmp_path, database, tally) -> None:
    table = Table(tmp_path, database)
    game = table.game()
    assert (game.simultaneous, game.turn_no, game.deadline.replace(tzinfo=timezone.utc)) == \
        (False, 0, T0 + timedelta(hours=24)), "a step in turn has the move deadline"

    # Step 0: a is to move. b and c order ahead; a moves. One pass plays a's move and
    # b's pre-order (its guard holds: the pile is 8), and drops c's (it wants a pile of 5).
    table.send("b", "TAKE 2 IF PILE 8\nTAKE 1")
    table.send("c", "TAKE 3 IF PILE 5")
    table.send("a", "TAKE 2")
    summary = table.run(T0 + timedelta(hours=1))
    assert summary.resolved == ["tally-1 turn 0"]
    answer_b = table.mail("b")[-1]
    assert "Pre-orders stored for tally-1, seat b, written at step 0: they will answer your next move " \
           "(move 1)" in said(answer_b) and "TAKE 2 IF PILE 8" in answer_b
    assert "Orders stored for tally-1 step 0, seat a" in table.mail("a")[-2]
    your_move = table.mail("c")[-1]
    assert "your move" in your_move.splitlines()[0].lower()
    assert "Your move in tally-1, step 1: your move: take 1 to 3 stones from the pile of 6." in your_move
    assert "a takes 2; 8 left." in your_move and "b takes 2; 6 left." in your_move
    assert "Pre-order line TAKE 3 IF PILE 5 dropped: the pile is 6, not 5." in your_move
    assert "TAKE 2 IF PILE 8" not in your_move, "b's pre-orders are b's alone"
    assert len(table.mail("b")) == 2, "welcome and answer only: the round goes on, b gets the news once a round"
    assert len(table.mail("a")) == 3 and "a takes 2; 8 left." in table.mail("a")[-1], \
        "a opened the round: it gets the news right after its move, so that it can order ahead"
    game = table.game()
    assert (game.turn_no, json.loads(game.state_json)["pile"]) == (1, 6)

    # Step 1: c is to move. b moved last and may not order ahead; a may, with a guard.
    table.send("b", "TAKE 1")
    table.send("a", "TAKE 1 IF PILE 5")
    table.send("c", "DIGEST STEP")
    summary = table.run(T0 + timedelta(hours=2))
    assert summary.resolved == [], "c has not moved"
    assert "tally-1 needs no orders from seat b at step 1: it waits for c. Your orders were NOT stored." \
        in table.mail("b")[-1]
    assert "they will answer your next move (move 2)" in table.mail("a")[-1]
    assert "DIGEST STEP: you get the news after every step." in table.mail("c")[-1]

    # The move deadline is 24 hours after the step began: reminders at 6 hours and at 1 hour before.
    deadline = T0 + timedelta(hours=25)
    table.run(deadline - timedelta(hours=5))
    table.run(deadline - timedelta(minutes=30))
    reminders = [m for m in table.mail("c") if m.startswith("[tally-1] reminder")]
    assert len(reminders) == 2 and all(m.startswith("[tally-1] reminder: your move, step 1") for m in reminders)
    assert "in less than 6 hours" in reminders[0] and "in less than 1 hour." in reminders[1]
    assert "its default orders are played" in reminders[0]
    assert not any("reminder" in m.splitlines()[0] for seat in "ab" for m in table.mail(seat))

    # The deadline passes: c's move is played by the missed rule (take 1), the round ends,
    # and a's pre-order answers the next step, which runs in the same pass.
    summary = table.run(deadline + timedelta(minutes=1))
    assert summary.resolved == ["tally-1 turn 1", "tally-1 turn 2"]
    assert table.seat("c").missed_turns == 1 and table.seat("a").missed_turns == 0
    round_news = table.mail("b")[-2]
    assert "c takes 1; 5 left." in round_news and "a takes 2; 8 left." in round_news, \
        "b's round digest holds both steps of round 1"
    assert "your move" in table.mail("b")[-1].lower() and "a takes 1; 4 left." in table.mail("b")[-1]
    assert "a takes 1; 4 left." in table.mail("c")[-1], "c asked for every step's news"
    assert "Your pre-orders: TAKE 1 IF PILE 5" in table.mail("a")[-2], "a's round digest shows a's own pre-order"
    assert "a takes 1; 4 left." in table.mail("a")[-1], "a opened round 2 (its pre-order): the news after it"
    assert "Your pre-orders" not in table.mail("b")[-2], "and nobody else's"
    gm = table.mail("gm@example.org")
    assert any("GM copy: step 1 was resolved." in m and "Seats that sent no orders: c." in m for m in gm)

    # Step 3: b takes 3; c has one legal move left, made without asking, and wins.
    table.send("b", "TURN 2\nTAKE 3")
    table.run(deadline + timedelta(hours=1))
    assert "Step 2 was already resolved; the game is at step 3 now." in table.mail("b")[-1], \
        "a sheet written for an older step is refused"
    table.send("b", "TURN 3\nTAKE 3")
    summary = table.run(deadline + timedelta(hours=2))
    assert summary.resolved == ["tally-1 turn 3"]
    game = table.game()
    assert game.status == "over"
    for seat in "abc":
        last = table.mail(seat)[-1]
        assert "c takes 1 (the only legal move); 0 left." in last and "c took the last stone and wins." in last
    assert "Pre-order TAKE 1 IF PILE 5 (sent at step 1) played." in table.mail("a")[-2], \
        "a's news after the step that opened round 2: its pre-order played at step 2"
    # Every step replays to the state stored for it.
    with Session(table.engine) as s:
        steps = replay(s, s.get(Game, "tally-1"))
        records = list(s.exec(select(TurnRecord).where(TurnRecord.game_id == "tally-1")))
    assert [x.turn for x in steps] == [0, 1, 2, 3] and all(x.same for x in steps), steps
    assert json.loads(records[0].sheets_json) == {"a": ["TAKE 2"], "b": ["TAKE 2 IF PILE 8", "TAKE 1"],
                                                  "c": ["TAKE 3 IF PILE 5"]}


def test_a_bot_seat_moves_at_once_and_a_step_rolls_back(tmp_path, database, tally) -> None:
    from pbem.gm import gmtools
    from pbem.gm.rollback import rollback
    table = Table(tmp_path, database)
    with Session(table.engine) as s:
        gmtools.set_bot(s, load(table.world.config), s.get(Game, "tally-1"), "b", True, T0)
        s.commit()
    # a moves; b is the bot's, so its step awaits nobody and runs in the same pass; then c is asked.
    table.send("a", "TAKE 3")
    summary = table.run(T0 + timedelta(hours=1))
    assert summary.resolved == ["tally-1 turn 0", "tally-1 turn 1"]
    game = table.game()
    state = json.loads(game.state_json)
    assert (game.turn_no, state["moves"], state["at"]) == (2, [1, 1, 0], 2)
    assert not any("your move" in m.splitlines()[0] for m in table.mail("b")), "nobody asks the bot"
    told = [m for m in table.mail("b") if m.splitlines()[0] == "[tally-1] the bot plays seat b"]
    assert len(told) == 1 and "The GM has handed seat b of tally-1 to the bot" in told[0], "b is told"
    assert "your move, step 2" in table.mail("c")[-1].splitlines()[0]
    assert table.seat("b").missed_turns == 0, "a bot's move is never missed"

    # The GM's preview shows the step as it would run now (c by the missed rule), storing nothing.
    cfg = load(table.world.config)
    with Session(table.engine) as s:
        shown = gmtools.preview(s, cfg, s.get(Game, "tally-1"))
    assert "PREVIEW: nothing was stored" in shown and "c takes 1;" in shown
    assert table.game().turn_no == 2

    # Rolling back the bot's step: the game is at step 1 again, with the move deadline, and the
    # seats' news marks go back, so the re-run step mails c both steps' news again.
    with Session(table.engine) as s:
        assert rollback(s, cfg, s.get(Game, "tally-1"), T0 + timedelta(hours=2)) == 1
        s.commit()
    game = table.game()
    assert (game.turn_no, game.simultaneous) == (1, False)
    assert game.deadline.replace(tzinfo=timezone.utc) == T0 + timedelta(hours=26)
    assert table.seat("c").news_from == 0, "as before the step: c has had no news since the start"
    summary = table.run(T0 + timedelta(hours=3))
    assert summary.resolved == ["tally-1 turn 1"], "the bot's step is due at once again"
    assert table.seat("c").news_from == 2
    again = table.mail("c")[-1]
    assert "your move, step 2" in again.splitlines()[0] and "a takes 3; 7 left." in again
