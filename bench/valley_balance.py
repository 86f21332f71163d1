"""The balance table of docs/balance-valley.md: whole 4-player games of
heuristic bots on every board, as a markdown table.

Run: python bench/valley_balance.py [--games 2000] [--fire] [--json DIR]
Prints the table; asserts nothing (the targets are in the doc).
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.valley.boards import BOARD_NAMES  # noqa: E402
from engine.valley.simulate import Tally, simulate  # noqa: E402


def row(board: str, figures: dict) -> str:
    seats = figures["win_rate_by_seat"]
    spread = (max(seats.values()) - min(seats.values())) * 100
    wins = " / ".join(f"{100 * v:.1f}" for v in seats.values())
    length = figures["length"]
    return (f"| {board} | {figures['games']} | {100 * figures['extinction_rate']:.2f}% | {wins} | "
            f"{spread:.1f} | {length['mean']:.2f} | {length['median']} | {length['max']} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--fire", action="store_true")
    ap.add_argument("--json", type=Path, help="also write each board's figures as DIR/BOARD.json")
    args = ap.parse_args()
    print("| board | games | extinction | wins red / blue / green / white (%) | seat spread (points) "
          "| mean length | median | longest |")
    print("|---|---|---|---|---|---|---|---|")
    means = []
    for board in BOARD_NAMES:
        tally = Tally(4)
        options = {"board": board, **({"fire": True} if args.fire else {})}
        for result in simulate(args.games, ["heuristic"] * 4, options):
            tally.add(result)
        figures = tally.report()
        means.append(figures["length"]["mean"])
        if args.json:
            args.json.mkdir(parents=True, exist_ok=True)
            (args.json / f"{board}.json").write_text(json.dumps(figures, indent=1))
        print(row(board, figures), flush=True)
    print(f"\nlongest board's games / shortest board's games: {max(means) / min(means):.2f}")


if __name__ == "__main__":
    main()
