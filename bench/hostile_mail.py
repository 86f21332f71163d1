"""Real passes over a hostile inbox: 10,000 mails of tests/hostile_mail.py's
corpus (mixed with nothing else) posted to a started 3-seat game's Maildir
inbox, ``--batch`` mails a pass. Prints the outcome of every mail by status
and by kind, the passes that crashed (and what), time per mail, the slowest
mails' handling times, and the peak memory; the verdict is the time as a ratio against a floor measured in the
same run: parsing each mail with ``email.message_from_bytes(raw,
policy=email.policy.default)``.

A pass that crashes is not the end: the mail it crashed on is found (a mail
left new is the one handling stopped at, a mail left queued the one sending
stopped at; when fetching failed, what is left in the inbox is fed back in
halves down to the mail that crashes alone), put aside as ``crashed`` with
its error, and the passes go on, so one run shows every cause.

``--triage`` runs every mail in a pass of its own instead (slower; it gives
each mail's own time and error, with the traceback's last frames).

Run: python bench/hostile_mail.py [--mails 10000] [--batch 500] [--seed 1]
     [--database postgresql+psycopg://...] [--triage] [--tracemalloc]
Prints figures; asserts nothing.
"""
from __future__ import annotations

import argparse
import email
import email.policy
import hashlib
import itertools
import os
import re
import resource
import shutil
import sys
import tempfile
import time
import traceback
import tracemalloc
from collections import Counter, defaultdict
from contextlib import nullcontext
from datetime import datetime, timedelta, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from sqlmodel import Session, select  # noqa: E402

from conftest import pg_database  # noqa: E402
from hostile_mail import Login, corpus, kinds  # noqa: E402
from pbem.models import InboundMail, OutboundMail  # noqa: E402
from pbem.inbox.intake import duplicate_count  # noqa: E402
from pbem_world import World, password_in, run_pass  # noqa: E402
import pbem.runners.handle as handle_runner  # noqa: E402

HANDLED: list[tuple[float, bytes]] = []     # each mail's handling time (pbem.inbox.handler.handle) and the mail


def _timed(real):  # type: ignore[no-untyped-def]
    """pbem.inbox.handler.handle, timed mail by mail (the slowest mail is the figure a flood of them costs)."""
    def handle(s, cfg, row, now):  # type: ignore[no-untyped-def]
        began = time.perf_counter()
        try:
            return real(s, cfg, row, now)
        finally:
            HANDLED.append((time.perf_counter() - began, row.raw))
    return handle


handle_runner.handle = _timed(handle_runner.handle)

T0 = datetime(2026, 4, 1, 9, 0, tzinfo=timezone.utc)
SEATS = {"red": ("ann@example.org", "PLACE C3 B2\nPLANT C3"), "blue": ("bob@example.org", "PLACE F5 G4"),
         "green": ("cy@example.org", "PLACE D6 E6")}
HEAD = 65536
REPO = (str(ROOT / "pbem"), str(ROOT / "engine"))


def started(root: Path, database: str) -> tuple[World, list[Login]]:
    world = World(root, database=database)
    with world.config.open("a") as fh:
        fh.write("\n[limits]\nanswers_per_day = 1000000\n")
    seats = [a for seat, (address, _) in SEATS.items() for a in ("--seat", f"{seat}:{address}")]
    world.pbem("game", "new", "g", *seats, "--gm", "gm@example.org", "--seed", "bench", "--deadline", "720h")
    world.pbem("game", "start", "g", "--now", T0.isoformat())
    run_pass(world, T0)
    return world, [Login("g", seat, password_in(world.outbox(address)), address, orders)
                   for seat, (address, orders) in SEATS.items()]


def ident(raw: bytes) -> str:
    return hashlib.sha256(raw[:HEAD]).hexdigest()


def where(why: BaseException) -> str:
    """The error's first line, where it was raised, and the last frame of pbem it came through."""
    frames = traceback.extract_tb(why.__traceback__)
    ours = [f for f in frames if f.filename.startswith(REPO)]
    first = " ".join(str(why).split())
    for pattern, same in ((r"/tmp/\S+", "<tmp path>"), (r"\d{4,}", "N"), (r"in position \d+(-\d+)?", "in position N"),
                          (r"characters? '?(\\udc[0-9a-f]{2})+'?", "character(s) '\\udcXX'")):
        first = re.sub(pattern, same, first)
    first = first[:160]
    raised = f"{Path(frames[-1].filename).name}:{frames[-1].lineno} {frames[-1].name}" if frames else "?"
    via = f" via {os.path.relpath(ours[-1].filename, ROOT)}:{ours[-1].lineno} {ours[-1].name}" if ours else ""
    return f"{type(why).__name__}: {first} [raised at {raised}{via}]"


def category(status: str, note: str) -> str:
    """A mail's outcome in a few words: its status and the gist of its note (duplicates left out)."""
    note = "; ".join(part for part in (note or "").split("; ") if "duplicate" not in part)
    gist = re.split(r"[:(;]", note, maxsplit=1)[0]
    gist = re.sub(r"\d+", "N", gist).strip()[:48]
    return f"{status}: {gist}" if gist else status


def inbox_files(world: World) -> list[Path]:
    return [p for sub in ("new", "cur") for p in (world.root / "in" / sub).iterdir() if not p.name.startswith(".")]


class Bench:
    def __init__(self, world: World, now: datetime) -> None:
        self.world = world
        self.now = now
        self.kind_of: dict[str, str] = {}
        self.crashes: dict[str, list[tuple[str, bytes]]] = defaultdict(list)   # error -> (kind, raw head)
        self.unstored: Counter = Counter()     # kinds of mails that crashed fetching, never stored
        self.copies: Counter = Counter()       # kinds of posted mails that repeat an earlier one byte for byte
        self.aside = world.root / "crashed"
        self.aside.mkdir(exist_ok=True)
        self.passes = 0
        self.seconds = 0.0
        self.recovering = False
        self.counted_duplicates = 0            # as the passes' summaries count them
        self.recovery_seconds = 0.0            # passes that fed a crashed batch back in halves

    def tick(self) -> datetime:
        self.now += timedelta(minutes=20)
        return self.now

    def one_pass(self) -> BaseException | None:
        self.passes += 1
        began = time.perf_counter()
        try:
            _code, summary = run_pass(self.world, self.tick())
            self.counted_duplicates += getattr(summary, "duplicates", 0)
            return None
        except BaseException as why:  # noqa: BLE001 - MemoryError and RecursionError are findings too
            if isinstance(why, KeyboardInterrupt):
                raise
            return why
        finally:
            self.seconds += time.perf_counter() - began
            if self.recovering:
                self.recovery_seconds += time.perf_counter() - began

    def crashed(self, why: BaseException, raw: bytes, stored: bool) -> None:
        kind = self.kind_of.get(ident(raw), "?")
        self.crashes[where(why)].append((kind, raw[:300]))
        if not stored:
            self.unstored[kind] += 1

    def run_until_clean(self) -> None:
        """A pass; on a crash put the mail it crashed on aside and pass again."""
        for _attempt in range(10_000):
            why = self.one_pass()
            if why is None:
                return
            stage = stage_of(why)
            if stage == "fetch":
                self.feed_one_by_one(inbox_files(self.world))
            elif not self.blame(why, stage):
                self.crashes[f"(in no mail, {stage}) {where(why)}"].append(("-", b""))
                return

    def blame(self, why: BaseException, stage: str) -> bool:
        """Set aside the stored mail handling stopped at, or the queued mail sending stopped at."""
        with Session(self.world.engine()) as s:
            if stage == "handle":
                stuck = s.exec(select(InboundMail).where(InboundMail.status == "new").order_by(InboundMail.id)).first()
                if stuck is None:
                    return False
                self.crashed(why, bytes(stuck.raw), stored=True)
                stuck.status, stuck.note = "crashed", where(why)
                s.add(stuck)
            elif stage == "send":
                queued = s.exec(select(OutboundMail).where(OutboundMail.status == "queued")
                                .order_by(OutboundMail.id)).first()
                if queued is None:
                    return False
                found = re.match(r"answer:(\d+):", queued.key)
                cause = s.get(InboundMail, int(found.group(1))) if found else None
                raw = bytes(cause.raw) if cause is not None else b""
                self.crashes[f"sending to {queued.to_addr[:60]!r}: {where(why)}"].append(
                    (self.kind_of.get(ident(raw), "-") if raw else f"({queued.kind})", raw[:300]))
                queued.status, queued.last_error = "failed", where(why)
                s.add(queued)
            else:
                return False
            s.commit()
        return True

    def feed_one_by_one(self, files: list[Path]) -> None:
        """Fetching crashed: the inbox is fed back in halves, each half that crashes halved again,
        down to the one mail that crashes alone, which is put aside."""
        hold = self.world.root / "hold"
        hold.mkdir(exist_ok=True)
        self.recovering = True
        held = []
        for path in files:
            shutil.move(str(path), hold / path.name)
            held.append(hold / path.name)
        self.feed(held)
        self.recovering = False

    def feed(self, held: list[Path]) -> None:
        if not held:
            return
        inbox = self.world.root / "in" / "new"
        raws = {path.name: path.read_bytes() for path in held}
        for path in held:
            shutil.move(str(path), inbox / path.name)
        for _attempt in range(100):
            why = self.one_pass()
            if why is None:
                return
            stage = stage_of(why)
            if stage == "fetch":
                break
            if not self.blame(why, stage):
                self.crashes[f"(in no mail, {stage}) {where(why)}"].append(("-", b""))
                return
        left = inbox_files(self.world)
        if len(left) == 1:
            self.crashed(why, raws.get(left[0].name, left[0].read_bytes()), stored=False)
            shutil.move(str(left[0]), self.aside / left[0].name)
            return
        back = []
        for path in sorted(left, key=lambda p: (p.stat().st_mtime_ns, p.name)):
            shutil.move(str(path), self.world.root / "hold" / path.name)
            back.append(self.world.root / "hold" / path.name)
        half = len(back) // 2
        self.feed(back[:half])
        self.feed(back[half:])


def stage_of(why: BaseException) -> str:
    """The step of the pass a crash came from: fetch, handle, send or other."""
    runners = {Path(f.filename).stem for f in traceback.extract_tb(why.__traceback__)
               if f"{os.sep}pbem{os.sep}runners{os.sep}" in f.filename}
    for stage in ("fetch", "handle", "send"):
        if stage in runners:
            return stage
    return "other"


def outcomes(bench: Bench) -> tuple[Counter, dict[str, Counter], int]:
    by_status: Counter = Counter()
    by_kind: dict[str, Counter] = defaultdict(Counter)
    duplicates = 0
    with Session(bench.world.engine()) as s:
        for row in s.exec(select(InboundMail)):
            label = category(row.status, row.note)
            kind = bench.kind_of.get(ident(bytes(row.raw)), "?")
            by_status[label] += 1
            by_kind[kind][row.status] += 1
            duplicates += duplicate_count(row.note)
    for kind, count in bench.unstored.items():
        by_kind[kind]["crashed fetching, not stored"] += count
        by_status["crashed fetching, not stored"] += count
    return by_status, by_kind, duplicates


FLOOR_ERRORS: Counter = Counter()


def floor(raws: list[bytes]) -> float:
    """Parsing each mail with the email package, as pbem must at least; what it raises is counted."""
    began = time.perf_counter()
    for raw in raws:
        try:
            email.message_from_bytes(raw, policy=email.policy.default)
        except Exception as why:  # noqa: BLE001 - the 1,000-level nesting raises RecursionError
            FLOOR_ERRORS[type(why).__name__] += 1
    return time.perf_counter() - began


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mails", type=int, default=10_000)
    ap.add_argument("--batch", type=int, default=500)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--database", default="sqlite:///pbem.sqlite")
    ap.add_argument("--postgres", action="store_true",
                    help="a fresh PostgreSQL database (PBEM_TEST_PG, as the tests) instead of --database")
    ap.add_argument("--triage", action="store_true", help="every mail in a pass of its own")
    ap.add_argument("--tracemalloc", action="store_true", help="peak memory by tracemalloc (slower)")
    ap.add_argument("--memory-limit-gb", type=float, default=8.0,
                    help="address-space limit, so a memory bomb raises MemoryError (0: none)")
    args = ap.parse_args()
    if args.memory_limit_gb:
        limit = int(args.memory_limit_gb * 2**30)
        resource.setrlimit(resource.RLIMIT_AS, (limit, resource.getrlimit(resource.RLIMIT_AS)[1]))
    with tempfile.TemporaryDirectory() as tmp, (pg_database() if args.postgres else nullcontext(args.database)) as url:
        args.database = url
        world, logins = started(Path(tmp), url)
        bench = Bench(world, T0)
        mails = corpus(args.seed, args.mails, logins)
        posted, base, sizes, slow = 0, 0.0, 0, []
        rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        if args.tracemalloc:
            tracemalloc.start()
        step = 1 if args.triage else args.batch
        while True:
            batch = list(itertools.islice(mails, step))
            if not batch:
                break
            base += floor([raw for _kind, raw in batch])
            for kind, raw in batch:
                if ident(raw) in bench.kind_of:
                    bench.copies[kind] += 1
                bench.kind_of.setdefault(ident(raw), kind)
                world.post(raw)
                sizes += len(raw)
            posted += len(batch)
            spent = bench.seconds
            bench.run_until_clean()
            if args.triage:
                slow.append((bench.seconds - spent, batch[0][0], len(batch[0][1])))
            if not args.triage:
                print(f"  {posted:>6} mails posted, {bench.passes} passes, {bench.seconds:7.1f} s", flush=True)
        peak = tracemalloc.get_traced_memory()[1] if args.tracemalloc else 0
        rss_after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        by_status, by_kind, duplicates = outcomes(bench)
        with Session(world.engine()) as s:
            stored = len(list(s.exec(select(InboundMail.id))))
        left = len(inbox_files(world))

    print(f"\n{posted} hostile mails ({sizes / 2**20:.1f} MiB), seed {args.seed}, "
          f"{'one mail' if args.triage else f'{args.batch} mails'} a pass, {bench.passes} passes, {args.database}")
    unstored = sum(bench.unstored.values())
    print(f"stored {stored} + noted as duplicates {duplicates} + crashed fetching {unstored} = "
          f"{stored + duplicates + unstored} of {posted} posted; left in the inbox: {left}; "
          f"the passes counted {bench.counted_duplicates} duplicates")
    print("\noutcomes by status:")
    for label, count in by_status.most_common():
        print(f"  {count:>6}  {label}")
    print("\noutcomes by kind:")
    for kind in sorted(set(kinds()) | set(by_kind)):
        counts = by_kind.get(kind, Counter())
        copies = f"{', ' if counts else ''}copy of an earlier mail {bench.copies[kind]}" if bench.copies[kind] else ""
        print(f"  {kind:32} " + ", ".join(f"{status} {n}" for status, n in counts.most_common()) + copies)
    if bench.crashes:
        crashed = sum(len(v) for v in bench.crashes.values())
        print(f"\npasses that crashed: {crashed}, distinct errors: {len(bench.crashes)}")
        for error, seen in sorted(bench.crashes.items(), key=lambda kv: -len(kv[1])):
            print(f"  {len(seen):>5}x {error}")
            print(f"         kinds: {dict(Counter(k for k, _ in seen))}")
            print(f"         e.g. {seen[0][1][:200]!r}")
    else:
        print("\nno pass crashed")
    if slow:
        print("\nslowest mails (own pass each):")
        for seconds, kind, size in sorted(slow, reverse=True)[:10]:
            print(f"  {seconds:7.2f} s  {kind:32} {size:>9} bytes")
    if HANDLED:
        times = sorted(seconds for seconds, _raw in HANDLED)
        print(f"\nhandling one mail (pbem.inbox.handler.handle, {len(times)} mails): median "
              f"{1000 * times[len(times) // 2]:.1f} ms, 99th percentile {1000 * times[len(times) * 99 // 100]:.1f} ms, "
              f"slowest {1000 * times[-1]:.1f} ms (goal: under 1 s)")
        for seconds, raw in sorted(HANDLED, key=lambda x: -x[0])[:5]:
            print(f"  {1000 * seconds:8.1f} ms  {bench.kind_of.get(ident(raw), '?'):32} {len(raw):>9} bytes")
    raised = f"  (raised on {dict(FLOOR_ERRORS)})" if FLOOR_ERRORS else ""
    print(f"\nfloor (email.message_from_bytes, policy.default): {base:8.2f} s  {1000 * base / posted:8.3f} ms/mail  "
          f"1.00x{raised}")
    print(f"pbem passes (fetch, store, handle, answer, send):  {bench.seconds:8.2f} s  "
          f"{1000 * bench.seconds / posted:8.3f} ms/mail  {bench.seconds / base:.1f}x the floor")
    if bench.recovery_seconds:
        print(f"  of which {bench.recovery_seconds:.2f} s in passes feeding crashed batches back in halves (they "
              "handle those mails too; without the crashes the time is lower)")
    print(f"peak RSS {rss_after / 1024:.0f} MiB (before the passes {rss_before / 1024:.0f} MiB)"
          + (f"; tracemalloc peak {peak / 2**20:.1f} MiB" if args.tracemalloc else ""))


if __name__ == "__main__":
    main()
