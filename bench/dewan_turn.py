"""Dewan's speed, as ratios to a JSON round trip of the state (the floor no
correct implementation can skip: the state is stored as JSON every step):

- resolving one turn of a 4-player mid-game from the seat's sheet (target
  below 10 round trips), and the same with the sheet parsed from its text;
- whole games between the bots the game plays missed moves with
  (RULESET.bot_orders), their sheets handed to the engine and through the
  parser as text, as by mail.

Run: python bench/dewan_turn.py [--repeat N] [--games N]. Prints figures; asserts nothing.

Figures (2026-12-06, this project's 2-core machine): a turn 0.21x the floor; bot games 38 / 30 /
20 a second at 2 / 3 / 4 players (153x / 194x / 293x the floor a game), the issue's target
50 / 40 / 30. The old bot measured in the same minutes: 22 / 14 / 9. After the payment search
written out for paths of one and two steps (engine.dewan.purse), old and new run in turn seven
times on a machine whose speed swung by half: medians 35.6 -> 46.8 / 23.9 -> 30.3 / 20.1 -> 24.0
a second, the best runs 58.3 -> 67.9 / 37.4 -> 40.6 / 25.4 -> 28.6. On a quiet machine in a later
session that day (60 games each): 79.5 / 55.4 / 39.8 a second (71.8 / 50.9 / 35.6 through the
parser): the target met; `pbem simulate --ruleset dewan --players 3 --games 200` took 7.4 s.
On the slower machine of the eighth session (2026-12-06 evening; the old code ran 43 / 30 / 22),
the bot's options, payments and pair scores found once where they stand (old and new in turn, four
rounds each, the machine loaded): medians 1.45x / 1.40x / 1.40x the old code, best runs 62.9 /
41.9 / 30.3 a second, median runs 58 / 37 / 26; the 200-game simulation 13.5-17.3 s -> 8.4-9.1 s.
The ninth session's machine (2026-12-06, that code): a turn 0.18x, bot games 70.9 / 52.2 / 34.0 a
second (53.4 / 42.1 / 33.5 through the parser): the target met.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from timing import interleaved, median_ratio, ratio  # noqa: E402

from engine import SeededDice, get_ruleset  # noqa: E402
from engine.dewan.state import State  # noqa: E402

DEWAN = get_ruleset("dewan")
SEATS = ["red", "blue", "green", "yellow"]


def mid_game(seed: int = 7, turns: int = 24) -> tuple[State, random.Random]:
    """A 4-player position after ``turns`` steps of bot play."""
    st, rng = DEWAN.new_game(SEATS, {}, seed), random.Random(seed)
    for step in range(turns):
        sheets = {p: DEWAN.bot_orders(st, p, rng) for p in sorted(DEWAN.awaiting(st))}
        st = DEWAN.resolve(st, sheets, SeededDice(f"{seed}:{step}")).state
    if DEWAN.outcome(st) is not None:
        raise SystemExit("the game ended before the mid-game position")
    return st, rng


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=300)
    ap.add_argument("--games", type=int, default=100)
    args = ap.parse_args()
    st, rng = mid_game()
    (seat,) = DEWAN.awaiting(st)
    text = "\n".join(DEWAN.bot_orders(st, seat, rng).normal)
    sheet = DEWAN.parse_orders(st, seat, text)

    def json_round_trip() -> None:
        State.from_json(st.to_json())

    def resolve_turn() -> None:
        DEWAN.resolve(st, {seat: sheet}, SeededDice(1))

    def parse_and_resolve() -> None:
        DEWAN.resolve(st, {seat: DEWAN.parse_orders(st, seat, text)}, SeededDice(1))

    floor, resolve, full = interleaved([json_round_trip, resolve_turn, parse_and_resolve], args.repeat)
    f, r, p = statistics.median(floor), statistics.median(resolve), statistics.median(full)
    print(f"position: round {st.round}, {seat} to move ({text.splitlines()[0]}), {len(st.to_json())} bytes of JSON")
    print(f"JSON round trip (floor):      {f * 1e6:9.1f} us   1.00x")
    print(f"resolve one turn:             {r * 1e6:9.1f} us   {ratio(resolve, floor)}")
    print(f"parse the sheet + resolve:    {p * 1e6:9.1f} us   {ratio(full, floor)}")
    print(f"target: a turn below 10x the floor -> {'met' if median_ratio(resolve, floor) < 10 else 'MISSED'}")
    missed = []
    for players, wanted in ((2, 50), (3, 40), (4, 30)):
        for parse in (False, True):
            rate, turns = _games_per_second(args.games, players, parse)
            what = "through the parser" if parse else "as the bots give them"
            print(f"{args.games} {players}-player bot games, sheets {what}: {rate:.1f} games/s, "
                  f"{turns:.1f} turns a game, {1 / rate / f:.0f}x the floor a game")
            if not parse and rate < wanted:
                missed.append(f"{players} players")
    print(f"target (the issue's): 50 / 40 / 30 bot games a second at 2 / 3 / 4 players -> "
          f"{'met' if not missed else 'MISSED at ' + ', '.join(missed)}")


def _games_per_second(games: int, players: int, parse: bool) -> tuple[float, float]:
    """Whole bot games a second, and turns a game; ``parse``: each sheet goes through the
    parser as text first."""
    start, turns = time.perf_counter(), 0
    for seed in range(games):
        st, rng = DEWAN.new_game(SEATS[:players], {}, seed), random.Random(seed)
        for step in range(2000):
            if DEWAN.outcome(st) is not None:
                break
            sheets = {}
            for seat in sorted(DEWAN.awaiting(st)):
                sheet = DEWAN.bot_orders(st, seat, rng)
                sheets[seat] = DEWAN.parse_orders(st, seat, "\n".join(sheet.normal)) if parse else sheet
            st = DEWAN.resolve(st, sheets, SeededDice(f"{seed}:{step}")).state
        turns += st.turns
    return games / (time.perf_counter() - start), turns / games


if __name__ == "__main__":
    main()
