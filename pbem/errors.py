"""pbem's own errors, under one root: each says what is wrong and what to do, in words for
the person who can act on it (the GM at the command line, a player in an answer). Whatever
catches PbemError may show its text as it is: it is never a traceback."""
from __future__ import annotations


class PbemError(Exception):
    """The root of pbem's errors."""


class ConfigError(PbemError):
    """A config that cannot be used, with what to change."""


class GameError(PbemError, ValueError):
    """A game that cannot be made or changed as asked, with the reason."""


class HistoryError(PbemError, ValueError):
    """A turn, seat or game the history cannot show, with what there is."""


class TransportError(PbemError):
    """A mailbox or mail server that could not be reached or refused, with why."""


class StorageTrouble(PbemError):
    """The disk or the database failed under a pass or a command; nothing half done."""


class StoredMessageError(PbemError, ValueError):
    """A stored message that cannot be read: no ``kind``, or a kind or version this pbem does
    not know (engine.messages holds the format's table)."""


class MailPartMissing(PbemError, LookupError):
    """A queued mail lists a stored part (pbem.outbox) that is not there: that mail cannot be
    sent whole, and fails alone."""
