"""Handling one stored mail: loops are dropped, everything else is answered.

Each mail is handled in its own transaction: authenticate, act through the
table of commands (pbem.commands), and queue the answer in the outbox. A
sheet with problems never replaces the last good one (pbem.commands.orders).
"""
from __future__ import annotations

from datetime import datetime

from sqlmodel import Session, select

from engine import get_ruleset
from pbem import commands, i18n
from pbem.gm import gmstate
from pbem.inbox import guard, passwords, strangers, threads
from pbem.play import orderwords, steps
from pbem.clock import show
from pbem.inbox.answer import MAX_PROBLEMS, Answer, at_most, shortened, trim
from pbem.commands import Context, orders
from pbem.commands.base import step_phrase
from pbem.commands.language import asked_language
from pbem.commands.status import status_text
from pbem.config import Config
from pbem.i18n import _, ngettext
from pbem.mail.compose import compose, reply_subject
from pbem.mail.reading import Incoming, read_mail
from pbem.models import Game, GameStatus, InboundMail, InboundStatus, Seat
from pbem.outbox import may_answer, queue
from pbem.play.press import relay
from pbem.inbox.protocol import Request, plus_game, read_request
from pbem.play.gamewords import question
from pbem.play.turns import played_first
from pbem.reports.render import fit, render

__all__ = ["handle", "status_text"]     # status_text: 'pbem status' imports it from here


def handle(s: Session, cfg: Config, row: InboundMail, now: datetime) -> list[str]:
    """Read, serve and answer one stored mail; the steps it had resolved first ("g turn 3", for
    the pass summary: pbem.play.turns.played_first)."""
    inc = read_mail(row.raw, cfg.server.address, cfg.limits.max_mail_bytes, cfg.limits.max_parts, row.size)
    row.handled_at = now
    if inc.loop or inc.no_reply:
        row.status = InboundStatus.LOOP if inc.loop else InboundStatus.QUARANTINED
        row.add_note(inc.loop or inc.no_reply)
        s.add(row)
        return []
    answer = Answer()
    req = None if inc.problem else read_request(inc.lines, inc.subject,
                                                plus_game(inc.to_addrs, cfg.server.address), inc.part_starts)
    # The answer speaks the language of the mail's French or Spanish command
    # words until the seat, and with it the reader's own language, is known.
    with i18n.speaking(req.lang_hint if req else ""):
        if req is None:
            answer.add(_("Your mail was refused: {problem}. Nothing was changed.").format(problem=inc.problem))
            row.add_note(inc.problem)
        else:
            _serve(s, cfg, inc, req, answer, now)
        row.status = InboundStatus.HANDLED
        s.add(row)
        _queue_answer(s, cfg, row, inc, answer, now)
    return answer.resolved


def _queue_answer(s: Session, cfg: Config, row: InboundMail, inc: Incoming, answer: Answer,
                  now: datetime) -> None:
    held = answer.withheld or _capped(s, cfg, inc, answer, now)
    if held:
        row.add_note(f"no answer to {inc.from_addr}: {held}")
    copy_to = _copy_to(s, cfg, row, inc, answer, now, answered=not held)
    if held:
        return
    text = fit(render("mail/answer.txt", sections=answer.finished(), subject=inc.subject or _("(no subject)"),
                      address=cfg.server.address))
    if answer.subject:              # a confirmation request carries its token there
        subject = answer.subject
    elif inc.subject.strip():
        subject = reply_subject(answer.subject_game, inc.subject, answer.outcome)
    else:
        subject = ((f"[{answer.subject_game}] " if answer.subject_game else "")
                   + (answer.outcome or _("Your mail to {server}").format(server=cfg.server.name)))
    for suffix, to in [("", inc.from_addr)] + ([("copy", copy_to)] if copy_to else []):
        body = text
        if suffix:
            body = _("A mail about your seat came from {sender}; this copy goes to your own "
                     "address.").format(sender=inc.from_addr) + "\n\n" + text
        raw = compose(sender=cfg.server.address, sender_name=cfg.server.name, to=to, subject=subject,
                      text=body, when=now, auto="auto-replied", in_reply_to=inc.message_id,
                      references=inc.references, files=answer.files)
        queue(s, key=f"answer:{row.id}:{suffix or 'from'}", kind="answer", to=to, raw=raw,
              game_id=answer.subject_game, seat=answer.seat)


def _capped(s: Session, cfg: Config, inc: Incoming, answer: Answer, now: datetime) -> str:
    """Why no answer goes to the sender ('' when one does). The daily cap
    counts answers to the sender of a mail, those that signed on with the
    right password, those that failed to, and the rest apart, so forged mail
    uses up neither the player's answers nor those to a mistyped sign-on. A
    signed-on mail is never left unanswered: past the cap it gets a short
    answer. Mail to an address the server does not know has caps of its own
    (pbem.inbox.strangers)."""
    kind = "signed" if answer.signed else "signon" if answer.failed is not None else ""
    per_day = cfg.limits.answers_per_day
    if not may_answer(s, inc.from_addr, now, per_day, kind=kind):
        if not answer.signed:
            return "daily limit reached"
        answer.sections = shortened(answer.finished(), per_day)
        answer.left_out = 0
    if answer.signed:
        return ""
    cap = strangers.cap_reached(s, cfg, inc.from_addr, now)
    return f"held back by {strangers.REASONS[cap]}" if cap else ""


def _copy_to(s: Session, cfg: Config, row: InboundMail, inc: Incoming, answer: Answer, now: datetime,
             answered: bool) -> str:
    """Where a copy of the answer goes ('' for none). A copy goes only with the
    answer it copies and never counts against the seat owner's answers; copies
    of failed sign-ons have their own small daily number per seat, and the
    rest are counted for the owner."""
    failed = answer.failed
    copy_to = failed.owner if failed is not None else answer.copy_to
    if copy_to.lower() == inc.from_addr.lower():
        return ""
    if copy_to and failed is not None and not (answered and guard.may_copy(s, cfg, failed, now)):
        guard.uncopied(s, failed, inc.from_addr, now)
        row.add_note(f"no copy to {copy_to}: counted for the seat's owner")
        return ""
    return copy_to if answered else ""


def _password_right(s: Session, cfg: Config, inc: Incoming, req: Request, answer: Answer, game: Game,
                    seat: str, owner: str, stored_hash: str, now: datetime) -> bool:
    """The SIGNON password check (always made): True when it is right. A
    wrong one is counted (pbem.inbox.guard), and once they come too often for
    this seat or from this sender, it gets no answer."""
    if stored_hash and passwords.verify(req.password, stored_hash):
        answer.signed = True
        missed = guard.digest(s, game.id, seat)
        if missed:
            answer.add(missed)
        return True
    failed = guard.Failed(game.id, seat, owner)
    quiet_until = guard.wrong_password(s, cfg, failed, inc.from_addr, now)
    if quiet_until is not None:
        answer.failed = guard.Failed(game.id, seat, owner, quiet=True)
        answer.withheld = f"wrong password for {seat} of {game.id}: not answered until {quiet_until:%Y-%m-%d %H:%M} UTC"
        return False
    answer.failed = failed
    if seat == "gm":
        answer.add(_("Line {line}: wrong GM password for {game}. Nothing was changed.").format(
            line=req.signon_line, game=game.id))
    else:
        answer.add(_("Line {line}: wrong password for seat {seat} of {game}. Nothing was changed. "
                     "Your password is in the first mail of the game; the GM can issue a new one.").format(
            line=req.signon_line, seat=seat, game=game.id))
    return False


def _serve(s: Session, cfg: Config, inc: Incoming, req: Request, answer: Answer, now: datetime) -> None:
    """Sign the mail on to its game and seat, then carry out its commands."""
    if not req.signon_line:
        found = threads.seat_of_reply(s, inc) if req.join is None else None
        if found is None:
            _unsigned(s, cfg, inc, req, answer, now)
            return
        game, seat = found
        req = read_request(inc.lines, inc.subject, game.id, inc.part_starts, by_thread=True)
        answer.subject_game, answer.signed, answer.seat = game.id, True, seat.name
        i18n.choose(seat.lang or req.lang_hint or game.lang, seat.timezone)
        answer.add(_("This mail has no SIGNON line, but it came from the address of seat {seat} in reply to a "
                     "mail of {game} sent to that seat, so it was read as seat {seat}'s.").format(
            seat=seat.name, game=game.id))
        _as_seat(s, cfg, game, seat, req, answer, now)
        return
    if req.second_signon:
        answer.add(_("Line {line}: a second SIGNON. One mail signs on for one seat, so nothing in "
                     "this mail was done; send one mail for each seat.").format(line=req.second_signon))
        return
    if req.signon_problem:
        answer.add(_("Line {line}: {problem}. Nothing was done.").format(line=req.signon_line,
                                                                          problem=_(req.signon_problem)))
        return
    # The game's row lock serialises every change to one game: two mails of
    # the same game handled by two workers never make a lost update.
    game = s.exec(select(Game).where(Game.id == req.game).with_for_update()).first()
    if game is None:
        answer.add(_("Line {line}: there is no game {game} on this server. Nothing was done.").format(
            line=req.signon_line, game=req.game))
        return
    answer.subject_game = game.id
    if req.seat == "gm":
        i18n.choose(req.lang_hint or game.lang)
        if _password_right(s, cfg, inc, req, answer, game, "gm", game.gm_email, game.gm_password_hash, now):
            _gm(s, cfg, game, req, answer, now)
        return
    seat = s.exec(select(Seat).where(Seat.game_id == game.id, Seat.name == req.seat)).first()
    if seat is None:
        answer.add(_("Line {line}: game {game} has no seat {seat}. Your seat's name is in the first "
                     "mail of the game. Nothing was done.").format(line=req.signon_line, game=game.id,
                                                                  seat=req.seat[:20]))
        return
    owner = "" if seat.resigned else seat.email      # a resigned player gets no more mail about the seat
    answer.copy_to = owner
    i18n.choose(req.lang_hint or game.lang)
    if _password_right(s, cfg, inc, req, answer, game, seat.name, owner, seat.password_hash, now):
        i18n.choose(seat.lang or req.lang_hint or game.lang, seat.timezone)   # the seat's own, once signed on
        answer.seat = seat.name
        _as_seat(s, cfg, game, seat, req, answer, now)


def _as_seat(s: Session, cfg: Config, game: Game, seat: Seat, req: Request, answer: Answer, now: datetime) -> None:
    """A mail signed on as ``seat`` (by its password, or by its thread)."""
    if seat.resigned:           # (never by its thread: pbem.inbox.threads leaves resigned seats out)
        answer.add(_("Line {line}: you resigned seat {seat} of {game}, so nothing in this mail was done; the "
                     "seat plays on without you. To follow the game's public reports, send OBSERVE {game} "
                     "without SIGNON.").format(line=req.signon_line, seat=seat.name, game=game.id))
        return
    _player(s, cfg, game, seat, req, answer, now)


def _unsigned(s: Session, cfg: Config, inc: Incoming, req: Request, answer: Answer, now: datetime) -> None:
    """A mail without SIGNON: JOIN, OBSERVE or CONFIRM, HELP, or a short answer."""
    if req.join is not None:
        entry = commands.lookup(req.join.word)
        assert entry is not None, "read_request makes a join of the table's words only"
        entry.run(Context(s, cfg, None, None, req.join, answer, now, mail=inc))
    elif req.help_asked:
        answer.add(commands.help_text(cfg.server.address, []))
    else:
        answer.add(_("This mail has no SIGNON line, so nothing was done. Start your orders with\n"
                     "  SIGNON <game> <seat> <password>\nSend HELP for the commands."))


def _player(s: Session, cfg: Config, game: Game, seat: Seat, req: Request, answer: Answer,
            now: datetime) -> None:
    """A seat's mail: its orders first (a refused sheet keeps READY from being
    taken), then its press, then its commands in their order."""
    if req.skipped_before:
        answer.add(ngettext("({count} line before SIGNON was not read.)",
                            "({count} lines before SIGNON were not read.)",
                            req.skipped_before).format(count=req.skipped_before))
    trim(req, answer)
    chosen = [lang for cmd in req.commands if cmd.word == "LANGUAGE" and (lang := asked_language(cmd.args))]
    if chosen:                       # the whole answer is in the language the mail asks for
        i18n.choose(chosen[-1])
    asked = orders.turn_asked(req, answer)
    orders.end_of_orders(req, get_ruleset(game.ruleset).order_words, answer, orderwords.first_words(game.ruleset))
    if req.orders:
        step, moment = game.turn_no, steps.shown(game)
        done = played_first(s, cfg, game, seat, now)
        answer.resolved += [f"{game.id} turn {n}" for n in range(step, step + done)]
        if done:
            said = (_("Your move for round {step} was in already, so it was played before this mail was "
                      "read: the orders below are for your next move.") if steps.by_round(game) else
                    _("Your move for step {step} was in already, so it was played before this mail was "
                      "read: the orders below are for your next move."))
            answer.add(said.format(step=moment if steps.by_round(game) else step))
            asked = None if asked == moment else asked
    stored = orders.store(s, game, seat, req, answer, asked) if req.orders else True
    for block in req.press:
        answer.add(relay(s, cfg, game, seat, block, now))
    for cmd in req.commands:
        commands.dispatch(Context(s, cfg, game, seat, cmd, answer, now, sheet_stored=stored), "player")
    if not req.orders and not req.commands and not req.press:
        answer.add(_("You signed on to {game} as {seat}, but the mail had no orders or commands.").format(
            game=game.id, seat=seat.name))
    if not seat.resigned:            # RESIGN in this mail: nothing is asked of the player any more
        answer.sections.insert(0, asked_now(game, seat, moved=bool(req.orders) and stored))


def asked_now(game: Game, seat: Seat, moved: bool = False) -> str:
    """The answer's first line: what the game asks of the seat now, and by when. ``moved``:
    this mail's orders were stored; where players act in turn they answer the question, so
    the line says the move is in (the answer may well arrive with the report of it)."""
    if game.status != GameStatus.ACTIVE:
        return _("{game}: nothing is asked of you; the game is {status}.").format(
            game=game.id, status=gmstate.status_word(game))
    ruleset = get_ruleset(game.ruleset)
    state = ruleset.from_json(game.state_json)
    prompt = question(ruleset, state, seat.name)
    if prompt and moved and not game.simultaneous:
        return _("{game}: your move for {step} is in; it is played when the server next runs, and its "
                 "report follows.").format(game=game.id, step=step_phrase(game))
    if not prompt:
        return _("{game}: nothing is asked of you at {step}.").format(game=game.id, step=step_phrase(game))
    if game.deadline:
        return _("{game} asks you now: {prompt}, by {deadline}.").format(
            game=game.id, prompt=prompt, deadline=show(game.deadline))
    return _("{game} asks you now: {prompt}.").format(game=game.id, prompt=prompt)


def _gm(s: Session, cfg: Config, game: Game, req: Request, answer: Answer, now: datetime) -> None:
    """The GM's mail: commands only; without any, the game's status."""
    trim(req, answer)
    if req.orders:
        answer.add(_("The GM gives no orders; lines that are not GM commands were ignored: {lines}").format(
            lines=", ".join(at_most([str(n) for n in sorted(req.orders)], MAX_PROBLEMS))))
    if not req.commands:
        answer.add(status_text(s, game))
    for cmd in req.commands:
        commands.dispatch(Context(s, cfg, game, None, cmd, answer, now), "gm")
