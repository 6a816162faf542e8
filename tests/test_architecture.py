"""The dependency rules of docs/architecture.md, checked on the source."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "seedbed"


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
    return {m for m in out if m.startswith("seedbed")}


def _modules(sub: str) -> list[Path]:
    return sorted((SRC / sub).rglob("*.py"))


def test_core_imports_nothing_else_of_seedbed() -> None:
    for path in _modules("core"):
        for mod in _imports(path):
            assert mod.startswith("seedbed.core") or mod == "seedbed._version", (path, mod)


def test_games_import_only_core() -> None:
    for path in _modules("games"):
        game = path.relative_to(SRC / "games").parts[0]
        for mod in _imports(path):
            ok = mod.startswith("seedbed.core") or mod.startswith(f"seedbed.games.{game}")
            assert ok, f"{path} imports {mod}"


def test_nothing_outside_games_imports_a_game_but_its_public_vocabulary() -> None:
    """Only a game's heuristic (``agents/heuristic/<id>.py``) may import that game's
    public vocabulary ``seedbed.games.<id>.rules``; everything else reaches games
    through the registry and the protocol."""
    for sub in ("agents", "sim", "lab", "cli", "core", "testing", "server", "rl", "openspiel.py"):
        for path in [SRC / sub] if sub.endswith(".py") else _modules(sub):
            for mod in _imports(path):
                if not mod.startswith("seedbed.games"):
                    continue
                heuristic = path.parent == SRC / "agents" / "heuristic"
                assert heuristic and mod == f"seedbed.games.{path.stem}.rules", (
                    f"{path} imports {mod}"
                )


def _imported_names(path: Path) -> set[str]:
    """Every dotted name a file imports, ``from m import x`` counted as ``m.x`` too (so
    that importing a module by ``from`` is seen)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
            out.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {m for m in out if m.startswith("seedbed")}


def test_tests_use_public_modules_only() -> None:
    """Tests reach a game through the registry, its package front and its rules
    vocabulary (positions set up with ``from_position``), never its engine, views or
    private tables, so that a game's insides can change without touching its tests."""
    tests = Path(__file__).resolve().parent
    games = SRC / "games"
    for path in sorted(tests.rglob("*.py")):
        for name in _imported_names(path):
            parts = name.split(".")
            if len(parts) >= 4 and parts[1] == "games":
                inside = games / parts[2]
                is_module = (inside / f"{parts[3]}.py").exists()
                assert not is_module or parts[3] == "rules", f"{path} imports {name}"
        for name in _imports(path):  # modules only: a private name may be under test
            private = [p for p in name.split(".") if p.startswith("_")]
            assert private in ([], ["_version"], ["_build"]), f"{path} imports {name}"
