"""The table of mail commands (pbem.commands): it holds every word the
protocol reads, each entry has its help and handler, HELP is made from it
(today's text to the letter), and dispatch answers as before."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest
from sqlmodel import Session

from pbem import commands

from pbem.inbox import protocol
from pbem.commands import COMMANDS, TABLE, Entry, Line, help_text, lookup, rows
from pbem.config import load
from pbem.db import migrate
from pbem.play.games import GameSpec, create_game, seats_of, start_game
from pbem.inbox.handler import status_text
from pbem.models import Game
from pbem_world import World, order_mail, run_pass, said, text_of
from seqpresent import tally_registered

T0 = datetime(2026, 5, 1, 8, 0, tzinfo=timezone.utc)
ANN, BOB, CY, GM, EVE = "ann@example.org", "bob@example.org", "cy@example.org", "gm@example.org", "eve@example.org"
ADDRESS = "pbem@example.org"

# HELP as the table writes it, each description wrapped under its column within 72 columns.
TODAY = f"""How to play by mail: send plain-text mail to {ADDRESS}.

  SIGNON <game> <seat> <password>   first line of every mail
  <orders>                          one per line, in the game's order
                                    language
  TURN <n>                          the turn your orders are for
                                    (optional)
  READY / WAIT                      the turn may / may not run before
                                    the deadline
  STATUS                            the game's turn, deadline, who has
                                    sent orders
  PASSWORD <new>                    change your password
  HISTORY [n]                       the report of turn n (default: the
                                    latest) again
  VACATION <turns> | OFF            away: your default orders, no turn
                                    counts as missed
  DIGEST ROUND | STEP | OFF         where players act in turn: the news
                                    of others' moves once a round, every
                                    step, or never
  LANGUAGE en | fr | es             the language of your mail
  TIMEZONE <zone>                   your time zone, like Europe/Paris
  PRESS TO <seat,seat|ALL> [ANON]   a message to other seats, ended by
                                    ENDPRESS
  JOIN <game> <seat>                take a seat in an open game (no
                                    SIGNON needed)
  OBSERVE <game> [OFF]              follow a game's public reports (no
                                    SIGNON needed)
  CONFIRM <token>                   carry out that JOIN or OBSERVE: the
                                    answer to it holds the token; a
                                    plain reply to that answer works
  RESIGN                            leave the game (the seat plays on by
                                    default orders)
  HELP                              this text
  SIGNOFF                           nothing after this line is read

Lines starting with > (quoted), # (comments) and everything after a
"-- " signature are ignored, and so is a turn report sent back whole.
A sheet with problems is not stored: your last good sheet stands.

The GM signs on as "gm" with the GM password and may send PAUSE,
RESUME, EXTEND <time> (like 24h), PROCESS NOW, PREVIEW,
ROLLBACK [RERUN], REPLACE <seat> <address>, BOT <seat> ON|OFF, START,
END and STATUS.
"""


def words(who: set[str] | frozenset[str], exact: bool = False) -> set[str]:
    """The command words of the table that ``who`` may send (``exact``: only they)."""
    return {w for w, e in COMMANDS.items() if (e.who == who if exact else bool(e.who & who))}


def test_the_table_has_every_word_the_protocol_reads() -> None:
    assert protocol.PLAYER_COMMANDS == words(commands.PLAYER)
    assert protocol.GM_COMMANDS == words(commands.GM, exact=True)
    assert set(protocol.NO_SIGNON) == words(commands.ANYONE, exact=True)
    assert set(COMMANDS) == protocol.PLAYER_COMMANDS | protocol.GM_COMMANDS | set(protocol.NO_SIGNON)
    for word in protocol.PLAYER_COMMANDS | protocol.GM_COMMANDS:
        req = protocol.read_request(["SIGNON g red pw", f"{word.lower()} 1"])
        assert [c.word for c in req.commands] == [word] and lookup(word) is COMMANDS[word]
    for word in protocol.NO_SIGNON:
        assert protocol.read_request([f"{word} g red"]).join.word == word
    assert lookup("FROB") is None and lookup("SIGNON") is None, "SIGNON is read by the protocol itself"


def test_every_entry_has_help_text_and_a_handler() -> None:
    for row in TABLE:
        assert row.help.strip() and row.usage.strip() and row.who <= commands.EVERYONE and row.who, row
        if isinstance(row, Entry):
            assert callable(row.run) and row.run.__doc__, row.name
            assert row.usage.startswith(row.name) and all(w.isupper() for w in row.words)
        else:
            assert isinstance(row, Line)
    assert len({id(e) for e in COMMANDS.values()}) == sum(isinstance(e, Entry) for e in TABLE)


def test_help_is_generated_as_todays_text() -> None:
    assert help_text(ADDRESS, []) == TODAY
    assert help_text(ADDRESS, ["TAKE <n>   a line of the game"]) == TODAY + "\nTAKE <n>   a line of the game\n"


def test_help_lists_exactly_the_player_commands_and_the_gm_ones() -> None:
    text = help_text(ADDRESS, [])
    column = [line for line in text.splitlines() if line.startswith("  ") and not line.startswith("   ")]
    shown = {w for line in column for w in line.split("   ")[0].strip().split(" / ")}
    shown = {w.split()[0] for w in shown} & set(COMMANDS)
    listed = {w for w, e in COMMANDS.items() if e.listed}
    assert shown == (words(commands.PLAYER) | words(commands.ANYONE)) & listed
    assert [row.usage for row in rows("player")] == [line.split("   ")[0].strip() for line in column]
    assert not shown & words(commands.GM, exact=True)
    gm = text.split('may send ')[1].split(".\n")[0].replace("\n", " ").replace(" and ", ", ").split(", ")
    assert gm == [row.usage for row in rows("gm")]
    assert {item.split()[0] for item in gm} == words(commands.GM) - words(commands.ANYONE)
    assert "ENDPRESS" in text, "ENDPRESS is told in the PRESS line"


@pytest.fixture
def server(tmp_path):
    """A Valley game g (red: ann, blue: bob) and a Tally game t (a, b, c: players act in turn)."""
    with tally_registered():
        yield _server(tmp_path)


def _server(tmp_path):  # type: ignore[no-untyped-def]
    world = World(tmp_path)
    world.engine_ = world.engine()
    migrate(world.engine_)
    cfg = load(world.config)
    world.secret = {}
    with Session(world.engine_) as s:
        for spec in (GameSpec(id="g", seats=[("red", ANN), ("blue", BOB)], gm_email=GM, seed="c", deadline="48h"),
                     GameSpec(id="t", ruleset="tally", seats=[("a", ANN), ("b", BOB), ("c", CY)], gm_email=GM,
                              options={"stones": "10"}, move_deadline="24h")):
            _game, world.secret[(spec.id, "gm")] = create_game(s, spec, T0)
            for seat, password in start_game(s, cfg, s.get(Game, spec.id), T0).items():
                world.secret[(spec.id, seat)] = password
        s.commit()
    return world


def answer(world: World, sender: str, body: str, minutes: int, game: str = "", seat: str = "") -> str:
    """The text of the answer to one mail (signed on as ``seat`` of ``game`` when given)."""
    if seat:
        body = f"SIGNON {game} {seat} {world.secret[(game, seat)]}\n{body}"
    world.post(order_mail(sender, body + "\n"))
    run_pass(world, T0 + timedelta(minutes=minutes))
    return text_of(world.outbox(sender)[-1])


def test_help_by_mail_gives_the_commands_with_the_games_orders_for_its_gm_and_own_ones_for_a_player(server) -> None:
    stranger = answer(server, EVE, "HELP", 1)
    gm = answer(server, GM, "HELP", 2, "g", "gm")
    player = answer(server, ANN, "HELP", 3, "t", "a")
    assert TODAY.rstrip() + "\n\n-- " in stranger
    assert TODAY + "\nValley orders (examples on this board; a seat's own HELP\nuses its position):\n" in gm
    assert "Your orders" not in gm, "the GM's HELP is the public one"
    assert "Attached to this mail: orders-valley.md and cards-valley.md (every order with its rules" in said(gm)
    attached = {part.get_filename(): part.get_content() for part in server.outbox(GM)[-1].iter_attachments()}
    assert set(attached) == {"orders-valley.md", "cards-valley.md"}, "no player has a checkout to open"
    assert attached["orders-valley.md"].startswith("# Valley of the Mammoths")
    assert TODAY + "\nTAKE <1-3> [IF PILE <n>]   your move, or a pre-order for your next one\n\n-- " in player


def test_an_unknown_or_misplaced_command_gets_todays_answer(server) -> None:
    player = answer(server, ANN, "FROB 3\nPLACE C3 B2\nPAUSE\nENDPRESS", 1, "g", "red")
    assert 'line 2 "FROB 3": unknown order \'FROB\' (did you mean FIRE?)' in player and "NOT stored" in player
    assert "Line 4: PAUSE is a GM command; sign on as gm to use it." in player
    assert "Line 5: ENDPRESS closes no PRESS message, so it was ignored." in player
    gm = answer(server, GM, "FROB\nREADY\nTURN 1", 2, "g", "gm")
    assert "The GM gives no orders; lines that are not GM commands were ignored: 2" in gm
    for line, word in ((3, "READY"), (4, "TURN")):
        assert (f"Line {line}: {word} is not a GM command (PAUSE, RESUME, EXTEND <time>, PROCESS NOW, PREVIEW, "
                "ROLLBACK [RERUN], REPLACE <seat> <address>, BOT <seat> ON|OFF, END, STATUS).") in said(gm)


def test_status_where_every_seat_orders_together_is_as_before(server) -> None:
    text = answer(server, ANN, "READY\nSTATUS", 1, "g", "red")
    assert ("Game g: active, turn 0, deadline 2026-05-03 08:00 UTC.\n"
            "  red        no orders yet, ready\n"
            "  blue       no orders yet") in text
    with Session(server.engine_) as s:
        late = status_text(s, s.get(Game, "g"), T0 + timedelta(hours=49))
    assert late == ("Game g: active, turn 0, deadline 2026-05-03 08:00 UTC.\n"
                    "  red        LATE: no orders, ready\n"
                    "  blue       LATE: no orders")
    with Session(server.engine_) as s:
        blue = next(x for x in seats_of(s, "g") if x.name == "blue")
        blue.bot = True
        s.add(blue)
        s.commit()
        assert status_text(s, s.get(Game, "g")).splitlines()[2] == "  blue       no orders yet, played by the bot"


def test_status_where_players_act_in_turn_names_the_step_who_moves_and_the_move_deadline(server) -> None:
    text = answer(server, BOB, "TAKE 2\nSTATUS", 1, "t", "b")
    assert ("Game t: active, step 0, a to move, move deadline 2026-05-02 08:00 UTC.\n"
            "  a          no orders yet\n"
            "  b          pre-orders in\n"
            "  c          not to move") in text
    gm = answer(server, GM, "", 2, "t", "gm")
    with Session(server.engine_) as s:
        game = s.get(Game, "t")
        assert status_text(s, game) in gm, "the GM's mail without commands gets the status"
        assert status_text(s, game, T0 + timedelta(hours=25)).splitlines()[1] == "  a          LATE: no orders"
