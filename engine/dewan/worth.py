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

from functools import lru_cache

from engine.dewan.board import TERRAINS, WATER, Board
from engine.dewan.cards import Card, card
from engine.dewan.state import State
from engine.dewan.spread import Spread
from engine.dewan.stories import Need, Story

STEP = 0.72            # the chance kept for each step a story still lacks
LONE = 0.35            # the share of a group's points a lone camp counts for
CARD = 1.0             # a plain card in hand
LAST_ROUND_CARD = 0.2  # a card in hand once the game is ending (it breaks ties)


class Clan:
    """A holding as the bot imagines it. Equal, and hashed, by what it holds (not by the
    spread, which is counted from the camps)."""

    __slots__ = ("camps", "tucked", "berries", "held", "done", "left", "spread", "grown", "key", "_hash")

    def __init__(self, camps: frozenset[str], tucked: tuple[str, ...], berries: int, held: tuple[str, ...],
                 done: tuple[str, ...], left: int, spread: Spread | None = None,
                 grown: tuple[Spread, str] | None = None) -> None:
        self.camps, self.tucked, self.berries = camps, tucked, berries
        self.held, self.done, self.left = held, done, left   # held: stories not completed
        self.spread = spread           # what the camps cover, once counted
        self.grown = grown             # or the spread it grows from and the camp added
        self.key = (camps, tucked, berries, held, done, left)
        self._hash = hash(self.key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Clan) and self.key == other.key

    def __hash__(self) -> int:
        return self._hash

    @classmethod
    def of(cls, st: State, seat: str) -> Clan:
        camps = frozenset(st.camps[seat])
        spread = st.remembered(("spread", camps), lambda: Spread.of(st.board, camps))
        return cls(camps, tuple(st.tucked[seat]), st.berries[seat], tuple(st.stories[seat]),
                   tuple(st.done[seat]), st.left[seat], spread)

    def with_camp(self, board: Board, dest: str) -> Clan:
        return Clan(self.camps | {dest}, self.tucked, self.berries + board.hexes[dest].berry,
                    self.held, self.done, self.left - 1, None,
                    None if self.spread is None else (self.spread, dest))

    def covers(self, board: Board) -> Spread:
        """What the camps cover, counted when first asked (from the clan it grew from, if any)."""
        if self.spread is None:
            self.spread = self.grown[0].plus(board, self.grown[1]) if self.grown else Spread.of(board, self.camps)
        return self.spread

    def with_tuck(self, text: str) -> Clan:
        return Clan(self.camps, self.tucked + (text,), self.berries, self.held, self.done, self.left,
                    self.spread, self.grown)


def have(need: Need, board: Board, clan: Clan, cards: list[Card] | None = None) -> int:
    """As engine.dewan.stories.have, with the map's symbols looked up once (and the tucked
    cards, when the caller has read them)."""
    if cards is None:
        cards = [card(t) for t in clan.tucked]
    spread = clan.covers(board)
    if need.kind == "terrain":
        got = spread.terrains.get(need.what, 0)
        return got + sum(c.serves(need.what) for c in cards) if cards else got
    if need.kind == "shore":
        return len(spread.shore) + sum(c.serves(WATER) for c in cards) if cards else len(spread.shore)
    if need.kind == "kinds":
        shown = set(spread.terrains) | {t for c in cards for t in c.terrains}
        if spread.shore:
            shown.add(WATER)
        return len(shown & TERRAINS.keys())
    if need.kind == "symbol":
        got = len(spread.symbols.get(need.what, ()))
        return got + sum(c.symbol == need.what for c in cards) if cards else got
    if need.kind == "group":
        return spread.largest
    if need.kind == "berries":
        return clan.berries + sum(c.symbol == "berry" for c in cards)
    return spread.fire


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


_MOST_FIRE = {-1: 0.3, 0: 0.55, 1: 0.8}


def most_fire(lead: int) -> float:
    """The share of the most-fire bonus expected with ``lead`` fire over the best rival."""
    return _MOST_FIRE.get(lead, 0.95 if lead > 1 else 0.1)


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
        self.values: dict[Clan, float] = st.memo.setdefault(("clan values", self.rival), {})
        self.values_grown: dict[Clan, dict[str, float]] = st.memo.setdefault(("grown values", self.rival), {})
        self.worths: dict[str, float] = {}
        self.tucks: dict[tuple[str, ...], tuple[list[Card], int, int]] = {}

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
        found = self.worths.get(story_id)
        if found is None:
            s = self.story(story_id)
            found = self.worths[story_id] = s.points * self.k["story_points"] + s.fire * self.k["fire_each"]
        return found

    def tucked(self, texts: tuple[str, ...]) -> tuple[list[Card], int, int]:
        """Tucked cards read once: the cards, their fire and their berries."""
        found = self.tucks.get(texts)
        if found is None:
            cards = [card(t) for t in texts]
            found = self.tucks[texts] = (cards, sum(c.symbol == "fire" for c in cards),
                                         sum(c.symbol == "berry" for c in cards))
        return found

    def steps(self, story_id: str, clan: Clan, cards: list[Card] | None = None) -> float:
        if cards is None:
            cards = self.tucked(clan.tucked)[0]
        return sum(missing(n, have(n, self.board, clan, cards)) for n in self.story(story_id).needs)

    def value(self, clan: Clan) -> float:
        """The clan's points now plus what its held stories and lone camps promise (each
        clan valued once)."""
        found = self.values.get(clan)
        if found is None:
            found = self.values[clan] = self._value(clan)
        return found

    def grown(self, clan: Clan) -> dict[str, float]:
        """The values of ``clan`` with one camp more, by the camp's hex, as they are found."""
        return self.values_grown.setdefault(clan, {})

    def _value(self, clan: Clan) -> float:
        k = self.k
        cards, tuck_fire, tuck_berries = self.tucked(clan.tucked)
        done, promise = list(clan.done), 0.0
        for s in clan.held:
            lacking = self.steps(s, clan, cards)
            if lacking <= 0:
                done.append(s)
                promise += CARD            # a completed story draws a card
            elif clan.left > 0:
                promise += self.points(s) * chance(lacking, clan.left)
        points = sum(self.points(s) for s in done)
        story_fire = sum(self.story(s).fire for s in done)
        flames = story_fire + (clan.left == 0) + tuck_fire
        points += k["fire_each"] * (flames - story_fire)
        if flames:
            points += k["most_fire"] * most_fire(flames - self.rival)
        points += k["berry_each"] * (clan.berries + tuck_berries)
        sizes = [len(g) for g in clan.covers(self.board).groups]
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
        return 1.0 if clan.covers(self.board).largest + clan.left >= need + 1 else 0.4
