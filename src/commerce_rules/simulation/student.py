"""Student's t quantiles in pure Python, for the confidence intervals of small samples' means.

A simulation of a few games has a mean whose spread is itself estimated from
those few games; the normal quantile (1.96) then gives intervals too narrow.
Student's t with ``n - 1`` degrees of freedom is the right multiplier, and
the runtime dependencies stay ``attrs`` and ``typing-extensions`` (no SciPy).

Up to :data:`EXACT_MAX_DF` degrees of freedom the distribution function is
the exact finite sum for a whole number of degrees of freedom (Abramowitz
and Stegun 26.7.3-4), inverted by bisection; beyond, the quantile is the
Cornish-Fisher expansion around the normal quantile (A&S 26.7.5), whose
error there is far below a float's precision.

>>> round(t_quantile(0.975, 1), 4), round(t_quantile(0.975, 10), 4), round(t_quantile(0.975, 10**6), 4)
(12.7062, 2.2281, 1.96)
"""

from __future__ import annotations

import math
from statistics import NormalDist
from typing import Final

from ..core.errors import ArgumentTypeError, CommerceError

__all__ = ["EXACT_MAX_DF", "t_quantile"]

EXACT_MAX_DF: Final = 1000
"""The most degrees of freedom for which the quantile is found from the exact distribution function."""

_BISECTIONS: Final = 80
"""Halvings of the angle's interval [0, π/2]: far more than a float's 53 bits need."""


def _central(theta: float, df: int) -> float:
    """P(|T| < √df·tan θ) for Student's T with ``df`` degrees of freedom (A&S 26.7.3 and 26.7.4)."""
    c, s = math.cos(theta), math.sin(theta)
    c2 = c * c
    if df % 2:  # odd: (2/π)(θ + sin θ (cos θ + 2/3 cos³θ + ... + cos^(df-2) θ))
        if df == 1:
            return 2 * theta / math.pi
        term = total = c
        for k in range(3, df - 1, 2):
            term *= c2 * (k - 1) / k
            total += term
        return 2 / math.pi * (theta + s * total)
    term = total = 1.0  # even: sin θ (1 + 1/2 cos²θ + (1·3)/(2·4) cos⁴θ + ... + cos^(df-2) θ)
    for k in range(2, df - 1, 2):
        term *= c2 * (k - 1) / k
        total += term
    return s * total


def _t_cdf(t: float, df: int) -> float:
    """P(T <= t), exactly (the finite sum: ``df // 2`` terms, so for moderate ``df`` only)."""
    half = _central(math.atan(abs(t) / math.sqrt(df)), df) / 2
    return 0.5 + half if t >= 0 else 0.5 - half


def _expansion(z: float, df: int) -> float:
    """The Cornish-Fisher expansion of the t quantile in powers of 1/df, around the normal quantile ``z``."""
    z2 = z * z
    g1 = (z2 + 1) * z / 4
    g2 = ((5 * z2 + 16) * z2 + 3) * z / 96
    g3 = (((3 * z2 + 19) * z2 + 17) * z2 - 15) * z / 384
    g4 = ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945) * z / 92160
    return z + (g1 + (g2 + (g3 + g4 / df) / df) / df) / df


def t_quantile(probability: float, df: int) -> float:
    """The ``t`` with P(T <= t) = ``probability`` for Student's T with ``df`` degrees of freedom.

    ``t_quantile(0.975, n - 1)`` is the multiplier of a two-sided 95%
    interval for the mean of ``n`` values. ``probability`` must lie strictly
    between 0 and 1 and ``df`` be a whole number of at least 1, or a
    :class:`~commerce_rules.core.errors.CommerceError` says which is wrong.
    """
    if isinstance(df, bool) or not isinstance(df, int):
        raise ArgumentTypeError(f"the degrees of freedom must be a whole number, not {type(df).__name__}")
    if df < 1:
        raise CommerceError(f"the degrees of freedom must be at least 1, not {df}")
    if not isinstance(probability, (int, float)) or not 0 < probability < 1:
        raise CommerceError(f"a quantile's probability must lie strictly between 0 and 1, not {probability!r}")
    if probability == 0.5:
        return 0.0
    if probability < 0.5:
        return -t_quantile(1 - probability, df)
    if df > EXACT_MAX_DF:
        return _expansion(NormalDist().inv_cdf(probability), df)
    target = 2 * probability - 1  # P(|T| < t)
    low, high = 0.0, math.pi / 2
    for _ in range(_BISECTIONS):
        middle = (low + high) / 2
        if _central(middle, df) < target:
            low = middle
        else:
            high = middle
    return math.sqrt(df) * math.tan((low + high) / 2)
