"""STATUS: the game's step, deadline, and where each seat stands."""
from __future__ import annotations

from datetime import datetime

from sqlmodel import Session, select

from engine import get_ruleset
from pbem.gm import gmstate
from pbem.play import seating
from pbem.clock import aware, show
from pbem.commands.base import Context, Entry, step_phrase
from pbem.i18n import N_, _, ngettext
from pbem.play.games import seats_of
from pbem.play.gamewords import outcome_words
from pbem.models import Game, GameStatus, Seat, Sheet


def status_text(s: Session, game: Game, now: datetime | None = None) -> str:
    """The game's status for STATUS and 'pbem status'. ``now`` None: nobody
    is called late."""
    step = step_phrase(game)
    if game.status == GameStatus.OVER:
        words = outcome_words(game)
        if words is None:
            return _("Game {game}: over at {step} (ended by the GM).").format(game=game.id, step=step)
        return _("Game {game}: over after {step}: {outcome}.").format(game=game.id, step=step, outcome=words)
    overdue = bool(now and game.status == GameStatus.ACTIVE and game.deadline and now > aware(game.deadline))
    owing = seating.owing(s, game) if game.status == GameStatus.ACTIVE else set()
    awaited = _awaited(game)
    lines = [_headline(game, awaited)]
    stood = seating.standing(game)
    for seat in seats_of(s, game.id):
        has = s.exec(select(Sheet.id).where(Sheet.game_id == game.id, Sheet.seat == seat.name,
                                            Sheet.turn_no == game.turn_no)).first() is not None
        late = overdue and seat.name in owing
        flags = _flags(game, seat, has, late, awaited)
        if not has and seat.name in stood:      # set aside by a rollback: played at the deadline
            flags[0] = _("orders from before the rollback stand")
        lines.append(f"  {seat.name:<10} {', '.join(flags)}")
    return "\n".join(lines)


def _awaited(game: Game) -> frozenset[str] | None:
    """The seats to move in a game where players act in turn; None where
    every seat orders together."""
    if game.simultaneous or not game.state_json:
        return None
    ruleset = get_ruleset(game.ruleset)
    return frozenset(ruleset.awaiting(ruleset.from_json(game.state_json)))


def _headline(game: Game, awaited: frozenset[str] | None) -> str:
    if awaited is None:
        return _("Game {game}: {status}, turn {turn}, deadline {deadline}.").format(
            game=game.id, status=gmstate.status_word(game), turn=game.turn_no, deadline=show(game.deadline))
    who = ", ".join(sorted(awaited)) or _("nobody")
    return _("Game {game}: {status}, step {step}, {who} to move, move deadline {deadline}.").format(
        game=game.id, status=gmstate.status_word(game), step=game.turn_no, who=who, deadline=show(game.deadline))


def _flags(game: Game, seat: Seat, has: bool, late: bool, awaited: frozenset[str] | None) -> list[str]:
    """What the seat's line says: its sheet, then anything unusual."""
    if awaited is not None and seat.name not in awaited:
        flags = [_("pre-orders in") if has else _("not to move")]
    else:
        flags = [_("orders in") if has else (_("LATE: no orders") if late else _("no orders yet"))]
    if seat.ready:
        flags.append(_("ready"))
    if seat.missed_turns:
        n = seat.missed_turns
        flags.append((ngettext("missed {n} turn", "missed {n} turns", n) if awaited is None else
                      ngettext("missed {n} move", "missed {n} moves", n)).format(n=n))
    if seat.resigned:
        flags.append(_("resigned"))
    elif seat.bot:
        flags.append(_("played by the bot"))
    if seat.away_until > game.turn_no:
        flags.append(_("on vacation up to {step}").format(step=step_phrase(game, seat.away_until)))
    return flags


def status(ctx: Context) -> None:
    """STATUS, from a player or the GM."""
    ctx.answer.add(status_text(ctx.session, ctx.game, ctx.now))


STATUS = Entry("STATUS", "", N_("the game's turn, deadline, who has sent orders"), status)
