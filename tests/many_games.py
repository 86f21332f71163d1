"""Many active games with every order in, written straight to the database
(used by the concurrency tests and bench/scale.py)."""
from __future__ import annotations

import json
import random
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlmodel import Session

from engine import SeededDice, get_ruleset
from pbem.inbox import passwords
from pbem.models import Game, Seat, Sheet

VALLEY = get_ruleset("valley")
SEATS = ["red", "blue", "green", "white"]


def mid_game(seed: int, turns: int):  # type: ignore[no-untyped-def]
    """A random game after ``turns`` resolutions that is still going."""
    for attempt in range(seed, seed + 100):
        state = VALLEY.new_game(SEATS, {"board": "W1E2"}, attempt)
        rng = random.Random(attempt)
        for t in range(turns):
            sheets = {p: VALLEY.bot_orders(state, p, rng) for p in SEATS}
            state = VALLEY.resolve(state, sheets, SeededDice(f"{attempt}:{t}")).state
        if state.stage == "orders":
            return state, rng
    raise RuntimeError("no game survived")


def add_games(engine, count: int, now: datetime, turns: int = 3, prefix: str = "g") -> list[str]:  # type: ignore[no-untyped-def]
    """``count`` active 4-seat Valley games, their deadline passed, every sheet in."""
    hashed = passwords.hash_password("pw")       # one hash for all: scrypt is slow on purpose
    ids = []
    with Session(engine) as s:
        for i in range(count):
            state, rng = mid_game(i * 7 + 1, turns)
            game_id = f"{prefix}{i:04d}"
            ids.append(game_id)
            s.add(Game(id=game_id, ruleset="valley", seed=f"s{i}", state_json=VALLEY.to_json(state),
                       turn_no=state.game_turn, status="active", deadline=now - timedelta(minutes=1),
                       gm_password_hash=hashed, options_json="{}"))
            s.flush()
            for seat in SEATS:
                s.add(Seat(game_id=game_id, name=seat, email=f"{seat}@example.org", password_hash=hashed))
                text = "\n".join(VALLEY.bot_orders(state, seat, rng).normal)
                s.add(Sheet(game_id=game_id, seat=seat, turn_no=state.game_turn, text=text))
        s.commit()
    return ids


# -- a mixed community: the three games, 2 to 5 seats ------------------------------------------
COLOURS = ["red", "blue", "green", "white", "black"]
KINDS: tuple[tuple[str, tuple[int, ...], int], ...] = (
    ("valley", (2, 3, 4, 5), 3),            # ruleset, seat counts in turn, steps played before
    ("stoneage", (2, 3, 4, 5), 3),          # 5 seats: with the merchant (the expansion's fifth)
    ("dewan", (2, 3, 4), 9),
)


@dataclass(frozen=True)
class Position:
    """A game going on, every awaited sheet in: what add_positions writes."""
    ruleset: str
    seats: tuple[str, ...]
    options: dict
    seed: str
    state_json: str
    turn_no: int
    simultaneous: bool
    sheets: dict


def position(ruleset: str, players: int, seed: int, steps: int) -> Position:
    """``ruleset`` with ``players`` seats after ``steps`` resolves of its bots, still going, the
    sheets of every awaited seat written by its bot."""
    rules = get_ruleset(ruleset)
    seats = COLOURS[:players]
    options = {"merchant": True} if ruleset == "stoneage" and players == 5 else {}
    for attempt in range(seed, seed + 100):
        state = rules.new_game(seats, options, f"s{attempt}")
        rng = random.Random(attempt)
        for step in range(steps):
            sheets = {p: rules.bot_orders(state, p, rng) for p in sorted(rules.awaiting(state))}
            state = rules.resolve(state, sheets, SeededDice(f"{attempt}:{step}")).state
            if rules.outcome(state) is not None:
                break
        waiting = sorted(rules.awaiting(state))
        if rules.outcome(state) is None and waiting:
            texts = {p: "\n".join(rules.bot_orders(state, p, rng).normal) for p in waiting}
            return Position(ruleset, tuple(seats), options, f"s{attempt}", rules.to_json(state), steps,
                            bool(rules.simultaneous(state)), texts)
    raise RuntimeError(f"no {ruleset} game of {players} survived {steps} steps")


def mixed_positions(count: int, pool: int = 600) -> list[Position]:
    """``count`` games, the three rulesets in equal parts and their seat counts in turn; at most
    ``pool`` distinct positions of each ruleset, used again in turn beyond that."""
    made: dict[str, list[Position]] = {}
    out = []
    for i in range(count):
        ruleset, counts, steps = KINDS[i % len(KINDS)]
        mine = made.setdefault(ruleset, [])
        n = i // len(KINDS)
        if len(mine) < pool:
            mine.append(position(ruleset, counts[n % len(counts)], n * 7 + 1, steps))
            out.append(mine[-1])
        else:
            out.append(mine[n % pool])
    return out


def add_positions(engine, positions: list[Position], now: datetime, prefix: str = "m") -> list[str]:  # type: ignore[no-untyped-def]
    """Write ``positions`` as active games, their deadline passed, with their sheets."""
    hashed = passwords.hash_password("pw")
    ids = []
    with Session(engine) as s:
        for i, p in enumerate(positions):
            game_id = f"{prefix}{i:05d}"
            ids.append(game_id)
            s.add(Game(id=game_id, ruleset=p.ruleset, seed=p.seed, state_json=p.state_json,
                       options_json=json.dumps(p.options), turn_no=p.turn_no, status="active",
                       deadline=now - timedelta(minutes=1), simultaneous=p.simultaneous,
                       gm_password_hash=hashed))
            s.flush()
            for seat in p.seats:         # mailed up to this step, as a game played so far would have them
                s.add(Seat(game_id=game_id, name=seat, email=f"{seat}.{game_id}@example.org", password_hash=hashed,
                           news_from=p.turn_no))
            for seat, text in p.sheets.items():
                s.add(Sheet(game_id=game_id, seat=seat, turn_no=p.turn_no, text=text))
            if i % 500 == 499:
                s.commit()
        s.commit()
    return ids
