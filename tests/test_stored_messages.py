"""Stored messages have one explicit format with a version (engine.messages' table): every kind
is read back (pbem.reports.render.spoken) as its English ``str()`` and in French; the forms
stored before version 1 are rewritten by the migration 0017, on SQLite and PostgreSQL, and the
reader refuses them, as it refuses a kind or a version it does not know, with words not a
KeyError."""
from __future__ import annotations

import importlib
import json
import random
from datetime import datetime, timezone
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command

from engine import SeededDice, get_ruleset
from engine.contract import Event
from engine.messages import VERSION, Join, Msg, Notation, OrderLine, Plural, Word, stored
from engine.valley.heuristic import heuristic_orders
from pbem import i18n
from pbem.clock import When
from pbem.db import _alembic, migrate, open_engine
from pbem.errors import StoredMessageError
from pbem.reports.render import READERS, event_text, spoken

MIGRATION = importlib.import_module("pbem.migrations.versions.0017_stored_messages_v1")
AT = datetime(2026, 12, 3, 18, 0, tzinfo=timezone.utc)
WHEN = "2026-12-03 18:00:00"         # AT as a database column takes it
BEARS = Plural("{count} {species} moves {path}", "{count} {species} moves {path}", 2,
               count=2, species=Word("bear", "bears", 2), path="B6-C7")

# (message, its kind, the form stored before version 1, its French)
SAMPLES: list[tuple[Any, str, Any, str]] = [
    (Msg("SW"), "text", {"id": "SW"}, "SO"),
    (Msg("{player} moves {tokens} {path}", player="red", tokens="1W", path="F6-E6"), "text",
     {"id": "{player} moves {tokens} {path}", "values": {"player": "red", "tokens": "1W", "path": "F6-E6"}},
     "red déplace 1W F6-E6"),
    (BEARS, "plural",
     {"id": "{count} {species} moves {path}", "plural": "{count} {species} moves {path}", "n": 2,
      "values": {"count": 2, "species": {"id": "bear", "plural": "bears", "n": 2, "word": True}, "path": "B6-C7"}},
     "2 ours se déplacent B6-C7"),
    (Word("bear", "bears", 2), "word", {"id": "bear", "plural": "bears", "n": 2, "word": True}, "ours"),
    (Join(Msg(" and "), ["red", "blue"]), "join", {"join": {"id": " and "}, "items": ["red", "blue"]},
     "red et blue"),
    (Plural("{winners} wins: {reason}", "{winners} win: {reason}", 2,
            winners=Join(Msg(" and "), ["red", "blue"]), reason=Msg("SW")), "plural",
     {"id": "{winners} wins: {reason}", "plural": "{winners} win: {reason}", "n": 2,
      "values": {"winners": {"join": {"id": " and "}, "items": ["red", "blue"]}, "reason": {"id": "SW"}}},
     "red et blue gagnent\u00a0: SO"),
    (Notation("dewan", "W/berry"), "notation", {"notation": "dewan", "text": "W/berry"}, "R/baie"),
    (OrderLine("valley", "MOVE 2W C4-D4"), "order", {"order": "valley", "text": "MOVE 2W C4-D4"},
     "DÉPLACER 2G C4-D4"),
    (When(AT), "when", {"when": "2026-12-03T18:00:00+00:00"}, "jeudi 3 décembre 2026, 18:00 UTC"),
    (Msg("deadline {deadline}", deadline=When(AT)), "text",
     {"id": "deadline {deadline}", "values": {"deadline": {"when": "2026-12-03T18:00:00+00:00"}}},
     "échéance jeudi 3 décembre 2026, 18:00 UTC"),
    (Msg("resumed the game; the deadline is now {deadline}", deadline=When(None)), "text",
     {"id": "resumed the game; the deadline is now {deadline}", "values": {"deadline": {"when": None}}},
     "a repris la partie\u00a0; l'échéance est maintenant pas d'échéance"),
]
NAMES = [f"{kind}-{n}" for n, (_m, kind, _l, _f) in enumerate(SAMPLES)]


@pytest.mark.parametrize(("message", "kind", "legacy", "french"), SAMPLES, ids=NAMES)
def test_every_kind_round_trips_in_english_and_french(message: Any, kind: str, legacy: Any, french: str) -> None:
    v1 = json.loads(json.dumps(stored(message)))      # as the database gives it back
    assert (v1["kind"], v1["v"]) == (kind, VERSION)
    with i18n.speaking("en"):
        assert spoken(v1) == spoken(message) == str(message)
    with i18n.speaking("fr"):
        assert spoken(v1) == spoken(message) == french


def test_the_format_covers_every_kind() -> None:
    assert {kind for _m, kind, _l, _f in SAMPLES} == {"text", "plural", "word", "join", "notation", "order",
                                                       "when"}
    assert set(READERS) == {"text", "plural", "word", "join", "notation", "order", "when"}


@pytest.mark.parametrize(("message", "kind", "legacy", "french"), SAMPLES, ids=NAMES)
def test_a_legacy_stored_message_becomes_version_1(message: Any, kind: str, legacy: Any, french: str) -> None:
    v1 = stored(message)
    assert MIGRATION.to_v1(legacy) == v1
    assert MIGRATION.to_v1(v1) == v1                   # the migration may run over its own work
    assert MIGRATION.to_legacy(v1) == legacy           # the downgrade writes what was stored before
    assert json.dumps(MIGRATION.to_legacy(v1)) == json.dumps(legacy)      # key for key, in order


def test_values_that_are_no_message_are_left_as_they_are() -> None:
    for value in (3, "red", None, [1, 2], {"something": "else"}):
        assert MIGRATION.to_v1(value) == value and MIGRATION.to_legacy(value) == value


@pytest.mark.parametrize(("message", "why"), [
    ({"kind": "poem", "v": VERSION, "id": "x"}, "unknown kind 'poem'"),
    ({"kind": "text", "v": 2, "id": "x"}, "version 2"),
    ({"kind": "text", "id": "x"}, "version None"),
    ({"id": "SW"}, "no kind"),                                               # stored before version 1
    ({"join": {"id": " and "}, "items": ["red"]}, "no kind"),
    ({"kind": "text", "v": VERSION, "id": "{x}", "values": {"x": {"id": "SW"}}}, "no kind"),   # a value
])
def test_the_reader_refuses_what_it_does_not_know_in_words(message: dict[str, Any], why: str) -> None:
    with pytest.raises(StoredMessageError, match=why) as raised:
        spoken(message)
    assert isinstance(raised.value, ValueError) and not isinstance(raised.value, KeyError)


# -- the migration, on a real database ----------------------------------------------------------

def _turn() -> list[Event]:
    """A real Valley turn's events: messages of many kinds, species words among them."""
    ruleset = get_ruleset("valley")
    st = ruleset.new_game(["red", "blue", "green"], {}, 4)
    rng = random.Random(4)
    return list(ruleset.resolve(st, {p: heuristic_orders(st, p, rng) for p in st.players}, SeededDice("4:0")).events)


def _legacy_events(events: list[Event]) -> list[dict[str, Any]]:
    out = [dict(e.to_dict(), message=MIGRATION.to_legacy(stored(e.message))) for e in events]
    out += [dict(Event("tribes", message=m).to_dict(), message=legacy) for m, _k, legacy, _f in SAMPLES]
    return out + [{"phase": "tribes", "text": "red moves 2W C4-D4", "to": None}]    # an older event: no message


def _fill(url: str, events_json: str) -> None:
    """A database at 0016 holding a turn's log and GM log lines in the forms stored before version 1
    (plain SQL, the columns of 0016: the models may grow columns later revisions add)."""
    engine = open_engine(url)
    with engine.begin() as conn:
        command.upgrade(_alembic(engine, conn), "0016")
    lines = [("error", "plain English", "")] + [("extend", str(m), json.dumps(legacy, sort_keys=True))
                                                for m, _k, legacy, _f in SAMPLES]
    with engine.begin() as conn:
        conn.execute(sa.text(
            "INSERT INTO game (id, ruleset, options_json, seed, state_json, turn_no, status, period_minutes, "
            "grace_minutes, early_minutes, missed, reminders, gm_email, gm_password_hash, created_at) VALUES "
            "('g', 'valley', '{}', '4', '{}', 1, 'active', 60, 0, 30, 'hold', '', '', '', :at)"), {"at": WHEN})
        conn.execute(sa.text(
            "INSERT INTO turnrecord (game_id, turn_no, state_json, events_json, sheets_json, dice_seed, "
            "resolved_at) VALUES ('g', 0, '{}', :events, '{}', '4:0', :at)"), {"events": events_json, "at": WHEN})
        for action, detail, said in lines:
            conn.execute(sa.text("INSERT INTO gmlog (game_id, at, action, detail, said) VALUES "
                                 "('g', :at, :action, :detail, :said)"),
                         {"at": WHEN, "action": action, "detail": detail, "said": said})
    engine.dispose()


def _read(url: str) -> tuple[str, list[str]]:
    """The turn's log and the GM log lines' messages, as stored."""
    engine = open_engine(url)
    with engine.connect() as conn:
        events_json = conn.execute(sa.text("SELECT events_json FROM turnrecord")).scalar_one()
        said = list(conn.execute(sa.text("SELECT said FROM gmlog ORDER BY id")).scalars())
    engine.dispose()
    return events_json, said


def test_the_migration_rewrites_every_stored_message(tmp_path, database) -> None:
    url = database if not database.startswith("sqlite:///") else f"sqlite:///{tmp_path / 'pbem.sqlite'}"
    events = _turn()
    legacy_json = json.dumps(_legacy_events(events))
    _fill(url, legacy_json)
    engine = open_engine(url)
    migrate(engine)
    engine.dispose()
    events_json, lines = _read(url)
    read = json.loads(events_json)
    expected = [e.to_dict() for e in events] + [dict(Event("tribes", message=m).to_dict()) for m, *_ in SAMPLES]
    assert read[:-1] == expected and read[-1] == {"phase": "tribes", "text": "red moves 2W C4-D4", "to": None}
    with i18n.speaking("fr"):
        assert [event_text(e) for e in read[len(events):-1]] == [f for _m, _k, _l, f in SAMPLES]
        assert [event_text(e) for e in read[:len(events)]] == [spoken(e.message) for e in events]
    assert lines == [""] + [json.dumps(stored(m), sort_keys=True) for m, *_ in SAMPLES]
    with i18n.speaking("fr"):
        assert [spoken(json.loads(said)) for said in lines[1:]] == [f for _m, _k, _l, f in SAMPLES]
    engine = open_engine(url)
    with engine.begin() as conn:                       # and back: the older pbem reads what it wrote
        command.downgrade(_alembic(engine, conn), "0016")
    engine.dispose()
    events_json, lines = _read(url)
    assert events_json == legacy_json
    assert [json.loads(said) if said else "" for said in lines] == [""] + [legacy for _m, _k, legacy, _f in SAMPLES]
