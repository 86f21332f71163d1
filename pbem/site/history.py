"""A game's history: any turn as a seat (or the public) saw it, and a replay
that re-resolves the whole game from its first state, stored sheets and seeds.

Order sheets are private: a turn as the public saw it has every seat's orders
as carried out (:func:`pbem.site.public.carried_out`); as a seat, also that seat's
own sheet. Only the GM's replay reads every sheet."""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session, select

from engine import SeededDice, get_ruleset
from pbem.play import seating, steps
from pbem.i18n import _
from pbem.models import Game, TurnRecord
from pbem.site.public import carried_out, fields
from pbem.presenters import get_presenter
from pbem.errors import HistoryError


def records(s: Session, game_id: str) -> list[TurnRecord]:
    return list(s.exec(select(TurnRecord).where(TurnRecord.game_id == game_id).order_by(TurnRecord.turn_no)))


def turn_report(s: Session, game: Game, turn: int | None, seat: str | None, fmt: str,
                address: str) -> str:
    """The report of turn ``turn`` (the state after it was resolved) as ``seat`` saw it. ``turn``
    is the number players see (pbem.play.steps.counted: a round of Stone Age's plan mode is step
    round - 1)."""
    ruleset = get_ruleset(game.ruleset)
    # Report N shows the result of resolving turn N-1; report 0 the setup every seat was mailed.
    by_turn: dict[int, tuple[str, str, str]] = {r.turn_no + 1: (r.state_json, r.events_json, r.sheets_json)
                                                for r in records(s, game.id)}
    if game.initial_state_json:
        by_turn[0] = (game.initial_state_json, "[]", "{}")
    if not by_turn:
        raise HistoryError(_("no turn of {game} has been resolved yet").format(game=game.id))
    if steps.by_round(game):
        number, (state_json, events, mine) = _round_report(game, by_turn, turn, seat)
    else:
        number = _report_number(game, by_turn, turn)
        state_json, events_json, sheets_json = by_turn[number]
        events, mine = json.loads(events_json), json.loads(sheets_json).get(seat, [])
    state = ruleset.from_json(state_json)
    if seat is not None and seat not in state.players:
        raise HistoryError(_("game {game} has no seat {seat}; its seats are {seats}").format(
            game=game.id, seat=seat, seats=", ".join(state.players)))
    view = ruleset.view(state, seat)
    if fmt == "json":
        visible = [e for e in events if fields(e)[2] in (None, seat)]
        data = {"game": game.id, "turn": number, "seat": seat, "view": view, "events": visible,
                "orders": carried_out(events, state.players)}
        if steps.by_round(game):
            data["round"] = ruleset.round_of(state) if turn is None else turn
        if seat is not None:        # a seat's own sheet, never another's
            data["my_orders"] = mine
        return json.dumps(data, indent=2, sort_keys=True)
    _subject, text, html = get_presenter(game.ruleset).report(
        game=game.id, turn_no=number, seat=seat, view=view, events=events, deadline="", address=address)
    return text if fmt == "text" else html


def _report_number(game: Game, by_turn: dict[int, tuple[str, str, str]], turn: int | None) -> int:
    """The report that ``turn`` (as players number it) names; HistoryError when there is none."""
    number = steps.step_of(game, turn) if turn is not None else max(by_turn)
    if number in by_turn:
        return number
    said = {"game": game.id, "first": steps.shown(game, min(by_turn)), "last": steps.shown(game, max(by_turn)),
            "n": turn}
    if steps.counted(game)[0] == "round":
        message = (_("{game} has a report for round {first} only, not {n}") if len(by_turn) == 1 else
                   _("{game} has reports for rounds {first} to {last}, not {n}"))
    else:
        message = (_("{game} has a report for turn {first} only, not {n}") if len(by_turn) == 1 else
                   _("{game} has reports for turns {first} to {last}, not {n}"))
    raise HistoryError(message.format(**said))


def _round_report(game: Game, by_turn: dict[int, tuple[str, str, str]], turn: int | None,
                  seat: str | None) -> tuple[int, tuple[str, list[dict[str, Any]], list[str]]]:
    """Where the game counts rounds (pbem.play.steps.by_round): round ``turn`` (the latest by default)
    as a seat on DIGEST ROUND saw it: the position after the round's last step played, with the
    news of every step of the round, each marked with its step, and the seat's own sheets of
    them. A round none of whose steps was played yet shows the position it began with."""
    numbers = sorted(by_turn)
    rounds = {n: steps.round_in(game.ruleset, by_turn[n][0]) for n in numbers}
    asked = rounds[numbers[-1]] if turn is None else turn
    played = [n for n in numbers if n + 1 in by_turn and rounds[n] == asked]   # steps resolved in it
    if not played:
        began = [n for n in numbers if rounds[n] == asked]
        if not began:
            low, high = min(rounds.values()), max(rounds.values())
            message = (_("{game} has a report for round {first} only, not {n}") if low == high else
                       _("{game} has reports for rounds {first} to {last}, not {n}"))
            raise HistoryError(message.format(game=game.id, first=low, last=high, n=asked))
        return began[0], (by_turn[began[0]][0], [], [])
    events: list[dict[str, Any]] = []
    mine: list[str] = []
    for n in played:
        _state, events_json, sheets_json = by_turn[n + 1]
        marked = json.loads(events_json)
        events += [dict(e, step=n) for e in marked] if len(played) > 1 else marked
        mine += json.loads(sheets_json).get(seat, []) if seat is not None else []
    return played[-1] + 1, (by_turn[played[-1] + 1][0], events, mine)


@dataclass
class ReplayStep:
    turn: int
    same: bool
    detail: str = ""


def replay(s: Session, game: Game) -> list[ReplayStep]:
    """Re-resolve every stored turn from the game's first state; compare each result."""
    ruleset = get_ruleset(game.ruleset)
    if not game.initial_state_json:
        raise HistoryError(_("{game} was created before first states were kept; it cannot be replayed").format(game=game.id))
    state: Any = ruleset.from_json(game.initial_state_json)
    steps = []
    for record in records(s, game.id):
        # The sheets the turn played, through the policy the turn itself used
        # (pbem.play.seating): each was played, so each reads cleanly and plays.
        played = json.loads(record.sheets_json)
        plays = seating.plan(ruleset, state, [seating.Flags(seat) for seat in played],
                             {seat: "\n".join(lines) for seat, lines in played.items()},
                             turn_no=record.turn_no, missed=game.missed, seed=game.seed)
        refused = [f"{seat}: {p}" for seat, play in plays.items() for p in play.refused]
        sheets = seating.to_resolve(plays)
        state = ruleset.resolve(state, sheets, SeededDice(record.dice_seed)).state
        same = ruleset.to_json(state) == record.state_json
        detail = "; ".join(refused) if refused else ("" if same else "the resolved state differs from the stored one")
        steps.append(ReplayStep(record.turn_no, same and not refused, detail))
        state = ruleset.from_json(record.state_json)   # go on from what was played
    return steps


def gm_log(s: Session, game: Game) -> list[str]:
    from pbem.models import GmLog
    return [f"{x.at:%Y-%m-%d %H:%M} UTC  {x.action:<9} {x.detail}"
            for x in s.exec(select(GmLog).where(GmLog.game_id == game.id).order_by(GmLog.id))]
