"""A GM command on a game in the wrong state is refused in one line, with an
exit code, before anything is stored or mailed; on SQLite and PostgreSQL,
through the real command line and by GM mail."""
from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from click.testing import CliRunner
from pbem_world import World, order_mail, run_pass, text_of
from sqlmodel import Session, func, select

from pbem.cli import main
from pbem.models import Game, GmLog, OutboundMail, Seat

T0 = datetime(2026, 6, 1, 8, 0, tzinfo=timezone.utc)
ANN, BOB, GM = "ann@example.org", "bob@example.org", "gm@example.org"
SEATS = ["--seat", f"red:{ANN}", "--seat", f"blue:{BOB}"]


def cli(world: World, *args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, ["--config", str(world.config), *args], env={})


def new_world(tmp_path: Path, database: str) -> tuple[World, str]:
    """A world with a game g made, not started; the GM password."""
    world = World(tmp_path, database=database)
    made = cli(world, "game", "new", "g", *SEATS, "--gm", GM, "--seed", "refusals")
    assert made.exit_code == 0, made.output
    return world, re.search(r"GM password: (\S+)", made.output).group(1)


def snapshot(world: World) -> tuple:
    """Everything a refused command must leave as it was: the game's row, its
    seats, the GM log and the outbox."""
    with Session(world.engine()) as s:
        g = s.get(Game, "g")
        seats = tuple((x.name, x.email, x.bot, x.away_until, x.password_hash) for x in
                      s.exec(select(Seat).order_by(Seat.id)))
        return ((g.status, g.turn_no, g.deadline, g.paused_at, g.state_json), seats,
                s.exec(select(func.count()).select_from(GmLog)).one(),
                s.exec(select(func.count()).select_from(OutboundMail)).one())


def assert_refused(world: World, args: list[str], words: str) -> None:
    before = snapshot(world)
    result = cli(world, *args)
    assert result.exit_code == 1, (args, result.output)
    assert result.output.startswith("Error: ") and result.output.count("\n") == 1, (args, result.output)
    assert words in result.output, (args, result.output)
    assert result.exception is None or isinstance(result.exception, SystemExit), (args, result.exception)
    assert snapshot(world) == before, f"{args} changed something"


NOT_STARTED = "the game is not started yet; nothing to"
CLOCK = [["pause", "g"], ["resume", "g"], ["process-now", "g"], ["extend", "g", "24h"]]


def test_a_game_not_started_refuses_the_clock_and_mails_nobody(tmp_path: Path, database: str) -> None:
    world, _ = new_world(tmp_path, database)
    for args in CLOCK + [a + ["--dry-run"] for a in CLOCK]:
        assert_refused(world, ["game", *args], NOT_STARTED)
        assert "pbem game start g" in cli(world, "game", *args).output
    for args, words in ((["preview", "g"], NOT_STARTED), (["rollback", "g"], NOT_STARTED),
                        (["rollback", "g", "--dry-run"], NOT_STARTED)):
        assert_refused(world, ["game", *args], words)
    with Session(world.engine()) as s:
        assert s.get(Game, "g").deadline is None, "a game not started has no deadline to move"
        assert s.exec(select(OutboundMail)).all() == []
    world.pbem("process", "--now", T0.isoformat())
    assert world.outbox(ANN) == [] and world.outbox(BOB) == [] and world.outbox(GM) == []


def test_a_game_not_started_takes_seat_changes_without_mail(tmp_path: Path, database: str) -> None:
    world, _ = new_world(tmp_path, database)
    assert cli(world, "game", "replace", "g", "red", "ann2@example.org").exit_code == 0
    assert cli(world, "game", "bot", "g", "blue", "on").exit_code == 0
    with Session(world.engine()) as s:
        assert s.exec(select(OutboundMail)).all() == [], "the welcome waits for the start"
        assert s.exec(select(Seat).where(Seat.name == "red")).one().email == "ann2@example.org"
    started = cli(world, "game", "start", "g", "--now", T0.isoformat())
    assert started.exit_code == 0, started.output
    with Session(world.engine()) as s:
        assert sorted(m.to_addr for m in s.exec(select(OutboundMail))) == ["ann2@example.org", BOB]


def test_a_game_over_refuses_everything_but_rollback_of_a_rules_ending(tmp_path: Path, database: str) -> None:
    world, _ = new_world(tmp_path, database)
    assert cli(world, "game", "start", "g", "--now", T0.isoformat()).exit_code == 0
    assert cli(world, "game", "end", "g", "--now", T0.isoformat()).exit_code == 0
    over = "the game is over"
    for args in CLOCK + [["preview", "g"], ["replace", "g", "red", "new@example.org"], ["bot", "g", "red", "on"],
                         ["vacation", "g", "red", "1"], ["observe", "g", "eve@example.org"]]:
        assert_refused(world, ["game", *args], f"{over}; nothing to")
    assert_refused(world, ["game", "end", "g"], "the game is over already")
    assert_refused(world, ["game", "start", "g"], "a finished game does not start again")
    assert_refused(world, ["game", "rollback", "g"], "ended by the GM")


def test_paused_and_running_games(tmp_path: Path, database: str) -> None:
    world, _ = new_world(tmp_path, database)
    assert cli(world, "game", "start", "g", "--now", T0.isoformat()).exit_code == 0
    assert_refused(world, ["game", "resume", "g"], "the game is not paused; its clock is running")
    assert_refused(world, ["game", "start", "g"], "it has already started")
    assert cli(world, "game", "pause", "g", "--now", T0.isoformat()).exit_code == 0
    for args in (["pause", "g"], ["process-now", "g"], ["process-now", "g", "--dry-run"]):
        assert_refused(world, ["game", *args], "the game is paused by the GM; nothing to")
    extended = cli(world, "game", "extend", "g", "1d", "--now", T0.isoformat())
    assert extended.exit_code == 0, "a paused game's deadline may move"
    for bad in ("0m", "400d", "99999999999999d", "soon"):
        assert_refused(world, ["game", "extend", "g", bad], "")
    resumed = cli(world, "game", "resume", "g", "--now", (T0 + timedelta(hours=2)).isoformat())
    assert resumed.exit_code == 0 and "resumed the game" in resumed.output
    later = (T0 + timedelta(hours=3)).isoformat()
    assert cli(world, "game", "process-now", "g", "--now", later).exit_code == 0
    for _ in range(3):      # asked again before the pass: nobody is mailed twice
        assert_refused(world, ["game", "process-now", "g", "--now", later], "runs on the next pass already")


def test_dry_runs_say_who_would_get_what_and_change_nothing(tmp_path: Path, database: str) -> None:
    world, _ = new_world(tmp_path, database)
    before = snapshot(world)
    start = cli(world, "game", "start", "g", "--now", T0.isoformat(), "--dry-run")
    assert start.exit_code == 0, start.output
    assert start.output.splitlines() == ["dry run, nothing was changed: g would start", "it would mail 2:",
                                         f"  {ANN}: [g] turn 0 report for red",
                                         f"  {BOB}: [g] turn 0 report for blue"]
    assert snapshot(world) == before
    assert cli(world, "game", "start", "g", "--now", T0.isoformat()).exit_code == 0
    for args in (["extend", "g", "24h"], ["process-now", "g"], ["pause", "g"]):
        before = snapshot(world)
        result = cli(world, "game", *args, "--now", T0.isoformat(), "--dry-run")
        assert result.exit_code == 0, result.output
        assert result.output.startswith("dry run, nothing was changed: g: the GM would have "), result.output
        assert f"  {ANN}: [g] from the GM\n  {BOB}: [g] from the GM\n" in result.output
        assert snapshot(world) == before, args
    end = cli(world, "game", "end", "g", "--dry-run")
    assert end.exit_code == 0 and f"  {ANN}: [g] the game is over" in end.output
    with Session(world.engine()) as s:
        assert s.get(Game, "g").status == "active"


def gm_mail(world: World, password: str, body: str) -> str:
    """The GM's mail, handled by a pass five minutes after the last: the text of the GM's answer."""
    world.clock = getattr(world, "clock", T0) + timedelta(minutes=5)  # type: ignore[attr-defined]
    world.post(order_mail(GM, f"SIGNON g gm {password}\n{body}"))
    code, _ = run_pass(world, world.clock)  # type: ignore[attr-defined]
    assert code == 0
    answers = [m for m in world.outbox(GM) if m["Date"].datetime == world.clock]  # type: ignore[attr-defined]
    assert len(answers) == 1, [m["Subject"] for m in world.outbox(GM)]
    return text_of(answers[0])


def test_gm_mail_on_a_game_not_started_or_over_mails_no_player(tmp_path: Path, database: str) -> None:
    world, password = new_world(tmp_path, database)
    answer = gm_mail(world, password, "EXTEND 24h\nPAUSE\nRESUME\nPROCESS NOW\nPREVIEW\nROLLBACK\n")
    for line in range(2, 8):
        assert f"Line {line}: the game is not started yet; nothing to" in answer, answer
    assert answer.count("Nothing was changed.") == 6
    assert world.outbox(ANN) == [] and world.outbox(BOB) == []
    with Session(world.engine()) as s:
        game = s.get(Game, "g")
        assert (game.status, game.deadline) == ("new", None)
        assert [x.action for x in s.exec(select(GmLog))] == ["create"]
    answer = gm_mail(world, password, "START\n")
    assert "GM: started the game." in answer
    answer = gm_mail(world, password, "END\n")
    sent = len(world.outbox(ANN))
    answer = gm_mail(world, password, "EXTEND 1d\nPAUSE\nRESUME\nPROCESS NOW\nREPLACE red x@example.org\nEND\n")
    assert "Line 2: the game is over; nothing to extend" in answer and "Line 7: the game is over already" in answer
    assert "Line 6: the game is over; nothing to give to a new player" in answer
    assert len(world.outbox(ANN)) == sent, "nothing more went to the players"


def test_gm_mail_on_a_paused_game(tmp_path: Path, database: str) -> None:
    world, password = new_world(tmp_path, database)
    assert cli(world, "game", "start", "g", "--now", T0.isoformat()).exit_code == 0
    assert "GM: paused the game." in gm_mail(world, password, "PAUSE\n")
    notices = len([m for m in world.outbox(ANN) if m["Subject"] == "[g] from the GM"])
    answer = gm_mail(world, password, "PAUSE\nPROCESS NOW\nREPLACE red bob@example.org\nREPLACE red a b\n")
    assert "Line 2: the game is paused by the GM; nothing to pause (RESUME" in answer
    assert "Line 3: the game is paused by the GM; nothing to run" in answer
    assert "Line 4: bob@example.org has seat blue of g already" in answer
    assert "Line 5: write REPLACE <seat> <address>" in answer
    assert len([m for m in world.outbox(ANN) if m["Subject"] == "[g] from the GM"]) == notices


@pytest.mark.parametrize("word", ["PREVIEW", "ROLLBACK"])
def test_preview_and_rollback_answer_on_a_running_game(tmp_path: Path, word: str) -> None:
    world, password = new_world(tmp_path, "sqlite:///pbem.sqlite")
    assert cli(world, "game", "start", "g", "--now", T0.isoformat()).exit_code == 0
    answer = gm_mail(world, password, f"{word}\n")
    expected = "PREVIEW: nothing was stored" if word == "PREVIEW" else "has no resolved turn to roll back"
    assert expected in answer, answer


def test_a_game_the_rules_ended_may_roll_its_last_turn_back(tmp_path: Path) -> None:
    from pbem.db import open_engine
    root = tmp_path / "demo"
    assert CliRunner().invoke(main, ["demo", str(root)], env={}).exit_code == 0
    engine = open_engine(f"sqlite:///{root / 'pbem.sqlite'}")

    def run(*args: str):  # type: ignore[no-untyped-def]
        return CliRunner().invoke(main, ["--config", str(root / "pbem.toml"), "game", *args], env={})
    with Session(engine) as s:
        game = s.get(Game, "valley-demo")
        assert game.status == "over"
        last = game.turn_no
    for args in (["pause", "valley-demo"], ["extend", "valley-demo", "1d"], ["process-now", "valley-demo"]):
        result = run(*args)
        assert result.exit_code == 1 and "the game is over; nothing to" in result.output, result.output
    dry = run("rollback", "valley-demo", "--dry-run")
    assert dry.exit_code == 0 and dry.output.startswith(f"dry run, nothing was changed: valley-demo would be back "
                                                        f"at turn {last - 1}"), dry.output
    assert "[valley-demo] turn" in dry.output and "rolled back" in dry.output
    rolled = run("rollback", "valley-demo")
    assert rolled.exit_code == 0, rolled.output
    with Session(engine) as s:
        assert (s.get(Game, "valley-demo").status, s.get(Game, "valley-demo").turn_no) == ("active", last - 1)


def test_a_rollback_of_a_paused_game_leaves_it_paused(tmp_path: Path) -> None:
    world, _ = new_world(tmp_path, "sqlite:///pbem.sqlite")
    assert cli(world, "game", "start", "g", "--now", T0.isoformat()).exit_code == 0
    assert cli(world, "game", "process-now", "g", "--now", T0.isoformat()).exit_code == 0
    assert run_pass(world, T0 + timedelta(minutes=1))[0] == 0
    later = T0 + timedelta(hours=1)
    assert cli(world, "game", "pause", "g", "--now", later.isoformat()).exit_code == 0
    rolled = cli(world, "game", "rollback", "g", "--now", (later + timedelta(hours=1)).isoformat())
    assert rolled.exit_code == 0 and "back at turn 0" in rolled.output, rolled.output
    with Session(world.engine()) as s:
        game = s.get(Game, "g")
        assert (game.status, game.turn_no) == ("paused", 0)
        assert game.paused_at.replace(tzinfo=timezone.utc) == later + timedelta(hours=1)
    resumed = cli(world, "game", "resume", "g", "--now", (later + timedelta(hours=3)).isoformat())
    assert resumed.exit_code == 0 and "2026-06-04 12:00 UTC" in resumed.output, \
        "the whole 72 hours from the resume: the rollback's deadline moved on by the pause"


def test_the_gms_notices_reach_each_seat_in_its_language(tmp_path: Path) -> None:
    """PAUSE, RESUME, EXTEND and END by the GM: the seats are told in their own languages (the
    times in their zones), the GM's log and terminal stay English."""
    world, password = new_world(tmp_path, "sqlite:///pbem.sqlite")
    assert cli(world, "game", "seat-lang", "g", "red", "fr", "--timezone", "Europe/Paris").exit_code == 0
    assert cli(world, "game", "seat-lang", "g", "blue", "es").exit_code == 0
    assert cli(world, "game", "start", "g", "--now", T0.isoformat()).exit_code == 0
    gm_mail(world, password, "PAUSE\nRESUME\n")
    out = cli(world, "game", "extend", "g", "24h", "--now", T0.isoformat())
    assert out.exit_code == 0 and "extended the deadline to 20" in out.output and "UTC" in out.output
    gm_mail(world, password, "END\n")
    french = [text_of(m) for m in world.outbox(ANN) if m["Subject"] in ("[g] du MJ", "[g] la partie est terminée")]
    spanish = [text_of(m) for m in world.outbox(BOB) if m["Subject"] in ("[g] del DJ", "[g] la partida ha terminado")]
    assert len(french) == len(spanish) == 4, ([m["Subject"] for m in world.outbox(ANN)], len(spanish))
    assert any("Le MJ a mis la partie en pause." in t for t in french)
    assert any("Le MJ a repoussé l'échéance à" in t and "CEST" in t for t in french)
    assert any("El DJ ha pausado la partida." in t for t in spanish)
    assert any("terminada por el DJ" in t for t in spanish) and any("terminée par le MJ" in t for t in french)
    assert not any("The GM" in t for t in french + spanish)
    with Session(world.engine()) as s:
        details = [x.detail for x in s.exec(select(GmLog).where(GmLog.action.in_(["pause", "extend"])))]
    assert details[0] == "paused the game" and details[-1].startswith("extended the deadline to 20")


def test_the_gms_own_words_are_never_a_template(tmp_path: Path) -> None:
    world, _ = new_world(tmp_path, "sqlite:///pbem.sqlite")
    assert cli(world, "game", "start", "g", "--now", T0.isoformat()).exit_code == 0
    reason = "{0} {seat} }{ 100%"
    ended = cli(world, "game", "end", "g", "--reason", reason, "--now", T0.isoformat())
    assert ended.exit_code == 0, ended.output
    with Session(world.engine()) as s:
        assert s.get(Game, "g").status == "over"
        assert s.exec(select(GmLog.detail).where(GmLog.action == "end")).one() == reason
        told = [m for m in s.exec(select(OutboundMail)) if m.key.startswith("end:") or b"the game is over" in m.raw]
    assert told and all(reason.encode() in m.raw.replace(b"=\n", b"") for m in told), "every seat reads it as written"
