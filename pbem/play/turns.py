"""Steps: which games are due, resolving a step, who is mailed what, reminders.

A step resolves when its deadline has passed, when every seat that owes
orders said READY (steps where everyone orders together), or as soon as
every seat that owes orders has a clean sheet (steps where players act in
turn: no READY needed). A step that only bots answer runs at once: it is
marked ready when it begins or when the last seat goes to the bot
(``mark_bots_only``), so the due check reads no state for it.
"""
from __future__ import annotations

import json
from datetime import datetime, timedelta
from typing import Any, Callable

from sqlalchemy import bindparam
from sqlmodel import Session, select

from engine import SeededDice, get_ruleset
from engine.contract import BaseView, Resolution, Ruleset
from engine.messages import Msg
from pbem.clock import aware, show
from pbem.config import Config
from pbem.play.games import report_mail, seats_of, speaking_to
from pbem.play.gamewords import question
from pbem.i18n import _, ngettext
from pbem.models import Game, GameStatus, GmLog, Observer, Seat, Sheet, TurnRecord, add_row
from pbem.outbox import batch, queue, queue_notice
from pbem.presenters import Maps, get_presenter
from pbem.reports import png
from pbem.reports.png import MapImage
from pbem.reports.render import one_step
from pbem import faults, i18n
from pbem.play import seating, steps


def is_due(s: Session, game: Game, now: datetime, known: seating.Known | None = None) -> bool:
    """Whether the game's step runs now. ``known``: its ruleset, state and seats, when the
    caller holds them (:func:`resolve_turn` returns them)."""
    if game.status != GameStatus.ACTIVE or game.deadline is None:
        return False
    if now >= aware(game.deadline) + timedelta(minutes=game.grace_minutes):
        return True
    if not game.simultaneous:
        return seating.all_sent(s, game, known)
    if game.all_ready_since is not None and seating.all_ready(s, game):
        return now >= aware(game.all_ready_since) + timedelta(minutes=game.early_minutes)
    return False


def mark_bots_only(s: Session, game: Game, now: datetime,
                   known: tuple[Any, Any, list[Seat]] | None = None) -> None:
    """A simultaneous step that only bots answer is ready at once (it runs after the game's early
    delay, as a step every person said READY for). ``known``: the ruleset, the game's state and
    its seats, when the caller has them already."""
    if game.status != GameStatus.ACTIVE or not game.simultaneous:
        return
    if seating.only_bots(*known) if known else seating.only_bots_owe(s, game):
        game.all_ready_since = game.all_ready_since or now
        s.add(game)


def due_games(s: Session, now: datetime) -> list[str]:
    """The active games whose step is due. The times of every active game are read at once; a
    game is read whole only when its step may run before its deadline (a game in turn whose
    seats have all sent, a step every seat said READY for), one at a time: a worker's memory
    does not grow with the number of games."""
    times = select(Game.id, Game.deadline, Game.grace_minutes, Game.simultaneous, Game.all_ready_since)
    due = []
    for game_id, deadline, grace, together, ready in s.exec(times.where(Game.status == GameStatus.ACTIVE)):
        if deadline is None:
            continue
        if now >= aware(deadline) + timedelta(minutes=grace):
            due.append(game_id)
            continue
        if together and ready is None:
            continue                    # as is_due: not yet due, and nobody said READY
        game = s.get(Game, game_id)
        if game is not None:
            if is_due(s, game, now):
                due.append(game_id)
            s.expunge(game)
    return due


def played_first(s: Session, cfg: Config, game: Game, seat: Seat, now: datetime) -> int:
    """Where players act in turn: when ``seat`` sends orders again after its sheet completed
    the step (every awaited seat has sent one), the step is resolved first, in the mail's own
    transaction, and so are the steps after it that need nobody: the new mail is then read as
    the seat's next move, as it would have been had a pass run between the two mails,
    instead of replacing the move. The steps resolved (0: nothing was done)."""
    done = 0
    if game.status != GameStatus.ACTIVE or game.simultaneous or seat.name not in seating.owing(s, game):
        return 0
    while (done < MAX_CATCH_UP and game.status == GameStatus.ACTIVE and not game.simultaneous
           and (done or _has_sheet(s, game, seat)) and seating.all_sent(s, game)):
        resolve_turn(s, cfg, game, now)
        done += 1
    return done


MAX_CATCH_UP = 50     # as the resolve runner's MAX_STEPS: a game always due cannot hold a mail


def _has_sheet(s: Session, game: Game, seat: Seat) -> bool:
    return s.exec(select(Sheet.id).where(Sheet.game_id == game.id, Sheet.seat == seat.name,
                                         Sheet.turn_no == game.turn_no)).first() is not None


def resolve_turn(s: Session, cfg: Config, game: Game, now: datetime) -> seating.Known:
    """Resolve the game's current step and queue every report: one transaction. Returns the
    ruleset, the new state and the seats (what :func:`is_due` would read again)."""
    ruleset = get_ruleset(game.ruleset)
    state = ruleset.from_json(game.state_json)
    seats = seats_of(s, game.id)
    seating.put_back(s, game)      # sheets that stood since a rollback are played, and kept for another
    plays = seating.turn_plan(s, game, ruleset, state, seats)
    sheets = seating.to_resolve(plays)
    missing = [x for x in seats if plays[x.name].missing]
    dice_seed = f"{game.seed}:{game.turn_no}"
    result = ruleset.resolve(state, sheets, SeededDice(dice_seed))
    events = [e.to_dict() for e in result.events]
    state_json = ruleset.to_json(result.state)
    add_row(s, TurnRecord, game_id=game.id, turn_no=game.turn_no, state_json=state_json,
            events_json=json.dumps(events), dice_seed=dice_seed, resolved_at=now,
            sheets_json=json.dumps({name: sheet.normal for name, sheet in sheets.items()}, sort_keys=True),
            seats_json=json.dumps({"missing": [x.name for x in missing], "ready": [x.name for x in seats if x.ready],
                                   "news": {x.name: x.news_from for x in seats}, "round_from": game.round_from}))
    for seat in missing:
        seat.missed_turns += 1
    for seat in seats:
        seat.ready = False
        s.add(seat)
    resolved, name = game.turn_no, steps.word(game.simultaneous)
    game.turn_no += 1
    game.state_json = state_json
    steps.begin(game, ruleset, result.state, now)
    game.all_ready_since = None
    if ruleset.outcome(result.state) is not None:
        game.status = GameStatus.OVER
    mark_bots_only(s, game, now, (ruleset, result.state, seats))
    s.add(game)
    done = Msg("resolved turn {n}", n=resolved) if name == "turn" else Msg("resolved step {n}", n=resolved)
    if missing:
        done = Msg("{done}; missing: {seats}", done=done, seats=", ".join(x.name for x in missing))
    add_row(s, GmLog, **GmLog.fields(game.id, "turn", done, now))
    faults.point("mid-turn")
    # The step's reports go in one statement; what they share is made once a language (render.once).
    with batch(s), one_step():
        _queue_reports(s, cfg, game, ruleset, state, result, events, seats, missing, now)
    return ruleset, result.state, seats


def _queue_reports(s: Session, cfg: Config, game: Game, ruleset: Ruleset[Any], before: Any,
                   result: Resolution, events: list[dict[str, Any]], seats: list[Seat], missing: list[Seat],
                   now: datetime) -> None:
    """Every seat whose orders the next step needs gets the report (where
    players act in turn, as "your move" with the question); the others,
    the GM and observers get the news as their digest says: once a round
    (the default), every step, or at the end only. A resigned seat's player
    gets nothing (as an observer, the observers' reports)."""
    resolved = game.turn_no - 1
    over = game.status == GameStatus.OVER
    round_over = over or ruleset.round_of(result.state) != ruleset.round_of(before)
    awaited = ruleset.awaiting(result.state)
    missed = {x.name: x.missed_turns for x in seats}
    board = _boards(game, ruleset.view(result.state, None))

    told: dict[int, list[dict[str, Any]]] = {}

    def news(since: int) -> list[dict[str, Any]]:         # seats mailed up to the same step share it
        if since not in told:
            told[since] = _news(s, game, since, resolved, events)
        return told[since]

    opened = _opened_round(game, ruleset, before, events, resolved, round_over)
    for seat in seats:
        if seat.resigned:
            continue
        asked = seat.name in awaited and not seat.bot
        if not (asked or over or seat.digest == "step"
                or (seat.digest == "round" and (round_over or seat.name in opened))):
            continue
        prompt = ruleset.prompt(result.state, seat.name) if asked and not game.simultaneous else ""
        maps, image = board(seat)
        parts: dict[bytes, bytes] = {}      # the map's bodies, stored once for the step (pbem.outbox)
        to, raw = report_mail(cfg, game, seat, result.state, news(seat.news_from), now, missed=missed, maps=maps,
                              your_move=prompt, image=image, apart=parts)
        seat.news_from = game.turn_no
        s.add(seat)
        queue(s, key=_report_key(game, seat.name), kind="report", to=to, raw=raw,
              game_id=game.id, seat=seat.name, parts=parts)
    if not (game.simultaneous or round_over):
        return
    digest = news(game.round_from)
    game.round_from = game.turn_no
    _queue_copies(s, cfg, game, result.state, digest, now, missed, board(None),
                  _gm_preface(game, ruleset.simultaneous(before), resolved, missing) if game.gm_email else "")


def _queue_copies(s: Session, cfg: Config, game: Game, state: Any, digest: list[dict[str, Any]], now: datetime,
                  missed: dict[str, int], board: tuple[Maps, MapImage | None], gm_preface: str) -> None:
    """The observers' reports and the GM's copy of a step that ends a round (or of every step
    where all play at once), with the news since the round began."""
    maps, image = board
    # Read on the connection, as the records of _news: a step changes no observer.
    for address in s.connection().execute(_OBSERVERS, {"game": game.id}).scalars().all():
        parts: dict[bytes, bytes] = {}
        _to, raw = report_mail(cfg, game, None, state, digest, now, missed=missed, maps=maps,
                               to=address, image=image, apart=parts)
        queue(s, key=_report_key(game, f"observer:{address}"), kind="report",
              to=address, raw=raw, game_id=game.id, parts=parts)
    if game.gm_email:
        parts = {}
        to, raw = report_mail(cfg, game, None, state, digest, now, missed=missed, maps=maps, image=image,
                              preface=gm_preface, apart=parts)
        queue(s, key=_report_key(game, "gm"), kind="report", to=to, raw=raw, game_id=game.id,
              parts=parts)


def _report_key(game: Game, reader: str) -> str:
    """The outbox key of the report of the step just resolved to ``reader`` (a seat, "gm", or
    "observer:" and the address): what queue stores."""
    return f"report:{game.id}:{game.turn_no}:{reader}"


def _boards(game: Game, public: BaseView) -> Callable[[Seat | None], tuple[Maps, MapImage | None]]:
    """The step's maps and their PNG for a reader (None: the GM and observers), drawn once for
    each language the readers read: the board is public, its words are not English for all."""
    drawn: dict[str, tuple[Maps, MapImage | None]] = {}

    def board(seat: Seat | None) -> tuple[Maps, MapImage | None]:
        lang = i18n.reader_language(game.lang, seat.lang if seat else "")
        if lang not in drawn:
            with i18n.speaking(lang):
                maps = get_presenter(game.ruleset).maps(public)
            drawn[lang] = (maps, png.render(maps.svg))     # the PNG, for the mail clients that drop SVG
        return drawn[lang]
    return board


def _opened_round(game: Game, ruleset: Ruleset[Any], before: Any, events: list[dict[str, Any]], resolved: int,
                  round_over: bool) -> set[str]:
    """Where players act in turn: the seat that opened the round with the step just resolved
    (the seat awaited, else the first to act). On ``DIGEST ROUND`` it hears the news now, as
    the others hear it at the round's end: its next move comes with the round's end, so this
    is its one chance to send that move ahead."""
    if not ruleset.one_move_a_round or ruleset.simultaneous(before) or round_over or resolved != game.round_from:
        return set()
    awaited = set(ruleset.awaiting(before))
    first = next((e["by"] for e in events if e.get("by")), None)
    return awaited or ({first} if first else set())


# The events of a game's steps since one, before another (not their states); a game's
# observers: built once, their values given as parameters (seating._SENT).
_EVENTS = select(TurnRecord.turn_no, TurnRecord.events_json).where(
    TurnRecord.game_id == bindparam("game"), TurnRecord.turn_no >= bindparam("since"),
    TurnRecord.turn_no < bindparam("resolved")).order_by(TurnRecord.turn_no)
_OBSERVERS = select(Observer.email).where(Observer.game_id == bindparam("game"))


def _news(s: Session, game: Game, since: int, resolved: int, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events of steps ``since`` .. ``resolved``: the step just resolved
    alone as it is; several, each marked with the step it happened in."""
    if since >= resolved:
        return events
    out = []
    # The records before this step's, read on the connection: the step's own writes wait for its
    # commit (the session would flush them first), and no object is made of a row.
    records = s.connection().execute(_EVENTS, {"game": game.id, "since": since, "resolved": resolved}).all()
    for turn_no, events_json in records:
        out += [dict(e, step=turn_no) for e in json.loads(events_json)]
    return out + [dict(e, step=resolved) for e in events]


def _gm_preface(game: Game, together: bool, resolved: int, missing: list[Seat]) -> str:
    """The GM copy's first lines, in the game's language; ``together``: the resolved step was simultaneous."""
    with speaking_to(game, None):
        done = (_("GM copy: turn {n} was resolved.") if together else _("GM copy: step {n} was resolved.")).format(
            n=resolved)
        who = ", ".join(x.name for x in missing) or _("none")
        return done + "\n" + _("Seats that sent no orders: {seats}.").format(seats=who)


REMINDER_TIMES = (Game.id, Game.status, Game.deadline, Game.simultaneous, Game.reminders, Game.move_reminders,
                  Game.period_minutes, Game.move_minutes)     # what reminder_due reads of a game


def reminder_due(game: Any, now: datetime) -> int | None:
    """The hours before the deadline of the reminder due now, if one is: ``game`` is a Game or a
    row of its REMINDER_TIMES. Only the latest threshold passed counts: a pass that missed the
    24-hour reminder does not send it together with the 6-hour one."""
    if game.status != GameStatus.ACTIVE or game.deadline is None:
        return None
    deadline = aware(game.deadline)
    if now >= deadline:
        return None
    passed = [h for h in steps.reminder_hours(game)
              if h * 60 < steps.minutes(game) and deadline - timedelta(hours=h) <= now]
    return min(passed) if passed else None


def queue_reminders(s: Session, cfg: Config, game: Game, now: datetime) -> None:
    hours = reminder_due(game, now)
    if hours is None:
        return
    ruleset = get_ruleset(game.ruleset)
    state = ruleset.from_json(game.state_json)
    out = seating.out_seats(ruleset, state)
    standing = seating.standing(game)       # the orders that stood at a rollback are orders
    for seat in seats_of(s, game.id):
        if not seating.owes_orders(seat, game.turn_no, out):      # out, resigned, bot or away
            continue
        has = s.exec(select(Sheet.id).where(Sheet.game_id == game.id, Sheet.seat == seat.name,
                                            Sheet.turn_no == game.turn_no)).first()
        if has is not None or seat.name in standing:
            continue
        with speaking_to(game, seat):
            text, subject = _reminder(game, seat, hours, question(ruleset, state, seat.name))
        queue_notice(s, cfg, game_id=game.id, to=seat.email, subject=subject, text=text, when=now,
                     key=f"reminder:{game.id}:{game.turn_no}:{seat.name}:{hours}", kind="reminder", seat=seat.name)


def _reminder(game: Game, seat: Seat, hours: int, prompt: str) -> tuple[str, str]:
    """A reminder's text and subject: orders for a turn, or a move (in the seat's language)."""
    bot = game.missed == "bot"
    values = dict(game=game.id, step=game.turn_no, seat=seat.name, prompt=prompt,
                  deadline=show(game.deadline), hours=hours, moment=steps.phrase(game))
    if not game.simultaneous:
        text = "\n".join([
            _("It is still your move in {game}, {moment} (seat {seat}): {prompt}."),
            ngettext("The move deadline is {deadline}, in less than {hours} hour.",
                     "The move deadline is {deadline}, in less than {hours} hours.", hours),
            _("Without a move from you by then, the bot plays it.") if bot else
            _("Without a move from you by then, its default orders are played."), ""])
        return text.format(**values), _("reminder: your move, {moment}").format(**values)
    text = "\n".join([
        _("No orders from seat {seat} for {game} {moment} yet."),
        ngettext("The deadline is {deadline}, in less than {hours} hour.",
                 "The deadline is {deadline}, in less than {hours} hours.", hours),
        _("Without orders your seat is played by the bot this turn.") if bot else
        _(get_presenter(game.ruleset).idle), ""])
    return text.format(**values), _("reminder: orders for {moment}").format(**values)
