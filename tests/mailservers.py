"""Real mail servers for the tests: a throwaway Dovecot (IMAP) and an aiosmtpd
SMTP peer that delivers what it receives into the addressee's Dovecot mailbox.

Every user's password is ``secret``; an address's local part is its user.
"""
from __future__ import annotations

import os
import pwd
import shutil
import signal
import socket
import ssl
import subprocess
import tempfile
import time
from pathlib import Path

from aiosmtpd.controller import Controller
from imapclient import IMAPClient

PASSWORD = "secret"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait_port(port: int, timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"nothing listens on port {port}")


class Dovecot:
    """One Dovecot 2.3 instance in a temp folder, on free ports."""

    def __init__(self, users: list[str], tls: tuple[str, str] | None = None) -> None:
        if shutil.which("dovecot") is None:
            raise RuntimeError("dovecot is not installed (apt-get install dovecot-imapd)")
        self.dir = Path(tempfile.mkdtemp(prefix="pbem-dovecot-"))
        self.dir.chmod(0o755)  # the auth process runs as an unprivileged user
        self.port = free_port()
        self.tls_port = free_port()
        self.users = list(users)
        running_as_root = os.geteuid() == 0
        owner = pwd.getpwnam("dovecot") if running_as_root else pwd.getpwuid(os.geteuid())
        mail = self.dir / "mail"
        mail.mkdir()
        (self.dir / "users").write_text("".join(f"{u}:{{PLAIN}}{PASSWORD}::::::\n" for u in users))
        for sub in ("base", "state"):
            (self.dir / sub).mkdir()
        ssl_lines = "ssl = no\n"
        listeners = f"inet_listener imap {{\n    address = 127.0.0.1\n    port = {self.port}\n  }}\n"
        if tls:
            cert, key = tls
            ssl_lines = f"ssl = yes\nssl_cert = <{cert}\nssl_key = <{key}\n"
            listeners += (f"  inet_listener imaps {{\n    address = 127.0.0.1\n    port = {self.tls_port}\n"
                          "    ssl = yes\n  }\n")
        login_user = "dovenull" if running_as_root else owner.pw_name
        internal_user = "dovecot" if running_as_root else owner.pw_name
        conf = f"""
protocols = imap
listen = 127.0.0.1
base_dir = {self.dir}/base
state_dir = {self.dir}/state
log_path = {self.dir}/dovecot.log
info_log_path = {self.dir}/dovecot.log
default_login_user = {login_user}
default_internal_user = {internal_user}
first_valid_uid = 1
first_valid_gid = 1
disable_plaintext_auth = no
auth_mechanisms = plain login
{ssl_lines}
mail_location = maildir:{mail}/%n
namespace inbox {{
  inbox = yes
  separator = /
  mailbox Processed {{
    auto = create
  }}
  mailbox Quarantine {{
    auto = create
  }}
}}
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%n {self.dir}/users
}}
userdb {{
  driver = static
  args = uid={owner.pw_uid} gid={owner.pw_gid} home={mail}/%n
}}
service imap-login {{
  chroot =
  {listeners}
}}
service anvil {{
  chroot =
  unix_listener anvil-auth-penalty {{
    mode = 0
  }}
}}
service stats {{
  chroot =
}}
"""
        self.conf = self.dir / "dovecot.conf"
        self.conf.write_text(conf)
        os.chown(mail, owner.pw_uid, owner.pw_gid)
        self.tls = tls
        self.start()

    def start(self) -> None:
        """Start the server (again, after halt(): same ports, same mail)."""
        self.proc = subprocess.Popen(["dovecot", "-F", "-c", str(self.conf)],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            _wait_port(self.port)
            if self.tls:
                _wait_port(self.tls_port)
        except RuntimeError:
            self.stop()
            raise RuntimeError("dovecot did not start: " + self.log())

    def halt(self) -> None:
        """Stop the server, keeping its mail (start() again). Its imap processes
        outlive the master and go on serving their clients, so they are ended too."""
        children = self._children()
        subprocess.run(["dovecot", "-c", str(self.conf), "stop"], capture_output=True)
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        for pid in children:
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass

    def _children(self) -> list[int]:
        """The processes this instance's master started."""
        found = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == self.proc.pid:
                found.append(int(stat.parent.name))
        return found

    def log(self) -> str:
        path = self.dir / "dovecot.log"
        return path.read_text() if path.exists() else ""

    def client(self, user: str) -> IMAPClient:
        c = IMAPClient("127.0.0.1", port=self.port, ssl=False, timeout=10)
        c.login(user, PASSWORD)
        return c

    def deliver(self, user: str, raw: bytes, folder: str = "INBOX") -> None:
        with self.client(user) as c:
            c.append(folder, raw)

    def messages(self, user: str, folder: str = "INBOX") -> list[bytes]:
        with self.client(user) as c:
            c.select_folder(folder, readonly=True)
            uids = c.search("ALL")
            if not uids:
                return []
            data = c.fetch(uids, ["BODY.PEEK[]"])
            return [data[u][b"BODY[]"] for u in sorted(data)]

    def stop(self) -> None:
        subprocess.run(["dovecot", "-c", str(self.conf), "stop"], capture_output=True)
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        shutil.rmtree(self.dir, ignore_errors=True)


class _Relay:
    """aiosmtpd handler: hand every message to its addressee's IMAP inbox."""

    def __init__(self, imap: Dovecot | None, refuse: dict[str, int] | None = None) -> None:
        self.imap = imap
        self.refuse = refuse if refuse is not None else {}
        self.received: list[tuple[str, bytes]] = []

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):  # noqa: N802
        code = self.refuse.get(address.lower())
        if code:
            return f"{code} {'try later' if code < 500 else 'no such user'}"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):  # noqa: N802
        for rcpt in envelope.rcpt_tos:
            self.received.append((rcpt, envelope.content))
            user = rcpt.split("@")[0].lower()
            if self.imap is not None and user in self.imap.users:
                self.imap.deliver(user, envelope.content)
        return "250 Message accepted"


class SmtpPeer:
    def __init__(self, imap: Dovecot | None = None, tls_context: ssl.SSLContext | None = None,
                 require_starttls: bool = False, auth: bool = False) -> None:
        self.relay = _Relay(imap)
        self.port = free_port()
        kwargs = {}
        if tls_context is not None:
            kwargs.update(tls_context=tls_context, require_starttls=require_starttls)
        if auth:
            kwargs.update(authenticator=self._auth, auth_require_tls=False)
        self.controller = Controller(self.relay, hostname="127.0.0.1", port=self.port, **kwargs)
        self.controller.start()

    @staticmethod
    def _auth(server, session, envelope, mechanism, auth_data):  # type: ignore[no-untyped-def]
        from aiosmtpd.smtp import AuthResult
        ok = getattr(auth_data, "password", b"") == PASSWORD.encode()
        return AuthResult(success=ok)

    @property
    def received(self) -> list[tuple[str, bytes]]:
        return self.relay.received

    def stop(self) -> None:
        self.controller.stop()
