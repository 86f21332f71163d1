"""One item of a pass (a mail, a game, a mail to send) failing on its own,
the way Mailman's runners keep one bad message from stopping the queue: the
failure is recorded on that item and the pass goes on. Trouble that is not
the item's (the database, the disk, a mail server) stops the pass instead."""
from __future__ import annotations

import traceback
from typing import Callable, TypeVar

from pbem.db import storage_trouble
from pbem.errors import StorageTrouble, TransportError

T = TypeVar("T")


def failure(why: BaseException) -> str:
    """One line for a GM: what failed, and where in pbem (no traceback)."""
    frames = traceback.extract_tb(why.__traceback__)
    ours = [f for f in frames if "/pbem/" in f.filename or "/engine/" in f.filename]
    where = ""
    if ours:
        frame = ours[-1]
        where = f" (at {frame.filename.rsplit('/', 2)[-2]}/{frame.filename.rsplit('/', 1)[-1]}:{frame.lineno})"
    said = " ".join(str(why).split())[:200].encode("utf-8", "replace").decode("utf-8")
    return f"{type(why).__name__}: {said}{where}"


def isolated(work: Callable[[], T], on_failure: Callable[[str], None]) -> T | None:
    """Run one item's work; a failure of the item (a bug, a hostile input) is
    given to ``on_failure`` and the pass goes on. Storage trouble and a mail
    server that is down are not the item's fault: they stop the pass (or its step)."""
    try:
        return work()
    except (StorageTrouble, TransportError):
        raise
    except Exception as why:   # any failure of one item must not stop the others
        trouble = storage_trouble(why)
        if trouble:
            raise StorageTrouble(trouble) from why
        on_failure(failure(why))
        return None
