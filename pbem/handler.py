"""Handling one stored mail: loops are dropped, everything else is answered.

Each mail is handled in its own transaction: authenticate, act, and queue the
answer in the outbox. A sheet with problems never replaces the last good one.
"""
from __future__ import annotations

from datetime import datetime
from typing import Sequence

from sqlmodel import Session, select

from engine import Problem, get_ruleset
from pbem import gmtools, guard, joining, passwords, seating
from pbem.answer import MAX_PROBLEMS, Answer, at_most, trim
from pbem.clock import aware, show
from pbem.config import Config
from pbem.games import GameError, outcome_words, seats_of
from pbem.mail.compose import compose, reply_subject
from pbem.mail.reading import Incoming, read_mail
from pbem.models import Game, GmLog, InboundMail, Seat, Sheet
from pbem.joining import notice
from pbem.outbox import may_answer, queue
from pbem.press import relay
from pbem.protocol import NOT_YET, Command, Request, plus_game, read_request, sign_off, whole_number
from pbem.presenters import get_presenter
from pbem.reports.render import render


def handle(s: Session, cfg: Config, row: InboundMail, now: datetime) -> None:
    inc = read_mail(row.raw, cfg.server.address, cfg.limits.max_mail_bytes, cfg.limits.max_parts, row.size)
    row.handled_at = now
    if inc.loop or inc.no_reply:
        row.status = "loop" if inc.loop else "quarantined"
        row.add_note(inc.loop or inc.no_reply)
        s.add(row)
        return
    answer = Answer()
    if inc.problem:
        answer.add(f"Your mail was refused: {inc.problem}. Nothing was changed.")
        row.add_note(inc.problem)
    else:
        _serve(s, cfg, inc, read_request(inc.lines, inc.subject, plus_game(inc.to_addrs, cfg.server.address),
                            inc.part_starts),
               answer, now)
    row.status = "handled"
    s.add(row)
    _queue_answer(s, cfg, row, inc, answer, now)


def _queue_answer(s: Session, cfg: Config, row: InboundMail, inc: Incoming, answer: Answer,
                  now: datetime) -> None:
    text = render("mail/answer.txt", sections=answer.finished(), subject=inc.subject or "(no subject)",
                  address=cfg.server.address)
    if answer.subject:              # a confirmation request carries its token there
        subject = answer.subject
    elif inc.subject.strip():
        subject = reply_subject(answer.subject_game, inc.subject)
    else:
        subject = (f"[{answer.subject_game}] " if answer.subject_game else "") + f"Your mail to {cfg.server.name}"
    # The daily cap counts answers to the sender of the mail (signed-on ones
    # apart); a copy goes only with the answer it copies, and never counts
    # against the seat owner's answers. Copies of failed sign-ons have their
    # own small daily number per seat; the rest are counted for the owner.
    answered = may_answer(s, inc.from_addr, now, cfg.limits.answers_per_day, signed=answer.signed)
    if not answered:
        row.add_note(f"no answer to {inc.from_addr}: daily limit reached")
    failed = answer.failed
    copy_to = failed.owner if failed is not None else answer.copy_to
    if copy_to.lower() == inc.from_addr.lower():
        copy_to = ""
    if copy_to and failed is not None and not (answered and guard.may_copy(s, cfg, failed, now)):
        guard.uncopied(s, failed, inc.from_addr, now)
        row.add_note(f"no copy to {copy_to}: counted for the seat's owner")
        copy_to = ""
    if not answered:
        return
    for suffix, to in [("", inc.from_addr)] + ([("copy", copy_to)] if copy_to else []):
        body = text
        if suffix:
            body = (f"A mail about your seat came from {inc.from_addr}; this copy goes to your own "
                    f"address.\n\n") + text
        raw = compose(sender=cfg.server.address, sender_name=cfg.server.name, to=to, subject=subject,
                      text=body, when=now, auto="auto-replied", in_reply_to=inc.message_id,
                      references=inc.references)
        queue(s, key=f"answer:{row.id}:{suffix or 'from'}", kind="answer", to=to, raw=raw,
              game_id=answer.subject_game)


def _password_right(s: Session, cfg: Config, inc: Incoming, req: Request, answer: Answer, game: Game,
                    seat: str, owner: str, stored_hash: str, now: datetime) -> bool:
    """The SIGNON password check, throttled (pbem.guard): True when it is right.
    During a hold the password is not checked at all."""
    minutes, which = guard.held(s, cfg, game.id, seat, inc.from_addr, now)
    if minutes:
        answer.failed = guard.Failed(game.id, seat, owner, held=True)
        answer.add(f"Line {req.signon_line}: too many wrong passwords: try again in {minutes} minutes. "
                   f"Sign-ons {which} are held after {cfg.limits.signon_failures} wrong passwords "
                   f"within {cfg.limits.signon_window_minutes} minutes; the password of this mail was "
                   "not checked, and nothing was changed.")
        return False
    if stored_hash and passwords.verify(req.password, stored_hash):
        answer.signed = True
        missed = guard.digest(s, game.id, seat)
        if missed:
            answer.add(missed)
        return True
    failed = guard.Failed(game.id, seat, owner)
    guard.wrong_password(s, cfg, failed, inc.from_addr, now)
    answer.failed = failed
    if seat == "gm":
        answer.add(f"Line {req.signon_line}: wrong GM password for {game.id}. Nothing was changed.")
    else:
        answer.add(f"Line {req.signon_line}: wrong password for seat {seat} of {game.id}. "
                   "Nothing was changed. Your password is in the first mail of the game; the GM "
                   "can issue a new one.")
    return False


def _serve(s: Session, cfg: Config, inc: Incoming, req: Request, answer: Answer, now: datetime) -> None:
    if req.join is not None and not req.signon_line:
        {"CONFIRM": joining.confirm, "OBSERVE": joining.observe, "JOIN": joining.join}[req.join.word](
            s, cfg, inc, req.join, answer, now)
        return
    if not req.signon_line:
        if req.help_asked:
            answer.add(render("mail/help.txt", address=cfg.server.address, game_lines=[]))
            return
        answer.add("This mail has no SIGNON line, so nothing was done. Start your orders with\n"
                   "  SIGNON <game> <seat> <password>\nSend HELP for the commands.")
        return
    if req.second_signon:
        answer.add(f"Line {req.second_signon}: a second SIGNON. One mail signs on for one seat, so "
                   "nothing in this mail was done; send one mail for each seat.")
        return
    if req.signon_problem:
        answer.add(f"Line {req.signon_line}: {req.signon_problem}. Nothing was done.")
        return
    # The game's row lock serialises every change to one game: two mails of
    # the same game handled by two workers never make a lost update.
    game = s.exec(select(Game).where(Game.id == req.game).with_for_update()).first()
    if game is None:
        answer.add(f"Line {req.signon_line}: there is no game {req.game} on this server. Nothing was done.")
        return
    answer.subject_game = game.id
    if req.seat == "gm":
        if not _password_right(s, cfg, inc, req, answer, game, "gm", game.gm_email, game.gm_password_hash, now):
            return
        _gm(s, cfg, game, req, answer, now)
        return
    seat = s.exec(select(Seat).where(Seat.game_id == game.id, Seat.name == req.seat)).first()
    if seat is None:
        answer.add(f"Line {req.signon_line}: game {game.id} has no seat {req.seat[:20]}. Your seat's "
                   "name is in the first mail of the game. Nothing was done.")
        return
    answer.copy_to = seat.email
    if not _password_right(s, cfg, inc, req, answer, game, seat.name, seat.email, seat.password_hash, now):
        return
    _player(s, cfg, game, seat, req, answer, now)


def _player(s: Session, cfg: Config, game: Game, seat: Seat, req: Request, answer: Answer,
            now: datetime) -> None:
    if req.skipped_before:
        answer.add(f"({req.skipped_before} line(s) before SIGNON were not read.)")
    trim(req, answer)
    turn_asked = None
    for cmd in req.commands:
        if cmd.word == "TURN":
            if len(cmd.args) == 1 and whole_number(cmd.args[0]) is not None:
                turn_asked = whole_number(cmd.args[0])
            else:
                answer.add(f"Line {cmd.line}: TURN takes the turn number of the report you answer.")
    _end_of_orders(req, get_ruleset(game.ruleset).order_words, answer)
    orders_given = bool(req.orders)
    stored = _orders(s, game, seat, req, answer, turn_asked) if orders_given else True
    for block in req.press:
        answer.add(relay(s, cfg, game, seat, block, now))
    for cmd in req.commands:
        if cmd.word == "READY" and not stored:
            answer.add(f"Line {cmd.line}: READY was not taken, because your orders were not stored.")
            continue
        _player_command(s, cfg, game, seat, cmd, answer, now)
    if not orders_given and not req.commands and not req.press:
        answer.add(f"You signed on to {game.id} as {seat.name}, but the mail had no orders or commands.")


def _end_of_orders(req: Request, order_words: Sequence[str], answer: Answer) -> None:
    """A sign-off after the last order ("Cheers,", "Ann") ends the orders
    instead of refusing the sheet; the answer says which lines it took so."""
    ending = sign_off(req.orders, order_words)
    if not ending:
        return
    shown = ", ".join(f'"{req.orders[n][:40]}"' for n in ending[:3]) + (", ..." if len(ending) > 3 else "")
    if len(ending) == 1:
        said = f"Line {ending[0]} ({shown}) came after your last order and is not an order: it was"
    else:
        said = f"Lines {ending[0]}-{ending[-1]} ({shown}) came after your last order and are not orders: they were"
    answer.add(f"{said} taken as the end of your orders.")
    for number in ending:
        del req.orders[number]


def _problem(p: Problem, req: Request) -> str:
    """A refused line as the answer shows it: its number and the line itself."""
    text = " ".join(req.orders.get(p.line, "").split())
    quoted = f' "{text[:60]}{"..." if len(text) > 60 else ""}"' if text else ""
    return f"line {p.line}{quoted}: {p.message}" + (f" ({p.suggestion})" if p.suggestion else "")


def _orders(s: Session, game: Game, seat: Seat, req: Request, answer: Answer, turn_asked: int | None) -> bool:
    """Store a clean sheet; True when it was stored."""
    if game.status != "active":
        answer.add(f"Game {game.id} is {gmtools.status_word(game)}: no orders were stored.")
        return False
    name = "turn" if game.simultaneous else "step"
    if turn_asked is not None and turn_asked != game.turn_no:
        if turn_asked < game.turn_no:
            answer.add(f"{name.title()} {turn_asked} was already resolved; the game is at {name} {game.turn_no} "
                       "now. Your orders were NOT stored: read the latest report and send orders "
                       f"for {name} {game.turn_no}.")
        else:
            answer.add(f"{name.title()} {turn_asked} has not begun; the game is at {name} {game.turn_no}. "
                       "Your orders were NOT stored.")
        return False
    ruleset = get_ruleset(game.ruleset)
    state = ruleset.from_json(game.state_json)
    step = f"{name} {game.turn_no}"
    awaited = ruleset.awaiting(state)
    later = "" if seat.name in awaited else ruleset.pre_orders(state, seat.name)
    if seat.name not in awaited and not later:
        who = ", ".join(sorted(awaited)) or "nobody"
        answer.add(f"{game.id} needs no orders from seat {seat.name} at {step}: it waits for {who}. "
                   "Your orders were NOT stored.")
        return False
    sheet = ruleset.parse_orders(state, seat.name, req.order_text())
    stored = s.exec(select(Sheet).where(Sheet.game_id == game.id, Sheet.seat == seat.name,
                                        Sheet.turn_no == game.turn_no)).first()
    if sheet.problems:
        lines = "\n".join(f"  {p}" for p in at_most([_problem(p, req)[:300] for p in sheet.problems], MAX_PROBLEMS))
        standing = "\n".join(f"  {x}" for x in stored.text.splitlines()) if stored else "  (none yet)"
        answer.add(f"Your orders for {game.id} {step} have problems, so they were NOT "
                   f"stored:\n{lines}\n\nThe orders that stand for this {name} are:\n{standing}\n\n"
                   "Send the whole sheet again, corrected.")
        return False
    text = "\n".join(sheet.normal)
    if stored is None:
        stored = Sheet(game_id=game.id, seat=seat.name, turn_no=game.turn_no, text=text)
    else:
        stored.text = text
    s.add(stored)
    shown = "\n".join(f"  {line}" for line in sheet.normal) or "  (no orders: your tribe holds)"
    if later:
        answer.add(f"Pre-orders stored for {game.id}, seat {seat.name}, written at {step}: they will answer "
                   f"{later}, and replace any earlier pre-orders:\n{shown}\n\nA pre-order whose condition no "
                   "longer holds when its decision comes is dropped, and you are asked; the report says "
                   "which lines were used, skipped or dropped.")
    else:
        answer.add(f"Orders stored for {game.id} {step}, seat {seat.name}; they replace any "
                   f"earlier sheet for this {name}:\n{shown}\n\nDeadline: {show(game.deadline)}.")
    return True


def _player_command(s: Session, cfg: Config, game: Game, seat: Seat, cmd: Command, answer: Answer,
                    now: datetime) -> None:
    word = cmd.word
    if word == "TURN":
        return
    if word == "HELP":
        ruleset = get_ruleset(game.ruleset)
        view = ruleset.view(ruleset.from_json(game.state_json), seat.name)
        answer.add(render("mail/help.txt", address=cfg.server.address,
                          game_lines=get_presenter(game.ruleset).help_lines(view)))
    elif word == "STATUS":
        answer.add(status_text(s, game, now))
    elif word in ("READY", "WAIT"):
        seat.ready = word == "READY"
        s.add(seat)
        s.flush()
        if seat.ready and seating.all_ready(s, game):
            game.all_ready_since = game.all_ready_since or now
        elif not seat.ready:
            game.all_ready_since = None
        s.add(game)
        answer.add("You are READY: the turn may run before the deadline once every seat is ready."
                   if seat.ready else "You WAIT: the turn will not run early.")
    elif word == "PASSWORD":
        if len(cmd.args) != 1 or len(cmd.args[0]) < 6:
            answer.add(f"Line {cmd.line}: PASSWORD takes one new password of at least 6 characters.")
        else:
            seat.password_hash = passwords.hash_password(cmd.args[0])
            s.add(seat)
            answer.add("Your password was changed. Use the new one from your next mail on.")
    elif word == "RESIGN":
        seat.resigned = True
        s.add(seat)
        s.add(GmLog(game_id=game.id, action="resign", detail=seat.name, at=now))
        answer.add(f"You resigned seat {seat.name} of {game.id}. The seat now plays "
                   f"{'by the bot' if game.missed == 'bot' else 'default orders'}; the GM is told.")
        if game.gm_email:
            notice(s, cfg, game, game.gm_email, f"seat {seat.name} resigned",
                    f"Seat {seat.name} ({seat.email}) resigned from {game.id}.", now, f"resign:{seat.name}")
    elif word == "VACATION":
        _vacation(s, game, seat, cmd, answer, now)
    elif word == "DIGEST":
        _digest(s, seat, cmd, answer)
    elif word == "HISTORY":
        from pbem.history import HistoryError, turn_report
        number = whole_number(cmd.args[0]) if cmd.args else None
        if cmd.args and (number is None or len(cmd.args) > 1):
            answer.add(f"Line {cmd.line}: HISTORY takes one turn number, like HISTORY 3, or none for the "
                       "latest report.")
            return
        try:
            answer.add(turn_report(s, game, number, seat.name, "text", cfg.server.address))
        except HistoryError as why:
            answer.add(f"Line {cmd.line}: {why}")
    elif word in NOT_YET:
        answer.add(f"Line {cmd.line}: {word} is not available on this server yet.")
    else:
        answer.add(f"Line {cmd.line}: {word} is a GM command; sign on as gm to use it.")


def _vacation(s: Session, game: Game, seat: Seat, cmd: Command, answer: Answer, now: datetime) -> None:
    try:
        answer.add(gmtools.vacation(s, game, seat, cmd.args[0] if cmd.args else "", who="you", now=now))
    except GameError as why:
        answer.add(f"Line {cmd.line}: {why}.")


DIGESTS = {"ROUND": "once a round, and whenever it is your move",
           "STEP": "after every step",
           "OFF": "only when it is your move, and when the game ends"}


def _digest(s: Session, seat: Seat, cmd: Command, answer: Answer) -> None:
    """DIGEST ROUND|STEP|OFF: when the news of other seats' moves is mailed."""
    choice = cmd.args[0].upper() if len(cmd.args) == 1 else ""
    if choice not in DIGESTS:
        answer.add(f"Line {cmd.line}: DIGEST takes ROUND, STEP or OFF (now {seat.digest.upper()}: "
                   f"you get the news {DIGESTS[seat.digest.upper()]}).")
        return
    seat.digest = choice.lower()
    s.add(seat)
    answer.add(f"DIGEST {choice}: you get the news {DIGESTS[choice]}.")


def status_text(s: Session, game: Game, now: datetime | None = None) -> str:
    if game.status == "over":
        words = outcome_words(game)
        if words is None:
            return f"Game {game.id}: over at turn {game.turn_no} (ended by the GM)."
        return f"Game {game.id}: over after turn {game.turn_no}: {words}."
    lines = [f"Game {game.id}: {gmtools.status_word(game)}, turn {game.turn_no}, deadline {show(game.deadline)}."]
    overdue = bool(now and game.status == "active" and game.deadline and now > aware(game.deadline))
    owing = seating.owing(s, game) if game.status == "active" else set()
    for seat in seats_of(s, game.id):
        has = s.exec(select(Sheet.id).where(Sheet.game_id == game.id, Sheet.seat == seat.name,
                                            Sheet.turn_no == game.turn_no)).first() is not None
        flags = ["orders in" if has else ("LATE: no orders" if overdue and seat.name in owing else "no orders yet")]
        if seat.ready:
            flags.append("ready")
        if seat.missed_turns:
            flags.append(f"missed {seat.missed_turns} turn(s)")
        if seat.resigned:
            flags.append("resigned")
        if seat.away_until > game.turn_no:
            flags.append(f"on vacation up to turn {seat.away_until}")
        lines.append(f"  {seat.name:<10} {', '.join(flags)}")
    return "\n".join(lines)


def _gm_tool(s: Session, cfg: Config, game: Game, cmd: Command, answer: Answer, now: datetime) -> str:
    """PREVIEW, ROLLBACK, REPLACE <seat> <address>, BOT <seat> ON|OFF, END: what was done, or ''."""
    from pbem.history import HistoryError
    try:
        if cmd.word == "PREVIEW":
            answer.add(gmtools.preview(s, cfg, game))
            return ""
        if cmd.word == "ROLLBACK":
            turn = gmtools.rollback(s, cfg, game, now)
            return f"rolled the game back to turn {turn}"
        if cmd.word == "REPLACE" and len(cmd.args) == 2:
            old = gmtools.replace_seat(s, cfg, game, cmd.args[0].lower(), cmd.args[1], now)
            answer.add(f"Seat {cmd.args[0].lower()}: {old} is replaced by {cmd.args[1]}, who gets a new password.")
            return f"gave seat {cmd.args[0].lower()} to a new player"
        if cmd.word == "BOT" and len(cmd.args) == 2 and cmd.args[1].upper() in ("ON", "OFF"):
            on = cmd.args[1].upper() == "ON"
            gmtools.set_bot(s, game, cmd.args[0].lower(), on, now)
            return f"put seat {cmd.args[0].lower()} {'in' if on else 'out of'} civil disorder (played by the bot)"
        if cmd.word == "END":
            gmtools.end_game(s, cfg, game, "ended by the GM", now)
            return "ended the game"
    except HistoryError as why:
        answer.add(f"Line {cmd.line}: {why}")
        return ""
    answer.add(f"Line {cmd.line}: write REPLACE <seat> <address> or BOT <seat> ON|OFF")
    return ""


# The GM's clock commands: (game, arguments, now) -> what was done.
CLOCK_TOOLS = {
    "PAUSE": lambda game, _args, now: gmtools.pause(game, now),
    "RESUME": lambda game, _args, now: gmtools.resume(game, now),
    "EXTEND": lambda game, args, now: gmtools.extend(game, args, now),
    "PROCESS": lambda game, _args, now: gmtools.process_now(game, now),
}


def _gm(s: Session, cfg: Config, game: Game, req: Request, answer: Answer, now: datetime) -> None:
    trim(req, answer)
    if req.orders:
        answer.add("The GM gives no orders; lines that are not GM commands were ignored: "
                   + ", ".join(at_most([str(n) for n in sorted(req.orders)], MAX_PROBLEMS)))
    if not req.commands:
        answer.add(status_text(s, game))
    for cmd in req.commands:
        word, done = cmd.word, ""
        if word == "START":
            from pbem.games import start_game
            try:
                start_game(s, cfg, game, now)
            except GameError as why:
                answer.add(f"Line {cmd.line}: {why}")
                continue
            done = "started the game"
        elif word in CLOCK_TOOLS:
            try:
                done = CLOCK_TOOLS[word](game, " ".join(cmd.args), now)
            except GameError as why:
                answer.add(f"Line {cmd.line}: {why}.")
                continue
        elif word in ("PREVIEW", "ROLLBACK", "REPLACE", "BOT", "END"):
            done = _gm_tool(s, cfg, game, cmd, answer, now)
            if not done:
                continue
        elif word == "STATUS":
            answer.add(status_text(s, game, now))
            continue
        elif word == "HELP":
            answer.add(render("mail/help.txt", address=cfg.server.address, game_lines=[]))
            continue
        else:
            answer.add(f"Line {cmd.line}: {word} is not a GM command (PAUSE, RESUME, EXTEND <time>, "
                       "PROCESS NOW, PREVIEW, ROLLBACK, REPLACE <seat> <address>, BOT <seat> ON|OFF, END, "
                       "STATUS).")
            continue
        gmtools.announce(s, cfg, game, word, done, now, key=str(cmd.line))
        answer.add(f"GM: {done}.")
