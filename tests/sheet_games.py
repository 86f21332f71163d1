"""A position of each game to read order sheets against, and a mail to carry them: what the
tests of parse time and line numbers (test_parse_time.py, test_sheet_limits.py) share, and the
bots' play that makes such positions (test_map_contrast.py)."""
from __future__ import annotations

import functools
import random
from typing import Any

from engine import SeededDice, get_ruleset
from engine.contract import OrderSheet, Ruleset
from pbem.mail.reading import read_mail
from pbem.inbox.protocol import Request, read_request, sign_off

OWN = "pbem@example.org"
GAMES = ("valley", "stoneage", "stoneage-live", "dewan")
SIGNON = "SIGNON g red pw"


def bots_play(ruleset: Ruleset, state: Any, steps: int, rng: random.Random, dice: str) -> Any:
    """``state`` after the bots played up to ``steps`` steps (fewer when the game ends), the
    dice of step n seeded with ``dice`` and n."""
    for step in range(steps):
        if ruleset.outcome(state) is not None:
            break
        sheets = {p: ruleset.bot_orders(state, p, rng) for p in ruleset.awaiting(state)}
        state = ruleset.resolve(state, sheets, SeededDice(f"{dice}{step}")).state
    return state


@functools.cache
def position(game: str) -> tuple[Ruleset, Any, str]:
    """The ruleset, a position a few steps into a bot game, and a seat whose sheet is read
    (Dewan: a seat not to move, so that its sheet is kept as pre-orders)."""
    name = game.split("-")[0]
    ruleset = get_ruleset(name)
    options: dict[str, Any] = {"board": "W1E2", "fire": True} if name == "valley" else {}
    if name == "stoneage":
        options = {"mammoth_herd": True, "merchant": True, "harsh_winter": True, "igloos": True}
        options.update({"placement": "live"} if game.endswith("live") else {})
    state = bots_play(ruleset, ruleset.new_game(["red", "blue", "green"], options, 3),
                      3 if name != "stoneage" else 0, random.Random(1), f"{game}/")
    awaited = sorted(ruleset.awaiting(state))
    seat = next(p for p in ("red", "blue", "green") if p not in awaited) if name == "dewan" else awaited[0]
    return ruleset, state, seat


def raw_mail(body: str, charset: str = "utf-8", flowed: bool = False) -> bytes:
    """A plain-text mail as a client sends it, 8bit."""
    params = f"charset={charset}" + ("; format=flowed" if flowed else "")
    head = (f"From: ann@example.org\nTo: {OWN}\nSubject: orders\nMIME-Version: 1.0\n"
            f"Content-Type: text/plain; {params}\nContent-Transfer-Encoding: 8bit\n\n")
    return head.encode("ascii") + body.encode(charset)


def read(game: str, raw: bytes) -> tuple[str, Request | None, OrderSheet | None]:
    """A mail read as pbem reads an order mail: the reason it is refused whole, or its request
    (the sign-off taken off) and the sheet the game's parser makes of its orders."""
    ruleset, state, seat = position(game)
    inc = read_mail(raw, OWN, 2_000_000, 50)
    if inc.problem:
        return inc.problem, None, None
    req = read_request(inc.lines, inc.subject, "", inc.part_starts)
    for number in sign_off(req.orders, ruleset.order_words):
        del req.orders[number]
    return "", req, ruleset.parse_orders(state, seat, req.order_text())
