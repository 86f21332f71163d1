"""Setting up a game, and placing the tribes (turn 0, from PLACE orders)."""
from __future__ import annotations

from typing import Any, Sequence

from engine.common import checked_options, checked_seats
from engine.common import seat_name_problem as seat_name_problem  # the ruleset offers it
from engine.contract import Option
from engine.dice import SeededDice
from engine.messages import Msg
from engine.valley.boards import BOARD_NAMES, DEFAULT_BOARD
from engine.valley.context import Context
from engine.valley.fate import draw_fate, hand_size
from engine.valley.orders import Place, Plant
from engine.valley.planting import plant_crop
from engine.valley.eventcards import deck as event_deck
from engine.valley.fatecards import fate_deck
from engine.valley.species import full_bag
from engine.valley.state import State, Tokens, Tribe

START = Tokens(5, 2)
OPTIONS = (
    Option("board", DEFAULT_BOARD, "which two half-board faces make the board", BOARD_NAMES),
    Option("fire", False, "the advanced fire rules"),
    Option("beginner", False, "15 food at the start instead of 12"),
    Option("resurrection", True, "a tribe wiped out in the first year comes back once"),
)


def check_options(options: dict[str, Any]) -> dict[str, Any]:
    """Every option with its default filled in; ValueError on an unknown or bad one."""
    return checked_options(OPTIONS, options)


def check_seats(players: Sequence[str]) -> list[str]:
    """The seats, or ValueError: distinct valid names, as many as the game takes."""
    return checked_seats(players, "Valley of the Mammoths", 2, 6)


def new_game(players: Sequence[str], options: dict[str, Any], seed: int | str) -> State:
    seats = check_seats(players)
    opts = check_options(options)
    dice = SeededDice(f"{seed}:setup")
    food = 15 if opts["beginner"] else 12
    st = State(board_ref={"name": opts["board"]}, options=opts, players=seats,
               tribes={p: Tribe(food=food) for p in seats}, first_player="")
    st.first_player = dice.draw("first player", seats)
    st.bag = full_bag()
    st.decks["summer"], st.decks["winter"] = event_deck("summer"), event_deck("winter")
    st.decks["fate"] = fate_deck()
    ctx = Context(st, dice)
    for p in st.turn_order():
        for _ in range(hand_size(st)):
            if not draw_fate(ctx, p):
                break
    return st


def _legal_start(st: State, name: str, player: str) -> bool:
    board = st.board
    if board.hexes[name].kind == "L":
        return False
    sp = st.peek(name)
    if sp and (sp.tribes or sp.camp or sp.animals):
        return False
    for n in board.adjacent(name):
        other = st.peek(n)
        if other and other.camp and other.camp != player and not board.river_between(name, n):
            return False
    return True


def place_tribes(ctx: Context) -> None:
    """Each seat from the First Player takes its first legal ranked space
    (or, when none is legal, one drawn among the legal ones)."""
    st = ctx.state
    for player in st.turn_order():
        wanted = [s for o in ctx.orders(player, Place) for s in o.spaces]
        where = next((s for s in wanted if _legal_start(st, s, player)), None)
        if where is None:
            legal = [n for n in st.board.names if _legal_start(st, n, player)]
            where = ctx.dice.draw("placement", legal)
            if wanted:
                ctx.say(Msg("none of {player}'s ranked spaces could be taken", player=player), to=player)
        sp = st.space(where)
        sp.camp = player
        sp.tribes[player] = Tokens(START.w, START.f)
        cave = st.board.hexes[where].kind == "M"
        said = dict(player=player, space=where, tokens=str(START))
        ctx.say(Msg("{player} settles on {space} with {tokens} and a cave", **said) if cave else
                Msg("{player} settles on {space} with {tokens} and a village", **said), by=player)
        if any(o.space == where for o in ctx.orders(player, Plant)):
            plant_crop(ctx, player, where)

