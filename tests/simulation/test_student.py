"""Student's t quantiles in pure Python, behind the confidence intervals of means."""

from __future__ import annotations

import math
from statistics import NormalDist

import pytest
from hypothesis import given
from hypothesis import strategies as st

from commerce_rules.core.errors import CommerceError
from commerce_rules.simulation.student import _t_cdf as t_cdf
from commerce_rules.simulation.student import EXACT_MAX_DF, _expansion, t_quantile

# Two-sided 95% critical values t(0.975; df), from published tables (as R's qt(0.975, df) or SciPy's t.ppf give them).
TABLE = [
    (1, 12.706204736174694),
    (2, 4.302652729749462),
    (3, 3.1824463052837078),
    (4, 2.7764451051977934),
    (5, 2.5705818356363146),
    (10, 2.228138851986274),
    (30, 2.0422724563012378),
    (100, 1.9839715185235518),
    (1000, 1.9623390808264083),
    (10**6, 1.959966356814107),
]


@pytest.mark.parametrize(("df", "expected"), TABLE)
def test_t_quantile_matches_the_tables(df: int, expected: float) -> None:
    assert t_quantile(0.975, df) == pytest.approx(expected, rel=1e-9)


def test_t_quantile_tends_to_the_normal_quantile() -> None:
    assert t_quantile(0.975, 10**12) == pytest.approx(1.959963984540054, rel=1e-10)


@pytest.mark.parametrize("df", [1, 2, 7, 999, 1000, 1001, 5000, 10**5])
def test_t_quantile_inverts_the_distribution_function(df: int) -> None:
    for p in (0.6, 0.9, 0.975, 0.995):
        assert t_cdf(t_quantile(p, df), df) == pytest.approx(p, abs=1e-9)


def test_the_two_methods_agree_where_they_meet() -> None:
    # Exact sums up to EXACT_MAX_DF degrees of freedom, the expansion beyond: at the seam they agree.
    for p in (0.6, 0.975, 0.995):
        exact = t_quantile(p, EXACT_MAX_DF)
        assert _expansion(NormalDist().inv_cdf(p), EXACT_MAX_DF) == pytest.approx(exact, rel=1e-12)


@given(st.integers(1, 3000), st.floats(0.5, 0.999))
def test_t_quantile_is_symmetric_and_above_the_normal(df: int, p: float) -> None:
    t = t_quantile(p, df)
    assert t_quantile(1 - p, df) == pytest.approx(-t, abs=1e-9)
    assert t >= t_quantile(p, 10**9) - 1e-12  # heavier tails than the normal


@given(st.integers(1, 3000))
def test_t_quantile_falls_as_the_sample_grows(df: int) -> None:
    assert t_quantile(0.975, df + 1) < t_quantile(0.975, df)


def test_t_quantile_of_one_half_is_zero() -> None:
    assert t_quantile(0.5, 3) == 0.0
    assert t_cdf(0.0, 3) == 0.5


@pytest.mark.parametrize(("p", "df"), [(0.0, 3), (1.0, 3), (math.nan, 3), (0.9, 0), (0.9, -2), (1.5, 3)])
def test_bad_arguments_are_refused(p: float, df: int) -> None:
    with pytest.raises(CommerceError):
        t_quantile(p, df)
