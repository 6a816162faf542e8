"""Running the ``seedbed`` command in-process, as the CLI and lab tests do."""

from __future__ import annotations

import io
import sys

import pytest

from seedbed.cli import main as cli


def run_cli(
    capsys: pytest.CaptureFixture[str], args: list[str], stdin: str = ""
) -> tuple[int, str, str]:
    """``seedbed ARGS`` with ``stdin`` as what the user types: (exit code, stdout, stderr)."""
    typed, sys.stdin = sys.stdin, io.StringIO(stdin)
    code = 0
    try:
        cli.main(args)
    except SystemExit as exc:
        code = int(exc.code or 0)
    finally:
        sys.stdin = typed
    out, err = capsys.readouterr()
    return code, out, err
