"""Phase 1: the players place their people, one group at a time, clockwise from the start player.

Each placement turn plays the seat's next PLACE line: its first legal
alternative. A line with none is skipped and the next one tried, since a
seat may not pass while it can place. When the lines run out, the fallback
of docs/orders-stoneage.md places (in ``placement = live`` the seat is asked
instead, unless the sheet it just sent was for this very placement). Seats
out of people, or with no legal place left, are passed over.
"""
from __future__ import annotations

from functools import cache, lru_cache

from engine.contract import Event
from engine.stoneage import animals
from engine.stoneage.animaldata import BY_NAME as ANIMALS
from engine.stoneage.locations import (
    FALLBACK, LOCATIONS, VILLAGE, Kind, exists, players_per_gathering, village_spaces)
from engine.stoneage.orders import Place, Spot
from engine.stoneage.orders import spot as shared_spot
from engine.stoneage.policy import policy_of
from engine.stoneage.state import State
from engine.messages import Join, Msg, Plural
from engine.stoneage.texts import AND, SEMICOLON, place, said
from engine.stoneage.texts import quoted as quote
from engine.stoneage.texts import people as people_of

PHASE = "placement"
Occupancy = dict[str, dict[str, int]]        # location -> seat -> people


_VILLAGE = frozenset(VILLAGE)
# The kinds, looked up once (an enum member read off its class costs a lookup each time).
GATHER, VILLAGE_KIND, CARD, JEWEL = Kind.GATHER, Kind.VILLAGE, Kind.CARD, Kind.JEWEL


def why_not(st: State, seat: str, spot: Spot) -> str:
    """Why ``spot`` cannot be placed by ``seat`` now, or '' when it can."""
    return Placing(st, seat).why_not(spot)


def occupancy(st: State) -> Occupancy:
    """Who has people where this round, and how many."""
    on: Occupancy = {}
    boards = st.boards
    for seat in st.players:
        placed = boards[seat].placed
        if placed:                          # (nobody has placed when the plans are written)
            for name, n in placed.items():
                on.setdefault(name, {})[seat] = n
    return on


@cache
def _shape(players: int, merchant: bool) -> tuple[frozenset[str], int | None, int]:
    """What the number of players (and option merchant) decide: the locations in play, the
    players a resource location admits, and the village locations usable in a round."""
    names = frozenset(name for name in LOCATIONS if exists(name, players, merchant))
    return names, players_per_gathering(players), village_spaces(players, merchant)


# What the checks read of each location: its kind, exact people, spaces and number.
_RULES = {name: (loc.kind, loc.exact, loc.spaces, loc.number) for name, loc in LOCATIONS.items()}
# The fewest people each location takes: if none of these fits, nothing does.
_SMALLEST: tuple[Spot, ...] = tuple(Spot(loc.exact or 1, name) for name, loc in LOCATIONS.items())
# The fallback's tries after all on hunt.
_FALLBACK: tuple[Spot, ...] = tuple(Spot(1, name) for name in FALLBACK) + (Spot(2, "hut"), Spot(2, "merchant"))


class Placing:
    """The board as ``seat`` finds it at one placement turn, worked out once for all the checks
    of the turn. ``on`` is the round's occupancy when the caller keeps one up to date with each
    ``put``; without it the placed people are counted now."""

    def __init__(self, st: State, seat: str, on: Occupancy | None = None) -> None:
        self.st, self.seat = st, seat
        self.board = st.boards[seat]
        self.placed = self.board.placed         # the seat's own dict: kept up to date by ``put``
        self.free = self.board.free
        self.players = len(st.players)
        self.names, self.limit, self.village = _shape(self.players, bool(st.options.get("merchant")))
        self.on = occupancy(st) if on is None else on

    def refused(self, spot: Spot) -> str:
        """Which rule refuses ``spot`` now, in a word (``why_not`` gives the reason), or '' when
        none does: the check alone, for the callers that need no reason."""
        name, n = spot.location, spot.people
        if name not in self.names:              # no animal is a location in play
            if name in ANIMALS:
                return "animal" if animals.why_not(self.st, self.seat, spot, self.on.get(name, {})) else ""
            return "absent"
        if name in self.placed:
            return "placed"
        if n > self.free:
            return "people"
        kind, exact, spaces, number = _RULES[name]
        if exact and n != exact:
            return "exact"
        on = self.on.get(name)
        if kind is GATHER:
            if on is None:
                return "room" if spaces is not None and n > spaces else ""
            limit = self.limit
            if limit is not None and name != "hunt" and len(on) >= limit:
                return "players"
            return "room" if spaces is not None and n > spaces - sum(on.values()) else ""
        if on is not None:
            return "taken"
        if kind is VILLAGE_KIND:
            return "village" if len(_VILLAGE.intersection(self.on)) >= self.village else ""
        if kind is CARD:
            return "" if self.st.civ_slots[number - 1] else "card"
        if kind is JEWEL:
            return "" if self.st.jewel_card else "jewel"
        return "" if self.st.top_tile(number) else "stack"

    def why_not(self, spot: Spot) -> Msg | str:
        """Why ``spot`` cannot be placed now, or '' when it can."""
        refused = self.refused(spot)
        return self.reason(spot, refused) if refused else ""

    def reason(self, spot: Spot, refused: str) -> Msg:
        """The words of ``refused``, the rule that refuses ``spot``."""
        name, n = spot.location, spot.people
        if refused in _BY_PLACE:
            return _refusal(refused, name)
        if refused == "animal":
            return animals.why_not(self.st, self.seat, spot, self.on.get(name, {}))
        if refused == "people":
            return Plural("you have {free} person left to place, not {n}",
                          "you have {free} people left to place, not {n}", self.free, free=self.free, n=n)
        if refused == "players":
            on, limit = self.on[name], self.limit
            who = Join(AND, [p for p in self.st.players if p in on])
            return Plural("{place} is used by {who} (with {players} players, {limit} player at most)",
                          "{place} is used by {who} (with {players} players, {limit} players at most)", limit,
                          place=place(name), who=who, players=self.players, limit=limit)
        if refused == "room":
            room = LOCATIONS[name].spaces - sum(self.on.get(name, {}).values())
            if room == 0:
                return Msg("{place} is full", place=place(name))
            return Plural("{place} has {room} space left, not {n}", "{place} has {room} spaces left, not {n}",
                          room, place=place(name), room=room, n=n)
        if refused == "village":
            spaces = sum(1 for v in VILLAGE if v in self.names)
            return Msg("{used} of the village's {spaces} locations are in use (the limit with "
                       "{players} players)", used=len(_VILLAGE.intersection(self.on)), spaces=spaces,
                       players=self.players)
        raise ValueError(f"no rule {refused!r}")

    def legal(self, most: int | None = None) -> list[Spot]:
        """Every placement the seat may make now (the first ``most`` of them, when given)."""
        out = []
        refused = self.refused
        for name, loc in LOCATIONS.items():
            for n in [loc.exact] if loc.exact else range(1, self.free + 1):
                if refused(shared_spot(n, name)):
                    break                   # no room for n: none for more
                out.append(shared_spot(n, name))
                if most is not None and len(out) >= most:
                    return out
        for animal in animals.in_play(self.st):        # option wild_animals, after the board
            for n in range(1, self.free + 1):
                if refused(shared_spot(n, animal.name)):
                    break
                out.append(shared_spot(n, animal.name))
                if most is not None and len(out) >= most:
                    return out
        return out

    def can_place(self) -> bool:
        """Has the seat any legal placement now? (``legal`` without listing them.)"""
        if self.free <= 0:
            return False
        if "hunt" not in self.placed:
            return True                     # 1 on the hunt, the first of _SMALLEST: it has no limit
        refused = self.refused
        for spot in _SMALLEST:
            if not refused(spot):
                return True
        return any(not refused(spot) for spot in animals.spots(self.st))

    def fallback(self) -> Spot | None:
        """The placement when the plan has run out: all on hunt, else 1 on the first legal of
        FALLBACK, else 2 on the hut, else 2 on the merchant, else 1 on a wild animal; None when
        nothing is legal."""
        refused = self.refused
        for spot in (shared_spot(self.free, "hunt"), *_FALLBACK):
            if not refused(spot):
                return spot
        return next((s for s in animals.spots(self.st) if not refused(s)), None)


# The rules whose words name only the place (``_refusal``).
_BY_PLACE = frozenset({"absent", "placed", "exact", "taken", "card", "jewel", "stack"})


@lru_cache(maxsize=256)
def _refusal(refused: str, name: str) -> Msg:
    """The words of a refusal that names only the place (made once each: messages are never
    changed once made)."""
    if refused == "absent":
        return Msg("there is no {place} in this game", place=place(name))
    if refused == "placed":
        return Msg("you already have people on {place}", place=place(name))
    if refused == "exact":
        return Msg("{place} takes exactly {n}", place=place(name), n=LOCATIONS[name].exact)
    if refused == "taken":
        return Msg("{place} is taken", place=place(name))
    if refused == "card":
        return Msg("{place} has no card", place=place(name))
    if refused == "jewel":
        return Msg("the jewel slot has no card")
    assert refused == "stack", refused
    return Msg("the stack of {place} is empty", place=place(name))


def legal(st: State, seat: str, most: int | None = None) -> list[Spot]:
    """Every placement the seat may make now (the first ``most`` of them, when given)."""
    return Placing(st, seat).legal(most)


def _next_placer(st: State, on: Occupancy, seen: dict[str, Placing], left: dict[str, str]) -> Placing | None:
    """The board as the seat to place now finds it: st.turn or the next clockwise (``left``: each
    seat's next) that can; None when nobody can. ``seen`` keeps each seat's Placing for the run,
    its free people counted down as it places (the occupancy ``on`` is shared and kept up to date)."""
    seat = st.turn if st.turn in left else st.start_player
    for _ in left:
        placing = seen.get(seat)
        if placing is None:
            if st.boards[seat].free:
                placing = seen[seat] = Placing(st, seat, on)
                if placing.can_place():
                    return placing
        elif placing.free and placing.can_place():
            return placing
        seat = left[seat]
    return None


def run(st: State, log: list[Event], answered: frozenset[str] = frozenset(), live: bool = False) -> bool:
    """Place until everybody is done (True) or a seat must be asked (False, with st.turn set).

    ``answered`` holds a seat whose sheet came for the placement it makes now."""
    on = occupancy(st)                  # kept up to date with each put below
    places: dict[str, list[tuple[int, Place]]] = {}     # each seat's PLACE lines, read once for the run
    seen: dict[str, Placing] = {}
    left = dict(zip(st.players, st.players[1:] + st.players[:1]))     # each seat's next clockwise
    while True:
        placing = _next_placer(st, on, seen, left)
        st.turn = seat = placing.seat if placing else ""
        if placing is None:
            _stay_home(st, log, seen)
            st.decision = ""
            return True
        spot = _choose(placing, log, seat in answered, live, places)
        if spot is None:
            st.decision = "place"
            return False
        if answered:
            answered = answered - {seat}
        put(st, seat, spot, log)
        on.setdefault(spot.location, {})[seat] = spot.people
        placing.free -= spot.people
        st.turn = left[seat]


def put(st: State, seat: str, spot: Spot, log: list[Event]) -> None:
    """Put the people on the board (the spot is legal)."""
    st.boards[seat].placed[spot.location] = spot.people
    log.append(said(PHASE, _places(seat, spot.people, spot.location), by=seat))


@lru_cache(maxsize=4096)
def _places(seat: str, people: int, location: str) -> Msg:
    """What ``put`` says (made once each, as the counted messages are: messages never change)."""
    return Msg("{seat} places {people} on {place}.", seat=seat, people=people_of(people), place=place(location))


def _choose(placing: Placing, log: list[Event], fresh: bool, live: bool,
            places: dict[str, list[tuple[int, Place]]]) -> Spot | None:
    """The seat's placement: its next playable PLACE line, else the fallback (or None: ask).
    ``places`` keeps each seat's PLACE lines (the plans stay as they are while placing)."""
    st, seat = placing.st, placing.seat
    plan = st.plans.get(seat)
    if plan is not None:
        lines = places.get(seat)
        if lines is None:
            lines = places[seat] = policy_of(st, seat).places
        for number, line in lines[plan.used:]:
            plan.used += 1
            spot = _play_line(placing, number, line, log)
            if spot is not None:
                return spot
    options = placing.legal(most=2)
    if len(options) == 1:
        log.append(said(PHASE, Plural("Placed {n} on {place}: the only legal placement.",    # counted in
                                      "Placed {n} on {place}: the only legal placement.",    # other languages
                                      options[0].people, n=options[0].people,
                                      place=place(options[0].location)), to=seat))
        return options[0]
    if live and not fresh:
        return None
    spot = placing.fallback()
    log.append(said(PHASE, _standing_placed(spot.people, spot.location), to=seat))
    return spot


@lru_cache(maxsize=1024)
def _standing_placed(people: int, location: str) -> Msg:
    """What the fallback placement says (made once each: messages never change)."""
    return Msg("No PLACE line left: the standing rule placed {n} on {place}.", n=people, place=place(location))


def _play_line(placing: Placing, number: int, line: Place, log: list[Event]) -> Spot | None:
    """The line's first legal alternative, logged with why the earlier ones were not."""
    rules: list[str] = []
    refused = placing.refused
    for spot in line.choices:
        rule = refused(spot)
        if not rule:
            log.append(said(PHASE, _line_said(placing, line, rules), to=placing.seat))
            return spot
        rules.append(rule)
    placing.st.plans[placing.seat].skipped.append(number)
    log.append(said(PHASE, _line_said(placing, line, rules), to=placing.seat))
    return None


def _line_said(placing: Placing, line: Place, rules: list[str]) -> Msg:
    """What a PLACE line says when ``rules`` refused its first alternatives: placed on the next,
    or skipped when none is left. When every rule's words name only the place, the words are the
    line's and the rules' alone: the line keeps them, made once (lines and messages never change
    once made)."""
    if not _BY_PLACE.issuperset(rules):
        return _line_words(placing, line, rules)
    known = line.__dict__.get("_said")          # frozen: written past __setattr__, as its normal form is
    if known is None:
        known = line.__dict__["_said"] = {}
    key = tuple(rules)
    found = known.get(key)
    if found is None:
        found = known[key] = _line_words(placing, line, rules)
    return found


def _line_words(placing: Placing, line: Place, rules: list[str]) -> Msg:
    """``_line_said``, made now."""
    quoted = quote(str(line))                       # shown in the reader's order words
    reasons = [placing.reason(spot, rule) for spot, rule in zip(line.choices, rules)]
    if len(rules) == len(line.choices):
        return Msg("{line}: skipped, {reasons}.", line=quoted, reasons=Join(SEMICOLON, reasons))
    spot = line.choices[len(rules)]
    if reasons:
        return Plural("{line}: {reasons}: placed {n} on {place} instead.",
                      "{line}: {reasons}: placed {n} on {place} instead.", spot.people, line=quoted,
                      reasons=Join(SEMICOLON, reasons), n=spot.people, place=place(spot.location))
    return Plural("{line}: placed {n} on {place}.", "{line}: placed {n} on {place}.", spot.people,
                  line=quoted, n=spot.people, place=place(spot.location))


def _stay_home(st: State, log: list[Event], seen: dict[str, Placing]) -> None:
    """Who still has people and nowhere to place them (``seen``: the run's Placings, their free
    people counted down as they placed)."""
    for seat in st.turn_order():
        placing = seen.get(seat)
        free = placing.free if placing is not None else st.boards[seat].free
        if free:
            log.append(said(PHASE, Msg("{seat} has {people} with no legal place left: they stay home.",
                                       seat=seat, people=people_of(free))))
