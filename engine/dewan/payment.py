"""What a camp's path costs, the cheapest way to pay it, and whether a given PAY fits.

A path is the hexes from one of the seat's camps to the destination. It
costs, in path order (each cost is one card, a *slot*):

- leaving the first hex: a card of its terrain, any card from the start camp;
- each hex crossed: a card of its terrain, except that a run of water hexes
  crossed one after the other costs one water card; a start hex crossed
  (no terrain) takes any card; when the hex (or, for a water run, the first
  hex of the run that does) holds an opponent's camp, that card goes to the
  opponent's hand instead of the discard; crossing one's own camp pays the
  discard like any hex;
- the destination: a card of its terrain.

So a camp always costs at least 2 cards. A two-terrain card pays for either.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from engine.dewan.board import START, TERRAINS
from engine.dewan.cards import card, cards
from engine.dewan.state import State
from engine.messages import Join, Msg

ANY = ""
KEPT = 16                # paths whose slots are kept with the state
ORDER = "FMDPW"
# The card a slot takes, in words (board.TERRAINS as messages).
WANTED = {"F": Msg("forest"), "M": Msg("mountain"), "D": Msg("desert"), "P": Msg("plains"), "W": Msg("water"),
          ANY: Msg("any card")}


@dataclass(frozen=True)
class Slot:
    """One card of a path's cost."""

    need: str            # a terrain letter, or ANY
    why: Msg             # "leave A1", "cross B1", "cross B2-B3", "arrive D1"
    to: str | None = None    # the opponent paid, or None for the discard

    @property
    def wanted(self) -> Msg:
        return WANTED[self.need if self.need in TERRAINS else ANY]


def slots(st: State, seat: str, path: tuple[str, ...]) -> list[Slot]:
    """The cost of ``path`` for ``seat``, one slot per card, in path order (worked out once
    for the same path, start camp and owners of the hexes crossed: the bot, the parser and
    the turn each ask for it)."""
    kept = st.memo.setdefault("slots", {})
    key = (seat, tuple(path), tuple(st.camps[seat][:1]), tuple(st.owner(h) for h in path[1:-1]))
    found = kept.get(key)
    if found is None:
        if len(kept) >= KEPT:
            kept.clear()                # the same path is asked for within a move or two
        found = kept[key] = _slots(st, seat, path)
    return list(found)


def _slots(st: State, seat: str, path: tuple[str, ...]) -> list[Slot]:
    board = st.board
    first, dest, crossed = path[0], path[-1], path[1:-1]
    start = st.camps[seat][:1] == [first] or board.terrain(first) == START
    out = [Slot(ANY if start else board.terrain(first), Msg("leave {hex}", hex=first))]

    def paid_to(hexes: list[str]) -> str | None:
        owners = [st.owner(h) for h in hexes]
        return next((o for o in owners if o is not None and o != seat), None)

    i = 0
    while i < len(crossed):
        here = crossed[i]
        terrain = board.terrain(here)
        if terrain == "W":
            run = [here]
            while i + len(run) < len(crossed) and board.terrain(crossed[i + len(run)]) == "W":
                run.append(crossed[i + len(run)])
            why = Msg("cross {hex}", hex=run[0] + (f"-{run[-1]}" if len(run) > 1 else ""))
            out.append(Slot("W", why, paid_to(run)))
            i += len(run)
            continue
        out.append(Slot(ANY if terrain == START else terrain, Msg("cross {hex}", hex=here), paid_to([here])))
        i += 1
    out.append(Slot(board.terrain(dest), Msg("arrive {hex}", hex=dest)))
    return out


def fits(slot: Slot, text: str) -> bool:
    return slot.need == ANY or card(text).serves(slot.need)


def rank(text: str) -> tuple[int, tuple[int, ...], str]:
    """The order in which cards are spent: plain single-terrain cards first, then plain
    doubles, then single cards with a symbol, then doubles with one; within each, by
    terrain in the order F, M, D, P, W. The first number is the card's worth."""
    c = card(text)
    worth = (len(c.terrains) - 1) + (2 if c.symbol else 0)
    return worth, tuple(ORDER.index(t) for t in c.terrains), c.text


def cheapest(cost: list[Slot], hand: list[str]) -> list[str] | None:
    """The default payment: one hand card per slot, in path order, spending the
    cheapest cards by :func:`rank` (the lowest total); None when the hand cannot pay."""
    kinds = sorted(set(hand), key=rank)
    weight = {k: i for i, k in enumerate(kinds)}
    groups = sorted({s.need for s in cost}, key=lambda n: (n != ANY, n))
    need = Counter(s.need for s in cost)
    flow = _min_cost_flow(kinds, Counter(hand), groups, need, weight)
    if flow is None:
        return None
    given: dict[str, list[str]] = {g: [] for g in groups}
    for (kind, group), n in sorted(flow.items(), key=lambda kv: weight[kv[0][0]]):
        given[group].extend([kind] * n)
    return [given[s.need].pop(0) for s in cost]


def _min_cost_flow(kinds: list[str], have: Counter, groups: list[str], need: Counter,
                   weight: dict[str, int]) -> dict[tuple[str, str], int] | None:
    """Cards of ``kinds`` (``have`` of each) matched to slot groups (``need`` of each) at
    the least total weight, by successive shortest paths; None when they cannot all be met."""
    nodes = ["s"] + [("k", k) for k in kinds] + [("g", g) for g in groups] + ["t"]
    index = {n: i for i, n in enumerate(nodes)}
    graph: list[list[list]] = [[] for _ in nodes]     # edge: [to, capacity, cost, reverse index]

    def add(a, b, cap: int, cost: int) -> None:
        ia, ib = index[a], index[b]
        graph[ia].append([ib, cap, cost, len(graph[ib])])
        graph[ib].append([ia, 0, -cost, len(graph[ia]) - 1])

    total = sum(need.values())
    for k in kinds:
        add("s", ("k", k), have[k], 100_000 * rank(k)[0] + weight[k])
        for g in groups:
            if g == ANY or card(k).serves(g):
                add(("k", k), ("g", g), total, 0)
    for g in groups:
        add(("g", g), "t", need[g], 0)
    sent = 0
    while sent < total:
        dist = [None] * len(nodes)
        back: list[tuple[int, int] | None] = [None] * len(nodes)
        dist[0] = 0
        for _ in range(len(nodes)):
            changed = False
            for u, edges in enumerate(graph):
                if dist[u] is None:
                    continue
                for e, (v, cap, cost, _) in enumerate(edges):
                    if cap > 0 and (dist[v] is None or dist[u] + cost < dist[v]):
                        dist[v], back[v], changed = dist[u] + cost, (u, e), True
            if not changed:
                break
        t = index["t"]
        if dist[t] is None:
            return None
        v = t
        while v != 0:
            u, e = back[v]
            graph[u][e][1] -= 1
            graph[v][graph[u][e][3]][1] += 1
            v = u
        sent += 1
    out: dict[tuple[str, str], int] = {}
    for k in kinds:
        for v, cap, cost, rev in graph[index[("k", k)]]:
            node = nodes[v]
            if isinstance(node, tuple) and node[0] == "g":
                used = graph[v][rev][1]       # the reverse edge's capacity is the flow sent
                if used:
                    out[(k, node[1])] = used
    return out


def check(cost: list[Slot], pay: tuple[str, ...], hand: list[str]) -> Msg | str:
    """Why ``pay`` (cards in any order) does not pay ``cost`` from ``hand`` (a message), or ''."""
    return arranged(cost, pay, hand)[1]


def arranged(cost: list[Slot], pay: tuple[str, ...], hand: list[str]) -> tuple[list[str] | None, Msg | str]:
    """The cards of ``pay`` in path order, one per slot of ``cost``, and ''; or None and why
    they cannot pay it from ``hand``. PAY is a set of cards: the order written is kept where it
    fits, else each slot in path order takes the first card written that leaves the rest able
    to pay the rest (so which card an opponent gets is the player's, where it can be)."""
    if len(pay) != len(cost):
        return None, Msg("this path costs {cost} cards ({slots}), PAY gives {pay}",
                         cost=len(cost), slots=describe(cost), pay=len(pay))
    left = Counter(hand)
    for n, text in enumerate(pay, start=1):
        if left[text] <= 0:
            held = hand.count(text)
            if held:
                return None, Msg("card {n} of PAY, {card}, is not in your hand: you hold {held} {card}",
                                 n=n, card=cards(text), held=held)
            return None, Msg("card {n} of PAY, {card}, is not in your hand", n=n, card=cards(text))
        left[text] -= 1
    if all(fits(slot, text) for slot, text in zip(cost, pay)):
        return list(pay), ""
    out: list[str] = []
    rest = list(pay)
    for i, slot in enumerate(cost):
        for text in dict.fromkeys(rest):
            if fits(slot, text):
                others = list(rest)
                others.remove(text)
                if _can_pay([s.need for s in cost[i + 1:]], others):
                    out.append(text)
                    rest = others
                    break
        else:
            return None, Msg("PAY {cards} cannot pay this path in any order: {slots}",
                             cards=cards(" ".join(pay)), slots=describe(cost))
    return out, ""


def _can_pay(needs: list[str], held: list[str]) -> bool:
    """Whether the cards ``held`` (as many as ``needs``) can pay the slots of ``needs``, one
    each: Hall's condition over the kinds of slot (at most six, so 63 subsets)."""
    want = Counter(needs)
    kinds = list(want)
    serves = [frozenset(k for k in kinds if k == ANY or card(text).serves(k)) for text in held]
    for mask in range(1, 1 << len(kinds)):
        chosen = {k for b, k in enumerate(kinds) if mask >> b & 1}
        if sum(want[k] for k in chosen) > sum(1 for s in serves if s & chosen):
            return False
    return True


def describe(cost: list[Slot]) -> Join:
    """``leave A1: any card, cross B1: forest, arrive D1: mountain``."""
    return Join(", ", [Msg("{why}: {wanted} paid to {seat}", why=s.why, wanted=s.wanted, seat=s.to) if s.to
                       else Msg("{why}: {wanted}", why=s.why, wanted=s.wanted) for s in cost])
