"""Creating and starting games, and mailing reports."""
from __future__ import annotations

import json
import re
import secrets
import tomllib
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from sqlalchemy import bindparam
from sqlmodel import Session, select

from engine import get_ruleset
from engine.contract import BaseView, Ruleset
from engine.messages import Msg
from pbem import i18n
from pbem.inbox import passwords
from pbem.play import steps
from pbem.clock import When, parse_duration, show
from pbem.config import Config
from pbem.play.gamewords import title_of
from pbem.i18n import LANGUAGES, _, language_problem
from pbem.mail.compose import compose, game_lists, message_id_of, thread_root
from pbem.mail.headers import valid_address
from pbem.models import Game, GameStatus, GmLog, Seat, utcnow
from pbem.outbox import queue
from pbem.presenters import DEFAULT, get_presenter
from pbem.reports import png
from pbem.reports.png import MapImage
from pbem.reports.render import fit, render, spoken
from pbem.errors import GameError

GAME_ID = re.compile(r"^[a-z0-9][a-z0-9_.-]{0,39}$")
RESERVED_SEATS = ("gm",)      # the GM signs on as gm: no seat may have that name


def seat_problem(ruleset: Any, name: str) -> str:
    """Why ``name`` cannot name a seat, or ''."""
    if name.lower() in RESERVED_SEATS:
        return _("the seat name {name} is kept for the GM").format(name=name)
    problem = ruleset.seat_name_problem(name)
    return spoken(problem) if problem else ""


def address_problem(text: str) -> str:
    """Why ``text`` is not one mail address pbem can mail, naming it; '' when it is.

    The syntax is read by the standard library's RFC 5322 parser
    (email.headerregistry.Address(addr_spec=...)), which says what is wrong
    instead of only "no"; on top of it the address must be one the outbox
    sends to (pbem.mail.headers.valid_address: plain ASCII local@domain, a
    dotted domain or localhost), or the seat would silently get no mail."""
    from email.errors import HeaderParseError, MessageDefect
    from email.headerregistry import Address
    from email.utils import parseaddr
    shown = repr(text[:80]) if text else _("an empty address")
    if not text or not text.strip():
        return _("no mail address given")
    if text != text.strip():
        return _("{shown} has spaces around it; write the address alone").format(shown=shown)
    named = parseaddr(text)[1]
    if "<" in text and named and named != text:
        return _("{shown} is a name and an address; write the address alone, like {address}").format(
            shown=shown, address=named[:80])
    if "@" not in text:
        return _("{shown} is not a mail address: it has no @domain, like ann@example.org").format(shown=shown)
    if any(c in text for c in " ,;\t"):
        return _("{shown} is not one mail address: write one address, without spaces, commas or semicolons").format(
            shown=shown)
    if not text.isascii():
        return _("{shown} has letters outside ASCII, which not every mail server takes; use another address").format(
            shown=shown)
    try:
        parsed = Address(addr_spec=text)
    except (ValueError, IndexError, HeaderParseError, MessageDefect) as why:
        reason = str(why).rstrip(")").strip()
        if not reason or i18n.current() != i18n.DEFAULT:     # the parser says why in English only
            return _("{shown} is not a mail address").format(shown=shown)
        return f"{shown} is not a mail address ({reason[:120]})"
    if not parsed.username or not parsed.domain or parsed.addr_spec.lower() != text.lower():
        return _("{shown} is not a plain mail address like ann@example.org").format(shown=shown)
    if not valid_address(text):
        return _("{shown} is not an address pbem can mail: write a plain local@domain, the domain with a dot "
                 "(like example.org), no quotes or brackets").format(shown=shown)
    return ""


@dataclass
class GameSpec:
    id: str
    ruleset: str = DEFAULT
    seats: list[tuple[str, str]] = field(default_factory=list)   # (seat, email)
    options: dict[str, Any] = field(default_factory=dict)
    deadline: str = "72h"
    grace: str = "0m"
    early: str = "30m"
    missed: str = "hold"
    reminders: list[int] = field(default_factory=lambda: [24, 6])
    move_deadline: str = "24h"    # time for each move where players act in turn
    move_reminders: list[int] = field(default_factory=lambda: [6, 1])
    seed: str = ""
    gm_email: str = ""
    press: str = "private"        # none | public | private
    press_anon: bool = True
    open_seats: int = 0           # a game that players JOIN by mail: how many seats
    allow_shared_address: bool = False   # may two seats have one address (one player, two seats)
    start_at: datetime | None = None   # an open game starts itself then
    lang: str = "en"              # the game's language (pbem.i18n.LANGUAGES); --option lang=fr sets it too


def spec_from_file(path: str | Path) -> GameSpec:
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as why:
        raise GameError(f"cannot read game file {path}: {why}") from None
    known = {"id", "ruleset", "seats", "options", "deadline", "grace", "early", "missed",
             "reminders", "seed", "gm_email", "press", "press_anon", "move_deadline", "move_reminders",
             "allow_shared_address", "lang"}
    for key in data:
        if key not in known:
            raise GameError(f"{path}: unknown key {key!r}; known: {', '.join(sorted(known))}")
    seats = []
    for entry in data.get("seats", []):
        if not isinstance(entry, dict) or set(entry) - {"name", "email", "player"} or \
                "name" not in entry or "email" not in entry:
            raise GameError(f"{path}: each seat is {{ name = \"red\", email = \"ann@example.org\" }}")
        seats.append((str(entry["name"]), str(entry["email"])))
    shared = data.get("allow_shared_address", False)
    if not isinstance(shared, bool):
        raise GameError(f"{path}: allow_shared_address is true or false")
    return GameSpec(id=data.get("id", ""), ruleset=data.get("ruleset", DEFAULT), seats=seats,
                    options={k: str(v).lower() if isinstance(v, bool) else str(v)
                             for k, v in data.get("options", {}).items()},
                    deadline=str(data.get("deadline", "72h")), grace=str(data.get("grace", "0m")),
                    early=str(data.get("early", "30m")), missed=str(data.get("missed", "hold")),
                    reminders=_hours(path, data, "reminders", [24, 6]),
                    move_deadline=str(data.get("move_deadline", "24h")),
                    move_reminders=_hours(path, data, "move_reminders", [6, 1]),
                    seed=str(data.get("seed", "")), gm_email=str(data.get("gm_email", "")),
                    press=str(data.get("press", "private")), press_anon=bool(data.get("press_anon", True)),
                    allow_shared_address=shared, lang=str(data.get("lang", "en")))


def _hours(path: str | Path, data: dict[str, Any], key: str, default: list[int]) -> list[int]:
    """A game file's list of reminder hours, checked: whole hours, at most 8."""
    value = data.get(key, default)
    if not (isinstance(value, list) and len(value) <= 8
            and all(isinstance(h, int) and not isinstance(h, bool) and 0 < h < 10000 for h in value)):
        raise GameError(f"{path}: {key} is a list of up to 8 whole hours before the deadline, like {default}")
    return value


def create_game(s: Session, spec: GameSpec, now: datetime | None = None) -> tuple[Game, str]:
    """A new game waiting for 'game start'; returns it and the GM password."""
    _ruleset, seed, (period, grace, early, move), options, state_json = _prepared(spec)
    lang, _rest = game_language(spec)
    if s.get(Game, spec.id) is not None:
        raise GameError(f"there is already a game {spec.id}")
    gm_password = passwords.generate()
    game = Game(id=spec.id, ruleset=spec.ruleset, options_json=json.dumps(options, sort_keys=True),
                seed=seed, state_json=state_json, initial_state_json=state_json, turn_no=0,
                open_seats=spec.open_seats, start_at=spec.start_at, status=GameStatus.NEW,
                period_minutes=period, grace_minutes=grace, early_minutes=early, move_minutes=move,
                missed=spec.missed, reminders=",".join(str(h) for h in spec.reminders),
                move_reminders=",".join(str(h) for h in spec.move_reminders),
                gm_email=spec.gm_email, gm_password_hash=passwords.hash_password(gm_password),
                press=spec.press, press_anon=spec.press_anon, lang=lang)
    s.add(game)
    for seat, email in spec.seats:
        s.add(Seat(game_id=game.id, name=seat, email=email, password_hash=""))
    s.add(GmLog.of(game.id, "create", Msg("{n} seats", n=len(spec.seats)), now or utcnow()))
    return game, gm_password


def check_spec(spec: GameSpec) -> None:
    """GameError when ``spec`` cannot make a game, before any database is opened."""
    _prepared(spec)


def _prepared(spec: GameSpec) -> tuple[Any, str, tuple[int, int, int, int], dict[str, Any], str]:
    """The spec checked: its ruleset, seed, minutes (turn, grace, early, move),
    options and first state (none for an open game); GameError otherwise."""
    if not GAME_ID.match(spec.id or ""):
        raise GameError("a game id is up to 40 lower-case letters, digits, '.', '-' or '_'")
    ruleset = _checked_spec(spec)
    seed = spec.seed or secrets.token_hex(8)
    _lang, given = game_language(spec)
    try:
        minutes = tuple(_minutes(x) for x in (spec.deadline, spec.grace, spec.early, spec.move_deadline))
        options = ruleset.check_options(given)
        state_json = "" if spec.open_seats else ruleset.to_json(
            ruleset.new_game([seat for seat, _ in spec.seats], given, seed))
    except ValueError as why:
        raise GameError(str(why)) from None
    if minutes[0] < 1 or minutes[3] < 1:
        raise GameError("a deadline is at least a minute (like 72h for a turn, 24h for a move)")
    return ruleset, seed, minutes, options, state_json  # type: ignore[return-value]


def game_language(spec: GameSpec) -> tuple[str, dict[str, Any]]:
    """The game's language (``--option lang=fr`` or the game file's ``lang``)
    and the options left for the ruleset; GameError for a language pbem lacks."""
    options = dict(spec.options)
    lang = str(options.pop("lang", spec.lang)).lower()
    problem = language_problem(lang)
    if problem:
        raise GameError(f"lang: {problem}")
    return lang, options


LONGEST = 365 * 24 * 60     # minutes: no deadline, grace or delay is longer than a year


def _minutes(text: str) -> int:
    """A duration the GM wrote, in whole minutes; ValueError if it is none or over a year."""
    try:
        minutes = int(parse_duration(text).total_seconds() // 60)
    except OverflowError:
        minutes = LONGEST + 1
    if minutes > LONGEST:
        raise ValueError(f"{text!r} is longer than a year (365d); write a shorter time")
    return minutes


def _checked_spec(spec: GameSpec) -> Any:
    """The spec's ruleset, once its seats, addresses and choices are checked; GameError otherwise."""
    try:
        ruleset = get_ruleset(spec.ruleset)
    except ValueError as why:
        raise GameError(str(why)) from None
    for seat, email in spec.seats:
        if seat_problem(ruleset, seat):
            raise GameError(seat_problem(ruleset, seat))
        if address_problem(email):
            raise GameError(f"seat {seat}: {address_problem(email)}")
    if spec.gm_email and address_problem(spec.gm_email):
        raise GameError(f"the GM's address (--gm): {address_problem(spec.gm_email)}")
    _check_shared(spec)
    problem = option_problem(ruleset, game_language(spec)[1])
    if problem:
        raise GameError(problem)
    if spec.missed not in ("hold", "bot"):
        raise GameError("missed turns are handled by 'hold' (default orders) or 'bot'")
    if spec.press not in ("none", "public", "private"):
        raise GameError("press is none, public or private")
    if spec.open_seats and spec.seats:
        raise GameError("a game is either open to JOIN (--open N) or has its seats named, not both")
    if spec.open_seats and not ruleset.min_players <= spec.open_seats <= ruleset.max_players:
        raise GameError(f"{ruleset.title} is for {ruleset.min_players} to {ruleset.max_players} players")
    return ruleset


def _check_shared(spec: GameSpec) -> None:
    """Two seats with one address need the GM to say so (--allow-shared-address)."""
    held: dict[str, str] = {}
    for seat, email in spec.seats:
        other = held.setdefault(email.lower(), seat)
        if other != seat and not spec.allow_shared_address:
            raise GameError(f"seats {other} and {seat} both have the address {email}; give each seat its "
                            "own address, or add --allow-shared-address (allow_shared_address = true "
                            "in a game file) if one player really plays both")


def option_text(option: Any) -> str:
    """One ruleset option as the GM writes it: ``name=a|b|c`` (``yes|no``, or
    the kind of value) and its default."""
    if option.choices:
        values = "|".join(str(c) for c in option.choices)
    elif isinstance(option.default, bool):
        values = "yes|no"
    elif isinstance(option.default, int):
        values = "<whole number>"
    else:
        values = "<text>"
    default = ("yes" if option.default else "no") if isinstance(option.default, bool) else option.default
    return f"{option.name}={values} (default {default})"


def option_problem(ruleset: Any, given: dict[str, Any]) -> str:
    """Why the options given (``--option`` or a game file's [options]) do not
    fit the ruleset, naming the valid ones; '' when they do."""
    known = {o.name: o for o in ruleset.options}
    for key, value in given.items():
        if key not in known:
            listed = ", ".join([option_text(o) for o in known.values()] +
                               [f"lang={'|'.join(LANGUAGES)} (default en)"])
            return f"{ruleset.title} has no option {key!r}; its options are {listed}"
        try:
            ruleset.check_options({key: value})
        except ValueError as why:
            return f"{why}; write {option_text(known[key])}"
    return ""


_SEATS = select(Seat).where(Seat.game_id == bindparam("game")).order_by(Seat.id)     # built once (seating._SENT)


def seats_of(s: Session, game_id: str) -> list[Seat]:
    return list(s.exec(_SEATS, params={"game": game_id}))


def report_mail(cfg: Config, game: Game, seat: Seat | None, state: Any, events: Any,
                when: datetime, preface: str = "", missed: dict[str, int] | None = None,
                maps: tuple[list[str], str] | None = None, to: str | None = None,
                your_move: str = "", image: MapImage | None = None,
                apart: dict[bytes, bytes] | None = None) -> tuple[str, bytes]:
    """One seat's report mail (``seat`` None: the GM's, or an observer's at
    ``to``). ``your_move``: the question the seat must answer now, where
    players act in turn; it heads the mail and names it "your move". The map
    goes as a PNG too (``image``: drawn once for the step; else drawn here).
    ``apart``: the map's bodies left out of the mail, for pbem.outbox.queue to store once."""
    with speaking_to(game, seat):
        return _report_mail(cfg, game, seat, state, events, when, preface, missed, maps, to, your_move, image,
                            apart)


def speaking_to(game: Game, seat: Seat | None):  # type: ignore[no-untyped-def]
    """Write what is made inside in the language of ``seat`` (None: the GM or an observer: the game's)."""
    return i18n.speaking(i18n.reader_language(game.lang, seat.lang if seat else ""),
                         seat.timezone if seat else "")


def _report_mail(cfg: Config, game: Game, seat: Seat | None, state: Any, events: Any, when: datetime,
                 preface: str, missed: dict[str, int] | None, maps: tuple[list[str], str] | None,
                 to: str | None, your_move: str, image: MapImage | None,
                 apart: dict[bytes, bytes] | None) -> tuple[str, bytes]:
    ruleset = get_ruleset(game.ruleset)
    view = ruleset.view(state, seat.name if seat else None)
    asked = _your_move(game, ruleset, state, view, your_move) if your_move else None
    if asked:
        preface = asked[1] + (f"\n\n{preface}" if preface else "")
    subject, text, html = get_presenter(game.ruleset).report(
        game=game.id, turn_no=game.turn_no, seat=seat.name if seat else None, view=view, events=events,
        deadline=show(game.deadline), address=cfg.server.address, missed=missed or {}, maps=maps,
        preface=fit(preface))       # the question and the welcome fit 72 columns like the report under them
    if asked:
        subject = asked[0]
    observer = to is not None and seat is None
    to = to or (seat.email if seat else game.gm_email)
    html, images, files = png.in_mail(html, image)
    raw = compose(sender=cfg.server.address, sender_name=cfg.server.name, to=to, subject=subject,
                  text=text, html=html, when=when,
                  in_reply_to=seat.thread_id if seat else thread_root(game.id, to, cfg.server.address),
                  lists=game_lists(game.id, cfg.server.address, seat.name if seat else "", observer),
                  images=images, files=files, apart=apart)
    return to, raw


def _your_move(game: Game, ruleset: Ruleset, state: Any, view: BaseView, prompt: str) -> tuple[str, str]:
    """The subject of a "your move" mail and the lines that head it: the question, in the
    reader's words where the view carries it as a message, and the deadline."""
    if view.get("prompt_message"):
        prompt = spoken(view["prompt_message"])
    if steps.by_round(game):              # the game's own count: "round 9, your move"
        subject = _("[{game}] round {round}, your move").format(game=game.id, round=ruleset.round_of(state))
        asked = _("{game}, {prompt}.").format(game=game.id, prompt=prompt)   # it names its round
    else:
        subject = _("[{game}] your move, step {step}").format(game=game.id, step=game.turn_no)
        asked = _("Your move in {game}, step {step}: {prompt}.").format(game=game.id, step=game.turn_no,
                                                                       prompt=prompt)
    return subject, asked + "\n" + _("Move deadline: {deadline}.").format(deadline=show(game.deadline))


def start_game(s: Session, cfg: Config, game: Game, now: datetime) -> dict[str, str]:
    """Deal the game: passwords to every seat, the first report, the deadline."""
    from pbem.gm.gmstate import refuse_unless
    refuse_unless(game, "START")
    seats = seats_of(s, game.id)
    ruleset = get_ruleset(game.ruleset)
    if not ruleset.min_players <= len(seats) <= ruleset.max_players:
        raise GameError(_("{title} needs {least} to {most} seats").format(
            title=title_of(ruleset), least=ruleset.min_players, most=ruleset.max_players))
    if not game.state_json:       # an open game: its seats are the players who joined
        try:
            state = ruleset.new_game([x.name for x in seats], json.loads(game.options_json), game.seed)
        except ValueError as why:
            raise GameError(str(why)) from None
        game.state_json = game.initial_state_json = ruleset.to_json(state)
    game.status = GameStatus.ACTIVE
    state = ruleset.from_json(game.state_json)
    steps.begin(game, ruleset, state, now)
    issued = {}
    for seat in seats:
        password = passwords.generate()
        issued[seat.name] = password
        seat.password_hash = passwords.hash_password(password)
        s.add(seat)
        with speaking_to(game, seat):
            preface = render("mail/welcome.txt", game=game.id, seat=seat.name, password=password,
                             address=cfg.server.address, title=title_of(ruleset))
        to, raw = report_mail(cfg, game, seat, state, [], now, preface)
        seat.thread_id = message_id_of(raw)     # every later mail to the seat threads under this one
        queue(s, key=f"welcome:{game.id}:{seat.name}", kind="report", to=to, raw=raw, game_id=game.id,
              seat=seat.name)
    s.add(game)
    s.add(GmLog.of(game.id, "start", Msg("deadline {deadline}", deadline=When(game.deadline)), now))
    return issued
