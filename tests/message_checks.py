"""Checks the translated games share: every event an engine logs is a message
(engine.messages) whose English is its text, and every id in it is translated."""
from __future__ import annotations

from typing import Any, Iterable

from engine.contract import Event
from pbem import i18n
from pbem.locale.catalogues import read
from pbem.reports.render import spoken


def ids(message: dict[str, Any]) -> list[str]:
    """Every message id in a stored message, its values' too."""
    if message["kind"] == "join":
        parts = [message["sep"], *message["items"]]
        return [i for p in parts if isinstance(p, dict) for i in ids(p)]
    if "id" not in message:         # a value that is no text: a game's notation, a time
        return []
    inner = [i for v in message.get("values", {}).values() if isinstance(v, dict) for i in ids(v)]
    return [message["id"], *inner]


def assert_messages_are_their_text(events: Iterable[Event]) -> None:
    for e in events:
        assert e.message is not None, e.text
        assert str(e.message) == e.text
        assert e.to_dict()["message"] == e.message.to_dict()
        with i18n.speaking("en"):
            assert spoken(e.message) == e.text


def assert_translated(events: Iterable[Event], lang: str) -> None:
    catalog = read(lang)
    for e in events:
        for message_id in ids(e.message.to_dict()):
            found = catalog.get(message_id)
            assert found is not None and not found.fuzzy, (lang, message_id)
            strings = found.string if isinstance(found.string, (tuple, list)) else [found.string]
            assert all(strings), (lang, message_id)


def translated_ids(lang: str) -> set[str]:
    """The message ids the catalogue of ``lang`` translates (a plural by its singular)."""
    out = set()
    for m in read(lang):
        if isinstance(m.id, tuple):
            if all(m.string):
                out.add(m.id[0])
        elif m.id and m.string:
            out.add(m.id)
    return out


def assert_problems_translated(problems: Iterable[Any], lang: str) -> set[str]:
    """Every parser problem carries its message and suggestion (engine.messages), whose English
    is its text, every id in them translated and the message read differently in ``lang``;
    the kinds of message seen."""
    translated, kinds = translated_ids(lang), set()
    for p in problems:
        message, suggestion = p.said
        assert hasattr(message, "to_dict") and str(message) == p.message, p
        assert str(suggestion) == p.suggestion, p
        found = ids(message.to_dict()) + (ids(suggestion.to_dict()) if hasattr(suggestion, "to_dict") else [])
        assert set(found) <= translated, (p, set(found) - translated)
        kinds.add(message.id)
        with i18n.speaking(lang):
            assert spoken(message) != p.message, p
    return kinds


def assert_reasons_translated(reasons: Iterable[Any], lang: str, kinds: int = 6) -> None:
    """Reasons an engine gives (messages): at least ``kinds`` kinds of them, every id in them
    translated in ``lang``."""
    reasons = list(reasons)
    found = {i for why in reasons for i in ids(why.to_dict())}
    assert len({why.id for why in reasons}) >= kinds, {why.id for why in reasons}
    assert found <= translated_ids(lang), found - translated_ids(lang)


def asked_first(ruleset: Any, state: Any, game_id: str, seat: str, lang: str, status: str = "active") -> str:
    """The first line of an answer to ``seat`` (pbem.inbox.handler.asked_now) in ``lang``."""
    from types import SimpleNamespace

    from pbem.inbox.handler import asked_now
    game = SimpleNamespace(id=game_id, status=status, ruleset=ruleset.name, state_json=ruleset.to_json(state),
                           simultaneous=ruleset.simultaneous(state), turn_no=0, deadline=None, options_json="{}")
    with i18n.speaking(lang):
        return asked_now(game, SimpleNamespace(name=seat))
