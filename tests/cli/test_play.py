"""``seedbed play`` and ``replay``: saving, resuming, quitting, hints, what people type."""

from __future__ import annotations

import json
import os
import random
import subprocess
from pathlib import Path

import pytest

from cli_kit import run_cli
from seedbed.cli import play
from seedbed.cli.notation import read_move
from seedbed.cli.play import SeatSpec, resumed_seats
from seedbed.core.cards import canonical_card_tokens, display_notation
from seedbed.core.errors import NotationError
from seedbed.core.records import Record
from seedbed.core.registry import available_games, load


# -- saving -----------------------------------------------------------------------------
def test_save_refuses_to_overwrite_another_game(
    toy_registered, capsys, monkeypatch, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    save = tmp_path / "long.json"
    run_cli(capsys, ["play", "toy", "--seed", "1", "--save", str(save)], "1\n" * 10)
    before = save.read_text()
    assert Record.load(save).scores is not None
    code, _, err = run_cli(capsys, ["play", "toy", "--seed", "2", "--save", str(save)], "1\n" * 10)
    assert code == 2
    assert "holds another game" in err and "--resume" in err and "another file" in err
    assert save.read_text() == before
    # Not a record at all: refused too, and left alone.
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    code, _, err = run_cli(capsys, ["play", "toy", "--save", str(notes)], "1\n")
    assert code == 2 and "not a seedbed game record" in err
    assert notes.read_text() == "my notes\n"


def test_save_after_every_move_and_resume_continue_one_file(
    toy_registered, capsys, monkeypatch, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    save = tmp_path / "g.json"
    code, out, _ = run_cli(capsys, ["play", "toy", "--seed", "6", "--save", str(save)], "1\n")
    assert code == 0 and "end of input: the game is saved in" in out
    moves = len(Record.load(save).moves)
    assert moves >= 1  # the human's move and the agent's reply, saved as they happened
    code, out, _ = run_cli(capsys, ["play", "--resume", str(save)], "1\n" * 10)
    assert code == 0 and f"at move {moves}" in out
    assert Record.load(save).scores is not None
    assert not list(tmp_path.glob(".*.tmp"))  # no temporary file left behind


@pytest.mark.parametrize("extra", [0, 7, 30, 90])
def test_a_long_save_path_is_printed_whole_on_one_line(
    extra, toy_registered, capsys, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    # A path broken over two lines cannot be copied into the resume command; the
    # terminal wraps long lines itself, where the eye sees them but the copy does not.
    folder = tmp_path / ("d" * (1 + extra))
    folder.mkdir()
    save = folder / "g.json"
    run_cli(capsys, ["play", "toy", "--seed", "6", "--save", str(save)], "1\n")
    moves = len(Record.load(save).moves)
    code, out, _ = run_cli(capsys, ["play", "--resume", str(save)], "1\n" * 10)
    lines = out.splitlines()
    assert code == 0
    assert any(str(save) in line and f"at move {moves}" in line for line in lines)
    assert any(f"'seedbed replay {save}'" in line for line in lines)


def test_save_command_sends_later_moves_to_the_new_file(
    toy_registered, capsys, monkeypatch, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    code, out, _ = run_cli(
        capsys,
        ["play", "toy", "--seed", "4", "--save", str(first)],
        f"save {second}\n" + "1\n" * 10,
    )
    assert code == 0 and "every move from now on is saved there" in out
    assert Record.load(second).scores is not None  # the whole game
    assert Record.load(first).scores is None  # left where the switch happened


def test_save_command_refuses_another_game_and_keeps_playing(
    toy_registered, capsys, monkeypatch, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    other = tmp_path / "other.json"
    run_cli(capsys, ["play", "toy", "--seed", "1", "--save", str(other)], "1\n" * 10)
    kept = other.read_text()
    code, out, _ = run_cli(capsys, ["play", "toy", "--seed", "9"], f"save {other}\n" + "1\n" * 10)
    assert code == 0 and "holds another game" in " ".join(out.split())
    assert other.read_text() == kept


@pytest.mark.parametrize("failure", [OSError(28, "No space left on device"), KeyboardInterrupt()])
def test_a_save_cut_short_leaves_the_old_record_whole(
    toy_registered, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failure: BaseException
) -> None:  # type: ignore[no-untyped-def]
    """A full disk or a Ctrl-C in the middle of writing: the file keeps the last good
    record and no temporary file is left beside it."""
    import os

    state = load("toy").new_state(3)
    path = tmp_path / "g.json"
    Record.from_state(state).save(path)
    before = path.read_text()
    state.apply_action(state.legal_actions()[0])

    def cut(_fd: int) -> None:
        raise failure

    monkeypatch.setattr(os, "fsync", cut)
    with pytest.raises((ValueError, KeyboardInterrupt)) as info:
        Record.from_state(state).save(path)
    if isinstance(failure, OSError):
        assert "cannot write record" in str(info.value) and "No space" in str(info.value)
    assert path.read_text() == before
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"]


def test_quit_without_a_save_file_warns_first(
    toy_registered, capsys, monkeypatch, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    code, out, _ = run_cli(capsys, ["play", "toy", "--seed", "2"], "1\nquit\nquit\n")
    assert code == 0
    assert "this game is not saved" in out and out.index("not saved") < out.index("bye")
    assert not list(tmp_path.iterdir())  # quitting twice means: do not save
    # Anything between the two quits asks again.
    code, out, _ = run_cli(capsys, ["play", "toy", "--seed", "2"], "1\nquit\nhistory\nquit\n")
    assert out.count("this game is not saved") == 2 and "bye" not in out


def test_end_of_input_without_a_save_file_keeps_the_game(
    toy_registered, capsys, monkeypatch, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    code, out, _ = run_cli(capsys, ["play", "toy", "--seed", "2"], "1\n")
    assert code == 0 and "so it is now in" in out
    (saved,) = tmp_path.glob("seedbed-toy-2*.json")
    assert Record.load(saved).moves


# -- resuming ---------------------------------------------------------------------------
@pytest.fixture
def half_game(toy_registered, capsys, monkeypatch, tmp_path) -> Path:  # type: ignore[no-untyped-def]
    save = tmp_path / "half.json"
    run_cli(capsys, ["play", "toy", "-p", "3", "--seed", "6", "--save", str(save)], "1\n")
    assert Record.load(save).scores is None
    return save


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["four_fields"], "holds a toy game, not four_fields"),
        (["--players", "2"], "is a 3-player game: --players 2"),
        (["--seed", "7"], "was dealt from seed 6, not 7"),
        (["-o", "colour=red"], "no option colour"),
    ],
)
def test_resume_rejects_what_would_change_the_game(
    half_game, capsys, monkeypatch, extra, message
) -> None:  # type: ignore[no-untyped-def]
    args = ["play", *extra[:1], "--resume", str(half_game), *extra[1:]]
    if extra[0].startswith("-"):
        args = ["play", "--resume", str(half_game), *extra]
    code, _, err = run_cli(capsys, args, "1\n" * 10)
    assert code == 2 and message in err, err


def test_resume_accepts_what_matches(half_game, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    code, _, err = run_cli(
        capsys,
        ["play", "toy", "--resume", str(half_game), "-p", "3", "--seed", "6"],
        "1\n" * 10,
    )
    assert code == 0, err
    assert Record.load(half_game).scores is not None


def test_resume_may_change_who_plays(half_game, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    code, out, err = run_cli(
        capsys,
        ["play", "--resume", str(half_game), "--seat", "2", "--opponents", "random"],
        "1\n" * 10,
    )
    assert code == 0, err
    assert "seat 2: human" in out and "seat 0: random" in out
    assert Record.load(half_game).players == ["random", "random", "human"]


def test_resumed_seats_move_the_person_and_keep_the_agents() -> None:
    recorded = ["human", "heuristic", "random"]
    assert resumed_seats(recorded, 3, None, None) == [SeatSpec.parse(x) for x in recorded]
    moved = resumed_seats(recorded, 3, 2, None)
    assert [s.label for s in moved] == ["random", "heuristic", "human"]
    hot = resumed_seats(["human", "human", "random"], 3, 2, None)
    assert [s.label for s in hot] == ["human", "human", "human"]
    assert [s.label for s in resumed_seats(None, 3, 1, None)] == ["heuristic", "human", "heuristic"]
    with pytest.raises(ValueError, match="--seat must be 0 to 2"):
        resumed_seats(recorded, 3, 5, None)


def test_resume_rejects_unknown_formats_and_wrong_player_lists(
    toy_registered, capsys, monkeypatch, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    state = load("toy").new_state(1)
    data = Record.from_state(state, players=["human", "random"]).to_dict()
    for change, message in (
        ({"format": 99}, "record format 99 is not one"),
        ({"players": ["human", "random", "random"]}, "names 3 players for a 2-player"),
    ):
        path = tmp_path / "bad.json"
        path.write_text(json.dumps({**data, **change}))
        code, _, err = run_cli(capsys, ["play", "--resume", str(path)], "1\n")
        assert code == 2 and message in err, err


# -- what people type --------------------------------------------------------------------
def _random_states(gid: str, count: int, seed: int = 0):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    game = load(gid)
    for k in range(count):
        state = game.new_state(k)
        while not state.is_terminal():
            yield state
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("gid", available_games())
def test_every_move_reads_back_from_its_display_form_and_its_shortest_start(gid: str) -> None:
    checked = 0
    for i, state in enumerate(_random_states(gid, 3)):
        if i % 10:
            continue
        legal = state.legal_actions()
        names = {a: state.action_to_string(a) for a in legal}
        words = {a: canonical_card_tokens(n).split() for a, n in names.items()}
        for a in legal if len(legal) <= 20 else random.Random(i).sample(legal, 20):
            assert read_move(state, display_notation(names[a])) == a
            for k in range(1, len(words[a])):
                if sum(w[:k] == words[a][:k] for w in words.values()) == 1:
                    prefix = " ".join(words[a][:k])
                    try:
                        meant = state.string_to_action(prefix)
                    except NotationError:
                        meant = a
                    assert read_move(state, prefix) == meant
                    checked += 1
                    break
    assert checked > 0 or gid == "sewn"


def test_four_fields_reads_an_unambiguous_start_of_a_move() -> None:
    """The issue's example: ``jc harvest f1`` for the one harvest with the JC in f1."""
    for state in _random_states("four_fields", 30):
        names = [state.action_to_string(a) for a in state.legal_actions()]
        starts: dict[str, list[str]] = {}
        for name in names:
            head = name.split(":")[0]
            if " harvest " in head:
                starts.setdefault(head, []).append(name)
        for head, full in starts.items():
            if len(full) == 1 and full[0] != head:
                with pytest.raises(NotationError):
                    state.string_to_action(head.lower())
                action = read_move(state, head.lower())
                assert state.action_to_string(action) == full[0]
                return
    pytest.fail("no state with a single harvest behind a shorter start")


def test_an_ambiguous_start_lists_the_moves_and_says_how_to_see_all() -> None:
    for state in _random_states("four_fields", 30):
        legal = state.legal_actions()
        if len(legal) <= 20:
            continue
        first = canonical_card_tokens(state.action_to_string(legal[0])).split()[0]
        fits = [
            a for a in legal if canonical_card_tokens(state.action_to_string(a)).split()[0] == first
        ]
        if len(fits) > 12:
            with pytest.raises(NotationError, match="'moves' lists every move") as info:
                read_move(state, first)
            assert f"starts {len(fits)} moves" in str(info.value)
            with pytest.raises(NotationError, match="'moves' lists them all"):
                read_move(state, "banana")
            return
    pytest.fail("no state with more than 12 moves starting alike")


def test_hints_are_sorted_by_the_value_shown(toy_registered, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(
        play, "_default_hints", lambda state, player: [("AS", 0.2), ("2H", 0.9), ("3C", 0.5)]
    )
    code, out, _ = run_cli(capsys, ["play", "toy", "--seed", "3", "--hints"], "hint\n" + "1\n" * 10)
    assert code == 0
    lines = [ln for ln in out.splitlines() if "estimated win share" in ln]
    assert [ln.split(":")[1].strip() for ln in lines] == [
        "estimated win share 90%",
        "estimated win share 50%",
        "estimated win share 20%",
    ]
    assert "2♥" in lines[0] and "A♠" in lines[2]  # in the display form


def test_history_shows_what_the_seat_was_told(capsys, monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The issue's SEWN example: another seat's plant is ``plant ?`` in ``history``."""
    game = load("sewn")
    for seed in range(40):
        state = game.new_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            p = state.current_player()
            if p != 0 and any("plant" in state.action_to_string(a) for a in state.legal_actions()):
                break
            state.apply_action(rng.choice(state.legal_actions()))
        else:
            continue
        hidden = [state.action_to_string(a) for a in state.legal_actions()]
        state.apply_action(state.legal_actions()[0])
        while state.current_player() not in (0, None):
            state.apply_action(state.legal_actions()[0])
        path = tmp_path / "g.json"
        Record.from_state(state, players=["human", "random", "random", "random"]).save(path)
        code, out, _ = run_cli(capsys, ["play", "--resume", str(path)], "history\nquit\n")
        assert code == 0
        assert "plant ?" in out
        shown = out.split("South (human) > ")[1]
        for move in hidden:
            assert display_notation(move) not in shown, move
        return
    pytest.fail("no SEWN deal reached a plant by another seat")


# -- the other commands ---------------------------------------------------------------------
def test_replay_reads_a_simulate_out_file(toy_registered, capsys, monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    lines = tmp_path / "games.jsonl"
    run_cli(capsys, ["simulate", "toy", "-n", "3", "--out", str(lines)])
    code, _, err = run_cli(capsys, ["replay", str(lines)])
    assert code == 2 and "holds 3 games: choose one with --game N (1 to 3)" in err
    code, out, _ = run_cli(capsys, ["replay", str(lines), "--game", "2", "--seat", "1"])
    assert code == 0 and "game 2 of 3" in out and "final" in out
    seed = json.loads(lines.read_text().splitlines()[1])["record"]["seed"]
    assert f"seed {seed}," in out  # the second line is the one replayed
    code, _, err = run_cli(capsys, ["replay", str(lines), "--game", "4"])
    assert code == 2 and "--game must be 1 to 3" in err
    broken = tmp_path / "broken.jsonl"
    broken.write_text(lines.read_text().splitlines()[0] + "\n{oops\n")
    code, _, err = run_cli(capsys, ["replay", str(broken), "--game", "1"])
    assert code == 2 and "line 2 is not valid JSON" in err


@pytest.mark.parametrize("seconds", ["0", "-1", "nan", "inf"])
def test_bench_rejects_times_that_are_not_positive(seconds: str, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    code, _, err = run_cli(capsys, ["bench", "sow", "--seconds", seconds])
    assert code == 2 and "--seconds must be a time above 0" in err


def test_bench_checks_every_configuration_before_timing(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    code, out, err = run_cli(capsys, ["bench", "--players", "3", "--seconds", "5"])
    assert code == 2 and "sewn is for 4 players, not 3" in err and "decisions" not in out


def test_the_menu_accepts_quit_and_end_of_input(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = run_cli(capsys, ["play"], "quit\n")
    assert code == 0
    code, out, err = run_cli(capsys, ["play"], "")
    assert code == 0 and "no game chosen" in out and not err
    code, out, _ = run_cli(capsys, ["play"], "2\nquit\n")
    assert code == 0


@pytest.mark.parametrize("gid", available_games())
def test_print_state_is_plain_text(gid: str) -> None:
    state = load(gid).new_state(1)
    text = str(state)
    assert text.strip()
    assert "[/" not in text and "[bold" not in text and "[red" not in text


def test_make_play_says_the_engines_compile_before_it_starts() -> None:
    root = Path(__file__).resolve().parents[2]
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    out = subprocess.run(
        ["make", "--no-print-directory", "-n", "-B", "play"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.replace("\\\n", "")
    first = out.splitlines()[0]
    assert first.startswith("echo") and "compiling" in first and "minutes" in first
    assert out.index("compiling") < out.index("pip install")


def test_scores_unknown_to_a_seat_are_not_printed_in_replay(capsys, monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """SOW scores depend on hidden favourite colours: an unfinished replay as a seat
    shows ``?`` for the others."""
    game = load("sow", players=3)
    state = game.new_state(4)
    rng = random.Random(4)
    for _ in range(30):
        state.apply_action(rng.choice(state.legal_actions()))
    known = state.scores_for(0)
    path = tmp_path / "sow.json"
    Record.from_state(state).save(path)
    code, out, _ = run_cli(capsys, ["replay", str(path), "--seat", "0"])
    assert code == 0
    line = next(ln for ln in out.splitlines() if "scores so far" in ln)
    for p, value in enumerate(known):
        shown = line.split(f"{game.seat_name(p)}: ")[1].split(",")[0].strip()
        assert shown == ("?" if value is None else f"{value:g}")


def test_a_save_file_that_cannot_be_written_stops_before_the_game(
    toy_registered, capsys, monkeypatch, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    code, out, err = run_cli(
        capsys, ["play", "toy", "--save", str(tmp_path / "no" / "g.json")], "1\n"
    )
    assert code == 2 and "cannot write record" in err and "plays" not in out


def test_saves_failing_mid_game_are_reported_once_and_quit_then_warns(
    toy_registered, capsys, monkeypatch, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    from seedbed.core.errors import RecordError

    save = tmp_path / "g.json"
    real_save = Record.save
    calls = []

    def flaky(self: Record, path: Path) -> None:
        calls.append(path)
        if len(calls) > 1:
            raise RecordError(f"cannot write record {str(path)!r}: No space left on device")
        real_save(self, path)

    monkeypatch.setattr(Record, "save", flaky)
    monkeypatch.chdir(tmp_path)
    code, out, _ = run_cli(
        capsys,
        ["play", "toy", "-p", "3", "--seed", "2", "--save", str(save)],
        "1\nquit\nquit\n",
    )
    flat = " ".join(out.split())
    assert code == 0
    assert flat.count("could not save") == 1 and "the game goes on" in flat
    assert "this game is not saved" in flat and "bye" in flat
