"""The option and budget checks that agent factories share (``agents/base.py``):
every bad value is a ``ValueError`` that names the agent, the option and the text."""

from __future__ import annotations

import pytest

import seedbed
from seedbed.agents.base import budget_options, check_budget, number_option, whole_option


@pytest.mark.parametrize(
    ("text", "low", "high", "message"),
    [
        ("abc", None, None, "agent 'a' option x takes a number, not 'abc'"),
        ("inf", None, None, "agent 'a' option x takes a number, not 'inf'"),
        ("nan", 0, 1, "agent 'a' option x takes a number from 0 to 1, not 'nan'"),
        ("1.5", 0, 1, "agent 'a' option x takes a number from 0 to 1, not '1.5'"),
        ("-0.5", 0, None, "agent 'a' option x takes a number >= 0, not '-0.5'"),
        ("3", None, 2.5, "agent 'a' option x takes a number <= 2.5, not '3'"),
    ],
)
def test_a_number_option_outside_its_range_says_what_it_takes(
    text: str, low: float | None, high: float | None, message: str
) -> None:
    with pytest.raises(ValueError) as info:
        number_option("a", "x", text, low, high)
    assert str(info.value) == message


def test_a_number_option_in_range_is_its_value() -> None:
    assert number_option("a", "x", "0.25", 0, 1) == 0.25
    assert number_option("a", "x", "1", 0, 1) == 1.0
    assert number_option("a", "x", "-7e3") == -7000.0


@pytest.mark.parametrize("text", ["", "-1", "+3", "1.0", " 2", "٣", "x"])
def test_a_whole_option_takes_digits_only(text: str) -> None:
    with pytest.raises(ValueError, match=r"agent 'a' option n takes a whole number, not "):
        whole_option("a", "n", text)


def test_a_whole_option_below_its_least_says_the_least() -> None:
    assert whole_option("a", "n", "0") == 0
    assert whole_option("a", "n", "12", 1) == 12
    with pytest.raises(ValueError, match=r"takes a whole number >= 1, not '0'"):
        whole_option("a", "n", "0", 1)


def test_a_spec_budget_is_iterations_or_time_or_both_else_the_default() -> None:
    assert budget_options("a", {}, 600) == (600, None)
    assert budget_options("a", {"iterations": "50"}, 600) == (50, None)
    assert budget_options("a", {"time": "0.5"}, 600) == (None, 0.5)
    assert budget_options("a", {"iterations": "50", "time": "2"}, 600) == (50, 2.0)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"iterations": "0"}, "option iterations takes a whole number >= 1, not '0'"),
        ({"iterations": "many"}, "option iterations takes a whole number >= 1, not 'many'"),
        ({"time": "0"}, "option time must be positive, not 0.0"),
        ({"time": "-1"}, "option time must be positive, not -1.0"),
        ({"time": "inf"}, "option time takes a number, not 'inf'"),
    ],
)
def test_a_bad_spec_budget_says_which_option_is_wrong(
    options: dict[str, str], message: str
) -> None:
    with pytest.raises(ValueError) as info:
        budget_options("a", options, 600)
    assert str(info.value) == f"agent 'a' {message}"


@pytest.mark.parametrize(
    ("iterations", "seconds", "message"),
    [
        (None, None, "s needs a budget: iterations= or time="),
        (0, None, "s iterations must be at least 1, not 0"),
        (None, 0.0, "s time must be a positive number of seconds, not 0.0"),
        (None, float("inf"), "s time must be a positive number of seconds, not inf"),
        (None, float("nan"), "s time must be a positive number of seconds, not nan"),
    ],
)
def test_a_search_refuses_a_budget_it_cannot_spend(
    iterations: int | None, seconds: float | None, message: str
) -> None:
    with pytest.raises(ValueError) as info:
        check_budget("s", iterations, seconds)
    assert str(info.value) == message
    check_budget("s", 1, None)
    check_budget("s", None, 0.01)
    check_budget("s", 5, 0.01)


@pytest.mark.parametrize("text", ["2", "-0.1", "nan", "inf", "lots"])
def test_the_heuristic_noise_is_a_number_from_0_to_1(text: str) -> None:
    with pytest.raises(ValueError) as info:
        seedbed.make_agent(f"heuristic:noise={text}")
    assert (
        str(info.value)
        == f"agent 'heuristic' option noise takes a number from 0 to 1, not {text!r}"
    )
    assert seedbed.make_agent("heuristic:noise=0.5").noise == 0.5  # type: ignore[attr-defined]
