"""The outbox table: mail is queued in the same transaction as the change it
reports, and sent later; a key makes queuing the same mail twice harmless.

The parts that every report of a step carries (its map, as PNG and as SVG: most of a report's
bytes) are stored once, in MailPart, as they are (not in base64: a quarter smaller, and the SVG
compresses); each mail holds a token where their bodies go, and :func:`whole` puts them back in
base64 when the mail is sent."""
from __future__ import annotations

import hashlib
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from functools import lru_cache
from typing import Any

from sqlalchemy import bindparam
from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import Session, select

from pbem.errors import MailPartMissing
from pbem.mail.headers import valid_address
from pbem.models import AnswerCount, MailPart, OutboundMail, Seat, add_row, add_rows

_KEPT = "pbem.outbox.kept"      # Session.info: the parts this transaction has stored or found
_MADE = "pbem.outbox.made"      # Session.info: the keys this transaction has queued, in order
_BATCH = "pbem.outbox.batch"    # Session.info: the mails queued in a batch, not inserted yet (:func:`batch`)
# A part stored unless it is already, where the database can skip a row it holds: made once (built
# again for every step, with its rows as values, it took more time than storing them).
_UPSERTS = {"postgresql": postgresql.insert(MailPart.__table__).on_conflict_do_nothing(),
            "sqlite": sqlite.insert(MailPart.__table__).on_conflict_do_nothing()}
# A batch's mails stored unless their key is (:func:`batch`), and what is stored under keys.
_MAIL_UPSERTS = {name: dialect.insert(OutboundMail.__table__).on_conflict_do_nothing(index_elements=["key"])
                 .execution_options(preserve_rowcount=True)     # the rows stored, all executions summed
                 for name, dialect in (("postgresql", postgresql), ("sqlite", sqlite))}
# Lookups by key, built once, the keys given as parameters (building a statement and its cache
# key cost a third of running it).
_RAWS = select(OutboundMail.key, OutboundMail.raw).where(OutboundMail.key.in_(bindparam("keys", expanding=True)))
_KEYED = {model: select(model.key).where(model.key == bindparam("key")) for model in (OutboundMail, MailPart)}


def queue(s: Session, *, key: str, kind: str, to: str, raw: bytes, game_id: str = "", seat: str = "",
          parts: dict[bytes, bytes] | None = None) -> bool:
    """Queue a mail unless one with this key exists, or its address is not one
    we may send to. True when queued now (in a :func:`batch` where the database skips a
    stored key: unless the batch's end finds the key stored before). ``seat``: the seat of ``game_id`` the
    mail goes to, alone (a reply in its thread from that address signs on).
    ``parts``: the bodies ``raw`` holds tokens for (pbem.mail.compose's ``apart``), each
    stored once for the game."""
    from pbem.mail.compose import message_id_of
    if not valid_address(to):
        return False
    if _is_queued(s, key):
        return False
    listed = _keep(s, game_id, parts or {})
    row = dict(key=key, kind=kind, to_addr=to, raw=raw, game_id=game_id, seat=seat if game_id else "",
               message_id=message_id_of(raw) if seat and game_id else "", parts=listed)
    waiting = s.info.get(_BATCH)
    if waiting is not None:
        waiting.append(row)
    else:
        add_row(s, OutboundMail, **row)
    _held(s, _MADE, list).append(key)
    return True


@contextmanager
def batch(s: Session) -> Iterator[None]:
    """The mails queued inside go to the database together, in one statement, when it ends
    without an error (a step's reports: 1.1 -> 0.55 ms for three). Until then only
    :func:`queue` knows them: nothing inside may look for them otherwise. A batch within a
    batch is part of it. Where the database can skip a row it holds (PostgreSQL, SQLite), the
    keys are not looked up first: the INSERT skips a mail whose key is stored, and only when it
    stored fewer rows than it was given are they read back (:func:`_skipped`), one lookup a step
    fewer."""
    if _BATCH in s.info:
        yield
        return
    waiting: list[dict[str, object]] = []
    s.info[_BATCH] = waiting
    try:
        yield
    except BaseException:               # none of them was queued
        made = _held(s, _MADE, list)
        for row in waiting:
            made.remove(row["key"])
        raise
    finally:
        del s.info[_BATCH]
    if waiting and _skips(s):
        if add_rows(s, OutboundMail, waiting, _MAIL_UPSERTS[s.get_bind().dialect.name]) != len(waiting):
            _skipped(s, waiting)
    elif waiting:
        add_rows(s, OutboundMail, waiting)


def _skips(s: Session) -> bool:
    """Whether the database can skip a row it holds (INSERT ... ON CONFLICT DO NOTHING)."""
    return s.get_bind().dialect.name in _MAIL_UPSERTS


def _skipped(s: Session, rows: list[dict[str, Any]]) -> None:
    """The mails of a batch that the INSERT skipped, a mail queued before holding their key (found
    by their bytes, which their Message-IDs make their own), are as mails not queued: the
    transaction forgets them, and the parts that they alone list."""
    with _unflushed(s, OutboundMail):
        stored = {key: bytes(raw) for key, raw in s.connection().execute(_RAWS, {"keys": [r["key"] for r in rows]})}
    made = _held(s, _MADE, list)
    for row in rows:
        if stored.get(row["key"]) != row["raw"]:
            made.remove(row["key"])
            _forget_parts(s, row["game_id"], row["parts"])


def queued_now(s: Session) -> list[OutboundMail]:
    """The mails this transaction has queued so far, in the order it queued them (a dry run
    lists them before it is rolled back)."""
    keys = _held(s, _MADE, list)
    found = {mail.key: mail for mail in s.exec(select(OutboundMail).where(OutboundMail.key.in_(keys)))} \
        if keys else {}
    return [found[key] for key in keys if key in found]


def whole(s: Session, mail: OutboundMail) -> bytes:
    """The mail as it is sent: its stored parts put back in place of their tokens, in base64."""
    from pbem.mail.compose import base64_lines
    raw = bytes(mail.raw)
    for line in mail.parts.splitlines():
        token, key = line.split(" ", 1)
        part = s.get(MailPart, key)
        if part is None:
            raise MailPartMissing(f"a part of this mail is not stored ({key}): it cannot be sent whole")
        raw = raw.replace(token.encode("ascii"), base64_lines(bytes(part.body)), 1)
    return raw


def drop(s: Session, mail: OutboundMail) -> None:
    """Delete a queued mail, and those of its stored parts no other mail of its game lists."""
    s.delete(mail)
    made = _held(s, _MADE, list)
    if mail.key in made:                # queued in this transaction: it may be queued again
        made.remove(mail.key)
    _forget_parts(s, mail.game_id, mail.parts, mail.id)


def _forget_parts(s: Session, game_id: str, parts: str, mail_id: int | None = None) -> None:
    """Delete the parts ``parts`` lists (a mail's "token key" lines) that no mail of the game
    lists but the mail ``mail_id`` (one being deleted; None: one never stored)."""
    for line in parts.splitlines():
        key = line.split(" ", 1)[1]
        listed = OutboundMail.parts.contains(f" {key}", autoescape=True)     # a game id may hold "_" or "%"
        if s.exec(select(OutboundMail.id).where(OutboundMail.game_id == game_id, OutboundMail.id != mail_id,
                                                listed)).first() is None:
            part = s.get(MailPart, key)
            if part is not None:
                s.delete(part)
            _held(s, _KEPT).discard(key)    # stored again if a mail of this transaction lists it


def _is_queued(s: Session, key: str) -> bool:
    """A mail with this key is queued: stored, or queued in this transaction (perhaps waiting
    in a batch). In a batch where the database skips a stored key, only the latter is looked
    at: the batch's end finds the stored ones (:func:`_skipped`)."""
    if key in _held(s, _MADE, list):    # queued in this transaction (perhaps waiting in a batch)
        return True
    if _BATCH in s.info and _skips(s):  # the batch's INSERT skips a stored key: not looked up
        return False
    return _stored(s, OutboundMail, key)


def _stored(s: Session, model: type[OutboundMail] | type[MailPart], key: str) -> bool:
    """A row of ``model`` with this key is stored, or waits in this transaction to be (a part
    added as an object, where the database cannot skip a row it holds: :func:`_keep`)."""
    with _unflushed(s, model):
        return any(isinstance(o, model) and o.key == key for o in s.new) or \
            s.exec(_KEYED[model], params={"key": key}).first() is not None


def _keep(s: Session, game_id: str, parts: dict[bytes, bytes]) -> str:
    """The ``token key`` lines of ``parts`` (token: body), each body stored once for the game
    under its key unless it is already. Where the database can skip a row it holds (INSERT ...
    ON CONFLICT DO NOTHING: PostgreSQL and SQLite), the new ones are stored in one statement."""
    keys = {token: f"{game_id}:{_digest(body)}" for token, body in parts.items()}
    kept = _held(s, _KEPT)
    new = {keys[token]: body for token, body in parts.items() if keys[token] not in kept}
    upsert = _UPSERTS.get(s.get_bind().dialect.name)
    if new and upsert is not None:
        with _unflushed(s, MailPart):
            s.connection().execute(upsert, [{"key": key, "body": body} for key, body in new.items()])
    elif new:                           # another database: a lookup each
        for key, body in new.items():
            if not _stored(s, MailPart, key):
                s.add(MailPart(key=key, body=body))
    _held(s, _KEPT).update(keys.values())
    return "\n".join(f"{token.decode('ascii')} {key}" for token, key in keys.items())


def _held(s: Session, name: str, kind: type = set) -> Any:
    """Keys the session keeps for its current transaction, in a ``kind`` (a set; a list where
    their order counts): none in a new one, where what the last one stored or found may be gone
    (rolled back). No savepoint is taken around the outbox: one rolled back would leave these
    keys wrong."""
    transaction = s.get_transaction()
    held = s.info.get(name)
    if held is None or held[0] is not transaction:
        held = s.info[name] = (transaction, kind())
    return held[1]


@contextmanager
def _unflushed(s: Session, model: type) -> Iterator[None]:
    """Look a key up without flushing the transaction's pending rows first (the caller looks
    among them in the session): the step's other changes (its seats, its game) then go to the
    database at its commit, in a few batched statements, instead of a flush before each mail.
    The mails this transaction queued are known by their keys (:func:`_is_queued`). A pending
    delete of ``model`` is flushed first, so that the lookup cannot find a row this transaction
    has deleted."""
    if any(isinstance(o, model) for o in s.deleted):
        s.flush()
    with s.no_autoflush:
        yield


@lru_cache(maxsize=16)
def _digest(body: bytes) -> str:
    """A digest of a part's body (a step's reports carry the same body object: found once)."""
    return hashlib.sha256(body).hexdigest()[:40]


def queue_notice(s: Session, cfg, *, game_id: str, to: str, subject: str, text: str, when: datetime,  # type: ignore[no-untyped-def]
                 key: str, kind: str = "notice", seat: str = "") -> bool:
    """Compose and queue a plain-text notice about a game (reminders, GM news), its lines
    fitted to 72 columns. A notice to a seat's address threads under the seat's welcome
    mail, any other under the thread root of the game and address."""
    from pbem.mail.compose import compose, list_id, thread_root
    from pbem.reports.render import fit
    thread = s.exec(select(Seat.thread_id).where(Seat.game_id == game_id, Seat.email == to,
                                                 Seat.thread_id != "")).first() if game_id else None
    root = thread or (thread_root(game_id, to, cfg.server.address) if game_id else "")
    raw = compose(sender=cfg.server.address, sender_name=cfg.server.name, to=to,
                  subject=f"[{game_id}] {subject}", text=fit(text), when=when, in_reply_to=root,
                  lists=(list_id(game_id, cfg.server.address), "") if game_id else None)
    return queue(s, key=key, kind=kind, to=to, raw=raw, game_id=game_id, seat=seat)


def may_answer(s: Session, address: str, when: datetime, per_day: int, kind: str = "") -> bool:
    """Count an answer to ``address``, the sender of the mail answered; False
    once the day's cap is reached. Each kind of mail has a cap of its own
    (``signed``: signed on with the right password; ``signon``: a wrong one;
    '': the rest), so that mail forged in a player's name uses up neither the
    answers to the player's own orders nor those to a mistyped sign-on."""
    day = when.strftime("%Y-%m-%d")
    row = s.get(AnswerCount, (address.lower(), day, kind))
    if row is None:
        row = AnswerCount(address=address.lower(), day=day, kind=kind, count=0)
    if row.count >= per_day:
        return False
    row.count += 1
    s.add(row)
    return True
