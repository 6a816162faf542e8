"""Build hook: compile the engines' hot path with mypyc.

The engines stay plain, typed Python (the reference, and what you read and edit);
mypyc turns the modules listed in ``src/seedbed/_build.py`` into C extensions at
install time, which is what makes random playouts and search fast. Set
``SEEDBED_PURE_PYTHON=1`` to install without compiling (no C compiler needed;
everything works, only slower).

It also copies the rules pages (``docs/rules/*.md``) into the package as
``seedbed/rules/``, so ``seedbed rules GAME`` works from a wheel as well as from the
source tree (an editable install reads ``docs/rules`` directly).
"""

from __future__ import annotations

import glob
import os
import runpy
import shutil

from setuptools import setup
from setuptools.command.build_py import build_py


def _ext_modules() -> list:
    if os.environ.get("SEEDBED_PURE_PYTHON", "") not in ("", "0"):
        return []
    from mypyc.build import mypycify

    build = runpy.run_path(os.path.join("src", "seedbed", "_build.py"))
    modules = build["COMPILED_MODULES"]
    # The hashes of what is about to be compiled, taken before mypyc reads a file: an
    # edit made during the build then makes the module stale (seedbed._build).
    build["record_sources"]()
    paths = [os.path.join("src", *m.split(".")) + ".py" for m in modules]
    return mypycify(paths, opt_level="3")


class _BuildWithRules(build_py):
    """``build_py`` that also puts the rules pages into the built package."""

    def run(self) -> None:
        super().run()
        target = os.path.join(self.build_lib, "seedbed", "rules")
        os.makedirs(target, exist_ok=True)
        for page in glob.glob(os.path.join("docs", "rules", "*.md")):
            shutil.copy(page, target)


setup(ext_modules=_ext_modules(), cmdclass={"build_py": _BuildWithRules})
