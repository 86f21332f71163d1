"""The end of a round: the cards slide toward card1 and the deck refills, the start player
passes left, and the game ends when a building stack is empty or the deck cannot refill
the four card slots; then the final scoring.
"""
from __future__ import annotations

from engine.contract import Event
from engine.stoneage import animals, newhuts, scoring
from engine.stoneage.herd import MAJORITY_POINTS
from engine.stoneage.herd import TILES as HERD_TILES
from engine.stoneage.policy import place_lines_left
from engine.stoneage.state import TOOL_SLOTS, Stage, State

PHASE = "round"
SLOTS = 4


def slide_and_refill(st: State, log: list[Event] | None = None) -> bool:
    """Cards left slide toward card1 (the cheapest), then the deck fills the empty slots from
    card1 up; False when it had too few cards to fill all four. A wild animal drawn comes into
    play and the next card fills the slot (option wild_animals)."""
    cards = [c for c in st.civ_slots if c]
    while len(cards) < SLOTS and st.civ_deck:
        card = animals.draw(st, log)
        if card:
            cards.append(card)
    st.civ_slots = cards + [""] * (SLOTS - len(cards))
    if st.options.get("merchant") and not st.jewel_card:
        st.jewel_card = animals.draw(st, log)     # the jewel slot, after the four (option merchant)
    return len(cards) == SLOTS


def end_reason(st: State, cards_full: bool) -> str:
    """Why the game ends now, in the rules' words, or '' when it goes on."""
    empty = [f"building{i}" for i, stack in enumerate(st.buildings, 1) if not stack]
    if empty:
        return f"the stack of {' and '.join(empty)} is empty at the end of round {st.round}"
    if not cards_full:
        return f"too few civilization cards to fill the four slots after round {st.round}"
    return ""


def run(st: State, log: list[Event]) -> None:
    """Close the round: slide and refill, pass the start player, then end the game or begin the next."""
    newhuts.round_income(st, log)         # option new_huts: the goods of N01-N03
    full = slide_and_refill(st, log)
    st.start_player = st.left_of(st.start_player)
    reason = end_reason(st, full)
    if reason:
        finish(st, reason, log)
        return
    log.append(Event(PHASE, f"Round {st.round} is over; {st.start_player} starts round {st.round + 1}."))
    new_round(st, log)


def new_round(st: State, log: list[Event]) -> None:
    """Tools come back, plans are dropped, and the next round's placement waits for the start player."""
    for seat in st.players:
        left = place_lines_left(st, seat)
        if left:
            log.append(Event(PHASE, f"{left} PLACE line{'s' * (left > 1)} of your plan not played: "
                                    "dropped with the round.", to=seat))
        board = st.board(seat)
        board.tools_used = [False] * TOOL_SLOTS
        board.traded = False
        board.placed.clear()
    st.plans.clear()
    st.round += 1
    st.stage, st.turn, st.decision = Stage.PLACEMENT, st.start_player, "place"
    if st.herd is not None and st.herd.at:
        _herd_moves(st, log)


def _herd_moves(st: State, log: list[Event]) -> None:
    """Mammoth Herd: the next tile turns up and the herd goes where its back says, or leaves."""
    assert st.herd is not None
    st.herd.turn_up()
    if st.herd.at:
        log.append(Event(PHASE, f"The mammoth herd moves to the {st.herd.at}: {HERD_TILES[st.herd.tile]}."))
    else:
        log.append(Event(PHASE, "No mammoth tile is left: the whole herd is tamed and leaves."))


def finish(st: State, reason: str, log: list[Event]) -> None:
    """The final scoring, the winners, and the game is over."""
    log.append(Event("end", f"The game ends: {reason}."))
    _herd_majority(st, log)
    for seat in st.players:
        board = st.board(seat)
        parts = scoring.breakdown(board)
        board.score += sum(parts.values())
        shown = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in parts.items() if v)
        log.append(Event("end", f"{seat} scores {shown or 'nothing more'}: {board.score} in all."))
    st.winners = scoring.winners(st)
    st.reason = reason
    st.plans.clear()
    st.stage, st.turn, st.decision = Stage.OVER, "", ""
    log.append(Event("end", f"{' and '.join(st.winners)} win{'s' * (len(st.winners) == 1)} with "
                            f"{st.board(st.winners[0]).score} points."))


def _herd_majority(st: State, log: list[Event]) -> None:
    """Mammoth Herd: the most tiles won scores 10, every tied seat included."""
    if st.herd is None:
        return
    most = max((len(v) for v in st.herd.won.values()), default=0)
    for seat in st.players:
        if most and len(st.herd.won.get(seat, [])) == most:
            st.board(seat).score += MAJORITY_POINTS
            log.append(Event("end", f"{seat} has the most mammoth tiles: {MAJORITY_POINTS} points."))
