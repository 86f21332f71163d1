"""A pbem server in a temp folder, driven through its real command line."""
from __future__ import annotations

import email
import email.policy
import mailbox
import os
import re
import subprocess
import sys
import textwrap
import traceback
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

PBEM = [sys.executable, "-m", "pbem"]


class World:
    def __init__(self, root: Path, inbox: str = "", outbox: str = "", database: str = "sqlite:///pbem.sqlite") -> None:
        self.root = root
        self.database = database
        root.mkdir(parents=True, exist_ok=True)
        self.config = root / "pbem.toml"
        self.config.write_text(textwrap.dedent(f'''
            [server]
            address = "pbem@example.org"
            database = "{database}"
            {inbox or '[inbox]' + chr(10) + 'transport = "maildir"' + chr(10) + 'path = "in"'}
            {outbox or '[outbox]' + chr(10) + 'transport = "maildir"' + chr(10) + 'path = "out"'}
            [timing]
            pass_minutes = 15
            outage_factor = 1000
        '''))

    @property
    def database_url(self) -> str:
        if self.database.startswith("sqlite:///") and not self.database.startswith("sqlite:////"):
            return "sqlite:///" + str(self.root / self.database[len("sqlite:///"):])
        return self.database

    def engine(self):  # type: ignore[no-untyped-def]
        from pbem.db import open_engine
        return open_engine(self.database_url)

    def pbem(self, *args: str, env: dict[str, str] | None = None, check: bool = True) -> subprocess.CompletedProcess:
        """The command line: in this process for the GM's and the reading
        commands (a subprocess would only add a second of start-up), in a
        process of its own for a pass and check-mail, whose exit codes,
        locks, workers and faults are what the tests look at."""
        if env is None and args and args[0] in IN_PROCESS:
            result = in_process(["--config", str(self.config), *args])
        else:
            full_env = {k: v for k, v in os.environ.items() if k != "PBEM_FAULT"}
            full_env.update(env or {})
            result = subprocess.run(PBEM + ["--config", str(self.config), *args], capture_output=True,
                                    text=True, env=full_env, timeout=120)
        if check and result.returncode != 0:
            raise AssertionError(f"pbem {' '.join(args)} exited {result.returncode}:\n"
                                 f"{result.stdout}\n{result.stderr}")
        return result

    # -- Maildir helpers ---------------------------------------------------
    def post(self, raw: bytes) -> None:
        box = mailbox.Maildir(str(self.root / "in"), create=True)
        box.add(raw)
        box.close()

    def outbox(self, address: str) -> list[EmailMessage]:
        path = self.root / "out" / address
        if not path.exists():
            return []
        box = mailbox.Maildir(str(path), create=False)
        msgs = [email.message_from_bytes(box.get_bytes(k), policy=email.policy.default) for k in box.keys()]
        return sorted(msgs, key=lambda m: (m["Date"].datetime, str(m["Subject"])))


IN_PROCESS = {"game", "status", "history", "replay", "archive"}


def in_process(argv: list[str]) -> subprocess.CompletedProcess:
    """``pbem argv`` run by click's test runner, as the command line would run it
    (PBEM_FAULT, meant for passes in this process, is kept from it); an
    exception that escapes is written to stderr as its traceback, as Python would."""
    from click.testing import CliRunner

    from pbem.cli import main
    fault = os.environ.pop("PBEM_FAULT", None)
    try:
        ran = CliRunner().invoke(main, argv)
    finally:
        if fault is not None:
            os.environ["PBEM_FAULT"] = fault
    stderr = ran.stderr
    if ran.exception is not None and not isinstance(ran.exception, SystemExit):
        stderr += "".join(traceback.format_exception(ran.exception))
    return subprocess.CompletedProcess(["pbem", *argv], ran.exit_code, ran.stdout, stderr)


class ServerWorld(World):
    """The same server with its mail on real servers: orders are delivered to
    the pbem user's Dovecot inbox and read over IMAP; answers and reports go
    out over SMTP to a peer that delivers them into the addressees' Dovecot
    boxes, where outbox() reads them back over IMAP."""

    def __init__(self, root: Path, imap, smtp, database: str = "sqlite:///pbem.sqlite") -> None:  # type: ignore[no-untyped-def]
        self.imap = imap
        super().__init__(root, database=database, inbox=textwrap.dedent(f'''
            [inbox]
            transport = "imap"
            host = "127.0.0.1"
            port = {imap.port}
            security = "plain"
            user = "pbem"
            password = "secret"'''), outbox=textwrap.dedent(f'''
            [outbox]
            transport = "smtp"
            host = "127.0.0.1"
            port = {smtp.port}
            security = "plain"'''))

    def post(self, raw: bytes) -> None:
        self.imap.deliver("pbem", raw)

    def outbox(self, address: str) -> list[EmailMessage]:
        raws = self.imap.messages(address.split("@")[0].lower())
        msgs = [email.message_from_bytes(r, policy=email.policy.default) for r in raws]
        return sorted(msgs, key=lambda m: (m["Date"].datetime, str(m["Subject"])))


def order_mail(sender: str, body: str, subject: str = "orders", html_only: bool = False,
               headers: dict[str, str] | None = None) -> bytes:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = "pbem@example.org"
    msg["Subject"] = subject
    msg["Message-ID"] = make_msgid(domain="example.org")
    for key, value in (headers or {}).items():
        msg[key] = value
    if html_only:
        msg.set_content("<html><body>" + "".join(f"<p>{line}</p>" for line in body.splitlines())
                        + "</body></html>", subtype="html")
    else:
        msg.set_content(body)
    return bytes(msg)


def said(text: str) -> str:
    """Text with every run of spaces and line breaks made one space: a sentence as written,
    whatever the 72-column wrapping of answers did to it."""
    return " ".join(text.split())


class Text(str):
    """A mail's text, in which ``sentence in text`` also finds a sentence that the 72-column
    wrapping broke over lines (the exact text is tried first)."""

    def __contains__(self, item: object) -> bool:
        return str.__contains__(self, item) or (isinstance(item, str) and said(item) in said(self))


def text_of(msg: EmailMessage) -> Text:
    return Text(msg.get_body(preferencelist=("plain",)).get_content().replace("\r\n", "\n"))


def lines_over(engine, width: int = 72, attachments_aside: bool = False) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    """(subject, line) for every line of a text part wider than ``width`` in every mail the
    server queued: what a player reading in a terminal or a narrow window would see cut
    (``attachments_aside``: not the files attached, such as the order-language docs)."""
    from sqlmodel import Session, select

    from pbem.models import OutboundMail
    out = []
    with Session(engine) as s:
        for raw in s.exec(select(OutboundMail.raw)):
            msg = email.message_from_bytes(raw, policy=email.policy.default)
            for part in msg.walk():
                if part.get_content_type() == "text/plain" and not (attachments_aside and part.is_attachment()):
                    out += [(str(msg["Subject"]), line) for line in part.get_content().splitlines()
                            if len(line) > width]
    return out


def password_in(messages: list[EmailMessage]) -> str:
    for msg in messages:
        found = re.search(r"(?:Your password is|Votre mot de passe|Tu contraseña es)\s?:\s+(\S+)", text_of(msg))
        if found:
            return found.group(1)
    raise AssertionError("no welcome mail with a password")


def run_pass(world: World, now, dry_run: bool = False):  # type: ignore[no-untyped-def]
    """One pass in this process (faster than the command line for many small tests)."""
    from pbem.config import load
    from pbem.runners.process import Pass
    p = Pass.configured(load(world.config), now, dry_run=dry_run)
    code = p.run()
    return code, p.summary


def flat(text: str) -> str:
    """The text with its lines joined: answers and reports wrap long lines at 72 columns."""
    return " ".join(text.split())


def html_of(msg: EmailMessage) -> str:
    part = msg.get_body(preferencelist=("html",))
    return part.get_content() if part is not None else ""


class Mailbox:
    """One user's Dovecot INBOX, read over IMAP the way a mail client does:
    only the messages that came since the last look (``all`` keeps every one)."""

    def __init__(self, imap, user: str) -> None:  # type: ignore[no-untyped-def]
        self.imap, self.user, self.last_uid = imap, user, 0
        self.all: list[EmailMessage] = []

    def new(self) -> list[EmailMessage]:
        with self.imap.client(self.user) as c:
            c.select_folder("INBOX", readonly=True)
            uids = [u for u in c.search(["UID", f"{self.last_uid + 1}:*"]) if u > self.last_uid]
            if not uids:
                return []
            data = c.fetch(uids, ["BODY.PEEK[]"])
        self.last_uid = max(uids)
        msgs = [email.message_from_bytes(data[u][b"BODY[]"], policy=email.policy.default) for u in sorted(data)]
        self.all += msgs  # type: ignore[arg-type]
        return msgs  # type: ignore[return-value]
