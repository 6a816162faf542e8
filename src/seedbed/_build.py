"""Which modules mypyc compiles, and whether the running copy is compiled and fresh.

``setup.py`` reads :data:`COMPILED_MODULES` (one list for the build and for the
checks). The compiled extension sits next to each ``.py`` file and Python imports it
first, so an edited ``.py`` is ignored until the package is rebuilt: the test suite
and ``seedbed bench`` call :func:`stale_modules` to say so instead of silently
testing old code.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import os

# The hot path: the protocol base classes, cards and every engine with its tables.
COMPILED_MODULES: tuple[str, ...] = (
    "seedbed.core.errors",
    "seedbed.core.cards",
    "seedbed.core.protocol",
    "seedbed.games.sewn.engine",
    "seedbed.games.sewn._sampler",
    "seedbed.games.sow._tables",
    "seedbed.games.sow.engine",
    "seedbed.games.harvest._tables",
    "seedbed.games.harvest._knowledge",
    "seedbed.games.harvest.engine",
    "seedbed.games.four_fields._tables",
    "seedbed.games.four_fields.notation",
    "seedbed.games.four_fields.engine",
    # The search and the rollout policies: every ISMCTS iteration runs them.
    "seedbed.agents.ismcts",
    "seedbed.agents.heuristic._cards",
    "seedbed.agents.heuristic.generic",
    "seedbed.agents.heuristic.sewn",
    "seedbed.agents.heuristic.sow",
    "seedbed.agents.heuristic.harvest",
    "seedbed.agents.heuristic.four_fields",
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


def stale_modules() -> list[str]:
    """Compiled modules whose ``.py`` source was edited after the extension was built."""
    out = []
    libraries: dict[str, float] = {}  # root -> build time of its group library
    for name in COMPILED_MODULES:
        path = getattr(importlib.import_module(name), "__file__", None)
        if not path or not _is_extension(path):
            continue
        root = os.path.dirname(path)
        for _ in range(name.count(".")):
            root = os.path.dirname(root)
        if root not in libraries:
            libraries[root] = _library_mtime(root)
        built = max(os.path.getmtime(path), libraries[root])
        source = os.path.join(os.path.dirname(path), name.rsplit(".", 1)[1] + ".py")
        if os.path.exists(source) and os.path.getmtime(source) > built + 1:
            out.append(name)
    return out
