"""Stored messages in one explicit format, version 1 (engine.messages' table): every message
kept by an event of a turn's log (turnrecord.events_json, its "message") and by a GM log
line (gmlog.said) is rewritten from the form its keys told apart to {"kind": ..., "v": 1, ...}

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-03
"""
import json
from typing import Any, Callable

from alembic import op
import sqlalchemy as sa

revision = '0017'
down_revision = '0016'
branch_labels = None
depends_on = None

BATCH = 500     # rows read at a time


def to_v1(value: Any) -> Any:
    """A value of a stored message in version 1: a message stored before (no "kind"; told apart by
    its keys, as the reader did then) rewritten with its values; one in version 1 already, any
    other value, and a dict that is no message of either form (the reader says so) as they are."""
    if not isinstance(value, dict) or "kind" in value:
        return value
    if "when" in value:                 # pbem.clock.When
        return {"kind": "when", "v": 1, "at": value["when"]}
    for kind in ("notation", "order"):  # engine.messages.Notation, OrderLine
        if kind in value and "text" in value:
            return {"kind": kind, "v": 1, "game": value[kind], "text": value["text"]}
    if "join" in value and "items" in value:
        return {"kind": "join", "v": 1, "sep": to_v1(value["join"]), "items": [to_v1(x) for x in value["items"]]}
    if "id" not in value:
        return value
    kind = "text" if "plural" not in value else "word" if value.get("word") else "plural"
    out = {"kind": kind, "v": 1, "id": value["id"]}
    if kind != "text":
        out.update(plural=value["plural"], n=value["n"])
    if value.get("values"):
        out["values"] = {k: to_v1(v) for k, v in value["values"].items()}
    return out


def to_legacy(value: Any) -> Any:
    """The inverse of :func:`to_v1`, for the downgrade: a version 1 message in the form stored before."""
    if not isinstance(value, dict) or value.get("v") != 1:
        return value
    kind = value.get("kind")
    if kind == "when":
        return {"when": value["at"]}
    if kind in ("notation", "order"):
        return {kind: value["game"], "text": value["text"]}
    if kind == "join":
        return {"join": to_legacy(value["sep"]), "items": [to_legacy(x) for x in value["items"]]}
    if kind not in ("text", "plural", "word"):
        return value
    out = {"id": value["id"]}
    if kind != "text":
        out.update(plural=value["plural"], n=value["n"])
    if value.get("values"):
        out["values"] = {k: to_legacy(v) for k, v in value["values"].items()}
    if kind == "word":
        out["word"] = True
    return out


def _events(convert: Callable[[Any], Any]) -> Callable[[str], str]:
    """A turn's log (JSON) with each event's message converted (pbem.play.turns wrote it unsorted)."""
    def change(text: str) -> str:
        events = json.loads(text)
        said = [e for e in events if isinstance(e, dict) and e.get("message") is not None]
        if not said:
            return text         # older logs have no messages: left byte for byte
        for e in said:
            e["message"] = convert(e["message"])
        return json.dumps(events)
    return change


def _said(convert: Callable[[Any], Any]) -> Callable[[str], str]:
    """A GM log line's message (JSON), converted (pbem.models.GmLog.of wrote it with sorted keys)."""
    return lambda text: json.dumps(convert(json.loads(text)), sort_keys=True)


def _rewrite(table: str, column: str, change: Callable[[str], str]) -> None:
    """Every non-empty ``column`` of ``table`` changed, a batch of rows at a time (plain SQL)."""
    bind, last = op.get_bind(), None
    while True:
        after = "" if last is None else "AND id > :last "
        rows = bind.execute(sa.text(f"SELECT id, {column} FROM {table} WHERE {column} <> '' {after}"
                                    f"ORDER BY id LIMIT {BATCH}"), {} if last is None else {"last": last}).fetchall()
        for row_id, text in rows:
            new = change(text)
            if new != text:
                bind.execute(sa.text(f"UPDATE {table} SET {column} = :text WHERE id = :id"),
                             {"text": new, "id": row_id})
        if len(rows) < BATCH:
            return
        last = rows[-1][0]


def upgrade() -> None:
    _rewrite('turnrecord', 'events_json', _events(to_v1))
    _rewrite('gmlog', 'said', _said(to_v1))


def downgrade() -> None:
    _rewrite('turnrecord', 'events_json', _events(to_legacy))
    _rewrite('gmlog', 'said', _said(to_legacy))
