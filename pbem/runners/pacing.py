"""Python's cyclic garbage collector paced for a pass.

A pass makes and drops millions of small objects (rows, views, template contexts, mail parts),
and at the interpreter's default pace the collector ran every 700 new objects, now and then
walking every object the process holds, its modules and caches included: 2 % of a pass's
instructions (307 collections in a pass of 150 games, 11 now). Within :func:`paced` the objects
made before the pass are set aside (``gc.freeze``), where no collection walks them, and the
youngest objects are collected every 10,000 instead of 700. Garbage that refers to itself waits
a little longer to be freed: a pass of 10,000 games peaked at 141 MB a worker, 140 MB before.
"""
from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

PACE = (10_000, 20, 20)     # gc.set_threshold: the youngest generation's limit, then each older one's
_depth = 0                  # passes inside one another (tests, the watcher) pace once


@contextmanager
def paced() -> Iterator[None]:
    """Collect at :data:`PACE` inside, the objects made before set aside; as before after."""
    global _depth
    if _depth:
        _depth += 1
        try:
            yield
        finally:
            _depth -= 1
        return
    before = gc.get_threshold()
    _depth = 1
    gc.freeze()
    gc.set_threshold(*PACE)
    try:
        yield
    finally:
        _depth = 0
        gc.set_threshold(*before)
        gc.unfreeze()
