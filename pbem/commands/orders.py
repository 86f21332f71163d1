"""A player's order sheet: TURN <n>, where the orders end, and storing a
clean sheet. A sheet with problems never replaces the last good one."""
from __future__ import annotations

from typing import Any, Sequence

from sqlmodel import Session, select

from engine import Problem, get_ruleset
from engine.messages import Msg
from engine.sheetlines import MAX_LINES
from pbem.gm import gmstate
from pbem import i18n
from pbem.play import orderwords, steps
from pbem.inbox.answer import MAX_PROBLEMS, Answer, at_most
from pbem.commands.base import Context, Entry, step_phrase
from pbem.play.gamewords import later_decision
from pbem.i18n import N_, _, ngettext
from pbem.models import Game, GameStatus, Seat, Sheet
from pbem.inbox.protocol import Request, sign_off, whole_number
from pbem.reports.render import spoken


def turn_asked(req: Request, answer: Answer) -> int | None:
    """The step the orders are for (TURN <n>), or None when the mail names none."""
    asked = None
    for cmd in req.commands:
        if cmd.word != "TURN":
            continue
        if len(cmd.args) == 1 and whole_number(cmd.args[0]) is not None:
            asked = whole_number(cmd.args[0])
        else:
            answer.add(_("Line {line}: TURN takes the number of the report you answer (its turn, step or "
                         "round).").format(line=cmd.line))
    return asked


def read_before(ctx: Context) -> None:
    """Nothing to do in its place: TURN is read before the orders are stored (turn_asked)."""


TURN = Entry("TURN", "<n>", N_("the turn your orders are for (optional)"), read_before)


def end_of_orders(req: Request, order_words: Sequence[str], answer: Answer, also: Sequence[str] = ()) -> None:
    """A sign-off after the last order ("Cheers,", "Ann") ends the orders
    instead of refusing the sheet; the answer says which lines it took so.
    ``also``: the order words in French and Spanish (pbem.play.orderwords)."""
    ending = sign_off(req.orders, order_words, also)
    if not ending:
        return
    shown = ", ".join(f'"{req.orders[n][:40]}"' for n in ending[:3]) + (", ..." if len(ending) > 3 else "")
    if len(ending) == 1:
        said = _("Line {line} ({shown}) came after your last order and is not an order: it was taken as "
                 "the end of your orders.").format(line=ending[0], shown=shown)
    else:
        said = _("Lines {first}-{last} ({shown}) came after your last order and are not orders: they were "
                 "taken as the end of your orders.").format(first=ending[0], last=ending[-1], shown=shown)
    answer.add(said)
    for number in ending:
        del req.orders[number]


def problem_line(p: Problem, req: Request) -> str:
    """A refused line as the answer shows it: its number and the line itself."""
    text = " ".join(req.orders.get(p.line, "").split())
    quoted = f' "{text[:60]}{"..." if len(text) > 60 else ""}"' if text else ""
    message, suggestion = (_said(said, plain) for said, plain in zip(p.said, (p.message, p.suggestion)))
    line = _("line {line}{quoted}: {message}").format(line=p.line, quoted=quoted, message=message)
    return line + (f" ({suggestion})" if suggestion else "")


def _said(said: Any, plain: str) -> str:
    """A problem's message or suggestion in the reader's language, where the parser gave it as
    a message (engine.messages); as the parser wrote it otherwise."""
    if said is None or isinstance(said, str) or i18n.current() == i18n.DEFAULT:
        return plain
    return spoken(said)


def _current(s: Session, game: Game, seat: Seat, asked: int) -> bool:
    """True when TURN ``asked`` names the position now, or the latest the seat was mailed a report
    of. Where the game counts rounds (pbem.play.steps.by_round) that is the round now, or one from the
    round of that report on."""
    if steps.by_round(game):
        now = steps.shown(game)
        return asked == now or steps.round_at(s, game, seat.news_from) <= asked < now
    step = steps.step_of(game, asked)
    return step == game.turn_no or seat.news_from <= step < game.turn_no


def _wrong_step(s: Session, game: Game, seat: Seat, asked: int | None) -> str:
    """Why orders are not taken now (the game is not running, or TURN names
    another step), or ''. A TURN of the latest report the seat was mailed is
    current: the steps resolved since (where players act in turn) were not
    the seat's to answer, and it was sent no report of them."""
    if game.status != GameStatus.ACTIVE:
        return _("Game {game} is {status}: no orders were stored.").format(
            game=game.id, status=gmstate.status_word(game))
    if asked is None or _current(s, game, seat, asked):
        return ""
    name = steps.unit(game)
    if asked < steps.shown(game):
        said = {"round": _("Round {asked} was already played; the game is at round {now} now. Your orders were "
                           "NOT stored: read the latest report and send orders for round {now}."),
                "turn": _("Turn {asked} was already resolved; the game is at turn {now} now. Your orders were "
                          "NOT stored: read the latest report and send orders for turn {now}.")}.get(name) or \
            _("Step {asked} was already resolved; the game is at step {now} now. Your orders were NOT "
              "stored: read the latest report and send orders for step {now}.")
    else:
        said = {"round": _("Round {asked} has not begun; the game is at round {now}. Your orders were NOT "
                           "stored."),
                "turn": _("Turn {asked} has not begun; the game is at turn {now}. Your orders were NOT "
                          "stored.")}.get(name) or \
            _("Step {asked} has not begun; the game is at step {now}. Your orders were NOT stored.")
    return said.format(asked=asked, now=steps.shown(game))


def store(s: Session, game: Game, seat: Seat, req: Request, answer: Answer, asked: int | None) -> bool:
    """Store a clean sheet; True when it was stored."""
    wrong = _wrong_step(s, game, seat, asked)
    if wrong:
        answer.add(wrong)
        answer.outcome = _("orders NOT stored")
        return False
    ruleset = get_ruleset(game.ruleset)
    state = ruleset.from_json(game.state_json)
    step = step_phrase(game)
    awaited = ruleset.awaiting(state)
    later = "" if seat.name in awaited else later_decision(ruleset, state, seat.name)
    if seat.name not in awaited and not later:
        who = ", ".join(sorted(awaited)) or _("nobody")
        answer.add(_("{game} needs no orders from seat {seat} at {step}: it waits for {who}. Your orders "
                     "were NOT stored.").format(game=game.id, seat=seat.name, step=step, who=who))
        answer.outcome = _("orders NOT stored")
        return False
    sheet = ruleset.parse_orders(state, seat.name, req.order_text())
    stored = s.exec(select(Sheet).where(Sheet.game_id == game.id, Sheet.seat == seat.name,
                                        Sheet.turn_no == game.turn_no)).first()
    problems = list(sheet.problems) or over_cap(sheet.normal)
    if problems:
        # Only the lines the answer quotes are written out (a sheet may have hundreds of problems).
        shown = [problem_line(p, req)[:300] if i < MAX_PROBLEMS else "" for i, p in enumerate(problems)]
        answer.add(_refused(game, step, shown, stored))
        answer.outcome = ngettext("{n} problem: orders NOT stored", "{n} problems: orders NOT stored",
                                  len(problems)).format(n=len(problems))
        return False
    if stored is None:
        stored = Sheet(game_id=game.id, seat=seat.name, turn_no=game.turn_no, text="")
    stored.text = "\n".join(sheet.normal)
    s.add(stored)
    answer.add(_stored(game, seat, step, _blocks(game.ruleset, sheet.normal, bool(later)), later))
    notes = [problem_line(p, req) for p in ruleset.notes(state, seat.name, sheet)]   # what it likely did not mean
    if notes:
        answer.add(_("Please note (the orders are stored as they are):") + "\n" + "\n".join(
            f"  {line}" for line in at_most(notes, MAX_PROBLEMS)))
    answer.outcome = _("pre-orders stored") if later else _("orders stored")
    return True


def over_cap(normal: list[str]) -> list[Problem]:
    """A sheet no parser refused but longer than a sheet may be (engine.sheetlines: every game's
    parser keeps to it), refused here all the same: it is never stored."""
    if len(normal) <= MAX_LINES:
        return []
    return [Problem.of(0, Msg("a sheet holds at most {most} lines of orders; this one has {n}", most=MAX_LINES,
                              n=len(normal)))]


def _refused(game: Game, step: str, problems: list[str], stored: Sheet | None) -> str:
    """The answer to a sheet with problems: each refused line, and the sheet that stands (its
    first MAX_LINES lines: one stored before there was a cap may be longer)."""
    lines = "\n".join(f"  {p}" for p in at_most(problems, MAX_PROBLEMS))
    kept = stored.text.splitlines() if stored else []
    standing = ("\n".join(f"  {x}" for x in at_most([orderwords.shown(game.ruleset, x) for x in kept[:MAX_LINES]]
                                                    + kept[MAX_LINES:], MAX_LINES)) if stored
                else "  " + _("(none yet)"))
    return _("Your orders for {game} {step} have problems, so they were NOT stored:\n{lines}\n\n"
             "The orders that stand for {step} are:\n{standing}\n\n"
             "Send the whole sheet again, corrected.").format(game=game.id, step=step, lines=lines,
                                                              standing=standing)


NEXT = "NEXT"     # a line of a sheet's normal form between one decision's orders and the next move's


def _blocks(ruleset: str, normal: list[str], ahead: bool) -> list[str]:
    """A stored sheet's lines as the answer shows them, in the reader's words: where NEXT
    splits it, each block under a line saying which move it answers."""
    parts: list[list[str]] = [[]]
    for line in normal:
        if line == NEXT:
            parts.append([])
        else:
            parts[-1].append(orderwords.shown(ruleset, line))
    if len(parts) == 1:
        return parts[0]
    out: list[str] = []
    for n, part in enumerate(parts):
        head = (_("for your next move:") if ahead else _("for this move:")) if n == 0 else (
            _("then, for your move after it (NEXT):"))
        out += [head] + [f"  {line}" for line in part]
    return out


def _stored(game: Game, seat: Seat, step: str, normal: list[str], later: str) -> str:
    """The answer to a stored sheet: the orders in normal form; pre-orders say what they answer."""
    shown = "\n".join(f"  {line}" for line in normal) or "  " + _("(no orders: your default orders stand)")
    if later:
        return _("Pre-orders stored for {game}, seat {seat}, written at {step}: they will answer {later}, "
                 "and replace any earlier pre-orders:\n{shown}\n\nA pre-order whose condition no longer "
                 "holds when its decision comes is dropped, and you are asked; the report says which lines "
                 "were used, skipped or dropped.").format(game=game.id, seat=seat.name, step=step,
                                                          later=later, shown=shown)
    return _("Orders stored for {game} {step}, seat {seat}; they replace any earlier sheet for {step}:"
             "\n{shown}").format(game=game.id, step=step, seat=seat.name, shown=shown)   # the deadline: the first line
