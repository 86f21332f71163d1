"""Adjudicator cases (format 1): a small board, a position, orders, scripted
dice, the phases to run and what must hold afterwards.

:func:`run_case` takes the text of one case file and never raises: a case
that cannot run is a failure with the reason. Keys this runner does not know
are errors, so a typo never passes silently.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

from engine import casefile
from engine.casefile import CaseError, CaseResult, check_keys
from engine.contract import OrderSheet
from engine.dice import DiceError, ScriptedDice
from engine import hexgrid
from engine.valley import parser
from engine.valley.board import Board, BoardError
from engine.valley.context import Context
from engine.valley.eventcards import EVENTS
from engine.valley.eventcards import deck as event_deck
from engine.valley.setup import check_options, place_tribes
from engine.valley.species import full_bag, species_name
from engine.valley.state import Space, State, Tokens, Tribe
from engine.valley.turn import PHASE_NAMES, apply_standing, run_phases

RUN_PHASES = ("setup",) + PHASE_NAMES


_KEYS = {
    "": {"ruleset", "title", "rule", "options", "board", "position", "orders", "dice", "draws", "run",
         "expect"},
    "board": {"map", "rivers", "arrivals", "lava"},
    "position": {"year", "season", "turn", "game_turn", "players", "first_player", "food", "fire",
                 "hands", "warned", "resurrected", "space", "bag", "fate_deck",
                 "fate_discards", "lasting"},
    "space": {"at", "animals", "camp", "crop", "wildfire", "flooded", "lava"},
    "draws": {"animals", "event", "fate", "placement", "comeback"},
    "run": {"from", "to"},
    "expect": {"space", "food", "fire", "winner", "eliminated", "warned", "rejected", "position",
               "hands", "lasting", "fate_discards"},
    "expect.position": {"year", "season", "turn", "first_player"},
}


def _check_keys(where: str, table: Any, allowed: set[str], players: tuple[str, ...] = ()) -> None:
    check_keys(where, table, allowed | set(players))


def _space_name(board: Board, text: Any) -> str:
    name = hexgrid.normalise(str(text))
    if name is None or name not in board.hexes:
        raise CaseError(f"{text!r} is not a space of the case's board")
    return name


def _tokens(text: Any, where: str) -> Tokens:
    try:
        return parser.parse_tokens(str(text).split())
    except parser.Refused:
        raise CaseError(f"{where}: {text!r} is not a token count like \"2W 1F\"") from None


def _animals(text: Any, where: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for part in str(text).split(","):
        words = part.split()
        if not words:
            continue
        if not words[0].isdigit() or len(words) < 2:
            raise CaseError(f"{where}: animals are written like \"2 bison, 1 bear\"")
        sp = species_name(" ".join(words[1:]))
        if sp is None:
            raise CaseError(f"{where}: unknown species {' '.join(words[1:])!r}")
        out.setdefault(sp, []).extend([""] * int(words[0]))
    return out


def _players(position: dict[str, Any]) -> tuple[str, ...]:
    players = position.get("players")
    if not isinstance(players, list) or not players or not all(isinstance(p, str) for p in players):
        raise CaseError("[position] players must list the seats")
    return tuple(players)


def _read_space(board: Board, table: dict[str, Any], players: tuple[str, ...], where: str) -> tuple[str, Space]:
    _check_keys(where, table, _KEYS["space"], players)
    if "at" not in table:
        raise CaseError(f"[{where}] needs at = \"<space>\"")
    name = _space_name(board, table["at"])
    sp = Space()
    for p in players:
        if p in table:
            sp.tribes[p] = _tokens(table[p], f"{name} {p}")
    if "animals" in table:
        sp.animals = _animals(table["animals"], name)
    if "camp" in table:
        if table["camp"] not in players:
            raise CaseError(f"{name}: camp {table['camp']!r} is not a seat")
        sp.camp = table["camp"]
    if "crop" in table:
        if table["crop"] not in ("ok", "damaged"):
            raise CaseError(f"{name}: crop is \"ok\" or \"damaged\"")
        sp.crop = table["crop"]
    for key in ("wildfire", "flooded", "lava"):
        if key in table:
            setattr(sp, key, bool(table[key]))
    return name, sp


def _animal_token(text: Any) -> str:
    """``"bison a"`` as the bag writes it: the species in any case, the letter
    exactly (``c`` and ``C`` are different tokens arriving on different spaces)."""
    words = str(text).split()
    species = species_name(" ".join(words[:-1])) if len(words) >= 2 else None
    return f"{species} {words[-1]}" if species else str(text)


def _bag(items: Any) -> list[str]:
    if not isinstance(items, list):
        raise CaseError("[position] bag lists animal tokens like \"bison a\"")
    tokens = [_animal_token(t) for t in items]
    room = Counter(full_bag())
    for token, count in sorted(Counter(tokens).items()):
        if not room[token]:
            near = _same_but_case(token, room)
            hint = f" (letters are case-sensitive: {' or '.join(near)}?)" if near else ""
            raise CaseError(f"bag: {token!r} is not one of the 54 animal tokens{hint}")
        if count > room[token]:
            raise CaseError(f"bag: {token!r} is named {count} times; there is only {room[token]}")
    return tokens


def _same_but_case(wanted: str, population: Any) -> list[str]:
    return sorted(t for t in set(population) if t != wanted and t.lower() == wanted.lower())


class CaseDice(ScriptedDice):
    """The case's dice and draws, taken exactly: a scripted animal draw must be
    in the bag as written (its letter is case-sensitive), else the case fails
    saying so; other draws (card ids, space names) are ScriptedDice's."""

    def draw(self, tag: str, population: Sequence[str]) -> str:
        if " ".join(tag.lower().split()) != "animals":
            return super().draw(tag, population)
        queue = self._draws.get("animals")
        if not queue:
            raise DiceError(f"the draws for {tag!r} ran out")
        wanted = _animal_token(str(queue.pop(0)))
        if wanted in population:
            return wanted
        near = _same_but_case(wanted, population)
        raise DiceError(f"draw {wanted!r} for 'animals': there is no such token in the bag now"
                        + (f" (letters are case-sensitive; the bag has {', '.join(near)})" if near else ""))


def game_turn_of(year: int, season: str, turn: int) -> int:
    """The game's turn count: year 1, summer turn 2 is the first turn."""
    return (year - 1) * 6 + (0 if season == "summer" else 3) + turn - 1


def build_state(data: dict[str, Any]) -> State:
    board_table = data.get("board")
    _check_keys("board", board_table, _KEYS["board"])
    if "map" not in board_table:
        raise CaseError("[board] needs a map")
    spec = {k: board_table[k] for k in ("map", "rivers", "arrivals", "lava") if k in board_table}
    try:
        board = Board.from_spec(spec)
    except BoardError as why:
        raise CaseError(f"board: {why}") from None
    position = data.get("position")
    _check_keys("position", position, _KEYS["position"])
    players = _players(position)
    options = data.get("options", {})
    if not isinstance(options, dict) or "board" in options:
        raise CaseError("[options] is a table of fire, beginner, resurrection")
    try:
        opts = check_options(options)
    except ValueError as why:
        raise CaseError(f"options: {why}") from None
    opts["board"] = "custom"
    year, season, turn = position.get("year", 1), position.get("season", "summer"), position.get("turn", 2)
    if season not in ("summer", "winter") or turn not in (1, 2, 3, 4) or not isinstance(year, int):
        raise CaseError("[position] season is summer or winter, turn 1 to 3 (4 in a longer season), "
                        "year a number")
    first = position.get("first_player", players[0])
    if first not in players:
        raise CaseError(f"first_player {first!r} is not a seat")
    tribes = {p: Tribe(food=0) for p in players}
    for key, value in position.get("food", {}).items():
        if key not in tribes:
            raise CaseError(f"food: {key!r} is not a seat")
        tribes[key].food = value
    for key, attr in (("fire", "fire"), ("warned", "warned"), ("resurrected", "resurrected")):
        for p in position.get(key, []):
            if p not in tribes:
                raise CaseError(f"{key}: {p!r} is not a seat")
            setattr(tribes[p], attr, True)
    for p, hand in position.get("hands", {}).items():
        if p not in tribes:
            raise CaseError(f"hands: {p!r} is not a seat")
        tribes[p].hand = [str(c).lower() for c in hand]
    st = State(board_ref={"name": "custom", **spec}, options=opts, players=list(players),
               tribes=tribes, first_player=first, year=year, season=season, turn=turn,
               game_turn=position.get("game_turn", game_turn_of(year, season, turn)), stage="orders")
    st.bag = _bag(position["bag"]) if "bag" in position else full_bag()
    for i, table in enumerate(position.get("space", [])):
        name, sp = _read_space(board, table, players, f"position.space {i + 1}")
        if name in st.spaces:
            raise CaseError(f"{name} is described twice in [position]")
        st.spaces[name] = sp
    for card in position.get("lasting", []):
        if card not in EVENTS or not EVENTS[card].lasting:
            raise CaseError(f"lasting: {card!r} is not a lasting event card")
        st.lasting.append(card)
    st.decks["fate"] = [str(c).lower() for c in position.get("fate_deck", [])]
    st.discards["fate"] = [str(c).lower() for c in position.get("fate_discards", [])]
    for p in players:
        st.tribes[p].out = st.totals(p).total == 0 and not st.camps(p)
    return st


def _describe(sp: Space | None, players: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    if sp is None:
        return out
    for p in players:
        if p in sp.tribes and sp.tribes[p].total:
            out[p] = str(sp.tribes[p])
    if sp.animals:
        out["animals"] = ", ".join(f"{len(v)} {s}" for s, v in sorted(sp.animals.items()) if v)
    if sp.camp:
        out["camp"] = sp.camp
    if sp.crop:
        out["crop"] = sp.crop
    for key in ("wildfire", "flooded", "lava"):
        if getattr(sp, key):
            out[key] = "true"
    return out


def _check(st: State, sheets: dict[str, OrderSheet], expect: dict[str, Any]) -> str:
    """The first difference between the outcome and the expectations, or ''."""
    _check_keys("expect", expect, _KEYS["expect"])
    players = st.players
    board = st.board
    for i, table in enumerate(expect.get("space", [])):
        name, want_sp = _read_space(board, table, tuple(players), f"expect.space {i + 1}")
        want, got = _describe(want_sp, players), _describe(st.peek(name), players)
        for key in sorted(set(want) | set(got)):
            if want.get(key) != got.get(key):
                w = f'{key} "{want[key]}"' if key in want else f"no {key}"
                g = f'{key} "{got[key]}"' if key in got else f"no {key}"
                return f"{name}: expected {w}, found {g}"
    for p, food in expect.get("food", {}).items():
        if p not in st.tribes:
            raise CaseError(f"expect.food: {p!r} is not a seat")
        if st.tribes[p].food != food:
            return f"food of {p}: expected {food}, found {st.tribes[p].food}"
    checks = (("fire", lambda p: st.tribes[p].fire),
              ("warned", lambda p: st.tribes[p].warned),
              ("eliminated", lambda p: st.totals(p).total == 0 and not st.camps(p)))
    for key, test in checks:
        if key in expect:
            want_set, got_set = sorted(expect[key]), sorted(p for p in players if test(p))
            if want_set != got_set:
                return f"{key}: expected {want_set or 'nobody'}, found {got_set or 'nobody'}"
    if "winner" in expect:
        want_w = expect["winner"]
        want_list = [] if want_w == "none" else ([want_w] if isinstance(want_w, str) else sorted(want_w))
        if st.winners is None:
            return f"winner: expected {want_w}, but the game goes on"
        if sorted(st.winners) != want_list:
            return f"winner: expected {want_w}, found {', '.join(st.winners) or 'none (extinction)'}"
    for p, lines in expect.get("rejected", {}).items():
        got_lines = sorted(pr.line for pr in sheets[p].problems) if p in sheets else []
        if got_lines != sorted(lines):
            detail = "; ".join(str(pr) for pr in sheets[p].problems) if p in sheets else ""
            return f"rejected lines of {p}: expected {sorted(lines)}, found {got_lines}" + (
                f" ({detail})" if detail else "")
    for p, hand in expect.get("hands", {}).items():
        if sorted(st.tribes[p].hand) != sorted(str(c).lower() for c in hand):
            return f"hand of {p}: expected {sorted(hand)}, found {sorted(st.tribes[p].hand)}"
    if "fate_discards" in expect:
        want_d = sorted(str(c).lower() for c in expect["fate_discards"])
        if sorted(st.discards["fate"]) != want_d:
            return f"fate discards: expected {want_d or 'none'}, found {sorted(st.discards['fate']) or 'none'}"
    if "lasting" in expect and sorted(st.lasting) != sorted(expect["lasting"]):
        return f"lasting: expected {sorted(expect['lasting']) or 'none'}, found {sorted(st.lasting) or 'none'}"
    pos = expect.get("position", {})
    _check_keys("expect.position", pos, _KEYS["expect.position"])
    for key in ("year", "season", "turn", "first_player"):
        if key in pos and getattr(st, key) != pos[key]:
            return f"{key}: expected {pos[key]}, found {getattr(st, key)}"
    return ""


def run_case(text: str) -> CaseResult:
    """Run one case file's text: passed, or the first difference (or why it cannot run)."""
    return casefile.run(text, "valley", _KEYS[""], _play)


def _span(run: Any) -> tuple[str, list[str]]:
    """[run]'s first phase, and the phases it runs; a 'to' before 'from' runs on into the
    next turn, as a PBEM turn does."""
    _check_keys("run", run, _KEYS["run"])
    first, last = run.get("from"), run.get("to", run.get("from"))
    if first not in RUN_PHASES or last not in RUN_PHASES or (last == "setup" and first != "setup"):
        raise CaseError(f"[run] from and to are phases among {', '.join(RUN_PHASES)}")
    i, j = RUN_PHASES.index(first), RUN_PHASES.index(last)
    return first, list(RUN_PHASES[i:j + 1] if i <= j else RUN_PHASES[i:] + PHASE_NAMES[:PHASE_NAMES.index(last) + 1])


def _dice(data: dict[str, Any], st: State) -> CaseDice:
    """[dice] and [draws]: the scripted dice (a drawn event card plays with the full decks)."""
    dice_table = data.get("dice", {})
    if not isinstance(dice_table, dict) or not all(isinstance(v, list) for v in dice_table.values()):
        raise CaseError("[dice] lists die results by tag")
    draws = data.get("draws", {})
    _check_keys("draws", draws, _KEYS["draws"])
    if "event" in draws:
        st.decks["summer"], st.decks["winter"] = event_deck("summer"), event_deck("winter")
    return CaseDice(dice_table, {k: (v if isinstance(v, list) else [v]) for k, v in draws.items()})


def _orders(data: dict[str, Any], st: State) -> dict[str, Any]:
    orders = data.get("orders", {})
    if not isinstance(orders, dict):
        raise CaseError("[orders] is a table of order texts by seat")
    for p in orders:
        if p not in st.tribes:
            raise CaseError(f"orders for {p!r}, who is not a seat")
    return orders


def _play(data: dict[str, Any]) -> str:
    st = build_state(data)
    first, span = _span(data.get("run"))
    dice, orders = _dice(data, st), _orders(data, st)
    if first == "setup":
        st.stage = "setup"
        for tribe in st.tribes.values():
            tribe.out = False
    ctx = Context(st, dice)
    sheets: dict[str, OrderSheet] = {}

    def read_orders() -> None:
        sheets.update({p: parser.parse(st, p, str(orders.get(p, ""))) for p in st.players})
        ctx.sheets = sheets
        apply_standing(ctx)

    for phase in span:
        if not sheets and (phase == "setup" or RUN_PHASES.index(phase) >= RUN_PHASES.index("tribes")):
            read_orders()
        if phase == "setup":
            ctx.phase = "setup"
            place_tribes(ctx)
            st.stage = "orders"
            st.game_turn = max(st.game_turn, 1)
        else:
            run_phases(ctx, phase, phase)
    if not sheets:
        read_orders()
    left = dice.leftovers()
    if left:
        return "left over: " + ", ".join(left)
    st.tidy()
    return _check(st, sheets, data.get("expect", {}))
