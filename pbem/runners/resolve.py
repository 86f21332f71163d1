"""Resolve: open games whose start time has come start; each due game is
claimed and resolved, step after step while it stays due (up to
``MAX_STEPS``), each step committed on its own. A game that cannot be
resolved is left as it was and its GM told once per turn."""
from __future__ import annotations

import random

from sqlmodel import select

from pbem import faults
from pbem.clock import aware
from pbem.play.games import start_game
from pbem.errors import GameError
from pbem.models import Game, GameStatus, GmLog
from pbem.outbox import queue_notice
from pbem.inbox.isolation import isolated
from pbem.runners.claim import Context, Runner, claim_game, each, ids
from pbem.play.turns import due_games, is_due, resolve_turn

# Steps one game may take in one pass (where players act in turn the next step
# may need nobody: a bot's move, a decision answered already). A game that is
# always due cannot hold the pass; the next pass goes on with it.
MAX_STEPS = 50


class Resolve(Runner):
    """The resolve runner of one pass."""

    def start_due(self) -> None:
        """Open games whose start time has come start themselves (if enough joined)."""
        ctx = self.ctx
        each(ids(ctx, select(Game.id).where(Game.status == GameStatus.NEW, Game.start_at.is_not(None))), self._start,
             lambda game_id, why: game_failed(ctx, game_id, "start", why))

    def _start(self, game_id: str) -> None:
        ctx = self.ctx
        with ctx.session() as s:
            game = claim_game(s, game_id)
            if game is None or game.status != GameStatus.NEW or aware(game.start_at) > ctx.now:
                return
            faults.poison("start", game.id)
            try:
                start_game(s, ctx.cfg, game, ctx.now)
            except GameError as why:
                game.start_at = None
                s.add(game)
                s.add(GmLog(game_id=game.id, action="start", detail=f"could not start at its time: {why}",
                            at=ctx.now))
            ctx.commit(s)

    def run(self) -> None:
        """Resolve every due game, each alone. A pass's only worker takes the list from a place
        drawn at random (passes run apart meet less). The k-th of n workers of a pass takes the
        k-th n-th of the list, then helps the others with theirs from its end, each until it
        meets a game taken already (resolved, or its worker's now): every game is in the part
        of a worker who takes it, so the help can stop there, and no worker claims every game
        the others resolved to find them done."""
        with self.ctx.session() as s:
            due = due_games(s, self.ctx.now)
        k, n = self.ctx.share

        def failed(game_id: str, why: str) -> None:
            game_failed(self.ctx, game_id, "resolve", why)

        if n == 1:
            start = random.randrange(len(due)) if due else 0
            each(due[start:] + due[:start], self._one, failed)
            return
        bounds = [i * len(due) // n for i in range(n + 1)]
        each(due[bounds[k]:bounds[k + 1]], self._one, failed)
        for other in ((k - i) % n for i in range(1, n)):
            for game_id in reversed(due[bounds[other]:bounds[other + 1]]):
                if not isolated(lambda g=game_id: self._one(g), lambda why, g=game_id: failed(g, why)):
                    break

    def _one(self, game_id: str) -> bool:
        """Resolve the game's steps while it is due, each step committed on its own. True when
        a step was resolved."""
        ctx = self.ctx
        with ctx.session() as s:
            for step in range(MAX_STEPS):
                # One game is never resolved by two workers: the row lock is the
                # claim, and the due check is made again under it. A commit ends
                # the lock, so a further step claims the game again (only when the
                # step was due still before the commit: most games wait for mail).
                game = claim_game(s, game_id)
                if game is None or not is_due(s, game, ctx.now):
                    return step > 0
                faults.poison("resolve", game.id)
                done = f"{game_id} turn {game.turn_no}"    # read now: a dry run's rollback forgets it
                known = resolve_turn(s, ctx.cfg, game, ctx.now)
                again = is_due(s, game, ctx.now, known)     # the next step, seen under the claim still
                ctx.commit(s)
                ctx.summary.resolved.append(done)
                if ctx.dry_run or not again:    # a dry run is rolled back: the next step cannot be seen
                    return True
            ctx.summary.notes.append(f"{game_id}: {MAX_STEPS} steps resolved in this pass; "
                                     "the next pass goes on")
            return True


def game_failed(ctx: Context, game_id: str, step: str, why: str) -> None:
    """A game whose turn could not be resolved (or reminded) is left as it
    was; the GM is told once per turn, the other games go on."""
    ctx.summary.notes.append(f"{game_id}: {step} failed, the game is left as it was: {why}")
    with ctx.session() as s:
        game = s.get(Game, game_id)
        if game is None:
            return
        key = f"error:{game_id}:{step}:{game.turn_no}"
        done = {"start": "started"}.get(step, f"{step}d")
        if game.gm_email and queue_notice(
                s, ctx.cfg, game_id=game_id, to=game.gm_email, key=key, when=ctx.now,
                subject=f"turn {game.turn_no} could not be {done}",
                text=(f"pbem could not {step} turn {game.turn_no} of {game_id}: {why}\n\n"
                      "Nothing was changed; every pass tries again. Please report this as a bug "
                      "with the game's state (pbem history --format json).")):
            s.add(GmLog(game_id=game_id, action="error", detail=f"{step} failed: {why}", at=ctx.now))
        ctx.commit(s)
