"""1,000 active 4-seat Valley games with every order in: one pass that resolves
every turn and queues every report, on SQLite with one worker and on
PostgreSQL with one and two workers. Prints seconds per pass, games per
second, the speed-up of two workers over one, and where the time goes.

Run: python bench/scale.py [--games 1000] [--pg "host=127.0.0.1 user=postgres dbname=test"]
[--sqlite-only] [--no-png]. Prints figures; asserts nothing. Every report
carries its map as a PNG too (drawn once a step); --no-png leaves it out, to
see what it costs.
"""
from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import sys
import tempfile
import time
import uuid
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import psycopg  # noqa: E402
from sqlmodel import Session, func, select  # noqa: E402

from many_games import add_games  # noqa: E402
from pbem.config import load  # noqa: E402
from pbem.db import migrate, open_engine  # noqa: E402
from pbem.models import OutboundMail, TurnRecord  # noqa: E402
from pbem.process import Pass  # noqa: E402
from pbem.reports import png  # noqa: E402
from pbem.transports import make_inbox, make_outbox  # noqa: E402
from pbem.workers import run_workers  # noqa: E402

NOW = datetime(2026, 8, 1, 12, 0, tzinfo=timezone.utc)


def server(root: Path, database: str, games: int):  # type: ignore[no-untyped-def]
    config = root / "pbem.toml"
    config.write_text(f'[server]\naddress = "pbem@example.org"\ndatabase = "{database}"\n'
                      '[timing]\noutage_factor = 100000\n')
    cfg = load(config)
    engine = open_engine(cfg.database_url)
    migrate(engine)
    add_games(engine, games, NOW)
    return config, cfg, engine


def check(engine, games: int) -> str:  # type: ignore[no-untyped-def]
    with Session(engine) as s:
        turns = s.exec(select(func.count()).select_from(TurnRecord)).one()
        reports = s.exec(select(func.count()).select_from(OutboundMail).where(OutboundMail.kind == "report")).one()
    return f"{turns} turns resolved, {reports} reports queued" + ("" if turns == games else "  (INCOMPLETE)")


def one_pass(config: Path, cfg, workers: int, profile: bool = False) -> float:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    if workers == 1:
        p = Pass(cfg, NOW, lambda e, n: make_inbox(cfg, e, n), lambda: make_outbox(cfg))
        if profile:
            prof = cProfile.Profile()
            prof.enable()
            p.run("resolve")
            prof.disable()
            out = io.StringIO()
            pstats.Stats(prof, stream=out).sort_stats("cumulative").print_stats(18)
            print("\n".join(line for line in out.getvalue().splitlines()[6:] if line.strip())[:4000])
        else:
            p.run("resolve")
    else:
        run_workers(str(config), cfg, NOW, "resolve", workers)
    return time.perf_counter() - start


def pg_database(admin: str) -> tuple[str, str]:
    name = f"pbem_bench_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    params = dict(p.split("=", 1) for p in admin.split())
    return name, f"postgresql+psycopg://{params.get('user', 'postgres')}@{params.get('host', '127.0.0.1')}/{name}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--pg", default="host=127.0.0.1 port=5432 user=postgres dbname=test")
    ap.add_argument("--profile", action="store_true", help="print a profile of the SQLite pass")
    ap.add_argument("--sqlite-only", action="store_true", help="skip the PostgreSQL passes")
    ap.add_argument("--no-png", action="store_true", help="reports without the map's PNG")
    args = ap.parse_args()
    if args.no_png:
        png.render = lambda svg: None      # type: ignore[assignment]  # in_mail then keeps the HTML as it is
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        config, cfg, engine = server(Path(tmp), "sqlite:///pbem.sqlite", args.games)
        seconds = one_pass(config, cfg, 1, args.profile)
        rows.append(("SQLite, 1 worker", seconds, check(engine, args.games)))
    for workers in (() if args.sqlite_only else (1, 2)):
        name, url = pg_database(args.pg)
        try:
            with tempfile.TemporaryDirectory() as tmp:
                config, cfg, engine = server(Path(tmp), url, args.games)
                seconds = one_pass(config, cfg, workers)
                rows.append((f"PostgreSQL, {workers} worker{'s' if workers > 1 else ''}", seconds,
                             check(engine, args.games)))
                engine.dispose()
        finally:
            with psycopg.connect(args.pg, autocommit=True) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    print(f"{args.games} active 4-seat games, every order in; one pass resolving and queuing reports")
    for label, seconds, what in rows:
        print(f"  {label:<24} {seconds:7.1f} s   {args.games / seconds:7.1f} games/s   {what}")
    print(f"target: SQLite under 60 s -> {'met' if rows[0][1] < 60 else 'MISSED'}"
          f"{' (without the PNG)' if args.no_png else ''}")
    if args.sqlite_only:
        return
    speedup = rows[1][1] / rows[2][1]
    print(f"speed-up of 2 workers over 1 on PostgreSQL: {speedup:.2f}x "
          f"(target 1.6x) -> {'met' if speedup >= 1.6 else 'MISSED'}")


if __name__ == "__main__":
    main()
