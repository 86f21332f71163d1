"""HELP's order examples, and those of docs/orders-*.md, are orders the game takes.

For many positions of both games (setup and later, several seeds, fire and
the Mammoth Herd on and off, plan and live placement) every example line of
a presenter's help_lines parses with no problem for the seat it was made
for, a Valley MOVE example is carried out when the turn is played, and each
line fits 72 columns. The docs' examples parse on a standard board.
"""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from valley_games import RULESET as VALLEY
from valley_games import play as play_valley

from engine import SeededDice
from engine.stoneage import RULESET as STONEAGE
from engine.stoneage.orders import Place as StonePlace
from engine.stoneage.parser import KEYWORDS as STONE_WORDS
from engine.stoneage.placement import why_not
from engine.valley.fatecards import FATE
from engine.valley.parser import KEYWORDS as VALLEY_WORDS
from engine.valley.state import Space, Tokens
from pbem.presenters import get_presenter

DOCS = Path(__file__).resolve().parent.parent / "docs"
SEATS = ["red", "blue", "green", "yellow"]


def examples(lines: list[str], keywords) -> list[str]:
    """The example lines: two spaces, then an order word in capitals (notes and the
    fate cards' texts do not start so). A kept plan is not an example."""
    if "Your kept orders:" in lines:
        lines = lines[:lines.index("Your kept orders:")]
    found = [line.strip() for line in lines if (m := re.match(r"  ([A-Z]+)\b", line)) and m.group(1) in keywords]
    assert all(not line.upper().startswith("TURN") for line in found)
    return found


def _fits(lines: list[str], docs: str) -> None:
    """The lines fit the mail's width, and send nobody to a file of this repository (HELP
    attaches ``docs``, pbem.commands.help.documents)."""
    assert not any("docs/" in line for line in lines), lines
    for line in lines:
        assert len(line) <= 72, f"{len(line)} columns: {line!r}"


# -- Valley -----------------------------------------------------------------

def valley_positions() -> list[tuple[str, object]]:
    out = []
    for seed, turns, fire in ((1, 0, False), (2, 0, True), (3, 2, True), (4, 4, False), (5, 6, True),
                              (6, 9, False), (7, 12, True), (8, 15, True), (9, 20, False)):
        st = play_valley(seed, turns, fire=fire)
        if st.stage != "over":
            out.append((f"seed{seed}-turn{turns}-fire{fire}", st))
    return out


VALLEY_POSITIONS = valley_positions()


def _moved(st, seat: str, line: str, seed: str) -> None:
    """Play the turn with this one line for the seat: its tokens move, and nothing is refused."""
    sheet = VALLEY.parse_orders(st, seat, line)
    events = VALLEY.resolve(st, {seat: sheet}, SeededDice(seed)).events
    said = [e.text for e in events if e.to in (None, seat)]
    assert not [t for t in said if "was not carried out" in t], (line, said)
    words = line.split("#")[0].split()
    tokens = " ".join(w for w in words if re.fullmatch(r"\d+[WF]", w))
    assert any(t.startswith(f"{seat} moves {tokens} {words[-1].split('-')[0]}-") for t in said), (line, said)


@pytest.mark.parametrize("name,st", VALLEY_POSITIONS, ids=[n for n, _ in VALLEY_POSITIONS])
def test_valley_examples_are_legal_for_the_seat(name, st) -> None:
    presenter = get_presenter("valley")
    checked = 0
    for seat in st.players:
        lines = presenter.help_lines(VALLEY.view(st, seat))
        _fits(lines, "docs/orders-valley.md")
        found = examples(lines, VALLEY_WORDS)
        if st.tribes[seat].out:
            assert found == []
            continue
        places = [x for x in found if x.startswith("PLACE")]
        assert bool(places) == (st.stage == "setup"), found
        for line in found:
            text = places[0] + "\n" + line if st.stage == "setup" and line.startswith("PLANT") else line
            sheet = VALLEY.parse_orders(st, seat, text)
            assert sheet.ok, (seat, line, sheet.problems)
            if line.startswith(("MOVE", "PLAY forced_march", "PLAY raft")):
                _moved(st, seat, line, f"{name}:{seat}")
            checked += 1
        if st.stage == "orders":
            assert {w.split()[0] for w in found} >= {"LOSSES", "CONQUER", "STARVE"}
            named = " ".join(found) + " "
            assert all(f"PLAY {c} " in named for c in st.tribes[seat].hand if c in ("stored_meat", "tracker"))
            plains = [c for c in st.camps(seat) if st.board.hexes[c].terrain == "P" and not st.peek(c).crop]
            if VALLEY.view(st, seat)["planting_turn"] and plains:
                assert any(x.startswith("PLANT") for x in found), found
    assert checked


def test_valley_first_year_note_on_coming_back_goes_once_the_tribe_came_back() -> None:
    st = next(st for _, st in VALLEY_POSITIONS if st.stage == "orders" and st.year == 1).copy()
    seat = next(p for p in st.players if not st.tribes[p].out)
    note = "a wiped-out tribe comes back on, once.)"
    assert note in " ".join(get_presenter("valley").help_lines(VALLEY.view(st, seat)))
    st.tribes[seat].resurrected = True
    assert note not in " ".join(get_presenter("valley").help_lines(VALLEY.view(st, seat)))


ORDERS_POSITIONS = [(n, st) for n, st in VALLEY_POSITIONS if st.stage == "orders"]


@pytest.mark.parametrize("name,st", ORDERS_POSITIONS, ids=[n for n, _ in ORDERS_POSITIONS])
def test_valley_refusals_suggest_lines_the_seat_could_send(name, st) -> None:
    """A MOVE or CAMP with its spaces missing is answered with an example
    made from the seat's own tokens, which the game then takes (or, for a
    CAMP no space allows, with the order's form)."""
    moves = 0
    for seat in (p for p in st.players if not st.tribes[p].out):
        for bad in ("MOVE", "CAMP"):
            (problem,) = VALLEY.parse_orders(st, seat, bad).problems
            example = problem.suggestion.removeprefix("e.g. ")
            if example == problem.suggestion:
                assert example == "CAMP <space>", (seat, example)
                continue
            assert VALLEY.parse_orders(st, seat, example).ok, (seat, example)
            moves += bad == "MOVE"
    assert moves


def _reworked(st, seat: str):
    """A later position made to ask for more: every fate card in hand, a token and a camp on
    a volcano (fire rules on), the last turn of winter with a plains village."""
    out = st.copy()
    out.options = {**out.options, "fire": True}
    out.season, out.turn, out.lasting = "winter", 3, []
    out.tribes[seat].hand = sorted(FATE)
    out.tribes[seat].fire = False
    volcano = next(n for n in out.board.names if out.board.hexes[n].terrain == "V")
    out.spaces[volcano] = Space(tribes={seat: Tokens(1, 0)})
    for camp in (seat, None):            # a plains village, and a couple free to camp
        plains = next(n for n in out.board.names if out.board.hexes[n].terrain == "P"
                      and (out.peek(n) is None or out.peek(n).is_empty()))
        out.spaces[plains] = Space(tribes={seat: Tokens(2, 1)}, camp=camp)
    return out


@pytest.mark.parametrize("name,st", VALLEY_POSITIONS[2:], ids=[n for n, _ in VALLEY_POSITIONS[2:]])
def test_valley_fire_planting_and_every_card(name, st) -> None:
    seat = next(p for p in st.players if not st.tribes[p].out)
    st = _reworked(st, seat)
    lines = get_presenter("valley").help_lines(VALLEY.view(st, seat))
    _fits(lines, "docs/orders-valley.md")
    found = examples(lines, VALLEY_WORDS)
    for line in found:
        sheet = VALLEY.parse_orders(st, seat, line)
        assert sheet.ok, (line, sheet.problems)
        if line.startswith(("MOVE", "PLAY forced_march", "PLAY raft")):
            _moved(st, seat, line, f"{name}:reworked")
    played = {x.split()[1] for x in found if x.startswith("PLAY")}
    assert {x.split()[0] for x in found} >= {"MOVE", "CAMP", "FIRE", "PLANT", "COMBAT"}, found
    assert played >= set(FATE) - {"lure"}, set(FATE) - played
    assert ("lure" in played) == any(sp.animals for sp in st.spaces.values())


def test_valley_positions_cover_setup_moves_fire_and_cards() -> None:
    """The positions above are the ones the brief names, not only easy ones."""
    stages = {st.stage for _, st in VALLEY_POSITIONS}
    assert stages == {"setup", "orders"}
    assert {bool(st.options.get("fire")) for _, st in VALLEY_POSITIONS} == {True, False}
    lines = [x for _, st in VALLEY_POSITIONS for seat in st.players
             for x in examples(get_presenter("valley").help_lines(VALLEY.view(st, seat)), VALLEY_WORDS)]
    words = {x.split()[0] for x in lines} | {" ".join(x.split()[:2]) for x in lines if x.startswith("PLAY")}
    assert words >= {"PLACE", "PLANT", "MOVE", "CAMP", "COMBAT", "LOSSES", "CONQUER", "STARVE", "PLAY"}, words


def _board_only(st, seat: str, stage: str):
    """The game's board with nothing on it but ``seat``'s tokens on every space (for the
    GM's examples, which are about the board only)."""
    out = st.copy()
    out.stage, out.lasting, out.season, out.turn = stage, [], "winter", 3
    out.spaces = {}
    out.options = {**out.options, "fire": True}
    for n in out.board.names:
        if out.board.hexes[n].kind != "L":
            out.spaces[n] = Space(tribes={seat: Tokens(3, 2)})
    out.tribes[seat].hand = ["spear"]
    out.tribes[seat].fire = False
    return out


@pytest.mark.parametrize("name,st", VALLEY_POSITIONS[:4], ids=[n for n, _ in VALLEY_POSITIONS[:4]])
def test_valley_examples_for_the_gm_fit_the_board(name, st) -> None:
    lines = get_presenter("valley").help_lines(VALLEY.view(st, None))
    _fits(lines, "docs/orders-valley.md")
    found = examples(lines, VALLEY_WORDS)
    assert {x.split()[0] for x in found} >= {"PLACE", "PLANT", "MOVE", "CAMP", "COMBAT", "PLAY"}
    seat = st.players[0]
    place = next(x for x in found if x.startswith("PLACE"))
    for line in found:
        if "# setup" in line:
            sheet = VALLEY.parse_orders(_board_only(st, seat, "setup"), seat, place + "\n" + line)
        elif line.startswith(("PLANT", "CAMP")):
            board = _board_only(st, seat, "orders")
            space = line.split()[1]
            board.spaces[space].camp = seat if line.startswith("PLANT") else None
            sheet = VALLEY.parse_orders(board, seat, line)
        else:
            sheet = VALLEY.parse_orders(_board_only(st, seat, "orders"), seat, line)
        assert sheet.ok, (line, sheet.problems)


# -- Stone Age ----------------------------------------------------------------

def stoneage_positions() -> list[tuple[str, object]]:
    """States met along bot games, at several steps of each."""
    out = []
    for seed, players, options in ((1, 4, {"mammoth_herd": True}), (2, 2, {}), (3, 3, {"placement": "live"}),
                                   (4, 4, {"mammoth_herd": True, "placement": "live"}), (5, 2, {"mammoth_herd": True})):
        st = STONEAGE.new_game(SEATS[:players], options, seed)
        rng = random.Random(seed)
        for step in range(40):
            if STONEAGE.outcome(st) is not None:
                break
            if step in (0, 1, 3, 7, 12, 20, 39):
                out.append((f"seed{seed}-p{players}-step{step}", st))
            sheets = {p: STONEAGE.bot_orders(st, p, rng) for p in sorted(STONEAGE.awaiting(st))}
            st = STONEAGE.resolve(st, sheets, SeededDice(f"{seed}:{step}")).state
    return out


STONEAGE_POSITIONS = stoneage_positions()


@pytest.mark.parametrize("name,st", STONEAGE_POSITIONS, ids=[n for n, _ in STONEAGE_POSITIONS])
def test_stoneage_examples_are_legal_for_the_seat(name, st) -> None:
    presenter = get_presenter("stoneage")
    for seat in st.players + [None]:
        view = STONEAGE.view(st, seat)
        lines = presenter.help_lines(view)
        _fits(lines, "docs/orders-stoneage.md")
        found = examples(lines, STONE_WORDS)
        assert any(x.startswith("FEED") for x in found)
        assert any(x.startswith("HERD") for x in found) == (st.herd is not None and bool(st.herd.at))
        for who in ([seat] if seat else st.players):
            for line in found:
                sheet = STONEAGE.parse_orders(st, who, line)
                assert sheet.ok, (who, line, sheet.problems)
                if seat and isinstance(sheet.orders[0], StonePlace):
                    for spot in sheet.orders[0].choices:     # each alternative may be placed now
                        assert why_not(st, seat, spot) == "", (line, why_not(st, seat, spot))
        board = st.board(seat) if seat else None
        if board is not None and view["stage"] == "placement" and board.free:
            assert any(x.startswith("PLACE") for x in found), lines
        if view.get("plan"):
            assert lines[lines.index("Your kept orders:") + 1:] == [f"  {x}" for x in view["plan"]]


def test_stoneage_buy_examples_name_what_is_on_offer() -> None:
    for _, st in STONEAGE_POSITIONS:
        found = examples(get_presenter("stoneage").help_lines(STONEAGE.view(st, st.players[0])), STONE_WORDS)
        slots = {x.split()[1] for x in found if x.startswith("BUY")}
        offered = {f"card{i}" for i, c in enumerate(st.civ_slots, 1) if c}
        offered |= {f"building{i}" for i, s in enumerate(st.buildings, 1) if s}
        assert slots <= offered and bool(slots) == bool(offered)


# -- the docs -----------------------------------------------------------------

def doc_examples(name: str, keywords) -> list[str]:
    """The order lines inside the code blocks of a docs file."""
    text = (DOCS / name).read_text()
    blocks = re.findall(r"```\n(.*?)```", text, re.DOTALL)
    lines = [line.strip() for block in blocks for line in block.splitlines()]
    return [line for line in lines if line.split() and line.split()[0].upper() in keywords]


def test_valley_docs_examples_parse_on_w1e2() -> None:
    found = doc_examples("orders-valley.md", VALLEY_WORDS)
    assert len(found) >= 5
    setup = VALLEY.new_game(["red", "blue"], {"board": "W1E2"}, 1)
    game = setup.copy()
    game.stage, game.game_turn, game.spaces = "orders", 4, {}
    for space, (w, f) in {"C4": (3, 2), "E2": (1, 1)}.items():
        game.spaces[space] = Space(tribes={"red": Tokens(w, f)})
    for line in found:
        st = setup if line.upper().startswith(("PLACE", "PLANT")) else game
        sheet = VALLEY.parse_orders(st, "red", line)
        assert sheet.ok, (line, sheet.problems)
    block = next(b for b in re.findall(r"```\n(.*?)```", (DOCS / "orders-valley.md").read_text(), re.DOTALL)
                 if "red, turn 4" in b)
    assert VALLEY.parse_orders(game, "red", block).ok, "the first sheet is one good sheet"


def test_stoneage_docs_examples_parse_with_four_players_and_the_herd() -> None:
    found = doc_examples("orders-stoneage.md", STONE_WORDS)
    assert len(found) >= 8
    st = STONEAGE.new_game(SEATS, {"mammoth_herd": True}, 1)
    for line in found:
        sheet = STONEAGE.parse_orders(st, "red", line)
        assert sheet.ok, (line, sheet.problems)
