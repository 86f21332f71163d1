"""Deadlines and turns: which games are due, resolving a turn, reminders."""
from __future__ import annotations

import json
from datetime import datetime, timedelta

from sqlmodel import Session, select

from engine import SeededDice, get_ruleset
from pbem.clock import aware, show
from pbem.config import Config
from pbem.games import report_mail, seats_of
from pbem.models import Game, GmLog, Observer, Seat, Sheet, TurnRecord
from pbem.outbox import queue, queue_notice
from pbem.reports.render import draw_maps
from pbem import faults, seating


def is_due(s: Session, game: Game, now: datetime) -> bool:
    if game.status != "active" or game.deadline is None:
        return False
    if now >= aware(game.deadline) + timedelta(minutes=game.grace_minutes):
        return True
    if game.all_ready_since is not None and seating.all_ready(s, game):
        return now >= aware(game.all_ready_since) + timedelta(minutes=game.early_minutes)
    return False


def due_games(s: Session, now: datetime) -> list[str]:
    return [g.id for g in s.exec(select(Game).where(Game.status == "active")) if is_due(s, g, now)]


def resolve_turn(s: Session, cfg: Config, game: Game, now: datetime) -> None:
    """Resolve the game's current turn and queue every report: one transaction."""
    ruleset = get_ruleset(game.ruleset)
    state = ruleset.from_json(game.state_json)
    seats = seats_of(s, game.id)
    plays = seating.turn_plan(s, game, ruleset, state, seats)
    sheets = {name: play.sheet for name, play in plays.items()}
    played = {name: play.sheet.normal for name, play in plays.items()}
    missing = [x for x in seats if plays[x.name].missing]
    were_ready = [x for x in seats if x.ready]
    dice_seed = f"{game.seed}:{game.turn_no}"
    result = ruleset.resolve(state, sheets, SeededDice(dice_seed))
    events = [e.to_dict() for e in result.events]
    s.add(TurnRecord(game_id=game.id, turn_no=game.turn_no, state_json=ruleset.to_json(result.state),
                     events_json=json.dumps(events), sheets_json=json.dumps(played, sort_keys=True),
                     dice_seed=dice_seed, seats_json=json.dumps(
                         {"missing": [x.name for x in missing], "ready": [x.name for x in were_ready]})))
    for seat in missing:
        seat.missed_turns += 1
    for seat in seats:
        seat.ready = False
        s.add(seat)
    resolved = game.turn_no
    game.turn_no += 1
    game.state_json = ruleset.to_json(result.state)
    game.deadline = now + timedelta(minutes=game.period_minutes)
    game.all_ready_since = None
    outcome = ruleset.outcome(result.state)
    if outcome is not None:
        game.status = "over"
    s.add(game)
    s.add(GmLog(game_id=game.id, action="turn", detail=f"resolved turn {resolved}"
                + (f"; missing: {', '.join(x.name for x in missing)}" if missing else ""), at=now))
    faults.point("mid-turn")
    missed = {x.name: x.missed_turns for x in seats}
    maps = draw_maps(ruleset.view(result.state, None))   # the board is public: drawn once
    for seat in seats:
        to, raw = report_mail(cfg, game, seat, result.state, events, now, missed=missed, maps=maps)
        queue(s, key=f"report:{game.id}:{game.turn_no}:{seat.name}", kind="report", to=to, raw=raw,
              game_id=game.id)
    for observer in s.exec(select(Observer).where(Observer.game_id == game.id)):
        _to, raw = report_mail(cfg, game, None, result.state, events, now, missed=missed, maps=maps,
                               to=observer.email)
        queue(s, key=f"report:{game.id}:{game.turn_no}:observer:{observer.email}", kind="report",
              to=observer.email, raw=raw, game_id=game.id)
    if game.gm_email:
        to, raw = report_mail(cfg, game, None, result.state, events, now, missed=missed, maps=maps,
                              preface=_gm_preface(resolved, missing, played))
        queue(s, key=f"report:{game.id}:{game.turn_no}:gm", kind="report", to=to, raw=raw, game_id=game.id)


def _gm_preface(turn: int, missing: list[Seat], played: dict[str, list[str]]) -> str:
    lines = [f"GM copy: turn {turn} was resolved."]
    lines.append("Seats that sent no orders: " + (", ".join(x.name for x in missing) or "none") + ".")
    return "\n".join(lines)


def queue_reminders(s: Session, cfg: Config, game: Game, now: datetime) -> None:
    if game.status != "active" or game.deadline is None:
        return
    deadline = aware(game.deadline)
    if now >= deadline:
        return
    # Only the latest threshold passed counts: a pass that missed the 24-hour
    # reminder does not send it together with the 6-hour one.
    passed = [h for h in {int(h) for h in game.reminders.split(",") if h.strip()}
              if h * 60 < game.period_minutes and deadline - timedelta(hours=h) <= now]
    if not passed:
        return
    hours = min(passed)
    ruleset = get_ruleset(game.ruleset)
    out = seating.out_seats(ruleset, ruleset.from_json(game.state_json))
    for seat in seats_of(s, game.id):
        if not seating.owes_orders(seat, game.turn_no, out):      # out, resigned, bot or away
            continue
        has = s.exec(select(Sheet.id).where(Sheet.game_id == game.id, Sheet.seat == seat.name,
                                            Sheet.turn_no == game.turn_no)).first()
        if has is not None:
            continue
        text = (f"No orders from seat {seat.name} for {game.id} turn {game.turn_no} yet.\n"
                f"The deadline is {show(game.deadline)}, in less than {hours} hours.\n"
                f"Without orders your tribe "
                f"{'is played by the bot' if game.missed == 'bot' else 'holds'} this turn.\n")
        queue_notice(s, cfg, game_id=game.id, to=seat.email, subject=f"reminder: orders for turn {game.turn_no}",
                     text=text, when=now, key=f"reminder:{game.id}:{game.turn_no}:{seat.name}:{hours}",
                     kind="reminder")
