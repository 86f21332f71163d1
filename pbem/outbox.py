"""The outbox table: mail is queued in the same transaction as the change it
reports, and sent later; a key makes queuing the same mail twice harmless."""
from __future__ import annotations

from datetime import datetime

from sqlmodel import Session, select

from pbem.mail.headers import valid_address
from pbem.models import AnswerCount, OutboundMail, Seat


def queue(s: Session, *, key: str, kind: str, to: str, raw: bytes, game_id: str = "", seat: str = "") -> bool:
    """Queue a mail unless one with this key exists, or its address is not one
    we may send to. True when queued now. ``seat``: the seat of ``game_id`` the
    mail goes to, alone (a reply in its thread from that address signs on)."""
    from pbem.mail.compose import message_id_of
    if not valid_address(to):
        return False
    if s.exec(select(OutboundMail.id).where(OutboundMail.key == key)).first() is not None:
        return False
    s.add(OutboundMail(key=key, kind=kind, to_addr=to, raw=raw, game_id=game_id, seat=seat if game_id else "",
                       message_id=message_id_of(raw) if seat and game_id else ""))
    return True


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
