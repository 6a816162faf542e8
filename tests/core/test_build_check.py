"""The stale-build check: a compiled module whose source is not what was built."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from seedbed import _build


def _compiled() -> list[str]:
    return [name for name, compiled in _build.compiled_status().items() if compiled]


def test_a_source_whose_hash_differs_from_the_build_record_is_stale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An edit made while mypyc ran leaves the extension newer than the source, so the
    check compares the hashes the build recorded, not file times."""
    compiled = _compiled()
    if not compiled:
        pytest.skip("pure Python install: nothing is compiled, nothing can be stale")
    record = tmp_path / "sources.json"
    _build.record_sources(str(record))
    monkeypatch.setattr(_build, "SOURCES_FILE", str(record))
    assert _build.stale_modules() == []
    hashes = json.loads(record.read_text())
    hashes[compiled[0]] = "0" * 64  # as if the build had compiled other text
    record.write_text(json.dumps(hashes))
    assert _build.stale_modules() == [compiled[0]]


def test_the_record_holds_every_compiled_module(tmp_path: Path) -> None:
    record = tmp_path / "sources.json"
    _build.record_sources(str(record))
    hashes = json.loads(record.read_text())
    assert sorted(hashes) == sorted(_build.COMPILED_MODULES)
    assert all(len(h) == 64 for h in hashes.values())
