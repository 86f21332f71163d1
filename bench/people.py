"""What the benches of people writing by mail share (mails_by_people.py, stoneage_by_people.py):
a game on its own server (SQLite, the Maildir transport), its players' mailboxes as they read
them, and mail written as a person sends it, one mistake in ten for a sloppy writer.

The scripts put the project and tests/ on sys.path before importing this module.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from sqlmodel import Session

from engine import get_ruleset
from pbem.config import load
from pbem.db import migrate
from pbem.play.games import GameSpec, create_game, start_game
from pbem.models import Game
from pbem_world import World, order_mail, text_of

T0 = datetime(2026, 6, 1, 9, 0, tzinfo=timezone.utc)
SEATS = ("red", "blue", "green", "yellow")


@dataclass
class Writer:
    """A player as the benches count it."""

    seat: str
    kind: str
    address: str
    password: str = ""
    seen: int = 0                    # mails of its outbox read so far
    mails: int = 0
    forgot: bool = False
    retry: str = ""                  # a refused sheet, sent again corrected


class MailTable:
    """One game by mail between ``players`` (their seat, kind and address set), started at T0."""

    def __init__(self, root: Path, spec: GameSpec, players: list[Any], seed: int) -> None:
        self.world = World(root)
        self.engine = self.world.engine()
        migrate(self.engine)
        self.now = T0
        self.rng = random.Random(seed)
        self.players = players
        self.game_id = spec.id
        self.ruleset = get_ruleset(spec.ruleset)
        with Session(self.engine) as s:
            create_game(s, spec, T0)
            passwords = start_game(s, load(self.world.config), s.get(Game, spec.id), T0)
            s.commit()
        for p in self.players:
            p.password = passwords[p.seat]

    def state(self) -> tuple[Game, Any]:
        with Session(self.engine) as s:
            game = s.get(Game, self.game_id)
            s.expunge(game)
        return game, self.ruleset.from_json(game.state_json)

    def new_mail(self, p: Writer) -> tuple[list[str], list[str]]:
        """The subjects and texts of the mail ``p`` has not read yet."""
        box = self.world.outbox(p.address)
        new, p.seen = box[p.seen:], len(box)
        return [str(m["Subject"]) for m in new], [text_of(m) for m in new]

    def post(self, p: Writer, text: str, typos: dict[str, str]) -> None:
        """``text`` signed on and signed off; a sloppy writer misspells its first word one time in
        ten (``typos``, else the word with an X) and keeps the right text to send again."""
        if p.kind == "sloppy" and self.rng.random() < 0.1:
            p.retry = text
            word = text.split()[0]
            text = text.replace(word, typos.get(word, word + "X"), 1)
        self.world.post(order_mail(p.address, f"SIGNON {self.game_id} {p.seat} {p.password}\n{text}\n\n"
                                              f"Cheers,\n{p.seat}"))
        p.mails += 1

    def resent(self, p: Writer, subjects: list[str]) -> bool:
        """When the answer to a misspelt sheet came (NOT stored), the corrected sheet goes out;
        True when it did."""
        if p.retry and any("NOT stored" in s for s in subjects):
            self.world.post(order_mail(p.address, f"SIGNON {self.game_id} {p.seat} {p.password}\n{p.retry}\n"))
            p.mails, p.retry = p.mails + 1, ""
            return True
        p.retry = ""
        return False
