"""The examples in docstrings are run against the installed package.

``pytest --doctest-modules`` cannot import the compiled engines (their ``__file__`` is
the extension, not the source it collects), so the examples are read from each
module's source with :mod:`ast` and run with the module's own globals: whichever build
is installed, compiled or pure, the documentation's examples must hold for it.
"""

from __future__ import annotations

import ast
import doctest
import importlib
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"


def _modules_with_examples() -> list[str]:
    out = []
    for path in sorted((SRC / "seedbed").rglob("*.py")):
        if ">>> " in path.read_text(encoding="utf-8"):
            rel = path.relative_to(SRC).with_suffix("")
            parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
            out.append(".".join(parts))
    return out


def _docstrings(tree: ast.Module) -> list[tuple[str, str, int]]:
    """``(name, docstring, line)`` of the module and every class and function in it."""
    found: list[tuple[str, str, int]] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = f"{prefix}{child.name}"
                doc = ast.get_docstring(child, clean=False)
                if doc:
                    found.append((name, doc, child.lineno))
                visit(child, f"{name}.")

    doc = ast.get_docstring(tree, clean=False)
    if doc:
        found.append(("", doc, 1))
    visit(tree, "")
    return found


MODULES = _modules_with_examples()


def test_the_examples_are_found() -> None:
    assert "seedbed.core.cards" in MODULES and len(MODULES) >= 8


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    source = SRC.joinpath(*name.split(".")).with_suffix(".py")
    if not source.exists():
        source = SRC.joinpath(*name.split("."), "__init__.py")
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    tried = 0
    for obj, doc, line in _docstrings(ast.parse(source.read_text(encoding="utf-8"))):
        test = parser.get_doctest(doc, dict(vars(module)), f"{name}.{obj}", str(source), line)
        if test.examples:
            tried += len(test.examples)
            runner.run(test)
    result = runner.summarize(verbose=False)
    assert tried > 0
    assert result.failed == 0, f"{result.failed} of {tried} examples in {name} failed"
