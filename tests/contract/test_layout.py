"""The code stays readable as it grows: no import circle among the modules of engine/ and
pbem/ (imports at a module's top, where a circle breaks loading), no module over 400 lines,
no function over 60, the database migrations included."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
MAX_MODULE, MAX_FUNCTION = 400, 60


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted([*(ROOT / "engine").rglob("*.py"), *(ROOT / "pbem").rglob("*.py")]):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


def _top_imports(tree: ast.Module, modules: dict[str, Path]) -> list[str]:
    """The modules a module imports when it loads (not under ``if TYPE_CHECKING`` nor in a
    function): ``from a import b`` imports module a.b when there is one, else a (for its name b)."""
    names = []
    for node in tree.body:
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names += [f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in modules else node.module
                      for a in node.names]
    return names


def _graph() -> dict[str, set[str]]:
    modules = _modules()

    def known(name: str) -> str:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        targets = {known(n) for n in _top_imports(ast.parse(path.read_text()), modules)}
        graph[name] = {t for t in targets if t and t != name}
    return graph


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))
    for v in graph:
        if v not in index:
            visit(v)
    return found


def test_no_import_circles() -> None:
    assert not _circles(_graph())


def test_the_circle_finder_finds_one() -> None:
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def _sized() -> list[Path]:
    return list(_modules().values())


def test_no_module_over_400_lines() -> None:
    long = {str(p.relative_to(ROOT)): n for p in _sized() if (n := len(p.read_text().splitlines())) > MAX_MODULE}
    assert not long, long


def test_no_function_over_60_lines() -> None:
    long = {}
    for path in _sized():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                size = node.end_lineno - node.lineno + 1
                if size > MAX_FUNCTION:
                    long[f"{path.relative_to(ROOT)}:{node.name}"] = size
    assert not long, long


# Exceptions that are not errors to tell anyone: the deliberate fault that stands for a bug
# (PBEM_POISON), and click's own for a command's exit.
NOT_ERRORS = {"Poisoned", "_StorageTrouble"}


def test_every_error_of_pbem_has_one_root() -> None:
    import importlib
    import inspect

    from pbem.errors import PbemError
    stray = []
    for name, path in _modules().items():
        if not name.startswith("pbem") or "migrations" in path.parts or name.endswith("__main__"):
            continue
        module = importlib.import_module(name)
        for cls_name, cls in inspect.getmembers(module, inspect.isclass):
            if (cls.__module__ == name and issubclass(cls, BaseException) and not issubclass(cls, PbemError)
                    and cls_name not in NOT_ERRORS):
                stray.append(f"{name}.{cls_name}")
    assert not stray, stray
