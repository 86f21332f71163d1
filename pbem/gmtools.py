"""GM tools that change a game's course: preview the next turn without
committing it, roll back the last turn, end a game. Every action is logged."""
from __future__ import annotations

import json
from datetime import datetime, timedelta

from sqlmodel import Session, select

from engine import SeededDice, get_ruleset
from engine.contract import Resolution
from pbem import seating, steps
from pbem.clock import aware, parse_duration, show
from pbem.config import Config
from pbem.games import GameError, seats_of
from pbem.history import HistoryError, records
from pbem.models import Game, GmLog, OutboundMail, Seat, TurnRecord
from pbem.outbox import queue, queue_notice
from pbem.protocol import whole_number
from pbem.presenters import get_presenter


def preview_turn(s: Session, game: Game) -> Resolution:
    """The next turn as it would run now: the sheets each seat would play
    (pbem.seating, as resolve_turn asks it) and the turn's own dice. Nothing
    is stored."""
    ruleset = get_ruleset(game.ruleset)
    state = ruleset.from_json(game.state_json)
    plays = seating.turn_plan(s, game, ruleset, state)
    return ruleset.resolve(state, seating.to_resolve(plays),
                           SeededDice(f"{game.seed}:{game.turn_no}"))


def preview(s: Session, cfg: Config, game: Game) -> str:
    """The public report the next turn would give, if it ran now with the
    sheets in hand (seats without one as the game's missed rule says, bot
    seats by the bot). Nothing is stored."""
    ruleset = get_ruleset(game.ruleset)
    result = preview_turn(s, game)
    _subject, text, _html = get_presenter(game.ruleset).report(
        game=game.id, turn_no=game.turn_no + 1, seat=None, view=ruleset.view(result.state, None),
        events=result.events, deadline="", address=cfg.server.address)
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
    _supersede_reports(s, game, last.turn_no + 1, now)
    game.state_json = previous
    game.turn_no = last.turn_no
    game.status = "active"
    ruleset = get_ruleset(game.ruleset)
    steps.begin(game, ruleset, ruleset.from_json(previous), now)
    game.all_ready_since = None
    s.add(game)
    s.add(GmLog(game_id=game.id, action="rollback", detail=f"turn {last.turn_no} rolled back", at=now))
    _restore_seats(s, cfg, game, last, now)
    return game.turn_no


def _supersede_reports(s: Session, game: Game, turn_no: int, now: datetime) -> None:
    """The reports of a rolled-back turn: those not sent yet are dropped;
    those sent are kept under another key, so that the re-run queues its own."""
    prefix = f"report:{game.id}:{turn_no}:"
    for mail in list(s.exec(select(OutboundMail).where(OutboundMail.game_id == game.id,
                                                       OutboundMail.key.startswith(prefix)))):
        if mail.status == "queued":
            s.delete(mail)
        else:
            mail.key = f"{mail.key}:superseded:{now.isoformat()}"
            s.add(mail)


def _restore_seats(s: Session, cfg: Config, game: Game, last: TurnRecord, now: datetime) -> None:
    """What the rolled-back turn changed on the seats goes back (its missed
    turns, the READY flags, the news marks), and every seat is told."""
    changes = json.loads(last.seats_json or "{}")
    missing, ready = set(changes.get("missing", [])), set(changes.get("ready", []))
    news = changes.get("news", {})
    game.round_from = min(game.round_from, changes.get("round_from", last.turn_no))
    for seat in seats_of(s, game.id):
        if seat.name in missing:
            seat.missed_turns = max(0, seat.missed_turns - 1)
        seat.ready = seat.name in ready
        seat.news_from = min(seat.news_from, news.get(seat.name, last.turn_no))
        s.add(seat)
        text = (f"The GM rolled back turn {last.turn_no} of {game.id}. The report of turn {last.turn_no + 1} "
                f"no longer counts. Your orders for turn {last.turn_no} stand as they were; you may change "
                f"them until the new deadline, {show(game.deadline)}.\n")
        queue_notice(s, cfg, game_id=game.id, to=seat.email, subject=f"turn {last.turn_no} rolled back",
                     text=text, when=now, key=f"rollback:{game.id}:{last.turn_no}:{seat.name}:{now.isoformat()}")


def end_game(s: Session, cfg: Config, game: Game, reason: str, now: datetime) -> None:
    """The game is over now; every seat and observer is told why."""
    from pbem.models import Observer
    game.status = "over"
    s.add(game)
    s.add(GmLog(game_id=game.id, action="end", detail=reason, at=now))
    text = (f"The GM ended {game.id} at turn {game.turn_no}: {reason}. No more orders are taken. "
            f"Its turns stay in the history (HISTORY <n> by mail) and in the archive.\n")
    addresses = [x.email for x in seats_of(s, game.id)]
    addresses += [x.email for x in s.exec(select(Observer).where(Observer.game_id == game.id))]
    for to in dict.fromkeys(addresses):
        queue_notice(s, cfg, game_id=game.id, to=to, subject="the game is over", text=text, when=now,
                     key=f"end:{game.id}:{to}")


def seat_named(s: Session, game: Game, name: str) -> Seat:
    """The seat ``name`` of ``game``; HistoryError naming the game when it has none."""
    seat = next((x for x in seats_of(s, game.id) if x.name == name), None)
    if seat is None:
        raise HistoryError(f"game {game.id} has no seat {name}")
    return seat


def follow(s: Session, game: Game, email: str, now: datetime, on: bool = True) -> bool:
    """``email`` follows the game's public reports (or stops: ``on`` False);
    False when there was nothing to change."""
    from pbem.models import Observer
    found = s.exec(select(Observer).where(Observer.game_id == game.id, Observer.email == email.lower())).first()
    if (found is not None) == on:
        return False
    if on:
        s.add(Observer(game_id=game.id, email=email.lower()))
    else:
        s.delete(found)
    s.add(GmLog(game_id=game.id, action="observe", detail="an observer " + ("joined" if on else "left"), at=now))
    return True


def replace_seat(s: Session, cfg: Config, game: Game, seat_name: str, email: str, now: datetime) -> str:
    """A new player takes a seat: new address, new password (mailed to them with
    the latest report); the seat's history stays."""
    from pbem import passwords
    from pbem.games import report_mail
    from pbem.mail.headers import valid_address
    from pbem.reports.render import render
    seat = seat_named(s, game, seat_name)
    if not valid_address(email):
        raise HistoryError(f"{email!r} is not a mail address")
    old = seat.email
    password = passwords.generate()
    seat.email, seat.password_hash = email, passwords.hash_password(password)
    seat.resigned = seat.bot = False
    seat.missed_turns = 0
    s.add(seat)
    s.add(GmLog(game_id=game.id, action="replace", detail=f"{seat_name}: {old} -> {email}", at=now))
    ruleset = get_ruleset(game.ruleset)
    preface = render("mail/welcome.txt", game=game.id, seat=seat_name, password=password,
                     address=cfg.server.address, title=ruleset.title)
    to, raw = report_mail(cfg, game, seat, ruleset.from_json(game.state_json), [], now, preface)
    queue(s, key=f"welcome:{game.id}:{seat_name}:{now.isoformat()}", kind="report", to=to, raw=raw,
          game_id=game.id)
    return old


def set_bot(s: Session, game: Game, seat_name: str, on: bool, now: datetime) -> None:
    seat = seat_named(s, game, seat_name)
    seat.bot = on
    s.add(seat)
    s.add(GmLog(game_id=game.id, action="bot", detail=f"{seat_name} {'in' if on else 'out of'} civil disorder",
                at=now))


# -- the game's clock and seats' absences: GM CLI and GM mail share these ----
def status_word(game: Game) -> str:
    return {"new": "not started yet", "paused": "paused by the GM", "over": "over"}.get(game.status, game.status)


def pause(game: Game, now: datetime) -> str:
    if game.status != "active":
        raise GameError(f"the game is {status_word(game)}; nothing to pause")
    game.status, game.paused_at = "paused", now
    return "paused the game"


def resume(game: Game, now: datetime) -> str:
    """The deadline moves on by as long as the game was paused."""
    if game.status != "paused":
        raise GameError("the game is not paused")
    if game.deadline and game.paused_at:
        game.deadline = aware(game.deadline) + (now - aware(game.paused_at))
    game.status, game.paused_at = "active", None
    return f"resumed the game; the deadline is now {show(game.deadline)}"


def extend(game: Game, text: str, now: datetime) -> str:
    try:
        extra = parse_duration(text)
    except ValueError as why:
        raise GameError(str(why)) from None
    game.deadline = aware(game.deadline or now) + extra
    return f"extended the deadline to {show(game.deadline)}"


def process_now(game: Game, now: datetime) -> str:
    if game.status != "active":
        raise GameError(f"the game is {status_word(game)}")
    game.deadline = now - timedelta(minutes=game.grace_minutes)
    return "asked for the turn to run on this pass"


def vacation(s: Session, game: Game, seat: Seat, arg: str, who: str, now: datetime) -> str:
    """<turns>: the seat is away that many turns (within the game's allowance),
    holding without missing them; OFF: back now. ``who`` is how the messages
    name the seat ("you" to the player)."""
    has = "have" if who == "you" else "has"
    if arg.upper() == "OFF":
        if seat.away_until > game.turn_no:
            seat.vacation_used -= seat.away_until - game.turn_no
        seat.away_until = 0
        s.add(seat)
        s.add(GmLog(game_id=game.id, action="vacation", detail=f"{seat.name} back", at=now))
        return "Welcome back: your vacation is over." if who == "you" else f"{seat.name} is back from vacation."
    left = game.vacation_turns - seat.vacation_used
    turns = whole_number(arg)
    if turns is None or turns < 1:
        raise GameError(f"VACATION takes a number of turns ({who} {has} {left} left) or OFF")
    if turns > left:
        raise GameError(f"{who} {has} {left} turn(s) of vacation left in this game, not {turns}")
    seat.away_until = game.turn_no + turns
    seat.vacation_used += turns
    s.add(seat)
    s.add(GmLog(game_id=game.id, action="vacation", detail=f"{seat.name} away for {turns} turn(s)",
                at=now))
    return (f"{'You are' if who == 'you' else seat.name + ' is'} away for {turns} turn(s), up to turn "
            f"{seat.away_until}: the tribe holds and no turn counts as missed. {left - turns} turn(s) of "
            "vacation left. VACATION OFF ends it early.")


# GM actions whose tool writes its own GM log line, and those that mail the
# seats themselves (welcome mails, the rollback and end notices).
LOGS_ITSELF = {"START", "ROLLBACK", "REPLACE", "BOT", "END"}
TELLS_SEATS_ITSELF = {"START", "ROLLBACK", "END"}


def announce(s: Session, cfg: Config, game: Game, word: str, done: str, now: datetime, key: str) -> None:
    """Log a GM action and tell every seat what the GM did."""
    s.add(game)
    if word not in LOGS_ITSELF:
        s.add(GmLog(game_id=game.id, action=word.lower(), detail=done, at=now))
    if word in TELLS_SEATS_ITSELF:
        return
    for seat in seats_of(s, game.id):
        queue_notice(s, cfg, game_id=game.id, to=seat.email, subject="from the GM", text=f"The GM {done}.\n",
                     when=now, key=f"notice:{game.id}:{word}:{seat.name}:{key}:{now.isoformat()}")
