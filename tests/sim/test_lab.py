"""``seedbed report`` and ``seedbed compare`` end to end, on small plans: the page is
one self-contained file with its JSON beside it, its numbers are the games', and the
command it records plays the same games again."""

from __future__ import annotations

import json
import re
import shlex
import sys
from pathlib import Path

import pytest

from cli_kit import run_cli
from seedbed.cli import main as cli


def assert_self_contained(html: str) -> None:
    """Nothing a browser would fetch: no scripts, stylesheets, images or fonts from
    anywhere, and no links out (in-page ``#id`` references are fine)."""
    assert "<script" not in html
    assert "<link" not in html
    assert "@import" not in html
    assert not re.search(r"""\b(?:src|href)\s*=\s*["'](?!#)""", html)
    assert not re.search(r"url\(\s*['\"]?(?!#)", html)
    assert "<!DOCTYPE svg" not in html  # the SVG prolog (with its DTD address) is gone


def test_report_writes_one_page_and_its_json(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    page = tmp_path / "ff.html"
    args = ["report", "four_fields", "-p", "3", "-n", "40", "--seed", "3"]
    args += ["--skill-games", "2", "--ladder", "random,heuristic", "--out", str(page)]
    code, out, err = run_cli(capsys, args)
    assert code == 0, err
    assert f"wrote {page}" in " ".join(out.split())
    html = page.read_text()
    assert_self_contained(html)
    assert html.count("<svg") >= 6
    for heading in ("Fairness", "Skill", "Shape of a game", "Rules in play", "Run facts"):
        assert heading in html
    data = json.loads((tmp_path / "ff.json").read_text())
    facts = data["facts"]
    assert facts["game_version"] == 1 and facts["seed"] == 3 and facts["games_played"] == 46
    assert facts["command"].startswith("seedbed report four_fields --players 3")
    variant = data["variants"][0]
    assert variant["games"] == 40
    shares = [p["win"]["value"] for p in variant["positions"]]
    assert sum(shares) == pytest.approx(1.0)  # a win, or a shared one, in every game
    (skill,) = variant["skill"]
    assert (skill["weaker"], skill["stronger"], skill["games"]) == ("random", "heuristic", 6)
    assert "full harvest" in variant["never_fired"]  # the variant is off
    assert variant["metrics"]["shape.rounds"]["value"] >= 1
    assert variant["metrics"]["shape.decided_at"]["n"] > 0
    # The page and the JSON show the same numbers.
    assert variant["positions"][0]["win"]["text"] in html

    # The recorded command plays the same games: the same digest.
    again = tmp_path / "again.html"
    argv = shlex.split(facts["command"])[1:] + ["--out", str(again)]
    code, _, err = run_cli(capsys, argv)
    assert code == 0, err
    data2 = json.loads((tmp_path / "again.json").read_text())
    assert data2["facts"]["results_sha256"] == facts["results_sha256"]
    assert data2["variants"] == data["variants"]


def test_compare_pairs_variants_by_deal(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    page = tmp_path / "cmp.html"
    args = ["compare", "four_fields", "-p", "3", "-n", "40", "--out", str(page)]
    args += ["-o", "full_harvest=true", "--against"]
    code, out, err = run_cli(capsys, args)
    assert code == 0, err
    html = page.read_text()
    assert_self_contained(html)
    data = json.loads((tmp_path / "cmp.json").read_text())
    assert [v["name"] for v in data["variants"]] == ["full_harvest=true", "default rules"]
    (c,) = data["comparisons"]
    assert c["same_deals"]  # the option changes no deal: differences are the rule's
    rows = {r["key"]: r for r in c["rows"]}
    fired = rows["rule.full harvest.fired"]
    assert fired["significant"] and fired["difference"]["value"] > 0
    assert any(v.startswith("full harvest: games where it fired") for v in c["verdicts"])
    assert "full harvest: games where it fired" in out
    moves = rows["shape.moves"]["difference"]
    assert moves["paired"] and moves["n"] == 40


def test_compare_arguments_are_checked(capsys) -> None:  # type: ignore[no-untyped-def]
    assert cli.split_variants(["-o", "a=1", "--against", "-o", "a=2", "-ob=x", "--against"]) == [
        {"a": 1},
        {"a": 2, "b": "x"},
        {},
    ]
    code, _, err = run_cli(capsys, ["compare", "four_fields", "-o", "full_harvest=true"])
    assert code == 2 and "at least two variants" in err
    code, _, err = run_cli(capsys, ["compare", "four_fields", "--against"])
    assert code == 2 and "same rules" in err
    code, _, err = run_cli(capsys, ["compare", "four_fields", "-o", "colour=red", "--against"])
    assert code == 2 and "no option colour" in err
    code, _, err = run_cli(capsys, ["compare", "four_fields", "--against", "stray"])
    assert code == 2 and "unexpected argument 'stray'" in err
    code, _, err = run_cli(capsys, ["report", "four_fields", "--out", "page.txt"])
    assert code == 2 and "HTML page" in err
    assert "Traceback" not in err


def test_report_says_what_it_needs_without_the_lab_extra(
    capsys, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setitem(sys.modules, "jinja2", None)  # as if not installed
    monkeypatch.delitem(sys.modules, "seedbed.lab.html", raising=False)
    code, _, err = run_cli(capsys, ["report", "four_fields", "-n", "1"])
    assert code == 2 and "seedbed[lab]" in err
