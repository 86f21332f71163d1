"""Whole 4-player bot games per second on one core, with the JSON round-trip
floor beside it (each turn's state stored as JSON and read back: what any
server does with every game).

Run: python bench/valley_games.py [--games 200] [--bots heuristic]
Prints figures; asserts nothing.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.valley.simulate import play_game  # noqa: E402
from engine.valley.state import State  # noqa: E402
from engine.valley import setup  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--bots", default="heuristic")
    args = ap.parse_args()
    bots = [args.bots] * 4
    start = time.perf_counter()
    turns = []
    for seed in range(args.games):
        turns.append(play_game(seed, bots, {}).turns)
    elapsed = time.perf_counter() - start
    state = setup.new_game(["red", "blue", "green", "white"], {}, 1)
    text = state.to_json()
    reps = 2000
    t0 = time.perf_counter()
    for _ in range(reps):
        State.from_json(text).to_json()
    round_trip = (time.perf_counter() - t0) / reps
    mean_turns = statistics.fmean(turns)
    floor = mean_turns * round_trip
    per_game = elapsed / args.games
    print(f"{args.games} games of 4 {args.bots} bots, {mean_turns:.1f} turns on average")
    print(f"games per second:              {args.games / elapsed:8.1f}   ({per_game * 1000:.1f} ms a game)")
    print(f"JSON round trip floor a game:  {floor * 1000:8.2f} ms   (a game costs {per_game / floor:.0f}x its floor)")
    print(f"target: at least 20 games per second -> {'met' if args.games / elapsed >= 20 else 'MISSED'}")


if __name__ == "__main__":
    main()
