"""Views are typed: each game's ``Ruleset.view`` returns its own TypedDict on
engine.contract.BaseView (engine.valley.view.ValleyView, ...), which declares every key a view
has, and of its records (a tribe, a space, a board), with its type.

- every view, of every seat and of the public, in positions from setup to the end of bot games
  with 2 seats to the most and the options on and off, has the declared keys, no other, and
  values of the declared types;
- every key the presenters and the report templates read from a view, or from a record of it,
  is declared in the game's TypedDict; what the mail layer reads of any game's view is in
  BaseView.
"""
from __future__ import annotations

import inspect
import re
import types
from functools import cache
from pathlib import Path
from typing import Any, Iterator, Union, get_args, get_origin, get_type_hints, is_typeddict

import pytest

from engine.contract import BaseView
from engine.dice import SeededDice
from engine.registry import BUILT_IN, entry, get_ruleset, ruleset_names
from seqpresent import tally_registered
from test_contract import _sheets

ROOT = Path(__file__).resolve().parent.parent.parent
SEATS = ["red", "blue", "green", "white", "black", "amber"]
GAMES = sorted(set(ruleset_names()) | {"tally"})
SAMPLED = {0, 1, 2, 3, 5, 8, 13, 21, 34, 55}       # the steps whose positions are looked at, and the last
LAST_STEP = 400

# What the presenters and templates name a record of a view (a tribe, a board...): the key of the
# view that holds it (through a list or dict of them), or a path of keys; a name may stand for
# records of several keys (Stone Age's ``b``: a board, or a building stack).
RECORDS: dict[str, dict[str, list[tuple[str, ...]]]] = {
    "valley": {"tribe": [("tribes",)], "t": [("tribes",)], "me": [("tribes",)], "space": [("spaces",)],
               "sp": [("spaces",)], "s": [("spaces",)], "card": [("lasting",)], "c": [("lasting",)]},
    "stoneage": {"board": [("boards",)], "b": [("boards",), ("buildings",)], "s": [("civ_slots",)],
                 "jewel": [("jewel_card",)], "a": [("animals",)], "animal": [("animals",)], "herd": [("herd",)],
                 "played": [("played",)], "o": [("played", "gave")]},
}


@pytest.fixture(autouse=True, scope="module")
def tally():
    with tally_registered():
        yield


def _view_type(name: str) -> Any:
    """What the game's ruleset says its view is (the return annotation of ``view``)."""
    return get_type_hints(type(get_ruleset(name)).view)["return"]


@cache
def _hints(kind: Any) -> dict[str, Any]:
    """A TypedDict's keys and their types (get_type_hints, kept: it is slow)."""
    return get_type_hints(kind)


def _typed() -> list[str]:
    with tally_registered():
        return [name for name in GAMES if is_typeddict(_view_type(name))]


TYPED = _typed()
BUILT_IN_NAMES = [e.name for e in BUILT_IN]


def test_every_game_declares_its_view_on_base_view() -> None:
    for game in [*BUILT_IN_NAMES, "tally"]:
        assert game in TYPED, f"{game}'s Ruleset.view returns no TypedDict"
    base = _hints(BaseView)
    for game in TYPED:
        declared = _hints(_view_type(game))
        assert BaseView.__required_keys__ <= _view_type(game).__required_keys__, game
        assert {k: declared[k] for k in base} == base, f"{game} changes a type of BaseView"


# -- the views as the games make them -------------------------------------------------------------

def _option_sets(ruleset: Any) -> list[dict[str, Any]]:
    """The defaults, every yes-or-no option on at once, and each other choice of an option."""
    every = {o.name: True for o in ruleset.options if isinstance(o.default, bool)}
    return [{}, *([every] if every else []),
            *({o.name: c} for o in ruleset.options for c in o.choices if c != o.default)]


def _positions(name: str) -> Iterator[Any]:
    """States of seeded bot games, from setup to the end, for every seat count and option set."""
    ruleset = get_ruleset(name)
    for seats in range(ruleset.min_players, ruleset.max_players + 1):
        played = 0
        for number, options in enumerate(_option_sets(ruleset)):
            try:
                state = ruleset.new_game(SEATS[:seats], options, f"views:{number}")
            except ValueError:          # Stone Age's fifth seat comes with the merchant only
                continue
            played += 1
            for step in range(LAST_STEP):
                over = ruleset.outcome(state) is not None
                if step in SAMPLED or over:
                    yield state
                if over:
                    break
                state = ruleset.resolve(state, _sheets(ruleset, state, step), SeededDice(f"views:{step}")).state
        assert played, f"no game of {name} with {seats} seats"


def _union(hint: Any) -> bool:
    return get_origin(hint) in (Union, types.UnionType)


def _problems(value: Any, hint: Any, where: str, seen: dict[Any, set[str]] | None) -> list[str]:
    """What in ``value`` is not of type ``hint``; the keys met in each TypedDict go in ``seen``."""
    origin, args = get_origin(hint), get_args(hint)
    if hint is Any:
        return []
    if _union(hint):
        arm = next((a for a in args if not _problems(value, a, where, None)), None)
        return [f"{where}: {value!r:.80} is not {hint}"] if arm is None else _problems(value, arm, where, seen)
    if is_typeddict(hint):
        if not isinstance(value, dict):
            return [f"{where}: {value!r:.80} is not a {hint.__name__}"]
        keys, declared = set(value), _hints(hint)
        out = [f"{where}: {hint.__name__} lacks {k!r}" for k in sorted(hint.__required_keys__ - keys)]
        out += [f"{where}: {k!r} is not declared in {hint.__name__}" for k in sorted(keys - declared.keys())]
        if seen is not None:
            seen.setdefault(hint, set()).update(keys)
        return out + [p for k in sorted(keys & declared.keys())
                      for p in _problems(value[k], declared[k], f"{where}.{k}", seen)]
    if origin is list:
        return [f"{where}: {value!r:.80} is not a list"] if not isinstance(value, list) else \
            [p for i, v in enumerate(value) for p in _problems(v, args[0], f"{where}[{i}]", seen)]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: {value!r:.80} is not a dict"]
        return [p for k, v in value.items()
                for p in _problems(k, args[0], f"{where} key", seen) + _problems(v, args[1], f"{where}[{k!r}]", seen)]
    if origin is tuple:
        if not isinstance(value, tuple) or len(value) != len(args):
            return [f"{where}: {value!r:.80} is not a {hint}"]
        return [p for i, (v, a) in enumerate(zip(value, args)) for p in _problems(v, a, f"{where}[{i}]", seen)]
    if hint is type(None) or hint is None:
        return [] if value is None else [f"{where}: {value!r:.80} is not None"]
    exact = hint is int and isinstance(value, bool)       # a bool is an int to isinstance, not here
    return [] if isinstance(value, hint) and not exact else [f"{where}: {value!r:.80} is not {hint.__name__}"]


@pytest.mark.parametrize("name", TYPED)
def test_every_view_has_the_declared_keys_with_their_types(name: str) -> None:
    ruleset, kind = get_ruleset(name), _view_type(name)
    seen: dict[Any, set[str]] = {}
    views = 0
    for state in _positions(name):
        for seat in [*ruleset.players(state), None]:
            problems = _problems(ruleset.view(state, seat), kind, f"view({seat})", seen)
            assert not problems, problems[:5]
            views += 1
    assert views > 50
    declared = set(_hints(kind))     # the variants' keys too: every option is on in some game
    assert seen[kind] == declared, f"declared, never in a view: {sorted(declared - seen[kind])}"


# -- the keys read: presenters, templates and the mail layer --------------------------------------

SEGMENT = re.compile(r"""\[(?P<index>[^\[\]]*)\]|\.get\((?P<get>[^()]*)\)|\.(?P<attr>\w+)(?P<call>\s*\()?""")
LITERAL = re.compile(r"""\s*(["'])([^"'\\]*)\1\s*(?:,.*)?""", re.S)
MEMBER = re.compile(r"""(["'])(?P<key>\w+)\1\s+(?:not\s+)?in\s+(?P<name>\w+)\b(?!\s*[\[.(])""")
Read = tuple[str, str, list[Any]]       # where, the key, the TypedDicts it is read from


def _direct(hint: Any) -> list[Any]:
    """The TypedDicts a value of type ``hint`` may be."""
    return [hint] if is_typeddict(hint) else [t for a in get_args(hint) for t in _direct(a)] if _union(hint) else []


def _elements(hint: Any) -> list[Any]:
    """The types of what a value of type ``hint`` holds, as a list or a dict."""
    if _union(hint):
        return [e for a in get_args(hint) for e in _elements(a)]
    return [get_args(hint)[-1]] if get_origin(hint) in (list, dict) else []


def _inner(hint: Any) -> list[Any]:
    """The TypedDicts a value of type ``hint`` is, or holds in lists and dicts."""
    return _direct(hint) + [t for e in _elements(hint) for t in _inner(e)]


def _records(view: Any, paths: list[tuple[str, ...]]) -> list[Any]:
    """The TypedDicts of the records at the end of ``paths`` (keys, each through lists and dicts)."""
    out = []
    for path in paths:
        kinds = [view]
        for key in path:
            kinds = [t for k in kinds for t in _inner(_hints(k)[key])]
        out += kinds
    return out


def _chain(text: str, at: int, hints: list[Any], template: bool) -> Iterator[tuple[str, list[Any]]]:
    """The keys read after a name that ends at ``at``: its subscripts and ``.get``, and in a
    template its attributes (no method call); each with the TypedDicts it is read from. An index
    (no string) steps into what a list or dict holds; a key read from no TypedDict (a plain dict,
    the options) ends the chain."""
    while hints:
        found = SEGMENT.match(text, at)
        if not found or (found["attr"] and (not template or found["call"])):
            return
        at = found.end()
        literal = LITERAL.fullmatch(found["index"] if found["index"] is not None else found["get"] or "")
        key = found["attr"] or (literal[2] if literal else None)
        if key is None:
            hints = [e for h in hints for e in _elements(h)]
            continue
        owners = [t for h in hints for t in _direct(h)]
        if owners:
            yield key, owners
        hints = [_hints(t)[key] for t in owners if key in _hints(t)]


def _reads(path: Path, names: dict[str, list[Any]]) -> list[Read]:
    """Each key a file reads from ``names`` (a view's name, its records' names, with their types)."""
    text, template = path.read_text(), path.suffix != ".py"
    shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name

    def where(at: int) -> str:
        return f"{shown}:{text.count(chr(10), 0, at) + 1}"
    out = [(where(found.start()), key, owners) for name, hints in names.items()
           for found in re.finditer(rf"(?<![\w.]){name}\b", text)
           for key, owners in _chain(text, found.end(), hints, template)]
    return out + [(where(found.start()), found["key"], [t for h in names[found["name"]] for t in _direct(h)])
                  for found in MEMBER.finditer(text) if found["name"] in names]


def _undeclared(reads: list[Read]) -> list[str]:
    return [f"{where}: {key!r} ({', '.join(k.__name__ for k in kinds)})" for where, key, kinds in reads
            if not any(key in _hints(k) for k in kinds)]


def _presenter_files(name: str) -> list[Path]:
    """The game's presenter (its package's modules, or the file of a test's presenter object)
    and its report templates."""
    presenter = entry(name).presenter
    if isinstance(presenter, str):
        files = sorted((ROOT / presenter.replace(".", "/")).glob("*.py"))
    else:
        files = [Path(inspect.getsourcefile(type(presenter)) or "")]
    return files + sorted((ROOT / "templates" / "reports" / name).glob("*.*"))


def _game_reads(name: str) -> list[Read]:
    view = _view_type(name)
    names = {"view": [view], **{n: _records(view, paths) for n, paths in RECORDS.get(name, {}).items()}}
    return [read for path in _presenter_files(name) for read in _reads(path, names)]


@pytest.mark.parametrize("name", TYPED)
def test_the_presenter_and_templates_read_declared_keys_only(name: str) -> None:
    reads = _game_reads(name)
    assert not _undeclared(reads)
    assert len(reads) >= 5, len(reads)


PLAIN = {".py": re.compile(r"""(?<![\w.])view(?:\[["']|\.get\(["'])|["']\w+["']\s+(?:not\s+)?in\s+view\b"""),
         "template": re.compile(r"""(?<![\w.])view(?:\[["']|\.get\(["']|\.(?!get\b)\w+\b(?!\s*\())""")}


@pytest.mark.parametrize("name", BUILT_IN_NAMES)
def test_the_patterns_catch_every_read_of_a_view(name: str) -> None:
    """As many keys read from the view itself are found as a plain search finds ``view["``,
    ``view.get("``, ``"key" in view`` (and in a template ``view.key``)."""
    view = _view_type(name)
    for path in _presenter_files(name):
        plain = PLAIN[".py" if path.suffix == ".py" else "template"].findall(path.read_text())
        found = [read for read in _reads(path, {"view": [view]}) if read[2] == [view]]
        assert len(found) == len(plain), (path, len(found), len(plain))


def test_the_patterns_catch_the_reads() -> None:
    """In Python, of a view and of its records, and in a template; a method is no key."""
    reads = [read for name in BUILT_IN_NAMES for read in _game_reads(name)]
    assert len(reads) >= 500, len(reads)
    keys = {(where.split(":")[0], key) for where, key, _kinds in reads}
    for expected in [("pbem/presenters/valley/report.py", "prompt_message"),
                     ("pbem/presenters/valley/report.py", "hand"),              # view["tribes"][seat]["hand"]
                     ("pbem/presenters/valley/words.py", "warriors"),           # t["warriors"]: a tribe
                     ("pbem/presenters/valley/help.py", "came_back"),           # tribe.get("came_back")
                     ("templates/reports/valley/report.txt", "turn_order"),     # view.turn_order
                     ("templates/reports/valley/report.txt", "prompt"),         # view.get("prompt")
                     ("templates/reports/valley/tribes.html", "warned"),        # t.warned
                     ("pbem/presenters/stoneage/report.py", "igloos_left"),     # "igloos_left" in view
                     ("pbem/presenters/stoneage/report.py", "civ_deck"),        # f"{view['civ_deck']}"
                     ("pbem/presenters/stoneage/help.py", "card"),              # view["jewel_card"]["card"]
                     ("pbem/presenters/stoneage/played.py", "unseen"),          # o.get("unseen", 0)
                     ("pbem/presenters/dewan/words.py", "tucked"),
                     ("templates/reports/dewan/board.html", "row")]:
        assert expected in keys, expected
    assert not [key for _file, key in keys if key in ("items", "values", "keys", "get")]


def test_the_mail_layer_reads_only_what_every_view_has() -> None:
    """pbem outside the games' presenters reads a view of any game (``view``; ``public`` in
    turns.py): only BaseView's keys."""
    games = [ROOT / e.presenter.replace(".", "/") for e in BUILT_IN]
    files = [p for p in sorted((ROOT / "pbem").rglob("*.py")) if not any(p.is_relative_to(g) for g in games)]
    reads = [read for path in files for read in _reads(path, {"view": [BaseView], "public": [BaseView]})]
    assert not _undeclared(reads)
    assert {key for _where, key, _kinds in reads} >= {"prompt_message"}, reads


def test_a_read_of_an_undeclared_key_is_caught(tmp_path: Path) -> None:
    fake = tmp_path / "fake.py"
    fake.write_text('view["tribes"][seat]["hnad"] + view.get("wnners")\nif "sesaon" in view: view["options"]["x"]\n')
    found = _undeclared(_reads(fake, {"view": [_view_type("valley")]}))
    assert [text.split()[1] for text in found] == ["'hnad'", "'wnners'", "'sesaon'"]
