"""The replies of tests/mail/languages/ (see its README.md): one mail a client
and language, written as templates that any game fills in.

Each .eml is a whole message as its client sends it. The player's text holds
``{SIGNON}`` and ``{ORDER1}``.. ``{ORDERn}``; the pbem answer it quotes holds
``{QUOTED1}``.. (the old orders, indented as pbem lists them), ``{GAME}``,
``{SEAT}`` and ``{STEP}``. ``fill`` puts a game's lines in their place and
writes each text part back in its own charset and Content-Transfer-Encoding,
so that the mail stays what the client sent.

expected.toml has one table a file: ``client``, ``language``, ``kind``
(``plain``, ``html`` or ``both``), ``shows`` (the format it is there for),
``position`` (``top`` or ``bottom``), ``verdict`` (``read``, or ``auto``: an
automatic reply, never answered), ``orders`` and ``quoted`` (how many
``{ORDERn}`` and ``{QUOTEDn}`` it holds), ``after`` (the player's own lines
after the orders, a sign-off or a client's footer, which may end the orders)
and ``source``.
"""
from __future__ import annotations

import base64
import email
import email.policy
import re
import tomllib
from dataclasses import dataclass, field
from email import quoprimime
from email.message import EmailMessage, Message
from pathlib import Path

LANGUAGES = Path(__file__).parent / "mail" / "languages"
PLACEHOLDER = re.compile(r"\{(SIGNON|GAME|SEAT|STEP|ORDER\d|QUOTED\d)\}")
# Headers written back as they were read: no folding of their own.
AS_READ = email.policy.compat32.clone(max_line_length=0)


@dataclass(frozen=True)
class Case:
    name: str
    raw: bytes = field(repr=False)      # the template, as the client sends it
    expected: dict = field(repr=False)

    @property
    def auto(self) -> bool:
        return self.expected["verdict"] == "auto"


def language_cases() -> list[Case]:
    expected = tomllib.loads((LANGUAGES / "expected.toml").read_text(encoding="utf-8"))
    files = sorted(p.name for p in LANGUAGES.glob("*.eml"))
    differ = sorted(set(files) ^ set(expected))
    if differ:
        raise AssertionError(f"tests/mail/languages and its expected.toml differ: {differ}")
    return [Case(name, (LANGUAGES / name).read_bytes(), expected[name]) for name in files]


@dataclass(frozen=True)
class Lines:
    """A seat's order lines: those the player writes (the first ``orders`` of a
    mail), and the old ones pbem's quoted answer lists (never to be read)."""
    orders: tuple[str, ...]
    quoted: tuple[str, ...]


# Order lines of each game for the reader's test (valid lines of tests/test_mail_corpus.py,
# tests/test_stoneage_mail.py and docs/orders-dewan.md); the end-to-end test takes lines the
# game's state accepts for the seat.
READER = {
    "valley": Lines(("MOVE 2W C3-C4", "PLANT C3", "CAMP C4", "STARVE FEMALES"),
                    ("MOVE 3W A1-A2", "CAMP A1", "LOSSES WARRIORS")),
    "stoneage": Lines(("PLACE 1 forest", "PLACE 1 clay", "PLACE 2 hunt", "PLACE 1 quarry"),
                      ("PLACE 2 hut", "TOOLS AUTO", "FEED wood clay stone gold")),
    "dewan": Lines(("TAKE 1 2", "TAKE 2 3", "TAKE 3 4", "TAKE 4 5"), ("STORY 3", "TAKE 5 6", "STORY 1")),
}
GAME_IDS = {"valley": "valley-1", "stoneage": "stoneage-1", "dewan": "dewan-1"}


@dataclass(frozen=True)
class Seat:
    """Who a mail signs on as, and the lines it writes and quotes."""
    game: str           # the game's id
    seat: str
    password: str
    step: str           # "turn 1", "step 0": how pbem's answer names the step
    lines: Lines

    def signon(self) -> str:
        return f"SIGNON {self.game} {self.seat} {self.password}"

    def written(self, case: Case) -> list[str]:
        """What the player wrote and pbem must read, in order."""
        return [self.signon()] + list(self.lines.orders[:case.expected["orders"]])

    def quoted(self, case: Case) -> list[str]:
        return list(self.lines.quoted[:case.expected["quoted"]])

    def values(self) -> dict[str, str]:
        out = {"SIGNON": self.signon(), "GAME": self.game, "SEAT": self.seat, "STEP": self.step}
        out.update({f"ORDER{i}": line for i, line in enumerate(self.lines.orders, 1)})
        out.update({f"QUOTED{i}": line for i, line in enumerate(self.lines.quoted, 1)})
        return out


def reader_seat(ruleset: str) -> Seat:
    return Seat(GAME_IDS[ruleset], "red", "kx4-pl9-tr2", "turn 3", READER[ruleset])


def _put(text: str, values: dict[str, str]) -> str:
    def one(match: re.Match) -> str:
        if match.group(1) not in values:
            raise KeyError(f"no value for {{{match.group(1)}}}")
        return values[match.group(1)]
    return PLACEHOLDER.sub(one, text)


def _refill(part: Message, values: dict[str, str]) -> None:
    """One text part with the values put in, encoded again as its client encoded it."""
    cte = str(part.get("Content-Transfer-Encoding", "7bit")).strip().lower()
    charset = part.get_content_charset() or "us-ascii"
    text = part.get_payload(decode=True).decode(charset)
    filled = _put(text, values)
    if filled == text:
        return
    data = filled.encode(charset)
    if cte == "base64":
        payload = base64.encodebytes(data).decode("ascii")
    elif cte == "quoted-printable":
        payload = quoprimime.body_encode(data.decode("latin-1"), 76, "\n")
        payload += "" if payload.endswith("\n") or not filled.endswith("\n") else "\n"
    else:
        payload = data.decode("ascii", "surrogateescape")
    part.set_payload(payload)


def fill(raw: bytes, values: dict[str, str]) -> bytes:
    """The mail with its placeholders filled: in the header (raw, as the values
    are ASCII) and in each text part, decoded, filled and encoded again."""
    head, sep, rest = raw.partition(b"\n\n")
    head = PLACEHOLDER.sub(lambda m: values[m.group(1)], head.decode("latin-1")).encode("latin-1")
    msg = email.message_from_bytes(head + sep + rest, policy=AS_READ)
    for part in msg.walk():
        if part.get_content_maintype() == "text":
            _refill(part, values)
    out = msg.as_bytes(policy=AS_READ)
    left = PLACEHOLDER.search(out.decode("latin-1"))
    if left:
        raise AssertionError(f"{left.group(0)} left in the mail (an encoded header?)")
    return out


def html_only(raw: bytes) -> bytes:
    """The same reply as a client that sends HTML alone would send it."""
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    html = msg.get_body(preferencelist=("html",))
    single = EmailMessage()
    for name in ("From", "To", "Subject", "Date", "Message-ID", "In-Reply-To", "References"):
        if msg[name] is not None:
            single[name] = str(msg[name])
    single.set_content(html.get_content(), subtype="html")
    return bytes(single)


def variants(cases: list[Case]) -> list[tuple[str, Case, bool]]:
    """(id, case, html_only) for each way a mail is read: as sent, and a
    multipart/alternative mail also by its HTML part alone."""
    out = []
    for case in cases:
        out.append((f"{case.name}-{'html' if case.expected['kind'] == 'html' else 'as-sent'}", case, False))
        if case.expected["kind"] == "both":
            out.append((f"{case.name}-html-only", case, True))
    return out


def same(line: str) -> str:
    return " ".join(line.split())


def foreign_endings(shown: list[str], case: Case) -> list[str]:
    """Of the lines pbem took as the end of the orders, those the player did not write
    (the answer shows each line cut at 40 characters)."""
    own = [same(x) for x in case.expected["after"]]
    return [x for x in shown if not any(o.startswith(same(x).rstrip(".")) for o in own)]
