"""The end of a round: the cards slide toward card1 and the deck refills, the start player
passes left, and the game ends when a building stack is empty or the deck cannot refill
the four card slots; then the final scoring.
"""
from __future__ import annotations

from engine.contract import Event
from engine.messages import Join, Msg, Plural
from engine.stoneage import texts
from engine.stoneage.texts import said
from engine.stoneage import animals, newhuts, scoring
from engine.stoneage.herd import MAJORITY_POINTS
from engine.stoneage.herd import TILES as HERD_TILES
from engine.stoneage.policy import carried, place_lines_left
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


def end_reason(st: State, cards_full: bool) -> Msg | str:
    """Why the game ends now, in the rules' words, or '' when it goes on."""
    empty = [f"building{i}" for i, stack in enumerate(st.buildings, 1) if not stack]
    if empty:
        return Msg("the stack of {stacks} is empty at the end of round {round}", stacks=Join(texts.AND, [texts.place(x) for x in empty]),
                   round=st.round)
    if not cards_full:
        return Msg("too few civilization cards to fill the four slots after round {round}", round=st.round)
    return ""


def stored_reason(st: State) -> Msg | str:
    """Why a game that is over ended, as a message: what ``end_reason`` said then, found again
    from the final state (the state keeps only its English, ``reason``)."""
    again = end_reason(st, all(st.civ_slots))
    return again if again and str(again) == st.reason else st.reason


def run(st: State, log: list[Event]) -> None:
    """Close the round: slide and refill, pass the start player, then end the game or begin the next."""
    newhuts.round_income(st, log)         # option new_huts: the goods of N01-N03
    full = slide_and_refill(st, log)
    st.start_player = st.left_of(st.start_player)
    reason = end_reason(st, full)
    if reason:
        finish(st, reason, log)
        return
    log.append(said(PHASE, Msg("Round {round} is over; {seat} starts round {next}.", round=st.round,
                               seat=st.start_player, next=st.round + 1)))
    new_round(st, log)


def new_round(st: State, log: list[Event]) -> None:
    """Tools come back, plans are dropped but for their standing policies, and the next round's
    placement waits for the start player."""
    for seat in st.players:
        left = place_lines_left(st, seat)
        if left:
            log.append(said(PHASE, Plural("{n} PLACE line of your plan not played: dropped with the round.",
                                          "{n} PLACE lines of your plan not played: dropped with the round.",
                                          left, n=left), to=seat))
        board = st.boards[seat]
        board.tools_used = [False] * TOOL_SLOTS
        board.traded = False
        board.placed.clear()
    kept = {seat: carried(st, seat) for seat in st.players}
    st.plans = {seat: plan for seat, plan in kept.items() if plan is not None}
    st.round += 1
    st.stage, st.turn, st.decision = Stage.PLACEMENT, st.start_player, "place"
    if st.herd is not None and st.herd.at:
        _herd_moves(st, log)


def _herd_moves(st: State, log: list[Event]) -> None:
    """Mammoth Herd: the next tile turns up and the herd goes where its back says, or leaves."""
    assert st.herd is not None
    st.herd.turn_up()
    if st.herd.at:
        log.append(said(PHASE, Msg("The mammoth herd moves to the {place}: {tile}.", place=texts.place(st.herd.at),
                                   tile=texts.herd_tile(HERD_TILES[st.herd.tile]))))
    else:
        log.append(said(PHASE, Msg("No mammoth tile is left: the whole herd is tamed and leaves.")))


def finish(st: State, reason: Msg | str, log: list[Event]) -> None:
    """The final scoring, the winners, and the game is over."""
    log.append(said("end", Msg("The game ends: {reason}.", reason=reason)))
    _herd_majority(st, log)
    for seat in st.players:
        board = st.board(seat)
        parts = scoring.breakdown(board)
        board.score += sum(parts.values())
        shown = [texts.score_part(k, v) for k, v in parts.items() if v]
        if shown:
            message = Msg("{seat} scores {parts}: {score} in all.", seat=seat, parts=Join(", ", shown),
                          score=board.score)
        else:
            message = Msg("{seat} scores nothing more: {score} in all.", seat=seat, score=board.score)
        log.append(said("end", message))
    st.winners = scoring.winners(st)
    st.reason = str(reason)
    st.plans.clear()
    st.stage, st.turn, st.decision = Stage.OVER, "", ""
    score = st.board(st.winners[0]).score
    if len(st.winners) == 1:
        log.append(said("end", Msg("{seat} wins with {score} points.", seat=st.winners[0], score=score)))
    else:
        log.append(said("end", Msg("{seats} win with {score} points.", seats=Join(texts.AND, st.winners),
                                   score=score)))


def _herd_majority(st: State, log: list[Event]) -> None:
    """Mammoth Herd: the most tiles won scores 10, every tied seat included."""
    if st.herd is None:
        return
    most = max((len(v) for v in st.herd.won.values()), default=0)
    for seat in st.players:
        if most and len(st.herd.won.get(seat, [])) == most:
            st.board(seat).score += MAJORITY_POINTS
            log.append(said("end", Msg("{seat} has the most mammoth tiles: {points} points.", seat=seat,
                                       points=MAJORITY_POINTS)))
