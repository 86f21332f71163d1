"""A seat's kept orders, read back as typed orders: its PLACE lines and its policies.

A plan is stored as normal-form lines (``State.plans``), and each line
parses back to the order it was. A new sheet replaces the PLACE lines not
yet played and, key by key, the policies it names (``BUY card2``, ``FEED``);
the policies it does not name stay, so a seat playing one placement a mail
need not repeat its BUY lines. PLACE, BUY and ``TOOLS <location>`` lines
last one round; the standing policies (``STANDING``: USE, TOOLS, PICK, FEED,
TAKE, HERD, HERD BONUS, BUY EXTRA, HUNT JEWELS) stay from round to round
until a sheet names them again (``carried``).
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache

from engine.contract import OrderSheet
from engine.stoneage import parser
from engine.stoneage.animaldata import BY_NAME as ANIMALS
from engine.stoneage.locations import USE_ORDER
from engine.stoneage.orders import (
    Buy, BuyFirst, Extra, Feed, HerdBonus, Hunt, Order, Pick, Place, Take, Tame, Tools, ToolsOn, Use, normal_lines)
from engine.stoneage import needs
from engine.stoneage.state import Plan, PlayerBoard, State


_USE_INDEX = {loc: i for i, loc in enumerate(USE_ORDER)}     # a location's place in the default order


@lru_cache(maxsize=4096)
def _use_order(use: tuple[str, ...], placed: tuple[str, ...]) -> tuple[str, ...]:
    """``Policy.action_order`` before the ranked BUY lines, worked out once per USE line and
    placement (seats repeat the same few)."""
    at = dict.fromkeys(placed)          # in the order placed, each asked for at once
    first = [loc for loc in use if loc in at]
    first += [loc for loc in at if loc in ANIMALS and loc not in first]
    return tuple(first + sorted([loc for loc in at if loc not in first and loc in _USE_INDEX],
                                key=_USE_INDEX.__getitem__))


@dataclass
class Policy:
    """What a seat's kept orders say; the defaults where they say nothing."""

    places: list[tuple[int, Place]] = field(default_factory=list)   # (line of the plan, from 1)
    use: tuple[str, ...] = ()
    tools: str = "auto"
    tools_on: dict[str, tuple[int, ...]] = field(default_factory=dict)
    buys: dict[str, Buy] = field(default_factory=dict)
    ranked: dict[str, tuple[str, ...]] = field(default_factory=dict)   # a location -> its BUY ... OR ... line
    take: Take | None = None
    pick: tuple[str, ...] = ()
    feed: Feed | None = None
    herd: int = 0                       # HERD n: people to move onto the mammoth tile
    herd_bonus: str = "one"             # HERD BONUS: the tamer's reward, one or all
    extra: str = "none"                 # BUY EXTRA: harsh winter, auto or none
    hunt_jewels: int = 0                # HUNT JEWELS n: the merchant's jewels from the hunt

    def action_order(self, placed: Iterable[str]) -> list[str]:
        """The seat's placed locations in its USE order: those named first, then the default order
        (a wild animal first of all: driven off, it lowers no later roll)."""
        order = list(_use_order(self.use, tuple(placed)))
        return self._ranked_together(order) if self.ranked else order

    def _ranked_together(self, order: list[str]) -> list[str]:
        """``order`` with the locations of each ranked BUY line together, in its rank, where the
        first of them came."""
        out: list[str] = []
        for loc in order:
            if loc not in out:
                out += [x for x in self.ranked.get(loc, (loc,)) if x in order and x not in out]
        return out

    def preference(self, board: PlayerBoard, rounds_left: int) -> tuple[str, ...]:
        """The rewards of the dice for everyone, best first: PICK, then the rest as the seat's
        needs rank them (needs.py)."""
        return self.pick + tuple(r for r in needs.ranked(board, rounds_left) if r not in self.pick)


# What a kept line reads as. The seat's people count only decides whether a line is refused, and a
# kept line was accepted (people only grow), so the key is the line and the game's shape.
Shape = tuple[int, bool, bool, bool, bool, bool]   # players, herd, igloos, harsh winter, animals, merchant
_READ: dict[tuple[str, Shape], tuple[Order, ...]] = {}
_READ_MOST = 20_000


def _shape(st: State) -> Shape:
    get = st.options.get                # ``not not``: bool() without its call (a hot path)
    return (len(st.players), st.herd is not None, not not get("igloos"), not not get("harsh_winter"),
            not not get("wild_animals"), not not get("merchant"))


def _key(st: State, line: str) -> tuple[str, Shape]:
    return (line, _shape(st))


def _orders(st: State, seat: str, line: str) -> tuple[Order, ...]:
    """A kept line's orders, each line parsed once."""
    key = _key(st, line)
    orders = _READ.get(key)
    if orders is None:
        if len(_READ) >= _READ_MOST:
            _READ.clear()
        orders = _READ[key] = parser.parse(st, seat, line).orders
    return orders


_POLICIES: dict[tuple[tuple[str, ...], Shape], Policy] = {}


def forget() -> None:
    """Drop what was read so far, the parser's memory too (for measuring a cold start)."""
    parser.forget()
    standing_line.cache_clear()
    _use_order.cache_clear()
    _READ.clear()
    _POLICIES.clear()


def policy_of(st: State, seat: str) -> Policy:
    """The seat's kept orders as a Policy (all defaults when it has no plan). The same lines
    give the same Policy, which is shared: read it, never change it."""
    plan = st.plans.get(seat)
    shape = _shape(st)
    if plan is not None:            # the Policy found last for this plan: its lines and the game's shape as then
        known = plan.__dict__.get("_policy")
        if known is not None and known[0] == shape and known[1] == plan.lines:
            return known[2]
    key = (tuple(plan.lines) if plan else (), shape)
    out = _POLICIES.get(key)
    if out is None:
        out = _remember(key, [_orders(st, seat, line) for line in key[0]])
    if plan is not None:
        plan.__dict__["_policy"] = (shape, list(plan.lines), out)
    return out


def _policy_key(st: State, lines: list[str]) -> tuple[tuple[str, ...], Shape]:
    return (tuple(lines), _shape(st))


def _remember(key: tuple[tuple[str, ...], Shape], orders: list[tuple[Order, ...]]) -> Policy:
    """The Policy of the lines of ``key``, given the orders each line reads as."""
    out = Policy()
    places, buys = out.places, out.buys
    for number, line in enumerate(orders, start=1):
        for order in line:
            kind = type(order)          # by the order's class: no order class has subclasses
            if kind is Place:           # the commonest two, without the call
                places.append((number, order))
            elif kind is Buy:
                buys[order.location] = order
            else:
                _add(out, kind, order)
    if len(_POLICIES) >= _READ_MOST:
        _POLICIES.clear()
    _POLICIES[key] = out
    return out


# The orders that set one field of the Policy: the field, and the order's field it takes (None:
# the order itself).
_SETS: dict[type, tuple[str, str | None]] = {
    Use: ("use", "locations"), Tools: ("tools", "mode"), Take: ("take", None), Pick: ("pick", "rewards"),
    Feed: ("feed", None), Tame: ("herd", "people"), HerdBonus: ("herd_bonus", "choice"), Extra: ("extra", "mode"),
    Hunt: ("hunt_jewels", "jewels")}


def _add(out: Policy, kind: type, order: Order) -> None:
    """What an order other than PLACE and BUY sets in the Policy (``kind``: its class)."""
    found = _SETS.get(kind)
    if found is not None:
        name, taken = found
        setattr(out, name, order if taken is None else getattr(order, taken))
    elif kind is ToolsOn:
        out.tools_on[order.location] = order.values
    elif kind is BuyFirst:
        group = tuple(b.location for b in order.choices)
        for buy in order.choices:
            out.buys[buy.location] = buy
            out.ranked[buy.location] = group


def keep(st: State, seat: str, sheet: OrderSheet) -> Plan:
    """Store ``sheet`` as the seat's plan, merged with the policies of its kept one."""
    old = st.plans.get(seat)
    normal = normal_lines(sheet.orders)
    kept = _kept(old.lines, normal) if old else []
    plan = Plan(normal + kept, written=st.step)
    key = _policy_key(st, plan.lines)
    found = _POLICIES.get(key)
    if found is None:              # a normal form reads back as its one order; kept lines are read once
        found = _remember(key, [(order,) for order in sheet.orders] + [_orders(st, seat, line) for line in kept])
    plan.__dict__["_policy"] = (key[1], list(plan.lines), found)     # as policy_of keeps it
    st.plans[seat] = plan
    return plan


def _kept(lines: list[str], new: list[str]) -> list[str]:
    """The lines of the old plan that stay: the policies the new sheet's lines (``new``, in
    normal form) do not name."""
    new_keys = set().union(*map(line_keys, new))
    return [line for line in lines if (keys := line_keys(line)) and new_keys.isdisjoint(keys)]


@lru_cache(maxsize=4096)
def line_keys(line: str) -> tuple[str, ...]:
    """The keys (orders.py ``keys_of``) of a kept line, read from the words of its normal form
    (keywords in capitals, places in lower case) without parsing it again: none for PLACE."""
    words = line.split()
    first = words[0] if words else ""
    if first in ("", "PLACE"):
        return ()
    if first == "BUY":
        if words[1] == "EXTRA":
            return ("BUY EXTRA",)
        return tuple("BUY " + part.split()[0] for part in " ".join(words[1:]).split(" OR "))
    if first == "TOOLS":
        return ("TOOLS",) if words[1:] in (["AUTO"], ["NONE"]) else (f"TOOLS {words[1]}",)
    if first == "HERD" and words[1:2] == ["BONUS"]:
        return ("HERD BONUS",)
    return (first,)


# The keys of the policies that stay from round to round: none of them names a card, a stack or a
# roll of this round, so each still means what it said when the next round comes.
STANDING = frozenset({"USE", "TOOLS", "PICK", "FEED", "TAKE", "HERD", "HERD BONUS", "BUY EXTRA", "HUNT"})


def carried(st: State, seat: str) -> Plan | None:
    """What of the seat's plan stays into the next round: its standing policies, as a plan marked
    ``standing`` (the seat still owes the round its sheet), or None when it has none."""
    plan = st.plans.get(seat)
    if plan is None:
        return None
    lines = list(filter(standing_line, plan.lines))
    return Plan(lines, written=plan.written, standing=True) if lines else None


@lru_cache(maxsize=4096)
def standing_line(line: str) -> bool:
    """Whether a kept line is a standing policy (TOOLS AUTO but not TOOLS <location>, BUY EXTRA
    but not BUY <place>); worked out once per line (every seat's plan, every round's end)."""
    keys = line_keys(line)
    return bool(keys) and all(key in STANDING for key in keys)


def place_lines_left(st: State, seat: str) -> int:
    """PLACE lines of the seat's plan not yet played or skipped this round."""
    plan = st.plans.get(seat)
    if plan is None:
        return 0
    left = len(policy_of(st, seat).places) - plan.used
    return left if left > 0 else 0
