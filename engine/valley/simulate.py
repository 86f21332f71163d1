"""Whole games bot against bot, and the figures a designer needs from them.
Pure: seeds in, statistics out (the command line adds the progress bar)."""
from __future__ import annotations

import random
import statistics
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

from engine.dice import SeededDice
from engine.valley import setup, turn
from engine.valley.bots import random_orders
from engine.valley.heuristic import heuristic_orders

BOTS: dict[str, Callable] = {"heuristic": heuristic_orders, "random": random_orders}
SEATS = ("red", "blue", "green", "white", "black", "brown")


@dataclass
class GameResult:
    seed: int
    bots: list[str]
    winners: list[str] | None          # None: the turn limit ended it
    turns: int
    food: list[float]                  # mean food of the tribes in play after each turn
    refused: int = 0                   # bot order lines the parser refused (must stay 0)
    survived: list[int] = field(default_factory=list)   # turns each seat had tokens or camps
    drawn: dict[str, int] = field(default_factory=dict)       # event name -> times drawn
    decided: dict[str, int] = field(default_factory=dict)     # event name -> times it changed the board
    played: dict[str, int] = field(default_factory=dict)      # fate card name -> times played


@dataclass
class Tally:
    players: int
    games: int = 0
    seat_wins: dict[str, int] = field(default_factory=dict)
    bot_games: dict[str, int] = field(default_factory=dict)
    bot_wins: dict[str, int] = field(default_factory=dict)
    lengths: list[int] = field(default_factory=list)
    extinctions: int = 0
    limits: int = 0
    refused: int = 0
    food_sum: list[float] = field(default_factory=list)
    food_n: list[int] = field(default_factory=list)
    bot_survival: dict[str, list[int]] = field(default_factory=dict)
    drawn: dict[str, int] = field(default_factory=dict)
    decided: dict[str, int] = field(default_factory=dict)
    played: dict[str, int] = field(default_factory=dict)

    def add(self, r: GameResult) -> None:
        self.games += 1
        self.lengths.append(r.turns)
        self.refused += r.refused
        for i, (seat, bot) in enumerate(zip(SEATS, r.bots)):
            self.bot_games[bot] = self.bot_games.get(bot, 0) + 1
            if i < len(r.survived):
                self.bot_survival.setdefault(bot, []).append(r.survived[i])
        for mine, theirs in ((self.drawn, r.drawn), (self.decided, r.decided), (self.played, r.played)):
            for key, n in theirs.items():
                mine[key] = mine.get(key, 0) + n
        if r.winners is None:
            self.limits += 1
        elif not r.winners:
            self.extinctions += 1
        for seat in r.winners or []:
            self.seat_wins[seat] = self.seat_wins.get(seat, 0) + 1
            bot = r.bots[SEATS.index(seat)]
            self.bot_wins[bot] = self.bot_wins.get(bot, 0) + 1
        for i, food in enumerate(r.food):
            if i >= len(self.food_sum):
                self.food_sum.append(0.0)
                self.food_n.append(0)
            self.food_sum[i] += food
            self.food_n[i] += 1

    def report(self) -> dict[str, Any]:
        g = max(self.games, 1)
        return {
            "games": self.games, "players": self.players,
            "win_rate_by_seat": {s: round(self.seat_wins.get(s, 0) / g, 4) for s in SEATS[:self.players]},
            "win_rate_by_bot": {b: round(self.bot_wins.get(b, 0) / max(n, 1), 4) for b, n in self.bot_games.items()},
            "mean_turns_survived_by_bot": {b: round(statistics.fmean(v), 2)
                                           for b, v in self.bot_survival.items() if v},
            "extinction_rate": round(self.extinctions / g, 4),
            "turn_limit_rate": round(self.limits / g, 4),
            "length": {"mean": round(statistics.fmean(self.lengths), 2) if self.lengths else 0,
                       "median": statistics.median(self.lengths) if self.lengths else 0,
                       "max": max(self.lengths, default=0)},
            "events_that_changed_the_board": {k: f"{self.decided.get(k, 0)}/{n}"
                                              for k, n in sorted(self.drawn.items())},
            "fate_cards_played_per_game": {k: round(n / g, 2) for k, n in sorted(self.played.items())},
            "mean_food_by_turn": [round(s / n, 2) for s, n in zip(self.food_sum, self.food_n)][:40],
            "refused_bot_lines": self.refused,
        }


def play_game(seed: int, bots: list[str], options: dict[str, Any], turn_limit: int = 200) -> GameResult:
    seats = list(SEATS[:len(bots)])
    state = setup.new_game(seats, options, seed)
    rng = random.Random(seed)
    food: list[float] = []
    refused = 0
    survived = [0] * len(seats)
    drawn: dict[str, int] = {}
    decided: dict[str, int] = {}
    played: dict[str, int] = {}
    for n in range(turn_limit):
        sheets = {}
        for seat, bot in zip(seats, bots):
            sheet = BOTS[bot](state, seat, rng)
            refused += len(sheet.problems)
            sheets[seat] = sheet
        resolution = turn.resolve(state, sheets, SeededDice(f"{seed}:{n}"))
        state = resolution.state
        _count_cards(resolution.events, drawn, decided, played)
        alive = state.in_play()
        for i, seat in enumerate(seats):
            if state.totals(seat).total or state.camps(seat):
                survived[i] = n + 1
        food.append(statistics.fmean(state.tribes[p].food for p in alive) if alive else 0.0)
        if state.stage == "over":
            return GameResult(seed, bots, list(state.winners or []), n + 1, food, refused, survived,
                              drawn, decided, played)
    return GameResult(seed, bots, None, turn_limit, food, refused, survived, drawn, decided, played)


def _count_cards(events, drawn: dict[str, int], decided: dict[str, int], played: dict[str, int]) -> None:  # type: ignore[no-untyped-def]
    """Which event was drawn and whether anything followed from it; which fate cards were played."""
    current = None
    for e in events:
        if e.phase == "events" and e.text.startswith("event: "):
            current = e.text[len("event: "):].split(".")[0]
            drawn[current] = drawn.get(current, 0) + 1
            changed = False
            continue
        if current and e.phase == "events" and not changed and "die" not in e.text.split(":")[0] \
                and "Sacred Grove" not in e.text:
            changed = True
            decided[current] = decided.get(current, 0) + 1
        if e.phase != "events":
            current = None
        if " plays " in e.text and e.to is None:
            name = e.text.split(" plays ", 1)[1].split(" (")[0]
            played[name] = played.get(name, 0) + 1


def simulate(games: int, bots: list[str], options: dict[str, Any], seed: int = 0,
             turn_limit: int = 200) -> Iterator[GameResult]:
    """``games`` games; the bot list is rotated game by game so no bot keeps one seat."""
    for i in range(games):
        shift = i % len(bots)
        yield play_game(seed + i, bots[shift:] + bots[:shift], options, turn_limit)
