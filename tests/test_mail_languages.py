"""Replies from the mail clients of eighteen languages (tests/mail/languages/, see
its README): pbem reads exactly the lines the player wrote, never the old orders
its own quoted answer lists, and drops a robot's out-of-office reply but not a
person's mail that only asks not to be auto-answered.

The reader's test reads every mail, as sent and (where it has both) by its HTML
part alone, filled in for each game. The end-to-end test posts every mail to one
server per game and runs a pass: each answer must list exactly the player's
orders, and each automatic reply must be dropped unanswered."""
from __future__ import annotations

import email
import email.policy
import random
import re
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from sqlmodel import Session, select

from engine import get_ruleset
from mail_languages import (GAME_IDS, READER, Case, Lines, Seat, fill, foreign_endings, html_only,
                            language_cases, reader_seat, same, variants)
from pbem.gm import gmtools
from pbem.play import orderwords, steps
from pbem.config import load
from pbem.db import migrate
from pbem.play.games import GameSpec, create_game, start_game
from pbem.inbox.intake import message_key
from pbem.mail.reading import read_mail
from pbem.models import Game, InboundMail, OutboundMail, Sheet
from pbem.play.turns import resolve_turn
from pbem.inbox.protocol import read_request, sign_off
from pbem_world import World, run_pass

OWN = "pbem@example.org"
CASES = language_cases()
RULESETS = ("valley", "stoneage", "dewan")
LANGUAGES = {"en", "fr", "de", "es", "it", "pt", "nl", "da", "sv", "nb", "fi", "pl", "cs", "hu", "ru", "uk", "ja", "zh"}


def read(raw: bytes, ruleset: str) -> tuple[str, list[str], list[str]]:
    """(why the mail is dropped or '', the lines pbem takes, the lines it takes as the end of the orders)."""
    inc = read_mail(raw, OWN, 2_000_000, 50)
    if inc.loop or inc.no_reply or inc.problem:
        return inc.loop or inc.no_reply or inc.problem, [], []
    req = read_request(inc.lines, inc.subject, "", inc.part_starts)
    ending = sign_off(req.orders, get_ruleset(ruleset).order_words, orderwords.first_words(ruleset))
    ended = [req.orders.pop(number) for number in ending]
    taken = {req.signon_line: f"SIGNON {req.game} {req.seat} {req.password}"} if req.signon_line else {}
    taken.update({c.line: " ".join((c.word,) + c.args) for c in req.commands})
    taken.update(req.orders)
    return "", [same(taken[n]) for n in sorted(taken)], ended


def test_the_corpus_covers_every_language_client_and_format() -> None:
    assert {c.expected["language"] for c in CASES} >= LANGUAGES
    assert len({c.expected["client"].split(" (")[0] for c in CASES}) >= 15
    for lang in LANGUAGES:
        names = {c.name for c in CASES if c.expected["language"] == lang}
        assert {f"gmail_web_{lang}.eml", f"outlook_desktop_{lang}.eml", f"outlook_plain_{lang}.eml"} <= names
    read_cases = [c for c in CASES if not c.auto]
    assert len(read_cases) >= 140 and sum(c.expected["kind"] == "html" for c in read_cases) >= 20
    assert sum(c.expected["kind"] == "both" for c in read_cases) >= 40
    assert sum(c.expected["position"] == "bottom" for c in read_cases) >= 3
    assert len([c for c in CASES if c.auto]) >= 8
    assert all(1 <= c.expected["orders"] <= 4 and 2 <= c.expected["quoted"] <= 3 for c in read_cases)
    assert len({email.message_from_bytes(c.raw)["Message-ID"] for c in CASES}) == len(CASES)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_players_own_closing_lines_are_no_orders(ruleset: str) -> None:
    """A sign-off or a client's footer after the orders ends them in every game (so a mail
    that fails here fails for its quote, not for its greeting)."""
    words, also = get_ruleset(ruleset).order_words, orderwords.first_words(ruleset)
    for case in CASES:
        for line in case.expected["after"]:
            assert sign_off({1: READER[ruleset].orders[0], 2: line}, words, also) == [2], (case.name, line)


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("vid, case, as_html", [pytest.param(*v, id=v[0]) for v in variants(CASES)])
def test_a_reply_is_read_exactly_as_the_player_wrote_it(vid: str, case: Case, as_html: bool, ruleset: str) -> None:
    seat = reader_seat(ruleset)
    raw = fill(case.raw, seat.values())
    raw = html_only(raw) if as_html else raw
    dropped, taken, ended = read(raw, ruleset)
    if case.auto:
        assert dropped, f"an automatic reply was read as a person's mail: {taken}"
        return
    assert not dropped, f"a person's mail was dropped: {dropped}"
    assert taken == seat.written(case), "taken as orders"
    assert not set(taken) & set(seat.quoted(case)), "old orders of the quote were read"
    assert foreign_endings([same(x) for x in ended], case) == [], "not the player's, taken as the end of the orders"


# -- end to end: one server a game, every mail, one pass --------------------
T0 = datetime(2026, 5, 4, 8, 0, tzinfo=timezone.utc)
SEATS = {"valley": ("red", "blue", "green", "yellow", "white", "black"),
         "stoneage": ("red", "blue", "green", "yellow"), "dewan": ("red", "blue", "green", "yellow")}
STORED_END = re.compile(r"(sheet for (turn|step|round) \d+|pre-orders):$")
ENDED = re.compile(r'Lines? \d+(?:-\d+)? \((.*?)\) came after your last order')


@dataclass(repr=False)
class Posted:
    case: Case
    seat: Seat
    normal: list[str]           # the player's orders as the game stores them
    status: str = ""
    answer: str | None = None
    row_id: int = 0


def answer_orders(text: str) -> list[str] | None:
    """The orders an answer says were stored, or None when it stored none."""
    lines = text.splitlines()
    for start, line in enumerate(lines):
        if line.startswith(("Orders stored for", "Pre-orders stored for")):
            break
    else:
        return None
    heading = ""
    for end in range(start, len(lines)):
        heading += " " + lines[end].strip()
        if STORED_END.search(heading):
            break
    out = []
    for line in lines[end + 1:]:
        if not line.startswith("  "):
            break
        out.append(line.strip())
    return out


def answer_endings(text: str) -> list[str]:
    return [x for group in ENDED.findall(" ".join(text.split())) for x in re.findall(r'"([^"]*)"', group)]


class Table:
    """One server, one game of the ruleset, every mail of the corpus posted to it and one pass."""

    def __init__(self, root: Path, ruleset: str) -> None:
        self.ruleset, self.world = get_ruleset(ruleset), World(root)
        self.engine = self.world.engine()
        migrate(self.engine)
        gid = GAME_IDS[ruleset]
        with Session(self.engine) as s:
            create_game(s, GameSpec(id=gid, ruleset=ruleset, seats=[(x, f"{x}@example.org") for x in SEATS[ruleset]],
                                    seed="languages", deadline="48h", early="0m", gm_email="gm@example.org"), T0)
            self.passwords = start_game(s, load(self.world.config), s.get(Game, gid), T0)
            s.commit()
        now = T0
        if ruleset == "valley":         # the bots place the tribes: turn 1 takes moves
            now = self._bots_play_a_turn(gid, now)
        with Session(self.engine) as s:
            game = s.get(Game, gid)
            self.state = self.ruleset.from_json(game.state_json)
            step = steps.phrase(game)         # as players count it: Stone Age's plan mode in rounds
        awaited = self.ruleset.awaiting(self.state)
        # Where players act in turn, mail goes to the seats not awaited: their sheets are pre-orders.
        seats = [x for x in SEATS[ruleset] if ruleset != "dewan" or x not in awaited]
        self.seats = {x: Seat(gid, x, self.passwords[x], step, self._lines(ruleset, x)) for x in seats}
        self.posted: dict[str, Posted] = {}
        raws = {}
        for i, case in enumerate(CASES):
            seat = self.seats[seats[i % len(seats)]]
            raw = fill(case.raw, seat.values())
            normal = self.ruleset.parse_orders(self.state, seat.seat, "\n".join(seat.written(case)[1:])).normal
            self.posted[case.name] = Posted(case, seat, list(normal))
            raws[case.name] = raw
            self.world.post(raw)
        code, summary = run_pass(self.world, now + timedelta(hours=1))
        assert code == 0 and summary.fetched == len(CASES), summary.lines()
        with Session(self.engine) as s:
            for name, raw in raws.items():
                row = s.exec(select(InboundMail).where(InboundMail.message_key == message_key(raw))).one()
                out = s.exec(select(OutboundMail).where(OutboundMail.key == f"answer:{row.id}:from")).first()
                posted = self.posted[name]
                posted.status, posted.row_id = row.status, row.id
                if out is not None:
                    msg = email.message_from_bytes(out.raw, policy=email.policy.default)
                    posted.answer = msg.get_body(preferencelist=("plain",)).get_content().replace("\r\n", "\n")
            self.sheets = {x.seat: x.text for x in s.exec(select(Sheet).where(Sheet.game_id == gid))}

    def _bots_play_a_turn(self, gid: str, now: datetime) -> datetime:
        """The bots play the seats for one turn (a step only bots answer would run again and
        again in a pass, so the turn is resolved here, and the pass only sends its mail)."""
        now += timedelta(hours=49)
        with Session(self.engine) as s:
            cfg, game = load(self.world.config), s.get(Game, gid)
            for seat in SEATS["valley"]:
                gmtools.set_bot(s, cfg, game, seat, True, now)
            turn = game.turn_no
            resolve_turn(s, cfg, game, now)
            for seat in SEATS["valley"]:
                gmtools.set_bot(s, cfg, game, seat, False, now)
            s.commit()
            assert game.turn_no == turn + 1
        code, summary = run_pass(self.world, now)
        assert code == 0, summary.lines()
        return now

    def _lines(self, ruleset: str, seat: str) -> Lines:
        """Order lines the state accepts from the seat: any first 1-4 of ``orders`` make a clean sheet."""
        if ruleset != "valley":
            lines = READER[ruleset]
        else:
            bot = [x for k in range(4) for x in self.ruleset.bot_orders(self.state, seat, random.Random(k)).normal
                   if not x.startswith("PLACE")]
            unique = list(dict.fromkeys(bot))
            others = [x for x in dict.fromkeys(unique[4:] + ["STARVE FEMALES", "LOSSES FEMALES", "CONQUER BURN"])
                      if x not in unique[:4]]
            lines = Lines(tuple(unique[:4]), tuple(others[:3]))
        for n in range(1, 5):
            sheet = self.ruleset.parse_orders(self.state, seat, "\n".join(lines.orders[:n]))
            assert not sheet.problems and len(sheet.normal) == n, (seat, lines.orders[:n], sheet.problems)
        assert not set(lines.orders) & set(lines.quoted)
        return lines


@pytest.fixture(scope="module")
def tables(tmp_path_factory):  # type: ignore[no-untyped-def]
    built: dict[str, Table] = {}

    def table(ruleset: str) -> Table:
        if ruleset not in built:
            built[ruleset] = Table(tmp_path_factory.mktemp(ruleset), ruleset)
        return built[ruleset]
    return table


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("name", [c.name for c in CASES])
def test_a_reply_is_stored_exactly_in_a_pass(tables, ruleset: str, name: str) -> None:  # type: ignore[no-untyped-def]
    posted = tables(ruleset).posted[name]
    if posted.case.auto:
        assert (posted.status, posted.answer) == ("loop", None), f"an automatic reply was answered:\n{posted.answer}"
        return
    assert posted.status == "handled" and posted.answer is not None, f"a person's mail was {posted.status}, unanswered"
    stored, wanted, answer = answer_orders(posted.answer), posted.normal, posted.answer
    assert stored == wanted, f"stored {stored}, not the player's orders; the answer:\n{answer}"
    assert not set(stored) & set(posted.seat.quoted(posted.case)), "old orders of the quote were stored"
    assert foreign_endings(answer_endings(answer), posted.case) == [], answer


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_sheet_that_stands_is_the_last_mail_of_each_seat(tables, ruleset: str) -> None:  # type: ignore[no-untyped-def]
    table = tables(ruleset)
    last: dict[str, Posted] = {}
    for posted in sorted(table.posted.values(), key=lambda p: p.row_id):
        if not posted.case.auto:
            last[posted.seat.seat] = posted
    assert {seat: table.sheets.get(seat) for seat in last} == {seat: "\n".join(p.normal) for seat, p in last.items()}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_x_auto_response_suppress_alone_is_a_persons_mail_and_auto_submitted_a_robots(tables, ruleset: str) -> None:  # type: ignore[no-untyped-def]
    posted = tables(ruleset).posted
    person = posted["outlook_desktop_en_suppress.eml"]
    assert person.status == "handled" and answer_orders(person.answer or "") == person.normal
    for robot in ("exchange_ooo_en.eml", "gmail_vacation_de.eml", "ooo_fr.eml"):
        assert (posted[robot].status, posted[robot].answer) == ("loop", None), robot
