"""ROLLBACK: the GM undoes the last resolved step (or turn). By default the
step waits for new orders from the seats it awaits, its deadline a whole
period from the rollback: the sheets that stood are set aside
(pbem.play.seating.set_aside), played then for a seat that sends none, but not
counted as sent, and every READY is taken back. RERUN runs it again at once
with the sheets that stood. Every seat but a resigned one is told which."""
from __future__ import annotations

import json
from datetime import datetime, timedelta

from sqlmodel import Session, select

from engine import get_ruleset
from engine.messages import Msg
from pbem.play import seating, steps
from pbem.clock import When, show
from pbem.config import Config
from pbem.play.games import seats_of
from pbem.gm.gmstate import refuse_unless
from pbem.gm.gmtools import tell
from pbem.site.history import records
from pbem.errors import HistoryError
from pbem.i18n import _
from pbem.models import Game, GameStatus, GmLog, OutboundMail, OutboundStatus, TurnRecord
from pbem.outbox import drop


def rollback(s: Session, cfg: Config, game: Game, now: datetime, rerun: bool = False) -> int:
    """Undo the last resolved turn: the game goes back to the state before it,
    and every seat is told the last report no longer counts. Without
    ``rerun`` the turn waits for new orders until its deadline, restarted in
    full; with it, the turn is due at once with the sheets that stood.
    Returns the turn number the game is at again. A paused game stays paused
    (its clock starts again when it is resumed); a game the rules ended goes
    on again."""
    refuse_unless(game, "ROLLBACK")
    done = records(s, game.id)
    if not done:
        raise HistoryError(_("{game} has no resolved turn to roll back").format(game=game.id))
    last = done[-1]
    previous = done[-2].state_json if len(done) > 1 else game.initial_state_json
    if not previous:
        raise HistoryError(_("{game} does not keep the state before turn {turn}").format(game=game.id, turn=last.turn_no))
    seating.put_back(s, game)       # a turn rolled back before and not run again keeps its sheets
    s.delete(last)
    _supersede_reports(s, game, last.turn_no + 1, now)
    game.state_json = previous
    game.turn_no = last.turn_no
    if game.status == GameStatus.PAUSED:
        game.paused_at = now
    else:
        game.status = GameStatus.ACTIVE
    ruleset = get_ruleset(game.ruleset)
    steps.begin(game, ruleset, ruleset.from_json(previous), now)
    if rerun:
        game.deadline = now - timedelta(minutes=game.grace_minutes)
    game.all_ready_since = None
    s.add(game)
    s.add(GmLog.of(game.id, "rollback", Msg("turn {turn} rolled back, to run again with the sheets that stood",
                                            turn=last.turn_no) if rerun else
                   Msg("turn {turn} rolled back", turn=last.turn_no), now))
    _restore_seats(s, game, last, rerun)
    if not rerun:
        seating.set_aside(s, game)
    _tell_seats(s, cfg, game, last.turn_no, rerun, now)
    return game.turn_no


def done_message(game: Game, turn: int, rerun: bool) -> Msg:
    """What the GM is told a rollback did (the GM's answer and terminal)."""
    done = Msg("rolled the game back to turn {turn}", turn=turn)
    if rerun:
        return Msg("{done}; it runs again with the sheets that stood, without waiting for new orders", done=done)
    return Msg("{done}; it waits for new orders until {deadline}", done=done, deadline=When(game.deadline))


def _supersede_reports(s: Session, game: Game, turn_no: int, now: datetime) -> None:
    """The reports of a rolled-back turn: those not sent yet are dropped;
    those sent are kept under another key, so that the re-run queues its own."""
    prefix = f"report:{game.id}:{turn_no}:"
    for mail in list(s.exec(select(OutboundMail).where(OutboundMail.game_id == game.id,
                                                       OutboundMail.key.startswith(prefix)))):
        if mail.status == OutboundStatus.QUEUED:
            drop(s, mail)
        else:
            mail.key = f"{mail.key}:superseded:{now.isoformat()}"
            s.add(mail)


def _restore_seats(s: Session, game: Game, last: TurnRecord, rerun: bool) -> None:
    """What the rolled-back turn changed on the seats goes back (its missed
    turns, the news marks, and for a re-run the READY flags; a turn that
    waits for new orders waits for new READYs too)."""
    changes = json.loads(last.seats_json or "{}")
    missing, ready = set(changes.get("missing", [])), set(changes.get("ready", []))
    news = changes.get("news", {})
    game.round_from = min(game.round_from, changes.get("round_from", last.turn_no))
    for seat in seats_of(s, game.id):
        if seat.name in missing:
            seat.missed_turns = max(0, seat.missed_turns - 1)
        seat.ready = rerun and seat.name in ready
        seat.news_from = min(seat.news_from, news.get(seat.name, last.turn_no))
        s.add(seat)
    s.flush()


def _tell_seats(s: Session, cfg: Config, game: Game, turn: int, rerun: bool, now: datetime) -> None:
    """Every seat but a resigned one is told, in its language, whether the
    turn waits for its orders or runs again with those that stood."""
    owe, stood = seating.owing(s, game), seating.standing(game)
    for seat in seats_of(s, game.id):
        if seat.resigned:
            continue
        tell(s, cfg, game, seat.email, seat,
             lambda seat=seat: _notice(game, turn, rerun, seat.name in owe, seat.name in stood),
             now, key=f"rollback:{game.id}:{turn}:{seat.name}:{now.isoformat()}")


def _notice(game: Game, turn: int, rerun: bool, owes: bool, stood: bool) -> tuple[str, str]:
    """The rollback notice's subject and text, in the language being spoken."""
    together = game.simultaneous
    said = dict(game=game.id, deadline=show(game.deadline),
                step=(_("turn {n}") if together else _("step {n}")).format(n=turn),
                next=(_("turn {n}") if together else _("step {n}")).format(n=turn + 1))
    subject = (_("turn {turn} rolled back") if together else _("step {turn} rolled back")).format(turn=turn)
    lines = [_("The GM rolled back {step} of {game}; the report of {next} no longer counts.")]
    if rerun:
        lines.append(_("It runs again with the orders that stood, without waiting for new ones; its new "
                       "report follows."))
    elif owes:
        lines.append(_("It waits for your orders until {deadline}: send them again, the same or new ones, "
                       "with READY if it may run early.") if together else
                     _("It waits for your move until {deadline}: send it again, the same or a new one."))
        if stood:
            lines.append(_("Without new ones, the orders you had sent are played then."))
    else:
        lines.append(_("It waits for new orders until {deadline}; nothing is asked of you."))
    return subject, " ".join(line.format(**said) for line in lines)

