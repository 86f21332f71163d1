"""Guards against mail sent in somebody else's name.

- **Confirmations**: JOIN, OBSERVE and OBSERVE OFF act on the From address,
  which anyone can write. They are only carried out when a mail from that
  address brings back the token mailed there (like a list server's
  subscription confirmation). Tokens are random (``secrets``), kept only as
  a SHA-256 hash, compared in constant time, good for ``confirm_hours`` and
  used once.
- **The throttle**: every password is checked, so the right one always
  signs on, whatever others guessed, from wherever. Wrong ones are counted
  per seat (the GM seat too) and per sender: after ``signon_failures``
  within ``signon_window_minutes`` for one seat, or from one sender, further
  wrong passwords get no answer until enough of those failures are older
  than the window, so a guesser learns nothing more and the owner's mailbox
  is spared. The seat's owner hears of such a burst once a day. Guessing
  stays hopeless at any rate the server can check (docs/ARCHITECTURE.md has
  the arithmetic; pbem.inbox.passwords the policy).
- **Copies of failed sign-ons** go to the seat's owner at most
  ``failed_copies_per_day`` times a day and never count against the owner's
  answers. Further failed sign-ons (and unanswered ones) are counted, and the
  count, with a few of the senders, is put at the top of the answer to the
  owner's next mail that signs on with the right password.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlmodel import Session, delete, func, select

from engine.messages import Msg
from pbem import i18n
from pbem.clock import When, aware, show
from pbem.config import Config
from pbem.models import GmLog, PendingRequest, SeatAlert, SignonFailure
from pbem.i18n import _, ngettext
from pbem.outbox import queue_notice
from pbem.reports.render import spoken

KEEP_USED = timedelta(days=7)     # used and expired requests are kept this long, to answer clearly
KEEP_FAILURES = timedelta(days=1)
SENDERS_KEPT = 5                  # senders named in the digest


# -- confirmations ------------------------------------------------------------
def _digest(token: str) -> str:
    return hashlib.sha256(token.strip().lower().encode("utf-8")).hexdigest()


def new_request(s: Session, cfg: Config, email: str, game_id: str, action: str, now: datetime,
                seat: str = "") -> str:
    """Store a request waiting for confirmation; the token to mail to ``email``."""
    s.exec(delete(PendingRequest).where(PendingRequest.expires_at < now - KEEP_USED))
    token = secrets.token_hex(12)
    s.add(PendingRequest(email=email.lower(), game_id=game_id, action=action, seat=seat,
                         token_hash=_digest(token), created_at=now,
                         expires_at=now + timedelta(hours=cfg.limits.confirm_hours)))
    return token


def live_request(s: Session, email: str, game_id: str, action: str, now: datetime) -> PendingRequest | None:
    """The request of ``email`` for this game and action whose token is still
    good: while there is one, no second token is mailed to that address."""
    return s.exec(select(PendingRequest).where(
        PendingRequest.email == email.lower(), PendingRequest.game_id == game_id, PendingRequest.action == action,
        PendingRequest.used_at.is_(None), PendingRequest.expires_at > now)).first()  # type: ignore[union-attr]


def redeem(s: Session, email: str, token: str, now: datetime) -> tuple[PendingRequest | None, str]:
    """The request of ``email`` that ``token`` confirms, now used up, and "";
    or why not: "unknown" (no request of this address has this token), "used"
    or "expired", with the request."""
    wanted = _digest(token)
    found = None
    for row in s.exec(select(PendingRequest).where(PendingRequest.email == email.lower()).with_for_update()):
        if hmac.compare_digest(row.token_hash, wanted):
            found = row
    if found is None:
        return None, "unknown"
    if found.used_at is not None:
        return found, "used"
    if aware(found.expires_at) <= now:
        return found, "expired"
    found.used_at = now
    s.add(found)
    return found, ""


# -- the throttle ---------------------------------------------------------------
def _quiet_ends(s: Session, cfg: Config, where: tuple, now: datetime) -> datetime | None:
    """When wrong passwords of these failures are answered again (the failure
    that makes the count leaves the window), or None when they are answered."""
    window = timedelta(minutes=cfg.limits.signon_window_minutes)
    limit = max(1, cfg.limits.signon_failures)
    times = list(s.exec(select(SignonFailure.at).where(*where, SignonFailure.at > now - window)
                        .order_by(SignonFailure.at.desc()).limit(limit + 1)))
    return aware(times[limit]) + window if len(times) > limit else None


def _of_seat(game_id: str, seat: str) -> tuple:
    return (SignonFailure.game_id == game_id, SignonFailure.seat == seat)


def quiet(s: Session, cfg: Config, game_id: str, seat: str, sender: str, now: datetime) -> datetime | None:
    """Until when a wrong password just counted (wrong_password) goes unanswered:
    the window holds more than ``signon_failures`` of them for this seat, or
    from this sender. None: it is answered. The password itself is always
    checked, so a right one is never refused, whatever others guessed."""
    ends = [x for x in (_quiet_ends(s, cfg, _of_seat(game_id, seat), now),
                        _quiet_ends(s, cfg, (SignonFailure.sender == sender.lower(),), now)) if x is not None]
    return max(ends) if ends else None


def _name(seat: str) -> str:
    """The seat (or the GM) in the reader's words."""
    return spoken(_named(seat))


def _named(seat: str) -> Msg:
    return Msg("the GM") if seat == "gm" else Msg("seat {seat}", seat=seat)


def _alert(s: Session, game_id: str, seat: str, now: datetime) -> SeatAlert:
    row = s.get(SeatAlert, (game_id, seat))
    if row is None:
        row = SeatAlert(game_id=game_id, seat=seat)
    day = now.strftime("%Y-%m-%d")
    if row.day != day:
        row.day, row.copies, row.noticed = day, 0, False
    s.add(row)
    return row


@dataclass(frozen=True)
class Failed:
    """A sign-on that failed: a wrong password (``quiet``: one that gets no answer)."""
    game_id: str
    seat: str            # a seat name, or gm
    owner: str           # the seat's (or the GM's) address; may be ""
    quiet: bool = False


def wrong_password(s: Session, cfg: Config, failed: Failed, sender: str, now: datetime) -> datetime | None:
    """Count a wrong password; until when such mail goes unanswered (quiet),
    None while it is answered. When this failure makes the seat quiet, the
    GM log says so and the owner is told (once a day; later bursts that day
    are in the digest)."""
    s.exec(delete(SignonFailure).where(
        SignonFailure.at < now - max(KEEP_FAILURES, timedelta(minutes=cfg.limits.signon_window_minutes))))
    s.add(SignonFailure(game_id=failed.game_id, seat=failed.seat, sender=sender.lower(), at=now))
    s.flush()
    window, limit = cfg.limits.signon_window_minutes, max(1, cfg.limits.signon_failures)
    recent = s.exec(select(func.count()).select_from(SignonFailure).where(
        *_of_seat(failed.game_id, failed.seat), SignonFailure.at > now - timedelta(minutes=window))).one()
    until = quiet(s, cfg, failed.game_id, failed.seat, sender, now)
    if recent == limit + 1:
        _burst(s, cfg, failed, sender, recent, _quiet_ends(s, cfg, _of_seat(failed.game_id, failed.seat), now) or now, now)
    return until


def _burst(s: Session, cfg: Config, failed: Failed, sender: str, count: int, until: datetime,
           now: datetime) -> None:
    """Wrong passwords for the seat go unanswered from now on: the GM log
    says so, and the owner hears of it once a day."""
    window = cfg.limits.signon_window_minutes
    s.add(GmLog.of(failed.game_id, "throttle", Msg("{count} wrong passwords for {name} within {window} minutes: "
                                                   "no more are answered until {until}", count=count,
                                                   name=_named(failed.seat), window=window,
                                                   until=When(until)), now))
    alert = _alert(s, failed.game_id, failed.seat, now)
    if alert.noticed or not failed.owner:
        return
    alert.noticed = True
    with _speaking_to_owner(s, failed):
        name = _name(failed.seat)
        subject = _("wrong passwords for {name}").format(name=name)
        text = "\n\n".join([
            _("{count} mails with a wrong password for {name} of {game} came within {window} minutes (the last "
              "one from {sender}). Nothing was changed by them.").format(
                count=count, name=name, game=failed.game_id, window=window, sender=sender),
            _("Your password still works: mail that signs on with it is read as always, whatever others "
              "guessed. Until {until}, mail with a wrong password for {name} gets no answer (a mistyped "
              "password of yours gets none either).").format(until=show(until), name=name),
            _("You get at most {copies} copies of such mails a day, and this notice once a day; the others are "
              "counted, and the count comes with the answer to your next mail that signs on.").format(
                copies=cfg.limits.failed_copies_per_day) + " "
            + (_("If this goes on, choose a new password with PASSWORD <new>.") if failed.seat != "gm" else
               _("The GM's commands also work on the server itself (pbem game ...), without a password."))])
    queue_notice(s, cfg, game_id=failed.game_id, to=failed.owner, subject=subject, when=now,
                 key=f"notice:{failed.game_id}:throttle:{failed.seat}:{now.isoformat()}:{failed.owner}", text=text)


def _speaking_to_owner(s: Session, failed: Failed):  # type: ignore[no-untyped-def]
    """Write in the language of the seat's owner (the GM: the game's)."""
    from pbem.play.games import speaking_to
    from pbem.models import Game, Seat
    game = s.get(Game, failed.game_id)
    seat = None if failed.seat == "gm" else s.exec(select(Seat).where(Seat.game_id == failed.game_id,
                                                                     Seat.name == failed.seat)).first()
    return speaking_to(game, seat) if game is not None else i18n.speaking("en")


def may_copy(s: Session, cfg: Config, failed: Failed, now: datetime) -> bool:
    """A copy of this failed sign-on to the owner: True while today's copies last."""
    if failed.quiet:
        return False
    alert = _alert(s, failed.game_id, failed.seat, now)
    if alert.copies >= cfg.limits.failed_copies_per_day:
        return False
    alert.copies += 1
    return True


def uncopied(s: Session, failed: Failed, sender: str, now: datetime) -> None:
    """Count a failed sign-on the owner got no copy of, for the digest."""
    alert = _alert(s, failed.game_id, failed.seat, now)
    alert.uncopied += 1
    senders = [x for x in alert.senders.split() if x]
    if sender.lower() not in senders and len(senders) < SENDERS_KEPT + 1:
        senders.append(sender.lower())
    alert.senders = " ".join(senders)


def digest(s: Session, game_id: str, seat: str) -> str:
    """What the owner was not copied since the last digest ('' when nothing), and reset."""
    alert = s.get(SeatAlert, (game_id, seat))
    if alert is None or not alert.uncopied:
        return ""
    senders = alert.senders.split()
    named = ", ".join(senders[:SENDERS_KEPT]) + (_(" and others") if len(senders) > SENDERS_KEPT else "")
    text = ngettext("Since your last mail that signed on, {n} more mail tried to sign on as {name} of {game} with "
                    "a wrong password and was not copied to you (from {senders}). It changed nothing.",
                    "Since your last mail that signed on, {n} more mails tried to sign on as {name} of {game} with "
                    "a wrong password and were not copied to you (from {senders}). None of them changed anything.",
                    alert.uncopied).format(
        n=alert.uncopied, name=_name(seat), game=game_id, senders=named)
    alert.uncopied, alert.senders = 0, ""
    s.add(alert)
    return text
