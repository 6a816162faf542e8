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
    for sub in ("agents", "sim", "lab", "cli", "core", "testing", "server"):
        for path in _modules(sub):
            for mod in _imports(path):
                if not mod.startswith("seedbed.games"):
                    continue
                heuristic = path.parent == SRC / "agents" / "heuristic"
                assert heuristic and mod == f"seedbed.games.{path.stem}.rules", (
                    f"{path} imports {mod}"
                )
