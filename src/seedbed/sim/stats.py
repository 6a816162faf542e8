"""Small statistics for simulation reports: means with normal-approximation 95% CIs."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Estimate:
    """A mean with the half-width of its 95% confidence interval and the sample size."""

    mean: float
    half_width: float
    n: int

    @property
    def low(self) -> float:
        return self.mean - self.half_width

    @property
    def high(self) -> float:
        return self.mean + self.half_width

    def format(self, percent: bool = False, digits: int = 1) -> str:
        if self.n == 0:
            return "-"
        scale, unit = (100.0, "%") if percent else (1.0, "")
        return f"{self.mean * scale:.{digits}f}{unit} ± {self.half_width * scale:.{digits}f}"


def estimate(values: Sequence[float]) -> Estimate:
    """Mean of ``values`` with a 95% CI from the sample standard deviation.

    For simulation results the samples are independent games (or independent blocks
    of games, e.g. duplicate deals), so the normal approximation is sound once there
    are a few dozen of them; with fewer the interval is only indicative.
    """
    n = len(values)
    if n == 0:
        return Estimate(0.0, 0.0, 0)
    mean = math.fsum(values) / n
    if n == 1:
        return Estimate(mean, math.inf, 1)
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    return Estimate(mean, Z95 * math.sqrt(var / n), n)


def elo_difference(share: float, fair_share: float) -> float:
    """Elo-style rating difference implied by winning ``share`` where ``fair_share`` is
    what an equal player would win (1/2 head to head, 1/n among n players).

    The odds of the observed share against the odds of the fair share, on Elo's
    400·log10 scale; clipped so that 0% and 100% give large finite numbers.
    """
    p = min(max(share, 1e-3), 1 - 1e-3)
    odds = p / (1 - p)
    fair_odds = fair_share / (1 - fair_share)
    return 400.0 * math.log10(odds / fair_odds)
