"""Every mail and archive page of a short game of each game, read in French and in Spanish (and
every line of the text parts within 72 columns):
no word of our English messages that the reader's translations never use (tests/test_no_english.py
tells words from names). Each game is played in one language (--option lang) with the other seat
reading the other (IDIOMA / LANGUE), through the welcome, HELP, a refused sheet, orders written in
the seat's words, a reminder, the GM's pause, resume, extension and end, the reports, HISTORY,
and the static archive."""
from __future__ import annotations

import random
import re
from datetime import datetime, timedelta, timezone
from email.message import EmailMessage
from importlib import import_module
from pathlib import Path

import pytest
from sqlmodel import Session

from engine.registry import get_ruleset
from pbem.models import Game
from pbem_world import World, html_of, lines_over, order_mail, password_in, run_pass, text_of
from test_no_english import WORD, english_only

T0 = datetime(2026, 6, 1, 10, 0, tzinfo=timezone.utc)
SEATS = {"red": "ann@example.org", "blue": "bob@example.org"}
GM = "gm@example.org"
CHOOSE = {"fr": "LANGUE fr", "es": "IDIOMA es"}
# game -> (the game's language, blue's)
GAMES = {"valley": ("fr", "es"), "stoneage": ("es", "fr"), "dewan": ("fr", "es")}
# Names, not words, that the mails carry: the test's own addresses, the archive's file names.
NAMES = {"ann", "bob", "gm", "example", "org", "html", "index", "png", "svg"}


def leaks(text: str, lang: str, secrets: tuple[str, ...] = ()) -> list[str]:
    """Our English words in ``text`` that ``lang``'s translations never use (``secrets``, the
    generated passwords, are random words: left out)."""
    for secret in secrets:
        text = text.replace(secret, " ")
    text = re.sub(r"<style.*?</style>|<[^>]+>|\S+@\S+|\S+\.(?:html|png|svg)\b", " ", text, flags=re.S)
    return sorted({w for w in WORD.findall(text) if w.lower() in english_only(lang) and w.lower() not in NAMES})


def _read(msg: EmailMessage) -> str:
    return f"{msg['Subject']}\n{text_of(msg)}\n{html_of(msg)}"


def _state(world: World, game_id: str):  # type: ignore[no-untyped-def]
    with Session(world.engine()) as s:
        game = s.get(Game, game_id)
        return game.status, game.deadline, get_ruleset(game.ruleset).from_json(game.state_json)


def _orders(ruleset_name: str, state, seat: str, lang: str, rng: random.Random) -> str:  # type: ignore[no-untyped-def]
    localwords = import_module(f"engine.{ruleset_name}.localwords")
    lines = get_ruleset(ruleset_name).bot_orders(state, seat, rng).normal
    return "\n".join(localwords.localised(line, lang) for line in lines)


def _play(world: World, name: str) -> tuple[dict[str, str], tuple[str, ...]]:
    """A short game of ``name``: each address and the language it reads from then on, and the
    seats' passwords."""
    lang, other = GAMES[name]
    seats = [x for seat, a in SEATS.items() for x in ("--seat", f"{seat}:{a}")]
    world.pbem("game", "new", "g", "--ruleset", name, *seats,
               "--gm", GM, "--seed", "ne", "--deadline", "24h", "--option", f"lang={lang}")
    world.pbem("game", "start", "g", "--now", T0.isoformat())
    run_pass(world, T0)
    pw = {seat: password_in(world.outbox(a)) for seat, a in SEATS.items()}
    now, rng = T0 + timedelta(minutes=5), random.Random(1)
    world.post(order_mail(SEATS["blue"], f"SIGNON g blue {pw['blue']}\n{CHOOSE[other]}\nHELP"))
    run_pass(world, now)
    state = _state(world, "g")[2]
    seat = sorted(get_ruleset(name).awaiting(state))[0]         # a sheet with a line that cannot be read
    first, *rest = _orders(name, state, seat, lang, rng).splitlines()
    world.post(order_mail(SEATS[seat], f"SIGNON g {seat} {pw[seat]}\n{first.split()[0]} zzz 99\n" + "\n".join(rest)))
    run_pass(world, now)
    langs = {SEATS["red"]: lang, SEATS["blue"]: other, GM: lang}
    for step in range(3):
        status, deadline, state = _state(world, "g")
        awaiting = sorted(get_ruleset(name).awaiting(state))
        if step == 1:                                   # a reminder for the seats that owe orders
            now = deadline - timedelta(hours=5)
            run_pass(world, now)
        for seat in awaiting:
            body = _orders(name, state, seat, langs[SEATS[seat]], rng)
            world.post(order_mail(SEATS[seat], f"SIGNON g {seat} {pw[seat]}\n{body}"))
        now += timedelta(minutes=10)
        run_pass(world, now)
        if step == 0:
            for command in (("pause",), ("resume",), ("extend", "12h")):
                world.pbem("game", command[0], "g", *command[1:], "--now", now.isoformat())
                now += timedelta(minutes=1)
            run_pass(world, now)
        status, deadline, _ = _state(world, "g")
        now = max(now, deadline) + timedelta(minutes=1)
        run_pass(world, now)
    world.post(order_mail(SEATS["blue"], f"SIGNON g blue {pw['blue']}\nHISTORY 1"))
    run_pass(world, now + timedelta(minutes=1))
    world.pbem("game", "end", "g", "--now", (now + timedelta(minutes=2)).isoformat())
    run_pass(world, now + timedelta(minutes=3))
    return langs, tuple(pw.values())


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_mail_and_archive_page_of_a_game_reads_in_its_readers_language(tmp_path: Path, name: str) -> None:
    world = World(tmp_path)
    langs, secrets = _play(world, name)
    found = {}
    for address, lang in langs.items():
        mails = world.outbox(address)
        assert len(mails) >= (3 if address == GM else 8), (address, [m["Subject"] for m in mails])
        for i, msg in enumerate(mails):
            left = leaks(_read(msg), GAMES[name][0] if i == 0 else lang, secrets)     # the welcome: the game's
            if left:
                found[f"{address}: {msg['Subject']}"] = left
    world.pbem("archive", "build", "--out", str(tmp_path / "site"))
    pages = sorted((tmp_path / "site").rglob("*.html"))
    assert len(pages) >= 4, pages
    for page in pages:
        left = leaks(page.read_text(), GAMES[name][0])
        if left:
            found[str(page.relative_to(tmp_path))] = left
    assert not found, found
    assert lines_over(world.engine(), attachments_aside=True) == [], "every line of a mail's text within 72 columns"

