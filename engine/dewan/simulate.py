"""Whole games of Dewan bot against bot, and the figures for balancing them.

Pure: seeds in, figures out (a random.Random per game for the bots, SeededDice
per step for the engine). Every sheet goes through the parser as text, as a
player's mail would, so a bot line the parser refuses is counted (it must stay
0). The seat to move is asked; a seat not to move that has no kept pre-orders
and has moved since it last wrote may send its next move ahead. So a turn is
played either from a pre-order or after an ask, and the mails of a seat are
its asks plus the pre-order sheets it sent.
"""
from __future__ import annotations

import random
import statistics
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

from engine.contract import OrderSheet
from engine.dewan import RULESET, bots, heuristic, scoring
from engine.dewan.components import SCENARIOS, STORIES
from engine.dewan.state import PLAY, State
from engine.dice import SeededDice

Bot = Callable[[State, str, random.Random], OrderSheet]
BOTS: dict[str, Bot] = {"heuristic": heuristic.orders, "simple": bots.orders, "random": bots.orders}
SEATS = ("red", "blue", "green", "yellow")
LINES = ("stories", "fire", "most fire", "berries", "groups")
STUCK = "No clan can take cards or place a camp any more"


@dataclass
class GameResult:
    seed: int
    bots: list[str]
    winners: list[str] | None            # None: the step limit ended it
    rounds: int = 0
    turns: int = 0
    steps: int = 0
    scores: list[int] = field(default_factory=list)                  # in seat order
    lines: list[dict[str, int]] = field(default_factory=list)        # scoring lines, in seat order
    stuck: bool = False                  # ended because nobody could act
    refused: int = 0                     # bot lines the parser refused
    asks: list[int] = field(default_factory=list)           # play-stage asks, per seat
    draft_asks: int = 0
    sent: list[int] = field(default_factory=list)           # pre-order sheets sent, per seat
    used: list[int] = field(default_factory=list)           # turns played from a pre-order, per seat
    seat_turns: list[int] = field(default_factory=list)     # play-stage turns, per seat
    taken: dict[str, str] = field(default_factory=dict)     # story -> the seat holding it at the end
    completed: dict[str, str] = field(default_factory=dict)  # story -> the seat that completed it
    slots: list[int] = field(default_factory=list)          # each seat's start hex, by its index


def play_game(seed: int, bots_: list[str], options: dict[str, Any], ahead: bool = True,
              turn: int = 0, step_limit: int = 1000) -> GameResult:
    """One game; ``bots_`` names the bot of each seat in seat order. With ``ahead`` False
    no seat writes ahead: every move is asked for on the position it is played in. With
    ``turn`` k, seat i starts on the scenario's start hex i + k (to tell seats from hexes)."""
    seats = list(SEATS[:len(bots_)])
    st = RULESET.new_game(seats, options, seed)
    starts = [st.camps[p][0] for p in seats]
    st.camps = {p: [starts[(i + turn) % len(seats)]] for i, p in enumerate(seats)}
    rng = random.Random(f"bots {seed}")
    by_seat = dict(zip(seats, bots_))
    zero = [0] * len(seats)
    r = GameResult(seed, list(bots_), None, asks=list(zero), sent=list(zero), used=list(zero),
                   seat_turns=list(zero), slots=[(i + turn) % len(seats) for i in range(len(seats))])
    moved = {p: True for p in seats}          # moved since its last pre-order sheet
    for step in range(step_limit):
        if RULESET.outcome(st) is not None:
            break
        awaited = RULESET.awaiting(st)
        sheets = {}
        for seat in seats:
            if seat in awaited:
                sheets[seat] = _sheet(st, seat, BOTS[by_seat[seat]], rng, r)
                if st.stage == PLAY:
                    r.asks[seats.index(seat)] += 1
                else:
                    r.draft_asks += 1
            elif ahead and moved[seat] and seat not in st.plans:
                sheet = _sheet(st, seat, BOTS[by_seat[seat]], rng, r)
                if sheet.orders:
                    sheets[seat] = sheet
                    r.sent[seats.index(seat)] += 1
                    moved[seat] = False
        resolution = RULESET.resolve(st, sheets, SeededDice(f"{seed}:{step}"))
        for e in resolution.events:
            if e.by in moved and e.phase in ("take", "camp", "pass"):
                moved[e.by] = True
                if e.phase != "camp" or "places a camp" in e.text:
                    r.seat_turns[seats.index(e.by)] += 1
            elif e.phase == "plan" and e.to in moved and e.text.startswith("Pre-order") and e.text.endswith("played."):
                r.used[seats.index(e.to)] += 1
            elif e.phase == "end" and e.text.startswith(STUCK):
                r.stuck = True
        st = resolution.state
        r.steps = step + 1
    return _finish(st, seats, r)


def _sheet(st: State, seat: str, bot: Bot, rng: random.Random, r: GameResult) -> OrderSheet:
    """The bot's orders, sent as text through the parser; refused lines are counted."""
    text = "\n".join(bot(st, seat, rng).normal)
    sheet = RULESET.parse_orders(st, seat, text)
    r.refused += len(sheet.problems)
    return sheet


def _finish(st: State, seats: list[str], r: GameResult) -> GameResult:
    outcome = RULESET.outcome(st)
    r.winners = list(outcome.winners) if outcome else None
    r.rounds, r.turns = st.round, st.turns
    r.lines = [scoring.lines(st, p) for p in seats]
    r.scores = [sum(ln.values()) for ln in r.lines]
    for p in seats:
        r.taken.update({s: p for s in st.stories[p] + st.done[p]})
        r.completed.update({s: p for s in st.done[p]})
    return r


def simulate(games: int, bots_: list[str], options: dict[str, Any], seed: int = 0,
             ahead: bool = True, turn_starts: bool = False) -> Iterator[GameResult]:
    """``games`` games from ``seed`` on; the bot list turns a seat each game, so no bot keeps one
    seat; with ``turn_starts`` the start hexes turn too, so no seat keeps one start hex."""
    for i in range(games):
        shift = i % len(bots_)
        turn = (i // len(bots_)) % len(bots_) if turn_starts else 0
        yield play_game(seed + i, bots_[shift:] + bots_[:shift], options, ahead, turn)


@dataclass
class Tally:
    players: int
    scoring: dict[str, int] = field(default_factory=dict)     # the scenario's multipliers
    games: int = 0
    seat_wins: Counter = field(default_factory=Counter)
    slot_wins: Counter = field(default_factory=Counter)       # by start hex (its index in the scenario)
    bot_games: Counter = field(default_factory=Counter)
    bot_wins: Counter = field(default_factory=Counter)
    seat_scores: dict[int, list[int]] = field(default_factory=dict)
    bot_scores: dict[str, list[int]] = field(default_factory=dict)
    rounds: list[int] = field(default_factory=list)
    turns: list[int] = field(default_factory=list)
    unfinished: int = 0
    stuck: int = 0
    refused: int = 0
    asks: int = 0
    draft_asks: int = 0
    sent: int = 0
    used: int = 0
    seat_turns: int = 0
    used_by_seat: Counter = field(default_factory=Counter)    # turns from a pre-order, by seat index
    turns_by_seat: Counter = field(default_factory=Counter)   # play-stage turns, by seat index
    taken: Counter = field(default_factory=Counter)
    completed: Counter = field(default_factory=Counter)
    story_points: Counter = field(default_factory=Counter)    # points each story scored
    line_used: Counter = field(default_factory=Counter)       # seat-games a line scored in
    line_points: Counter = field(default_factory=Counter)

    def add(self, r: GameResult, story_worth: Callable[[str], int] | None = None) -> None:
        """Count one game; ``story_worth`` gives a completed story's points (printed points
        and fire, times the scenario's multipliers) for the story shares."""
        self.games += 1
        self.rounds.append(r.rounds)
        self.turns.append(r.turns)
        self.refused += r.refused
        self.stuck += r.stuck
        self.asks += sum(r.asks)
        self.draft_asks += r.draft_asks
        self.sent += sum(r.sent)
        self.used += sum(r.used)
        self.seat_turns += sum(r.seat_turns)
        self.used_by_seat.update(dict(enumerate(r.used)))
        self.turns_by_seat.update(dict(enumerate(r.seat_turns)))
        for i, (score, lines) in enumerate(zip(r.scores, r.lines)):
            self.seat_scores.setdefault(i, []).append(score)
            self.bot_scores.setdefault(r.bots[i], []).append(score)
            for name, points in lines.items():
                self.line_used[name] += points > 0
                self.line_points[name] += points
        self.taken.update(list(r.taken))
        self.completed.update(list(r.completed))
        for s in r.completed:
            self.story_points[s] += story_worth(s) if story_worth else 0
        self.bot_games.update(r.bots)
        if r.winners is None:
            self.unfinished += 1
            return
        for seat in r.winners:             # a shared win counts its share
            share = 1 / len(r.winners)
            self.seat_wins[seat] += share
            self.slot_wins[r.slots[SEATS.index(seat)]] += share
            self.bot_wins[r.bots[SEATS.index(seat)]] += share

    def report(self) -> dict[str, Any]:
        g = max(self.games, 1)
        seats = SEATS[:self.players]
        rates = {s: round(self.seat_wins[s] / g, 4) for s in seats}
        scores = [x for v in self.seat_scores.values() for x in v]
        total = max(1, sum(self.line_points.values()))
        mean = lambda xs: round(statistics.fmean(xs), 2) if xs else 0    # noqa: E731
        return {
            "games": self.games, "players": self.players,
            "win_rate_by_seat": rates,
            "seat_spread": round(max(rates.values()) - min(rates.values()), 4),
            "win_rate_by_start": [round(self.slot_wins[i] / g, 4) for i in range(self.players)],
            "score_by_seat": {s: {"mean": mean(self.seat_scores.get(i, [])),
                                  "sd": round(statistics.pstdev(self.seat_scores.get(i, [0])), 2)}
                              for i, s in enumerate(seats)},
            "win_rate_by_bot": {b: round(self.bot_wins[b] / max(1, n), 4) for b, n in self.bot_games.items()},
            "score_by_bot": {b: mean(v) for b, v in self.bot_scores.items()},
            "mean_score": mean(scores),
            "rounds": {"mean": mean(self.rounds), "min": min(self.rounds, default=0),
                       "max": max(self.rounds, default=0)},
            "turns": mean(self.turns),
            "mails": {"asks": self.asks, "draft_asks": self.draft_asks, "pre_order_sheets": self.sent,
                      "pre_orders_used": self.used, "turns": self.seat_turns,
                      "mails_per_seat_turn": round((self.asks + self.sent) / max(1, self.seat_turns), 3),
                      "turns_from_pre_orders": round(self.used / max(1, self.seat_turns), 3),
                      "pre_order_share_by_seat": {s: round(self.used_by_seat[i] / max(1, self.turns_by_seat[i]), 3)
                                                  for i, s in enumerate(seats)}},
            "stories": {s: {"taken": self.taken[s], "completed": self.completed[s],
                            "rate": round(self.completed[s] / max(1, self.taken[s]), 3),
                            "share": round(self.story_points[s] / total, 4)}
                        for s in sorted(set(self.taken) | set(self.completed))},
            "never_completed": sorted(s for s in self.taken if not self.completed[s]),
            "lines": {name: {"scored_in": round(self.line_used[name] / max(1, g * self.players), 3),
                             "share": round(self.line_points[name] / total, 3)} for name in LINES},
            "stuck": self.stuck, "unfinished": self.unfinished, "refused_bot_lines": self.refused,
        }


def story_worth(scoring_: dict[str, int]) -> Callable[[str], int]:
    """A completed story's points under a scenario's multipliers (the printed points and fire)."""
    return lambda s: scoring_["story_points"] * STORIES[s].points + scoring_["fire_each"] * STORIES[s].fire


def run(games: int, players: int, scenario: str, bots_: list[str] | None = None, seed: int = 0,
        ahead: bool = True, turn_starts: bool = False) -> Tally:
    """A tally of ``games`` games (heuristic bots unless told) on one scenario."""
    table = dict(SCENARIOS[scenario].scoring)
    tally = Tally(players, table)
    worth = story_worth(table)
    for result in simulate(games, bots_ or ["heuristic"] * players, {"scenario": scenario}, seed, ahead,
                           turn_starts):
        tally.add(result, worth)
    return tally
