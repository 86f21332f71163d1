"""Mail to strangers: anyone can write any From address, so an answer to a
mail that did not sign on may go to somebody who never wrote to the server.
Such answers (a confirmation request for JOIN or OBSERVE, a refusal, HELP)
are what somebody would use to make the server mail a list of victims, so
those to an address the server does not know (no seat, GM or observer of any
game has it) are capped: ``strangers_per_hour`` in all, per hour for each
domain and per day for each address. What the caps hold back gets no answer
at all (that answer would be the mail to the stranger) and is counted for
``pbem status``."""
from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import func
from sqlmodel import Session, delete, select

from pbem.config import Config
from pbem.models import Game, Observer, Seat, StrangerMail

KEEP = timedelta(days=2)
HOUR, DAY = timedelta(hours=1), timedelta(days=1)
REASONS = {"hour": "the server's hourly cap on mail to new addresses",
           "domain": "the hourly cap on mail to new addresses of one domain",
           "address": "the daily cap on mail to a new address",
           "again": "a confirmation of the same request is still good"}
HELD = {"hour": "over the hourly cap", "domain": "over a domain's hourly cap",
        "address": "over an address's daily cap", "again": "confirmations asked for again"}


def known(s: Session, address: str) -> bool:
    """True when a seat, a GM or an observer of some game has this address."""
    low = address.lower()
    return any(s.exec(select(table).where(func.lower(column) == low).limit(1)).first() is not None
               for table, column in ((Seat.id, Seat.email), (Game.id, Game.gm_email),
                                     (Observer.id, Observer.email)))


def _count(s: Session, *where, since: datetime) -> int:   # type: ignore[no-untyped-def]
    return s.exec(select(func.count()).select_from(StrangerMail)
                  .where(*where, StrangerMail.held == "", StrangerMail.at > since)).one()


def cap_reached(s: Session, cfg: Config, address: str, now: datetime) -> str:
    """Count an answer to ``address``: '' when it may be mailed (always, to a
    known address), else which cap holds it back (a key of REASONS)."""
    if known(s, address):
        return ""
    limits, low = cfg.limits, address.lower()
    domain = low.rpartition("@")[2]
    held = ("hour" if _count(s, since=now - HOUR) >= limits.strangers_per_hour else
            "domain" if _count(s, StrangerMail.domain == domain, since=now - HOUR) >= limits.strangers_per_domain_hour
            else "address" if _count(s, StrangerMail.address == low, since=now - DAY) >= limits.strangers_per_address_day
            else "")
    record(s, address, now, held)
    return held


def record(s: Session, address: str, now: datetime, held: str = "") -> None:
    """Keep a mailed (or held back) answer to a stranger, for the caps and the count."""
    s.exec(delete(StrangerMail).where(StrangerMail.at < now - KEEP))
    low = address.lower()
    s.add(StrangerMail(address=low, domain=low.rpartition("@")[2], at=now, held=held))


def held_back(s: Session, now: datetime) -> dict[str, int]:
    """The answers held back in the last day, by cap."""
    rows = s.exec(select(StrangerMail.held, func.count()).where(StrangerMail.held != "",
                                                               StrangerMail.at > now - DAY)
                  .group_by(StrangerMail.held))
    return {held: n for held, n in rows}
