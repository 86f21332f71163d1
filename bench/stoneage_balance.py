"""The balance tables of docs/balance-stoneage.md: whole games of heuristic
bots for 2, 3 and 4 players, with and without the Mammoth Herd, and how each
mammoth tile went, as markdown tables.

Run: python bench/stoneage_balance.py [--games 1000] [--json DIR]
     python bench/stoneage_balance.py --variants [--games 1000] [--players 4]
Prints the tables; asserts nothing (the targets are in the doc). ``--variants`` prints
only the table of the variants (with the herd, seed 0): none, each alone, all together.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.stoneage.simulate import figures as simulated  # noqa: E402


def row(players: int, herd: bool, figures: dict) -> str:
    seats = figures["win_rate_by_seat"]
    wins = " / ".join(f"{100 * v:.1f}" for v in seats.values())
    rounds = figures["rounds"]
    return (f"| {players} | {'yes' if herd else 'no'} | {figures['games']} | {wins} | "
            f"{100 * figures['seat_spread']:.1f} | {figures['mean_score']} | {figures['mean_winning_score']} | "
            f"{rounds['mean']:.2f} | {rounds['min']}-{rounds['max']} | {figures['refused_bot_lines']} |")


def tiles(figures: dict) -> list[str]:
    out = ["| tile | tamed, tamer took \"1.\" | tamed, tamer took \"all\" | tied | nobody | tamer won the game |",
           "|---|---|---|---|---|---|"]
    for tile, counts in figures["mammoth_tiles"].items():
        rate = figures["tamer_win_rate_by_tile"][tile]
        out.append(f"| {tile} | {counts.get('one', 0)} | {counts.get('all', 0)} | {counts.get('tie', 0)} | "
                   f"{counts.get('nobody', 0)} | {100 * rate:.1f}% |")
    return out


VARIANTS = ("wild_animals", "new_huts", "igloos", "harsh_winter", "merchant")
PER_SEAT = (("igloos_per_seat", "igloos"), ("winter_points_per_seat", "winter points"),
            ("new_huts_per_seat", "new huts"), ("merchant_visits_per_seat", "merchant visits"),
            ("trades_per_seat", "trades"), ("jewel_cards_per_seat", "jewel slot cards"),
            ("hunts_for_jewels_per_seat", "hunts for jewels"))


def variant_row(name: str, figures: dict) -> str:
    seats = " / ".join(f"{100 * v:.1f}" for v in figures["win_rate_by_seat"].values())
    extra = [f"{figures[k]} {words}" for k, words in PER_SEAT if k in figures]
    if "animals_in_play_per_game" in figures:
        extra.append(f"animals {figures['animals_in_play_per_game']} in play, "
                     f"{figures['animals_driven_off_per_game']} driven off a game")
    return (f"| {name} | {seats} | {100 * figures['seat_spread']:.1f} | {figures['mean_score']} | "
            f"{figures['mean_winning_score']} | {figures['rounds']['mean']:.2f} | {', '.join(extra)} | "
            f"{figures['refused_bot_lines']} |")


def variants_table(games: int, players: int) -> None:
    """Heuristic bots: none, each variant alone, all five; then random bots with all five (their
    refused lines must be 0 too). A fifth seat comes only with the merchant, so with 5 players
    only the rows with it."""
    print("| variants | wins by seat (%) | seat spread (points) | mean score | winner's mean | rounds (mean) "
          "| per seat / game | refused bot lines |")
    print("|---|---|---|---|---|---|---|---|")
    every = {v: True for v in VARIANTS}
    rows = [("none", {}, "heuristic")] + [(v, {v: True}, "heuristic") for v in VARIANTS]
    rows += [("all five", every, "heuristic"), ("all five, random bots", every, "random")]
    for name, options, bot in rows:
        if players > 4 and not options.get("merchant"):
            continue
        print(variant_row(name, simulated(games, [bot] * players, {"mammoth_herd": True, **options})), flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--json", type=Path, help="also write each table row's figures as DIR/<players>-<herd>.json")
    ap.add_argument("--variants", action="store_true", help="only the variants' table")
    ap.add_argument("--players", type=int, default=4, help="players in the variants' table")
    args = ap.parse_args()
    if args.variants:
        variants_table(args.games, args.players)
        return
    print("| players | herd | games | wins by seat (%) | seat spread (points) | mean score | winner's mean "
          "| rounds (mean) | rounds (range) | refused bot lines |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    herd_figures = None
    for players in (2, 3, 4):
        for herd in (False, True):
            figures = simulated(args.games, ["heuristic"] * players, {"mammoth_herd": herd})
            print(row(players, herd, figures), flush=True)
            if args.json:
                args.json.mkdir(parents=True, exist_ok=True)
                (args.json / f"{players}-{'herd' if herd else 'base'}.json").write_text(json.dumps(figures, indent=1))
            if herd and players == 4:
                herd_figures = figures
    print()
    print("\n".join(tiles(herd_figures or {})))


if __name__ == "__main__":
    main()
