"""Addresses are checked wherever a GM or a mail gives one: --gm, --seat,
REPLACE, observers, JOIN; two seats share one only when the GM says so."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from pbem_world import World
from sqlmodel import Session, select

from pbem.cli import main
from pbem.play.games import address_problem
from pbem.models import OutboundMail, Seat

OK = ["--seat", "red:ann@example.org", "--seat", "blue:bob@example.org"]


def cli(world: World, *args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, ["--config", str(world.config), *args], env={})


@pytest.mark.parametrize(("address", "words"), [
    ("", "no mail address given"),
    ("not-an-address", "'not-an-address' is not a mail address: it has no @domain"),
    ("Ann <ann@example.org>", "is a name and an address; write the address alone, like ann@example.org"),
    ("ann@example.org, bob@example.org", "is not one mail address"),
    ("a b@example.org", "is not one mail address"),
    ("a@@example.org", "'a@@example.org' is not a mail address ("),
    ("ann@", "'ann@' is not a mail address"),
    ("@example.org", "'@example.org' is not a mail address"),
    ("ann@example..org", "'ann@example..org' is not a mail address"),
    ("a.@example.org", "is not a mail address (local-part is not dot-atom"),
    ('"ann"@example.org', "is not a plain mail address"),
    ("ann@[10.0.0.1]", "is not an address pbem can mail"),
    ("ann@example", "is not an address pbem can mail"),
    ("jörg@example.de", "outside ASCII"),
    (" ann@example.org", "has spaces around it"),
    ("(me)ann@example.org", "is not a plain mail address"),
])
def test_malformed_addresses_are_named_with_the_reason(address: str, words: str) -> None:
    problem = address_problem(address)
    assert words in problem, problem
    assert "\n" not in problem


@pytest.mark.parametrize("address", ["ann@example.org", "Ann.Smith+pbem@mail.example.co.uk", "gm@localhost"])
def test_good_addresses_pass(address: str) -> None:
    assert address_problem(address) == ""


def test_game_new_names_the_bad_address(tmp_path: Path) -> None:
    world = World(tmp_path)
    cases = [
        (["--seat", "red:ann@example.org", "--seat", "blue:bob"], "Error: seat blue: 'bob' is not a mail address"),
        ([*OK, "--gm", "gm at example.org"], "Error: the GM's address (--gm): 'gm at example.org' is not a mail address: it has no @domain"),
        ([*OK, "--gm", "GM <gm@example.org>"], "write the address alone, like gm@example.org"),
    ]
    for args, words in cases:
        result = cli(world, "game", "new", "g", *args)
        assert result.exit_code == 1 and words in result.output, (args, result.output)
        assert result.output.count("\n") == 1
    assert not (tmp_path / "pbem.sqlite").exists(), "a refused game makes no database"


def test_two_seats_with_one_address_need_the_gm_to_say_so(tmp_path: Path) -> None:
    world = World(tmp_path)
    shared = ["--seat", "red:ann@example.org", "--seat", "blue:Ann@Example.org"]
    refused = cli(world, "game", "new", "g", *shared)
    assert refused.exit_code == 1, refused.output
    assert "seats red and blue both have the address Ann@Example.org" in refused.output
    assert "--allow-shared-address" in refused.output
    allowed = cli(world, "game", "new", "g", *shared, "--allow-shared-address")
    assert allowed.exit_code == 0, allowed.output
    game_file = tmp_path / "h.toml"
    seats = '[[seats]]\nname = "red"\nemail = "cy@example.org"\n[[seats]]\nname = "blue"\nemail = "cy@example.org"\n'
    game_file.write_text('id = "h"\n' + seats)
    assert "--allow-shared-address" in cli(world, "game", "new", "--from", str(game_file)).output
    game_file.write_text('id = "h"\nallow_shared_address = "yes"\n' + seats)
    assert "allow_shared_address is true or false" in cli(world, "game", "new", "--from", str(game_file)).output
    game_file.write_text('id = "h"\nallow_shared_address = true\n' + seats)
    assert cli(world, "game", "new", "--from", str(game_file)).exit_code == 0
    with Session(world.engine()) as s:
        assert [x.email for x in s.exec(select(Seat).where(Seat.game_id == "h"))] == ["cy@example.org"] * 2


def test_replace_and_observe_check_the_address(tmp_path: Path, database: str) -> None:
    world = World(tmp_path, database=database)
    assert cli(world, "game", "new", "g", *OK).exit_code == 0
    assert cli(world, "game", "start", "g", "--now", "2026-06-01T08:00").exit_code == 0
    with Session(world.engine()) as s:
        queued = len(s.exec(select(OutboundMail)).all())
    for args, words in ((["replace", "g", "red", "nobody"], "seat red: 'nobody' is not a mail address"),
                        (["replace", "g", "red", "BOB@example.org"], "BOB@example.org has seat blue of g already"),
                        (["observe", "g", "eve@example"], "'eve@example' is not an address pbem can mail")):
        result = cli(world, "game", *args)
        assert result.exit_code == 1 and words in result.output, (args, result.output)
    with Session(world.engine()) as s:
        assert len(s.exec(select(OutboundMail)).all()) == queued, "no mail for a refused address"
        assert s.exec(select(Seat).where(Seat.name == "red")).one().email == "ann@example.org"
    assert cli(world, "game", "observe", "g", "eve@example.org").exit_code == 0
    again = cli(world, "game", "observe", "g", "eve@example.org")
    assert again.exit_code == 0 and "already; nothing was changed" in again.output


def test_join_refuses_an_address_that_cannot_be_mailed(tmp_path: Path) -> None:
    """The intake quarantines mail without a sendable sender, so JOIN's own
    check is the last line; it is asked directly here."""
    from pbem.db import session
    from pbem.inbox.joining import _join_problem
    world = World(tmp_path)
    assert cli(world, "game", "new", "o", "--open", "2").exit_code == 0
    with session(world.engine()) as s:
        game, problem = _join_problem(s, "o", "red", "ann@[10.0.0.1]")
        assert game is not None and "is not an address pbem can mail" in problem
        assert problem.endswith("send JOIN from another address.")
        assert _join_problem(s, "o", "red", "ann@example.org")[1] == ""
