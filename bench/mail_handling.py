"""Order mails handled per second by a pass (fetch from Maildir, parse,
authenticate, validate, store, queue the answer), as a ratio to the floor:
parsing the same mails with the email package plus one scrypt check each with
the production parameters. Then peak memory of fetching and handling an inbox
of 1,000 and of 10,000 mails, which must not grow with the inbox.

Run: python bench/mail_handling.py [--mails 300] [--big 10000]
Prints figures; asserts nothing.
"""
from __future__ import annotations

import argparse
import email
import email.policy
import mailbox
import sys
import tempfile
import time
import tracemalloc
from datetime import datetime, timedelta, timezone
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pbem.inbox import passwords  # noqa: E402
from pbem.config import load  # noqa: E402
from pbem.db import migrate, open_engine, session  # noqa: E402
from pbem.play.games import GameSpec, create_game, start_game  # noqa: E402
from pbem.models import Seat  # noqa: E402
from sqlmodel import select  # noqa: E402
from pbem.runners.process import Pass  # noqa: E402
from pbem.runners.fetch import Fetch  # noqa: E402
from pbem.runners.handle import Handle  # noqa: E402
from pbem.transports import make_inbox, make_outbox  # noqa: E402

T0 = datetime(2026, 6, 1, tzinfo=timezone.utc)
SEATS = ["red", "blue", "green", "white"]


def server(root: Path):  # type: ignore[no-untyped-def]
    (root / "pbem.toml").write_text('[server]\naddress = "pbem@example.org"\n'
                                    '[timing]\noutage_factor = 100000\n')
    cfg = load(root / "pbem.toml")
    engine = open_engine(cfg.database_url)
    migrate(engine)
    with session(engine) as s:
        game, _ = create_game(s, GameSpec(id="bench", seats=[(p, f"{p}@example.org") for p in SEATS],
                                          seed="bench", deadline="72h"))
        start_game(s, cfg, game, T0)
    with session(engine) as s:
        for seat in s.exec(select(Seat)).all():
            seat.password_hash = passwords.hash_password(f"pw-{seat.name}")
            s.add(seat)
    return cfg


def mail(i: int, valid: bool) -> bytes:
    seat = SEATS[i % len(SEATS)]
    msg = EmailMessage()
    msg["From"] = f"{seat}@example.org"
    msg["To"] = "pbem@example.org"
    msg["Subject"] = "[bench] orders"
    msg["Message-ID"] = make_msgid(idstring=str(i), domain="example.org")
    game = "bench" if valid else "no-such-game"
    msg.set_content(f"Hi,\n\nSIGNON {game} {seat} pw-{seat}\nPLACE C3 B2 F5 G4\nPLANT C3\nREADY\n-- \n{seat}\n")
    return bytes(msg)


def fill(cfg, count: int, valid: bool) -> list[bytes]:  # type: ignore[no-untyped-def]
    cfg.path(cfg.inbox.path).parent.mkdir(parents=True, exist_ok=True)
    box = mailbox.Maildir(str(cfg.path(cfg.inbox.path)), create=True)
    raws = [mail(i, valid) for i in range(count)]
    for raw in raws:
        box.add(raw)
    return raws


def handle_stage(cfg) -> float:  # type: ignore[no-untyped-def]
    p = Pass(cfg, T0 + timedelta(minutes=1), lambda e, name: make_inbox(cfg, e, name), lambda: make_outbox(cfg))
    start = time.perf_counter()
    Fetch(p).run()
    Handle(p).run()
    return time.perf_counter() - start


def floor(raws: list[bytes]) -> float:
    stored = passwords.hash_password("pw-red")
    start = time.perf_counter()
    for raw in raws:
        msg = email.message_from_bytes(raw, policy=email.policy.default)
        msg.get_body(preferencelist=("plain",)).get_content()
        passwords.verify("pw-red", stored)
    return time.perf_counter() - start


def peak_memory(count: int) -> tuple[int, float]:
    with tempfile.TemporaryDirectory() as tmp:
        cfg = server(Path(tmp))
        fill(cfg, count, valid=False)
        tracemalloc.start()
        seconds = handle_stage(cfg)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        return peak, seconds


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mails", type=int, default=300)
    ap.add_argument("--big", type=int, default=10_000)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        cfg = server(Path(tmp))
        raws = fill(cfg, args.mails, valid=True)
        handled = handle_stage(cfg)
    base = floor(raws)
    print(f"{args.mails} valid order mails")
    print(f"floor (email parse + one scrypt check each): {base:7.2f} s  {args.mails / base:7.1f} mails/s  1.00x")
    print(f"pbem fetch + handle (durable, answered):     {handled:7.2f} s  {args.mails / handled:7.1f} mails/s"
          f"  {handled / base:.2f}x the floor")
    print(f"target: at most 5x the floor -> {'met' if handled / base <= 5 else 'MISSED'}")
    small_peak, small_s = peak_memory(args.big // 10)
    big_peak, big_s = peak_memory(args.big)
    print(f"peak memory handling {args.big // 10:>6} mails: {small_peak / 2**20:6.1f} MiB ({small_s:.1f} s)")
    print(f"peak memory handling {args.big:>6} mails: {big_peak / 2**20:6.1f} MiB ({big_s:.1f} s)")
    print(f"memory ratio {big_peak / small_peak:.2f} for {args.big // (args.big // 10)}x the mails "
          f"-> {'flat' if big_peak / small_peak < 1.5 else 'GROWS'}")


if __name__ == "__main__":
    main()
