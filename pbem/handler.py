"""Handling one stored mail: loops are dropped, everything else is answered.

Each mail is handled in its own transaction: authenticate, act, and queue the
answer in the outbox. A sheet with problems never replaces the last good one.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from sqlmodel import Session, select

from engine import get_ruleset
from pbem import gmtools, passwords
from pbem.clock import aware, show
from pbem.config import Config
from pbem.games import GameError, outcome_words, seats_of
from pbem.mail.compose import compose
from pbem.mail.reading import Incoming, read_mail
from pbem.models import Game, GmLog, InboundMail, Seat, Sheet
from pbem.outbox import may_answer, queue, queue_notice
from pbem.press import relay
from pbem.protocol import NOT_YET, Command, Request, plus_game, read_request
from engine.valley.carddocs import fate_line
from pbem.reports.render import render


@dataclass
class Answer:
    sections: list[str] = field(default_factory=list)
    copy_to: str = ""
    subject_game: str = ""

    def add(self, text: str) -> None:
        self.sections.append(text.rstrip())


def handle(s: Session, cfg: Config, row: InboundMail, now: datetime) -> None:
    inc = read_mail(row.raw, cfg.server.address, cfg.limits.max_mail_bytes, cfg.limits.max_parts, row.size)
    row.handled_at = now
    if inc.loop:
        row.status, row.note = "loop", inc.loop
        s.add(row)
        return
    answer = Answer()
    if inc.problem:
        answer.add(f"Your mail was refused: {inc.problem}. Nothing was changed.")
        row.note = inc.problem
    else:
        _serve(s, cfg, inc, read_request(inc.lines, inc.subject, plus_game(inc.to_addrs, cfg.server.address)),
               answer, now)
    row.status = "handled"
    s.add(row)
    _queue_answer(s, cfg, row, inc, answer, now)


def _queue_answer(s: Session, cfg: Config, row: InboundMail, inc: Incoming, answer: Answer,
                  now: datetime) -> None:
    text = render("mail/answer.txt", sections=answer.sections, subject=inc.subject or "(no subject)",
                  address=cfg.server.address)
    tag = f"[{answer.subject_game}] " if answer.subject_game else ""
    subject = f"{tag}Re: {inc.subject}" if inc.subject else f"{tag}Your mail to {cfg.server.name}"
    targets = [("", inc.from_addr)]
    if answer.copy_to and answer.copy_to.lower() != inc.from_addr.lower():
        targets.append(("copy", answer.copy_to))
    for suffix, to in targets:
        if not may_answer(s, to, now, cfg.limits.answers_per_day):
            row.note = (row.note + f"; no answer to {to}: daily limit reached").lstrip("; ")
            continue
        body = text
        if suffix:
            body = (f"A mail about your seat came from {inc.from_addr}; this copy goes to your own "
                    f"address.\n\n") + text
        raw = compose(sender=cfg.server.address, sender_name=cfg.server.name, to=to, subject=subject,
                      text=body, when=now, auto="auto-replied", in_reply_to=inc.message_id,
                      references=inc.references)
        queue(s, key=f"answer:{row.id}:{suffix or 'from'}", kind="answer", to=to, raw=raw,
              game_id=answer.subject_game)


def _join(s: Session, cfg: Config, inc: Incoming, cmd: Command, answer: Answer, now: datetime) -> None:
    """JOIN <game> <seat name>: take an open seat of a game that is forming."""
    from engine.valley.setup import seat_name_problem
    from pbem.games import GAME_ID
    if len(cmd.args) != 2:
        answer.add(f"Line {cmd.line}: write JOIN <game> <seat name>, e.g. JOIN valley-9 red")
        return
    game_id, name = cmd.args[0].lower(), cmd.args[1].lower()
    game = s.exec(select(Game).where(Game.id == game_id).with_for_update()).first() if GAME_ID.match(game_id) else None
    if game is None or game.status != "new" or game.open_seats <= 0:
        answer.add(f"Line {cmd.line}: {game_id} is not a game that is taking players.")
        return
    answer.subject_game = game.id
    seats = seats_of(s, game.id)
    if len(seats) >= game.open_seats:
        answer.add(f"Line {cmd.line}: every seat of {game.id} is taken.")
        return
    if any(x.email.lower() == inc.from_addr.lower() for x in seats):
        answer.add(f"Line {cmd.line}: {inc.from_addr} already has a seat in {game.id}.")
        return
    problem = seat_name_problem(name) or (f"the seat name {name} is taken" if any(x.name == name for x in seats)
                                          else "")
    if problem:
        answer.add(f"Line {cmd.line}: {problem}; choose another.")
        return
    s.add(Seat(game_id=game.id, name=name, email=inc.from_addr, password_hash=""))
    s.add(GmLog(game_id=game.id, action="join", detail=f"{name} ({inc.from_addr})", at=now))
    full = len(seats) + 1 >= game.open_seats
    answer.add(f"You joined {game.id} as {name}. Your password comes when the GM starts the game "
               f"({len(seats) + 1} of {game.open_seats} seats taken).")
    if game.gm_email:
        _notice(s, cfg, game, game.gm_email, f"{name} joined",
                f"{inc.from_addr} joined {game.id} as {name}: {len(seats) + 1} of {game.open_seats} seats."
                + (" Every seat is taken: start the game with START (or pbem game start)." if full else ""),
                now, f"join:{name}")


def _observe(s: Session, inc: Incoming, cmd: Command, answer: Answer, now: datetime) -> None:
    """OBSERVE <game> [OFF]: follow (or stop following) a game's public reports."""
    from pbem.games import GAME_ID
    off = len(cmd.args) == 2 and cmd.args[1].upper() == "OFF"
    if len(cmd.args) != 1 and not off:
        answer.add(f"Line {cmd.line}: write OBSERVE <game> to follow a game, OBSERVE <game> OFF to stop.")
        return
    game_id = cmd.args[0].lower()
    game = s.get(Game, game_id) if GAME_ID.match(game_id) else None
    if game is None:
        answer.add(f"Line {cmd.line}: there is no game {game_id} on this server.")
        return
    answer.subject_game = game.id
    if off:
        if not gmtools.follow(s, game, inc.from_addr, now, on=False):
            answer.add(f"Line {cmd.line}: {inc.from_addr} does not follow {game.id}; nothing was changed.")
            return
        answer.add(f"You no longer follow {game.id}.")
        return
    if game.status == "over":
        answer.add(f"Line {cmd.line}: {game.id} is over; its turns are in the archive.")
        return
    gmtools.follow(s, game, inc.from_addr, now)
    answer.add(f"You follow {game.id}: the public report of every turn comes to {inc.from_addr}. "
               f"Send OBSERVE {game.id} OFF to stop.")


def _serve(s: Session, cfg: Config, inc: Incoming, req: Request, answer: Answer, now: datetime) -> None:
    if req.join is not None and not req.signon_line:
        if req.join.word == "OBSERVE":
            _observe(s, inc, req.join, answer, now)
        else:
            _join(s, cfg, inc, req.join, answer, now)
        return
    if not req.signon_line:
        answer.add("This mail has no SIGNON line, so nothing was done. Start your orders with\n"
                   "  SIGNON <game> <seat> <password>\nSend HELP for the commands.")
        answer.add(render("mail/help.txt", address=cfg.server.address, cards=[]))
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
        if not passwords.verify(req.password, game.gm_password_hash):
            answer.add(f"Line {req.signon_line}: wrong GM password for {game.id}. Nothing was changed.")
            answer.copy_to = game.gm_email
            return
        _gm(s, cfg, game, req, answer, now)
        return
    seat = s.exec(select(Seat).where(Seat.game_id == game.id, Seat.name == req.seat)).first()
    if seat is None:
        names = ", ".join(x.name for x in seats_of(s, game.id))
        answer.add(f"Line {req.signon_line}: game {game.id} has no seat {req.seat}; the seats are "
                   f"{names}. Nothing was done.")
        return
    answer.copy_to = seat.email
    if not seat.password_hash or not passwords.verify(req.password, seat.password_hash):
        answer.add(f"Line {req.signon_line}: wrong password for seat {seat.name} of {game.id}. "
                   "Nothing was changed. Your password is in the first mail of the game; the GM "
                   "can issue a new one.")
        return
    _player(s, cfg, game, seat, req, answer, now)


def _player(s: Session, cfg: Config, game: Game, seat: Seat, req: Request, answer: Answer,
            now: datetime) -> None:
    if req.skipped_before:
        answer.add(f"({req.skipped_before} line(s) before SIGNON were not read.)")
    turn_asked = None
    for cmd in req.commands:
        if cmd.word == "TURN":
            if len(cmd.args) == 1 and cmd.args[0].isdigit():
                turn_asked = int(cmd.args[0])
            else:
                answer.add(f"Line {cmd.line}: TURN takes the turn number of the report you answer.")
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


def _orders(s: Session, game: Game, seat: Seat, req: Request, answer: Answer, turn_asked: int | None) -> bool:
    """Store a clean sheet; True when it was stored."""
    if game.status != "active":
        answer.add(f"Game {game.id} is {gmtools.status_word(game)}: no orders were stored.")
        return False
    if turn_asked is not None and turn_asked != game.turn_no:
        if turn_asked < game.turn_no:
            answer.add(f"Turn {turn_asked} was already resolved; the game is at turn {game.turn_no} "
                       "now. Your orders were NOT stored: read the latest report and send orders "
                       f"for turn {game.turn_no}.")
        else:
            answer.add(f"Turn {turn_asked} has not begun; the game is at turn {game.turn_no}. "
                       "Your orders were NOT stored.")
        return False
    ruleset = get_ruleset(game.ruleset)
    state = ruleset.from_json(game.state_json)
    sheet = ruleset.parse_orders(state, seat.name, req.order_text())
    stored = s.exec(select(Sheet).where(Sheet.game_id == game.id, Sheet.seat == seat.name,
                                        Sheet.turn_no == game.turn_no)).first()
    if sheet.problems:
        lines = "\n".join(f"  {p}" for p in sheet.problems)
        standing = "\n".join(f"  {x}" for x in stored.text.splitlines()) if stored else "  (none yet)"
        answer.add(f"Your orders for {game.id} turn {game.turn_no} have problems, so they were NOT "
                   f"stored:\n{lines}\n\nThe orders that stand for this turn are:\n{standing}\n\n"
                   "Send the whole sheet again, corrected.")
        return False
    text = "\n".join(sheet.normal)
    if stored is None:
        stored = Sheet(game_id=game.id, seat=seat.name, turn_no=game.turn_no, text=text)
    else:
        stored.text = text
    s.add(stored)
    shown = "\n".join(f"  {line}" for line in sheet.normal) or "  (no orders: your tribe holds)"
    answer.add(f"Orders stored for {game.id} turn {game.turn_no}, seat {seat.name}; they replace any "
               f"earlier sheet for this turn:\n{shown}\n\nDeadline: {show(game.deadline)}.")
    return True


def _all_ready(s: Session, game: Game) -> bool:
    seats = [x for x in seats_of(s, game.id) if not x.resigned]
    return bool(seats) and all(x.ready for x in seats)


def _player_command(s: Session, cfg: Config, game: Game, seat: Seat, cmd: Command, answer: Answer,
                    now: datetime) -> None:
    word = cmd.word
    if word == "TURN":
        return
    if word == "HELP":
        hand = get_ruleset(game.ruleset).from_json(game.state_json).tribes[seat.name].hand
        answer.add(render("mail/help.txt", address=cfg.server.address, cards=[fate_line(c) for c in hand]))
    elif word == "STATUS":
        answer.add(status_text(s, game, now))
    elif word in ("READY", "WAIT"):
        seat.ready = word == "READY"
        s.add(seat)
        s.flush()
        if seat.ready and _all_ready(s, game):
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
            _notice(s, cfg, game, game.gm_email, f"seat {seat.name} resigned",
                    f"Seat {seat.name} ({seat.email}) resigned from {game.id}.", now, f"resign:{seat.name}")
    elif word == "VACATION":
        _vacation(s, game, seat, cmd, answer, now)
    elif word == "HISTORY":
        from pbem.history import HistoryError, turn_report
        try:
            number = int(cmd.args[0]) if cmd.args else None
            answer.add(turn_report(s, game, number, seat.name, "text", cfg.server.address))
        except ValueError as why:
            answer.add(f"Line {cmd.line}: HISTORY takes a turn number: {why}" if not isinstance(why, HistoryError)
                       else f"Line {cmd.line}: {why}")
    elif word in NOT_YET:
        answer.add(f"Line {cmd.line}: {word} is not available on this server yet.")
    elif word == "SIGNON-AGAIN":
        answer.add(f"Line {cmd.line}: only one SIGNON per mail; that line was ignored.")
    else:
        answer.add(f"Line {cmd.line}: {word} is a GM command; sign on as gm to use it.")


def _vacation(s: Session, game: Game, seat: Seat, cmd: Command, answer: Answer, now: datetime) -> None:
    try:
        answer.add(gmtools.vacation(s, game, seat, cmd.args[0] if cmd.args else "", who="you", now=now))
    except GameError as why:
        answer.add(f"Line {cmd.line}: {why}.")


def status_text(s: Session, game: Game, now: datetime | None = None) -> str:
    if game.status == "over":
        words = outcome_words(game)
        if words is None:
            return f"Game {game.id}: over at turn {game.turn_no} (ended by the GM)."
        return f"Game {game.id}: over after turn {game.turn_no}: {words}."
    lines = [f"Game {game.id}: {gmtools.status_word(game)}, turn {game.turn_no}, deadline {show(game.deadline)}."]
    overdue = bool(now and game.status == "active" and game.deadline and now > aware(game.deadline))
    for seat in seats_of(s, game.id):
        has = s.exec(select(Sheet.id).where(Sheet.game_id == game.id, Sheet.seat == seat.name,
                                            Sheet.turn_no == game.turn_no)).first() is not None
        flags = ["orders in" if has else ("LATE: no orders" if overdue and not seat.resigned else "no orders yet")]
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


def _notice(s: Session, cfg: Config, game: Game, to: str, subject: str, text: str, now: datetime,
            key: str) -> None:
    queue_notice(s, cfg, game_id=game.id, to=to, subject=subject, text=text, when=now,
                 key=f"notice:{game.id}:{key}:{now.isoformat()}:{to}")


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
    if req.orders:
        answer.add("The GM gives no orders; lines that are not GM commands were ignored: "
                   + ", ".join(str(n) for n in sorted(req.orders)))
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
            answer.add(render("mail/help.txt", address=cfg.server.address, cards=[]))
            continue
        else:
            answer.add(f"Line {cmd.line}: {word} is not a GM command (PAUSE, RESUME, EXTEND <time>, "
                       "PROCESS NOW, PREVIEW, ROLLBACK, REPLACE <seat> <address>, BOT <seat> ON|OFF, END, "
                       "STATUS).")
            continue
        gmtools.announce(s, cfg, game, word, done, now, key=str(cmd.line))
        answer.add(f"GM: {done}.")
