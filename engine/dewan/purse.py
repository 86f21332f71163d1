"""Paying for camps from a hand, for the heuristic bot.

``Purse.pay`` finds the cards of least worth that pay a path's needs (one card
each, a terrain the card shows, or any card), once per path shape and hand.
``deficit`` counts the cards a hand still lacks for a path: a matching of the
path's terrains to the cards that show them, the rest paid by spare cards.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache, partial
from typing import Any, Callable

from engine.dewan import payment
from engine.dewan.cards import card

ANY = payment.ANY
SHORTS = 1024            # the most cards-and-path counts a purse keeps


class Filled(dict):
    """A dict whose missing value for a key is made by ``make(key)`` when first asked for."""

    def __init__(self, make: Callable[[Any], Any]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: Any) -> Any:
        value = self[key] = self.make(key)
        return value


class Purse:
    """A hand to pay camps from, its cards ordered by worth once, each payment found once."""

    def __init__(self, hand: list[str], worth: dict[str, float]) -> None:
        self.worth = worth
        self.kinds = sorted(set(hand), key=lambda c: (worth[c], c))
        self.counts = dict(Counter(hand))
        self.hand = list(hand)
        # The hand's kinds of card that pay a need, the least worth first; and the need's rank
        # in the search (those served by fewest kinds first, any card last). Made from what
        # they hold, not from the purse, so that no purse is kept alive by its own parts.
        self.serving: dict[str, list[str]] = Filled(partial(_serving, self.kinds))
        self.ranks: dict[str, tuple[bool, int]] = Filled(partial(_rank, self.serving))
        self.paid: dict[tuple[str, ...], tuple[list[str] | None, float]] = {}      # ``spend`` found
        self.deficits: dict[tuple, int] = {}
        self.showing: dict[tuple[str, ...], tuple[str, ...]] = {}
        self.weighed: dict = {}          # what the bot works out from this hand, by its own keys

    def serve(self, need: str) -> list[str]:
        """The hand's kinds of card that pay ``need``, the least worth first."""
        return self.serving[need]

    def pay(self, needs: tuple[str, ...]) -> list[str] | None:
        return self.spend(needs)[0]

    def spend(self, needs: tuple[str, ...]) -> tuple[list[str] | None, float]:
        """``pay``, and the worth of the cards paid (0 when it cannot pay)."""
        found = self.paid.get(needs)
        if found is None:
            pay = self._pay(needs)
            found = self.paid[needs] = (pay, 0.0 if pay is None else sum(self.worth[c] for c in pay))
        return found

    def short(self, needs: tuple[str, ...], got: list[str]) -> int:
        """``deficit`` of the hand and the two cards ``got``, found once for the same cards, and
        once for cards that serve the same terrains of ``needs`` (only those, and how many
        cards, change the answer)."""
        key = (needs, got[0], got[1])
        found = self.deficits.get(key)
        if found is None:
            if len(self.deficits) >= SHORTS:
                self.deficits.clear()       # a purse kept from game to game stays small
            a, b = _serves(got[0], needs), _serves(got[1], needs)
            found = self.deficits[key] = deficit(needs, self._shown(needs) + ((a, b) if a <= b else (b, a)))
        return found

    def _shown(self, needs: tuple[str, ...]) -> tuple[str, ...]:
        """The terrains of ``needs`` each card of the hand serves, sorted."""
        found = self.showing.get(needs)
        if found is None:
            found = self.showing[needs] = tuple(sorted(_serves(c, needs) for c in self.hand))
        return found

    def _pay(self, needs: tuple[str, ...]) -> list[str] | None:
        if len(needs) == 2:
            return self._pay_two(needs)
        return self._pay_three(needs) if len(needs) == 3 else self._search(needs)

    def _search(self, needs: tuple[str, ...]) -> list[str] | None:
        """The cards of least worth paying ``needs``: a branch and bound over the needs, those
        served by fewest kinds of card first (any card last, and then the cheapest left)."""
        worth = self.worth
        serving = {n: self.serve(n) for n in set(needs)}
        order = self._order(needs)
        best: list = [None, float("inf")]
        chosen: dict[int, str] = {}

        def go(at: int, left: dict[str, int], spent: float) -> None:
            if spent >= best[1]:
                return
            if at == len(order):
                best[0], best[1] = dict(chosen), spent
                return
            k = order[at]
            for c in serving[needs[k]]:
                if left[c] > 0:
                    left[c] -= 1
                    chosen[k] = c
                    go(at + 1, left, spent + worth[c])
                    left[c] += 1
                    if needs[k] == ANY:
                        break                   # any card: the cheapest left is best
            chosen.pop(k, None)

        go(0, dict(self.counts), 0.0)
        return None if best[0] is None else [best[0][k] for k in range(len(needs))]

    def _order(self, needs: tuple[str, ...]) -> tuple[int, ...]:
        """The needs in the order the search takes them: those served by fewest kinds of card
        first, any card last."""
        ranks = self.ranks
        if len(needs) == 2:            # sorted(), looked up
            return (0, 1) if ranks[needs[0]] <= ranks[needs[1]] else (1, 0)
        if len(needs) == 3:
            a, b, c = ranks[needs[0]], ranks[needs[1]], ranks[needs[2]]
            return _THREE[a <= b, a <= c, b <= c]
        keys = [ranks[need] for need in needs]
        return tuple(sorted(range(len(needs)), key=keys.__getitem__))

    def _pay_two(self, needs: tuple[str, ...]) -> list[str] | None:
        """``_search`` written out for a path of one step (two needs): the same cards found,
        the same ties broken the same way."""
        a, b = self._order(needs)
        found, _least = self._pair(needs[a], needs[b], None, 0.0, float("inf"))
        return None if found is None else _placed((a, b), found)

    def _pay_three(self, needs: tuple[str, ...]) -> list[str] | None:
        """``_search`` written out for a path of two steps (three needs), as ``_pay_two``."""
        a, b, c = self._order(needs)
        found, least = None, float("inf")
        for x in self.serve(needs[a]):
            if self.worth[x] >= least:
                break                       # the cards come cheapest first: none after costs less
            pair, least = self._pair(needs[b], needs[c], x, self.worth[x], least)
            found = (x, *pair) if pair else found
            if needs[a] == ANY:
                break
        return None if found is None else _placed((a, b, c), found)

    def _pair(self, first: str, second: str, taken: str | None, spent: float,
              least: float) -> tuple[tuple[str, str] | None, float]:
        """The last two levels of the search: the cheapest cards for ``first`` then ``second``
        beside the card ``taken`` (if any) and ``spent`` already, if any costs less than
        ``least``; and the least cost then. The cards come cheapest first, so for each card
        for ``first`` the first card left for ``second`` is the one to weigh, and once a card
        for ``first`` costs too much every later one does."""
        worth, counts = self.worth, self.counts
        found = None
        serving = self.serving
        for x in serving[first]:
            if counts[x] - (x == taken) > 0:
                if spent + worth[x] >= least:
                    break
                for y in serving[second]:
                    if counts[y] - (y == x) - (y == taken) > 0:
                        if spent + worth[x] + worth[y] < least:
                            found, least = (x, y), spent + worth[x] + worth[y]
                        break
                if first == ANY:
                    break
        return found, least


def _augment(s: int, seen: set[int], specific: list[str], shows: tuple[str, ...], match: dict[int, int]) -> bool:
    """An augmenting path for slot ``s`` of ``deficit``'s matching (a function of its own, not
    one made at each call: one that calls itself would be garbage only the collector finds)."""
    for i, terrains in enumerate(shows):
        if i not in seen and specific[s] in terrains:
            seen.add(i)
            if i not in match or _augment(match[i], seen, specific, shows, match):
                match[i] = s
                return True
    return False


# sorted(range(3), key=...) of three keys a, b, c, by (a <= b, a <= c, b <= c).
_THREE = {(a <= b, a <= c, b <= c): tuple(sorted(range(3), key=(a, b, c).__getitem__))
          for a in range(3) for b in range(3) for c in range(3)}


def _serving(kinds: list[str], need: str) -> list[str]:
    return [c for c in kinds if need == ANY or need in card(c).terrains]


def _rank(serving: dict[str, list[str]], need: str) -> tuple[bool, int]:
    return need == ANY, len(serving[need])


def _placed(order: tuple[int, ...], cards: tuple[str, ...]) -> list[str]:
    """Cards found need by need in the search's order, put back in the path's order."""
    out = [""] * len(order)
    for k, c in zip(order, cards):
        out[k] = c
    return out


@lru_cache(maxsize=2048)
def deficit(needs: tuple[str, ...], shows: tuple[str, ...]) -> int:
    """Cards still missing to pay ``needs`` from cards showing ``shows`` (each card's terrains;
    only those of ``needs`` matter, and not the cards' order)."""
    specific = [n for n in needs if n != ANY]
    match: dict[int, int] = {}          # card index -> slot index
    matched = sum(_augment(s, set(), specific, shows, match) for s in range(len(specific)))
    spare = len(shows) - matched
    return (len(specific) - matched) + max(0, (len(needs) - len(specific)) - spare)


_SERVING: dict[tuple[str, ...], dict[str, str]] = {}      # bounded by the card texts and path shapes


def _serves(text: str, needs: tuple[str, ...]) -> str:
    """The terrains of ``needs`` that card ``text`` serves."""
    table = _SERVING.get(needs)
    if table is None:
        table = _SERVING[needs] = {}
    found = table.get(text)
    if found is None:
        found = table[text] = "".join(t for t in card(text).terrains if t in needs)
    return found
