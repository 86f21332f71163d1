"""The Mammoth Herd's play: people moved onto the bonus tile, the taming roll, the rewards.

After gathering where the herd stands, ``HERD n`` moves up to n of those
people onto the face-up tile, paying 1 food each (resources stand in, in the
seat's FEED order, as in feeding). After all the actions, every seat with
people there rolls one die per person; the best single die wins, ties going
to the next die and so on. The tamer keeps the tile and takes its "1."
reward (HERD BONUS ONE, the default) or its "all" reward instead (HERD
BONUS ALL); every other seat that rolled takes the "all" reward. Still
tied: the tied seats take the "all" reward and the tile leaves the game,
as it does when nobody is on it.
"""
from __future__ import annotations

from engine.contract import Event
from engine.messages import Join, Msg
from engine.stoneage import texts
from engine.stoneage.texts import said
from engine.dice import Dice
from engine.stoneage.cardeffects import raise_agriculture
from engine.stoneage.cards import Effect, Immediate
from engine.stoneage.goods import RESOURCES, Good
from engine.stoneage.herd import TILES
from engine.stoneage.policy import Policy, policy_of
from engine.stoneage.state import PlayerBoard, State

PHASE = "herd"


def _payers(policy: Policy) -> tuple[Good, ...]:
    """The resources that stand in for food: FEED's order, else wood, clay, stone, gold."""
    feed = policy.feed
    return feed.goods if feed and not feed.penalty else RESOURCES


def pay(board: PlayerBoard, policy: Policy, count: int) -> list:
    """Pay 1 food a person for ``count`` people, food first; what was paid, in words."""
    food = min(board.food, count)
    board.food -= food
    paid = [texts.amount(food, "food")] if food else []
    short = count - food
    for good in _payers(policy):
        take = min(board.amount(good), short)
        if take:
            board.add(good, -take)
            paid.append(texts.amount(take, good))
            short -= take
    return paid


def can_pay(board: PlayerBoard, policy: Policy) -> int:
    """How many people the seat can pay for: its food and the resources standing in."""
    return board.food + sum(board.amount(g) for g in _payers(policy))


def move(st: State, seat: str, location: str, people: int, log: list[Event]) -> None:
    """After gathering at ``location``: HERD n moves up to n of the people there onto the tile."""
    herd = st.herd
    if herd is None or not herd.tile or herd.at != location:
        return
    board, policy = st.board(seat), policy_of(st, seat)
    wanted = min(policy.herd, people)
    count = min(wanted, can_pay(board, policy))
    if wanted > count:
        log.append(said(PHASE, Msg("HERD {n}: you can pay for {count} only.", n=policy.herd, count=count), to=seat))
    if not count:
        return
    paid = pay(board, policy, count)
    herd.tamers[seat] = herd.tamers.get(seat, 0) + count
    log.append(said(PHASE, Msg("{seat} moves {people} onto the mammoth tile, paying {paid}.", seat=seat,
                               people=texts.people(count), paid=Join(", ", paid)), by=seat))


def give(board: PlayerBoard, reward: Immediate) -> Msg:
    """Give one tile reward; what it gave, in words."""
    if reward.effect is Effect.FOOD:
        board.food += reward.amount
    elif reward.effect is Effect.RESOURCE:
        assert reward.good is not None
        board.add(reward.good, reward.amount)
    elif reward.effect is Effect.TOOL:
        return texts.top_of(reward) if board.gain_tool() else texts.NOTHING_TOOLS
    elif reward.effect is Effect.AGRICULTURE:
        return texts.top_of(reward) if raise_agriculture(board) else texts.NOTHING_FIELD
    elif reward.effect is Effect.ONE_USE:
        board.one_use.append(reward.amount)
    return texts.top_of(reward)


def roll(st: State, dice: Dice, log: list[Event]) -> dict[str, list[int]]:
    """Every seat on the tile rolls one die per person there, in turn order; faces best first."""
    assert st.herd is not None
    faces = {}
    for seat in st.turn_order():
        count = st.herd.tamers.get(seat, 0)
        if count:
            faces[seat] = sorted((dice.roll(f"herd {seat}") for _ in range(count)), reverse=True)
            log.append(said(PHASE, Msg("{seat} rolls {faces} for the mammoth.", seat=seat,
                                       faces=" ".join(map(str, faces[seat]))), by=seat))
    return faces


def tame(st: State, dice: Dice, log: list[Event]) -> None:
    """The taming roll and its rewards; the tile is won or leaves the game."""
    herd = st.herd
    if herd is None or not herd.tile:
        return
    tile = TILES[herd.tile]
    faces = roll(st, dice, log)
    best = max(faces.values(), default=None)
    top = [s for s, f in faces.items() if f == best]
    if not top:
        log.append(said(PHASE, Msg("Nobody is on the mammoth tile: {tile} leaves the game.", tile=tile.id)))
    elif len(top) > 1:
        log.append(said(PHASE, Msg("{seats} stay tied on every die: {tile} leaves the game.",
                                   seats=Join(texts.AND, top), tile=tile.id)))
        _reward_all(st, top, tile.all, log)
    else:
        _won(st, top[0], [s for s in faces if s != top[0]], log)
    herd.tile, herd.tamers = "", {}


def _won(st: State, seat: str, others: list[str], log: list[Event]) -> None:
    """The tamer keeps the tile and takes the "1." reward or the "all" one; the other seats
    that rolled take the "all" reward."""
    assert st.herd is not None
    tile = TILES[st.herd.tile]
    st.herd.won.setdefault(seat, []).append(tile.id)
    log.append(said(PHASE, Msg("{seat} tames the mammoth and keeps {tile}.", seat=seat, tile=tile.id), by=seat))
    if policy_of(st, seat).herd_bonus == "all":
        _reward_all(st, [seat], tile.all, log)
    else:
        got = give(st.board(seat), tile.one)
        log.append(said(PHASE, Msg("{seat} takes the tamer's reward: {got}.", seat=seat, got=got), by=seat))
    _reward_all(st, others, tile.all, log)


def _reward_all(st: State, seats: list[str], reward: Immediate, log: list[Event]) -> None:
    for seat in seats:
        got = give(st.board(seat), reward)
        log.append(said(PHASE, Msg("{seat} takes the \"all\" reward: {got}.", seat=seat, got=got), by=seat))
