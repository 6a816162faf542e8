"""Statistics for simulation reports, over scipy.

Every figure a report shows is an :class:`Estimate`: the value, a 95% interval (or
none, shown as ``n/a``, where no interval exists, e.g. a mean of one game) and the
sample size. Which interval, and why:

* **Shares** (win share: a game is worth 1 to its winner, 1/k to each of k who share
  the win) get the **Wilson score interval**. Unlike the normal approximation
  (``p ± 1.96·sqrt(p(1-p)/n)``) it never leaves [0, 1] and does not collapse to
  ``100% ± 0`` when every game was won: 20 wins out of 20 give [83.9%, 100%].
  With integer counts it is :func:`scipy.stats.binomtest`'s ``proportion_ci``; for
  fractional counts (shared wins, an effective sample size) the same formula is
  evaluated here with scipy's normal quantile.
* **Games that are not independent** (the rotations of one duplicate deal share the
  cards) are handled with an effective sample size (Korn and Graubard 1998): the
  variance of the share is estimated over clusters (deals), and ``n_eff = p(1-p) /
  var``, at most the number of games, replaces ``n`` in the Wilson interval.
* **Means** (scores, lengths, rule counts) get Student's t interval over the samples,
  or over the cluster means when games are clustered.
* **Differences** between two variants played on the same seeds are paired: the t
  interval of the per-seed differences (:func:`paired_difference`). Pairs are
  independent across seeds, so this is valid whether or not the variant changes the
  deal; it is much narrower when the deal is unchanged.
* **p-values** come from the test that matches each interval (the score test for a
  Wilson interval, the t test for a t interval), so a verdict and its interval never
  disagree; :func:`false_discovery` adjusts a report's p-values together
  (Benjamini-Hochberg), so a report with 40 metrics does not cry wolf twice.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from scipy import stats as sps

CONFIDENCE = 0.95


def _z(confidence: float) -> float:
    return float(sps.norm.ppf(0.5 + confidence / 2))


@dataclass(frozen=True)
class Estimate:
    """A value with its confidence interval (``low``/``high`` are ``None`` where no
    interval exists) and the number of samples it rests on."""

    mean: float
    low: float | None
    high: float | None
    n: int
    method: str = "t"
    #: For a share: the effective number of independent games its interval used.
    n_eff: float | None = None

    @property
    def has_interval(self) -> bool:
        return self.low is not None and self.high is not None

    @property
    def half_width(self) -> float | None:
        """The larger distance from the value to an end of the interval."""
        if self.low is None or self.high is None:
            return None
        return max(self.mean - self.low, self.high - self.mean)

    def excludes(self, value: float) -> bool:
        """Whether ``value`` lies outside the interval (``False`` without one)."""
        if self.low is None or self.high is None:
            return False
        return value < self.low or value > self.high

    def format(self, percent: bool = False, digits: int = 1) -> str:
        """``41.2% [38.9, 43.5]``; ``7.0 [n/a]`` without an interval; ``-`` for no data."""
        if self.n == 0 or math.isnan(self.mean):
            return "-"
        scale, unit = (100.0, "%") if percent else (1.0, "")
        text = f"{self.mean * scale:.{digits}f}{unit}"
        if self.low is None or self.high is None:
            return f"{text} [n/a]"
        return f"{text} [{self.low * scale:.{digits}f}, {self.high * scale:.{digits}f}]"

    def to_json(self) -> dict[str, Any]:
        return {
            "value": _clean(self.mean),
            "low": _clean(self.low),
            "high": _clean(self.high),
            "n": self.n,
            "method": self.method,
            **({} if self.n_eff is None else {"n_eff": round(self.n_eff, 2)}),
        }


def _clean(x: float | None) -> float | None:
    """JSON has no NaN or infinity: those become ``null``."""
    if x is None or not math.isfinite(x):
        return None
    return float(x)


EMPTY = Estimate(math.nan, None, None, 0, "none")


# -- shares ------------------------------------------------------------------------
def wilson(successes: float, n: float, confidence: float = CONFIDENCE) -> tuple[float, float]:
    """The Wilson score interval for ``successes`` out of ``n`` trials.

    Integer counts go to scipy (``binomtest(k, n).proportion_ci(method="wilson")``);
    fractional ones (shared wins, an effective sample size) use the same formula.
    """
    if n <= 0:
        raise ValueError("a share needs at least one sample")
    if not 0 <= successes <= n:
        raise ValueError(f"successes {successes} must lie between 0 and n={n}")
    if float(successes).is_integer() and float(n).is_integer():
        ci = sps.binomtest(int(successes), int(n)).proportion_ci(confidence, method="wilson")
        return float(ci.low), float(ci.high)
    z = _z(confidence)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def clopper_pearson(successes: int, n: int, confidence: float = CONFIDENCE) -> tuple[float, float]:
    """The exact (Clopper-Pearson) interval, for integer counts."""
    ci = sps.binomtest(successes, n).proportion_ci(confidence, method="exact")
    return float(ci.low), float(ci.high)


def _cluster_variance_of_mean(values: Sequence[float], clusters: Sequence[Hashable]) -> float:
    """Variance of the overall mean when samples are grouped in ``clusters``: the ratio
    estimator's linearised variance, ``m/(m-1) · Σ_c (y_c - p·n_c)² / N²``."""
    total: dict[Hashable, float] = defaultdict(float)
    size: dict[Hashable, int] = defaultdict(int)
    for v, c in zip(values, clusters, strict=True):
        total[c] += v
        size[c] += 1
    m = len(total)
    big_n = len(values)
    p = math.fsum(values) / big_n
    if m < 2:
        return math.nan
    ss = math.fsum((total[c] - p * size[c]) ** 2 for c in total)
    return m / (m - 1) * ss / (big_n * big_n)


def effective_size(values: Sequence[float], clusters: Sequence[Hashable] | None) -> float:
    """How many independent games ``values`` are worth (Korn and Graubard): the number
    of games when they are independent, else ``p(1-p)`` over the variance of the mean,
    at most the number of games and at least the number of clusters' worth of one."""
    n = len(values)
    if clusters is None or len(set(clusters)) == n:
        return float(n)
    p = math.fsum(values) / n
    var = _cluster_variance_of_mean(values, clusters)
    if not var > 0 or p in (0.0, 1.0):
        return float(n)
    return float(min(n, max(1.0, p * (1 - p) / var)))


def share(
    values: Sequence[float],
    clusters: Sequence[Hashable] | None = None,
    confidence: float = CONFIDENCE,
) -> Estimate:
    """The mean of ``values`` (each in [0, 1]) with a Wilson interval; games in the same
    cluster (e.g. the rotations of one deal) are not counted as independent."""
    n = len(values)
    if n == 0:
        return EMPTY
    p = math.fsum(values) / n
    p = min(1.0, max(0.0, p))
    n_eff = effective_size(values, clusters)
    low, high = wilson(p * n_eff if n_eff != n else math.fsum(values), n_eff, confidence)
    method = "wilson" if n_eff == n else "wilson, effective n"
    return Estimate(p, low, high, n, method, n_eff)


def share_p_value(est: Estimate, expected: float, confidence: float = CONFIDENCE) -> float:
    """Two-sided p-value of the score test of "the true share is ``expected``", the test
    whose acceptance region is the Wilson interval, so it is below ``1 - confidence``
    exactly when the interval excludes ``expected`` (up to rounding)."""
    if est.n == 0 or est.low is None or est.high is None:
        return math.nan
    if not 0 < expected < 1:
        raise ValueError("expected share must lie strictly between 0 and 1")
    n_eff = est.n_eff if est.n_eff is not None else est.n
    z = (est.mean - expected) / math.sqrt(expected * (1 - expected) / n_eff)
    return float(2 * sps.norm.sf(abs(z)))


# -- means --------------------------------------------------------------------------
def mean(
    values: Sequence[float],
    clusters: Sequence[Hashable] | None = None,
    confidence: float = CONFIDENCE,
    floor: float | None = None,
) -> Estimate:
    """The mean with Student's t interval; with ``clusters``, over the cluster means
    (each cluster one sample). No interval (``n/a``) from fewer than two samples.
    ``floor`` is the least value possible (0 for counts): the t interval, which knows
    no bounds, is cut there."""
    if clusters is not None and len(set(clusters)) < len(values):
        groups: dict[Hashable, list[float]] = defaultdict(list)
        for v, c in zip(values, clusters, strict=True):
            groups[c].append(v)
        samples = [math.fsum(g) / len(g) for g in groups.values()]
        method = "t over clusters"
    else:
        samples = list(values)
        method = "t"
    n = len(samples)
    if n == 0:
        return EMPTY
    m = math.fsum(samples) / n
    if n == 1:
        return Estimate(m, None, None, 1, method)
    sem = float(sps.sem(samples))
    if sem == 0:
        return Estimate(m, m, m, n, method)
    low, high = sps.t.interval(confidence, n - 1, loc=m, scale=sem)
    if floor is not None:
        low = max(floor, low)
    return Estimate(m, float(low), float(high), n, method)


@dataclass(frozen=True)
class Difference:
    """``a - b`` with its interval and the two-sided p-value of "no difference"."""

    estimate: Estimate
    p_value: float
    #: Whether ``a`` and ``b`` were paired (same seed, same agents).
    paired: bool

    def to_json(self) -> dict[str, Any]:
        return {**self.estimate.to_json(), "p": _clean(self.p_value), "paired": self.paired}


def paired_difference(
    a: Sequence[float], b: Sequence[float], confidence: float = CONFIDENCE
) -> Difference:
    """Mean of ``a[i] - b[i]`` with the paired t interval and test
    (:func:`scipy.stats.ttest_rel`). All differences zero: the interval is [0, 0]
    and p = 1; fewer than two pairs: no interval."""
    if len(a) != len(b):
        raise ValueError("paired samples must have the same length")
    d = [x - y for x, y in zip(a, b, strict=True)]
    n = len(d)
    if n == 0:
        return Difference(EMPTY, math.nan, True)
    m = math.fsum(d) / n
    if n == 1:
        return Difference(Estimate(m, None, None, 1, "paired t"), math.nan, True)
    if all(x == d[0] for x in d):
        p = 1.0 if d[0] == 0 else 0.0
        return Difference(Estimate(m, m, m, n, "paired t"), p, True)
    res = sps.ttest_rel(np.asarray(a, dtype=float), np.asarray(b, dtype=float))
    ci = res.confidence_interval(confidence)
    return Difference(
        Estimate(m, float(ci.low), float(ci.high), n, "paired t"), float(res.pvalue), True
    )


def welch_difference(
    a: Sequence[float], b: Sequence[float], confidence: float = CONFIDENCE
) -> Difference:
    """Mean of ``a`` minus mean of ``b`` for independent samples (Welch's t)."""
    if len(a) < 2 or len(b) < 2:
        m = (math.fsum(a) / len(a) if a else math.nan) - (math.fsum(b) / len(b) if b else math.nan)
        return Difference(Estimate(m, None, None, min(len(a), len(b)), "Welch t"), math.nan, False)
    m = math.fsum(a) / len(a) - math.fsum(b) / len(b)
    if float(np.var(a)) == 0 and float(np.var(b)) == 0:
        return Difference(
            Estimate(m, m, m, min(len(a), len(b)), "Welch t"), 1.0 if m == 0 else 0.0, False
        )
    res = sps.ttest_ind(np.asarray(a, float), np.asarray(b, float), equal_var=False)
    ci = res.confidence_interval(confidence)
    return Difference(
        Estimate(m, float(ci.low), float(ci.high), min(len(a), len(b)), "Welch t"),
        float(res.pvalue),
        False,
    )


def false_discovery(p_values: Sequence[float]) -> list[float]:
    """Benjamini-Hochberg adjusted p-values (``nan`` stays ``nan``), via
    :func:`scipy.stats.false_discovery_control`."""
    idx = [i for i, p in enumerate(p_values) if not math.isnan(p)]
    out = [math.nan] * len(p_values)
    if idx:
        adj = sps.false_discovery_control([p_values[i] for i in idx], method="bh")
        for i, q in zip(idx, adj, strict=True):
            out[i] = float(q)
    return out


# -- ratings -------------------------------------------------------------------------
def elo_difference(share: float, fair_share: float) -> float:
    """Elo-style rating difference implied by winning ``share`` where ``fair_share`` is
    what an equal player would win (1/2 head to head, 1/n among n players): the odds
    of the share against the odds of the fair share on Elo's 400·log10 scale.
    Infinite at a share of 0 or 1 (no finite rating explains it)."""
    if not 0 < fair_share < 1:
        raise ValueError("the fair share must lie strictly between 0 and 1")
    if share <= 0:
        return -math.inf
    if share >= 1:
        return math.inf
    return 400.0 * math.log10((share / (1 - share)) / (fair_share / (1 - fair_share)))


@dataclass(frozen=True)
class Rating:
    """An Elo-style rating difference with the interval mapped from its share's."""

    value: float
    low: float | None
    high: float | None

    def format(self) -> str:
        def sign(x: float) -> str:
            return f"{x:+.0f}"

        if self.low is None or self.high is None:
            return "n/a" if not math.isfinite(self.value) else f"{sign(self.value)} [n/a]"
        if self.value == math.inf:
            return f"> {sign(self.low)}"
        if self.value == -math.inf:
            return f"< {sign(self.high)}"
        low = sign(self.low) if math.isfinite(self.low) else "-inf"
        high = sign(self.high) if math.isfinite(self.high) else "+inf"
        return f"{sign(self.value)} [{low}, {high}]"

    def to_json(self) -> dict[str, Any]:
        return {"value": _clean(self.value), "low": _clean(self.low), "high": _clean(self.high)}


def rating(share_est: Estimate, fair_share: float) -> Rating:
    """The rating a share implies, with its interval: the Elo transform is monotone, so
    the ends of the share's interval map to the ends of the rating's."""
    value = elo_difference(share_est.mean, fair_share)
    if share_est.low is None or share_est.high is None:
        return Rating(value, None, None)
    return Rating(
        value,
        elo_difference(share_est.low, fair_share),
        elo_difference(share_est.high, fair_share),
    )


# -- distributions -------------------------------------------------------------------
def quantiles(values: Sequence[float], qs: Sequence[float] = (0.1, 0.5, 0.9)) -> list[float]:
    """Sample quantiles (numpy's default linear interpolation)."""
    if not values:
        return [math.nan for _ in qs]
    return [float(x) for x in np.quantile(np.asarray(values, float), list(qs))]
