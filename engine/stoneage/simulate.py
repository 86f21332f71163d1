"""Whole games of Stone Age bot against bot, and the figures for balancing them.

Pure: seeds in, figures out. Every bot sheet goes through the parser as
text, as a player's mail would, so a bot line the parser refuses is
counted (it must stay 0). ``asks`` counts the decisions a seat was asked
for beyond the round's plan, and ``forced`` those of them with a single
legal answer (which must never be asked).
"""
from __future__ import annotations

import random
import statistics
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Sequence

from engine.contract import Event, OrderSheet
from engine.dice import SeededDice
from engine.stoneage import RULESET, bots, heuristic
from engine.stoneage.buildings import NEW_HUTS
from engine.stoneage.placement import legal
from engine.stoneage.state import State

BOTS: dict[str, Callable[[State, str, random.Random], OrderSheet]] = {
    "heuristic": heuristic.plan, "random": bots.plan,
    "untamed": lambda st, seat, rng: heuristic.plan(st, seat, rng, tame=False)}
SEATS = ("red", "blue", "green", "yellow", "black")     # black: the expansion's fifth colour


@dataclass
class GameResult:
    seed: int
    bots: list[str]
    winners: list[str] | None          # None: the step limit ended it
    rounds: int
    steps: int
    scores: list[int]                  # final, in seat order
    refused: int = 0                   # bot order lines the parser refused
    sheets: int = 0                    # sheets the seats sent (their mails)
    asks: int = 0                      # seats asked within a round, after its first step
    forced: int = 0                    # of those, asks with one legal answer
    herd_won: list[int] = field(default_factory=list)   # mammoth tiles won, in seat order
    tiles: dict[str, tuple[str, str]] = field(default_factory=dict)   # mammoth tile -> how, tamer
    igloos: list[int] = field(default_factory=list)     # option igloos: igloos built, in seat order
    winter: list[int] = field(default_factory=list)     # option harsh_winter: extra points, in seat order
    animals: list[int] = field(default_factory=list)    # option wild_animals: [came into play, driven off]
    new_huts: list[int] = field(default_factory=list)   # option new_huts: new huts built, in seat order
    merchant: list[int] = field(default_factory=list)   # option merchant: [visits, trades, jewel cards, hunts]


def play_game(seed: int, bots_: list[str], options: dict[str, Any], step_limit: int = 2000) -> GameResult:
    seats = list(SEATS[:len(bots_)])
    st = RULESET.new_game(seats, options, seed)
    rng = random.Random(seed)
    by_seat = dict(zip(seats, bots_))
    result = GameResult(seed, bots_, None, 0, 0, [])
    if st.options.get("wild_animals"):
        result.animals = [len(st.animals), 0]          # in play from the first deal
    for step in range(step_limit):
        if RULESET.outcome(st) is not None:
            break
        sheets = {}
        round_start = not any(b.placed for b in st.boards.values())
        for seat in sorted(RULESET.awaiting(st)):
            text = "\n".join(BOTS[by_seat[seat]](st, seat, rng).normal)
            sheet = RULESET.parse_orders(st, seat, text)
            result.refused += len(sheet.problems)
            sheets[seat] = sheet
            if not round_start:
                result.asks += 1
                result.forced += len(legal(st, seat, most=2)) == 1
        result.sheets += len(sheets)
        resolution = RULESET.resolve(st, sheets, SeededDice(f"{seed}:{step}"))
        _count_tiles(st, resolution.events, result.tiles)
        _count_animals(st, resolution.events, result)
        _count_merchant(st, resolution.events, result)
        st = resolution.state
        result.steps = step + 1
    outcome = RULESET.outcome(st)
    result.winners = list(outcome.winners) if outcome else None
    result.rounds = st.round
    result.scores = [st.board(p).score for p in seats]
    result.herd_won = [len(st.herd.won.get(p, [])) if st.herd else 0 for p in seats]
    if st.options.get("igloos"):
        result.igloos = [len(st.board(p).igloos) for p in seats]
    if st.options.get("harsh_winter"):
        result.winter = [st.board(p).winter for p in seats]
    if st.options.get("new_huts"):
        result.new_huts = [sum(1 for t in st.board(p).buildings if t in NEW_HUTS) for p in seats]
    return result


# What each merchant figure counts, by the start of its event (after the seat's name).
_MERCHANT_EVENTS = (" trades with the merchant:", " trades ", " at the jewel slot for ", " of the hunt instead")


def _count_merchant(st: State, events: Sequence[Event], result: GameResult) -> None:
    """The merchant: visits, trades made (less those taken back), jewel slot cards, hunts for jewels."""
    if not st.options.get("merchant"):
        return
    counts = result.merchant or [0, 0, 0, 0]
    for e in events:
        if e.phase != "actions" or e.by is None:
            continue
        text = e.text[len(e.by):]
        if text.startswith(_MERCHANT_EVENTS[0]):
            counts[0] += 1
        elif text.startswith(_MERCHANT_EVENTS[1]):
            counts[1] += 1
        elif text.startswith(" takes the trade back"):
            counts[1] -= 1
        elif _MERCHANT_EVENTS[2] in text:
            counts[2] += 1
        elif _MERCHANT_EVENTS[3] in text:
            counts[3] += 1
    result.merchant = counts


def _count_animals(st: State, events: Sequence[Event], result: GameResult) -> None:
    """Wild animals: those the step brought into play and those it drove off."""
    if not st.options.get("wild_animals"):
        return
    came = sum(1 for e in events if e.text.startswith("A wild animal comes out of the deck"))
    gone = sum(1 for e in events if e.phase == "actions" and " off: its penalty of " in e.text)
    result.animals = [result.animals[0] + came, result.animals[1] + gone]


def _count_tiles(st: State, events: Sequence[Event], tiles: dict[str, tuple[str, str]]) -> None:
    """How the face-up mammoth tile went this step, and who tamed it: "one" or "all" (the
    tamer's reward), "tie", or "nobody"."""
    tile = st.herd.tile if st.herd else ""
    tamer = ""
    for e in events:
        if not tile or e.phase != "herd" or e.to is not None:
            continue
        if "tames the mammoth" in e.text:
            tamer = e.text.split(" tames", 1)[0]
            tiles[tile] = ("one", tamer)
        elif tamer and e.text.startswith(f'{tamer} takes the "all" reward'):
            tiles[tile] = ("all", tamer)
        elif "stay tied" in e.text:
            tiles[tile] = ("tie", "")
        elif e.text.startswith("Nobody is on"):
            tiles[tile] = ("nobody", "")


def simulate(games: int, bots_: list[str], options: dict[str, Any], seed: int = 0,
             step_limit: int = 2000) -> Iterator[GameResult]:
    """``games`` games; the bot list turns a seat each game, so no bot keeps one seat."""
    for i in range(games):
        shift = i % len(bots_)
        yield play_game(seed + i, bots_[shift:] + bots_[:shift], options, step_limit)


def figures(games: int, bots_: list[str], options: dict[str, Any], seed: int = 0,
            step_limit: int = 2000) -> dict[str, Any]:
    """The figures of ``games`` games (``simulate``), one seat a bot: ``Tally.report()``."""
    tally = Tally(len(bots_))
    for result in simulate(games, bots_, options, seed, step_limit):
        tally.add(result)
    return tally.report()


@dataclass
class Tally:
    players: int
    games: int = 0
    seat_wins: dict[str, float] = field(default_factory=dict)
    bot_games: dict[str, int] = field(default_factory=dict)
    bot_wins: dict[str, float] = field(default_factory=dict)
    rounds: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    winning: list[int] = field(default_factory=list)
    unfinished: int = 0
    refused: int = 0
    sheets: int = 0
    asks: int = 0
    forced: int = 0
    herd_won: list[int] = field(default_factory=list)
    tiles: dict[str, dict[str, int]] = field(default_factory=dict)
    tamer_won: dict[str, int] = field(default_factory=dict)     # tile -> games its tamer won
    igloos: list[int] = field(default_factory=list)
    winter: list[int] = field(default_factory=list)
    animals: list[list[int]] = field(default_factory=list)
    new_huts: list[int] = field(default_factory=list)
    merchant: list[list[int]] = field(default_factory=list)

    def add(self, r: GameResult) -> None:
        self.games += 1
        self.rounds.append(r.rounds)
        self.scores += r.scores
        self.refused += r.refused
        self.sheets += r.sheets
        self.asks += r.asks
        self.forced += r.forced
        self.herd_won += r.herd_won
        self.igloos += r.igloos
        self.winter += r.winter
        if r.animals:
            self.animals.append(r.animals)
        self.new_huts += r.new_huts
        if r.merchant:
            self.merchant.append(r.merchant)
        for tile, (how, tamer) in r.tiles.items():
            counts = self.tiles.setdefault(tile, {})
            counts[how] = counts.get(how, 0) + 1
            if tamer and tamer in (r.winners or ()):
                self.tamer_won[tile] = self.tamer_won.get(tile, 0) + 1
        for bot in r.bots:
            self.bot_games[bot] = self.bot_games.get(bot, 0) + 1
        if r.winners is None:
            self.unfinished += 1
            return
        self.winning.append(max(r.scores))
        for seat in r.winners:          # a shared win counts its share
            share = 1 / len(r.winners)
            self.seat_wins[seat] = self.seat_wins.get(seat, 0) + share
            bot = r.bots[SEATS.index(seat)]
            self.bot_wins[bot] = self.bot_wins.get(bot, 0) + share

    def report(self) -> dict[str, Any]:
        """The figures; those of a variant only in games with it."""
        out = self._figures()
        if self.igloos:
            out["igloos_per_seat"] = round(statistics.fmean(self.igloos), 2)
        if self.winter:
            out["winter_points_per_seat"] = round(statistics.fmean(self.winter), 2)
        if self.new_huts:
            out["new_huts_per_seat"] = round(statistics.fmean(self.new_huts), 2)
        if self.merchant:
            seats = max(self.players, 1)
            for i, name in enumerate(("merchant_visits", "trades", "jewel_cards", "hunts_for_jewels")):
                out[f"{name}_per_seat"] = round(statistics.fmean(m[i] for m in self.merchant) / seats, 2)
        if self.animals:
            out["animals_in_play_per_game"] = round(statistics.fmean(a[0] for a in self.animals), 2)
            out["animals_driven_off_per_game"] = round(statistics.fmean(a[1] for a in self.animals), 2)
        return out

    def _figures(self) -> dict[str, Any]:
        g = max(self.games, 1)
        seat_rates = {s: round(self.seat_wins.get(s, 0) / g, 4) for s in SEATS[:self.players]}
        return {
            "games": self.games, "players": self.players,
            "win_rate_by_seat": seat_rates,
            "seat_spread": round(max(seat_rates.values()) - min(seat_rates.values()), 4),
            "win_rate_by_bot": {b: round(self.bot_wins.get(b, 0) / max(n, 1), 4)
                                for b, n in self.bot_games.items()},
            "mean_score": round(statistics.fmean(self.scores), 1) if self.scores else 0,
            "mean_winning_score": round(statistics.fmean(self.winning), 1) if self.winning else 0,
            "rounds": {"mean": round(statistics.fmean(self.rounds), 2) if self.rounds else 0,
                       "min": min(self.rounds, default=0), "max": max(self.rounds, default=0)},
            "sheets_per_seat_per_round": round(self.sheets / max(1, sum(self.rounds) * self.players), 3),
            "asks_within_rounds": self.asks, "asks_with_one_legal_answer": self.forced,
            "mammoth_tiles_won_per_seat": round(statistics.fmean(self.herd_won), 2) if self.herd_won else 0,
            "mammoth_tiles": {t: dict(sorted(c.items())) for t, c in sorted(self.tiles.items())},
            "tamer_win_rate_by_tile": {t: round(self.tamer_won.get(t, 0) / max(1, c.get("one", 0) + c.get("all", 0)), 3)
                                       for t, c in sorted(self.tiles.items())},
            "unfinished": self.unfinished, "refused_bot_lines": self.refused,
        }
