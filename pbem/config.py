"""The server configuration: a TOML file, every value overridable by a
``PBEM_<SECTION>_<KEY>`` environment variable; secrets from the environment
or a file, never required in the TOML."""
from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any
from pbem.errors import ConfigError

_LABEL = re.compile(r"^(?!-)[A-Za-z0-9_-]{1,63}(?<!-)$")


@dataclass
class Server:
    address: str = "pbem@localhost"
    name: str = "pbem"
    database: str = "sqlite:///pbem.sqlite"
    lock_file: str = "pbem.lock"


@dataclass
class MailServer:
    """What the inbox and the outbox have in common."""
    transport: str = "maildir"
    path: str = ""
    host: str = "localhost"
    port: int = 0
    security: str = "ssl"               # ssl | starttls | plain
    user: str = ""
    password: str = ""                  # better: PBEM_<SECTION>_PASSWORD or password_file
    password_file: str = ""
    timeout: float = 30.0
    ca_file: str = ""                   # a CA to trust besides the system's


@dataclass
class Inbox(MailServer):
    transport: str = "maildir"          # maildir | imap
    path: str = "mail/inbox"
    port: int = 993
    folder: str = "INBOX"
    processed: str = "Processed"
    quarantine: str = "Quarantine"


@dataclass
class Outbox(MailServer):
    transport: str = "maildir"          # maildir | smtp
    path: str = "mail/outbox"
    port: int = 587
    security: str = "starttls"


@dataclass
class Limits:
    max_mail_bytes: int = 2_000_000
    max_parts: int = 50
    answers_per_day: int = 40
    failed_copies_per_day: int = 3      # copies of failed sign-ons mailed to a seat's owner a day
    signon_failures: int = 5            # wrong passwords for a seat, or from a sender, that hold sign-ons...
    signon_window_minutes: int = 15     # ...within this many minutes; the hold ends as they age out
    confirm_hours: int = 48             # a JOIN/OBSERVE confirmation token is good this long
    strangers_per_hour: int = 60        # answers to addresses the server does not know, in all...
    strangers_per_domain_hour: int = 10     # ...to one domain's...
    strangers_per_address_day: int = 5      # ...and to one such address a day (pbem.inbox.strangers)


@dataclass
class Timing:
    pass_minutes: int = 15              # how often cron runs a pass
    outage_factor: int = 8              # no pass for this many periods: deadlines move back


@dataclass
class Dkim:
    """DKIM signing of every mail sent: on when ``key_file`` is set."""
    selector: str = ""                  # the DNS name's first label: SELECTOR._domainkey.DOMAIN
    domain: str = ""                    # d=; default: the domain of [server] address
    key_file: str = ""                  # an RSA private key in PEM (PKCS#1 or PKCS#8)
    key: bytes = field(default=b"", repr=False)   # the key file's bytes, read by load()


@dataclass
class Config:
    server: Server = field(default_factory=Server)
    inbox: Inbox = field(default_factory=Inbox)
    outbox: Outbox = field(default_factory=Outbox)
    limits: Limits = field(default_factory=Limits)
    timing: Timing = field(default_factory=Timing)
    dkim: Dkim = field(default_factory=Dkim)
    extra_inboxes: dict[str, Inbox] = field(default_factory=dict)
    base: Path = field(default_factory=Path.cwd)

    @property
    def inboxes(self) -> dict[str, Inbox]:
        """Every mailbox pbem reads: [inbox] as "inbox", then each [inboxes.NAME]."""
        return {"inbox": self.inbox, **self.extra_inboxes}

    def path(self, value: str) -> Path:
        """A path from the config, relative to the config file's folder."""
        p = Path(value).expanduser()
        return p if p.is_absolute() else self.base / p

    @property
    def database_url(self) -> str:
        url = self.server.database
        if url.startswith("sqlite:///") and not url.startswith("sqlite:////"):
            return "sqlite:///" + str(self.path(url[len("sqlite:///"):]))
        return url


SECTIONS = {"server": Server, "inbox": Inbox, "outbox": Outbox, "limits": Limits, "timing": Timing,
            "dkim": Dkim}
_SECRET = {("dkim", "key")}             # read from a file, never set in the TOML or the environment


def _convert(section: str, key: str, value: Any, kind: type) -> Any:
    try:
        if kind is bool:
            return str(value).lower() in ("1", "true", "yes", "on")
        return kind(value)
    except (TypeError, ValueError):
        raise ConfigError(f"[{section}] {key} must be a {kind.__name__}, not {value!r}") from None


def load(path: str | Path | None, environ: dict[str, str] | None = None) -> Config:
    env = dict(os.environ if environ is None else environ)
    data: dict[str, Any] = {}
    cfg = Config()
    if path is not None:
        data = _read(Path(path))
        cfg.base = Path(path).resolve().parent
    for name in data:
        if name not in SECTIONS and name != "inboxes":
            raise ConfigError(f"unknown section [{name}]; the sections are {', '.join(SECTIONS)}, inboxes")
    _extra_inboxes(cfg, data.get("inboxes", {}), env)
    for name, cls in SECTIONS.items():
        _section(cfg, name, cls, data.get(name, {}), env)
    _passwords(cfg)
    _check(cfg)
    _dkim_key(cfg)
    return cfg


def _read(file: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(file.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"no config file {file}; create one with 'pbem init'") from None
    except (OSError, UnicodeDecodeError) as why:
        raise ConfigError(f"cannot read {file}: {why}") from None
    except tomllib.TOMLDecodeError as why:
        raise ConfigError(f"{file} is not valid TOML: {why}") from None


def _extra_inboxes(cfg: Config, extra: Any, env: dict[str, str]) -> None:
    """[inboxes.NAME]: more mailboxes read like [inbox]."""
    if not isinstance(extra, dict) or not all(isinstance(v, dict) for v in extra.values()):
        raise ConfigError("[inboxes.NAME] tables each describe one more mailbox, like [inbox]")
    for box, table in extra.items():
        if box == "inbox":
            raise ConfigError("[inboxes.inbox]: the name inbox is taken by [inbox]")
        section = Inbox()
        known = {f.name for f in fields(Inbox)}
        for key, value in table.items():
            if key not in known:
                raise ConfigError(f"unknown key {key!r} in [inboxes.{box}]; known: {', '.join(sorted(known))}")
            setattr(section, key, _convert(f"inboxes.{box}", key, value, type(getattr(section, key))))
        env_key = f"PBEM_INBOXES_{box.upper()}_PASSWORD"
        if env_key in env:
            section.password = env[env_key]
        cfg.extra_inboxes[box] = section


def _section(cfg: Config, name: str, cls: Any, table: Any, env: dict[str, str]) -> None:
    """One section from the file, then from PBEM_<SECTION>_<KEY> in the environment."""
    section = getattr(cfg, name)
    if not isinstance(table, dict):
        raise ConfigError(f"[{name}] must be a table")
    known = {f.name: f for f in fields(cls) if (name, f.name) not in _SECRET}
    for key, value in table.items():
        if key not in known:
            raise ConfigError(f"unknown key {key!r} in [{name}]; known: {', '.join(known)}")
        setattr(section, key, _convert(name, key, value, type(getattr(section, key))))
    for key in known:
        env_key = f"PBEM_{name.upper()}_{key.upper()}"
        if env_key in env:
            setattr(section, key, _convert(name, key, env[env_key], type(getattr(section, key))))


def _passwords(cfg: Config) -> None:
    for name, section in [*((f"inboxes.{k}", v) for k, v in cfg.inboxes.items()), ("outbox", cfg.outbox)]:
        if section.password_file and not section.password:
            try:
                section.password = cfg.path(section.password_file).read_text().strip()
            except OSError as why:
                raise ConfigError(f"[{name}] password_file: {why}") from None


def _check(cfg: Config) -> None:
    for box, section in cfg.inboxes.items():
        if section.transport not in ("maildir", "imap"):
            raise ConfigError(f"[{'inbox' if box == 'inbox' else 'inboxes.' + box}] transport is maildir or imap")
    if cfg.outbox.transport not in ("maildir", "smtp"):
        raise ConfigError("[outbox] transport is maildir or smtp")
    for name in ("inbox", "outbox"):
        if getattr(cfg, name).security not in ("ssl", "starttls", "plain"):
            raise ConfigError(f"[{name}] security is ssl, starttls or plain")
    if "@" not in cfg.server.address:
        raise ConfigError("[server] address must be a mail address")


def _dkim_key(cfg: Config) -> None:
    """Read and check the DKIM key when one is configured: a key that cannot
    sign is a config error now, not a failure on every mail of the next pass."""
    d = cfg.dkim
    if not d.key_file:
        if d.selector or d.domain:
            raise ConfigError("[dkim] key_file is missing: DKIM signs only with a private key "
                              "(make one with: openssl genrsa -out dkim.pem 2048)")
        return
    if not d.selector:
        raise ConfigError("[dkim] selector is missing: the DNS record is found at SELECTOR._domainkey.DOMAIN")
    d.domain = (d.domain or cfg.server.address.rpartition("@")[2]).lower().rstrip(".")
    for what, value in (("selector", d.selector), ("domain", d.domain)):
        labels = value.split(".")
        if not all(_LABEL.match(label) for label in labels):
            raise ConfigError(f"[dkim] {what} {value!r} is not a DNS name")
    path = cfg.path(d.key_file)
    try:
        d.key = path.read_bytes().replace(b"\r\n", b"\n")
    except FileNotFoundError:
        raise ConfigError(f"[dkim] key_file: no file {path}") from None
    except OSError as why:
        raise ConfigError(f"[dkim] key_file: cannot read {path}: {why.strerror or why}") from None
    from dkim.crypto import UnparsableKeyError, parse_pem_private_key
    try:
        key = parse_pem_private_key(d.key)
    except (UnparsableKeyError, ValueError, TypeError, IndexError):
        raise ConfigError(f"[dkim] key_file: {path} is not an RSA private key in PEM form") from None
    if key["modulus"].bit_length() < 1024:
        raise ConfigError(f"[dkim] key_file: {path} holds a {key['modulus'].bit_length()}-bit key; "
                          "receivers ignore keys under 1024 bits (use 2048)")
