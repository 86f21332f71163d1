"""Remind: queue the reminders that are due, game by game; a game whose
reminders fail is left as it was and its GM told once per turn."""
from __future__ import annotations

from sqlmodel import select

from pbem.models import Game, GameStatus
from pbem.runners.claim import Runner, claim, each, ids
from pbem.runners.resolve import game_failed
from pbem.play.turns import queue_reminders


class Remind(Runner):
    """The remind runner of one pass."""

    def run(self) -> None:
        """Every active game alone."""
        each(ids(self.ctx, select(Game.id).where(Game.status == GameStatus.ACTIVE)), self._one,
             lambda game_id, why: game_failed(self.ctx, game_id, "remind", why))

    def _one(self, game_id: str) -> None:
        with self.ctx.session() as s:
            game = claim(s, Game, Game.id == game_id)
            if game is not None:     # else another worker has it
                queue_reminders(s, self.ctx.cfg, game, self.ctx.now)
            self.ctx.commit(s)
