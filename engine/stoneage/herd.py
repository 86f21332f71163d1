"""The Mammoth Herd's 16 bonus tiles (our own design).

No public source lists the tiles' fronts, so these rewards are ours (see
docs/cards-stoneage.md). The backs and ids are fixed by the reference:
M01-M04 show wood (the herd goes to the forest), M05-M08 clay, M09-M12
stone (the quarry), M13-M16 gold (the river). The tamer's "1." reward is
worth about two resources or a step of tools or agriculture; the "all"
reward, which the tamer may take instead and every other seat that rolled
takes, about one resource or a few food, mostly of another kind. They were
balanced by simulation (docs/balance-stoneage.md, bench/stoneage_balance.py):
over 1,000 games of four heuristic bots, the seat that tames a given tile
wins the game 29-38% of the time, whichever tile it is.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.stoneage.cards import Effect, Immediate
from engine.stoneage.goods import Good
from engine.stoneage.locations import SOURCE

W, C, S, G, F = Good.WOOD, Good.CLAY, Good.STONE, Good.GOLD, Good.FOOD


@dataclass(frozen=True)
class HerdTile:
    id: str
    back: Good          # names the location the herd stands on while this tile is on top
    one: Immediate      # the tamer's reward alone ("1.", HERD BONUS ONE)
    all: Immediate      # everyone's when the tamer chooses it, or the tied seats' ("all")

    @property
    def location(self) -> str:
        return SOURCE[self.back]

    def __str__(self) -> str:
        return f"{self.id}: tamer {self.one}, all {self.all}"


def _res(good: Good, n: int) -> Immediate:
    return Immediate(Effect.FOOD, n) if good is F else Immediate(Effect.RESOURCE, n, good)


_TOOL = Immediate(Effect.TOOL, 1)
_AGRI = Immediate(Effect.AGRICULTURE, 1)
_FRONTS = (
    (W, _res(W, 2), _res(W, 1)), (W, _res(C, 2), _res(F, 1)),
    (W, _TOOL, _res(W, 1)), (W, _res(G, 1), _res(F, 2)),
    (C, _res(C, 2), _res(C, 1)), (C, _res(W, 3), _res(F, 2)),
    (C, _AGRI, _res(W, 1)), (C, Immediate(Effect.ONE_USE, 3), _res(C, 1)),
    (S, _res(S, 2), _res(S, 1)), (S, _res(C, 2), _res(F, 1)),
    (S, _TOOL, _res(F, 3)), (S, _res(W, 3), _res(S, 1)),
    (G, _res(W, 3), _res(S, 1)), (G, _AGRI, _res(W, 1)),
    (G, _res(S, 2), _res(F, 2)), (G, Immediate(Effect.ONE_USE, 4), _res(G, 1)),
)
TILES: dict[str, HerdTile] = {f"M{i:02d}": HerdTile(f"M{i:02d}", back, one, every)
                              for i, (back, one, every) in enumerate(_FRONTS, 1)}
# The majority of tiles won scores this at the end (every tied seat scores it).
MAJORITY_POINTS = 10
