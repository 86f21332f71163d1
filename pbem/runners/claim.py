"""What a runner is given, and how it takes its rows: claimed one at a time
with ``FOR UPDATE SKIP LOCKED`` (any number of workers at once, never two on
one row), each item worked on alone."""
from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any, Callable, Iterable, Protocol, TypeVar

from sqlalchemy import bindparam
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from pbem.config import Config
from pbem.inbox.isolation import isolated
from pbem.models import Game
from pbem.transports.base import Inbox, Outbox

if TYPE_CHECKING:
    from pbem.runners.process import Summary

BATCH = 100       # mails fetched, or ids read, at a time: memory stays flat whatever the queue

T = TypeVar("T")
R = TypeVar("R")


class Context(Protocol):
    """The pass a runner works for (``pbem.runners.process.Pass``)."""
    cfg: Config
    now: datetime
    clock_given: bool
    share: tuple[int, int]      # (k, n): the k-th of n workers of one pass
    dry_run: bool
    summary: Summary
    engine: Engine
    make_inbox: Callable[[Engine, str], Inbox]
    make_outbox: Callable[[], Outbox]
    log: Callable[[str], None]

    def session(self) -> Session: ...

    def commit(self, s: Session) -> None: ...


class Runner:
    """One role of a pass, working for ``ctx``."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx


def claim(s: Session, what: Any, *where: Any) -> Any:
    """The first row of ``what`` matching ``where`` that no other worker
    holds, locked until the transaction ends; None when none is free."""
    return s.exec(select(what).where(*where).with_for_update(skip_locked=True)).first()


_GAME = select(Game).where(Game.id == bindparam("game")).with_for_update(skip_locked=True)    # built once


def claim_game(s: Session, game_id: str) -> Game | None:
    """:func:`claim` of the game ``game_id``, by a statement built once."""
    return s.exec(_GAME, params={"game": game_id}).first()


def ids(ctx: Context, query: Any) -> list[Any]:
    """The ids a runner will claim one by one, read in a short session of their own."""
    with ctx.session() as s:
        return list(s.exec(query))


def each(items: Iterable[T], work: Callable[[T], R], failed: Callable[[T, str], None]) -> list[R | None]:
    """``work`` on every item alone: an item that fails is given to ``failed``
    with the reason and the others go on (``isolation.isolated``)."""
    return [isolated(lambda: work(item), lambda why: failed(item, why)) for item in items]
