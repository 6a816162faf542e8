"""The ``seedbed`` command end to end, on the toy engine (real games have their own)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli_kit import run_cli
from seedbed.cli.options import parse_agent_list, parse_options
from seedbed.core.records import Record


def test_parse_agent_list_keeps_agent_options_together() -> None:
    assert parse_agent_list("ismcts:time=1,rollout=heuristic,random") == [
        "ismcts:time=1,rollout=heuristic",
        "random",
    ]
    with pytest.raises(ValueError, match="no agent before it"):
        parse_agent_list("time=1")


def test_parse_options_reads_types() -> None:
    assert parse_options(["a=true", "b=3", "c=fields"]) == {"a": True, "b": 3, "c": "fields"}
    with pytest.raises(ValueError, match="NAME=VALUE"):
        parse_options(["oops"])


def test_unknown_game_is_one_clear_line(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    code, out, err = run_cli(capsys, ["rules", "sewm"])
    assert code == 2
    assert "Did you mean 'sewn'" in err
    assert "Traceback" not in err + out


def test_bad_option_is_one_clear_line(toy_registered, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    code, _, err = run_cli(capsys, ["simulate", "toy", "-o", "colour=red"])
    assert code == 2 and "no option colour" in err


def test_bad_agent_is_one_clear_line(toy_registered, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    code, _, err = run_cli(capsys, ["simulate", "toy", "--agents", "genius"])
    assert code == 2 and "no agent 'genius'" in err


def test_simulate_reports_and_writes_records(
    toy_registered, capsys, monkeypatch, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    out_file = tmp_path / "games.jsonl"
    code, out, _ = run_cli(
        capsys,
        ["simulate", "toy", "-p", "3", "-n", "12", "--seed", "4", "--out", str(out_file)],
    )
    assert code == 0
    assert "win share" in out and "by position in the turn order" in out
    assert "rules fired per game" in out and "tricks" in out
    lines = out_file.read_text().splitlines()
    assert len(lines) == 12
    first = json.loads(lines[0])
    rec = Record(**{k: first["record"][k] for k in ("game", "params", "seed", "moves", "scores")})
    assert rec.replay().scores() == first["scores"]


def test_simulate_refuses_to_overwrite_games_and_resumes_them(
    toy_registered, capsys, monkeypatch, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    out_file = tmp_path / "games.jsonl"
    args = ["simulate", "toy", "-n", "6", "--seed", "2", "--out", str(out_file)]
    assert run_cli(capsys, args)[0] == 0
    before = out_file.read_text()
    code, _, err = run_cli(capsys, args)
    assert code == 2 and "already holds games: add --resume" in err
    assert out_file.read_text() == before
    code, out, _ = run_cli(capsys, [*args, "--resume"])
    assert code == 0 and "(6 kept from before)" in " ".join(out.split())
    code, _, err = run_cli(capsys, [*args[:-2], "--resume"])
    assert code == 2 and "--resume needs --out" in err
    code, _, err = run_cli(
        capsys, ["simulate", "toy", "-n", "9", "--out", str(out_file), "--resume"]
    )
    assert code == 2 and "belongs to another run" in err


def test_simulate_statistics_are_honest(toy_registered, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Issue 13: no ``100.0% ± 0.0``, no ``± inf``; ratings get an interval; a table
    whose seats were forced says so."""
    code, out, _ = run_cli(capsys, ["simulate", "toy", "-n", "1", "-a", "random,heuristic"])
    assert code == 0
    assert "inf" not in out and "± 0.0" not in out
    assert "[n/a]" in out  # the mean of one game has no interval
    assert "sat in fixed seats" in out
    code, out, _ = run_cli(capsys, ["arena", "toy", "-a", "heuristic,random", "-n", "6", "--json"])
    data = json.loads(out)
    heuristic = data["agents"][0]
    assert heuristic["rating"]["low"] is not None or heuristic["win_share"]["value"] == 1
    assert "each agent sat in each position equally often" in data["positions_note"]
    for line in data["agents"]:
        share = line["win_share"]
        assert share["method"].startswith("wilson") and share["low"] < share["high"]


def test_simulate_json_is_the_same_for_any_worker_count(
    toy_registered, capsys, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    args = ["simulate", "toy", "-n", "10", "--seed", "9", "--json"]
    _, one, _ = run_cli(capsys, [*args, "--workers", "1"])
    _, two, _ = run_cli(capsys, [*args, "--workers", "2"])
    a, b = json.loads(one), json.loads(two)
    for d in (a, b):
        d.pop("seconds_per_game")
    assert a == b
    assert a["games"] == 10


def test_arena_plays_every_rotation(toy_registered, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = run_cli(
        capsys, ["arena", "toy", "--agents", "random,random", "-n", "3", "--json"]
    )
    assert code == 0
    data = json.loads(out)
    assert data["games"] == 6


def test_play_against_agents_with_mistakes_and_save(
    toy_registered, capsys, monkeypatch, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    save = tmp_path / "g.json"
    # Garbage, an out-of-range number, then always the first move.
    answers = "banana\n99\nhelp\n" + "1\n" * 10
    code, out, err = run_cli(
        capsys,
        ["play", "toy", "--seed", "5", "--save", str(save)],
        stdin=answers,
    )
    assert code == 0, err
    assert "not a card" in out or "not a legal" in out
    assert "there are moves 1 to" in out
    rec = Record.load(save)
    assert rec.scores is not None  # finished
    assert rec.players == ["human", "heuristic"]


def test_play_saves_and_resumes(toy_registered, capsys, monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    save = tmp_path / "g.json"
    code, _, _ = run_cli(
        capsys, ["play", "toy", "--seed", "6", "--save", str(save)], stdin="1\nquit\n"
    )
    assert code == 0
    partial = Record.load(save)
    assert partial.scores is None and len(partial.moves) >= 1
    code, _, _ = run_cli(capsys, ["play", "--resume", str(save)], stdin="1\n" * 10)
    assert code == 0
    assert Record.load(save).scores is not None


def test_hot_seat_hands_over(toy_registered, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = run_cli(
        capsys,
        ["play", "toy", "--opponents", "human", "--seed", "1"],
        stdin="\n1\n" * 12,
    )
    assert code == 0
    assert "Pass the screen to seat 1" in out


def test_replay_as_seat_and_spectator(toy_registered, capsys, monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    save = tmp_path / "g.json"
    run_cli(capsys, ["play", "toy", "--seed", "7", "--save", str(save)], stdin="1\n" * 10)
    code, out, _ = run_cli(capsys, ["replay", str(save), "--seat", "1"])
    assert code == 0 and "final" in out and "as seat 1" in out
    code, _, err = run_cli(capsys, ["replay", str(save), "--seat", "5"])
    assert code == 2 and "--seat must be 0 to 1" in err


def test_corrupt_record_is_one_clear_line(capsys, monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "bad.json"
    bad.write_text("{nope")
    code, _, err = run_cli(capsys, ["replay", str(bad)])
    assert code == 2 and "not a seedbed record" in err
    code, _, err = run_cli(capsys, ["replay", str(tmp_path / "missing.json")])
    assert code == 2 and "cannot read record" in err


def test_bench_prints_figures(toy_registered, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    args = ["bench", "toy", "--seconds", "0.05", "-p", "2", "--repeat", "2"]
    code, out, _ = run_cli(capsys, args)
    assert code == 0 and "decisions/s" in out and "best of 2" in out and "median" in out
    code, _, err = run_cli(capsys, ["bench", "toy", "--repeat", "0"])
    assert code == 2 and "repeat" in err


@pytest.mark.parametrize("game_id", ["four_fields", "harvest", "sewn", "sow"])
def test_every_game_has_a_rules_page(game_id: str, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = run_cli(capsys, ["rules", game_id])
    assert code == 0
    assert "ruling" in out.lower()
    assert len(out.splitlines()) > 40


def test_games_lists_every_game_and_option(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = run_cli(capsys, ["games"])
    assert code == 0
    for name in ("four_fields", "harvest", "sewn", "sow", "full_harvest", "harvest_cards_played"):
        assert name in out


def test_play_hints_show_ismcts_estimates(toy_registered, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = run_cli(
        capsys, ["play", "toy", "--seed", "3", "--hints"], stdin="hint\n" + "1\n" * 10
    )
    assert code == 0
    assert "estimated win share" in out


def test_hint_seconds_sets_the_search_time_and_turns_hints_on(
    toy_registered, capsys, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    from seedbed.agents import ismcts

    asked: list[float | None] = []
    real = ismcts.top_moves

    def spy(infoset, seconds=None, **kw):  # type: ignore[no-untyped-def]
        asked.append(seconds)
        return real(infoset, seconds=seconds, **kw)

    monkeypatch.setattr(ismcts, "top_moves", spy)
    code, out, _ = run_cli(
        capsys,
        ["play", "toy", "--seed", "3", "--hint-seconds", "0.05"],
        stdin="hint\n" + "1\n" * 10,
    )
    assert code == 0
    assert "estimated win share" in out
    assert asked == [0.05]


def _signal_from_a_playout(monkeypatch, signum: int) -> list[int]:  # type: ignore[no-untyped-def]
    """Make the 50th playout policy call of any search send ``signum`` to this process,
    from inside the policy: where a real signal lands most of the time in a search.
    Returns the call count (one item), to check that the signal was sent."""
    import os

    import seedbed.agents.heuristic as heuristic

    real = heuristic.compact_policy_for
    calls = [0]

    def signalling(game, sharp=False):  # type: ignore[no-untyped-def]
        policy = real(game, sharp)
        assert policy is not None

        def choose(view, player, legal, rng):  # type: ignore[no-untyped-def]
            calls[0] += 1
            if calls[0] == 50:
                os.kill(os.getpid(), signum)
            return policy(view, player, legal, rng)

        return choose

    monkeypatch.setattr(heuristic, "compact_policy_for", signalling)
    return calls


def test_a_ctrl_c_that_lands_inside_a_playout_still_stops_the_hint(
    capsys, monkeypatch, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    """The search plays a random move where a playout policy fails (a policy bug must
    not end a search); Ctrl-C reaching the process while a policy runs must still stop
    the hint, not be taken for such a failure."""
    import signal

    calls = _signal_from_a_playout(monkeypatch, signal.SIGINT)
    monkeypatch.chdir(tmp_path)  # quitting saves the game here
    code, out, _ = run_cli(
        capsys,
        ["play", "sewn", "--seed", "5", "--hint-seconds", "5"],
        stdin="hint\nquit\n",
    )
    assert calls[0] >= 50
    assert "hint stopped" in out
    assert "estimated win share" not in out
    assert code == 0


def test_a_sigterm_that_lands_inside_a_bots_playout_ends_the_game_saved(
    capsys, monkeypatch, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    """SIGTERM while a bot searches, inside a playout's policy: the game is saved and
    the process ends as SIGTERM asks, as it does at the prompt (the search's guard
    against failing policies must not take the signal for one)."""
    import signal

    calls = _signal_from_a_playout(monkeypatch, signal.SIGTERM)
    save = tmp_path / "g.json"
    code, out, _ = run_cli(
        capsys,
        [
            "play",
            "sewn",
            "--seed",
            "5",
            "--opponents",
            "ismcts:iterations=300",
            "--save",
            str(save),
        ],
        stdin="quit\n",
    )
    assert calls[0] >= 50
    assert "stopped by SIGTERM" in out
    assert code == 128 + signal.SIGTERM
    assert Record.load(save).moves == []  # the first bot was still thinking: nothing lost


@pytest.mark.parametrize("value", ["0", "-1", "many", "1000"])
def test_bad_hint_seconds_is_a_clear_error(capsys, value) -> None:  # type: ignore[no-untyped-def]
    code, out, err = run_cli(capsys, ["play", "toy", "--hint-seconds", value], stdin="")
    assert code == 2
    assert "--hint-seconds" in out + err
    assert "Traceback" not in out + err


def test_hint_without_hints_flag_explains(toy_registered, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = run_cli(capsys, ["play", "toy", "--seed", "3"], stdin="hint\n" + "1\n" * 10)
    assert code == 0
    assert "start the game with --hints" in out


@pytest.mark.parametrize(
    "command",
    # compare shares report's path (_lab), but the toy game has no option to vary.
    [["simulate", "toy"], ["arena", "toy", "-a", "random"], ["report", "toy"]],
    ids=lambda c: c[0],
)
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-n", "0"], "--games must be at least 1"),
        (["-w", "0"], "--workers must be at least 1"),
        (["--backend", "cloud"], "--backend must be one of local, ray, not 'cloud'"),
        (["--address", "ray://10.0.0.1:10001"], "--address is for --backend ray"),
    ],
    ids=["games", "workers", "backend", "address"],
)
def test_commands_that_play_many_games_check_their_shared_options_alike(
    toy_registered, capsys, monkeypatch, command: list[str], args: list[str], message: str
) -> None:  # type: ignore[no-untyped-def]
    code, out, err = run_cli(capsys, [*command, *args])
    assert code == 2 and message in err
    assert "Traceback" not in err + out
