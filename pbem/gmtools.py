"""GM tools that change a game's course: preview the next turn without
committing it, roll back the last turn, end a game. Every action is logged."""
from __future__ import annotations

from datetime import datetime, timedelta

from sqlmodel import Session, select

from engine import SeededDice, get_ruleset
from pbem.config import Config
from pbem.games import seats_of
from pbem.history import HistoryError, records
from pbem.models import Game, GmLog, OutboundMail, Sheet
from pbem.outbox import queue, queue_notice
from pbem.reports.render import valley_report


def preview(s: Session, cfg: Config, game: Game) -> str:
    """The public report the next turn would give, if it ran now with the
    sheets in hand (missing seats hold). Nothing is stored."""
    ruleset = get_ruleset(game.ruleset)
    state = ruleset.from_json(game.state_json)
    sheets = {}
    for seat in seats_of(s, game.id):
        row = s.exec(select(Sheet).where(Sheet.game_id == game.id, Sheet.seat == seat.name,
                                         Sheet.turn_no == game.turn_no)).first()
        sheets[seat.name] = ruleset.parse_orders(state, seat.name, row.text) if row else \
            ruleset.default_orders(state, seat.name)
    result = ruleset.resolve(state, sheets, SeededDice(f"{game.seed}:{game.turn_no}"))
    _subject, text, _html = valley_report(game=game.id, turn_no=game.turn_no + 1, seat=None,
                                          view=ruleset.view(result.state, None), events=result.events,
                                          deadline="", address=cfg.server.address)
    return "PREVIEW: nothing was stored; the turn runs the same when it is due, unless sheets change.\n\n" + text


def rollback(s: Session, cfg: Config, game: Game, now: datetime) -> int:
    """Undo the last resolved turn: the game goes back to the state before it,
    its sheets stand again, and every seat is told the last report no longer
    counts. Returns the turn number the game is at again."""
    done = records(s, game.id)
    if not done:
        raise HistoryError(f"{game.id} has no resolved turn to roll back")
    last = done[-1]
    previous = done[-2].state_json if len(done) > 1 else game.initial_state_json
    if not previous:
        raise HistoryError(f"{game.id} does not keep the state before turn {last.turn_no}")
    s.delete(last)
    # The rolled-back turn's reports: those not sent yet are dropped; those sent
    # are kept under another key, so that the re-run queues its own.
    prefix = f"report:{game.id}:{last.turn_no + 1}:"
    for mail in list(s.exec(select(OutboundMail).where(OutboundMail.game_id == game.id,
                                                       OutboundMail.key.startswith(prefix)))):
        if mail.status == "queued":
            s.delete(mail)
        else:
            mail.key = f"{mail.key}:superseded:{now.isoformat()}"
            s.add(mail)
    game.state_json = previous
    game.turn_no = last.turn_no
    game.status = "active"
    game.deadline = now + timedelta(minutes=game.period_minutes)
    game.all_ready_since = None
    s.add(game)
    s.add(GmLog(game_id=game.id, action="rollback", detail=f"turn {last.turn_no} rolled back"))
    for seat in seats_of(s, game.id):
        seat.ready = False
        s.add(seat)
        text = (f"The GM rolled back turn {last.turn_no} of {game.id}. The report of turn {last.turn_no + 1} "
                f"no longer counts. Your orders for turn {last.turn_no} stand as they were; you may change "
                f"them until the new deadline, {now + timedelta(minutes=game.period_minutes):%Y-%m-%d %H:%M} UTC.\n")
        queue_notice(s, cfg, game_id=game.id, to=seat.email, subject=f"turn {last.turn_no} rolled back",
                     text=text, when=now, key=f"rollback:{game.id}:{last.turn_no}:{seat.name}:{now.isoformat()}")
    return game.turn_no


def end_game(s: Session, cfg: Config, game: Game, reason: str, now: datetime) -> None:
    """The game is over now; every seat and observer is told why."""
    from pbem.models import Observer
    game.status = "over"
    s.add(game)
    s.add(GmLog(game_id=game.id, action="end", detail=reason))
    text = (f"The GM ended {game.id} at turn {game.turn_no}: {reason}. No more orders are taken. "
            f"Its turns stay in the history (HISTORY <n> by mail) and in the archive.\n")
    addresses = [x.email for x in seats_of(s, game.id)]
    addresses += [x.email for x in s.exec(select(Observer).where(Observer.game_id == game.id))]
    for to in dict.fromkeys(addresses):
        queue_notice(s, cfg, game_id=game.id, to=to, subject="the game is over", text=text, when=now,
                     key=f"end:{game.id}:{to}")



def replace_seat(s: Session, cfg: Config, game: Game, seat_name: str, email: str, now: datetime) -> str:
    """A new player takes a seat: new address, new password (mailed to them with
    the latest report); the seat's history stays."""
    from pbem import passwords
    from pbem.games import EMAIL, report_mail
    from pbem.reports.render import render
    seat = next((x for x in seats_of(s, game.id) if x.name == seat_name), None)
    if seat is None:
        raise HistoryError(f"game {game.id} has no seat {seat_name}")
    if not EMAIL.match(email):
        raise HistoryError(f"{email!r} is not a mail address")
    old = seat.email
    password = passwords.generate()
    seat.email, seat.password_hash = email, passwords.hash_password(password)
    seat.resigned = seat.bot = False
    seat.missed_turns = 0
    s.add(seat)
    s.add(GmLog(game_id=game.id, action="replace", detail=f"{seat_name}: {old} -> {email}"))
    ruleset = get_ruleset(game.ruleset)
    preface = render("mail/welcome.txt", game=game.id, seat=seat_name, password=password,
                     address=cfg.server.address, title=ruleset.title)
    to, raw = report_mail(cfg, game, seat, ruleset.from_json(game.state_json), [], now, preface)
    queue(s, key=f"welcome:{game.id}:{seat_name}:{now.isoformat()}", kind="report", to=to, raw=raw,
          game_id=game.id)
    return old


def set_bot(s: Session, game: Game, seat_name: str, on: bool) -> None:
    seat = next((x for x in seats_of(s, game.id) if x.name == seat_name), None)
    if seat is None:
        raise HistoryError(f"game {game.id} has no seat {seat_name}")
    seat.bot = on
    s.add(seat)
    s.add(GmLog(game_id=game.id, action="bot", detail=f"{seat_name} {'in' if on else 'out of'} civil disorder"))
