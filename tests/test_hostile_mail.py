"""Hostile mail never stops a pass, is never lost, never changes a game and
never makes pbem write a broken or injected mail.

A started 3-seat game gets a fixed sample of tests/hostile_mail.py's corpus
(every kind at least once), mixed with the seats' own good order mails, over
several passes on the Maildir transport: 300 mails on SQLite, and one of
every kind on PostgreSQL (which refuses what SQLite takes: NUL in text,
overlong values). After every pass each check
below is made; each test asserts one of them for every pass. Then: one of
the known killers among 50 good mails must not keep the good ones from being
handled, nor the due turn from being resolved, in the same pass.
"""
from __future__ import annotations

import email
import email.policy
import hashlib
import os
import random
import re
import resource
import time
import traceback
from collections import defaultdict
from contextlib import nullcontext
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from email.parser import BytesHeaderParser
from email.utils import getaddresses
from pathlib import Path
from typing import Iterator

import pytest
from sqlmodel import Session, select

from conftest import pg_database
from hostile_mail import Login, corpus, kinds
from pbem.models import Game, InboundMail, Observer, OutboundMail, Press, Seat, Sheet, TurnRecord
from pbem.inbox.intake import duplicate_count
from pbem_world import World, order_mail, password_in, run_pass

pytestmark = pytest.mark.long     # a whole game or a long run: scheduled first (tests/conftest.py)

T0 = datetime(2026, 4, 1, 9, 0, tzinfo=timezone.utc)
GAME, GM = "g", "gm@example.org"
SEATS = {"red": "ann@example.org", "blue": "bob@example.org", "green": "cy@example.org"}
GOOD_ORDERS = {"red": ["PLACE C3 B2\nPLANT C3", "PLACE B2 C3"], "blue": ["PLACE F5 G4", "PLACE G4 F5"],
               "green": ["PLACE D6 E6", "PLACE E6 D6"]}
SEED = 20260401
SAMPLE = {"sqlite": 300, "postgresql": len(kinds())}   # hostile mails; the first len(kinds()) are one of each kind
BATCH = 100                # hostile mails per pass
INNOCENT_PER_SEAT = 2      # good order mails of each seat mixed into every batch
MEMORY_LIMIT = 8 * 2**30   # a mail that blows up memory raises MemoryError instead of taking the machine
HEAD = 65536               # what is stored of a mail over the size limit
REPO = tuple(str(Path(__file__).resolve().parent.parent / d) + os.sep for d in ("pbem", "engine"))


# -- what the checks hold to ------------------------------------------------------
_ATOM = r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+"
_LOCAL = re.compile(rf"^{_ATOM}(\.{_ATOM})*$")
_LABEL = re.compile(r"^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$")


def valid_address(address: str) -> bool:
    """An address a mail may be sent to: plain ASCII local@domain (dot-atom
    local part of at most 64, at most 254 in all, a domain of LDH labels)."""
    if not address or len(address) > 254 or not address.isascii():
        return False
    local, at, domain = address.rpartition("@")
    return (bool(at) and 0 < len(local) <= 64 and bool(_LOCAL.match(local)) and "." in domain
            and all(_LABEL.match(label) for label in domain.split(".")))


def valid_sender(raw: bytes) -> str:
    """The one valid address in the mail's one From header, or ''."""
    head = BytesHeaderParser(policy=email.policy.compat32).parsebytes(raw)
    values = [str(v) for v in head.get_all("From") or []]
    if len(values) != 1 or any(c in values[0] for c in "\r\n\x00"):
        return ""
    pairs = getaddresses(values)
    return pairs[0][1] if len(pairs) == 1 and valid_address(pairs[0][1]) else ""


def header_problems(raw: bytes) -> list[str]:
    """What is wrong with the header of a mail we queued: lines that are not
    header lines, bare CR, NUL, an ``Injected`` header, anything the strict
    policy finds."""
    problems = []
    head = re.split(rb"\r?\n\r?\n", raw, maxsplit=1)[0]
    for line in head.split(b"\n"):
        line = line[:-1] if line.endswith(b"\r") else line
        if b"\r" in line or b"\x00" in line:
            problems.append(f"CR or NUL inside a header line: {line[:80]!r}")
        if not (line[:1] in (b" ", b"\t") or re.match(rb"^[!-9;-~]+:", line)):
            problems.append(f"not a header line: {line[:80]!r}")
    try:
        msg = email.message_from_bytes(raw, policy=email.policy.strict)
    except Exception as why:  # noqa: BLE001 - any failure of the strict parser is the finding
        return problems + [f"strict parse failed: {type(why).__name__}: {why}"]
    problems += [f"message defect: {d!r}" for d in msg.defects]
    for name in set(msg.keys()):
        if name.lower() == "injected":
            problems.append("a header named Injected")
        try:
            values = msg.get_all(name) or []
        except Exception as why:  # noqa: BLE001
            problems.append(f"{name}: {type(why).__name__}: {why}")
            continue
        for value in values:
            problems += [f"{name}: defect {d!r}" for d in value.defects]
            if "\r" in str(value) or "\n" in str(value):
                problems.append(f"{name}: CR/LF in the value {str(value)[:80]!r}")
    return problems


# -- a started game ------------------------------------------------------------------------
def started_game(root: Path, database: str) -> tuple[World, list[Login]]:
    """A started 3-seat game, its welcome mails sent; the logins of its seats."""
    world = World(root, database=database)
    with world.config.open("a") as fh:    # hostile mail from a seat's address must not use up its answers
        fh.write("\n[limits]\nanswers_per_day = 1000000\n")
    seats = [a for seat, address in SEATS.items() for a in ("--seat", f"{seat}:{address}")]
    world.pbem("game", "new", GAME, *seats, "--gm", GM, "--seed", "hostile", "--deadline", "72h")
    world.pbem("game", "start", GAME, "--now", T0.isoformat())
    code, _ = run_pass(world, T0)
    assert code == 0
    return world, [Login(GAME, seat, password_in(world.outbox(address)), address, GOOD_ORDERS[seat][0])
                   for seat, address in SEATS.items()]


def good_mail(login: Login, orders: str) -> bytes:
    signon = f"SIGNON {login.game} {login.seat} {login.password}"
    return order_mail(login.address, f"Hi,\n\n{signon}\n{orders}\n-- \n{login.seat}\n")


def game_state(world: World) -> dict:
    """Everything a game plays with, but its sheets."""
    with Session(world.engine()) as s:
        return {table.__name__: sorted((row.model_dump() for row in s.exec(select(table))), key=repr)
                for table in (Game, Seat, TurnRecord, Observer, Press)}


def sheets(world: World) -> dict[tuple[str, int], str]:
    with Session(world.engine()) as s:
        return {(x.seat, x.turn_no): x.text for x in s.exec(select(Sheet))}


def inbox_left(world: World) -> list[str]:
    return [f"{sub}/{name}" for sub in ("new", "cur") for name in os.listdir(world.root / "in" / sub)
            if not name.startswith(".")]


def _ident(raw: bytes) -> str:
    return hashlib.sha256(raw[:HEAD]).hexdigest()


def crash_summary(why: BaseException) -> str:
    """The exception, where it was raised, and the last frame of pbem it came through."""
    frames = traceback.extract_tb(why.__traceback__)
    ours = [f for f in frames if f.filename.startswith(REPO)]
    where = f"{frames[-1].filename}:{frames[-1].lineno} in {frames[-1].name}" if frames else "?"
    via = f"; via {ours[-1].filename}:{ours[-1].lineno} in {ours[-1].name}" if ours else ""
    return f"{type(why).__name__}: {' '.join(str(why).split())[:300]} (raised at {where}{via})"


# -- the hostile run ---------------------------------------------------------------------------
@dataclass
class Run:
    world: World
    logins: list[Login]
    kinds_of: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))   # _ident(raw) -> kinds
    innocent: list[tuple[str, bytes]] = field(default_factory=list)                   # (seat, raw)
    posted: int = 0
    failures: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))  # check -> findings
    timings: list[float] = field(default_factory=list)

    def kind(self, raw: bytes) -> str:
        return ",".join(sorted(self.kinds_of.get(_ident(raw), {"?"})))

    def fail(self, check: str, finding: str) -> None:
        if finding not in self.failures[check]:
            self.failures[check].append(finding)


def check_pass(run: Run, number: int) -> None:
    """The checks made after every pass."""
    world = run.world
    with Session(world.engine()) as s:
        rows = list(s.exec(select(InboundMail).order_by(InboundMail.id)))
        answered = {m.key for m in s.exec(select(OutboundMail).where(OutboundMail.key.like("answer:%")))}
    duplicates = 0
    for row in rows:
        about = f"pass {number}: mail {row.id} ({run.kind(row.raw)}, {bytes(row.raw[:100])!r})"
        duplicates += duplicate_count(row.note)
        if row.status == "new":
            run.fail("status", f"{about} is still new")
        elif row.status == "quarantined" and not (row.note or "").strip():
            run.fail("status", f"{about} is quarantined without a note")
        elif row.status not in ("handled", "loop", "quarantined"):
            run.fail("status", f"{about} ends in status {row.status!r}")
        if row.status == "handled" and f"answer:{row.id}:from" not in answered and valid_sender(row.raw):
            run.fail("answered", f"{about} is handled but its valid sender {valid_sender(row.raw)} got no answer"
                                 f" (note {row.note!r})")
    if len(rows) + duplicates != run.posted:
        run.fail("count", f"pass {number}: {run.posted} mails posted, {len(rows)} stored + {duplicates} noted "
                          "as duplicates")
    left = inbox_left(world)
    if left:
        run.fail("inbox", f"pass {number}: {len(left)} mail(s) left in the inbox, e.g. {left[:3]}")


def final_checks(run: Run, before: dict) -> None:
    world = run.world
    after = game_state(world)
    for table in before:
        if after[table] != before[table]:
            new = [row for row in after[table] if row not in before[table]]
            run.fail("state", f"the game's {table} rows changed; now {len(after[table])}, changed or new: {new[:3]}")
    want = {(seat, 0): GOOD_ORDERS[seat][0] for seat in SEATS}
    if sheets(world) != want:
        run.fail("state", f"sheets are {sheets(world)}, the innocent seats' last sheets were {want}")
    with Session(world.engine()) as s:
        out = list(s.exec(select(OutboundMail)))
        answers = {m.key: m for m in out}
        rows = list(s.exec(select(InboundMail)))
    by_raw = {bytes(r.raw): r for r in rows}
    for seat, raw in run.innocent:
        row = by_raw.get(raw)
        if row is None or row.status != "handled":
            run.fail("innocent", f"{seat}'s good mail is "
                                 + (f"{row.status} ({row.note})" if row else "not stored"))
            continue
        answer = answers.get(f"answer:{row.id}:from")
        text = email.message_from_bytes(answer.raw, policy=email.policy.default).get_body(("plain",)).get_content() \
            if answer else ""
        if f"Orders stored for {GAME} turn 0, seat {seat}" not in text:
            run.fail("innocent", f"{seat}'s good mail {row.id} was answered {text[:300]!r}")
    for m in out:
        problems = ([] if valid_address(m.to_addr) else [f"recipient {m.to_addr[:80]!r} is not a valid address"])
        problems += header_problems(m.raw)
        msg = email.message_from_bytes(m.raw, policy=email.policy.default)
        try:
            to = [a.addr_spec for a in msg["To"].addresses]
        except Exception as why:  # noqa: BLE001
            to = [f"{type(why).__name__}"]
        if to != [m.to_addr]:
            problems.append(f"To: {to} is not the recipient {m.to_addr!r}")
        for problem in problems:
            run.fail("outbound", f"{m.kind} {m.key[:60]} to {m.to_addr[:60]!r}: {problem}")
    for row in rows:
        if any(k.startswith("loop:") for k in run.kinds_of.get(_ident(row.raw), ())):
            if row.status != "loop" or f"answer:{row.id}:from" in answers:
                run.fail("loops", f"automatic mail {row.id} ({run.kind(row.raw)}) ends {row.status!r} "
                                  f"({row.note!r}), answered: {f'answer:{row.id}:from' in answers}; "
                                  f"{bytes(row.raw[:160])!r}")


@pytest.fixture(scope="module")
def memory_guard() -> Iterator[None]:
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = MEMORY_LIMIT if soft == resource.RLIM_INFINITY else min(soft, MEMORY_LIMIT)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    yield
    resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


# PostgreSQL only when asked: with it the module takes about a minute on a 2-core machine today,
# a third of that in one mail (the 900 KB Subject of encoded words); see the module docstring.
BACKENDS = ["sqlite", "postgresql"]


@pytest.fixture(scope="module", params=BACKENDS)
def hostile(request, tmp_path_factory, memory_guard) -> Iterator[Run]:
    """The sample posted and passed; every pass checked."""
    with (pg_database() if request.param == "postgresql" else nullcontext("sqlite:///pbem.sqlite")) as url:
        started = time.perf_counter()
        world, logins = started_game(tmp_path_factory.mktemp(f"hostile-{request.param}"), url)
        run = Run(world, logins)
        before = game_state(world)
        mails = list(corpus(SEED, SAMPLE[request.param], logins))
        assert {k for k, _ in mails} == set(kinds()), "the sample has every kind"
        rng = random.Random(SEED)
        batches = []
        for start in range(0, len(mails), BATCH):
            batch = list(mails[start:start + BATCH])
            for login in logins:
                for _ in range(INNOCENT_PER_SEAT):
                    batch.insert(rng.randrange(len(batch) + 1),
                                 (f"innocent:{login.seat}", good_mail(login, rng.choice(GOOD_ORDERS[login.seat]))))
            batches.append(batch)
        # Last, alone: each seat's sheet that must stand.
        batches.append([(f"innocent:{login.seat}", good_mail(login, GOOD_ORDERS[login.seat][0])) for login in logins])
        for number, batch in enumerate(batches, start=1):
            for kind, raw in batch:
                world.post(raw)
                run.kinds_of[_ident(raw)].add(kind)
                if kind.startswith("innocent:"):
                    run.innocent.append((kind.split(":")[1], raw))
            run.posted += len(batch)
            began = time.perf_counter()
            try:
                code, summary = run_pass(world, T0 + timedelta(minutes=20 * number))
                if code != 0:
                    run.fail("exit", f"pass {number} exited {code}: {summary.lines()}")
            except KeyboardInterrupt:
                raise
            except BaseException as why:  # noqa: BLE001 - MemoryError and RecursionError are findings too
                run.fail("exit", f"pass {number} raised {crash_summary(why)}")
            run.timings.append(time.perf_counter() - began)
            check_pass(run, number)
        final_checks(run, before)
        run.timings.append(time.perf_counter() - started)
        print(f"\n{request.param}: {run.posted} mails, passes {[f'{t:.1f}s' for t in run.timings[:-1]]}, "
              f"{run.timings[-1]:.1f} s in all")
        yield run


def _none(run: Run, check: str) -> None:
    found = run.failures.get(check, [])
    assert not found, f"{len(found)} finding(s):\n" + "\n".join(found[:40])


def test_every_pass_over_hostile_mail_exits_0(hostile: Run) -> None:
    _none(hostile, "exit")


def test_every_stored_mail_ends_handled_loop_or_quarantined_with_a_note(hostile: Run) -> None:
    _none(hostile, "status")


def test_every_handled_mail_with_a_valid_sender_is_answered(hostile: Run) -> None:
    _none(hostile, "answered")


def test_every_posted_mail_is_stored_or_noted_as_a_duplicate(hostile: Run) -> None:
    _none(hostile, "count")


def test_the_inbox_is_emptied_by_every_pass(hostile: Run) -> None:
    _none(hostile, "inbox")


def test_hostile_mail_changes_nothing_in_the_game_but_the_innocent_sheets(hostile: Run) -> None:
    _none(hostile, "state")


def test_innocent_mails_in_hostile_batches_get_orders_stored(hostile: Run) -> None:
    _none(hostile, "innocent")


def test_every_queued_mail_goes_to_a_valid_address_with_strict_uninjected_headers(hostile: Run) -> None:
    _none(hostile, "outbound")


def test_automatic_mail_is_dropped_as_a_loop_and_never_answered(hostile: Run) -> None:
    _none(hostile, "loops")


# -- one poisoned mail among good ones -------------------------------------------------------------
KILLERS = {   # one that stopped fetching, one that stopped handling, one that stopped composing the answer
    "cc-group-at": lambda login: _poisoned(login, "Cc: a:b;@"),
    "vacation-superscript-two": lambda login: good_mail(login, "VACATION \u00b2"),
    "crlf-word-message-id": lambda login: _poisoned(login, "Message-ID: =?utf-8?q?a=0D=0AInjected:_x?="),
}


def _answer_text(world: World, mail_id: int) -> str:
    with Session(world.engine()) as s:
        answer = s.exec(select(OutboundMail).where(OutboundMail.key == f"answer:{mail_id}:from")).first()
    return email.message_from_bytes(answer.raw, policy=email.policy.default).get_body(("plain",)).get_content()


def _poisoned(login: Login, header: str) -> bytes:
    raw = good_mail(login, "STATUS")
    name = header.split(":")[0].encode()
    lines = [line for line in raw.split(b"\n") if not line.lower().startswith(name.lower() + b":")]
    return header.encode() + b"\n" + b"\n".join(lines)


@pytest.mark.parametrize("killer", sorted(KILLERS))
def test_one_poisoned_mail_among_50_good_ones_leaves_them_handled_and_the_turn_resolved(
        killer: str, tmp_path: Path, memory_guard) -> None:
    world, logins = started_game(tmp_path, "sqlite:///pbem.sqlite")
    good = []
    for i in range(50):
        login = logins[i % len(logins)]
        raw = good_mail(login, GOOD_ORDERS[login.seat][i // len(logins) % 2])
        good.append((login.seat, raw))
        world.post(raw)
        if i == 24:
            world.post(KILLERS[killer](logins[0]))
    code, summary = run_pass(world, T0 + timedelta(hours=73))
    assert code == 0, summary.lines()
    with Session(world.engine()) as s:
        rows = {bytes(r.raw): r for r in s.exec(select(InboundMail))}
        answered = {m.key for m in s.exec(select(OutboundMail))}
        game = s.get(Game, GAME)
        turns = [r.turn_no for r in s.exec(select(TurnRecord))]
    assert len(rows) == 51
    assert all(r.status != "new" for r in rows.values())
    assert [seat for seat, raw in good if rows[raw].status != "handled"] == []
    assert [seat for seat, raw in good if f"answer:{rows[raw].id}:from" not in answered] == []
    stored = [raw for _seat, raw in good if f"Orders stored for {GAME} turn 0" in _answer_text(world, rows[raw].id)]
    assert len(stored) == 50, "every good mail got its Orders stored answer"
    assert turns == [0] and game.turn_no == 1, "the turn was resolved in the same pass"
    reports = [m for m in world.outbox(SEATS["red"]) if "turn 1 report" in str(m["Subject"])]
    assert reports, "the seats got the report of the resolved turn"
