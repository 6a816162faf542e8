"""Which modules mypyc compiles, and whether the running copy is compiled and fresh.

``setup.py`` reads :data:`COMPILED_MODULES` (one list for the build and for the
checks; ``python src/seedbed/_build.py`` prints their source files for the
Makefile). The compiled extension sits next to each ``.py`` file and Python imports
it first, so an edited ``.py`` is ignored until the package is rebuilt: the test
suite and ``seedbed bench`` call :func:`stale_modules` (and
:func:`orphan_extensions`) to say so instead of silently testing old code.

A build records a hash of every source it compiles (:func:`record_sources`, called
by ``setup.py`` before mypyc reads them) in :data:`SOURCES_FILE`; a module is stale
when its source no longer has that hash. File times alone were fooled by an edit
made while the build ran: the extension, finished after the edit, looked newer than
the source it did not contain. Without the record (a build from before it existed)
the times are compared.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.machinery
import json
import os

_HERE = os.path.dirname(os.path.abspath(__file__))
#: Where a build records the hash of each source it compiled (beside the extensions).
SOURCES_FILE = os.path.join(_HERE, "_compiled_sources.json")

# Modules of a game package that are not on the hot path: the package front (the
# ``Game`` re-export) and the terminal rendering.
_GAME_MODULES_NOT_COMPILED: frozenset[str] = frozenset({"__init__", "render"})


def _game_modules() -> tuple[str, ...]:
    """Every module of every game package but its front and renderer, and every
    game's heuristic policy: derived from the files, so a new game needs no entry."""
    out: list[str] = []
    games = os.path.join(_HERE, "games")
    for game in sorted(os.listdir(games)):
        folder = os.path.join(games, game)
        if not os.path.isfile(os.path.join(folder, "__init__.py")):
            continue
        for entry in sorted(os.listdir(folder)):
            stem, ext = os.path.splitext(entry)
            if ext == ".py" and stem not in _GAME_MODULES_NOT_COMPILED:
                out.append(f"seedbed.games.{game}.{stem}")
    heuristics = os.path.join(_HERE, "agents", "heuristic")
    for entry in sorted(os.listdir(heuristics)):
        stem, ext = os.path.splitext(entry)
        if ext == ".py" and stem != "__init__":
            out.append(f"seedbed.agents.heuristic.{stem}")
    return tuple(out)


# The hot path: the protocol base classes, cards, the search, and (derived) every
# engine with its tables and every heuristic policy (search playouts run them).
COMPILED_MODULES: tuple[str, ...] = (
    "seedbed.core.errors",
    "seedbed.core.cards",
    "seedbed.core.observe",
    "seedbed.core.protocol",
    "seedbed.agents.ismcts",
    *_game_modules(),
)


def _is_extension(path: str | None) -> bool:
    return bool(path) and str(path).endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def compiled_status() -> dict[str, bool]:
    """For each module of :data:`COMPILED_MODULES`: is the imported copy compiled?"""
    return {
        name: _is_extension(getattr(importlib.import_module(name), "__file__", None))
        for name in COMPILED_MODULES
    }


def describe() -> str:
    """One line for reports: ``compiled (mypyc)``, ``pure Python`` or ``partly compiled``."""
    status = compiled_status().values()
    if all(status):
        return "compiled (mypyc)"
    if not any(status):
        return "pure Python"
    return "partly compiled"


def _library_mtime(root: str) -> float:
    """When the mypyc group library beside the top package in ``root`` was built (0 if
    there is none). mypyc puts the code of all compiled modules in this one library
    (``<hash>__mypyc...so``); each module's own extension is a small shim that a
    rebuild may leave untouched, so a module's build time is the newer of the two."""
    newest = 0.0
    for entry in os.listdir(root):
        if "__mypyc" in entry and _is_extension(entry):
            newest = max(newest, os.path.getmtime(os.path.join(root, entry)))
    return newest


def _source_of(name: str) -> str:
    """The ``.py`` file of module ``name`` in this source tree."""
    return os.path.join(_HERE, *name.split(".")[1:]) + ".py"


def _digest(path: str) -> str:
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def record_sources(target: str = SOURCES_FILE) -> None:
    """Write the hash of every source in :data:`COMPILED_MODULES` to ``target``: the
    build calls this before compiling, so an edit made while mypyc runs shows up as
    a stale module rather than passing for the code that was built."""
    hashes = {name: _digest(_source_of(name)) for name in COMPILED_MODULES}
    with open(target, "w", encoding="utf-8") as f:
        json.dump(hashes, f, indent=0, sort_keys=True)


def _recorded() -> dict[str, str] | None:
    """The hashes the last build recorded, or ``None`` if it recorded none."""
    try:
        with open(SOURCES_FILE, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def stale_modules() -> list[str]:
    """Compiled modules whose ``.py`` source is not what the extension was built from."""
    out = []
    recorded = _recorded()
    libraries: dict[str, float] = {}  # root -> build time of its group library
    for name in COMPILED_MODULES:
        path = getattr(importlib.import_module(name), "__file__", None)
        if not path or not _is_extension(path):
            continue
        source = os.path.join(os.path.dirname(path), name.rsplit(".", 1)[1] + ".py")
        if not os.path.exists(source):
            continue
        if recorded is not None:
            if recorded.get(name) != _digest(source):
                out.append(name)
            continue
        root = os.path.dirname(path)
        for _ in range(name.count(".")):
            root = os.path.dirname(root)
        if root not in libraries:
            libraries[root] = _library_mtime(root)
        built = max(os.path.getmtime(path), libraries[root])
        if os.path.getmtime(source) > built + 1:
            out.append(name)
    return out


def orphan_extensions() -> list[str]:
    """Compiled extensions in the package whose ``.py`` source is gone (a module that
    was removed or renamed): Python would still import the old compiled code."""
    out = []
    for folder, _dirs, files in os.walk(_HERE):
        for entry in files:
            if "__mypyc" in entry or not _is_extension(entry):
                continue
            stem = entry.split(".", 1)[0]
            if not os.path.exists(os.path.join(folder, stem + ".py")):
                out.append(os.path.relpath(os.path.join(folder, entry), _HERE))
    return sorted(out)


if __name__ == "__main__":
    # The Makefile rebuilds when one of these sources changes.
    for _name in COMPILED_MODULES:
        print(_source_of(_name))
