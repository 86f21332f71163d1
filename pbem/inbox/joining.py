"""Mail from people without a seat: JOIN an open game, OBSERVE one (or stop),
and CONFIRM either. Nothing is done for a From address, which anyone can
write, until that address brings back the token mailed to it (pbem.inbox.guard)."""
from __future__ import annotations

from datetime import datetime

from sqlmodel import Session, select

from engine import get_ruleset
from pbem.gm import gmtools
from pbem.inbox import guard, strangers
from pbem.inbox.answer import Answer
from pbem.clock import aware, show
from pbem.config import Config
from pbem.play.games import GAME_ID, address_problem, seat_problem, seats_of
from pbem.i18n import _
from pbem.mail.reading import Incoming
from pbem.models import Game, GameStatus, GmLog, Observer, Seat
from pbem.outbox import queue_notice
from pbem.inbox.protocol import Command


def notice(s: Session, cfg: Config, game: Game, to: str, subject: str, text: str, now: datetime,
            key: str) -> None:
    queue_notice(s, cfg, game_id=game.id, to=to, subject=subject, text=text, when=now,
                 key=f"notice:{game.id}:{key}:{now.isoformat()}:{to}")




def _join_problem(s: Session, game_id: str, name: str, email: str) -> tuple[Game | None, str]:
    """The open game (row locked) and why ``email`` may not take seat ``name``
    in it ('' when it may): checked when JOIN is asked and again when confirmed."""
    game = s.exec(select(Game).where(Game.id == game_id).with_for_update()).first() if GAME_ID.match(game_id) else None
    if game is None or game.status != GameStatus.NEW or game.open_seats <= 0:
        return None, _("{game} is not a game that is taking players.").format(game=game_id[:40])
    if address_problem(email):
        return game, _("{problem}, so it cannot take a seat; send JOIN from another address.").format(
            problem=address_problem(email))
    seats = seats_of(s, game.id)
    if len(seats) >= game.open_seats:
        return game, _("every seat of {game} is taken.").format(game=game.id)
    if any(x.email.lower() == email.lower() for x in seats):
        return game, _("{address} already has a seat in {game}.").format(address=email, game=game.id)
    if any(x.name == name for x in seats):
        return game, _("the seat name {seat} is taken; choose another.").format(seat=name)
    problem = seat_problem(get_ruleset(game.ruleset), name)
    return game, _("{problem}; choose another.").format(problem=problem) if problem else ""


def _ask_confirmation(s: Session, cfg: Config, inc: Incoming, answer: Answer, game: Game, action: str,
                      what: str, now: datetime, seat: str = "") -> None:
    """Nothing is done for a From address until it confirms: the answer to it
    holds a token (in a CONFIRM line and in the subject) to send back. A
    token is mailed once to an address for a game and action while it is
    good: asking again gets no mail (pbem.inbox.strangers counts it)."""
    live = guard.live_request(s, inc.from_addr, game.id, action, now)
    if live is not None:
        strangers.record(s, inc.from_addr, now, held="again")
        answer.withheld = (f"a confirmation of {action} {game.id} went to this address at "
                           f"{aware(live.created_at):%Y-%m-%d %H:%M} UTC and is good until "
                           f"{aware(live.expires_at):%Y-%m-%d %H:%M} UTC: not mailed again")
        return
    token = guard.new_request(s, cfg, inc.from_addr, game.id, action, now, seat=seat)
    answer.subject = f"[{game.id}] confirm {token}"
    answer.add(_("Reply to this mail to confirm that {address} wants to {what}. A plain reply does it "
                 "(the quoted text may stay), within {hours} hours; or send a mail with this line:"
                 "\n\nCONFIRM {token}\n\nNothing is done until then. If you did not ask for this, "
                 "ignore this mail: somebody else wrote your address, and the request expires.").format(
        address=inc.from_addr, what=what, hours=cfg.limits.confirm_hours, token=token))


def join(s: Session, cfg: Config, inc: Incoming, cmd: Command, answer: Answer, now: datetime) -> None:
    """JOIN <game> <seat name>: ask to take an open seat of a game that is
    forming; the seat is taken when the address confirms (_confirm)."""
    if len(cmd.args) != 2:
        answer.add(_("Line {line}: write JOIN <game> <seat name>, e.g. JOIN mygame-9 red").format(line=cmd.line))
        return
    game_id, name = cmd.args[0].lower(), cmd.args[1].lower()
    game, problem = _join_problem(s, game_id, name, inc.from_addr)
    if game is not None:
        answer.subject_game = game.id
    if problem or game is None:
        answer.add(_("Line {line}: {why}.").format(line=cmd.line, why=problem.rstrip(".")))
        return
    _ask_confirmation(s, cfg, inc, answer, game, "join",
                      _("join {game} as {seat}").format(game=game.id, seat=name), now, seat=name)


def _joined(s: Session, cfg: Config, game: Game, name: str, email: str, answer: Answer, now: datetime) -> None:
    seats = seats_of(s, game.id)
    s.add(Seat(game_id=game.id, name=name, email=email, password_hash=""))
    s.add(GmLog(game_id=game.id, action="join", detail=f"{name} ({email})", at=now))
    full = len(seats) + 1 >= game.open_seats
    answer.add(_("You joined {game} as {seat}. Your password comes when the GM starts the game "
                 "({taken} of {seats} seats taken).").format(game=game.id, seat=name, taken=len(seats) + 1,
                                                             seats=game.open_seats))
    if game.gm_email:
        notice(s, cfg, game, game.gm_email, f"{name} joined",
                f"{email} joined {game.id} as {name}: {len(seats) + 1} of {game.open_seats} seats."
                + (" Every seat is taken: start the game with START (or pbem game start)." if full else ""),
                now, f"join:{name}")


def _follows(s: Session, game: Game, email: str) -> bool:
    return s.exec(select(Observer.id).where(Observer.game_id == game.id,
                                            Observer.email == email.lower())).first() is not None


def observe(s: Session, cfg: Config, inc: Incoming, cmd: Command, answer: Answer, now: datetime) -> None:
    """OBSERVE <game> [OFF]: ask to follow (or stop following) a game's public
    reports; done when the address confirms (_confirm)."""
    off = len(cmd.args) == 2 and cmd.args[1].upper() == "OFF"
    if len(cmd.args) != 1 and not off:
        answer.add(_("Line {line}: write OBSERVE <game> to follow a game, OBSERVE <game> OFF to stop.").format(
            line=cmd.line))
        return
    game_id = cmd.args[0].lower()
    game = s.get(Game, game_id) if GAME_ID.match(game_id) else None
    if game is None:
        answer.add(_("Line {line}: there is no game {game} on this server.").format(line=cmd.line,
                                                                                   game=game_id[:40]))
        return
    answer.subject_game = game.id
    if address_problem(inc.from_addr):
        answer.add(_("Line {line}: {problem}, so it cannot follow a game; send OBSERVE from another "
                     "address.").format(line=cmd.line, problem=address_problem(inc.from_addr)))
        return
    if off:
        if not _follows(s, game, inc.from_addr):
            answer.add(_("Line {line}: {address} does not follow {game}; nothing was changed.").format(
                line=cmd.line, address=inc.from_addr, game=game.id))
            return
        _ask_confirmation(s, cfg, inc, answer, game, "unobserve",
                          _("stop following {game}").format(game=game.id), now)
        return
    if game.status == GameStatus.OVER:
        answer.add(_("Line {line}: {game} is over; its turns are in the archive.").format(
            line=cmd.line, game=game.id))
        return
    if _follows(s, game, inc.from_addr):
        answer.add(_("Line {line}: {address} follows {game} already; nothing was changed. Send OBSERVE "
                     "{game} OFF to stop.").format(line=cmd.line, address=inc.from_addr, game=game.id))
        return
    _ask_confirmation(s, cfg, inc, answer, game, "observe",
                      _("follow {game} (the public report of every turn, mailed there)").format(game=game.id),
                      now)


def confirm(s: Session, cfg: Config, inc: Incoming, cmd: Command, answer: Answer, now: datetime) -> None:
    """CONFIRM <token>, or a reply to a confirmation request (the token in its
    subject): carry out the JOIN or OBSERVE [OFF] it confirms, checked again."""
    where = _("Line {line}").format(line=cmd.line) if cmd.line else _("The subject")
    if len(cmd.args) != 1:
        answer.add(_("{where}: write CONFIRM <token>, with the token of the mail that asked you to "
                     "confirm.").format(where=where))
        return
    pending, why = guard.redeem(s, inc.from_addr, cmd.args[0], now)
    if pending is None:
        answer.add(_("{where}: no request from {address} waits for this token, so nothing was done. "
                     "Confirm from the address the request was mailed to, with its token; or send "
                     "JOIN <game> <seat> or OBSERVE <game> [OFF] again for a new token.").format(
            where=where, address=inc.from_addr))
        return
    answer.subject_game = pending.game_id
    again = {"join": f"JOIN {pending.game_id} {pending.seat}", "observe": f"OBSERVE {pending.game_id}",
             "unobserve": f"OBSERVE {pending.game_id} OFF"}[pending.action]
    if why == "used":
        answer.add(_("{where}: this token was used already ({when}); a token confirms once, so nothing "
                     "more was done. Send {again} again if you need a new one.").format(
            where=where, when=show(pending.used_at), again=again))
        return
    if why == "expired":
        answer.add(_("{where}: this token expired at {when}, so nothing was done. Send {again} again for "
                     "a new one, and confirm within {hours} hours.").format(
            where=where, when=show(pending.expires_at), again=again, hours=cfg.limits.confirm_hours))
        return
    if pending.action == "join":
        game, problem = _join_problem(s, pending.game_id, pending.seat, pending.email)
        if problem or game is None:
            answer.add(_("{where}: you confirmed {again}, but {problem} Nothing was changed.").format(
                where=where, again=again, problem=problem))
            return
        _joined(s, cfg, game, pending.seat, inc.from_addr, answer, now)
        return
    game = s.exec(select(Game).where(Game.id == pending.game_id).with_for_update()).one()
    if pending.action == "unobserve":
        if not gmtools.follow(s, game, inc.from_addr, now, on=False):
            answer.add(_("{where}: {address} does not follow {game}; nothing was changed.").format(
                where=where, address=inc.from_addr, game=game.id))
            return
        answer.add(_("You no longer follow {game}.").format(game=game.id))
        return
    if game.status == GameStatus.OVER:
        answer.add(_("{where}: {game} is over; its turns are in the archive.").format(where=where, game=game.id))
        return
    gmtools.follow(s, game, inc.from_addr, now)
    answer.add(_("You follow {game}: the public report of every turn comes to {address}. Send OBSERVE "
                 "{game} OFF to stop.").format(game=game.id, address=inc.from_addr))
