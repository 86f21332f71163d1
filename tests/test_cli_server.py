"""The server commands as a GM meets them: clear errors, never a traceback."""
from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from pbem.cli import main


def run(*args: str, env: dict | None = None):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, list(args), env=env or {})


def test_init_writes_a_config_and_a_database(tmp_path: Path) -> None:
    result = run("init", str(tmp_path / "srv"))
    assert result.exit_code == 0, result.output
    assert (tmp_path / "srv" / "pbem.toml").exists() and (tmp_path / "srv" / "pbem.sqlite").exists()
    again = run("init", str(tmp_path / "srv"))
    assert again.exit_code == 1 and "exists; use --force" in again.output
    status = run("--config", str(tmp_path / "srv" / "pbem.toml"), "status")
    assert status.exit_code == 0 and "no games yet" in status.output
    games = sorted(p.name for p in (tmp_path / "srv" / "games").iterdir())
    assert games == ["dewan.toml", "example.toml", "stoneage.toml"] and "example.toml" in result.output
    for name in games:      # each example game is one the GM can create as it is
        made = run("--config", str(tmp_path / "srv" / "pbem.toml"), "game", "new", "--from",
                   str(tmp_path / "srv" / "games" / name))
        assert made.exit_code == 0, made.output


def test_config_errors_are_explained(tmp_path: Path) -> None:
    cfg = tmp_path / "pbem.toml"
    cfg.write_text("[inbox]\ntransport = \"pigeon\"\n")
    result = run("--config", str(cfg), "status")
    assert result.exit_code == 1 and "config: [inbox] transport is maildir or imap" in result.output
    cfg.write_text("[server]\nadress = \"x@y\"\n")
    assert "unknown key 'adress' in [server]" in run("--config", str(cfg), "status").output
    cfg.write_text("[server\n")
    assert "is not valid TOML" in run("--config", str(cfg), "status").output
    missing = run("--config", str(tmp_path / "none.toml"), "status")
    assert "no config file" in missing.output and "Traceback" not in missing.output


def test_environment_overrides_the_config(tmp_path: Path) -> None:
    cfg = tmp_path / "pbem.toml"
    cfg.write_text("[server]\naddress = \"pbem@example.org\"\n")
    result = run("--config", str(cfg), "status", env={"PBEM_LIMITS_ANSWERS_PER_DAY": "many"})
    assert "[limits] answers_per_day must be a int" in result.output


def test_game_new_refuses_bad_input(tmp_path: Path) -> None:
    cfg = tmp_path / "pbem.toml"
    cfg.write_text("[server]\naddress = \"pbem@example.org\"\n")
    base = ["--config", str(cfg), "game", "new"]
    cases = [
        (["g", "--seat", "red"], "write it NAME:EMAIL"),
        (["g", "--seat", "red:not-an-address", "--seat", "blue:b@example.org"], "is not a mail address"),
        (["g", "--seat", "red:a@example.org", "--seat", "blue:b@example.org", "--option", "speed=2"], "no option 'speed'"),
        (["g", "--seat", "red:a@example.org"], "2 to 6 players"),
        (["Bad Id!", "--seat", "red:a@example.org", "--seat", "blue:b@example.org"], "a game id is up to 40"),
        (["g", "--seat", "red:a@example.org", "--seat", "blue:b@example.org", "--deadline", "soon"], "is not a duration"),
    ]
    for args, message in cases:
        result = run(*base, *args)
        assert result.exit_code == 1 and message in result.output, (args, result.output)
    ok = run(*base, "g", "--seat", "red:a@example.org", "--seat", "blue:b@example.org")
    assert ok.exit_code == 0 and "GM password:" in ok.output
    assert "already a game g" in run(*base, "g", "--seat", "red:a@example.org", "--seat", "blue:b@example.org").output
    assert run("--config", str(cfg), "game", "start", "nope").output.strip() == "Error: no game nope"
    assert run("--config", str(cfg), "process", "--now", "tomorrow").exit_code == 2


def test_game_from_the_example_file(tmp_path: Path) -> None:
    cfg = tmp_path / "pbem.toml"
    cfg.write_text("[server]\naddress = \"pbem@example.org\"\n")
    example = Path(__file__).parent.parent / "config" / "games" / "example.toml"
    result = run("--config", str(cfg), "game", "new", "--from", str(example))
    assert result.exit_code == 0, result.output
    assert "created valley-1 (valley, 3 seats)" in result.output


def test_demo_plays_a_game_and_leaves_a_working_server(tmp_path: Path) -> None:
    result = run("demo", str(tmp_path / "demo"), "--turns", "3")
    assert result.exit_code == 0, result.output
    assert "red's mail" in result.output
    status = run("--config", str(tmp_path / "demo" / "pbem.toml"), "status")
    assert "Game valley-demo: active, turn 3" in status.output
    red = list((tmp_path / "demo" / "mail" / "outbox" / "red@demo.example" / "new").iterdir())
    assert len(red) == 1 + 3 + 3, "the welcome, an answer and a report each turn"
    assert run("demo", str(tmp_path / "demo")).exit_code == 1


def test_commands_upgrade_an_older_database(tmp_path: Path) -> None:
    from alembic import command

    from pbem.db import _alembic, open_engine
    cfg = tmp_path / "pbem.toml"
    cfg.write_text("[server]\naddress = \"pbem@example.org\"\n")
    engine = open_engine(f"sqlite:///{tmp_path / 'pbem.sqlite'}")
    with engine.begin() as conn:
        command.upgrade(_alembic(engine, conn), "0001")    # a database from the first release
    result = run("--config", str(cfg), "status")
    assert result.exit_code == 0 and "no games yet" in result.output, result.output
