"""How many mails a Stone Age player writes a round: 200 whole 4-player games
of heuristic bots through the parser, in plan mode (the default; target at
most 2.0 a round, DESIGN.md section 9) and in live mode for comparison, with
and without the Mammoth Herd; and how often a seat was asked for a decision
that had one legal answer (target: never).

A player writes one mail per step that awaits it: in plan mode the round's
plan, in live mode also each placement its plan did not cover. The reports
it receives follow DIGEST (one a round by default) and are not counted.

Run: python bench/stoneage_mails.py [--games 200]. Prints figures; asserts nothing.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.stoneage.simulate import Tally, simulate  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    args = ap.parse_args()
    print("| placement | herd | games | rounds | mails written per player per round | asked within a round "
          "| asked with one legal answer | refused bot lines |")
    print("|---|---|---|---|---|---|---|---|")
    for placement in ("plan", "live"):
        for herd in (False, True):
            tally = Tally(4)
            for result in simulate(args.games, ["heuristic"] * 4, {"placement": placement, "mammoth_herd": herd}):
                tally.add(result)
            f = tally.report()
            verdict = "" if placement == "live" else (" (met)" if f["sheets_per_seat_per_round"] <= 2.0 else " (MISSED)")
            print(f"| {placement} | {'yes' if herd else 'no'} | {f['games']} | {sum(tally.rounds)} | "
                  f"{f['sheets_per_seat_per_round']:.3f}{verdict} | {f['asks_within_rounds']} | "
                  f"{f['asks_with_one_legal_answer']} | {f['refused_bot_lines']} |", flush=True)


if __name__ == "__main__":
    main()
