"""Dewan in turn by mail, one mail a turn: a move and the next one in one sheet (NEXT), the
seat that opens a round told the news after its move, and a second mail sent after a move
read as the next move instead of replacing it (pbem.play.turns.played_first); on SQLite and
PostgreSQL."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from sqlmodel import Session, select

from engine.dewan import RULESET
from engine.dewan.state import State
from pbem.config import load
from pbem.db import migrate
from pbem.play.games import GameSpec, create_game, start_game
from pbem.models import Game, Sheet
from pbem_world import Text, World, order_mail, run_pass, said, text_of

T0 = datetime(2026, 6, 1, 9, 0, tzinfo=timezone.utc)
ADDRESS = {"red": "ann@example.org", "blue": "bob@example.org"}


class Table:
    def __init__(self, root, database: str) -> None:  # type: ignore[no-untyped-def]
        self.world = World(root, database=database)
        self.engine = self.world.engine()
        migrate(self.engine)
        self.now = T0
        with Session(self.engine) as s:
            create_game(s, GameSpec(id="dw", ruleset="dewan", seats=list(ADDRESS.items()), options={},
                                    gm_email="gm@example.org", move_deadline="24h", seed="turns-by-mail"), T0)
            self.passwords = start_game(s, load(self.world.config), s.get(Game, "dw"), T0)
            s.commit()

    def send(self, seat: str, body: str) -> None:
        self.world.post(order_mail(ADDRESS[seat], f"SIGNON dw {seat} {self.passwords[seat]}\n{body}\n"))

    def run(self) -> list[str]:
        """One pass, ten minutes on; the steps it resolved."""
        self.now += timedelta(minutes=10)
        code, summary = run_pass(self.world, self.now)
        assert code == 0, summary.lines()
        return summary.resolved

    def mail(self, seat: str) -> list[Text]:
        return [Text(f"{m['Subject']}\n{text_of(m)}") for m in self.world.outbox(ADDRESS[seat])]

    def state(self) -> tuple[Game, State]:
        with Session(self.engine) as s:
            game = s.get(Game, "dw")
            s.expunge(game)
        return game, RULESET.from_json(game.state_json)


def test_one_mail_a_turn_in_dewan(tmp_path, database) -> None:  # type: ignore[no-untyped-def]
    table = Table(tmp_path, database)
    _game, st = table.state()
    assert st.to_move == "blue", "the draft: the last seat picks first"
    table.send("blue", "STORY 1")
    table.send("red", "STORY 1")
    table.run()
    _game, st = table.state()
    assert (st.stage, st.to_move) == ("play", "red")

    # A move and, below NEXT, the next one: both stored, and the answer says which is which.
    first, second = st.row[0], st.row[1]
    before = len(table.mail("red"))
    table.send("red", f"TAKE 3 4\nNEXT\nTAKE 1 2 IF {first} {second}\nOR TAKE 5 6")
    table.run()
    mails = table.mail("red")[before:]
    answer = next(m for m in mails if "orders stored" in m.splitlines()[0])
    assert "for this move:" in answer and "then, for your move after it (NEXT):" in answer
    assert "dw: your move for round 1 is in; it is played when the server next runs" in answer, \
        "the answer comes with the report of the move: it does not ask for it again"
    assert said(answer).index("TAKE 3 4") < said(answer).index("NEXT") < said(answer).index("TAKE 5 6")
    game, st = table.state()
    assert st.to_move == "blue" and st.plans["red"].lines == [f"TAKE 1 2 IF {first} {second}", "TAKE 5 6"]
    # red opened the round: it hears the news now (blue hears it at the round's end).
    news = [m for m in mails if "report for red" in m.splitlines()[0]]
    assert len(news) == 1 and "red takes" in news[0] and "Waiting for blue's move." in news[0]
    assert "Your pre-orders (below) are kept" in news[0]

    # blue moves, then sends a second mail meant for its next move, both in one pass: the move
    # is played first (and red's kept move after it), and the second mail answers blue's next
    # move, as it would have had a pass run between the two mails; it never replaces the move.
    step = game.turn_no
    before = len(table.mail("blue"))
    table.send("blue", "TAKE 1 2")
    table.send("blue", "TAKE 2 3")
    resolved = table.run()
    assert f"dw turn {step}" in resolved, "the step played first to read the mail is in the pass summary"
    answers = [m for m in table.mail("blue")[before:] if "(Re: orders)" in m.splitlines()[0]]
    assert len(answers) == 2, [m.splitlines()[0] for m in table.mail("blue")[before:]]
    move, then = sorted(answers, key=lambda m: "TAKE 2 3" in m)       # the outbox sends in any order
    assert "Orders stored for dw round 1, seat blue" in move and "TAKE 1 2" in move       # its round, as shown
    assert "Your move for round 1 was in already, so it was played before this mail was read" in then
    assert "NOT stored" not in then
    with Session(table.engine) as s:
        sheets = [(x.turn_no, x.text) for x in s.exec(select(Sheet).where(Sheet.game_id == "dw", Sheet.seat == "blue")
                                                      .order_by(Sheet.turn_no))]
    assert (step, "TAKE 1 2") in sheets, "the move sent first was played, never replaced"
    assert any(turn > step and text == "TAKE 2 3" for turn, text in sheets), sheets


def test_dewan_is_counted_in_rounds_everywhere(tmp_path, database) -> None:  # type: ignore[no-untyped-def]
    """One number for one moment: the subject, the report, TURN and HISTORY all name the round
    (the draft is round 0), never the stored step (pbem.play.steps.by_round)."""
    table = Table(tmp_path, database)
    table.send("blue", "TURN 0\nSTORY 1")
    table.send("red", "TURN 0\nSTORY 1")
    table.run()
    game, st = table.state()
    assert (st.stage, st.to_move, game.turn_no) == ("play", "red", 1)
    asked = table.mail("red")[-1]
    assert asked.splitlines()[0] == "[dw] round 1, your move" and "\nTURN 1\n" in asked
    assert "dw, your move in round 1: TAKE two cards" in asked and "=== pbem report dw round 1 ===" in asked
    assert "step 1" not in asked.lower(), "the stored step is the server's business"

    before = len(table.mail("red"))
    table.send("red", "TURN 0\nTAKE 3 4")            # the draft's number: that round is over
    table.send("blue", "TURN 2\nTAKE 1 2")           # a round not begun
    table.run()
    (refused,) = [m for m in table.mail("red")[before:] if "(Re: orders)" in m.splitlines()[0]]
    assert "Round 0 was already played; the game is at round 1 now." in said(refused)
    assert "Round 2 has not begun; the game is at round 1." in said(table.mail("blue")[-1])
    assert table.state()[0].turn_no == 1, "neither sheet was stored"

    table.send("red", "TURN 1\nTAKE 3 4")
    table.run()
    table.send("blue", "TURN 1\nTAKE 1 2")          # blue's report of round 1 came with red's move
    table.run()
    game, st = table.state()
    assert st.round == 2 and game.turn_no == 3

    table.send("blue", "HISTORY 1")
    table.send("red", "HISTORY 7")
    table.run()
    history = said(table.mail("blue")[-1])
    assert "red takes" in history and "blue takes" in history, "round 1's news: both moves"
    assert "=== pbem report dw round 2 ===" in history, "and the position they left"
    assert "dw has reports for rounds 0 to 2, not 7" in said(table.mail("red")[-1])
