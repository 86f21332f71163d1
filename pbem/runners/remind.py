"""Remind: queue the reminders that are due, game by game; a game whose
reminders fail is left as it was and its GM told once per turn."""
from __future__ import annotations

from sqlmodel import select

from pbem.models import Game, GameStatus
from pbem.runners.claim import Runner, claim_game, each, ids
from pbem.runners.resolve import game_failed
from pbem.play.turns import REMINDER_TIMES, queue_reminders, reminder_due


class Remind(Runner):
    """The remind runner of one pass."""

    def run(self) -> None:
        """Every active game with a reminder due, alone. The times of every active game are read
        at once, and only a game with a reminder due is claimed (and looked at again under the
        claim): most games have none, and a claim is a transaction."""
        times = ids(self.ctx, select(*REMINDER_TIMES).where(Game.status == GameStatus.ACTIVE))
        each([game.id for game in times if reminder_due(game, self.ctx.now) is not None], self._one,
             lambda game_id, why: game_failed(self.ctx, game_id, "remind", why))

    def _one(self, game_id: str) -> None:
        with self.ctx.session() as s:
            game = claim_game(s, game_id)
            if game is not None:     # else another worker has it
                queue_reminders(s, self.ctx.cfg, game, self.ctx.now)
            self.ctx.commit(s)
