"""The catalogues are complete and well formed: every message of the code
and templates (extracted with Babel, as `python -m pbem.locale update` does)
has a French and a Spanish translation that keeps its placeholders, fits the
lines it is written in, and follows French typography."""
from __future__ import annotations

import re
from datetime import datetime, timezone

import pytest

from pbem import i18n
from pbem.clock import show
from pbem.locale.catalogues import extracted, languages, missing, read

TEMPLATE = extracted()
_FIELDS = re.compile(r"\{(\w+)\}|%\((\w+)\)s")


def _strings(value) -> list[str]:  # type: ignore[no-untyped-def]
    return list(value) if isinstance(value, (tuple, list)) else [value]


def _fields(text: str) -> set[str]:
    return {a or b for a, b in _FIELDS.findall(text)}


def test_the_code_has_messages_to_translate() -> None:
    ids = [m.id for m in TEMPLATE if m.id]
    assert len(ids) > 50
    assert "Welcome to %(title)s, game %(game)s. You play the seat %(seat)s." in ids


@pytest.mark.parametrize("lang", languages())
def test_every_message_is_translated(lang: str) -> None:
    assert missing(lang, TEMPLATE) == [], f"run python -m pbem.locale update and translate ({lang})"


@pytest.mark.parametrize("lang", languages())
def test_translations_keep_the_placeholders_and_the_line_widths(lang: str) -> None:
    catalog = read(lang)
    for message in TEMPLATE:
        if not message.id:
            continue
        source = _strings(message.id)
        wanted = set().union(*(_fields(x) for x in source))
        for text in _strings(catalog.get(message.id).string):
            assert _fields(text) == wanted, (lang, message.id, text)
            if any(f.startswith("templates/") for f, _ in message.locations):   # lines kept as written
                assert all(len(line) <= 72 for line in text.split("\n")), (lang, text)


def test_french_puts_a_no_break_space_before_double_punctuation() -> None:
    for message in read("fr"):
        for text in _strings(message.string) if message.id else []:
            assert not re.search(r" [:;?!»]|« ", text), text


def test_a_catalogue_speaks_in_its_language_and_english_needs_none() -> None:
    with i18n.speaking("fr"):
        assert i18n._("this text") == "ce texte"
        assert i18n.ngettext("({count} line before SIGNON was not read.)",
                             "({count} lines before SIGNON were not read.)", 2).startswith("({count} lignes")
    with i18n.speaking("es"):
        assert i18n._("this text") == "este texto"
    with i18n.speaking("xx"):
        assert i18n.current() == "en" and i18n._("this text") == "this text"


def test_times_are_shown_in_the_readers_zone_and_language() -> None:
    when = datetime(2026, 5, 3, 8, 0, tzinfo=timezone.utc)
    assert show(when) == "2026-05-03 08:00 UTC"
    with i18n.speaking("en", "Europe/Paris"):
        assert show(when) == "2026-05-03 10:00 CEST"
    with i18n.speaking("fr", "Europe/Paris"):
        assert show(when) == "dimanche 3 mai 2026, 10:00 CEST" and show(None) == "pas d'échéance"
    with i18n.speaking("es", "America/Mexico_City"):
        assert show(when) == "domingo, 3 de mayo de 2026, 02:00 CST"


@pytest.mark.parametrize("lang, words", [("fr", ["HISTORIQUE [n]", "SIGNON <partie> <place> <mot de passe>",
                                                 "EXTEND <durée> (comme 24h)", "PRÊT / ATTENDRE"]),
                                         ("es", ["HISTORIAL [n]", "SIGNON <partida> <puesto> <contraseña>",
                                                 "CONTRASEÑA <nueva>", "LISTO / ESPERAR"])])
def test_help_names_the_commands_in_the_readers_words(lang: str, words: list[str]) -> None:
    """HELP's column writes the command words a French or Spanish player may send and its
    placeholders in their words (pbem.commands.usage); each word shown is read back."""
    import re

    from pbem.commands import help_text
    from pbem.inbox.protocol import ALIASES
    with i18n.speaking(lang):
        text = help_text("pbem@example.org", [])
    flat = " ".join(text.split())
    assert all(w in flat for w in words), [w for w in words if w not in flat]
    assert not re.search(r"<(game|seat|password|orders|new|turns|token|time|address)\b", text), text
    assert all(len(line) <= 72 for line in text.splitlines())
    column = [line.split()[0] for line in text.splitlines() if line.startswith("  ") and line[2] != " "]
    assert {w for w in column if w.isupper() and w not in ("SIGNON", "SIGNOFF")} <= set(ALIASES) | {
        "TURN", "DIGEST", "PRESS"}, column
