"""A mixed community in one pass: active games of Valley, Stone Age and Dewan in
equal parts (2-5 seats, every awaited order in), one pass that resolves every
game's step and queues every report (text, HTML, the map as SVG and as PNG), on
SQLite with one worker and on PostgreSQL with one and two workers.

Prints, for each: seconds, games a second and the peak memory of the pass
(the largest resident size of a worker, each row in a fresh process); then
where the time goes, by the share of time spent in each part of the code, from
a profiled pass over a sample of the same games.

Run: python bench/scale.py [--games 10000] [--pool 600] [--pg "host=127.0.0.1 user=postgres dbname=test"]
[--rows sqlite pg1 pg2] [--sample 600] [--no-profile]. Prints figures; asserts nothing. The games are
at most ``--pool`` distinct positions of each game, used again in turn (drawing
10,000 positions with the bots takes longer than the pass).

Figures (2026-12-06, this project's 2-core machine, quiet; docs/scaling.md has more): PostgreSQL
with 2 workers, 1,000 games 48.9 s (20.4 games a second, 134 MB a worker), 10,000 games 471.5 s
(21.2 games a second, 142 MB a worker); about half of it drawing the PNG maps. With the maps drawn
by pbem/reports/raster.py: 1,000 games 24.4 s (41.0 a second, 124 MB), 10,000 games 241.5 s (41.4
a second, 129 MB); the issue's target is 120 s. With a step's map stored once for all its reports
(pbem.outbox, MailPart) and quicker maps and mail, in turn with the code before on a machine of
varying speed: 1,000 games 12-17 % less time, 10,000 games 336.7 s -> 285.7 s (the old code had
taken 254.3 s in a quicker hour). With fewer statements and writes a step, the workers sharing
the due games, ISA-L for the PNG and quicker mail (docs/scaling.md), later that day: 1,000 games
12.2 s with 2 workers (18.7 s SQLite, 20.6 s one PostgreSQL worker); 10,000 games 115.0 s in turn
with 165.3 s for the code before (other runs that hour 130.5 and 137.1 s), 132 MB a worker. In the
ninth session (2026-12-06), with quicker maps, the map's parts stored by a statement made once and
quicker Stone Age turns, in turn with the code before: 179.8 and 176.2 s -> 154.7 and 161.1 s
(137 MB a worker); the machine was CPU-bound throughout (88 % user, 6 % system, 4 % idle). In the
tenth (2026-12-07), with mail written straight and a step's lookups built once, on a slower and
noisier machine, in turn with the code before: 190.3 and 167.1 s -> 177.7 and 189.1 s (137 MB a
worker), within the machine's noise; one PostgreSQL worker's own CPU 28.5-30.3 -> 23.6-28.0 ms a
game. In the eleventh (2026-12-07, the yardstick this bench now prints at 2.3-2.5x its nominal
time), with a step's new rows inserted without model objects and its mails in one statement, in
turn with the code before: 254.8 and 265.5 s -> 252.3 and 249.8 s (139 MB a worker). In the twelfth,
with what a step's readers read alike rendered once a language (2.8 % fewer instructions a game):
215.2 s before on a machine 1.98x slower than nominal, 186.4 s after at 1.23x (141 MB a worker). In the
thirteenth, on a machine of nominal speed (0.93-0.95x), the code before 141.6 and 151.9 s, with the
collector paced and quicker mail headers (2 % fewer instructions a game) 146.9 s (141 MB): the 120 s
target is 15-20 % away. In the fourteenth (0.86-1.05x nominal) the same code took 113.2-128.6 s in four
runs: a step writes about 104 KB of WAL, so PostgreSQL checkpoints within the pass, when by what ran
before. Each pass now starts after a CHECKPOINT (the loading's writes are not the pass's): the code
before 130.0 and 135.3 s; with a step's report keys left to the INSERT (ON CONFLICT), no ping a game
and fewer ORM reads, 105.1 and 109.1 s (141 MB a worker), run in turn; later 118.8 s at 1.03x.
"""
from __future__ import annotations

import argparse
import cProfile
import gc
import json
import pickle
import pstats
import resource
import subprocess
import sys
import tempfile
import time
import uuid
from collections import Counter
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import psycopg  # noqa: E402
from sqlmodel import Session, func, select  # noqa: E402

from cpuclock import NOMINAL, yardstick  # noqa: E402
from many_games import add_positions, mixed_positions  # noqa: E402
from pbem.config import load  # noqa: E402
from pbem.db import migrate, open_engine  # noqa: E402
from pbem.models import OutboundMail, TurnRecord  # noqa: E402
from pbem.runners.process import Pass  # noqa: E402
from pbem.transports import make_inbox, make_outbox  # noqa: E402
from pbem.runners.workers import run_workers  # noqa: E402

NOW = datetime(2026, 8, 1, 12, 0, tzinfo=timezone.utc)
PARTS = (                       # where the time goes: the first match of a frame's file path
    ("PNG maps", ("cairosvg", "cairocffi", "/cffi/", "pycparser", "cssselect2", "tinycss2", "/xml/etree/",
                  "/urllib/parse.py", "/reports/png.py")),
    ("rules engines", ("/engine/",)),
    ("reports (templates, presenters, words)", ("jinja2", "/presenters/", "/reports/", "/templates/", "markupsafe",
                                                "/orderwords.py", "/gamewords.py", "/i18n.py", "babel", "/textwrap.py")),
    ("mail encoding", ("/email/", "/mail/", "/outbox.py")),
    ("database", ("sqlalchemy", "sqlmodel", "psycopg", "sqlite3", "/db.py", "/models.py")),
    ("JSON", ("/json/",)),
)


def server(root: Path, database: str):  # type: ignore[no-untyped-def]
    config = root / "pbem.toml"
    config.write_text(f'[server]\naddress = "pbem@example.org"\ndatabase = "{database}"\n'
                      '[timing]\noutage_factor = 100000\n')
    cfg = load(config)
    engine = open_engine(cfg.database_url)
    migrate(engine)
    return config, cfg, engine


def check(engine, games: int) -> str:  # type: ignore[no-untyped-def]
    with Session(engine) as s:
        turns = s.exec(select(func.count()).select_from(TurnRecord)).one()
        reports = s.exec(select(func.count()).select_from(OutboundMail).where(OutboundMail.kind == "report")).one()
    return f"{turns} steps resolved, {reports} reports queued" + ("" if turns == games else "  (INCOMPLETE)")


def row(database: str, workers: int, positions_file: str) -> tuple[float, str, float]:
    """One pass in this (fresh) process's workers: seconds, what it did, the peak resident MB of
    a worker."""
    positions = pickle.loads(Path(positions_file).read_bytes())
    with tempfile.TemporaryDirectory() as tmp:
        config, cfg, engine = server(Path(tmp), database.replace("TMP", tmp))
        add_positions(engine, positions, NOW)
        games = len(positions)
        del positions
        gc.collect()
        if engine.dialect.name == "postgresql":     # the pass starts a checkpoint cycle of its own (see the docstring)
            with engine.connect() as conn:
                conn.exec_driver_sql("CHECKPOINT")
        start = time.perf_counter()
        run_workers(str(config), cfg, NOW, "resolve", workers)
        seconds = time.perf_counter() - start
        done = check(engine, games)
        engine.dispose()
    return seconds, done, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024


def in_fresh_process(database: str, workers: int, positions_file: str) -> tuple[float, str, float]:
    out = subprocess.run([sys.executable, __file__, "--row", database, str(workers), positions_file],
                         check=True, capture_output=True, text=True).stdout
    seconds, done, peak = json.loads(out.splitlines()[-1])
    return seconds, done, peak


def where_the_time_goes(positions: list) -> list[tuple[str, float]]:
    """Shares of a profiled one-worker SQLite pass's time, by part of the code (self time)."""
    with tempfile.TemporaryDirectory() as tmp:
        config, cfg, engine = server(Path(tmp), "sqlite:///pbem.sqlite")
        add_positions(engine, positions, NOW)
        p = Pass(cfg, NOW, lambda e, n: make_inbox(cfg, e, n), lambda: make_outbox(cfg))
        prof = cProfile.Profile()
        prof.enable()
        p.run("resolve")
        prof.disable()
        engine.dispose()
    parts: Counter[str] = Counter()

    def part(path: str) -> str:
        return next((name for name, marks in PARTS if any(m in path for m in marks)), "the pass itself and the rest")

    for (path, _line, _name), (_cc, _nc, tottime, _ct, callers) in pstats.Stats(prof).stats.items():  # type: ignore[attr-defined]
        if path != "~":
            parts[part(path)] += tottime
            continue
        for (caller, _l, _n), figures in callers.items():     # a built-in: the part that called it
            parts[part(caller)] += figures[2]
    total = sum(parts.values()) or 1.0
    return [(name, t / total) for name, t in parts.most_common()]


def pg_database(admin: str) -> tuple[str, str]:
    name = f"pbem_bench_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    params = dict(p.split("=", 1) for p in admin.split())
    return name, f"postgresql+psycopg://{params.get('user', 'postgres')}@{params.get('host', '127.0.0.1')}/{name}"


def main() -> None:
    if sys.argv[1:2] == ["--row"]:           # one row, in its own process (see in_fresh_process)
        print(json.dumps(row(sys.argv[2], int(sys.argv[3]), sys.argv[4])))
        return
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10000)
    ap.add_argument("--pool", type=int, default=600, help="distinct positions of each game, at most")
    ap.add_argument("--pg", default="host=127.0.0.1 port=5432 user=postgres dbname=test")
    ap.add_argument("--rows", nargs="+", default=["sqlite", "pg1", "pg2"], choices=("sqlite", "pg1", "pg2"),
                    help="which passes: SQLite with one worker, PostgreSQL with one and with two")
    ap.add_argument("--sample", type=int, default=600, help="games in the profiled pass (where the time goes)")
    ap.add_argument("--no-profile", action="store_true", help="skip the profiled pass")
    args = ap.parse_args()
    began = time.perf_counter()
    positions = mixed_positions(args.games, args.pool)
    kinds = Counter(f"{p.ruleset} {len(p.seats)}" for p in positions)
    print(f"{args.games} games drawn in {time.perf_counter() - began:.0f} s: "
          + ", ".join(f"{k} seats {n}" for k, n in sorted(kinds.items())), flush=True)
    rows = []
    before = yardstick()     # how quick the machine is (tests/cpuclock.py): printed with the figures
    with tempfile.TemporaryDirectory() as tmp:
        positions_file = str(Path(tmp) / "positions.pickle")
        Path(positions_file).write_bytes(pickle.dumps(positions))
        if "sqlite" in args.rows:
            rows.append(("SQLite, 1 worker", *in_fresh_process("sqlite:///TMP/pbem.sqlite", 1, positions_file)))
            print(f"  {rows[-1][0]:<24} {rows[-1][1]:7.1f} s", flush=True)
        for workers in [w for w in (1, 2) if f"pg{w}" in args.rows]:
            name, url = pg_database(args.pg)
            try:
                rows.append((f"PostgreSQL, {workers} worker{'s' if workers > 1 else ''}",
                             *in_fresh_process(url, workers, positions_file)))
                print(f"  {rows[-1][0]:<24} {rows[-1][1]:7.1f} s", flush=True)
            finally:
                with psycopg.connect(args.pg, autocommit=True) as conn:
                    conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    print(f"{args.games} active games (Valley, Stone Age, Dewan), every awaited order in; one pass resolving "
          "and queuing every report with its PNG map")
    after = yardstick()
    print(f"the machine's speed: tests/cpuclock.py's yardstick took {1000 * before:.1f} ms before the passes and "
          f"{1000 * after:.1f} ms after, {1000 * NOMINAL:.0f} ms where its goals were set: this machine ran "
          f"{min(before, after) / NOMINAL:.2f}x slower than that one")
    for label, seconds, what, peak in rows:
        print(f"  {label:<24} {seconds:7.1f} s  {args.games / seconds:7.1f} games/s  peak {peak:6.0f} MB a worker"
              f"   {what}")
    seconds = {label: t for label, t, _what, _peak in rows}
    if "PostgreSQL, 1 worker" in seconds and "PostgreSQL, 2 workers" in seconds:
        print(f"speed-up of 2 workers over 1 on PostgreSQL: "
              f"{seconds['PostgreSQL, 1 worker'] / seconds['PostgreSQL, 2 workers']:.2f}x")
    if "PostgreSQL, 2 workers" in seconds and args.games >= 10000:
        print(f"target: 10,000 games under 120 s with 2 PostgreSQL workers -> "
              f"{'met' if seconds['PostgreSQL, 2 workers'] < 120 else 'MISSED'}")
    if not args.no_profile:
        sample = positions[:args.sample]
        print(f"where the time goes (self time in a profiled one-worker SQLite pass of {len(sample)} of these games):")
        for name, share in where_the_time_goes(sample):
            print(f"  {100 * share:5.1f}%  {name}")


if __name__ == "__main__":
    main()
