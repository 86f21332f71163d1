"""Fault injection for the crash tests: with PBEM_FAULT=<point> set, the
process kills itself (SIGKILL) when it reaches that point of a pass."""
from __future__ import annotations

import os
import signal

POINTS = ("after-fetch", "after-store", "mid-handle", "mid-turn", "mid-send")


def point(name: str) -> None:
    if os.environ.get("PBEM_FAULT") == name:
        os.kill(os.getpid(), signal.SIGKILL)
