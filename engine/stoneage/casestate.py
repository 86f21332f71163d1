"""The position of an adjudicator case (../shared/stoneage-cases.md) as a State.

Every key is checked: an unknown key, a card or tile that does not exist or
is named more often than the game has it, a location off the board, all
are errors saying what to fix. Cards and tiles the position leaves out are
dealt in id order, so a case that does not care about them never ends the
game by an empty deck or stack.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from engine.casefile import CaseError, check_keys
from engine.stoneage.animaldata import ANIMALS, BY_NAME
from engine.stoneage.buildings import ANY_TILE, BUILDINGS, JEWEL_HUTS, NEW_HUTS, STACK_SIZE, TILES
from engine.stoneage.cards import CARDS, DECK, MERCHANT_DECK
from engine.stoneage.goods import GOODS, RESOURCES
from engine.stoneage.igloos import SUPPLY as IGLOOS
from engine.stoneage.merchant import MAX_LEVEL
from engine.stoneage.herd import TILES as HERD_TILES
from engine.stoneage.locations import LOCATIONS, exists
from engine.stoneage.setup import check_options, check_seats
from engine.stoneage.state import (
    MAX_AGRICULTURE, MAX_TOOL, PEOPLE_PER_COLOUR, Herd, PlayerBoard, Stage, State)

POSITION_KEYS = {"round", "players", "start_player", "civ_slots", "civ_deck", "buildings", "options",
                 "herd_tiles", "herd_at", "herd_tile", "animals", "jewel_card"}
PLAYER_KEYS = {"people", "food", "wood", "clay", "stone", "gold", "agriculture", "tools", "one_use", "score",
               "cards", "building_tiles", "herd_won", "placed", "tools_used", "igloos", "winter_points",
               "held", "jewels", "merchant_level", "traded"}
HERD_KEYS = {"herd_tiles", "herd_at", "herd_tile"}
OPTION_KEYS = {"mammoth_herd", "igloos", "harsh_winter", "wild_animals", "new_huts", "merchant"}


def _ids(value: Any, known: Any, what: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise CaseError(f"{what} lists ids like {next(iter(known))!r}")
    for v in value:
        if v not in known:
            raise CaseError(f"{what}: {v!r} is not a known id")
    return list(value)


def _whole(value: Any, what: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise CaseError(f"{what} is a whole number from {low} to {high}, not {value!r}")
    return value


def read_board(table: Any, where: str, players: int, merchant: bool = False) -> PlayerBoard:
    """One ``[position.<seat>]`` table."""
    t = check_keys(where, table, PLAYER_KEYS)
    b = PlayerBoard(people=_whole(t.get("people", 5), f"{where} people", 1, PEOPLE_PER_COLOUR))
    for g in GOODS:
        b.add(g, _whole(t.get(g.value, 0), f"{where} {g.value}", 0, 999))
    b.agriculture = _whole(t.get("agriculture", 0), f"{where} agriculture", 0, MAX_AGRICULTURE)
    b.score = _whole(t.get("score", 0), f"{where} score", -999, 9999)
    tools = t.get("tools", [0, 0, 0])
    if not isinstance(tools, list) or len(tools) != 3:
        raise CaseError(f"{where} tools lists the three slot values, like [2, 1, 1]")
    b.tools = [_whole(v, f"{where} tools", 0, MAX_TOOL) for v in tools]
    b.one_use = [_whole(v, f"{where} one_use", 1, MAX_TOOL) for v in t.get("one_use", [])]
    b.cards = _ids(t.get("cards", []), CARDS, f"{where} cards")
    b.buildings = _ids(t.get("building_tiles", []), ANY_TILE, f"{where} building_tiles")
    b.igloos = _ids(t.get("igloos", []), [g.value for g in RESOURCES], f"{where} igloos")
    b.winter = _whole(t.get("winter_points", 0), f"{where} winter_points", 0, 999)
    held = check_keys(f"{where} held", t.get("held", {}), set(BY_NAME))
    b.held = {name: _whole(n, f"{where} held {name}", 1, players - 1) for name, n in held.items()}
    if not merchant and {"jewels", "merchant_level", "traded"} & set(t):
        raise CaseError(f"{where}: jewels, merchant_level and traded need [position.options] merchant = true")
    b.jewels = _whole(t.get("jewels", 1 if merchant else 0), f"{where} jewels", 0, 999)
    b.merchant = _whole(t.get("merchant_level", 0), f"{where} merchant_level", 0, MAX_LEVEL)
    traded = t.get("traded", False)
    if not isinstance(traded, bool):
        raise CaseError(f"{where} traded is true or false, not {traded!r}")
    b.traded = traded
    _placed(b, t.get("placed", {}), where, players, merchant)
    for v in t.get("tools_used", []):
        free = [i for i, (tool, used) in enumerate(zip(b.tools, b.tools_used)) if tool == v and not used]
        if not free:
            raise CaseError(f"{where} tools_used: no unused tool of {v!r} among {b.tools}")
        b.tools_used[free[0]] = True
    return b


def _placed(board: PlayerBoard, placed: Any, where: str, players: int, merchant: bool) -> None:
    check_keys(f"{where} placed", placed, {n for n in LOCATIONS if exists(n, players, merchant)} | set(BY_NAME))
    for name, n in placed.items():
        board.placed[name] = _whole(n, f"{where} placed {name}", 1, PEOPLE_PER_COLOUR)
    if board.free < 0:
        raise CaseError(f"{where}: {board.people - board.free} people placed or held, but it owns {board.people}")


def _deal(position: dict[str, Any], boards: dict[str, PlayerBoard],
          wild: bool = False, merchant: bool = False) -> tuple[list[str], list[str], str]:
    """The card slots, the deck and the jewel slot: as given, the rest of the 36 cards (45 with
    the merchant) in id order, the jewel slot empty unless given. With wild animals the deck as
    given may hold animals (A01-A04) too."""
    owned = [c for b in boards.values() for c in b.cards]
    slots = position.get("civ_slots")
    if slots is not None:
        if not isinstance(slots, list) or len(slots) != 4:
            raise CaseError("civ_slots lists the four slots, card1 first (\"\" for an empty slot)")
        _ids([c for c in slots if c != ""], CARDS, "civ_slots")
    known = {**CARDS, **ANIMALS} if wild else CARDS
    deck = _ids(position["civ_deck"], known, "civ_deck") if "civ_deck" in position else None
    jewel = position.get("jewel_card", "")
    if jewel and not merchant:
        raise CaseError("jewel_card needs [position.options] merchant = true")
    if jewel:
        _ids([jewel], CARDS, "jewel_card")
    named = owned + (slots or []) + (deck or []) + [jewel]
    for card in named:
        if card in MERCHANT_DECK and not merchant:
            raise CaseError(f"card {card} is the expansion's: it needs [position.options] merchant = true")
    rest = [c for c in DECK + MERCHANT_DECK * merchant if c not in named]
    if slots is None:
        slots, rest = (rest + [""] * 4)[:4], rest[4:]
    if deck is None:
        deck = rest
    for card, n in Counter(owned + [c for c in slots if c] + deck + [jewel] * bool(jewel)).items():
        if n > 1:
            raise CaseError(f"card {card} is named {n} times; the game has one")
    return list(slots), deck, jewel


def _stacks(position: dict[str, Any], boards: dict[str, PlayerBoard], players: int,
            new_huts: bool = False, merchant: bool = False) -> list[list[str]]:
    """The building stacks: as given, else the tiles nobody owns in id order, 7 a stack."""
    owned = [t for b in boards.values() for t in b.buildings]
    given = position.get("buildings")
    if given is None:
        room = Counter(TILES) + Counter(list(JEWEL_HUTS) * merchant) - Counter(owned)
        rest = [t for t in [*BUILDINGS, *JEWEL_HUTS] for _ in range(room[t])]
        stacks = [rest[i * STACK_SIZE:(i + 1) * STACK_SIZE] for i in range(players)]
    else:
        if not isinstance(given, list) or len(given) != players:
            raise CaseError(f"buildings lists {players} stacks (one per player), each top first")
        stacks = [_ids(s, ANY_TILE, "buildings") for s in given]
    for tile, n in (Counter(owned) + Counter(t for s in stacks for t in s)).items():
        if n > ANY_TILE[tile].copies:
            raise CaseError(f"tile {tile} is named {n} times; the game has {ANY_TILE[tile].copies}")
        if tile in NEW_HUTS and not new_huts:
            raise CaseError(f"tile {tile} is a new hut: it needs [position.options] new_huts = true")
        if tile in JEWEL_HUTS and not merchant:
            raise CaseError(f"tile {tile} is the expansion's: it needs [position.options] merchant = true")
    return stacks


def build_state(position: Any) -> State:
    """The case's ``[position]`` as a state at the start of its round's placement."""
    pos = position if isinstance(position, dict) else {}
    seats = pos.get("players")
    opts = check_keys("position.options", pos.get("options", {}), OPTION_KEYS)
    try:
        players = check_seats(seats if isinstance(seats, list) else [], opts)
    except ValueError as why:
        raise CaseError(f"[position] players: {why}") from None
    check_keys("position", pos, POSITION_KEYS | set(players))
    if HERD_KEYS & set(pos) and not opts.get("mammoth_herd"):
        raise CaseError("the herd keys need [position.options] mammoth_herd = true")
    try:
        options = check_options(opts)
    except ValueError as why:
        raise CaseError(f"[position] options: {why}") from None
    start = pos.get("start_player", players[0])
    if start not in players:
        raise CaseError(f"start_player {start!r} is not a seat")
    trade = bool(options.get("merchant"))
    boards = {p: read_board(pos.get(p, {}), f"position.{p}", len(players), trade) for p in players}
    _variant_keys(boards, options)
    slots, deck, jewel = _deal(pos, boards, bool(options.get("wild_animals")), trade)
    st = State(players=players, options=options, boards=boards, start_player=start,
               round=_whole(pos.get("round", 1), "round", 1, 99), stage=Stage.PLACEMENT, turn=start,
               decision="place", civ_slots=slots, civ_deck=deck,
               buildings=_stacks(pos, boards, len(players), bool(options.get("new_huts")), trade),
               jewel_card=jewel)
    if options["mammoth_herd"]:
        st.herd = read_herd(pos, players)
    st.animals = _animals(pos, st)
    return st


def _animals(pos: dict[str, Any], st: State) -> list[str]:
    """The wild animals in play (``animals``, ids); the people held on them need one in play."""
    wild = bool(st.options.get("wild_animals"))
    given = pos.get("animals", [])
    if given and not wild:
        raise CaseError("animals need [position.options] wild_animals = true")
    in_play = _ids(given, ANIMALS, "animals")
    for animal, n in Counter(in_play + [c for c in st.civ_deck if c in ANIMALS]).items():
        if n > 1:
            raise CaseError(f"animal {animal} is named {n} times; the game has one")
    names = {ANIMALS[a].name for a in in_play}
    for seat in st.players:
        board = st.board(seat)
        for name in set(board.held) | {n for n in board.placed if n in BY_NAME}:
            if name not in names:
                raise CaseError(f"position.{seat}: people on the {name}, which is not in [position] animals")
        for name, n in board.held.items():
            if sum(b.held.get(name, 0) for b in st.boards.values()) >= len(st.players):
                raise CaseError(f"the {name} holds {len(st.players)} people or more: it would be driven off")
    return in_play


def _variant_keys(boards: dict[str, PlayerBoard], options: dict[str, Any]) -> None:
    """Igloos and winter points need their option; the seats own at most the game's igloos."""
    owned = sum(len(b.igloos) for b in boards.values())
    if owned and not options.get("igloos"):
        raise CaseError("igloos need [position.options] igloos = true")
    if owned > IGLOOS:
        raise CaseError(f"the seats own {owned} igloos; the game has {IGLOOS}")
    if any(b.winter for b in boards.values()) and not options.get("harsh_winter"):
        raise CaseError("winter_points need [position.options] harsh_winter = true")


def read_herd(pos: dict[str, Any], players: list[str]) -> Herd:
    """The herd: ``herd_tile`` face up (else the top of ``herd_tiles`` turns up), ``herd_tiles``
    face down (else the tiles nobody names, in id order), ``herd_won`` per seat."""
    won = {p: _ids(pos.get(p, {}).get("herd_won", []), HERD_TILES, f"position.{p} herd_won") for p in players}
    named = [t for v in won.values() for t in v]
    tile = pos.get("herd_tile")
    if tile is not None and tile != "":
        named += _ids([tile], HERD_TILES, "herd_tile")
    tiles = _ids(pos["herd_tiles"], HERD_TILES, "herd_tiles") if "herd_tiles" in pos else None
    if tiles is None:
        tiles = [t for t in HERD_TILES if t not in named]
    for t, n in Counter(named + tiles).items():
        if n > 1:
            raise CaseError(f"herd tile {t} is named {n} times; the game has one")
    herd = Herd(tiles, won=won)
    if tile is None:
        herd.turn_up()
    elif tile:
        herd.tile, herd.at = tile, HERD_TILES[tile].location
    at = pos.get("herd_at", herd.at)
    if at != herd.at:
        raise CaseError(f"herd_at: the herd stands where {tile or 'no tile'}'s back says, {herd.at or 'nowhere'!r}")
    return herd
