"""`pbem demo`: a whole 4-seat game of the default ruleset played by mail on
the embedded defaults (Maildir in and out, SQLite), with no server at all.

The demo's players read their welcome mail for their password, write real
order mails into the inbox (bot orders), and the GM's cron is played by
running passes with a clock that jumps past each deadline. One player sends
a broken sheet and corrects it, one signs on with a wrong password, one
writes HTML-only mail.
"""
from __future__ import annotations

import email
import email.policy
import mailbox
import random
import re
from datetime import datetime, timedelta, timezone
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from pathlib import Path
from typing import Any, Callable

import click
from sqlmodel import Session

from engine import get_ruleset
from pbem.config import load
from pbem.db import migrate, open_engine, session
from pbem.play.games import GameSpec, create_game, start_game
from pbem.play.gamewords import outcome_words
from pbem.models import Game, GameStatus
from pbem.presenters import DEFAULT, Demo, get_presenter
from pbem.runners.process import Pass
from pbem.transports import make_inbox, make_outbox

GAME = f"{DEFAULT}-demo"
SEATS = ["red", "blue", "green", "white"]
DOMAIN = "demo.example"
START = datetime(2026, 1, 5, 18, 0, tzinfo=timezone.utc)
CONFIG = """# pbem demo: Maildir in and out, SQLite, all under this folder.
[server]
address = "pbem@{domain}"
name = "pbem demo"
database = "sqlite:///pbem.sqlite"

[inbox]
transport = "maildir"
path = "mail/inbox"

[outbox]
transport = "maildir"
path = "mail/outbox"
"""


def _mail(sender: str, to: str, subject: str, text: str, when: datetime, html_only: bool = False) -> bytes:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = to
    msg["Subject"] = subject
    msg["Date"] = format_datetime(when)
    msg["Message-ID"] = make_msgid(domain=DOMAIN)
    if html_only:
        body = "".join(f"<div>{line}</div>" for line in text.splitlines())
        msg.set_content(f"<html><body>{body}</body></html>", subtype="html")
    else:
        msg.set_content(text)
    return bytes(msg)


def _password(outbox: Path, address: str) -> str:
    box = mailbox.Maildir(str(outbox / address), create=False)
    for key in box.keys():
        msg = email.message_from_bytes(box.get_bytes(key), policy=email.policy.default)
        body = msg.get_body(preferencelist=("plain",)).get_content()
        found = re.search(r"Your password is:\s+(\S+)", body)
        if found:
            return found.group(1)
    raise click.ClickException(f"no welcome mail for {address} in {outbox}")


def _demo() -> Demo:
    demo = get_presenter(DEFAULT).demo
    if demo is None:
        raise click.ClickException(f"the ruleset {DEFAULT} has no demo")
    return demo


def run_demo(root: Path, turns: int, echo: Callable[[str], None]) -> None:
    if root.exists() and any(root.iterdir()):
        raise click.ClickException(f"{root} is not empty; remove it or name another folder")
    demo = _demo()
    root.mkdir(parents=True, exist_ok=True)
    (root / "pbem.toml").write_text(CONFIG.format(domain=DOMAIN))
    cfg = load(root / "pbem.toml")
    engine = open_engine(cfg.database_url)
    migrate(engine)
    with session(engine) as s:
        spec = GameSpec(id=GAME, ruleset=DEFAULT, seats=[(p, f"{p}@{DOMAIN}") for p in SEATS], seed="demo",
                        options=demo.options, gm_email=f"gm@{DOMAIN}", missed="hold")
        game, gm_password = create_game(s, spec, now=START)
        start_game(s, cfg, game, START)

    def run_pass(at: datetime) -> None:
        p = Pass(cfg, at, lambda e, name: make_inbox(cfg, e, name), lambda: make_outbox(cfg), log=echo)
        p.run()
        echo(f"  pass at {at:%Y-%m-%d %H:%M}: " + "; ".join(p.summary.lines()[:3]))

    options = "".join(f", {key} {value}" for key, value in demo.options.items())
    echo(f"demo game {GAME} in {root}: 4 seats{options}, Maildir mail, SQLite")
    run_pass(START)
    _play(cfg, engine, demo, turns, run_pass)
    echo("")
    with Session(engine) as s:
        game = s.get(Game, GAME)
        words = outcome_words(game)
    if words is None:
        echo(f"the game goes on at turn {game.turn_no}: run 'pbem process' to play on by hand")
    else:
        echo(f"the game is over after {game.turn_no} turns: {words}")
    outbox = cfg.path(cfg.outbox.path)
    echo(f"GM password: {gm_password}")
    echo(f"mailboxes (one Maildir per address): {outbox}")
    echo(f"  red's mail, with the answers and every report: {outbox / ('red@' + DOMAIN)}")
    echo(f"  the GM's copies: {outbox / ('gm@' + DOMAIN)}")
    echo(f"handled order mails: {cfg.path(cfg.inbox.path) / '.Processed'}")
    echo(f"try: pbem --config {root / 'pbem.toml'} status")


def _play(cfg: Any, engine: Any, demo: Demo, turns: int, run_pass: Callable[[datetime], None]) -> None:
    """Up to ``turns`` turns mailed in by the bots, each seat's sheet ending READY. On turn 1 blue
    also sends a sheet with a mistyped order, and green one with a wrong password; white writes
    HTML only."""
    address, now = cfg.server.address, START
    outbox = cfg.path(cfg.outbox.path)
    inbox = mailbox.Maildir(str(cfg.path(cfg.inbox.path)), create=True)
    secrets = {p: _password(outbox, f"{p}@{DOMAIN}") for p in SEATS}
    rng = random.Random(7)
    ruleset = get_ruleset(DEFAULT)
    for _ in range(turns):
        with Session(engine) as s:
            game = s.get(Game, GAME)
            if game.status != GameStatus.ACTIVE:
                break
            state, turn_no = ruleset.from_json(game.state_json), game.turn_no
        now += timedelta(hours=1)
        for seat in SEATS:
            orders = "\n".join(ruleset.bot_orders(state, seat, rng).normal)
            sender = f"{seat}@{DOMAIN}"
            body = f"SIGNON {GAME} {seat} {secrets[seat]}\nTURN {turn_no}\n{orders}\nREADY\n"
            if turn_no == 1 and seat == "blue":
                inbox.add(_mail(sender, address, f"[{GAME}] orders", demo.misspell(body), now))
            if turn_no == 1 and seat == "green":
                inbox.add(_mail(sender, address, f"[{GAME}] orders",
                                body.replace(secrets[seat], "not-my-password"), now))
            inbox.add(_mail(sender, address, f"[{GAME}] orders", body, now + timedelta(minutes=5),
                            html_only=(seat == "white")))
        run_pass(now + timedelta(minutes=10))
        now += timedelta(hours=1)
        run_pass(now)       # every seat said READY: the turn runs after the early delay
