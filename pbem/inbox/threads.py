"""A reply in a seat's own thread signs on without SIGNON.

Every mail the server sends to one seat alone (its welcome, reports, "your
move" mails, reminders, press, the answers to its mails) is stored with its
Message-ID and the seat (``OutboundMail.message_id`` and ``seat``). A mail
with no SIGNON line, from the seat's own address, whose In-Reply-To or
References names one of those Message-IDs, is read as that seat's.

This is as safe as the password only because nobody else can know those
Message-IDs: each holds 160 random bits (``compose.new_message_id``) and goes
to that seat's mailbox alone; a From address can be forged, a Message-ID
never seen cannot be guessed. Any other address still needs SIGNON and the
password, and so does a seat that shares its address with another, or one
whose player resigned.
"""
from __future__ import annotations

from sqlmodel import Session, select

from pbem.mail.reading import Incoming
from pbem.models import Game, OutboundMail, Seat

MOST_IDS = 20         # the Message-IDs of a reply looked up, the nearest first


def replied_to(inc: Incoming) -> list[str]:
    """The Message-IDs a mail answers: In-Reply-To first, then References from the last."""
    ids = [inc.in_reply_to] + inc.references.split()[::-1]
    return list(dict.fromkeys(i for i in ids if i))[:MOST_IDS]


def seat_of_reply(s: Session, inc: Incoming) -> tuple[Game, Seat] | None:
    """The game (its row locked) and seat whose thread this mail answers from the seat's own
    address, or None."""
    ids = replied_to(inc)
    sender = inc.from_addr.lower()
    if not ids or not sender:
        return None
    rows = s.exec(select(OutboundMail.message_id, OutboundMail.game_id, OutboundMail.seat, OutboundMail.to_addr)
                  .where(OutboundMail.message_id.in_(ids), OutboundMail.seat != "")).all()
    for mid in ids:                     # the mail it answers directly first
        for _mid, game_id, name, to in (r for r in rows if r[0] == mid):
            if to.lower() != sender:
                continue
            game = s.exec(select(Game).where(Game.id == game_id).with_for_update()).first()
            seats = list(s.exec(select(Seat).where(Seat.game_id == game_id))) if game else []
            mine = [x for x in seats if x.email.lower() == sender]
            if len(mine) == 1 and mine[0].name == name and not mine[0].resigned:
                return game, mine[0]    # type: ignore[return-value]
    return None
