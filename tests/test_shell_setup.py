"""tests/setup and tests/run as a user who is not root would run them (README: "sudo for the
apt step alone"): the functions of tests/shell-env.sh run as the real user ``nobody``, with
the real sudo and Debian's own python3. Acting as another user needs root, which CI is."""
from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOBODY = 65534
USER_PATH = "/usr/local/bin:/usr/bin:/bin"          # a user's PATH: no /usr/sbin
SUDOERS = Path("/etc/sudoers.d/pbem-tests")

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="acting as the user nobody needs root")


def _as_nobody(script: str, cwd: Path, path: str = USER_PATH) -> subprocess.CompletedProcess[str]:
    """``script`` run by bash as the user nobody, after sourcing a copy of tests/shell-env.sh
    in ``cwd`` (the checkout itself may be where nobody cannot read, as a clone in a mktemp
    folder is)."""
    shutil.copy(ROOT / "tests/shell-env.sh", cwd / "shell-env.sh")
    env = {"PATH": path, "HOME": str(cwd), "LANG": "C.UTF-8"}
    command = [shutil.which("setpriv") or "setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups",
               shutil.which("bash") or "bash", "-c", f". ./shell-env.sh\n{script}"]
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=60)


@pytest.fixture
def home() -> Iterator[Path]:
    """A folder the user nobody owns, where nobody can reach it (pytest's own are root's alone)."""
    folder = Path(tempfile.mkdtemp(prefix="pbem-nobody-"))
    os.chown(folder, NOBODY, NOBODY)
    yield folder
    shutil.rmtree(folder)


def test_a_user_finds_dovecot_and_the_postgresql_tools(home: Path) -> None:
    done = _as_nobody("command -v dovecot", home)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == shutil.which("dovecot")
    assert done.stdout.startswith(("/usr/sbin/", "/sbin/"))


def test_a_user_with_sudo_gets_root_for_the_install_step(home: Path) -> None:
    assert shutil.which("sudo"), "tests/setup installs sudo"
    SUDOERS.write_text(f"nobody ALL=(root) NOPASSWD: {shutil.which('id')}\n")
    SUDOERS.chmod(0o440)
    try:
        done = _as_nobody("id -u; as_root id -u", home)
    finally:
        SUDOERS.unlink()
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [str(NOBODY), "0"]


def test_a_user_without_sudo_is_told_what_to_do(home: Path) -> None:
    tools = home / "bin"                 # a PATH where sudo is not
    tools.mkdir()
    for tool in ("id", "env"):
        (tools / tool).symlink_to(shutil.which(tool))
    done = _as_nobody("as_root apt-get install -y dovecot-imapd; echo not reached", home, path=str(tools))
    assert done.returncode == 1
    assert "not reached" not in done.stdout
    assert done.stderr.strip() == ("tests/setup: this needs root and there is no sudo; run as root: "
                                   "apt-get install -y dovecot-imapd")


def test_debians_own_python_gets_a_venv(home: Path) -> None:
    debian = Path("/usr/bin/python3")
    assert (Path("/usr/lib") / debian.resolve().name / "EXTERNALLY-MANAGED").exists()
    done = _as_nobody('use_python; command -v python3; python3 -c "import sys; print(sys.prefix)"', home)
    assert done.returncode == 0, done.stderr
    assert "making a venv in .venv" in done.stderr
    assert done.stdout.split() == [str(home / ".venv/bin/python3"), str(home / ".venv")]
    again = _as_nobody('use_python; python3 -c "import sys; print(sys.prefix)"', home)
    assert again.stderr == "" and again.stdout.strip() == str(home / ".venv")     # made once
