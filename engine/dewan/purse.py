"""Paying for camps from a hand, for the heuristic bot.

``Purse.pay`` finds the cards of least worth that pay a path's needs (one card
each, a terrain the card shows, or any card), once per path shape and hand.
``deficit`` counts the cards a hand still lacks for a path: a matching of the
path's terrains to the cards that show them, the rest paid by spare cards.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache

from engine.dewan import payment
from engine.dewan.cards import card

ANY = payment.ANY


class Purse:
    """A hand to pay camps from, its cards ordered by worth once, each payment found once."""

    def __init__(self, hand: list[str], worth: dict[str, float]) -> None:
        self.worth = worth
        self.kinds = sorted(set(hand), key=lambda c: (worth[c], c))
        self.counts = dict(Counter(hand))
        self.serving: dict[str, list[str]] = {}
        self.hand = list(hand)
        self.paid: dict[tuple[str, ...], list[str] | None] = {}
        self.shorts: dict[tuple, int] = {}

    @classmethod
    def of(cls, hand: list[str], worth: dict[str, float]) -> Purse:
        """The purse of a hand, shared by the decisions that pay from the same cards valued
        alike (a seat writing ahead weighs the same hand again after every move)."""
        return _purse(tuple(sorted(hand)), tuple(sorted(worth.items())))

    def serve(self, need: str) -> list[str]:
        """The hand's kinds of card that pay ``need``, the least worth first."""
        found = self.serving.get(need)
        if found is None:
            found = self.serving[need] = [c for c in self.kinds if need == ANY or need in card(c).terrains]
        return found

    def pay(self, needs: tuple[str, ...]) -> list[str] | None:
        if needs not in self.paid:
            self.paid[needs] = self._pay(needs)
        return self.paid[needs]

    def short(self, needs: tuple[str, ...], got: list[str]) -> int:
        """``deficit`` of the hand and the cards ``got``, found once for cards that serve the
        same terrains of ``needs`` (only those, and how many cards, change the answer)."""
        a, b = (_serves(c, needs) for c in got)
        key = (needs, a, b) if a <= b else (needs, b, a)
        found = self.shorts.get(key)
        if found is None:
            found = self.shorts[key] = deficit(needs, self.hand + got)
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

    def _order(self, needs: tuple[str, ...]) -> list[int]:
        """The needs in the order the search takes them: those served by fewest kinds of card
        first, any card last."""
        keys = [(need == ANY, len(self.serve(need))) for need in needs]
        return sorted(range(len(needs)), key=keys.__getitem__)

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
            if self.worth[x] < least:
                pair, least = self._pair(needs[b], needs[c], x, self.worth[x], least)
                found = (x, *pair) if pair else found
            if needs[a] == ANY:
                break
        return None if found is None else _placed((a, b, c), found)

    def _pair(self, first: str, second: str, taken: str | None, spent: float,
              least: float) -> tuple[tuple[str, str] | None, float]:
        """The last two levels of the search: the cheapest cards for ``first`` then ``second``
        beside the card ``taken`` (if any) and ``spent`` already, if any costs less than
        ``least``; and the least cost then."""
        worth, counts = self.worth, self.counts
        found = None
        for x in self.serve(first):
            if counts[x] - (x == taken) > 0:
                if spent + worth[x] < least:
                    for y in self.serve(second):
                        if counts[y] - (y == x) - (y == taken) > 0:
                            if spent + worth[x] + worth[y] < least:
                                found, least = (x, y), spent + worth[x] + worth[y]
                            if second == ANY:
                                break
                if first == ANY:
                    break
        return found, least


def _placed(order: tuple[int, ...], cards: tuple[str, ...]) -> list[str]:
    """Cards found need by need in the search's order, put back in the path's order."""
    out = [""] * len(order)
    for k, c in zip(order, cards):
        out[k] = c
    return out


def deficit(needs: tuple[str, ...], hand: list[str]) -> int:
    """Cards still missing to pay ``needs`` from ``hand``."""
    specific = [n for n in needs if n != ANY]
    shows = [card(c).terrains for c in hand]
    match: dict[int, int] = {}          # card index -> slot index

    def augment(s: int, seen: set[int]) -> bool:
        for i, terrains in enumerate(shows):
            if i not in seen and specific[s] in terrains:
                seen.add(i)
                if i not in match or augment(match[i], seen):
                    match[i] = s
                    return True
        return False

    matched = sum(augment(s, set()) for s in range(len(specific)))
    spare = len(hand) - matched
    return (len(specific) - matched) + max(0, (len(needs) - len(specific)) - spare)


@lru_cache(maxsize=64)
def _purse(hand: tuple[str, ...], worth: tuple[tuple[str, float], ...]) -> Purse:
    return Purse(list(hand), dict(worth))


@lru_cache(maxsize=4096)
def _serves(text: str, needs: tuple[str, ...]) -> str:
    """The terrains of ``needs`` that card ``text`` serves."""
    return "".join(t for t in card(text).terrains if t in needs)
