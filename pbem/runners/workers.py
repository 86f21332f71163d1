"""``pbem process --workers N``: local parallelism over the roles of a pass.

The parent takes the pass lock, guards against outages and fetches (one
consumer per mailbox); then N processes handle mail and resolve due games,
and N processes send, each claiming rows with SELECT ... FOR UPDATE SKIP
LOCKED. On PostgreSQL they run side by side; on SQLite they take turns.
"""
from __future__ import annotations

import multiprocessing
from dataclasses import fields
from datetime import datetime

from pbem.config import Config, load
from pbem.runners.process import Lock, Pass, Summary


def _pass(cfg: Config, now: datetime, mailboxes: list[str] | None = None, dry_run: bool = False,
          clock_given: bool = False, share: tuple[int, int] = (0, 1)) -> Pass:
    return Pass.configured(cfg, now, dry_run=dry_run, mailboxes=mailboxes, clock_given=clock_given, share=share)


def _child(args: tuple[str | None, str, str, bool, list[str] | None, bool, tuple[int, int]]) -> tuple[int, Summary]:
    config_path, now_iso, role, dry_run, mailboxes, clock_given, share = args
    cfg = load(config_path)
    p = _pass(cfg, datetime.fromisoformat(now_iso), mailboxes, dry_run, clock_given, share)
    code = p.run(role)
    p.engine.dispose()
    return code, p.summary


def merge(into: Summary, other: Summary) -> None:
    for f in fields(Summary):
        value = getattr(other, f.name)
        if isinstance(value, list):
            getattr(into, f.name).extend(value)
        else:
            setattr(into, f.name, getattr(into, f.name) + value)


def run_workers(config_path: str | None, cfg: Config, now: datetime, role: str, workers: int,
                dry_run: bool = False, mailboxes: list[str] | None = None,
                clock_given: bool = False) -> tuple[int, Summary]:
    summary = Summary()
    codes: list[int] = []
    ctx = multiprocessing.get_context("spawn")

    def fan_out(child_role: str, jobs: list[list[str] | None]) -> None:
        with ctx.Pool(len(jobs)) as pool:
            for code, part in pool.map(_child, [(config_path, now.isoformat(), child_role, dry_run, j, clock_given,
                                                 (i, len(jobs))) for i, j in enumerate(jobs)]):
                codes.append(code)
                merge(summary, part)

    boxes = mailboxes or list(cfg.inboxes)
    if role == "fetch":
        share = min(workers, len(boxes))
        fan_out("fetch", [boxes[i::share] for i in range(share)])
    elif role in ("resolve", "send"):
        fan_out(role, [None] * workers)
    else:
        parent = _pass(cfg, now, boxes, dry_run, clock_given)
        with Lock(parent.lock_path()):
            codes.append(parent.run("fetch-under-lock"))
            merge(summary, parent.summary)
            fan_out("resolve", [None] * workers)
            fan_out("send", [None] * workers)
    return max(codes or [0]), summary
