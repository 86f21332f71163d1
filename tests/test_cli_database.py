"""A database that cannot be opened or written, met by a GM's command: one
line saying why, an exit code, no traceback, and a read-only command such as
'pbem status' never leaves an empty database behind. The conditions are real:
a missing folder, a path under a regular file, a folder root cannot write in
either (/proc), a read-only folder (chmod, when not root), and small tmpfs
disks mounted read-only or filled up where the machine lets us mount."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_storage_faults import _remount, small_disk

from pbem.cli import main

SEATS = ["--seat", "red:ann@example.org", "--seat", "blue:bob@example.org"]
READ_ONLY_COMMANDS = [["status"], ["status", "g"], ["history", "g"], ["game", "preview", "g"],
                      ["game", "pause", "g"], ["game", "start", "g", "--dry-run"]]


def config(tmp_path: Path, database: Path) -> Path:
    cfg = tmp_path / "pbem.toml"
    cfg.write_text(f'[server]\naddress = "pbem@example.org"\ndatabase = "sqlite:///{database}"\n')
    return cfg


def cli(cfg: Path, *args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, ["--config", str(cfg), *args], env={})


def one_line(result, words: str, code: int = 1) -> None:  # type: ignore[no-untyped-def]
    assert result.exit_code == code, result.output
    assert isinstance(result.exception, SystemExit), f"not a clean exit: {result.exception!r}"
    assert result.output.startswith("Error: ") and result.output.count("\n") == 1, result.output
    assert words in result.output, result.output


def sub(cfg: Path, *args: str) -> subprocess.CompletedProcess:
    """The command in a process of its own, which lets go of the disk when it ends."""
    return subprocess.run([sys.executable, "-m", "pbem", "--config", str(cfg), *args], capture_output=True,
                          text=True, timeout=120)


def one_line_sub(done: subprocess.CompletedProcess, words: str, code: int) -> None:
    assert done.returncode == code, done.stdout + done.stderr
    assert "Traceback" not in done.stderr and done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith("Error: ") and words in done.stderr, done.stderr


def left_behind(database: Path) -> list[str]:
    folder = database.parent
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(database.name)) if folder.is_dir() else []


def test_read_only_commands_never_make_a_database(tmp_path: Path) -> None:
    database = tmp_path / "data" / "pbem.sqlite"
    database.parent.mkdir()
    cfg = config(tmp_path, database)
    for args in READ_ONLY_COMMANDS:
        one_line(cli(cfg, *args), f"no pbem database at {database}; run 'pbem init' first")
    assert left_behind(database) == []
    database.touch()            # an empty file, as older versions left behind
    one_line(cli(cfg, "status"), "no pbem database at")
    assert database.stat().st_size == 0


def test_a_folder_that_does_not_exist(tmp_path: Path) -> None:
    database = tmp_path / "no" / "such" / "pbem.sqlite"
    cfg = config(tmp_path, database)
    one_line(cli(cfg, "game", "new", "g", *SEATS), f"the folder {database.parent} does not exist; create it")
    one_line(cli(cfg, "status"), "no pbem database at")
    assert not (tmp_path / "no").exists()


def test_a_path_under_a_regular_file(tmp_path: Path) -> None:
    (tmp_path / "plain").write_text("not a folder\n")
    database = tmp_path / "plain" / "db" / "pbem.sqlite"
    cfg = config(tmp_path, database)
    one_line(cli(cfg, "game", "new", "g", *SEATS), f"{tmp_path / 'plain'} is a file, not a folder")
    one_line(cli(cfg, "status"), "no pbem database at")


def test_a_folder_nobody_may_write_in(tmp_path: Path) -> None:
    if os.geteuid() == 0:
        folder, words = Path("/proc"), "cannot make a file in /proc"     # root cannot either
    else:
        folder, words = tmp_path / "locked", "cannot make a file in"
        folder.mkdir()
        folder.chmod(0o555)
    database = folder / f"pbem-test-{os.getpid()}.sqlite"
    cfg = config(tmp_path, database)
    one_line(cli(cfg, "game", "new", "g", *SEATS), words)
    assert not database.exists()


def test_the_command_line_itself_prints_no_traceback(tmp_path: Path) -> None:
    database = tmp_path / "missing" / "pbem.sqlite"
    cfg = config(tmp_path, database)
    for args in (["status"], ["game", "new", "g", *SEATS], ["game", "extend", "g", "1d"]):
        done = subprocess.run([sys.executable, "-m", "pbem", "--config", str(cfg), *args], capture_output=True,
                              text=True, timeout=120)
        assert done.returncode == 1, done.stderr
        assert "Traceback" not in done.stderr and done.stderr.count("\n") == 1, done.stderr
        assert done.stderr.startswith("Error: ")


def test_a_read_only_disk(tmp_path: Path) -> None:
    with small_disk(tmp_path / "disk") as disk:
        _remount(disk, "ro")
        cfg = config(tmp_path, disk / "pbem.sqlite")
        one_line_sub(sub(cfg, "game", "new", "g", *SEATS), f"the folder {disk} is on a read-only file system", 1)
        one_line_sub(sub(cfg, "status"), "no pbem database at", 1)
        _remount(disk, "rw")
        assert sub(cfg, "game", "new", "g", *SEATS).returncode == 0
        _remount(disk, "ro")
        one_line_sub(sub(cfg, "game", "start", "g"), f"the folder {disk} is on a read-only file system", 1)
        _remount(disk, "rw")
        assert sub(cfg, "game", "start", "g").returncode == 0, "nothing was half done: it starts once writable"


def fill(disk: Path, leave: int = 0) -> Path:
    """Fill ``disk`` up, but for ``leave`` bytes."""
    filler = disk / "filler"
    room = os.statvfs(disk)
    size = max(0, room.f_bavail * room.f_frsize - leave)
    with filler.open("wb") as f:
        try:
            f.write(b"\0" * size)
            f.flush()
        except OSError:
            pass
    return filler


def test_a_full_disk(tmp_path: Path) -> None:
    with small_disk(tmp_path / "disk", size="1m") as disk:
        cfg = config(tmp_path, disk / "pbem.sqlite")
        assert sub(cfg, "game", "new", "g", *SEATS).returncode == 0
        filler = fill(disk, leave=64 * 1024)     # the database opens, the welcome mails do not fit
        one_line_sub(sub(cfg, "game", "start", "g"), "database or disk is full; nothing was changed", 75)
        filler.unlink()
        filler = fill(disk)                      # not a byte left: it does not even open
        one_line_sub(sub(cfg, "game", "start", "g"), f"the disk it is on ({disk}) is full", 1)
        filler.unlink()
        assert sub(cfg, "game", "start", "g").returncode == 0, "nothing was half done: it starts once there is room"
    with small_disk(tmp_path / "tiny", size="16k") as tiny:
        (tiny / "filler").write_bytes(b"\0" * 12000)
        one_line_sub(sub(config(tmp_path, tiny / "pbem.sqlite"), "game", "new", "g", *SEATS), "full", 1)


def test_an_unreachable_postgresql_is_one_line(tmp_path: Path) -> None:
    cfg = tmp_path / "pbem.toml"
    cfg.write_text('[server]\naddress = "pbem@example.org"\n'
                   'database = "postgresql+psycopg://nobody:secret@127.0.0.1:1/none"\n')
    result = cli(cfg, "status")
    one_line(result, "cannot use the database postgresql+psycopg://nobody:***@127.0.0.1:1/none")
    assert "secret" not in result.output


@pytest.mark.parametrize("args", [["game", "new", "g", *SEATS]])
def test_a_database_file_that_is_not_a_database(tmp_path: Path, args: list[str]) -> None:
    database = tmp_path / "pbem.sqlite"
    database.write_text("this is not SQLite\n" * 100)
    one_line(cli(config(tmp_path, database), *args), f"cannot use the database {database}")
    one_line(cli(config(tmp_path, database), "status"), f"cannot use the database {database}")
