"""What the benchmarks share: the median time of a call, so that one slow run
on a noisy machine does not move the figure."""
from __future__ import annotations

import statistics
import time
from typing import Callable


def median_seconds(fn: Callable[[], object], repeat: int) -> float:
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def interleaved(fns: list[Callable[[], object]], repeat: int, rounds: int = 5) -> list[list[float]]:
    """For each of ``fns``, its median time in each of ``rounds`` rounds; within a round the calls
    are measured one after the other, so a change in the machine's load hits them alike."""
    out: list[list[float]] = [[] for _ in fns]
    for _ in range(rounds):
        for times, fn in zip(out, fns):
            times.append(median_seconds(fn, repeat))
    return out


def ratio(work: list[float], floor: list[float]) -> str:
    """The work's time over the floor's, round by round: the median ratio and the spread of the
    rounds, as printed by the benches."""
    each = sorted(w / f for w, f in zip(work, floor))
    return f"{statistics.median(each):.2f}x the floor (rounds {each[0]:.2f}-{each[-1]:.2f})"


def median_ratio(work: list[float], floor: list[float]) -> float:
    return statistics.median(w / f for w, f in zip(work, floor))
