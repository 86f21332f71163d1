"""Whole games of Dewan by mail as people write them, through real passes: how many mails a
player writes a turn, and how often the server has to ask.

Each game has one seat of each kind (a 4-seat game has two of the first):

- ``ahead``: pre-orders every move. Whenever the news reaches it and it has nothing kept, it
  sends its next move ahead (the bot's choice, guarded with IF where the cards may change);
  when it is asked after all, it answers with its move and, below NEXT, the move after it
  where it can already tell (a camp it can pay, or a pair of cards its move leaves in place).
- ``sloppy``: the same, but one mail in ten has a misspelt order (refused: it sends the sheet
  again), and once a game it lets a "your move" mail lie until the bot plays the move.
- ``asked``: never writes ahead; answers each "your move" mail with its move.

The players read the position from the game's state where a person reads the report (the
bot's view: its own hand and everything public). Mail goes through the Maildir transport,
the database is SQLite; every pass is a real ``pbem process`` pass run in this process.

Per seat: turns played, mails written, mails a turn, "your move" mails, and those of them
that came although the seat had sent its move ahead (split: its pre-orders no longer fitted
and were dropped with the reason, or nothing of its own was kept). Targets (issue 29): an
``ahead`` seat writes at most 1.05 mails a turn, and is asked 0 times while its pre-orders
still fit.

Run: python bench/mails_by_people.py [--games 1] [--seed 1]. Prints figures; asserts nothing.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from sqlmodel import Session, select  # noqa: E402

from engine.dewan import RULESET, heuristic  # noqa: E402
from engine.dewan.orders import Take  # noqa: E402
from engine.dewan.state import DRAFT, PLAY, State  # noqa: E402
from engine.dice import SeededDice  # noqa: E402
from pbem.play.games import GameSpec  # noqa: E402
from pbem.models import TurnRecord  # noqa: E402
from pbem_world import run_pass  # noqa: E402
from people import SEATS, T0, MailTable, Writer  # noqa: E402

KINDS = ("ahead", "sloppy", "asked", "ahead")
TYPO = {"TAKE": "TAEK", "CAMP": "CMAP"}


@dataclass
class Player(Writer):
    asked: int = 0                   # "your move" mails
    asked_dropped: int = 0           # ... after its pre-orders were dropped (they no longer fitted)
    asked_with_nothing: int = 0      # ... with nothing of its own kept although it writes ahead
    sent_for: set[int] = field(default_factory=set)


class Game1(MailTable):
    def __init__(self, root: Path, players: int, seed: int) -> None:
        seats = [Player(SEATS[i], KINDS[i], f"{SEATS[i]}@example.org") for i in range(players)]
        super().__init__(root, GameSpec(id="dw", ruleset="dewan", seats=[(p.seat, p.address) for p in seats],
                                        options={}, gm_email="gm@example.org", move_deadline="1h",
                                        seed=f"people-{seed}", missed="bot"), seats, seed)

    def round(self) -> bool:
        """Every player reads its new mail and writes what it writes; then one pass. False at the end."""
        game, st = self.state()
        if game.status == "over":
            return False
        wait = timedelta(minutes=10)
        for p in self.players:
            subjects, texts = self.new_mail(p)
            if self.resent(p, subjects):
                continue
            asked = [t for s, t in zip(subjects, texts) if "your move" in s]
            for text in asked:
                p.asked += 1
                if p.kind != "asked":
                    dropped = "dropped:" in text
                    p.asked_dropped += dropped
                    p.asked_with_nothing += not dropped
            if asked:
                if p.kind == "sloppy" and not p.forgot and st.stage == PLAY and self.rng.random() < 0.2:
                    p.forgot, wait = True, timedelta(minutes=61)
                    continue
            mover = p.seat in RULESET.awaiting(st)
            if mover and game.turn_no not in p.sent_for:
                p.sent_for.add(game.turn_no)
                lines = list(RULESET.bot_orders(st, p.seat, self.rng).normal)
                if p.kind != "asked":
                    lines += next_block(st, p.seat, lines, self.rng)
                self.post(p, "\n".join(lines), TYPO)
            elif (not mover and p.kind != "asked" and any("Re: " not in s for s in subjects)
                  and p.seat not in st.plans and RULESET.pre_orders(st, p.seat)):
                lines = ahead(st, p.seat, self.rng)
                if lines:
                    self.post(p, "\n".join(lines), TYPO)
        self.now += wait
        code, _summary = run_pass(self.world, self.now)
        assert code == 0, _summary.lines()
        return True

    def turns(self) -> Counter:
        """Decisions each seat took: its story pick in the draft and its moves (TAKE, CAMP)."""
        out: Counter = Counter()
        with Session(self.engine) as s:
            for r in s.exec(select(TurnRecord).where(TurnRecord.game_id == "dw")):
                for e in json.loads(r.events_json):
                    if e.get("by") and e.get("to") is None and e.get("phase") in ("draft", "take", "camp") \
                            and ("places a camp" in e["text"] or " takes " in e["text"]):
                        out[e["by"]] += 1
        return out


def ahead(st: State, seat: str, rng: random.Random) -> list[str]:
    """A seat's next move sent before its turn, as a careful person writes it: in the draft
    its story pick first; then the bot's pre-orders when it has them, else the moves it
    would make as the position stands, a TAKE guarded by the cards it wants."""
    mine = st.copy()
    mine.to_move = seat
    lines = []
    if st.stage == DRAFT:
        if st.players.index(seat) < st.players.index(st.to_move):
            lines += [x for x in RULESET.bot_orders(mine, seat, rng).normal if x.startswith("STORY")]
        mine.stage = PLAY
    moves = [x for x in heuristic.orders(st, seat, rng).normal if not x.startswith("STORY")] \
        if st.stage == PLAY else []
    if not moves:
        for order in heuristic.suggestions(mine, seat):
            if isinstance(order, Take):
                order = Take(order.first, order.second, (mine.row[order.first - 1], mine.row[order.second - 1]))
            moves.append(str(order))
    return lines + moves[:3]


def next_block(st: State, seat: str, move: list[str], rng: random.Random) -> list[str]:
    """Below NEXT, the move after this one where the seat can tell it now: the position after
    its own move (the others' moves unknown), a camp it can pay from the hand it will hold,
    or a pair of cards its move leaves in place, guarded."""
    if st.stage != PLAY:
        return []
    mine = st.copy()
    mine.plans.clear()                   # the others' kept moves are unknown to it
    after = RULESET.resolve(mine, {seat: RULESET.parse_orders(st, seat, "\n".join(move))}, SeededDice("guess")).state
    if after.stage != PLAY:
        return []
    kept = [i for i in range(len(st.row)) if st.row[i] and after.row[i] == st.row[i]
            and not any(line.startswith("TAKE") and str(i + 1) in line.split()[1:3] for line in move)]
    lines = []
    mine = after.copy()
    mine.to_move = seat
    for order in heuristic.suggestions(mine, seat):
        if isinstance(order, Take):
            if order.first - 1 in kept and order.second - 1 in kept:
                lines.append(str(Take(order.first, order.second, (st.row[order.first - 1], st.row[order.second - 1]))))
        else:
            lines.append(str(order))
    return ["NEXT"] + lines[:2] if lines else []


def play(players: int, seed: int) -> tuple[list[Player], Counter, int, float]:
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        game = Game1(Path(tmp), players, seed)
        passes = 0
        while game.round() and passes < 400:
            passes += 1
        return game.players, game.turns(), passes, time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1, help="games of each size")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print("| seats | seat | kind | turns | mails | mails a turn | 'your move' | after a dropped pre-order "
          "| with nothing kept |")
    print("|---|---|---|---|---|---|---|---|---|")
    for size in (3, 4):
        total: dict[tuple[str, str], list[int]] = {}
        took = 0.0
        for g in range(args.games):
            players, turns, _passes, seconds = play(size, args.seed + g)
            took += seconds
            for p in players:
                row = total.setdefault((p.seat, p.kind), [0, 0, 0, 0, 0])
                for i, v in enumerate((turns[p.seat], p.mails, p.asked, p.asked_dropped, p.asked_with_nothing)):
                    row[i] += v
        for (seat, kind), (turns_, mails, asked, dropped, nothing) in total.items():
            rate = mails / turns_ if turns_ else 0.0
            verdict = ""
            if kind == "ahead":
                verdict = " (met)" if rate <= 1.05 and nothing == 0 else " (MISSED)"
            print(f"| {size} | {seat} | {kind} | {turns_} | {mails} | {rate:.2f}{verdict} | {asked} | {dropped} "
                  f"| {nothing} |", flush=True)
        print(f"({size} seats: {args.games} game(s) in {took:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
