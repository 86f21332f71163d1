"""Phase 1: the players place their people, one group at a time, clockwise from the start player.

Each placement turn plays the seat's next PLACE line: its first legal
alternative. A line with none is skipped and the next one tried, since a
seat may not pass while it can place. When the lines run out, the fallback
of docs/orders-stoneage.md places (in ``placement = live`` the seat is asked
instead, unless the sheet it just sent was for this very placement). Seats
out of people, or with no legal place left, are passed over.
"""
from __future__ import annotations

from engine.contract import Event
from engine.stoneage.locations import (
    FALLBACK, LOCATIONS, VILLAGE, Kind, exists, players_per_gathering, village_spaces)
from engine.stoneage.orders import Place, Spot
from engine.stoneage.policy import policy_of
from engine.stoneage.state import State

PHASE = "placement"


def why_not(st: State, seat: str, spot: Spot) -> str:
    """Why ``spot`` cannot be placed by ``seat`` now, or '' when it can."""
    name, n = spot.location, spot.people
    loc, board = LOCATIONS.get(name), st.board(seat)
    if loc is None or not exists(name, len(st.players)):
        return f"there is no {name} in this game"
    if name in board.placed:
        return f"you already have people on {name}"
    if n > board.free:
        return f"you have {board.free} {'person' if board.free == 1 else 'people'} left to place, not {n}"
    if loc.exact and n != loc.exact:
        return f"{name} takes exactly {loc.exact}"
    if loc.kind is Kind.GATHER:
        return _gathering(st, name, n, st.people_on(name))
    if _taken(st, name):
        return f"{name} is taken"
    if loc.kind is Kind.VILLAGE:
        used = sum(1 for v in VILLAGE if _taken(st, v))
        if used >= village_spaces(len(st.players)):
            return f"{used} of the village's three spaces are in use (the limit with {len(st.players)} players)"
    if loc.kind is Kind.CARD and not st.civ_slots[loc.number - 1]:
        return f"{name} has no card"
    if loc.kind is Kind.BUILDING and not st.top_tile(loc.number):
        return f"the stack of {name} is empty"
    return ""


def _taken(st: State, name: str) -> bool:
    """Has anybody people on ``name`` this round?"""
    return any(name in board.placed for board in st.boards.values())


def _gathering(st: State, name: str, n: int, on: dict[str, int]) -> str:
    limit = players_per_gathering(len(st.players))
    if limit is not None and name != "hunt" and len(on) >= limit:
        who = " and ".join(on)
        return f"{name} is used by {who} (with {len(st.players)} players, {limit} player{'s' * (limit > 1)} at most)"
    spaces = LOCATIONS[name].spaces
    if spaces is not None and n > spaces - sum(on.values()):
        room = spaces - sum(on.values())
        return f"{name} is full" if room == 0 else f"{name} has {room} space{'s' * (room > 1)} left, not {n}"
    return ""


def legal(st: State, seat: str, most: int | None = None) -> list[Spot]:
    """Every placement the seat may make now (the first ``most`` of them, when given)."""
    free, out = st.board(seat).free, []
    for name, loc in LOCATIONS.items():
        if not loc.exact and why_not(st, seat, Spot(1, name)):
            continue                    # no room for one: none for more
        for n in [loc.exact] if loc.exact else range(1, free + 1):
            if not why_not(st, seat, Spot(n, name)):
                out.append(Spot(n, name))
                if most is not None and len(out) >= most:
                    return out
    return out


def can_place(st: State, seat: str) -> bool:
    """Has the seat any legal placement now? (``legal`` without listing them.)"""
    free = st.board(seat).free
    return free > 0 and any(not why_not(st, seat, Spot(loc.exact or 1, name)) for name, loc in LOCATIONS.items())


def fallback(st: State, seat: str) -> Spot | None:
    """The placement when the plan has run out: all on hunt, else 1 on the first legal of
    FALLBACK, else 2 on the hut; None when nothing is legal."""
    free = st.board(seat).free
    tries = [Spot(free, "hunt")] + [Spot(1, name) for name in FALLBACK] + [Spot(2, "hut")]
    return next((s for s in tries if not why_not(st, seat, s)), None)


def _next_placer(st: State) -> str:
    """The seat to place now: st.turn or the next clockwise that can; '' when nobody can."""
    seat = st.turn if st.turn in st.players else st.start_player
    for _ in st.players:
        if can_place(st, seat):
            return seat
        seat = st.left_of(seat)
    return ""


def run(st: State, log: list[Event], answered: frozenset[str] = frozenset(), live: bool = False) -> bool:
    """Place until everybody is done (True) or a seat must be asked (False, with st.turn set).

    ``answered`` holds a seat whose sheet came for the placement it makes now."""
    while True:
        seat = _next_placer(st)
        st.turn = seat
        if not seat:
            _stay_home(st, log)
            st.decision = ""
            return True
        spot = _choose(st, seat, log, fresh=seat in answered, live=live)
        if spot is None:
            st.decision = "place"
            return False
        answered = answered - {seat}
        put(st, seat, spot, log)
        st.turn = st.left_of(seat)


def put(st: State, seat: str, spot: Spot, log: list[Event]) -> None:
    """Put the people on the board (the spot is legal)."""
    st.board(seat).placed[spot.location] = spot.people
    people = "1 person" if spot.people == 1 else f"{spot.people} people"
    log.append(Event(PHASE, f"{seat} places {people} on {spot.location}.", by=seat))


def _choose(st: State, seat: str, log: list[Event], fresh: bool, live: bool) -> Spot | None:
    """The seat's placement: its next playable PLACE line, else the fallback (or None: ask)."""
    plan = st.plans.get(seat)
    if plan is not None:
        for number, line in policy_of(st, seat).places[plan.used:]:
            plan.used += 1
            spot = _play_line(st, seat, number, line, log)
            if spot is not None:
                return spot
    options = legal(st, seat, most=2)
    if len(options) == 1:
        log.append(Event(PHASE, f"Placed {options[0].people} on {options[0].location}: the only legal "
                                "placement.", to=seat))
        return options[0]
    if live and not fresh:
        return None
    spot = fallback(st, seat)
    log.append(Event(PHASE, f"No PLACE line left: the standing rule placed {spot.people} on {spot.location}.",
                     to=seat))
    return spot


def _play_line(st: State, seat: str, number: int, line: Place, log: list[Event]) -> Spot | None:
    """The line's first legal alternative, logged with why the earlier ones were not."""
    reasons: list[str] = []
    for spot in line.choices:
        why = why_not(st, seat, spot)
        if not why:
            placed = f"placed {spot.people} on {spot.location}"
            instead = f"{'; '.join(reasons)}: {placed} instead" if reasons else placed
            log.append(Event(PHASE, f"{line}: {instead}.", to=seat))
            return spot
        reasons.append(why)
    st.plans[seat].skipped.append(number)
    log.append(Event(PHASE, f"{line}: skipped, {'; '.join(reasons)}.", to=seat))
    return None


def _stay_home(st: State, log: list[Event]) -> None:
    for seat in st.turn_order():
        free = st.board(seat).free
        if free:
            people = "1 person" if free == 1 else f"{free} people"
            log.append(Event(PHASE, f"{seat} has {people} with no legal place left: they stay home."))
