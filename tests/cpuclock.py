"""CPU-time bounds that hold on a slow or busy machine.

A few tests guard against searches that grow with the square of their input (a mail that took
seconds, a sheet that took minutes). They time the work in CPU seconds against a goal set on an
ordinary machine. CI runs on two cores shared with the mail servers and a second pytest worker,
and there the same work can take three times as long. So a time over the goal is measured again
against a yardstick, fixed pure-Python work of the same kind (regular expressions and string
methods over short lines), timed the same way at that moment: the goal grows by as much as the
yardstick is slower than it was where the goals were set. Work that is quadratic, or many times
slower per line, still fails by far.
"""
from __future__ import annotations

import re
import time
from typing import Callable

# What the yardstick took, best of five, on the machine the goals were set on.
NOMINAL = 0.010

_LINES = [f"MOVE {i % 9}W C{i % 7}-D{i % 5} ann{i}@example.org at 12:{i % 60:02d}, Ann wrote:" for i in range(4000)]
_PATTERNS = [re.compile(p) for p in (r"\b\d+:\d\d\b", r"[\w.]+@[\w.]+", r"^(\w+)\s+(\d+)(\w)", r"wrote:\s*$")]


def _work() -> int:
    found = 0
    for line in _LINES:
        for pattern in _PATTERNS:
            if pattern.search(line):
                found += 1
        found += len(line.split()) + len(line.lower().strip(":"))
    return found


def best_cpu_seconds(work: Callable[[], object], runs: int = 3) -> float:
    """The least CPU time ``work`` took in ``runs`` runs."""
    best = float("inf")
    for _ in range(runs):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best


def yardstick() -> float:
    """The CPU seconds the yardstick takes now (best of five)."""
    return best_cpu_seconds(_work, runs=5)


def slowdown() -> float:
    """How many times slower than NOMINAL the yardstick is now (never below 1)."""
    return max(1.0, yardstick() / NOMINAL)


def assert_within(seconds: float, goal: float, what: str) -> None:
    """Fail if ``seconds`` is over ``goal`` even scaled by how slow the machine is now."""
    if seconds < goal:
        return
    factor = slowdown()
    assert seconds < goal * factor, (
        f"{what} took {seconds:.3f} s of CPU: over its goal of {goal:.3f} s, which is "
        f"{goal * factor:.3f} s with the machine {factor:.2f}x slower than where the goal was set")
