"""Whole 4-player games of Stone Age played purely by mail through the real
mail servers: the players' mail goes into a real Dovecot and is read over
IMAP, and every answer and report goes out by SMTP to a peer that delivers it
into the players' Dovecot mailboxes, where the players read it back.

Two games, each on SQLite and on PostgreSQL, each with a seat in civil
disorder (``pbem game bot ... on``) and a missed move:

- plan mode (``placement = plan``, a round a step): the humans answer each
  round's report with a plan and READY; in one round a seat sends nothing,
  the deadline passes and the seat holds (``--missed hold``: the standing
  rules place it);
- live mode (``placement = live``): the humans send pre-orders when a round's
  report comes and answer every "your move" mail; one move is not answered,
  the move deadline passes and the bot plays it (``--missed bot``).

Each game is played to its end, then checked: the outcome, the reports each
mailbox got (text and HTML), the answers, private plans, the missed seat,
and ``pbem replay``.
"""
from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from email.message import EmailMessage
from email.utils import format_datetime

import pytest
from sqlmodel import Session, select

from engine.contract import EndReason
from engine.stoneage import RULESET
from pbem.clock import aware
from pbem.models import Game, InboundMail, OutboundMail, Seat, TurnRecord
from pbem_world import Mailbox, ServerWorld, flat, html_of, lines_over, order_mail, run_pass, text_of

pytestmark = pytest.mark.long     # a whole game or a long run: scheduled first (tests/conftest.py)

T0 = datetime(2026, 6, 1, 9, 0, tzinfo=timezone.utc)
# seat -> (Dovecot user, the name the player signs with)
SEATS = {"red": ("ann", "Ann"), "blue": ("bob", "Bob"), "green": ("cy", "Cy"), "yellow": ("eve", "Eve")}
BOT = "yellow"                      # put in civil disorder before the first round
HUMANS = [seat for seat in SEATS if seat != BOT]
CASUAL = "green"                    # types in lower case and comments a line
MAX_STEPS = 80                      # a guard: the games here take 15 (plan) and 33 (live) steps


def numbered(game: str, text: str) -> tuple[str, int]:
    """The word and number of a report's head: ("step", 3), or ("round", 4) in plan mode."""
    word, number = re.search(rf"=== pbem report {game} (step|round) (\d+) ===", text).groups()
    return word, int(number)


@dataclass
class Player:
    seat: str
    user: str
    name: str
    box: Mailbox
    password: str = ""
    sent: list[str] = field(default_factory=list)        # the order lines this player mailed
    mails_sent: int = 0

    @property
    def address(self) -> str:
        return f"{self.user}@example.org"

    def reply(self, table: Table, to: EmailMessage, orders: list[str], ready: bool = False) -> int:
        """Press Reply on ``to`` and write the orders above the quote, as a person does: for the
        step (or round) of the report replied to (its TURN line, as the report's reply template
        says); that number."""
        word, step = numbered(table.game, text_of(to))
        quoted = "\n".join(f"> {line}" if line else ">" for line in text_of(to).splitlines())
        said = format_datetime(to["Date"].datetime) if to["Date"] else "today"
        typed = list(orders)
        if self.seat == CASUAL and typed:
            typed = [line.lower() for line in typed]
            typed[0] += "   # first things first"
        body = (f"Hi,\n\nhere are my orders for {word} {step}.\n\n"
                f"SIGNON {table.game} {self.seat} {self.password}\nTURN {step}\n"
                + "\n".join(typed) + "\n" + ("READY\n" if ready else "")
                + f"\nThanks,\n{self.name}\n-- \n{self.name} Example\n{self.address}\n\n"
                f"On {said}, {to['From']} wrote:\n{quoted}\n")
        subject = to["Subject"].replace(f"[{table.game}] ", "")
        msgid = to["Message-ID"]
        headers = {"In-Reply-To": msgid, "References": msgid,
                   "Date": format_datetime(table.now)}
        table.imap.deliver("pbem", order_mail(self.address, body, subject=f"Re: [{table.game}] {subject}",
                                              headers=headers))
        self.sent += orders                              # in normal form, as the answers echo them
        self.mails_sent += 1
        return step


class Table:
    """A Stone Age game on real mail servers, driven as cron drives it: a pass at a time."""

    def __init__(self, tmp_path, imap, smtp, database: str, game: str,  # type: ignore[no-untyped-def]
                 *extra: str) -> None:
        self.imap, self.smtp, self.game = imap, smtp, game
        self.world = ServerWorld(tmp_path, imap, smtp, database=database)
        seat_args = [x for seat, (user, _name) in SEATS.items() for x in ("--seat", f"{seat}:{user}@example.org")]
        self.world.pbem("game", "new", game, "--ruleset", "stoneage", *seat_args, "--gm", "gm@example.org",
                        "--seed", f"e2e-{game}", "--deadline", "24h", "--move-deadline", "1h", "--early", "0m",
                        *extra)
        self.now = T0
        self.world.pbem("game", "start", game, "--now", self.now.isoformat())
        self.world.pbem("game", "bot", game, BOT, "on", "--now", self.now.isoformat())
        self.db = self.world.engine()
        self.players = {seat: Player(seat, user, name, Mailbox(imap, user)) for seat, (user, name) in SEATS.items()}
        self.gm = Mailbox(imap, "gm")
        self.passes = 0

    def process(self, now: datetime) -> None:
        """A pass, in this process: the command line's start-up would cost a second a pass and
        prove nothing that the mail tests of ``pbem process`` do not."""
        self.now = now
        code, summary = run_pass(self.world, now)
        assert code == 0, summary.lines()
        self.passes += 1

    def load(self) -> tuple[Game, object]:
        with Session(self.db) as s:
            game = s.get(Game, self.game)
            s.expunge(game)
        return game, RULESET.from_json(game.state_json)

    def seats(self) -> dict[str, Seat]:
        with Session(self.db) as s:
            rows = list(s.exec(select(Seat).where(Seat.game_id == self.game)))
            for row in rows:
                s.expunge(row)
        return {x.name: x for x in rows}

    def records(self) -> list[TurnRecord]:
        with Session(self.db) as s:
            rows = list(s.exec(select(TurnRecord).where(TurnRecord.game_id == self.game)
                               .order_by(TurnRecord.turn_no)))
            for row in rows:
                s.expunge(row)
        return rows

    def welcome(self) -> None:
        """Every seat's first mail: its password and the first report."""
        for p in self.players.values():
            msgs = p.box.new()
            told = [m for m in msgs if str(m["Subject"]) == f"[{self.game}] the bot plays seat {p.seat}"]
            assert len(told) == (p.seat == BOT), "the player of the seat handed to the bot is told"
            msgs = [m for m in msgs if m not in told]
            assert len(msgs) == 1, [m["Subject"] for m in msgs]
            found = re.search(r"Your password is:\s+(\S+)", text_of(msgs[0]))
            assert found, text_of(msgs[0])
            p.password = found.group(1)
            assert numbered(self.game, text_of(msgs[0])) in (("step", 0), ("round", 1))

    # -- what the mailboxes hold at the end ---------------------------------
    def is_answer(self, msg: EmailMessage) -> bool:
        return str(msg["Subject"]).startswith(f"[{self.game}] ") and "Re: " in str(msg["Subject"])

    def reports(self, p: Player) -> list[EmailMessage]:
        return [m for m in p.box.all if not self.is_answer(m) and "] the bot plays seat " not in str(m["Subject"])]

    def answers(self, p: Player) -> list[EmailMessage]:
        return [m for m in p.box.all if self.is_answer(m)]

    def check_common(self, missed_seat: str) -> Game:
        """What both games must show once they are over."""
        for p in self.players.values():
            p.box.new()
        self.gm.new()
        game, state = self.load()
        records = self.records()
        steps = len(records)
        assert game.status == "over", "the game ran to its end"
        outcome = RULESET.outcome(state)
        assert outcome is not None and outcome.reason is EndReason.SCORED
        assert outcome.winners and set(outcome.winners) <= set(SEATS)
        assert [r.turn_no for r in records] == list(range(steps)) and game.turn_no == steps

        with Session(self.db) as s:
            inbound = list(s.exec(select(InboundMail)))
            outbound = list(s.exec(select(OutboundMail).where(OutboundMail.game_id == self.game)))
        assert len(inbound) == sum(p.mails_sent for p in self.players.values())
        assert all(m.status == "handled" for m in inbound), [(m.status, m.note) for m in inbound
                                                             if m.status != "handled"]
        assert all(m.status == "sent" for m in outbound), [(m.key, m.status) for m in outbound if m.status != "sent"]
        assert lines_over(self.db) == [], "every line of every text part fits 72 columns"
        assert self.imap.messages("pbem") == [], "every order mail left the inbox"
        assert len(self.imap.messages("pbem", "Processed")) == len(inbound)

        # Every mail went out over SMTP and arrived in its Dovecot mailbox, once.
        by_smtp: dict[str, int] = {}
        for rcpt, _raw in self.smtp.received:
            by_smtp[rcpt.split("@")[0]] = by_smtp.get(rcpt.split("@")[0], 0) + 1
        for p in self.players.values():
            assert by_smtp.get(p.user, 0) == len(p.box.all) == len(
                [m for m in outbound if m.to_addr == p.address]), p.seat
            for m in p.box.all:
                assert m["From"].addresses[0].addr_spec == "pbem@example.org"
                assert m.get_body(preferencelist=("plain",)) is not None, m["Subject"]
            for m in self.reports(p):
                assert m["Auto-Submitted"] == "auto-generated"
                text = text_of(m)
                assert text.count("=== pbem report") == 1 and "=== end of report ===" in text, m["Subject"]
                assert m.is_multipart() and "=== pbem report" in html_of(m), "a text and an HTML part"
            # One answer per mail, each to that mail, each saying the orders were stored.
            answers = self.answers(p)
            assert len(answers) == p.mails_sent, p.seat
            for m in answers:
                assert m["Auto-Submitted"] == "auto-replied" and m["In-Reply-To"]
                text = text_of(m)
                assert "NOT stored" not in text and "problem" not in text, text
                assert re.search(rf"(Pre-orders|Orders) stored for {self.game}\b", flat(text)), text
            final = self.reports(p)[-1]
            assert final["Subject"] == f"[{self.game}] the game is over"
            assert f"THE GAME IS OVER: {' and '.join(outcome.winners)} won" in flat(text_of(final))
        assert by_smtp.get("gm", 0) == len(self.gm.all) > 0
        assert self.players[BOT].mails_sent == 0 and self.reports(self.players[BOT])

        # Plans are private: no mailbox holds a line of another seat's plan (the bot's too).
        # A line counts as a seat's own when no other seat played it in this game.
        played: dict[str, set[str]] = {}
        for r in records:
            for seat, lines in json.loads(r.sheets_json).items():
                for line in lines:
                    played.setdefault(line, set()).add(seat)
        for p in self.players.values():
            for line in p.sent:
                played.setdefault(line, set()).add(p.seat)
        def everything(msgs: list[EmailMessage]) -> str:
            return " ".join(flat(text_of(m)) + " " + flat(html_of(m)) for m in msgs)

        texts = {p.seat: everything(p.box.all) for p in self.players.values()}
        for p in self.players.values():
            mine = {line for line, who in played.items() if who == {p.seat} and line.count(" OR ") >= 2}
            assert mine, p.seat
            assert any(line in everything(self.reports(p)) for line in mine), f"{p.seat}'s reports show its own plan"
            assert all(line in texts[p.seat] for line in mine & set(p.sent)), "the answers echo each line"
            for q in self.players.values():
                leaked = [line for line in mine if q is not p and line in texts[q.seat]]
                assert not leaked, f"{q.seat} got {p.seat}'s plan lines: {leaked[:3]}"

        # The missed seat: counted once, played by the missed rule, and reported as missed.
        seats = self.seats()
        assert {n: x.missed_turns for n, x in seats.items()} == {n: int(n == missed_seat) for n in SEATS}
        assert seats[BOT].bot
        missing = [r.turn_no for r in records if json.loads(r.seats_json)["missing"]]
        assert len(missing) == 1 and json.loads(records[missing[0]].seats_json)["missing"] == [missed_seat]
        def step_of(m: EmailMessage) -> int:
            word, number = numbered(self.game, text_of(m))
            return number - (word == "round")        # a round of the plan mode is step round - 1

        reports = [m for p in self.players.values() for m in self.reports(p)]
        after = [m for m in reports if step_of(m) > missing[0]]
        assert after and all(re.search(r"\bmissed 1 deadline\b", text_of(m)) for m in after)
        assert all(f"{missed_seat} (missed 1)" in html_of(m) for m in after)
        assert not any("missed" in text_of(m) for m in reports if step_of(m) <= missing[0])

        # The whole game replays to the same states.
        out = self.world.pbem("replay", self.game).stdout
        assert out.strip().splitlines()[-1] == f"{steps} of {steps} turns reach the same state", out
        return game


def test_plan_mode_whole_game_by_mail(tmp_path, clean_mailboxes, smtp, database) -> None:
    """A round a step: each human answers the round's report with a plan and READY; in round 4
    green sends nothing, the deadline passes and green holds (the standing rules place it)."""
    table = Table(tmp_path, clean_mailboxes, smtp, database, "sa-plan")
    missed_step, missed_seat = 3, "green"
    table.process(T0)
    table.welcome()
    rng = random.Random(7)
    for step in range(MAX_STEPS):
        game, state = table.load()
        if game.status == "over":
            break
        assert game.turn_no == step and state.round == step + 1, "a round a step"
        assert RULESET.awaiting(state) == frozenset(SEATS), "every seat owes a plan"
        for seat in HUMANS:
            p = table.players[seat]
            if step:                       # the welcome mail was the report of step 0
                new = [m for m in p.box.new() if not table.is_answer(m)]
                assert [m["Subject"] for m in new] == [f"[sa-plan] round {step + 1} report for {seat}"]
                assert "Your kept orders" not in text_of(new[0]), "plans last one round"
            report = table.reports(p)[-1]
            if step == missed_step and seat == missed_seat:
                continue
            orders = list(RULESET.bot_orders(state, seat, rng).normal)
            assert p.reply(table, report, orders, ready=True) == step + 1, "TURN takes the round"
        if step == missed_step:
            table.process(aware(game.deadline) + timedelta(minutes=1))
        else:
            table.process(table.now + timedelta(hours=1))
        with Session(table.db) as s:
            assert s.get(Game, "sa-plan").turn_no == step + 1, "one pass, one step"
    else:
        raise AssertionError(f"no end after {MAX_STEPS} steps")

    game = table.check_common(missed_seat)
    steps = game.turn_no
    records = table.records()
    for p in table.players.values():
        subjects = [m["Subject"] for m in table.reports(p)]
        assert subjects == ([f"[sa-plan] round {n + 1} report for {p.seat}" for n in range(steps)]
                            + ["[sa-plan] the game is over"]), "every step's report, to every seat"
        stored = [re.search(r"Orders stored for sa-plan round (\d+), seat (\w+)", flat(text_of(m))).groups()
                  for m in table.answers(p)]
        expected = [(str(n + 1), p.seat) for n in range(steps) if p.seat != BOT
                    and not (n == missed_step and p.seat == missed_seat)]
        assert stored == expected
    assert len(table.gm.all) == steps, "the GM's copy of every step"
    played = json.loads(records[missed_step].sheets_json)
    assert played[missed_seat] == [], "green held: the standing rules placed its people"
    assert all(played[seat] for seat in HUMANS if seat != missed_seat)
    assert all(json.loads(r.sheets_json)[BOT] for r in records), "the bot plans every round"
    green = flat(text_of(table.reports(table.players[missed_seat])[missed_step + 1]))
    assert "No PLACE line left: the standing rule placed" in green


def test_live_mode_whole_game_by_mail(tmp_path, clean_mailboxes, smtp, database) -> None:
    """One placement a mail: the humans send pre-orders when a round's report comes and answer
    each "your move"; blue does not answer one move, the move deadline passes and the bot plays it."""
    table = Table(tmp_path, clean_mailboxes, smtp, database, "sa-live", "--option", "placement=live",
                  "--missed", "bot")
    missed_seat = "blue"
    table.process(T0)
    table.welcome()
    rng = random.Random(11)
    missed_at = None
    your_moves = {seat: [] for seat in SEATS}        # the steps each seat was asked to move at
    pre_orders = {seat: set() for seat in SEATS}     # the rounds each seat sent pre-orders for
    first, behind = True, 0
    for _ in range(MAX_STEPS):
        game, state = table.load()
        if game.status == "over":
            break
        step = game.turn_no
        awaited = RULESET.awaiting(state)
        assert not game.simultaneous and len(awaited) == 1, "one seat places at a time"
        late = False
        for seat in HUMANS:
            p = table.players[seat]
            new = [m for m in (p.box.new() if not first else p.box.all) if not table.is_answer(m)]
            moves = [m for m in new if "your move" in m["Subject"]]
            if seat in awaited:
                if first:       # the welcome mail asks the start player
                    assert "YOUR MOVE:" in text_of(new[0])
                else:
                    assert [m["Subject"] for m in moves] == [f"[sa-live] your move, step {step}"], \
                        [m["Subject"] for m in new]
                    assert f"Your move in sa-live, step {step}: your placement in round {state.round}" \
                        in flat(text_of(moves[0]))
                your_moves[seat].append(step)
                if seat == missed_seat and missed_at is None and state.round >= 3:
                    missed_at, late = step, True        # blue is away this time
                    continue
                orders = list(RULESET.bot_orders(state, seat, rng).normal)
                assert p.reply(table, new[-1] if first else moves[0], orders) == step
            else:
                assert not moves, "only the seat to place is asked"
                if new and state.round not in pre_orders[seat]:
                    # The round's report: the seat orders ahead for its placements and actions.
                    pre_orders[seat].add(state.round)
                    written = p.reply(table, new[-1], list(RULESET.bot_orders(state, seat, rng).normal))
                    # The round's report may be a step behind: the bot's placement ran after it.
                    behind += written < step
        first = False
        table.process(aware(game.deadline) + timedelta(minutes=1) if late else table.now + timedelta(minutes=5))
    else:
        raise AssertionError(f"no end after {MAX_STEPS} passes")
    assert missed_at is not None, "blue had a move to miss"
    assert behind, "some pre-orders answered a report the game had already moved past"

    game = table.check_common(missed_seat)
    records = table.records()
    steps = game.turn_no
    rounds = RULESET.from_json(records[-1].state_json).round
    assert steps > rounds, "rounds of several steps"
    # Who got which mail, step by step: the seat asked gets "your move"; every seat gets the
    # round's report when a round ends (their digest is the default: once a round).
    seats = table.seats()
    before = RULESET.from_json(game.initial_state_json)
    expected = {seat: [f"[sa-live] step 0 report for {seat}"] for seat in SEATS}
    asked_at = {seat: [0] if seat in RULESET.awaiting(before) else [] for seat in SEATS}
    for r in records:
        after = RULESET.from_json(r.state_json)
        over = RULESET.outcome(after) is not None
        for seat in SEATS:
            asked = seat in RULESET.awaiting(after) and not seats[seat].bot
            if over:
                expected[seat].append("[sa-live] the game is over")
            elif asked:
                expected[seat].append(f"[sa-live] your move, step {r.turn_no + 1}")
                asked_at[seat].append(r.turn_no + 1)
            elif after.round != before.round:
                expected[seat].append(f"[sa-live] step {r.turn_no + 1} report for {seat}")
        before = after
    for seat, p in table.players.items():
        assert [m["Subject"] for m in table.reports(p)] == expected[seat], seat
    for seat in HUMANS:
        assert your_moves[seat] == asked_at[seat], seat
    assert len(table.gm.all) == rounds, "the GM's digest once a round"
    # Pre-orders and answers to "your move" were both stored and said so.
    for seat in HUMANS:
        texts = [flat(text_of(m)) for m in table.answers(table.players[seat])]
        assert sum("Pre-orders stored for sa-live, seat " + seat in t for t in texts) == len(pre_orders[seat]) > 0
        assert sum("Orders stored for sa-live step " in t and f"seat {seat};" in t for t in texts) \
            == len(your_moves[seat]) - (seat == missed_seat)
    # Most placements play from kept PLACE lines without asking anyone.
    placements = sum(sum(1 for e in json.loads(r.events_json) if e.get("by") and " places " in e["text"])
                     for r in records)
    asks = sum(len(v) for v in asked_at.values())
    assert asks * 2 < placements, (asks, placements)
    # The missed move was played by the missed rule: the bot.
    record, asked = records[missed_at], RULESET.from_json(records[missed_at - 1].state_json)
    assert RULESET.awaiting(asked) == {missed_seat} and json.loads(record.seats_json)["missing"] == [missed_seat]
    bot = RULESET.bot_orders(asked, missed_seat, random.Random(f"{game.seed}:{missed_at}:{missed_seat}"))
    assert json.loads(record.sheets_json)[missed_seat] == list(bot.normal), "the bot played blue's move"
