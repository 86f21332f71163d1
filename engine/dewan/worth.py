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
from engine.dewan.spread import Growth, Spread
from engine.dewan.stories import Need, Story

STEP = 0.72            # the chance kept for each step a story still lacks
LONE = 0.35            # the share of a group's points a lone camp counts for
CARD = 1.0             # a plain card in hand
LAST_ROUND_CARD = 0.2  # a card in hand once the game is ending (it breaks ties)


class Clan:
    """A holding as the bot imagines it. Equal, and hashed, by what it holds (not by the
    spread, which is counted from the camps)."""

    __slots__ = ("camps", "tucked", "berries", "held", "done", "left", "spread", "grown", "view", "key", "_hash")

    def __init__(self, camps: frozenset[str], tucked: tuple[str, ...], berries: int, held: tuple[str, ...],
                 done: tuple[str, ...], left: int, spread: Spread | None = None,
                 grown: tuple[Spread, str] | None = None) -> None:
        self.camps, self.tucked, self.berries = camps, tucked, berries
        self.held, self.done, self.left = held, done, left   # held: stories not completed
        self.spread = spread           # what the camps cover, once counted
        self.grown = grown             # or the spread it grows from and the camp added
        self.view: Spread | Growth | None = None     # what ``counts`` gives, once asked
        self.key = (camps, tucked, berries, held, done, left)
        self._hash: int | None = None   # counted when first asked

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Clan) and self.key == other.key

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(self.key)
        return self._hash

    @classmethod
    def of(cls, st: State, seat: str) -> Clan:
        camps = frozenset(st.camps[seat])
        spread = st.memo.get(("spread", camps))
        if spread is None:
            spread = st.memo["spread", camps] = _spread(st, st.camps[seat], camps)
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

    def counts(self, board: Board) -> Spread | Growth:
        """What the camps cover, for counting: the spread once counted, else the spread grown
        from counted as asked (engine.dewan.spread.Growth)."""
        if self.spread is not None:
            return self.spread
        if self.view is None:
            self.view = (Growth(self.grown[0], board, self.grown[1], len(self.camps)) if self.grown
                         else self.covers(board))
        return self.view

    def with_tuck(self, text: str) -> Clan:
        out = Clan(self.camps, self.tucked + (text,), self.berries, self.held, self.done, self.left,
                   self.spread, self.grown)
        out.view = self.view
        return out


def _spread(st: State, placed: list[str], camps: frozenset[str]) -> Spread:
    """What ``camps`` cover, grown from what they covered before the last camp was placed when
    that was counted (the same counts as counting them all)."""
    before = st.memo.get(("spread", camps - {placed[-1]})) if len(placed) > 1 else None
    if before is None or len(camps) != len(placed):
        return Spread.of(st.board, camps)
    return before.plus(st.board, placed[-1])


def have(need: Need, board: Board, clan: Clan, cards: list[Card] | None = None) -> int:
    """As engine.dewan.stories.have, with the map's symbols looked up once (and the tucked
    cards, when the caller has read them)."""
    return count(need, clan.counts(board), clan, [card(t) for t in clan.tucked] if cards is None else cards)


def count(need: Need, spread: Spread | Growth, clan: Clan, cards: list[Card]) -> int:
    """``have``, given what the clan's camps cover and its tucked cards."""
    kind = need.kind
    if kind == "symbol":
        got = spread.symbol(need.what)
        return got + sum(c.symbol == need.what for c in cards) if cards else got
    if kind == "terrain":
        got = spread.terrain(need.what)
        return got + sum(c.serves(need.what) for c in cards) if cards else got
    if kind == "group":
        return spread.largest
    if kind == "berries":
        return clan.berries + sum(c.symbol == "berry" for c in cards)
    if kind == "shore":
        got = spread.shore_size()
        return got + sum(c.serves(WATER) for c in cards) if cards else got
    if kind == "kinds":
        return len((spread.shown() | {t for c in cards for t in c.terrains}) & TERRAINS.keys())
    return spread.fire                  # fire_hexes


def lacking(needs: tuple[Need, ...], spread: Spread | Growth, clan: Clan, cards: list[Card]) -> float:
    """About how many camps (or tucks) the clan still lacks for all of ``needs``: for each,
    what it is short of the count (a fire symbol counting as two thirds of a camp)."""
    short = []
    for need in needs:
        n = need.count - count(need, spread, clan, cards)
        short.append(0.0 if n <= 0 else n / 1.5 if need.kind == "fire_hexes" else float(n))
    return sum(short)


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
        memo = st.memo                   # what no phase changes, shared by the judges of a game
        self.stories: dict[str, Story] = memo.setdefault("stories read", {})
        self.known: dict[str, tuple[tuple[Need, ...], float, int, int]] = memo.setdefault("stories known", {})
        self.tucks: dict[tuple[str, ...], tuple[list[Card], int, int]] = memo.setdefault("tucked cards", {})
        self.picks: dict[tuple[Clan, str], float] = memo.setdefault("story picks", {})
        self.rival = max((self.fire(p) for p in st.players if p != seat), default=0)
        self.values: dict[Clan, float] = memo.setdefault(("clan values", self.rival), {})
        self.values_grown: dict[Clan, dict[str, float]] = memo.setdefault(("grown values", self.rival), {})

    def story(self, story_id: str) -> Story:
        found = self.stories.get(story_id)
        if found is None:
            found = self.stories[story_id] = self.st.story(story_id)
        return found

    def fire(self, seat: str) -> int:
        """As State.fire, with the stories read once."""
        st = self.st
        done, tucked = st.done[seat], st.tucked[seat]
        return ((sum([self.story(s).fire for s in done]) if done else 0) + (st.left[seat] == 0)
                + (self.tucked(tuple(tucked))[1] if tucked else 0))

    def points(self, story_id: str) -> float:
        return (self.known.get(story_id) or self.about(story_id))[1]

    def about(self, story_id: str) -> tuple[tuple[Need, ...], float, int, int]:
        """A story's needs, its points with its fire (times the scenario's multipliers), its
        fire, and the largest group it needs (0: none)."""
        s = self.story(story_id)
        found = self.known[story_id] = (s.needs, s.points * self.k["story_points"] + s.fire * self.k["fire_each"],
                                        s.fire, max((n.count for n in s.needs if n.kind == "group"), default=0))
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
        return lacking(self.story(story_id).needs, clan.counts(self.board), clan, cards)

    def value(self, clan: Clan, keep: bool = True) -> float:
        """The clan's points now plus what its held stories and lone camps promise (each
        clan valued once; with ``keep`` False, neither looked up nor kept: the caller keeps it)."""
        if not keep:
            return self._value(clan)
        found = self.values.get(clan)
        if found is None:
            found = self.values[clan] = self._value(clan)
        return found

    def grown(self, clan: Clan) -> dict[str, float]:
        """The values of ``clan`` with one camp more, by the camp's hex, as they are found."""
        return self.values_grown.setdefault(clan, {})

    def _value(self, clan: Clan) -> float:
        k, left, known = self.k, clan.left, self.known
        cards, tuck_fire, tuck_berries = self.tucked(clan.tucked)
        spread = clan.counts(self.board)
        done, promise = list(clan.done), 0.0
        for s in clan.held:
            about = known.get(s) or self.about(s)
            steps = lacking(about[0], spread, clan, cards)
            if steps <= 0:
                done.append(s)
                promise += CARD            # a completed story draws a card
            elif left > 0:
                promise += about[1] * chance(steps, left)
        points = story_fire = 0
        if done:
            done_about = [known.get(s) or self.about(s) for s in done]
            points = sum([a[1] for a in done_about])
            story_fire = sum([a[2] for a in done_about])
        flames = story_fire + (left == 0) + tuck_fire
        points += k["fire_each"] * (flames - story_fire)
        if flames:
            points += k["most_fire"] * most_fire(flames - self.rival)
        points += k["berry_each"] * (clan.berries + tuck_berries)
        grouped = lone = 0
        for n in spread.sizes():
            if n >= 2:
                grouped += 1
            elif n == 1:
                lone += 1
        points += k["group_of_2_plus"] * grouped
        if left > 0:
            promise += LONE * k["group_of_2_plus"] * min(left, lone)
        return points + promise

    def story_pick(self, clan: Clan, story_id: str) -> float:
        """What taking a story tile adds: its points times the chance of completing it (each
        clan and tile weighed once)."""
        found = self.picks.get((clan, story_id))
        if found is None:
            found = self.picks[clan, story_id] = self._story_pick(clan, story_id)
        return found

    def _story_pick(self, clan: Clan, story_id: str) -> float:
        steps = self.steps(story_id, clan)
        if steps <= 0:
            return self.points(story_id) + CARD
        return self.points(story_id) * chance(steps, clan.left) * self._reach(clan, story_id)

    def _reach(self, clan: Clan, story_id: str) -> float:
        """A damper for a group story beyond what the largest group can grow to."""
        need = (self.known.get(story_id) or self.about(story_id))[3]
        if not need:
            return 1.0
        return 1.0 if clan.counts(self.board).largest + clan.left >= need + 1 else 0.4
