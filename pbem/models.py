"""The tables pbem keeps (sqlmodel). Schema changes go through Alembic
migrations in pbem/migrations, never create_all."""
from __future__ import annotations

import json
from datetime import datetime, timezone
from enum import StrEnum
from typing import Any

from sqlalchemy import Column, Index, LargeBinary, Text, UniqueConstraint, insert
from sqlmodel import Field, Session, SQLModel

from engine.messages import Join, Msg, stored


class GameStatus(StrEnum):
    """Where a game is: created and not started, running, paused by its GM, or over."""
    NEW = "new"
    ACTIVE = "active"
    PAUSED = "paused"
    OVER = "over"


class InboundStatus(StrEnum):
    """A stored mail: to handle, handled, dropped as an automatic reply (loop), or set aside."""
    NEW = "new"
    HANDLED = "handled"
    LOOP = "loop"
    QUARANTINED = "quarantined"


class OutboundStatus(StrEnum):
    """A mail to send: waiting, sent, or given up on after its tries."""
    QUEUED = "queued"
    SENT = "sent"
    FAILED = "failed"


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


def add_row(s: Session, model: type[SQLModel], **values: Any) -> None:
    """Insert a row of ``model`` now, in the session's transaction, with ``values`` and the
    model's defaults for the rest (those its constructor would fill in), making no object of
    it: building a table model's object and flushing it cost four times the statement (a
    step inserts a record, a log line and a mail a seat). For rows that nothing reads back
    as objects in the same transaction; a query sees them at once, as after a flush."""
    add_rows(s, model, [values])


def add_rows(s: Session, model: type[SQLModel], rows: list[dict[str, Any]], statement: Any = None) -> int:
    """:func:`add_row` for each of ``rows``, in one statement: ``statement`` if given (an INSERT
    of ``model``'s table made otherwise, say one that skips rows the table holds). Returns how
    many rows the database says it inserted (-1 where it cannot tell)."""
    insert_statement, defaults = _INSERTS.get(model) or _insert_of(model)
    filled = [{**{name: make() for name, make in defaults.items()}, **values} for values in rows]
    return s.connection().execute(statement if statement is not None else insert_statement,
                                  filled if len(filled) > 1 else filled[0]).rowcount


def _insert_of(model: type[SQLModel]) -> tuple[Any, dict[str, Any]]:
    """The INSERT of ``model``'s table, built once, and a maker of each field's default (the key
    left out: the database numbers the row)."""
    defaults = {}
    for name, field in model.model_fields.items():
        if name == "id":
            continue
        if field.default_factory is not None:
            defaults[name] = field.default_factory
        elif not field.is_required():
            defaults[name] = lambda value=field.default: value
    _INSERTS[model] = insert(model.__table__), defaults     # type: ignore[attr-defined]
    return _INSERTS[model]


_INSERTS: dict[type[SQLModel], tuple[Any, dict[str, Any]]] = {}


class Game(SQLModel, table=True):
    id: str = Field(primary_key=True, max_length=40)
    ruleset: str = Field(max_length=20)
    options_json: str = Field(default="{}", sa_column=Column(Text, nullable=False))
    seed: str = Field(max_length=80)
    state_json: str = Field(sa_column=Column(Text, nullable=False))
    initial_state_json: str = Field(default="", sa_column=Column(Text, nullable=False, server_default=""))
    # The step number: each resolve is one step (where everyone orders at once,
    # one per game turn, 0 being the setup); steps are what is stored and shown.
    turn_no: int = 0
    status: str = Field(default=GameStatus.NEW, max_length=12)           # a GameStatus
    deadline: datetime | None = None      # UTC
    period_minutes: int = 72 * 60
    grace_minutes: int = 0
    early_minutes: int = 30               # delay before an all-READY turn runs
    all_ready_since: datetime | None = None
    paused_at: datetime | None = None
    missed: str = Field(default="hold", max_length=8)  # hold | bot
    reminders: str = Field(default="24,6", max_length=40)  # hours before the deadline
    # Steps where players act in turn (Ruleset.simultaneous false) have a
    # deadline and reminders of their own; ``simultaneous`` is the current
    # step's kind, kept so the due check need not read every state.
    simultaneous: bool = True
    move_minutes: int = 24 * 60
    move_reminders: str = Field(default="6,1", max_length=40)
    round_from: int = 0                   # the first step of the current round (the GM's digest)
    # The sheets that stood when the GM rolled the current step back to wait
    # for new orders (seat -> text, JSON): played for a seat that sends none,
    # not counted as sent (pbem.play.seating.standing).
    standing_json: str = Field(default="{}", sa_column=Column(Text, nullable=False, server_default="{}"))
    gm_email: str = Field(default="", max_length=200)
    press: str = Field(default="private", max_length=10)     # none | public | private
    press_anon: bool = True                                   # may press be anonymous
    open_seats: int = 0                                       # seats players may still JOIN
    vacation_turns: int = 2                                   # turns of VACATION each seat may take
    lang: str = Field(default="en", max_length=5)             # the language of the game's mail (pbem.i18n)
    start_at: datetime | None = None                          # an open game starts itself then
    gm_password_hash: str = Field(default="", max_length=200)
    created_at: datetime = Field(default_factory=utcnow)


class Seat(SQLModel, table=True):
    __table_args__ = (UniqueConstraint("game_id", "name"),)
    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="game.id", index=True, max_length=40)
    name: str = Field(max_length=20)
    player: str = Field(default="", max_length=100)
    email: str = Field(max_length=200)
    password_hash: str = Field(max_length=200)
    ready: bool = False
    missed_turns: int = 0
    resigned: bool = False
    bot: bool = False     # civil disorder: the bot plays the seat
    away_until: int = 0   # on vacation while the game's turn is below this
    vacation_used: int = 0
    digest: str = Field(default="round", max_length=6)   # round | step | off: when news is mailed
    news_from: int = 0    # the first step whose news this seat has not been mailed
    thread_id: str = Field(default="", max_length=300)   # the welcome mail's Message-ID: reports thread under it
    lang: str = Field(default="", max_length=5)          # the seat's language; '' follows the game's
    timezone: str = Field(default="", max_length=40)     # the seat's time zone (zoneinfo name); '' is UTC


class Sheet(SQLModel, table=True):
    """The orders that count for a seat and turn: the last clean sheet."""
    __table_args__ = (UniqueConstraint("game_id", "seat", "turn_no"),)
    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="game.id", index=True, max_length=40)
    seat: str = Field(max_length=20)
    turn_no: int
    text: str = Field(sa_column=Column(Text, nullable=False))
    inbound_id: int | None = Field(default=None, foreign_key="inboundmail.id")
    stored_at: datetime = Field(default_factory=utcnow)


class TurnRecord(SQLModel, table=True):
    """A resolved turn: the state it produced, its log and the sheets played."""
    __table_args__ = (UniqueConstraint("game_id", "turn_no"),)
    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="game.id", index=True, max_length=40)
    turn_no: int                      # the turn that was resolved
    state_json: str = Field(sa_column=Column(Text, nullable=False))
    events_json: str = Field(sa_column=Column(Text, nullable=False))
    sheets_json: str = Field(sa_column=Column(Text, nullable=False))
    dice_seed: str = Field(max_length=120)
    # what the turn changed on the seats, for a rollback: {"missing": [...], "ready": [...]}
    seats_json: str = Field(default="{}", sa_column=Column(Text, nullable=False, server_default="{}"))
    resolved_at: datetime = Field(default_factory=utcnow)


class InboundMail(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    message_key: str = Field(unique=True, max_length=300)   # Message-ID or a hash
    source: str = Field(default="", max_length=300)        # where it was fetched from
    raw: bytes = Field(sa_column=Column(LargeBinary, nullable=False))
    size: int = 0
    game_key: str = Field(default="", max_length=40, index=True)  # the game it signs on to, if any
    status: str = Field(default=InboundStatus.NEW, max_length=12, index=True)   # an InboundStatus
    note: str = Field(default="", sa_column=Column(Text, nullable=False, default=""))
    received_at: datetime = Field(default_factory=utcnow)
    handled_at: datetime | None = None

    def add_note(self, text: str) -> None:
        """Notes are clauses joined by "; "; none written before is lost."""
        self.note = f"{self.note}; {text}" if self.note else text


class OutboundMail(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    key: str = Field(unique=True, max_length=300)   # what it is, so queuing twice is harmless
    kind: str = Field(max_length=12)                # answer | report | reminder | notice | press
    game_id: str = Field(default="", max_length=40, index=True)
    to_addr: str = Field(max_length=300)
    raw: bytes = Field(sa_column=Column(LargeBinary, nullable=False))   # whole, or with MailPart tokens
    parts: str = Field(default="", sa_column=Column(Text, nullable=False, default=""))  # "token key" lines
    status: str = Field(default=OutboundStatus.QUEUED, max_length=10, index=True)  # an OutboundStatus
    message_id: str = Field(default="", max_length=300, index=True)  # a reply's In-Reply-To names it
    seat: str = Field(default="", max_length=20)    # the seat of game_id it went to, '' for anyone else
    attempts: int = 0
    last_error: str = Field(default="", sa_column=Column(Text, nullable=False, default=""))
    created_at: datetime = Field(default_factory=utcnow)
    sent_at: datetime | None = None


class MailPart(SQLModel, table=True):
    """A part that many queued mails carry (a step's map, as PNG and as SVG), its body stored
    once: each mail holds a token in its place (``OutboundMail.parts``), put back as it is
    sent (pbem.outbox.whole). ``key``: the game and the digest of the body."""
    key: str = Field(primary_key=True, max_length=120)
    body: bytes = Field(sa_column=Column(LargeBinary, nullable=False))


class MailboxState(SQLModel, table=True):
    name: str = Field(primary_key=True, max_length=200)
    uidvalidity: int = 0
    last_uid: int = 0


class AnswerCount(SQLModel, table=True):
    """Answers to one sender on one day. Answers to mail that signed on with
    the right password are counted apart (kind "signed"), so mail forged in
    someone's name cannot use up the answers to their own orders."""
    address: str = Field(primary_key=True, max_length=300)
    day: str = Field(primary_key=True, max_length=10)
    kind: str = Field(default="", primary_key=True, max_length=12)   # "" | signed
    count: int = 0


class Meta(SQLModel, table=True):
    key: str = Field(primary_key=True, max_length=60)
    value: str = Field(default="", max_length=200)


class GmLog(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="game.id", index=True, max_length=40)
    at: datetime = Field(default_factory=utcnow)
    action: str = Field(max_length=40)
    detail: str = Field(default="", sa_column=Column(Text, nullable=False, default=""))
    # The detail as a message (engine.messages' stored form, JSON) for readers of other
    # languages, the archive's; '' where the detail is only English (an error, a GM's own words).
    said: str = Field(default="", sa_column=Column(Text, nullable=False, default=""))

    @classmethod
    def of(cls, game_id: str, action: str, detail: Any, at: datetime) -> GmLog:
        """A log line whose detail is a message (or plain English text)."""
        return cls(**cls.fields(game_id, action, detail, at))

    @staticmethod
    def fields(game_id: str, action: str, detail: Any, at: datetime) -> dict[str, Any]:
        """The values of :meth:`of`'s line (for :func:`add_row`)."""
        said = json.dumps(stored(detail), sort_keys=True) if isinstance(detail, (Msg, Join)) else ""
        return {"game_id": game_id, "action": action, "detail": str(detail), "said": said, "at": at}


class Press(SQLModel, table=True):
    """A message between players, relayed by the server."""
    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="game.id", index=True, max_length=40)
    turn_no: int
    sender: str = Field(max_length=20)
    recipients: str = Field(max_length=200)     # ALL, or seats joined by commas
    anonymous: bool = False
    text: str = Field(sa_column=Column(Text, nullable=False))
    sent_at: datetime = Field(default_factory=utcnow)


class Observer(SQLModel, table=True):
    """Someone who follows a game's public reports."""
    __table_args__ = (UniqueConstraint("game_id", "email"),)
    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="game.id", index=True, max_length=40)
    email: str = Field(max_length=200)


class PendingRequest(SQLModel, table=True):
    """A JOIN, OBSERVE or OBSERVE OFF waiting until its address confirms it
    with the token mailed there. Only a hash of the token is kept."""
    id: int | None = Field(default=None, primary_key=True)
    email: str = Field(index=True, max_length=300)     # lower case: who asked, and who must confirm
    game_id: str = Field(foreign_key="game.id", max_length=40)
    action: str = Field(max_length=12)                 # join | observe | unobserve
    seat: str = Field(default="", max_length=20)       # the seat name a JOIN asks for
    token_hash: str = Field(max_length=64)             # sha256 of the token, hex
    created_at: datetime = Field(default_factory=utcnow)
    expires_at: datetime
    used_at: datetime | None = None


class SignonFailure(SQLModel, table=True):
    """A sign-on with a wrong password; the throttle counts them per seat and
    per sender within its window. Rows older than a day are pruned."""
    __table_args__ = (Index("ix_signonfailure_seat_at", "game_id", "seat", "at"),
                      Index("ix_signonfailure_sender_at", "sender", "at"))
    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(max_length=40)
    seat: str = Field(max_length=20)                   # a seat name, or gm
    sender: str = Field(max_length=300)                # the From address, lower case
    at: datetime = Field(index=True)


class SeatAlert(SQLModel, table=True):
    """What a seat's owner was told about failed sign-ons for the seat: the
    copies mailed today, the throttle notice of the day, and the failed
    sign-ons not copied, summarised in the answer to the owner's next
    signed-on mail."""
    game_id: str = Field(primary_key=True, max_length=40)
    seat: str = Field(primary_key=True, max_length=20)
    day: str = Field(default="", max_length=10)        # the day copies and notice are counted for
    copies: int = 0                                    # copies mailed on that day
    noticed: bool = False                              # the throttle notice of that day went out
    uncopied: int = 0                                  # failed sign-ons not copied, since the last digest
    senders: str = Field(default="", sa_column=Column(Text, nullable=False, default=""))  # of those, a few


class StrangerMail(SQLModel, table=True):
    """An answer due to an address the server does not know (pbem.inbox.strangers):
    mailed, or held back by a cap (``held`` says which). Rows older than two
    days are pruned."""
    __table_args__ = (Index("ix_strangermail_domain_at", "domain", "at"),
                      Index("ix_strangermail_address_at", "address", "at"))
    id: int | None = Field(default=None, primary_key=True)
    address: str = Field(max_length=300)               # lower case
    domain: str = Field(max_length=300)                # lower case, the part after @
    at: datetime = Field(index=True)
    held: str = Field(default="", max_length=12)       # '' mailed | hour | domain | address | again
