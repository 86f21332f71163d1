"""Fault injection for the crash and isolation tests.

With PBEM_FAULT=<point> set, the process kills itself (SIGKILL) when it
reaches that point of a pass. With PBEM_POISON=<step>:<marker> set, the step
(handle, resolve, send) raises on the items whose text holds the marker (a
mail's bytes, a game's id, the address of a mail to send), as a bug in pbem
would: the pass must set that one item aside and go on with the others.
"""
from __future__ import annotations

import os
import signal

POINTS = ("after-fetch", "after-store", "mid-handle", "mid-turn", "mid-send")


class Poisoned(RuntimeError):
    """The injected failure of one item."""


def point(name: str) -> None:
    if os.environ.get("PBEM_FAULT") == name:
        os.kill(os.getpid(), signal.SIGKILL)


def poison(step: str, item: str | bytes) -> None:
    where, _sep, marker = os.environ.get("PBEM_POISON", "").partition(":")
    if where != step or not marker:
        return
    found = marker.encode() in item if isinstance(item, bytes) else marker in item
    if found:
        raise Poisoned(f"injected failure ({marker})")
