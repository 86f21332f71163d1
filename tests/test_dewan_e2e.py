"""Whole games of Dewan played purely by mail through the real mail servers:
orders go into a real Dovecot and are read over IMAP; answers and reports go
out by SMTP to a peer that delivers them into the players' Dovecot
mailboxes, where the players read them back.

A 2-player and a 3-player game, each on SQLite and on PostgreSQL. The seat
asked answers its "your move" mail; every other seat sends its next move
ahead as pre-orders when a report comes, so most moves are played from kept
pre-orders and a round costs about one mail a seat. Each game is played to
its end, then checked: every mail answered, "your move" to the seat to act
and to nobody else, the scores, no seat ever told another seat's hand or
private news (nor the GM, nor the archive), and ``pbem replay``. The
3-player game also has a pre-order made stale by the move before it (dropped
with its reason, and the seat asked) and a move nobody sent (the bot plays
it once the move deadline has passed).
"""
from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path
from typing import Any

import pytest
from sqlmodel import Session, select

from engine.contract import EndReason
from engine.dewan import RULESET
from engine.dewan.state import DRAFT, PLAY, State
from pbem.models import Game, InboundMail, OutboundMail, Seat, TurnRecord
from pbem_world import Mailbox, ServerWorld, flat, html_of, lines_over, order_mail, run_pass, text_of

pytestmark = pytest.mark.long     # a whole game or a long run: scheduled first (tests/conftest.py)

T0 = datetime(2026, 6, 1, 9, 0, tzinfo=timezone.utc)
USERS = {"red": "ann", "blue": "bob", "green": "cy"}
MAX_PASSES = 120                    # a guard: the games here take about 25 passes
HAND = "Your hand (only you see it)"






@dataclass
class Player:
    seat: str
    user: str
    box: Mailbox
    password: str = ""
    mails_sent: int = 0
    pre_orders: int = 0
    moves: list[int] = field(default_factory=list)      # the steps it was asked to move at

    @property
    def address(self) -> str:
        return f"{self.user}@example.org"


def round_of(game: str, msg: EmailMessage) -> int:
    """The round a report names (Dewan counts its rounds: the TURN a reply gives)."""
    return int(re.search(rf"=== pbem report {game} round (\d+) ===", text_of(msg)).group(1))  # type: ignore[union-attr]


class Table:
    """A Dewan game on real mail servers: created and started by the command line,
    its passes run in this process (quicker than a command a pass)."""

    def __init__(self, tmp_path: Path, imap, smtp, database: str, game: str, seats: list[str]) -> None:  # type: ignore[no-untyped-def]
        self.imap, self.game, self.tmp = imap, game, tmp_path
        self.world = ServerWorld(tmp_path, imap, smtp, database=database)
        self.smtp = smtp
        args = [x for seat in seats for x in ("--seat", f"{seat}:{USERS[seat]}@example.org")]
        self.world.pbem("game", "new", game, "--ruleset", "dewan", *args, "--gm", "gm@example.org",
                        "--seed", f"e2e-{game}", "--move-deadline", "1h", "--early", "0m", "--missed", "bot")
        self.now = T0
        self.world.pbem("game", "start", game, "--now", self.now.isoformat())
        self.db = self.world.engine()
        self.players = {seat: Player(seat, USERS[seat], Mailbox(imap, USERS[seat])) for seat in seats}
        self.gm = Mailbox(imap, "gm")

    def process(self, now: datetime) -> None:
        self.now = now
        code, _summary = run_pass(self.world, now)
        assert code == 0

    def load(self) -> tuple[Game, State]:
        with Session(self.db) as s:
            game = s.get(Game, self.game)
            s.expunge(game)
        return game, RULESET.from_json(game.state_json)

    def records(self) -> list[TurnRecord]:
        with Session(self.db) as s:
            rows = list(s.exec(select(TurnRecord).where(TurnRecord.game_id == self.game)
                               .order_by(TurnRecord.turn_no)))
            for row in rows:
                s.expunge(row)
        return rows

    def send(self, p: Player, to: EmailMessage, orders: list[str]) -> None:
        """Reply to ``to`` with the orders above the quote, for the round of the report."""
        step = round_of(self.game, to)
        quoted = "\n".join(f"> {line}" for line in text_of(to).splitlines())
        body = (f"SIGNON {self.game} {p.seat} {p.password}\nTURN {step}\n" + "\n".join(orders)
                + f"\n\nOn {format_datetime(to['Date'].datetime)}, {to['From']} wrote:\n{quoted}\n")
        headers = {"In-Reply-To": to["Message-ID"], "References": to["Message-ID"],
                   "Date": format_datetime(self.now)}
        subject = str(to["Subject"]).replace(f"[{self.game}] ", "")
        self.imap.deliver("pbem", order_mail(p.address, body, subject=f"Re: [{self.game}] {subject}",
                                             headers=headers))
        p.mails_sent += 1

    def welcome(self) -> None:
        for p in self.players.values():
            msgs = p.box.new()
            assert len(msgs) == 1, [m["Subject"] for m in msgs]
            p.password = re.search(r"Your password is:\s+(\S+)", text_of(msgs[0])).group(1)  # type: ignore[union-attr]
            assert f"=== pbem report {self.game} round 0 ===" in text_of(msgs[0])     # the draft

    def is_answer(self, msg: EmailMessage) -> bool:
        return str(msg["Subject"]).startswith(f"[{self.game}] ") and "Re: " in str(msg["Subject"])

    def reports(self, p: Player) -> list[EmailMessage]:
        return [m for m in p.box.all if not self.is_answer(m)]


def ahead(state: State, seat: str, rng: random.Random) -> list[str]:
    """A seat's next move sent before its turn: what the bot would play if it moved now
    (in the draft, its story pick and its first move), and a TAKE should a camp no
    longer be possible when the move comes."""
    lines = []
    mine = state.copy()
    mine.to_move = seat
    if state.stage == DRAFT:
        if state.players.index(seat) < state.players.index(state.to_move):     # its pick still to come
            lines += RULESET.bot_orders(mine, seat, rng).normal
        mine.stage = PLAY
    lines += RULESET.bot_orders(mine, seat, rng).normal
    if lines and lines[-1].startswith("CAMP"):
        lines.append("TAKE 1 2")
    return lines


@dataclass
class Twists:
    """The moments a game by mail must survive, played once each when ``on``: a pre-order
    made stale by the move before it (dropped with its reason, and the seat asked), and a
    move nobody sends (the bot plays it once the move deadline has passed)."""
    on: bool
    stale: str = ""             # the seat whose pre-order was made stale, until it is asked
    stale_seen: bool = False
    missed: str = ""            # the seat that let its move pass

    def stale_now(self, state: State, seat: str, nxt: str) -> bool:
        return (self.on and not self.stale and not self.stale_seen and state.stage == PLAY
                and nxt not in state.plans and all(state.row[:2]) and RULESET.pre_orders(state, nxt) != "")

    def miss_now(self, state: State, seat: str) -> bool:
        return self.on and self.stale_seen and not self.missed and state.stage == PLAY


def _next_seat(state: State, seat: str) -> str:
    return state.players[(state.players.index(seat) + 1) % len(state.players)]


def play(table: Table, seed: int, twists: bool = False) -> Twists:
    """The game to its end: the seat asked answers its "your move"; the others send pre-orders."""
    rng = random.Random(seed)
    twist = Twists(twists)
    table.process(T0)
    table.welcome()
    first = True
    for _ in range(MAX_PASSES):
        game, state = table.load()
        if game.status == "over":
            return twist
        awaited = RULESET.awaiting(state)
        assert not game.simultaneous and len(awaited) == 1, "one seat moves at a time"
        (mover,) = awaited
        nxt = _next_seat(state, mover)
        stale = twist.stale_now(state, mover, nxt)
        wait = timedelta(minutes=5)
        for seat, p in table.players.items():
            new = [m for m in (p.box.all if first else p.box.new()) if not table.is_answer(m)]
            moves = [m for m in new if "your move" in str(m["Subject"])]
            if seat in awaited:
                if not first:
                    number = RULESET.round_of(state)
                    assert [m["Subject"] for m in moves] == [f"[{table.game}] round {number}, your move"]
                    assert (f"{table.game}, "
                            f"{RULESET.prompt(state, seat)}") in flat(text_of(moves[0]))
                if twist.stale == seat:
                    assert "Pre-order TAKE 1 2 IF" in text_of(moves[0]) and "dropped:" in text_of(moves[0])
                    twist.stale, twist.stale_seen = "", True
                if twist.miss_now(state, seat):
                    twist.missed, wait = seat, timedelta(minutes=61)    # past the move deadline
                    continue
                p.moves.append(game.turn_no)
                table.send(p, new[-1], ["TAKE 1 2"] if stale else RULESET.bot_orders(state, seat, rng).normal)
            elif stale and seat == nxt:
                # the cards on offer now; the mover takes them, so the pre-order goes stale
                table.send(p, new[-1] if new else table.reports(p)[-1], [f"TAKE 1 2 IF {state.row[0]} {state.row[1]}"])
                p.pre_orders += 1
                twist.stale = seat
            else:
                assert not moves, "only the seat to act is asked"
                if new and seat not in state.plans and RULESET.pre_orders(state, seat):
                    table.send(p, new[-1], ahead(state, seat, rng))
                    p.pre_orders += 1
        first = False
        table.process(table.now + wait)
    raise AssertionError(f"no end after {MAX_PASSES} passes")


def _hand_in(text: str) -> list[str] | None:
    """The cards a report lists as the reader's hand, or None when it lists none."""
    if HAND not in text:
        return None
    part = text.split(HAND, 1)[1].split("\n\n", 1)[0].split("\n", 1)[1]
    words = part.split()
    return [] if words == ["no", "cards"] else sorted(words)


def check(table: Table) -> None:
    """What every game must show once it is over."""
    for p in table.players.values():
        p.box.new()
    table.gm.new()
    game, state = table.load()
    records = table.records()
    steps = len(records)
    assert game.status == "over" and game.turn_no == steps
    outcome = RULESET.outcome(state)
    assert outcome is not None and outcome.reason is EndReason.SCORED
    assert state.scores and set(state.scores) == set(table.players)

    # Every mail answered and stored; every mail out went by SMTP into its mailbox.
    with Session(table.db) as s:
        inbound = list(s.exec(select(InboundMail)))
        outbound = list(s.exec(select(OutboundMail).where(OutboundMail.game_id == table.game)))
    assert len(inbound) == sum(p.mails_sent for p in table.players.values())
    assert all(m.status == "handled" for m in inbound), [(m.status, m.note) for m in inbound]
    assert all(m.status == "sent" for m in outbound)
    assert lines_over(table.db) == [], "every line of every text part fits 72 columns"
    assert table.imap.messages("pbem") == [], "every order mail left the inbox"
    for p in table.players.values():
        answers = [m for m in p.box.all if table.is_answer(m)]
        assert len(answers) == p.mails_sent, p.seat
        for m in answers:
            text = flat(text_of(m))
            assert "NOT stored" not in text and "problem" not in text, text
            assert re.search(rf"(Pre-orders|Orders) stored for {table.game}\b", text), text
        assert p.pre_orders > 0, p.seat
        assert len(table.reports(p)) == len([m for m in outbound if m.to_addr == p.address]) - p.mails_sent

    # "your move" to the seat to act and to nobody else; the round's report to the rest.
    before = RULESET.from_json(game.initial_state_json)
    expected = {seat: [f"[{table.game}] round 0 report for {seat}"] for seat in table.players}
    gm = opened = 0           # opened: the first step of the round
    for r in records:
        after = RULESET.from_json(r.state_json)
        over = RULESET.outcome(after) is not None
        # The seat that opens a round hears the news after its move (it is asked next only
        # with the round's end): the seat awaited, else the first to act.
        first = next((e["by"] for e in json.loads(r.events_json) if e.get("by")), None)
        opener = (set(RULESET.awaiting(before)) or {first}) if r.turn_no == opened else set()
        for seat in table.players:
            if over:
                expected[seat].append(f"[{table.game}] the game is over")
            elif seat in RULESET.awaiting(after):
                expected[seat].append(f"[{table.game}] round {RULESET.round_of(after)}, your move")
            elif RULESET.round_of(after) != RULESET.round_of(before) or seat in opener:
                expected[seat].append(f"[{table.game}] round {RULESET.round_of(after)} report for {seat}")
        gm += over or RULESET.round_of(after) != RULESET.round_of(before)
        opened = r.turn_no + 1 if RULESET.round_of(after) != RULESET.round_of(before) else opened
        before = after
    for seat, p in table.players.items():
        assert [m["Subject"] for m in table.reports(p)] == expected[seat], seat
        kinds = [{part.get_content_type() for part in m.walk()} for m in table.reports(p)]
        assert all({"image/png", "image/svg+xml"} <= k for k in kinds), "the map as a PNG, and its SVG"
        final = flat(text_of(table.reports(p)[-1]))
        assert f"THE GAME IS OVER: {' and '.join(state.winners or [])} won with" in final
        assert all(f"{q} {state.scores[q]} (" in final for q in table.players), "the final scores"
    assert len(table.gm.all) == gm > 0, "the GM's digest once a round"
    mails = sum(p.mails_sent for p in table.players.values())
    asks = sum(len(p.moves) for p in table.players.values())
    assert 0 < asks < mails <= state.turns + 2 * len(table.players), "about one mail a turn"
    _check_privacy(table, game, records)

    out = table.world.pbem("replay", table.game).stdout
    assert out.strip().splitlines()[-1] == f"{steps} of {steps} turns reach the same state", out


def _check_privacy(table: Table, game: Game, records: list[TurnRecord]) -> None:
    """Each report lists its reader's hand as it was, and nothing shows one seat another's
    hand or private news: no other seat's mail, the GM's, nor an archive page."""
    states = [RULESET.from_json(game.initial_state_json)] + [RULESET.from_json(r.state_json) for r in records]
    private: dict[str, set[str]] = {seat: set() for seat in table.players}
    for r in records:
        for e in json.loads(r.events_json):
            if e.get("to"):
                private[e["to"]].add(e["text"])
    seats = list(table.players)
    for seat, p in table.players.items():
        for m in table.reports(p):
            text, html = text_of(m), html_of(m)
            # A report names its round: its reader's hand is one the seat held in that round.
            number = round_of(table.game, m)
            held = [st for st in states if RULESET.round_of(st) == number]
            if not any(st.stage == "over" for st in held):
                assert _hand_in(text) in [sorted(st.hands[seat]) for st in held], (seat, m["Subject"])
            for st in held:
                for other in seats:
                    hand = sorted(st.hands[other])
                    if other != seat and len(hand) >= 3 and hand not in [sorted(x.hands[seat]) for x in held]:
                        assert " ".join(hand) not in flat(text) + flat(html), (seat, other)
        mail = " ".join(flat(text_of(m)) + flat(html_of(m)) for m in p.box.all)
        for other in seats:
            leaked = [t for t in private[other] - private[seat] if t in mail]
            assert other == seat or not leaked, f"{seat} got {other}'s news: {leaked[:2]}"
    gm_mail = " ".join(flat(text_of(m)) + flat(html_of(m)) for m in table.gm.all)
    assert HAND not in gm_mail and not [t for s in private.values() for t in s if t in gm_mail]

    site = table.tmp / "site"
    table.world.pbem("archive", "build", "--out", str(site))
    pages = [path.read_text() for path in (site / table.game).iterdir()]
    assert len(pages) > 2 * len(records)
    index = (site / table.game / "index.html").read_text()
    assert re.search(r'\.html">round \d+, red</a>', index) and '">turn ' not in index, "steps named by round and seat"
    everyone = {t for s in private.values() for t in s}
    for page in pages:
        assert HAND not in page and not [t for t in everyone if t in page]
        if page.lstrip().startswith("{"):
            view: dict[str, Any] = json.loads(page).get("view", {})
            assert view.get("hand") is None and view.get("pre_orders") == []


@pytest.mark.parametrize("seats", [["red", "blue"], ["red", "blue", "green"]], ids=["2p", "3p"])
def test_whole_game_by_mail(tmp_path, clean_mailboxes, smtp, database, seats) -> None:  # type: ignore[no-untyped-def]
    table = Table(tmp_path, clean_mailboxes, smtp, database, f"dw-{len(seats)}p", seats)
    twist = play(table, seed=len(seats), twists=len(seats) == 3)
    check(table)
    if len(seats) == 3:
        assert twist.stale_seen and twist.missed, "a stale pre-order was dropped, and a move was missed"
        with Session(table.db) as s:
            missed = {x.name: x.missed_turns for x in s.exec(select(Seat).where(Seat.game_id == table.game))}
        assert missed[twist.missed] == 1 and sum(missed.values()) == 1
        played = [e["text"] for r in table.records() for e in json.loads(r.events_json)
                  if e.get("by") == twist.missed]
        assert played, "the bot played the missed move as the seat's"
