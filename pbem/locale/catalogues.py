"""Extracting the messages of pbem's code and templates with Babel, and
bringing the catalogues up to date with them (docs/translating.md).

``python -m pbem.locale update`` extracts, merges the new ids into every
catalogue (new ones untranslated, changed ones fuzzy) and writes them;
``python -m pbem.locale check`` lists the messages a catalogue lacks.
"""
from __future__ import annotations

from datetime import datetime, timezone
from importlib import import_module
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from engine.registry import entries
from pbem.i18n import DEFAULT, DOMAIN, LANGUAGES

FIXED_DATE = datetime(2026, 12, 1, tzinfo=timezone.utc)
ROOT = Path(__file__).resolve().parent.parent.parent
HERE = Path(__file__).resolve().parent
# What Babel reads, and how: the code with _() and N_(), the templates with
# the options pbem.reports.render gives jinja2 (so the line numbers agree).
# The engines' texts are engine.messages: Msg(id, ...), Plural and Word(singular, plural, n, ...).
METHODS = [("pbem/**.py", "python"), ("engine/**.py", "python"),
           ("templates/**.txt", "jinja2"), ("templates/**.html", "jinja2")]
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "Msg": None, "Plural": (1, 2), "Word": (1, 2)}
OPTIONS = {"templates/**": {"extensions": "jinja2.ext.i18n", "trim_blocks": "true",
                            "lstrip_blocks": "true", "newstyle_gettext": "true"}}


def extracted() -> Catalog:
    """Every message of the code and templates, as a catalogue template."""
    template = Catalog(domain=DOMAIN, project="pbem", charset="utf-8")
    for filename, lineno, message, comments, context in extract_from_dir(
            str(ROOT), METHODS, options_map=OPTIONS, keywords=KEYWORDS,
            comment_tags=("Translators:",), strip_comment_tags=True):
        if filename.startswith("pbem/locale/"):
            continue
        template.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    for message, where in card_texts():
        known = template.get(message)
        if known is None:
            template.add(message, None, [where])
        elif where not in known.locations:
            known.locations.append(where)
    return template


def card_texts() -> list[tuple[str, tuple[str, int]]]:
    """The data texts the games' reports translate (card and story names), from each game's
    entry (engine.registry.GameEntry.texts): each with where it is written."""
    out = []
    for entry in entries().values():
        if entry.texts:
            module, function = entry.texts.split(":")
            out += getattr(import_module(module), function)()
    return out


def path_of(lang: str) -> Path:
    return HERE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(lang: str) -> Catalog:
    path = path_of(lang)
    if not path.exists():
        catalog = Catalog(locale=lang, domain=DOMAIN, charset="utf-8")
    else:
        with path.open("rb") as po:
            catalog = read_po(po, locale=lang, domain=DOMAIN)
    # The header says what the file is, and nothing that changes at each
    # update (so that a diff shows only the messages).
    catalog.project, catalog.version = "pbem", ""
    catalog.copyright_holder = catalog.last_translator = catalog.language_team = "the pbem developers"
    catalog.msgid_bugs_address = ""
    catalog.creation_date = catalog.revision_date = FIXED_DATE
    catalog.fuzzy = False
    catalog.header_comment = (f"# The messages of pbem in {lang!r}: the words of its mail, help and pages.\n"
                              "# Kept with Babel: python -m pbem.locale update (docs/translating.md).")
    return catalog


def languages() -> list[str]:
    return [lang for lang in LANGUAGES if lang != DEFAULT]


def update() -> dict[str, int]:
    """Merge the extracted messages into every catalogue; how many each lacks."""
    template = extracted()
    lacking = {}
    for lang in languages():
        catalog = read(lang)
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        catalog.creation_date = FIXED_DATE
        path = path_of(lang)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as po:
            write_po(po, catalog, width=100, omit_header=False, sort_output=False, include_previous=False)
        lacking[lang] = len(missing(lang, template))
    return lacking


def missing(lang: str, template: Catalog | None = None) -> list[str]:
    """The message ids of the code that ``lang``'s catalogue does not translate (or only fuzzily)."""
    template = template or extracted()
    catalog = read(lang)
    out = []
    for message in template:
        if not message.id:
            continue
        have = catalog.get(message.id, context=message.context)
        strings = have.string if have is not None else None
        texts = list(strings) if isinstance(strings, (tuple, list)) else [strings]
        if have is None or have.fuzzy or not all(texts):
            out.append(message.id if isinstance(message.id, str) else message.id[0])
    return out
