"""Mail from people without a seat: JOIN an open game, OBSERVE one (or stop),
and CONFIRM either. Nothing is done for a From address, which anyone can
write, until that address brings back the token mailed to it (pbem.guard)."""
from __future__ import annotations

from datetime import datetime

from sqlmodel import Session, select

from engine import get_ruleset
from pbem import gmtools, guard
from pbem.answer import Answer
from pbem.clock import show
from pbem.config import Config
from pbem.games import GAME_ID, address_problem, seat_problem, seats_of
from pbem.mail.reading import Incoming
from pbem.models import Game, GmLog, Observer, Seat
from pbem.outbox import queue_notice
from pbem.protocol import Command


def notice(s: Session, cfg: Config, game: Game, to: str, subject: str, text: str, now: datetime,
            key: str) -> None:
    queue_notice(s, cfg, game_id=game.id, to=to, subject=subject, text=text, when=now,
                 key=f"notice:{game.id}:{key}:{now.isoformat()}:{to}")




def _join_problem(s: Session, game_id: str, name: str, email: str) -> tuple[Game | None, str]:
    """The open game (row locked) and why ``email`` may not take seat ``name``
    in it ('' when it may): checked when JOIN is asked and again when confirmed."""
    game = s.exec(select(Game).where(Game.id == game_id).with_for_update()).first() if GAME_ID.match(game_id) else None
    if game is None or game.status != "new" or game.open_seats <= 0:
        return None, f"{game_id[:40]} is not a game that is taking players."
    if address_problem(email):
        return game, f"{address_problem(email)}, so it cannot take a seat; send JOIN from another address."
    seats = seats_of(s, game.id)
    if len(seats) >= game.open_seats:
        return game, f"every seat of {game.id} is taken."
    if any(x.email.lower() == email.lower() for x in seats):
        return game, f"{email} already has a seat in {game.id}."
    problem = seat_problem(get_ruleset(game.ruleset), name) or (
        f"the seat name {name} is taken" if any(x.name == name for x in seats) else "")
    return game, f"{problem}; choose another." if problem else ""


def _ask_confirmation(s: Session, cfg: Config, inc: Incoming, answer: Answer, game: Game, action: str,
                      what: str, now: datetime, seat: str = "") -> None:
    """Nothing is done for a From address until it confirms: the answer to it
    holds a token (in a CONFIRM line and in the subject) to send back."""
    token = guard.new_request(s, cfg, inc.from_addr, game.id, action, now, seat=seat)
    answer.subject = f"[{game.id}] confirm {token}"
    answer.add(f"Reply to this mail to confirm that {inc.from_addr} wants to {what}. A plain reply "
               f"does it (the quoted text may stay), within {cfg.limits.confirm_hours} hours; or send "
               f"a mail with this line:\n\nCONFIRM {token}\n\n"
               "Nothing is done until then. If you did not ask for this, ignore this mail: somebody "
               "else wrote your address, and the request expires.")


def join(s: Session, cfg: Config, inc: Incoming, cmd: Command, answer: Answer, now: datetime) -> None:
    """JOIN <game> <seat name>: ask to take an open seat of a game that is
    forming; the seat is taken when the address confirms (_confirm)."""
    if len(cmd.args) != 2:
        answer.add(f"Line {cmd.line}: write JOIN <game> <seat name>, e.g. JOIN mygame-9 red")
        return
    game_id, name = cmd.args[0].lower(), cmd.args[1].lower()
    game, problem = _join_problem(s, game_id, name, inc.from_addr)
    if game is not None:
        answer.subject_game = game.id
    if problem or game is None:
        answer.add(f"Line {cmd.line}: {problem}")
        return
    _ask_confirmation(s, cfg, inc, answer, game, "join", f"join {game.id} as {name}", now, seat=name)


def _joined(s: Session, cfg: Config, game: Game, name: str, email: str, answer: Answer, now: datetime) -> None:
    seats = seats_of(s, game.id)
    s.add(Seat(game_id=game.id, name=name, email=email, password_hash=""))
    s.add(GmLog(game_id=game.id, action="join", detail=f"{name} ({email})", at=now))
    full = len(seats) + 1 >= game.open_seats
    answer.add(f"You joined {game.id} as {name}. Your password comes when the GM starts the game "
               f"({len(seats) + 1} of {game.open_seats} seats taken).")
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
        answer.add(f"Line {cmd.line}: write OBSERVE <game> to follow a game, OBSERVE <game> OFF to stop.")
        return
    game_id = cmd.args[0].lower()
    game = s.get(Game, game_id) if GAME_ID.match(game_id) else None
    if game is None:
        answer.add(f"Line {cmd.line}: there is no game {game_id[:40]} on this server.")
        return
    answer.subject_game = game.id
    if address_problem(inc.from_addr):
        answer.add(f"Line {cmd.line}: {address_problem(inc.from_addr)}, so it cannot follow a game; "
                   "send OBSERVE from another address.")
        return
    if off:
        if not _follows(s, game, inc.from_addr):
            answer.add(f"Line {cmd.line}: {inc.from_addr} does not follow {game.id}; nothing was changed.")
            return
        _ask_confirmation(s, cfg, inc, answer, game, "unobserve", f"stop following {game.id}", now)
        return
    if game.status == "over":
        answer.add(f"Line {cmd.line}: {game.id} is over; its turns are in the archive.")
        return
    if _follows(s, game, inc.from_addr):
        answer.add(f"Line {cmd.line}: {inc.from_addr} follows {game.id} already; nothing was changed. "
                   f"Send OBSERVE {game.id} OFF to stop.")
        return
    _ask_confirmation(s, cfg, inc, answer, game, "observe",
                      f"follow {game.id} (the public report of every turn, mailed there)", now)


def confirm(s: Session, cfg: Config, inc: Incoming, cmd: Command, answer: Answer, now: datetime) -> None:
    """CONFIRM <token>, or a reply to a confirmation request (the token in its
    subject): carry out the JOIN or OBSERVE [OFF] it confirms, checked again."""
    where = f"Line {cmd.line}" if cmd.line else "The subject"
    if len(cmd.args) != 1:
        answer.add(f"{where}: write CONFIRM <token>, with the token of the mail that asked you to confirm.")
        return
    pending, why = guard.redeem(s, inc.from_addr, cmd.args[0], now)
    if pending is None:
        answer.add(f"{where}: no request from {inc.from_addr} waits for this token, so nothing was done. "
                   "Confirm from the address the request was mailed to, with its token; or send "
                   "JOIN <game> <seat> or OBSERVE <game> [OFF] again for a new token.")
        return
    answer.subject_game = pending.game_id
    again = {"join": f"JOIN {pending.game_id} {pending.seat}", "observe": f"OBSERVE {pending.game_id}",
             "unobserve": f"OBSERVE {pending.game_id} OFF"}[pending.action]
    if why == "used":
        answer.add(f"{where}: this token was used already ({show(pending.used_at)}); a token confirms "
                   f"once, so nothing more was done. Send {again} again if you need a new one.")
        return
    if why == "expired":
        answer.add(f"{where}: this token expired at {show(pending.expires_at)}, so nothing was done. "
                   f"Send {again} again for a new one, and confirm within {cfg.limits.confirm_hours} hours.")
        return
    if pending.action == "join":
        game, problem = _join_problem(s, pending.game_id, pending.seat, pending.email)
        if problem or game is None:
            answer.add(f"{where}: you confirmed {again}, but {problem} Nothing was changed.")
            return
        _joined(s, cfg, game, pending.seat, inc.from_addr, answer, now)
        return
    game = s.exec(select(Game).where(Game.id == pending.game_id).with_for_update()).one()
    if pending.action == "unobserve":
        if not gmtools.follow(s, game, inc.from_addr, now, on=False):
            answer.add(f"{where}: {inc.from_addr} does not follow {game.id}; nothing was changed.")
            return
        answer.add(f"You no longer follow {game.id}.")
        return
    if game.status == "over":
        answer.add(f"{where}: {game.id} is over; its turns are in the archive.")
        return
    gmtools.follow(s, game, inc.from_addr, now)
    answer.add(f"You follow {game.id}: the public report of every turn comes to {inc.from_addr}. "
               f"Send OBSERVE {game.id} OFF to stop.")
