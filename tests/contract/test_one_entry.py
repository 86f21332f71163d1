"""A game is named in one place: its entry in engine/registry.py. Outside its own folders
(engine/<game>/, pbem/presenters/<game>/, templates/reports/<game>/) no code imports a game's
modules or spells its name, so a fourth game is its folders, its tests, cases and docs, and one
line; and the packaging lists every registered game's packages."""
from __future__ import annotations

import ast
import tomllib
from pathlib import Path

import pytest

from engine.registry import BUILT_IN

ROOT = Path(__file__).resolve().parent.parent.parent
GAMES = [entry.name for entry in BUILT_IN]
REGISTRY = ROOT / "engine" / "registry.py"


def _own(path: Path, game: str) -> bool:
    return any(path.is_relative_to(ROOT / folder) for folder in
               (f"engine/{game}", f"pbem/presenters/{game}", f"templates/reports/{game}"))


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes (prose may name any game)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def _naming(path: Path, game: str) -> list[str]:
    """Where the code of ``path`` imports ``game``'s modules or spells its name as a string."""
    tree = ast.parse(path.read_text())
    prose = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        modules = ([a.name for a in node.names] if isinstance(node, ast.Import)
                   else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
        for module in modules:
            parts = module.split(".")
            if game in parts[:3] and parts[0] in ("engine", "pbem"):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} imports {module}")
        if isinstance(node, ast.Constant) and node.value == game and id(node) not in prose:
            found.append(f"{path.relative_to(ROOT)}:{node.lineno} says {game!r}")
    return found


@pytest.mark.parametrize("game", GAMES)
def test_no_code_outside_a_games_folders_names_it(game: str) -> None:
    found = []
    for path in sorted([*(ROOT / "engine").rglob("*.py"), *(ROOT / "pbem").rglob("*.py")]):
        if path != REGISTRY and not _own(path, game):
            found += _naming(path, game)
    assert not found, found


def test_the_packaging_lists_every_games_packages() -> None:
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    for entry in BUILT_IN:
        for module in (entry.engine, entry.presenter):
            package = ROOT.joinpath(*module.split("."))
            wanted = {".".join(p.relative_to(ROOT).parts) for p in [package, *package.rglob("*")]
                      if p.is_dir() and (p / "__init__.py").exists()}
            assert wanted <= listed, (entry.name, sorted(wanted - listed))


def test_a_game_another_package_declares_is_played_and_a_broken_one_left_out(tmp_path, monkeypatch, caplog) -> None:
    """An installed package declares its GameEntry under the entry point group pbem.games; pbem
    registers it. A declaration that cannot be loaded is left out with a warning."""
    import sys

    import seqpresent
    from engine.registry import ruleset_names, unregister
    from pbem import presenters
    info = tmp_path / "pbem_tally-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: pbem-tally\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[pbem.games]\ntally = seqpresent:TALLY\nbroken = no_such_game:ENTRY\n")
    monkeypatch.setattr(seqpresent, "TALLY", seqpresent.tally_entry(), raising=False)
    monkeypatch.setattr(sys, "path", [str(tmp_path), *sys.path])
    try:
        presenters._register_installed()
        assert "tally" in ruleset_names() and presenters.get_presenter("tally") is seqpresent.TALLY.presenter
        assert "broken" not in ruleset_names()
        assert any("game broken left out" in r.getMessage() for r in caplog.records)
    finally:
        unregister("tally")
