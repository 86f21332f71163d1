"""Many active games with every order in, written straight to the database
(used by the concurrency tests and bench/scale.py)."""
from __future__ import annotations

import random
from datetime import datetime, timedelta

from sqlmodel import Session

from engine import SeededDice, get_ruleset
from pbem import passwords
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
