"""Which sheet each seat plays in a turn, and which seats owe orders: the one
policy that resolve_turn, the GM's preview and replay share (and reminders,
missed turns and LATE ask).

For each seat, the first that applies:

- **in civil disorder** (``Seat.bot``): the bot plays it, whatever it sent;
- **resigned**: the game's missed rule plays it (the bot when the game says
  ``missed = "bot"``, else the default orders), whatever it sent;
- **its stored sheet** for the turn, when it reads cleanly (after the GM
  rolled the turn back to wait for new orders, the sheet that stood then
  plays for a seat that sent no new one: ``standing``);
- **out of the game** (the engine does not await its orders,
  ``Ruleset.awaiting``): the default orders;
- **away on vacation**: the default orders (the tribe holds, as the player
  was told);
- **a stored sheet that no longer reads cleanly**: the missed rule, and the
  problems are kept (``Play.refused``); the seat did send orders, so the turn
  is not counted as missed;
- **nothing stored**: the missed rule, and the turn counts as missed.

A seat in civil disorder or resigned whose tribe is out plays the default
orders too: there is nothing left for the bot to play.

A seat *owes orders* (is reminded, can be late, has turns counted as
missed) when it is in play, not in civil disorder, not resigned and not
away. The bot's random generator is seeded by the game's seed, the turn and
the seat, so the preview, the turn and a replay draw the same orders.
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Protocol

from sqlalchemy import bindparam
from sqlmodel import Session, select

from engine import get_ruleset
from engine.contract import OrderSheet, Problem, Ruleset
from pbem.models import Sheet

ORDERS = "orders"        # its stored sheet
MISSING = "missing"      # nothing stored: the missed rule; counted as missed
REFUSED = "refused"      # a stored sheet that does not read cleanly: the missed rule
BOT = "bot"              # civil disorder
RESIGNED = "resigned"
AWAY = "away"            # on vacation: holds
OUT = "out"              # out of the game: holds


class SeatLike(Protocol):
    """What the policy reads of a seat (pbem.models.Seat has it)."""

    name: str
    bot: bool
    resigned: bool
    away_until: int


@dataclass(frozen=True)
class Flags:
    """A seat with nothing set, for replaying the sheets a turn record kept."""

    name: str
    bot: bool = False
    resigned: bool = False
    away_until: int = 0


@dataclass(frozen=True)
class Play:
    """What one seat plays this turn, and why."""

    seat: str
    sheet: OrderSheet
    why: str
    refused: tuple[Problem, ...] = ()      # a stored sheet's problems, when it was not played

    @property
    def missing(self) -> bool:
        """The seat owed orders and sent none: the turn counts as missed."""
        return self.why == MISSING


def out_seats(ruleset: Ruleset, state: Any) -> set[str]:
    """The seats the engine awaits no orders from: out of the game (or all of
    them, once it is over)."""
    return set(ruleset.players(state)) - ruleset.awaiting(state)


def owes_orders(seat: SeatLike, turn_no: int, out: set[str]) -> bool:
    """Is ``seat`` expected to send orders for turn ``turn_no``? ``out``: :func:`out_seats`."""
    return not (seat.name in out or seat.bot or seat.resigned or seat.away_until > turn_no)


def plan(ruleset: Ruleset, state: Any, seats: Iterable[SeatLike], stored: Mapping[str, str], *,
         turn_no: int, missed: str, seed: str) -> dict[str, Play]:
    """What every seat plays in turn ``turn_no``, from the sheets ``stored``
    for it (seat -> text) and the seats' flags; ``missed`` and ``seed`` are
    the game's."""
    out = out_seats(ruleset, state)

    def bot(name: str) -> OrderSheet:
        return ruleset.bot_orders(state, name, random.Random(f"{seed}:{turn_no}:{name}"))

    def missed_rule(name: str) -> OrderSheet:
        return bot(name) if missed == "bot" else ruleset.default_orders(state, name)

    plays = {}
    for seat in seats:
        name = seat.name
        text = stored.get(name)
        sheet = ruleset.parse_orders(state, name, text) if text is not None else None
        if (seat.bot or seat.resigned) and name in out:
            play = Play(name, ruleset.default_orders(state, name), OUT)
        elif seat.bot:
            play = Play(name, bot(name), BOT)
        elif seat.resigned:
            play = Play(name, missed_rule(name), RESIGNED)
        elif sheet is not None and not sheet.problems:
            play = Play(name, sheet, ORDERS)
        elif name in out:
            play = Play(name, ruleset.default_orders(state, name), OUT)
        elif seat.away_until > turn_no:
            play = Play(name, ruleset.default_orders(state, name), AWAY)
        elif sheet is not None:
            play = Play(name, missed_rule(name), REFUSED, tuple(sheet.problems))
        else:
            play = Play(name, missed_rule(name), MISSING)
        plays[name] = play
    return plays


def to_resolve(plays: Mapping[str, Play]) -> dict[str, OrderSheet]:
    """The sheets ``resolve`` is given: every seat's but those out of this
    step that sent nothing (a seat not awaited passes only the pre-orders
    it sent; Ruleset.resolve)."""
    return {name: play.sheet for name, play in plays.items() if play.why != OUT}


# -- the current turn of a stored game ----------------------------------------
# The current turn's sheets of a game, and the seats that sent them: built once, the game and
# turn given as parameters (building a statement and its cache key cost a third of running it).
_TURN = (Sheet.game_id == bindparam("game"), Sheet.turn_no == bindparam("turn"))
_SHEETS = select(Sheet.seat, Sheet.text).where(*_TURN)
_SENT = select(Sheet.seat).where(*_TURN)


def _this_turn(s: Session, statement: Any, game: Any) -> Any:
    """``statement`` run for the game's current turn, on the session's connection after a flush
    (as the session would run it, without its ORM's execution around it: a third of the cost)."""
    s.flush()
    return s.connection().execute(statement, {"game": game.id, "turn": game.turn_no})


def stored_sheets(s: Session, game: Any) -> dict[str, str]:
    """The sheets stored for the game's current turn: seat -> text; a sheet
    that stood when the GM rolled the turn back plays for a seat that sent
    no new one (:func:`standing`)."""
    return {**standing(game), **dict(_this_turn(s, _SHEETS, game).all())}


def standing(game: Any) -> dict[str, str]:
    """The sheets set aside when the GM rolled the current turn back to wait
    for new orders (seat -> text): they are played if their seat sends no
    new sheet by the deadline, but do not count as sent, so the turn does
    not run early on them (:func:`all_sent`)."""
    return json.loads(game.standing_json or "{}")


def set_aside(s: Session, game: Any) -> None:
    """The current turn's sheets of the seats that owe orders stand aside
    (:func:`standing`); the others' (pre-orders, a bot's seat) stay stored."""
    owe = owing(s, game)
    aside = {}
    for row in list(s.exec(select(Sheet).where(Sheet.game_id == game.id, Sheet.turn_no == game.turn_no))):
        if row.seat in owe:
            aside[row.seat] = row.text
            s.delete(row)
    game.standing_json = json.dumps(aside, sort_keys=True) if aside else "{}"
    s.add(game)


def put_back(s: Session, game: Any) -> None:
    """The sheets set aside are stored again for seats that sent no new one
    (before the turn runs, or is rolled back further), and none stands aside."""
    aside = standing(game)
    if not aside:
        return
    sent = set(_this_turn(s, _SENT, game).scalars())
    for seat, text in aside.items():
        if seat not in sent:
            s.add(Sheet(game_id=game.id, seat=seat, turn_no=game.turn_no, text=text))
    game.standing_json = "{}"
    s.add(game)
    s.flush()


def turn_plan(s: Session, game: Any, ruleset: Ruleset | None = None, state: Any = None,
              seats: Iterable[SeatLike] | None = None) -> dict[str, Play]:
    """What every seat of ``game`` plays if its current turn runs now
    (``ruleset``, ``state`` and ``seats`` default to the game's own)."""
    from pbem.play.games import seats_of
    ruleset = ruleset or get_ruleset(game.ruleset)
    state = ruleset.from_json(game.state_json) if state is None else state
    return plan(ruleset, state, seats_of(s, game.id) if seats is None else seats, stored_sheets(s, game),
                turn_no=game.turn_no, missed=game.missed, seed=game.seed)


Known = tuple[Ruleset, Any, list[SeatLike]]
"""The game's ruleset, its current state and its seats, when the caller holds them already."""


def owing(s: Session, game: Any, known: Known | None = None) -> set[str]:
    """The seats of ``game`` that owe orders for its current turn (they are
    reminded, and late once the deadline passed without their orders)."""
    from pbem.play.games import seats_of
    if known is None:
        ruleset = get_ruleset(game.ruleset)
        known = (ruleset, ruleset.from_json(game.state_json), seats_of(s, game.id))
    ruleset, state, seats = known
    out = out_seats(ruleset, state)
    return {x.name for x in seats if owes_orders(x, game.turn_no, out)}


def all_sent(s: Session, game: Any, known: Known | None = None) -> bool:
    """Every seat that owes orders for the current step has a clean sheet
    stored (true when none owes: a step only bots or pre-orders answer): a
    step where players act in turn runs then, no READY needed. A sheet that
    stands from before a rollback is not counted (:func:`standing`)."""
    return owing(s, game, known) <= set(_this_turn(s, _SENT, game).scalars())


def only_bots_owe(s: Session, game: Any) -> bool:
    """Every seat in play is the bot's (the GM handed it over): no person owes orders, and the
    step may run at once. A resigned or away seat that is not the bot's keeps the deadline."""
    from pbem.play.games import seats_of
    ruleset = get_ruleset(game.ruleset)
    return only_bots(ruleset, ruleset.from_json(game.state_json), seats_of(s, game.id))


def only_bots(ruleset: Ruleset, state: Any, seats: Iterable[SeatLike]) -> bool:
    """:func:`only_bots_owe` for a state and seats already at hand."""
    out = out_seats(ruleset, state)
    playing = [x for x in seats if x.name not in out]
    return bool(playing) and all(x.bot for x in playing)


def all_ready(s: Session, game: Any) -> bool:
    """Every seat that owes orders said READY: the turn may run early. Out,
    bot, resigned and away seats never hold it up; when nobody owes orders,
    only a step every seat of which is the bot's is ready."""
    from pbem.play.games import seats_of
    owe = owing(s, game)
    if not owe:
        return only_bots_owe(s, game)
    return all(x.ready for x in seats_of(s, game.id) if x.name in owe)
