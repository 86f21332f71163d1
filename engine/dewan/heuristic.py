"""The heuristic bot: one-move look-ahead valued in end-of-game points (engine.dewan.worth).

- **Draft and story bonus**: the story tile it is most likely to finish, by
  points times the chance its holding gives.
- **Camps**: every destination one or two hexes from its camps (and across a
  water run), valued by what the camp adds (stories nearer completion,
  berries, groups, fire), plus a little for coming nearer to hexes its held
  stories need, less the cards it spends. It camps when the best one it can
  pay is worth it, paying the cards it values least (an explicit PAY), and
  tucks the card that adds most (fire, berry, or what a story needs).
- **Cards**: otherwise it takes the pair that best completes one of its best
  planned camps (fewest cards still missing).
- **Mail**: not to move, it writes ahead only what the moves before its own
  are unlikely to spoil: camps clearly worth placing (up to three, each to
  another hex, with PAY: its hand only grows till its turn), or a pair
  clearly better than the rest, guarded with IF (``TAKE 2 3 IF F M``).
  Otherwise it sends nothing and is asked on the position it plays in.
"""
from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from typing import Any, Callable

from engine.contract import OrderSheet
from engine.dewan import legal, payment
from engine.dewan.orders import Camp, Order, Pick, Take
from engine.dewan.purse import Purse
from engine.dewan.reach import Found, Option, new_option, reach
from engine.dewan.state import DRAFT, PLAY, State
from engine.dewan.stories import Need
from engine.dewan.worth import LAST_ROUND_CARD, Clan, Judge, card_worth, count

TEMPO = 2.4          # a camp placed brings the next bonus and the end nearer
CAMP_MIN = 0.0       # the least net worth of a camp it places
MISS = 1.4           # a card a planned camp still lacks
TOWARD = 0.5         # each hex nearer to what a held story needs
NEAR = 3             # ... counted from this many hexes away (4 or more: none)
GIVEN = 0.5          # a card paid into an opponent's hand
PLANS = 8            # planned camps a pair of cards is judged against
CAMPS = 3            # camps, each to another hex, in a pre-order
SURE = 3.0           # how much a camp must beat CAMP_MIN to be sent ahead
SURE_TAKE = 2.0      # how much the best pair must beat the next to be sent ahead
WEIGHED = 16         # sets of planned camps a hand's pairs are kept weighed for


class lazy:
    """functools.cached_property without its lock (a Mind serves one decision, on one thread)."""

    def __init__(self, make: Callable[[Any], Any]) -> None:
        self.make, self.name, self.__doc__ = make, make.__name__, make.__doc__

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.make(obj)
        return value


class Mind:
    """One seat's view of the position for one decision."""

    def __init__(self, st: State, seat: str, rng: random.Random) -> None:
        self.st, self.seat, self.board, self.rng = st, seat, st.board, rng
        self.final = st.round_ends
        self.clan = Clan.of(st, seat)
        self.judge = Judge(st, seat)
        self.hand = list(st.hands[seat])
        self.placed = st.placed(seat)
        tucks = any(legal.bonus(n) == "tuck" for n in range(self.placed + 1, 9))
        self.holding = (tuple(sorted(self.hand)), self.final, tucks, len(self.hand) > 6)
        self.worth, self.purse = _hand(*self.holding)
        self.tempo = TEMPO if self.clan.left > 1 and not self.final else 0.0

    @lazy
    def base(self) -> float:
        """The clan's worth now."""
        return self.judge.value(self.clan)

    @lazy
    def grown(self) -> dict[str, float]:
        """The clan's worth with a camp more, by the camp's hex, as found (kept with the state)."""
        return self.judge.grown(self.clan)

    # -- camps ------------------------------------------------------------
    @lazy
    def found(self) -> Found:
        """The camps it could place, found once for the same camps on the map and the same
        clan (the seat's last are kept with the state: a seat writing ahead is asked again and
        again while the others move, and what it is asked on only grows)."""
        st, seat = self.st, self.seat
        if st.left[seat] <= 0:
            return Found((), PLANS)
        layout = tuple(tuple(st.camps[p]) for p in st.players)
        key = (layout, self.clan, self.judge.rival, self.final)
        last = st.memo.get(("options", seat))
        if last is None or last[0] != key:
            last = st.memo["options", seat] = (key, Found(self._options(layout), PLANS))
        return last[1]

    def options(self) -> tuple[Option, ...]:
        """Destinations within reach of a path of two hexes (longer across water), each
        with the distinct costs of its paths."""
        return self.found.options

    def _options(self, layout: tuple[tuple[str, ...], ...]) -> tuple[Option, ...]:
        out: list[Option] = []
        for dest, costs in reach(self.board, self.seat, self.st.players, layout):
            gain = self.gain(dest)
            out += [new_option(Option, (dest, path, needs, given, gain)) for path, needs, given in costs]
        return tuple(out)

    def gain(self, dest: str) -> float:
        """What a camp on ``dest`` adds to the clan's worth, and a little for nearing a target."""
        worth = self.grown.get(dest)
        if worth is None:
            worth = self.grown[dest] = self.judge.value(self.clan.with_camp(self.board, dest), keep=False)
        got = worth - self.base
        if self.targets and dest not in self.targets:
            got += TOWARD * max(0, min(self.here, NEAR + 1) - self.steps_to_target(dest))
        return got

    @lazy
    def around(self) -> dict[str, tuple[frozenset[str], ...]]:
        return self.board.within(NEAR)

    @lazy
    def here(self) -> int:
        """The steps from its nearest camp to a target (99 when more than NEAR)."""
        return min(self.steps_to_target(c) for c in self.clan.camps)

    def steps_to_target(self, name: str) -> int:
        """The steps from hex ``name`` to the nearest target, or 99 when that is more than NEAR:
        a camp gains TOWARD only for each step it comes nearer than NEAR + 1 (farther is all
        the same to ``gain``)."""
        targets = self.targets
        for steps, around in enumerate(self.around[name]):
            if not targets.isdisjoint(around):
                return steps
        return 99

    @lazy
    def targets(self) -> set[str]:
        """The free hexes that would bring a held story nearer."""
        st = self.st
        if not self.clan.held or self.final:
            return set()
        last = st.memo.get(("targets", self.seat))
        if last is None or last[0] != self.clan:
            last = st.memo["targets", self.seat] = (self.clan, self._wanted())
        targets = set(last[1])
        for p in st.players:
            targets.difference_update(st.camps[p])
        return targets

    def _wanted(self) -> frozenset[str]:
        """The land hexes that would bring a held story nearer, free or not (the seat's last
        are kept with the state: they change with its clan only)."""
        st, board, sites = self.st, self.board, set()
        spread, cards = self.clan.covers(board), self.judge.tucked(self.clan.tucked)[0]
        for s in self.clan.held:
            for need in st.story(s).needs:
                if count(need, spread, self.clan, cards) >= need.count:
                    continue
                if need.kind != "shore":
                    sites.update(_sites(st, need))
                else:
                    sites.update(h for h in _sites(st, need)
                                 if any(n not in spread.shore for n in board.water_near[h]))
        return frozenset(sites)

    @lazy
    def bonus(self) -> float:
        """About what the next camp's bonus adds (taken as the same for every destination)."""
        kind = legal.bonus(self.placed + 1)
        if kind == "story" and any(self.st.story_row):
            return max(self.judge.story_pick(self.clan, s) for s in self.st.story_row if s)
        if kind == "tuck":
            return max([0.0] + [self.tuck_worth(self.clan, c) for c in set(self.hand)])
        return 0.0

    def tuck_worth(self, clan: Clan, text: str) -> float:
        """What tucking ``text`` adds, less the card's worth in hand."""
        return self.judge.value(clan.with_tuck(text)) - self.judge.value(clan) - self.worth[text]

    def camps(self) -> list[tuple[float, Option, list[str]]]:
        """The camps it can pay, the best path to each destination, best first (worked out
        once for the same hand and story row: with the clan, they make the bonus)."""
        key = (self.holding, tuple(self.st.story_row))
        order = self.found.paid.get(key)
        if order is None:
            order = self.found.paid[key] = self._camps(self.found.options)
        order = list(order)
        self.rng.shuffle(order)                 # equal worth in no fixed direction
        return sorted(order, key=lambda x: -x[0])

    def _camps(self, options: tuple[Option, ...]) -> list[tuple[float, Option, list[str]]]:
        """The best path to each destination it can pay, by the destination. A camp's worth
        now: its gain, bonus and tempo, less the worth of the cards paid and given away."""
        best: dict[str, tuple[float, Option, list[str]]] = {}
        paid, spend, bonus, tempo = self.purse.paid, self.purse.spend, self.bonus, self.tempo
        for o in options:
            pay, spent = paid.get(o.needs) or spend(o.needs)
            if pay is not None:
                score = o.gain + bonus + tempo - spent - GIVEN * o.given
                old = best.get(o.dest)
                if old is None or score > old[0]:
                    best[o.dest] = (score, o, pay)
        return sorted(best.values(), key=lambda x: x[1].dest)

    def camp_order(self, option: Option, pay: list[str]) -> Camp:
        """The camp with its PAY, and the story or tuck of its bonus."""
        needs = tuple(s.need for s in payment.slots(self.st, self.seat, option.path))
        if needs != option.needs:           # a path this module costs otherwise than payment.py
            pay = self.purse.pay(needs) or pay
        after = self.clan.with_camp(self.board, option.dest)
        kind = legal.bonus(self.placed + 1)
        story, tuck = 0, ""
        if kind == "story" and any(self.st.story_row):
            story = 1 + max((i for i, s in enumerate(self.st.story_row) if s),
                            key=lambda i: self.judge.story_pick(after, self.st.story_row[i]))
        elif kind == "tuck":
            rest = Counter(self.hand) - Counter(pay)
            scored = [(self.tuck_worth(after, c), c) for c in sorted(rest)]
            if scored and max(scored)[0] > 0:
                tuck = max(scored)[1]
        return Camp(option.path, tuple(pay), story, tuck)

    # -- cards ------------------------------------------------------------
    def camp_lines(self, camps: list[tuple[float, Option, list[str]]], ahead: bool) -> list[Order]:
        """Its best camp; ahead of its move, those clearly worth it (each to another hex)."""
        if not ahead:
            return [self.camp_order(camps[0][1], camps[0][2])]
        sure = [c for c in camps if c[0] >= CAMP_MIN + SURE]
        return [self.camp_order(o, pay) for _, o, pay in sure[:CAMPS]]

    def pass_over_pairs(self) -> None:
        """When it camps, the pairs are not weighed; the seeded random still turns as
        weighing them turns it (one shuffle of as many entries), so games repeat."""
        self.rng.shuffle([None] * len(legal.pairs(self.st)))

    def pairs(self) -> list[tuple[float, Take]]:
        """The pairs of the row, best first, by how well they complete a planned camp."""
        st, planned = self.st, self.found.planned()
        weighed = self.purse.weighed.get(planned)
        if weighed is None:
            if len(self.purse.weighed) >= WEIGHED:
                self.purse.weighed.clear()       # a purse kept from game to game stays small
            weighed = self.purse.weighed[planned] = {}
        row, scored = st.row, []
        for i, j in legal.pairs(st):
            x, y = row[i - 1], row[j - 1]
            key = (x, y) if x <= y else (y, x)
            score = weighed.get(key)
            if score is None:
                score = weighed[key] = self._pair_worth(planned, list(key))
            scored.append((score, _take(i, j, x, y)))
        self.rng.shuffle(scored)
        return sorted(scored, key=lambda x: -x[0])

    def _pair_worth(self, planned: tuple[tuple[tuple[str, ...], float], ...], got: list[str]) -> float:
        """What taking the cards ``got`` is worth: how well they complete a planned camp, and
        a little for the cards (the same for the two cards in either order; kept with the
        purse for the same planned camps). The planned needs come highest first, and a camp
        is never worth more planned than its worth less nothing missing: once no worth left
        can beat the best found, the rest need not be counted."""
        plan = None
        for needs, worth in planned:
            if plan is not None and worth <= plan:
                break
            got_worth = worth - MISS * self.purse.short(needs, got)
            if plan is None or got_worth > plan:
                plan = got_worth
        return (0.0 if plan is None else plan) + sum(card_worth(c, True) for c in got) * 0.2


@lru_cache(maxsize=64)
def _hand(hand: tuple[str, ...], final: bool, tucks: bool, big: bool) -> tuple[dict[str, float], Purse]:
    """Each card's worth in hand, and the purse to pay from (the same for the same cards)."""
    shrink = 0.75 if big else 1.0      # a big hand makes each card worth less
    worth = {c: (LAST_ROUND_CARD if final else card_worth(c, tucks) * shrink) for c in set(hand)}
    return worth, Purse(list(hand), worth)


@lru_cache(maxsize=512)
def _take(first: int, second: int, a: str, b: str) -> Take:
    """TAKE ``first`` ``second`` IF ``a`` ``b`` (the same order made once)."""
    return Take(first, second, (a, b))


def _sites(st: State, need: Need) -> tuple[str, ...]:
    """The land hexes a camp could meet ``need`` on, by the map alone (for ``shore``: the land
    hexes beside water); found once a game (kept with the state's copies)."""
    found = st.memo.get(("sites", need))
    if found is None:
        board, edges = st.board, st.board.edges
        found = st.memo["sites", need] = tuple(
            h for h, x in board.hexes.items() if h in board.land and (
                (need.kind == "terrain" and x.terrain == need.what)
                or (need.kind == "berries" and x.berry) or (need.kind == "fire_hexes" and x.fire)
                or (need.kind == "symbol" and any(sym == need.what for _, sym in edges[h]))
                or (need.kind == "shore" and board.water_near[h])))
    return found


def choose(st: State, seat: str, rng: random.Random) -> list[Order]:
    """The seat's lines for its next decision, best first."""
    if st.stage == DRAFT and st.to_move == seat:
        clan, judge = Clan.of(st, seat), Judge(st, seat)
        free = [i for i, s in enumerate(st.story_row) if s]
        if not free:
            return []
        rng.shuffle(free)
        best = max(free, key=lambda i: judge.story_pick(clan, st.story_row[i]))
        pick: list[Order] = [Pick(best + 1, st.story_row[best])]
        return pick + (moves(st, seat, rng) if seat == st.players[0] else [])
    if st.stage == DRAFT and st.players.index(seat) < st.players.index(st.to_move):
        return []                            # its pick is still to come
    return moves(st, seat, rng) if st.stage in (DRAFT, PLAY) else []


def moves(st: State, seat: str, rng: random.Random) -> list[Order]:
    """Its move: the best camp worth placing, else the best pair. Ahead of its move: only
    camps clearly worth it, or a clearly best pair guarded with IF, else nothing."""
    mind = Mind(st, seat, rng)
    camps = mind.camps()
    ahead = st.to_move != seat or st.stage != PLAY
    if camps and camps[0][0] >= CAMP_MIN:
        mind.pass_over_pairs()
        return mind.camp_lines(camps, ahead)
    pairs = mind.pairs()
    if not ahead and not camps and not pairs:
        last = legal.any_camp(st, seat)         # a longer path than it looks at
        return [last] if last else []
    if camps and not pairs:
        return mind.camp_lines(camps, ahead)
    if not ahead:
        return [Take(pairs[0][1].first, pairs[0][1].second)]
    if len(pairs) > 1 and pairs[0][0] - pairs[1][0] >= SURE_TAKE:
        return [pairs[0][1]]
    return []


def orders(st: State, seat: str, rng: random.Random | None = None) -> OrderSheet:
    """The heuristic's sheet for ``seat``: its move, or its pre-orders when not to move."""
    return OrderSheet(seat, tuple(choose(st, seat, rng or random.Random(f"{seat} {st.step}"))))


def suggestions(st: State, seat: str, most: int = 3) -> list[Order]:
    """For the seat to move, moves it can play now written out as orders, best first by the
    bot's judgement: the two camps worth most (each to another hex, its PAY the cards the
    seat can best spare, its bonus written out), then the best pair to take."""
    if st.stage != PLAY or st.to_move != seat:
        return []
    mind = Mind(st, seat, random.Random(f"{seat} {st.step}"))
    out: list[Order] = []
    seen: set[str] = set()
    for _net, option, pay in mind.camps():
        if option.dest not in seen and len(seen) < 2:
            seen.add(option.dest)
            out.append(mind.camp_order(option, pay))
    pairs = mind.pairs()
    if pairs:
        out.append(Take(pairs[0][1].first, pairs[0][1].second))
    elif not out:
        found = legal.any_camp(st, seat)
        out += [found] if found else []
    return out[:most]
