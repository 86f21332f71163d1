"""What a clan's position is worth to the heuristic bot, in end-of-game points.

``Clan`` is a seat's holding as the bot imagines it (camps, tucked cards,
berries, held and completed stories, camps left). ``Judge.value`` counts the
points it would score now (completed stories, fire, berries, groups) plus,
for each held story, its points times the chance of completing it, which
falls with the steps it still lacks and is nil when far more steps are
lacking than camps are left. A lone camp counts a little toward a group to
come; the most-fire bonus counts by the lead in fire over the best rival.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from engine.dewan.board import TERRAINS, WATER, Board
from engine.dewan.cards import card
from engine.dewan.state import State
from engine.dewan.stories import Need, Story, largest_group, shore

STEP = 0.72            # the chance kept for each step a story still lacks
LONE = 0.35            # the share of a group's points a lone camp counts for
CARD = 1.0             # a plain card in hand
LAST_ROUND_CARD = 0.2  # a card in hand once the game is ending (it breaks ties)


@dataclass(frozen=True)
class Clan:
    camps: frozenset[str]
    tucked: tuple[str, ...]
    berries: int
    held: tuple[str, ...]          # stories not completed
    done: tuple[str, ...]
    left: int                      # camps left on the tribe board

    @classmethod
    def of(cls, st: State, seat: str) -> Clan:
        return cls(frozenset(st.camps[seat]), tuple(st.tucked[seat]), st.berries[seat],
                   tuple(st.stories[seat]), tuple(st.done[seat]), st.left[seat])

    def with_camp(self, board: Board, dest: str) -> Clan:
        return replace(self, camps=self.camps | {dest}, left=self.left - 1,
                       berries=self.berries + board.hexes[dest].berry)

    def with_tuck(self, text: str) -> Clan:
        return replace(self, tucked=self.tucked + (text,))


@lru_cache(maxsize=8)
def edges_of(board: Board) -> dict[str, tuple[tuple[frozenset[str], str], ...]]:
    """Each hex's border symbols, looked up once per map."""
    return {h: tuple(board.symbols_touching(h)) for h in board.hexes}


def have(need: Need, board: Board, clan: Clan) -> int:
    """As engine.dewan.stories.have, with the map's symbols looked up once."""
    cards = [card(t) for t in clan.tucked]
    if need.kind == "terrain":
        return sum(board.hexes[c].terrain == need.what for c in clan.camps) + sum(c.serves(need.what) for c in cards)
    if need.kind == "shore":
        return len(shore(board, clan.camps)) + sum(c.serves(WATER) for c in cards)
    if need.kind == "kinds":
        shown = {board.hexes[c].terrain for c in clan.camps} | {t for c in cards for t in c.terrains}
        if shore(board, clan.camps):
            shown.add(WATER)
        return len(shown & TERRAINS.keys())
    if need.kind == "symbol":
        table = edges_of(board)
        found = {pair for c in clan.camps for pair, sym in table[c] if sym == need.what}
        return len(found) + sum(c.symbol == need.what for c in cards)
    if need.kind == "group":
        return largest_group(board, clan.camps)
    if need.kind == "berries":
        return clan.berries + sum(c.symbol == "berry" for c in cards)
    return sum(board.hexes[c].fire for c in clan.camps)


def missing(need: Need, got: int) -> float:
    """About how many camps (or tucks) a need still lacks."""
    short = max(0, need.count - got)
    return short / 1.5 if need.kind == "fire_hexes" else float(short)


def chance(lacking: float, left: int) -> float:
    """The chance of completing a story that lacks ``lacking`` steps with ``left`` camps to place."""
    if lacking <= 0:
        return 1.0
    if left <= 0 or lacking > left + 1:
        return 0.0
    return STEP ** lacking * (0.5 if lacking > left else 1.0)


def groups(board: Board, camps: frozenset[str]) -> list[int]:
    """The sizes of the camps' groups of contiguous hexes."""
    todo, out = set(camps), []
    while todo:
        edge = [todo.pop()]
        size = 0
        while edge:
            here = edge.pop()
            size += 1
            for n in board.adjacent(here):
                if n in todo:
                    todo.remove(n)
                    edge.append(n)
        out.append(size)
    return out


def most_fire(lead: int) -> float:
    """The share of the most-fire bonus expected with ``lead`` fire over the best rival."""
    return {-1: 0.3, 0: 0.55, 1: 0.8}.get(lead, 0.95 if lead > 1 else 0.1)


@lru_cache(maxsize=256)
def card_worth(text: str, tucks_left: bool) -> float:
    """A card in hand: plain 1, more when it serves two terrains or can be tucked for points."""
    c = card(text)
    bonus = 0.3 * (len(c.terrains) - 1)
    if c.symbol in ("fire", "berry") and tucks_left:
        bonus += 1.0
    elif c.symbol and tucks_left:
        bonus += 0.4
    return CARD + bonus


class Judge:
    """Values clans on one position: the stories read once, the best rival's fire."""

    def __init__(self, st: State, seat: str) -> None:
        self.board, self.k = st.board, st.scoring
        self.st = st
        self.stories: dict[str, Story] = {}
        self.rival = max((self.fire(p) for p in st.players if p != seat), default=0)

    def story(self, story_id: str) -> Story:
        if story_id not in self.stories:
            self.stories[story_id] = self.st.story(story_id)
        return self.stories[story_id]

    def fire(self, seat: str) -> int:
        """As State.fire, with the stories read once."""
        st = self.st
        return (sum(self.story(s).fire for s in st.done[seat]) + (st.left[seat] == 0)
                + sum(card(c).symbol == "fire" for c in st.tucked[seat]))

    def points(self, story_id: str) -> float:
        s = self.story(story_id)
        return s.points * self.k["story_points"] + s.fire * self.k["fire_each"]

    def steps(self, story_id: str, clan: Clan) -> float:
        return sum(missing(n, have(n, self.board, clan)) for n in self.story(story_id).needs)

    def value(self, clan: Clan) -> float:
        """The clan's points now plus what its held stories and lone camps promise."""
        k, board = self.k, self.board
        done, promise = list(clan.done), 0.0
        for s in clan.held:
            lacking = self.steps(s, clan)
            if lacking <= 0:
                done.append(s)
                promise += CARD            # a completed story draws a card
            elif clan.left > 0:
                promise += self.points(s) * chance(lacking, clan.left)
        points = sum(self.points(s) for s in done)
        flames = (sum(self.story(s).fire for s in done) + (clan.left == 0)
                  + sum(card(c).symbol == "fire" for c in clan.tucked))
        points += k["fire_each"] * (flames - sum(self.story(s).fire for s in done))
        if flames:
            points += k["most_fire"] * most_fire(flames - self.rival)
        points += k["berry_each"] * (clan.berries + sum(card(c).symbol == "berry" for c in clan.tucked))
        sizes = groups(board, clan.camps)
        points += k["group_of_2_plus"] * sum(n >= 2 for n in sizes)
        if clan.left > 0:
            promise += LONE * k["group_of_2_plus"] * min(clan.left, sum(n == 1 for n in sizes))
        return points + promise

    def story_pick(self, clan: Clan, story_id: str) -> float:
        """What taking a story tile adds: its points times the chance of completing it."""
        lacking = self.steps(story_id, clan)
        if lacking <= 0:
            return self.points(story_id) + CARD
        return self.points(story_id) * chance(lacking, clan.left) * self._reach(clan, story_id)

    def _reach(self, clan: Clan, story_id: str) -> float:
        """A damper for a group story beyond what the largest group can grow to."""
        need = max((n.count for n in self.story(story_id).needs if n.kind == "group"), default=0)
        if not need:
            return 1.0
        return 1.0 if largest_group(self.board, clan.camps) + clan.left >= need + 1 else 0.4
