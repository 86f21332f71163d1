"""``pbem game new``: the clock of moves played in turn, from its options."""
from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from sqlmodel import Session, select

from pbem.cli import main
from pbem.db import open_engine
from pbem.models import Game, GmLog, Seat

SEATS = ["--seat", "red:a@example.org", "--seat", "blue:b@example.org"]


def new_game(tmp_path: Path, *args: str):  # type: ignore[no-untyped-def]
    cfg = tmp_path / "pbem.toml"
    cfg.write_text("[server]\naddress = \"pbem@example.org\"\n")
    return CliRunner().invoke(main, ["--config", str(cfg), "game", "new", *args], env={})


def game_row(tmp_path: Path, game_id: str) -> Game:
    with Session(open_engine(f"sqlite:///{tmp_path / 'pbem.sqlite'}")) as s:
        game = s.get(Game, game_id)
        assert game is not None
        return game


def test_move_deadline_and_reminders_default_to_a_day_and_6_1(tmp_path: Path) -> None:
    result = new_game(tmp_path, "g", *SEATS)
    assert result.exit_code == 0, result.output
    game = game_row(tmp_path, "g")
    assert (game.move_minutes, game.move_reminders) == (24 * 60, "6,1")


def test_move_deadline_and_reminders_are_stored(tmp_path: Path) -> None:
    result = new_game(tmp_path, "g", *SEATS, "--move-deadline", "90m", "--move-reminders", "12, 3,1")
    assert result.exit_code == 0, result.output
    game = game_row(tmp_path, "g")
    assert (game.move_minutes, game.move_reminders) == (90, "12,3,1")
    assert new_game(tmp_path, "quiet", *SEATS, "--move-reminders", "").exit_code == 0
    assert game_row(tmp_path, "quiet").move_reminders == ""


def test_bad_move_deadline_or_reminders_are_one_line_errors(tmp_path: Path) -> None:
    cases = [
        (["--move-deadline", "soon"], "Error: 'soon' is not a duration; write it like 30m, 72h or 3d"),
        (["--move-reminders", "6,x"], "Error: --move-reminders '6,x': write it as up to 8 whole hours"),
        (["--move-reminders", "-1"], "Error: --move-reminders '-1': write it as"),
        (["--move-reminders", "6,,1"], "Error: --move-reminders '6,,1': write it as"),
        (["--move-reminders", ",".join(["1"] * 9)], "Error: --move-reminders '1,1,1,1,1,1,1,1,1': write it"),
    ]
    for args, message in cases:
        result = new_game(tmp_path, "g", *SEATS, *args)
        assert result.exit_code == 1, (args, result.output)
        assert result.output.startswith(message) and result.output.count("\n") == 1, (args, result.output)
        assert "Traceback" not in result.output
    assert new_game(tmp_path, "g", *SEATS).exit_code == 0, "nothing was stored by the refused ones"


def test_a_deadline_of_nothing_is_refused(tmp_path: Path) -> None:
    for args in (["--deadline", "0m"], ["--move-deadline", "0h"]):
        result = new_game(tmp_path, "g", *SEATS, *args)
        assert result.exit_code == 1 and result.output.startswith("Error: a deadline is at least a minute"), \
            (args, result.output)


def test_a_game_file_with_bad_reminder_hours_is_one_line_error(tmp_path: Path) -> None:
    for line in ('reminders = "6,1"', "move_reminders = [6, -1]", "move_reminders = [true]"):
        game_file = tmp_path / "g.toml"
        game_file.write_text(f'id = "g"\n{line}\n[[seats]]\nname = "red"\nemail = "a@example.org"\n'
                             '[[seats]]\nname = "blue"\nemail = "b@example.org"\n')
        result = new_game(tmp_path, "--from", str(game_file))
        assert result.exit_code == 1 and "is a list of up to 8 whole hours" in result.output, (line, result.output)
        assert "Traceback" not in result.output and result.output.count("\n") == 1


def test_help_lists_the_chosen_rulesets_options_with_their_choices(tmp_path: Path) -> None:
    valley = new_game(tmp_path, "--help")
    assert valley.exit_code == 0, valley.output
    assert "Options of valley (Valley of the Mammoths), each as --option KEY=VALUE:" in valley.output
    assert "board=W1E1|W1E2|W2E1|W2E2 (default W1E1)" in valley.output
    assert "fire=yes|no (default no)" in valley.output and "resurrection=yes|no (default yes)" in valley.output
    stoneage = new_game(tmp_path, "--ruleset", "stoneage", "--help")
    assert "Options of stoneage (Stone Age)" in stoneage.output
    assert "placement=plan|live (default plan)" in stoneage.output and "board=" not in stoneage.output
    unknown = new_game(tmp_path, "--ruleset=chess", "--help")
    assert unknown.exit_code == 0 and "no ruleset 'chess'; known: valley, stoneage" in unknown.output


def test_unknown_options_and_choices_are_refused_naming_the_valid_ones(tmp_path: Path) -> None:
    cases = [
        (["--option", "speed=2"], "Error: Valley of the Mammoths has no option 'speed'; its options are "
                                  "board=W1E1|W1E2|W2E1|W2E2 (default W1E1), fire=yes|no (default no), "
                                  "beginner=yes|no (default no), resurrection=yes|no (default yes), "
                                  "lang=en|fr|es (default en)"),
        (["--option", "board=W9E9"], "Error: option board is one of W1E1, W1E2, W2E1, W2E2, not 'W9E9'; "
                                     "write board=W1E1|W1E2|W2E1|W2E2 (default W1E1)"),
        (["--option", "fire=maybe"], "Error: option fire takes yes or no, not 'maybe'; write fire=yes|no"),
        (["--ruleset", "stoneage", "--option", "placement=fast"], "Error: option placement is one of plan, live"),
    ]
    for args, message in cases:
        result = new_game(tmp_path, "g", *SEATS, *args)
        assert result.exit_code == 1 and result.output.startswith(message), (args, result.output)
        assert result.output.count("\n") == 1
    assert not (tmp_path / "pbem.sqlite").exists(), "nothing was stored, not even an empty database"
    ok = new_game(tmp_path, "g", *SEATS, "--option", "board=W2E2", "--option", "fire=yes")
    assert ok.exit_code == 0, ok.output
    assert '"board": "W2E2"' in game_row(tmp_path, "g").options_json


def gm(tmp_path: Path, *args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, ["--config", str(tmp_path / "pbem.toml"), "game", *args], env={})


def test_seat_lang_sets_a_seats_language_and_zone_and_default_clears_it(tmp_path: Path) -> None:
    assert new_game(tmp_path, "g", *SEATS, "--option", "lang=es").exit_code == 0
    result = gm(tmp_path, "seat-lang", "g", "Red", "FR", "--timezone", "europe/paris")
    assert result.exit_code == 0, result.output
    assert result.output == "red now gets its mail in fr, times in Europe/Paris.\n"
    result = gm(tmp_path, "seat-lang", "g", "blue", "default")
    assert result.output == "blue now gets its mail in the game language, es, times in UTC.\n"
    with Session(open_engine(f"sqlite:///{tmp_path / 'pbem.sqlite'}")) as s:
        seats = {x.name: (x.lang, x.timezone) for x in s.exec(select(Seat).where(Seat.game_id == "g"))}
        logs = [x.detail for x in s.exec(select(GmLog).where(GmLog.action == "seat-lang"))]
    assert seats == {"red": ("fr", "Europe/Paris"), "blue": ("", "")}
    assert logs == ["red language fr, time zone Europe/Paris", "blue language default, time zone UTC"]


def test_seat_lang_refuses_a_bad_language_zone_or_seat_in_one_line(tmp_path: Path) -> None:
    assert new_game(tmp_path, "g", *SEATS).exit_code == 0
    cases = [
        (["g", "red", "de"], "Error: 'de' is not a language of pbem; choose one of en, fr, es or default"),
        (["g", "red", "fr", "--timezone", "Mars/Olympus"], "Error: 'Mars/Olympus' is not a time zone"),
        (["g", "green", "fr"], "Error: game g has no seat green; its seats are red, blue"),
    ]
    for args, message in cases:
        result = gm(tmp_path, "seat-lang", *args)
        assert result.exit_code == 1, (args, result.output)
        assert result.output.startswith(message) and result.output.count("\n") == 1, (args, result.output)
    with Session(open_engine(f"sqlite:///{tmp_path / 'pbem.sqlite'}")) as s:
        assert {(x.lang, x.timezone) for x in s.exec(select(Seat).where(Seat.game_id == "g"))} == {("", "")}


def test_every_option_of_game_new_says_what_it_does(tmp_path: Path) -> None:
    shown = new_game(tmp_path, "--help").output
    for option in ("--deadline", "--grace", "--early", "--seat", "--option"):
        after = shown[shown.index(option):].split("\n  -")[0]
        assert len(after.split()) > 3, (option, after)
    assert "orders are still taken" in " ".join(shown.split())
