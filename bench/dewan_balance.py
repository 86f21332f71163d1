"""The balance tables of docs/balance-dewan.md: whole games of heuristic bots for
2, 3 and 4 players on the scenarios base and trek, as markdown tables: seats,
scores and length; where the points come from; how each story fares.

Run: python bench/dewan_balance.py [--games 1000] [--mail-games 200] [--turned-games 300]
     [--seed 0] [--players 2 3 4] [--scenario base trek] [--json DIR]
Prints the tables; asserts nothing (the targets are in the doc).
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.dewan.components import STORIES, slots  # noqa: E402
from engine.dewan.simulate import LINES, run  # noqa: E402

SCENARIOS = ("base", "trek")


def seats_row(players: int, scenario: str, f: dict, seconds: float) -> str:
    wins = " / ".join(f"{100 * v:.1f}" for v in f["win_rate_by_seat"].values())
    means = " / ".join(f"{v['mean']:.1f}" for v in f["score_by_seat"].values())
    sd = sum(v["sd"] for v in f["score_by_seat"].values()) / players
    mails = f["mails"]
    by_seat = " / ".join(f"{100 * v:.0f}" for v in mails["pre_order_share_by_seat"].values())
    return (f"| {players} | {scenario} | {f['games']} | {wins} | {100 * f['seat_spread']:.1f} | {means} | {sd:.1f} | "
            f"{f['mean_score']:.1f} | {f['rounds']['mean']:.1f} ({f['rounds']['min']}-{f['rounds']['max']}) | "
            f"{mails['mails_per_seat_turn']:.2f} | {100 * mails['turns_from_pre_orders']:.0f}% ({by_seat}) | "
            f"{f['stuck']} | {f['refused_bot_lines']} | {seconds:.0f} |")


def lines_row(players: int, scenario: str, f: dict) -> str:
    cells = " | ".join(f"{100 * f['lines'][n]['share']:.0f}% ({100 * f['lines'][n]['scored_in']:.0f}%)"
                       for n in LINES)
    return f"| {players} | {scenario} | {cells} |"


def story_rows(all_figures: dict[tuple[int, str], dict]) -> list[str]:
    out = []
    for s, story in STORIES.items():
        cells = []
        for key in sorted(all_figures):
            got = all_figures[key]["stories"].get(s, {"taken": 0, "completed": 0, "rate": 0, "share": 0})
            cells.append(f"{100 * got['rate']:.0f}% of {got['taken']} ({100 * got['share']:.1f}%)")
        out.append(f"| {s} | {story.name} | {story.points}/{story.fire} | " + " | ".join(cells) + " |")
    return out


def turned(games: int, seed: int, rows: list[tuple[int, str]]) -> None:
    """Seats and start hexes told apart: every seat starts on every start hex equally often."""
    print("| players | scenario | games | wins by seat (%) | wins by start hex (%) |")
    print("|---|---|---|---|---|")
    for players, scenario in rows:
        f = run(games, players, scenario, seed=seed, ahead=False, turn_starts=True).report()
        seats = " / ".join(f"{100 * v:.1f}" for v in f["win_rate_by_seat"].values())
        hexes = " / ".join(f"{h} {100 * v:.1f}" for h, v in zip(slots(scenario, players).starts,
                                                             f["win_rate_by_start"]))
        print(f"| {players} | {scenario} | {f['games']} | {seats} | {hexes} |", flush=True)


def table(games: int, seed: int, ahead: bool, json_dir: Path | None, rows: list[tuple[int, str]]
          ) -> dict[tuple[int, str], dict]:
    print("| players | scenario | games | wins by seat (%) | seat spread (points) | mean score by seat | score sd "
          "| mean score | rounds (range) | mails per seat-turn | turns from pre-orders (by seat) | nobody can act "
          "| refused bot lines | seconds |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    figures: dict[tuple[int, str], dict] = {}
    for players, scenario in rows:
        began = time.perf_counter()
        f = run(games, players, scenario, seed=seed, ahead=ahead).report()
        figures[(players, scenario)] = f
        print(seats_row(players, scenario, f, time.perf_counter() - began), flush=True)
        if json_dir:
            json_dir.mkdir(parents=True, exist_ok=True)
            name = f"{players}-{scenario}-{'mail' if ahead else 'asked'}.json"
            (json_dir / name).write_text(json.dumps(f, indent=1))
    return figures


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000, help="games a row, every move asked for")
    ap.add_argument("--mail-games", type=int, default=200, help="games a row with pre-orders (0: none)")
    ap.add_argument("--turned-games", type=int, default=300,
                    help="games a row with the start hexes turned round the seats (0: none)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--players", type=int, nargs="+", default=[2, 3, 4], choices=(2, 3, 4),
                    help="only these player counts")
    ap.add_argument("--scenario", nargs="+", default=list(SCENARIOS), choices=SCENARIOS, help="only these scenarios")
    ap.add_argument("--json", type=Path, help="also write each row's figures as DIR/<players>-<scenario>-<mode>.json")
    args = ap.parse_args()
    rows = [(p, sc) for p in sorted(set(args.players)) for sc in SCENARIOS if sc in args.scenario]
    print("Every move asked for on the position it is played in:")
    print()
    figures = table(args.games, args.seed, False, args.json, rows)
    if args.mail_games:
        print()
        print("With pre-orders when sensible (the mail game):")
        print()
        table(args.mail_games, args.seed, True, args.json, rows)
    if args.turned_games:
        print()
        print("Start hexes turned round the seats, every move asked for:")
        print()
        turned(args.turned_games, args.seed, rows)
    print()
    print("Share of all points by scoring line (and the share of seats scoring on it), moves asked for:")
    print()
    print("| players | scenario | " + " | ".join(LINES) + " |")
    print("|---|---|" + "---|" * len(LINES))
    for (players, scenario), f in sorted(figures.items()):
        print(lines_row(players, scenario, f))
    print()
    print("Stories: completed of held, per row, and in brackets their share of all points (moves asked for):")
    print()
    keys = sorted(figures)
    print("| id | story | points/fire | " + " | ".join(f"{p}p {sc}" for p, sc in keys) + " |")
    print("|---|---|---|" + "---|" * len(keys))
    print("\n".join(story_rows(figures)))
    never = sorted({s for f in figures.values() for s in f["never_completed"]})
    print()
    print("Never completed in some row: " + (", ".join(never) or "none") + ".")


if __name__ == "__main__":
    main()
