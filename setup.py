"""Build hook: compile the engines' hot path with mypyc.

The engines stay plain, typed Python (the reference, and what you read and edit);
mypyc turns the modules listed in ``src/seedbed/_build.py`` into C extensions at
install time, which is what makes random playouts and search fast. Set
``SEEDBED_PURE_PYTHON=1`` to install without compiling (no C compiler needed;
everything works, only slower).
"""

from __future__ import annotations

import os
import runpy

from setuptools import setup


def _ext_modules() -> list:
    if os.environ.get("SEEDBED_PURE_PYTHON", "") not in ("", "0"):
        return []
    from mypyc.build import mypycify

    modules = runpy.run_path(os.path.join("src", "seedbed", "_build.py"))["COMPILED_MODULES"]
    paths = [os.path.join("src", *m.split(".")) + ".py" for m in modules]
    return mypycify(paths, opt_level="3")


setup(ext_modules=_ext_modules())
