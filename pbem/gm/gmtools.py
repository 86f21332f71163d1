"""GM tools that change a game's course: preview the next turn without
committing it, end a game, the seats and the clock (the rollback is
pbem.gm.rollback's). Every action is logged."""
from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

from sqlmodel import Session, select

from engine import SeededDice, get_ruleset
from engine.contract import Resolution
from engine.messages import Msg, Plural
from pbem.play import seating
from pbem.play.turns import mark_bots_only
from pbem.clock import When, aware, parse_duration
from pbem.config import Config
from pbem.play.games import address_problem, seats_of, speaking_to
from pbem.errors import GameError, HistoryError
from pbem.gm.gmstate import refuse_unless
from pbem.i18n import N_, _, ngettext
from pbem.models import Game, GameStatus, GmLog, Seat
from pbem.outbox import queue, queue_notice
from pbem.inbox.protocol import whole_number
from pbem.presenters import get_presenter
from pbem.reports.render import fit, spoken

ENDED_BY_THE_GM = N_("ended by the GM")      # END's reason unless the GM gives one; translated for each reader


def preview_turn(s: Session, game: Game) -> Resolution:
    """The next turn as it would run now: the sheets each seat would play
    (pbem.play.seating, as resolve_turn asks it) and the turn's own dice. Nothing
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
    refuse_unless(game, "PREVIEW")
    ruleset = get_ruleset(game.ruleset)
    result = preview_turn(s, game)
    _subject, text, _html = get_presenter(game.ruleset).report(
        game=game.id, turn_no=game.turn_no + 1, seat=None, view=ruleset.view(result.state, None),
        events=result.events, deadline="", address=cfg.server.address)
    return _("PREVIEW: nothing was stored; the turn runs the same when it is due, unless sheets change.") + "\n\n" + text


def tell(s: Session, cfg: Config, game: Game, to: str, seat: Seat | None, words: Callable[[], tuple[str, str]],
         now: datetime, key: str) -> None:
    """Mail ``to`` a notice about ``game``: ``words()`` gives its subject and text, written in the
    reader's language (the seat's; None: the game's, as an observer reads it)."""
    with speaking_to(game, seat):
        subject, text = words()
    queue_notice(s, cfg, game_id=game.id, to=to, subject=subject, text=text + "\n", when=now, key=key)


def end_game(s: Session, cfg: Config, game: Game, reason: str, now: datetime) -> None:
    """The game is over now; every seat and observer is told why. A game
    ended before it started tells only those who asked for it by mail (the
    players who joined an open game, the observers): seats the GM named
    have heard nothing of it yet. A resigned seat's player is told only as
    an observer."""
    from pbem.models import Observer
    refuse_unless(game, "END")
    started = game.status != GameStatus.NEW
    game.status = GameStatus.OVER
    s.add(game)
    # The GM's own words are text, never a template: only our default is a message.
    s.add(GmLog.of(game.id, "end", Msg(reason) if reason == ENDED_BY_THE_GM else reason, now))
    seats = {x.email: x for x in seats_of(s, game.id) if not x.resigned} if started or game.open_seats else {}
    addresses = list(seats) + [x.email for x in s.exec(select(Observer).where(Observer.game_id == game.id))]
    def words() -> tuple[str, str]:      # _(reason): the GM's own words stay as written
        said = (_("The GM ended {game} at turn {turn}: {reason}. No more orders are taken. Its turns stay "
                  "in the history (HISTORY <n> by mail) and in the archive.") if started else
                _("The GM called {game} off before it started: {reason}. There will be no turns."))
        return _("the game is over"), said.format(game=game.id, turn=game.turn_no,
                                                  reason=_(reason) if reason == ENDED_BY_THE_GM else reason)
    for to in dict.fromkeys(addresses):      # a seat in its language, an observer in the game's
        tell(s, cfg, game, to, seats.get(to), words, now, key=f"end:{game.id}:{to}")


def seat_named(s: Session, game: Game, name: str) -> Seat:
    """The seat ``name`` of ``game``; HistoryError naming the game when it has none."""
    seats = seats_of(s, game.id)
    seat = next((x for x in seats if x.name == name), None)
    if seat is None:
        raise HistoryError(_("game {game} has no seat {seat}; its seats are {seats}").format(
            game=game.id, seat=name, seats=", ".join(x.name for x in seats)))
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
    s.add(GmLog.of(game.id, "observe", Msg("an observer joined") if on else Msg("an observer left"), now))
    return True


def replace_seat(s: Session, cfg: Config, game: Game, seat_name: str, email: str, now: datetime) -> str:
    """A new player takes a seat: new address, new password (mailed to them with
    the latest report); the seat's history stays."""
    from pbem.inbox import passwords
    from pbem.play.games import report_mail, speaking_to
    from pbem.play.gamewords import title_of
    from pbem.mail.compose import message_id_of
    from pbem.reports.render import render
    refuse_unless(game, "REPLACE")
    seat = seat_named(s, game, seat_name)
    problem = address_problem(email)
    if problem:
        raise GameError(_("seat {seat}: {problem}").format(seat=seat_name, problem=problem))
    others = [x for x in seats_of(s, game.id) if x.id != seat.id]
    held = next((x for x in others if x.email.lower() == email.lower()), None)
    if held is not None and not _shares_addresses(others + [seat]):
        raise GameError(_("{address} has seat {seat} of {game} already; one address, one seat (a game made with "
                          "--allow-shared-address may share them)").format(address=email, seat=held.name, game=game.id))
    old = seat.email
    password = passwords.generate()
    seat.email, seat.password_hash = email, passwords.hash_password(password)
    seat.resigned = seat.bot = False
    seat.missed_turns = 0
    seat.news_from = game.turn_no     # the welcome shows the game as it is; news follow from there
    s.add(seat)
    s.add(GmLog(game_id=game.id, action="replace", detail=f"{seat_name}: {old} -> {email}", at=now))
    if game.status == GameStatus.NEW:      # the welcome, with the password, comes when the game starts
        return old
    ruleset = get_ruleset(game.ruleset)
    with speaking_to(game, seat):
        preface = render("mail/welcome.txt", game=game.id, seat=seat_name, password=password,
                         address=cfg.server.address, title=title_of(ruleset))
    seat.thread_id = ""           # the new player's mail threads under their own welcome
    to, raw = report_mail(cfg, game, seat, ruleset.from_json(game.state_json), [], now, preface)
    seat.thread_id = message_id_of(raw)
    queue(s, key=f"welcome:{game.id}:{seat_name}:{now.isoformat()}", kind="report", to=to, raw=raw,
          game_id=game.id, seat=seat_name)
    return old


def _shares_addresses(seats: list[Seat]) -> bool:
    """Do two of these seats have one address (a game made with --allow-shared-address)?"""
    addresses = [x.email.lower() for x in seats]
    return len(set(addresses)) < len(addresses)


def set_bot(s: Session, cfg: Config, game: Game, seat_name: str, on: bool, now: datetime) -> None:
    """The bot plays the seat, or its player again; the player is told (unless resigned)."""
    refuse_unless(game, "BOT")
    seat = seat_named(s, game, seat_name)
    changed = seat.bot != on
    seat.bot = on
    s.add(seat)
    if changed and not seat.resigned and game.status != GameStatus.NEW:     # before the start, the welcome says it
        with speaking_to(game, seat):
            text = (_("The GM has handed seat {seat} of {game} to the bot: it plays your moves from now on. You "
                      "still get the reports; ask the GM when you want the seat back.") if on else
                    _("The GM has handed seat {seat} of {game} back to you: the bot no longer plays it, so "
                      "send your orders again as before.")).format(seat=seat.name, game=game.id)
            subject = _("the bot plays seat {seat}") if on else _("seat {seat} is yours again")
        queue_notice(s, cfg, game_id=game.id, to=seat.email, subject=subject.format(seat=seat.name),
                     text=fit(text) + "\n", when=now, key=f"bot:{game.id}:{seat.name}:{'on' if on else 'off'}:"
                     f"{now.isoformat()}", seat=seat.name)
    s.add(GmLog.of(game.id, "bot", Msg("{seat} in civil disorder", seat=seat_name) if on else
                   Msg("{seat} out of civil disorder", seat=seat_name), now))
    if on:
        s.flush()
        mark_bots_only(s, game, now)


# -- the game's clock and seats' absences: GM CLI and GM mail share these ----
def pause(game: Game, now: datetime) -> Msg:
    refuse_unless(game, "PAUSE")
    game.status, game.paused_at = GameStatus.PAUSED, now
    return Msg("paused the game")


def resume(game: Game, now: datetime) -> Msg:
    """The deadline moves on by as long as the game was paused."""
    refuse_unless(game, "RESUME")
    if game.deadline and game.paused_at:
        game.deadline = aware(game.deadline) + (now - aware(game.paused_at))
    game.status, game.paused_at = GameStatus.ACTIVE, None
    return Msg("resumed the game; the deadline is now {deadline}", deadline=When(game.deadline))


LONGEST_EXTENSION = timedelta(days=365)


def extend(game: Game, text: str, now: datetime) -> Msg:
    """The deadline later by ``text`` (a running or paused game's)."""
    try:
        extra = parse_duration(text)
    except ValueError as why:
        raise GameError(str(why)) from None
    except OverflowError:
        extra = LONGEST_EXTENSION * 2
    if not timedelta(minutes=1) <= extra <= LONGEST_EXTENSION:
        raise GameError(_("EXTEND takes a time from 1m to 365d"))
    refuse_unless(game, "EXTEND")
    game.deadline = aware(game.deadline or now) + extra
    return Msg("extended the deadline to {deadline}", deadline=When(game.deadline))


def process_now(game: Game, now: datetime) -> Msg:
    """The turn runs on the next pass. Asked again before that pass, nothing changes and
    nobody is told twice."""
    refuse_unless(game, "PROCESS")
    due = now - timedelta(minutes=game.grace_minutes)
    if game.deadline is not None and aware(game.deadline) <= due:
        raise GameError(_("the turn of {game} runs on the next pass already; nothing was changed").format(
            game=game.id))
    game.deadline = due
    return Msg("asked for the turn to run on this pass")


def vacation(s: Session, game: Game, seat: Seat, arg: str, who: str, now: datetime) -> str:
    """<turns>: the seat is away that many turns (within the game's allowance),
    holding without missing them; OFF: back now. ``who`` is how the messages
    name the seat: "you" to the player, in the player's language; the seat's
    name to the GM, in English."""
    player = who == "you"
    if arg.upper() == "OFF":
        if seat.away_until > game.turn_no:
            seat.vacation_used -= seat.away_until - game.turn_no
        seat.away_until = 0
        s.add(seat)
        s.add(GmLog.of(game.id, "vacation", Msg("{seat} back", seat=seat.name), now))
        return _("Welcome back: your vacation is over.") if player else f"{seat.name} is back from vacation."
    left = game.vacation_turns - seat.vacation_used
    turns = whole_number(arg)
    if turns is None or turns < 1:
        raise GameError(_("VACATION takes a number of turns (you have {left} left) or OFF").format(left=left)
                        if player else f"VACATION takes a number of turns ({who} has {left} left) or OFF")
    if turns > left:
        raise GameError(ngettext("you have {left} turn of vacation left in this game, not {turns}",
                                 "you have {left} turns of vacation left in this game, not {turns}", left).format(
            left=left, turns=turns) if player else
            f"{who} has {left} turn(s) of vacation left in this game, not {turns}")
    seat.away_until = game.turn_no + turns
    seat.vacation_used += turns
    s.add(seat)
    away = Plural("{seat} away for {turns} turn(s)", "{seat} away for {turns} turn(s)", turns, seat=seat.name,
                  turns=turns)
    s.add(GmLog.of(game.id, "vacation", away, now))
    if player:
        return " ".join([
            ngettext("You are away for {turns} turn, up to turn {until}: your default orders are played and "
                     "no turn counts as missed.", "You are away for {turns} turns, up to turn {until}: your "
                     "default orders are played and no turn counts as missed.", turns).format(
                turns=turns, until=seat.away_until),
            ngettext("{left} turn of vacation left.", "{left} turns of vacation left.", left - turns).format(
                left=left - turns),
            _("VACATION OFF ends it early.")])
    return (f"{seat.name} is away for {turns} turn(s), up to turn {seat.away_until}: its default orders are "
            f"played and no turn counts as missed. {left - turns} turn(s) of vacation left. "
            "VACATION OFF ends it early.")


# GM actions whose tool writes its own GM log line, and those that mail the
# seats themselves (welcome mails, the rollback and end notices).
LOGS_ITSELF = {"START", "ROLLBACK", "REPLACE", "BOT", "END"}
TELLS_SEATS_ITSELF = {"START", "ROLLBACK", "END"}


def announce(s: Session, cfg: Config, game: Game, word: str, done: Msg, now: datetime, key: str) -> None:
    """Log a GM action (in English) and tell every seat what the GM did, in its own language
    (a resigned seat's player is no longer told)."""
    s.add(game)
    if word not in LOGS_ITSELF:
        s.add(GmLog.of(game.id, word.lower(), done, now))
    if word in TELLS_SEATS_ITSELF or game.status == GameStatus.NEW:
        return      # those tell the seats themselves; a game not started tells them nothing yet
    for seat in [x for x in seats_of(s, game.id) if not x.resigned]:
        tell(s, cfg, game, seat.email, seat, lambda: (_("from the GM"), _("The GM {done}.").format(done=spoken(done))),
             now, key=f"notice:{game.id}:{word}:{seat.name}:{key}:{now.isoformat()}")


def seat_language(s: Session, game: Game, seat: Seat, lang: str, zone: str | None, now: datetime) -> str:
    """The GM sets the language (``default``: the game's) and, when given, the time zone
    ('UTC' or a zoneinfo name) a seat's mail is written in, as LANGUAGE and TIMEZONE do by mail."""
    from pbem.commands.language import zone_named
    from pbem.i18n import LANGUAGES
    lang = lang.lower()
    if lang != "default" and lang not in LANGUAGES:
        raise GameError(f"{lang!r} is not a language of pbem; choose one of {', '.join(LANGUAGES)} "
                        "or default (the game's)")
    found = zone_named(zone) if zone is not None else ""
    if zone is not None and not found:
        raise GameError(f"{zone!r} is not a time zone; write one like Europe/Paris, "
                        "America/Mexico_City or UTC")
    seat.lang = "" if lang == "default" else lang
    if zone is not None:
        seat.timezone = "" if found == "UTC" else found
    s.add(seat)
    s.add(GmLog.of(game.id, "seat-lang", Msg("{seat} language {lang}, time zone {zone}", seat=seat.name,
                                             lang=seat.lang or "default", zone=seat.timezone or "UTC"), now))
    return (f"{seat.name} now gets its mail in {seat.lang or 'the game language, ' + (game.lang or 'en')}"
            f", times in {seat.timezone or 'UTC'}.")
