"""The statistics module against known values.

Reference figures are textbook examples or closed forms worked out in each test's
docstring (checked by hand, and where noted against R's ``binom.test``/``t.test``).
"""

from __future__ import annotations

import math

import pytest

from seedbed.sim import stats


def test_wilson_matches_newcombe_1998() -> None:
    """Newcombe (1998), "Two-sided confidence intervals for the single proportion",
    Table I: 81 of 263 gives the Wilson score interval 0.2553 to 0.3662."""
    low, high = stats.wilson(81, 263)
    assert low == pytest.approx(0.2553, abs=5e-5)
    assert high == pytest.approx(0.3662, abs=5e-5)


def test_wilson_at_zero_and_all_never_collapses() -> None:
    """0 of n: the upper end is z²/(n + z²); for n = 20, 3.8415/23.8415 = 0.16113.
    n of n mirrors it. The normal approximation would give 0 ± 0 (the issue's
    ``100.0% ± 0.0``)."""
    assert stats.wilson(0, 20) == pytest.approx((0.0, 0.161125), abs=1e-6)
    assert stats.wilson(20, 20) == pytest.approx((0.838875, 1.0), abs=1e-6)


def test_wilson_formula_for_fractional_counts_agrees_with_scipy_at_integers() -> None:
    """The formula used for shared wins equals scipy's Wilson interval where both
    apply (nudging k by 1e-9 takes the formula path)."""
    for k, n in [(0, 7), (3, 7), (7, 7), (37, 100), (500, 1000)]:
        exact = stats.wilson(k, n)
        formula = stats.wilson(k - 1e-9 if k else 1e-9, n)
        assert formula == pytest.approx(exact, abs=1e-6)


def test_clopper_pearson_zero_of_twenty() -> None:
    """Exact upper limit for 0 of n is 1 - (α/2)^(1/n): 1 - 0.025^(1/20) = 0.168433
    (R: binom.test(0, 20)$conf.int)."""
    low, high = stats.clopper_pearson(0, 20)
    assert low == 0.0
    assert high == pytest.approx(1 - 0.025 ** (1 / 20), abs=1e-9)


def test_share_of_one_game_has_a_wide_interval_not_infinity() -> None:
    one = stats.share([1.0])
    assert one.mean == 1.0 and one.n == 1
    assert one.low == pytest.approx(0.2065, abs=1e-4) and one.high == 1.0
    assert one.format(percent=True) == "100.0% [20.7, 100.0]"
    assert stats.share([]).format() == "-"


def test_mean_interval_is_students_t() -> None:
    """1..5: mean 3, s = 1.5811, sem = 0.70711, t(0.975, 4) = 2.776445, so
    3 ± 1.96324 = [1.03676, 4.96324] (R: t.test(1:5)$conf.int)."""
    e = stats.mean([1, 2, 3, 4, 5])
    assert e.mean == 3
    assert e.low == pytest.approx(1.036757, abs=1e-6)
    assert e.high == pytest.approx(4.963243, abs=1e-6)
    assert e.format() == "3.0 [1.0, 5.0]"


def test_mean_of_one_value_has_no_interval() -> None:
    e = stats.mean([7.0])
    assert e.low is None and e.high is None and not e.has_interval
    assert e.format() == "7.0 [n/a]"
    assert e.to_json()["low"] is None


def test_mean_floor_cuts_an_interval_below_a_count_s_least_value() -> None:
    e = stats.mean([0, 0, 0, 0, 0, 0, 0, 0, 0, 1], floor=0)
    assert e.low == 0.0 and e.high is not None and e.high > 0.1


def test_mean_over_clusters_uses_one_sample_per_cluster() -> None:
    e = stats.mean([1, 3, 5, 7], clusters=["a", "a", "b", "b"])
    assert e.n == 2 and e.mean == 4  # the means of a and b: 2 and 6


def test_effective_size_of_clustered_shares() -> None:
    """Four deals each won by one agent in both games: p = 1/2, deal totals 2, 0, 2, 0,
    Σ(y - p·n)² = 4, var = m/(m-1)·4/N² = 4/3·4/64 = 1/12, n_eff = p(1-p)/var = 3:
    eight games worth three (perfectly correlated pairs), not eight.
    Anti-correlated pairs (one win each deal) have no variance: capped at the games."""
    vals = [1, 1, 0, 0, 1, 1, 0, 0]
    deals = [0, 0, 1, 1, 2, 2, 3, 3]
    assert stats.effective_size(vals, deals) == pytest.approx(3.0)
    assert stats.effective_size([1, 0] * 4, deals) == 8
    assert stats.effective_size(vals, None) == 8
    clustered = stats.share(vals, deals)
    independent = stats.share(vals)
    assert clustered.n_eff == pytest.approx(3.0)
    assert clustered.low is not None and independent.low is not None
    assert clustered.low < independent.low


def test_share_p_value_agrees_with_the_wilson_interval() -> None:
    """The score test's acceptance region is the Wilson interval: p < 0.05 exactly
    when the fair share lies outside the interval."""
    for k in range(0, 41, 3):
        e = stats.share([1.0] * k + [0.0] * (40 - k))
        for fair in (0.25, 1 / 3, 0.5):
            p = stats.share_p_value(e, fair)
            assert (p < 0.05) == e.excludes(fair), (k, fair, p, e)


def test_paired_difference_is_the_paired_t() -> None:
    """a = 1..4 against b = 0: d̄ = 2.5, s_d = 1.29099, t = 3.87298 on 3 df, p = 0.03047,
    95% interval 2.5 ± 3.182446·0.645497 = [0.44574, 4.55426] (R: t.test(a, b,
    paired = TRUE))."""
    d = stats.paired_difference([1, 2, 3, 4], [0, 0, 0, 0])
    assert d.estimate.mean == 2.5
    assert d.estimate.low == pytest.approx(0.445740, abs=1e-6)
    assert d.estimate.high == pytest.approx(4.554260, abs=1e-6)
    assert d.p_value == pytest.approx(0.030466, abs=1e-6)
    same = stats.paired_difference([1, 0, 1], [1, 0, 1])
    assert same.estimate.low == same.estimate.high == 0 and same.p_value == 1.0
    assert stats.paired_difference([1], [0]).estimate.low is None


def test_welch_difference() -> None:
    """Welch's t for [1, 2, 3] against [4, 5, 6]: difference -3, se = sqrt(1/3 + 1/3),
    t = -3.6742 on 4 df, p = 0.02131 (R: t.test(c(1,2,3), c(4,5,6)))."""
    d = stats.welch_difference([1, 2, 3], [4, 5, 6])
    assert d.estimate.mean == -3
    assert d.p_value == pytest.approx(0.021311, abs=1e-5)
    assert not d.paired


def test_false_discovery_is_benjamini_hochberg() -> None:
    """Sorted p = 0.005, 0.01, 0.03, 0.04 (m = 4): p·m/rank = 0.02, 0.02, 0.04, 0.04,
    then the running minimum from the top; nan is left alone."""
    q = stats.false_discovery([0.01, 0.04, 0.03, 0.005, math.nan])
    assert q[:4] == pytest.approx([0.02, 0.04, 0.04, 0.02])
    assert math.isnan(q[4])


def test_elo_and_rating_intervals() -> None:
    """Share 3/4 head to head: odds 3 against 1, 400·log10(3) = 190.85."""
    assert stats.elo_difference(0.75, 0.5) == pytest.approx(190.849, abs=1e-3)
    assert stats.elo_difference(1.0, 0.5) == math.inf
    r = stats.rating(stats.share([1.0] * 20), 0.5)
    assert r.value == math.inf and r.low is not None and r.low > 0
    assert r.format().startswith("> +")
    r = stats.rating(stats.share([1.0] * 15 + [0.0] * 5), 0.5)
    assert r.low is not None and r.high is not None and r.low < r.value < r.high
    assert "[" in r.format()
    assert stats.rating(stats.mean([0.5]), 0.5).format() == "+0 [n/a]"


def test_json_has_no_nan_or_infinity() -> None:
    import json

    for e in (stats.EMPTY, stats.mean([1.0]), stats.share([0.0, 1.0])):
        json.dumps(e.to_json(), allow_nan=False)
