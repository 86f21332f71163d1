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
from functools import cached_property
from typing import NamedTuple

from engine.contract import OrderSheet
from engine.dewan import legal, payment
from engine.dewan.board import START, WATER, Board
from engine.dewan.cards import card
from engine.dewan.orders import Camp, Order, Pick, Take
from engine.dewan.purse import Purse, deficit
from engine.dewan.spread import edges_of
from engine.dewan.state import DRAFT, PLAY, State
from engine.dewan.stories import Need
from engine.dewan.worth import LAST_ROUND_CARD, Clan, Judge, card_worth, have

ANY = payment.ANY
TEMPO = 2.4          # a camp placed brings the next bonus and the end nearer
CAMP_MIN = 0.0       # the least net worth of a camp it places
MISS = 1.4           # a card a planned camp still lacks
TOWARD = 0.5         # each hex nearer to what a held story needs
GIVEN = 0.5          # a card paid into an opponent's hand
PLANS = 8            # planned camps a pair of cards is judged against
CAMPS = 3            # camps, each to another hex, in a pre-order
SURE = 3.0           # how much a camp must beat CAMP_MIN to be sent ahead
SURE_TAKE = 2.0      # how much the best pair must beat the next to be sent ahead


class Option(NamedTuple):
    """A camp it could place: the path, one need per card paid, and its worth."""
    dest: str
    path: tuple[str, ...]
    needs: tuple[str, ...]       # a terrain letter or ANY per card, in path order
    given: int                   # cards that would go to opponents
    gain: float                  # worth added by the camp, before its cost


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
        shrink = 0.75 if len(self.hand) > 6 else 1.0      # a big hand makes each card worth less
        self.worth = {c: (LAST_ROUND_CARD if self.final else card_worth(c, tucks) * shrink) for c in set(self.hand)}
        self.purse = Purse.of(self.hand, self.worth)
        self.base = self.judge.value(self.clan)
        self.grown = self.judge.grown(self.clan)
        self.targets = self._targets()
        self.near = st.remembered(("distances", frozenset(self.targets)),
                                  lambda: _distances(self.board, self.targets))
        self.bonus = self._bonus_worth()

    # -- camps ------------------------------------------------------------
    def options(self) -> list[Option]:
        """Destinations within reach of a path of two hexes (longer across water), each
        with the distinct costs of its paths."""
        st, board, seat = self.st, self.board, self.seat
        if st.left[seat] <= 0:
            return []
        owner = {h: p for p in st.players for h in st.camps[p]}
        mine = st.camps[seat]
        found: dict[str, dict[tuple[str, ...], tuple[tuple[str, ...], int]]] = {}
        terrain, near = board.terrains, board.neighbours
        free = board.land - owner.keys()

        def add(path: tuple[str, ...], needs: tuple[str, ...], given: int) -> None:
            costs = found.setdefault(path[-1], {})
            if needs not in costs or costs[needs][1] > given:
                costs[needs] = (path, given)

        for c in mine:
            leave = ANY if c == mine[0] or terrain[c] == START else terrain[c]
            for a in near[c]:
                if a in free:
                    add((c, a), (leave, terrain[a]), 0)
                if owner.get(a) == seat:
                    continue
                cross = ANY if terrain[a] == START else terrain[a]
                paid = int(a in owner)
                for b in near[a]:
                    if b == c:
                        continue
                    if b in free:
                        add((c, a, b), (leave, cross, terrain[b]), paid)
                    if cross == WATER and terrain[b] == WATER:
                        run_paid = paid or int(b in owner and owner[b] != seat)
                        for e in near[b]:
                            if e not in (c, a) and e in free:
                                add((c, a, b, e), (leave, WATER, terrain[e]), run_paid)
        out = []
        for dest, costs in found.items():
            gain = self.gain(dest)
            out += [Option(dest, path, needs, given, gain)
                    for needs, (path, given) in costs.items()]
        return out

    def gain(self, dest: str) -> float:
        """What a camp on ``dest`` adds to the clan's worth, and a little for nearing a target."""
        worth = self.grown.get(dest)
        if worth is None:
            worth = self.grown[dest] = self.judge.value(self.clan.with_camp(self.board, dest))
        got = worth - self.base
        if self.near and dest not in self.targets:
            got += TOWARD * max(0, min(self.here, 4) - self.near.get(dest, 99))
        return got

    @cached_property
    def here(self) -> int:
        """The steps from its nearest camp to a target."""
        return min(self.near.get(c, 99) for c in self.clan.camps)

    def _targets(self) -> set[str]:
        """The free hexes that would bring a held story nearer."""
        st, board = self.st, self.board
        if not self.clan.held or self.final:
            return set()
        owner = {h for p in st.players for h in st.camps[p]}
        targets: set[str] = set()
        wet = self.clan.covers(board).shore
        for s in self.clan.held:
            for need in st.story(s).needs:
                if have(need, board, self.clan) >= need.count:
                    continue
                for h in _sites(st, need):
                    if h not in owner and (need.kind != "shore"
                                           or any(n not in wet for n in board.water_near[h])):
                        targets.add(h)
        return targets

    def net(self, option: Option, pay: list[str]) -> float:
        """A camp's worth now: its gain, bonus and tempo, less the cards paid and given away."""
        tempo = TEMPO if self.clan.left > 1 and not self.final else 0.0
        return (option.gain + self.bonus + tempo - sum(self.worth[c] for c in pay)
                - GIVEN * option.given)

    def _bonus_worth(self) -> float:
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

    def camps(self, options: list[Option]) -> list[tuple[float, Option, list[str]]]:
        """The camps it can pay, the best path to each destination, best first."""
        best: dict[str, tuple[float, Option, list[str]]] = {}
        for o in options:
            pay = self.purse.pay(o.needs)
            if pay is not None:
                score = self.net(o, pay)
                if o.dest not in best or score > best[o.dest][0]:
                    best[o.dest] = (score, o, pay)
        order = sorted(best.values(), key=lambda x: x[1].dest)
        self.rng.shuffle(order)                 # equal worth in no fixed direction
        return sorted(order, key=lambda x: -x[0])

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

    def pairs(self, options: list[Option]) -> list[tuple[float, Take]]:
        """The pairs of the row, best first, by how well they complete a planned camp."""
        st = self.st
        plans = sorted(options, key=lambda o: -(o.gain - len(o.needs)))[:PLANS]
        wanted = {o.needs for o in plans}
        scored = []
        for i, j in legal.pairs(st):
            got = [st.row[i - 1], st.row[j - 1]]
            short = {n: self.purse.short(n, got) for n in wanted}
            plan = max((o.gain - len(o.needs) - MISS * short[o.needs] for o in plans), default=0.0)
            extra = sum(card_worth(c, True) for c in got) * 0.2
            scored.append((plan + extra, Take(i, j, (got[0], got[1]))))
        self.rng.shuffle(scored)
        return sorted(scored, key=lambda x: -x[0])


def _sites(st: State, need: Need) -> tuple[str, ...]:
    """The land hexes a camp could meet ``need`` on, by the map alone (for ``shore``: the land
    hexes beside water); found once a game (kept with the state's copies)."""
    board, edges = st.board, edges_of(st.board)
    return st.remembered(("sites", need), lambda: tuple(
        h for h, x in board.hexes.items() if h in board.land and (
            (need.kind == "terrain" and x.terrain == need.what)
            or (need.kind == "berries" and x.berry) or (need.kind == "fire_hexes" and x.fire)
            or (need.kind == "symbol" and any(sym == need.what for _, sym in edges[h]))
            or (need.kind == "shore" and board.water_near[h]))))


def _distances(board: Board, targets: set[str]) -> dict[str, int]:
    """Steps from each hex to the nearest of ``targets``."""
    dist = {h: 0 for h in targets}
    edge = list(targets)
    while edge:
        nxt = []
        for h in edge:
            for n in board.adjacent(h):
                if n not in dist:
                    dist[n] = dist[h] + 1
                    nxt.append(n)
        edge = nxt
    return dist


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
    options = mind.options()
    camps = mind.camps(options)
    ahead = st.to_move != seat or st.stage != PLAY
    if camps and camps[0][0] >= CAMP_MIN:
        mind.pass_over_pairs()
        return mind.camp_lines(camps, ahead)
    pairs = mind.pairs(options)
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
    options = mind.options()
    out: list[Order] = []
    seen: set[str] = set()
    for _net, option, pay in mind.camps(options):
        if option.dest not in seen and len(seen) < 2:
            seen.add(option.dest)
            out.append(mind.camp_order(option, pay))
    pairs = mind.pairs(options)
    if pairs:
        out.append(Take(pairs[0][1].first, pairs[0][1].second))
    elif not out:
        found = legal.any_camp(st, seat)
        out += [found] if found else []
    return out[:most]
