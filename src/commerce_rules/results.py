"""What a simulation reports: per-seat estimates with 95% intervals, and the records they come from.

Kept apart from the playing (:mod:`commerce_rules.simulate`): these are plain
values and the statistics over them, with no executor or bot in sight.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import attrs

from .rules import Rules
from .student import t_quantile
from .variant import variant_of
from .words import plural

__all__ = ["Distribution", "Estimate", "GameRecord", "SimulationResult", "summarise", "wilson_interval"]

_Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


@attrs.frozen
class Estimate:
    """A statistic with its 95% confidence interval: ``low <= value <= high``.

    A mean of a single game has no interval: ``low`` and ``high`` are then
    ``-inf`` and ``inf``, printed ``n/a``.
    """

    value: float
    low: float
    high: float

    def __contains__(self, x: float) -> bool:
        return self.low <= x <= self.high

    def __str__(self) -> str:
        if math.isinf(self.low) or math.isinf(self.high):
            return f"{self.value:.3f} [n/a]"
        return f"{self.value:.3f} [{self.low:.3f}, {self.high:.3f}]"


@attrs.frozen
class Distribution:
    """A summary of a sample of whole numbers: mean, spread and quantiles (nearest rank)."""

    count: int
    mean: float
    std: float
    """The sample standard deviation (0 for fewer than two values)."""
    minimum: int
    p10: int
    median: int
    p90: int
    maximum: int

    def __str__(self) -> str:
        return (
            f"mean {self.mean:.2f} (sd {self.std:.2f}), min {self.minimum}, p10 {self.p10}, "
            f"median {self.median}, p90 {self.p90}, max {self.maximum}"
        )


@attrs.frozen
class GameRecord:
    """What one match left behind, as :func:`play_game` returns it (small, picklable)."""

    winners: tuple[int, ...]
    balances: tuple[int, ...]
    lives: tuple[int, ...]
    turns_per_deal: tuple[int, ...]
    """Actions applied in each deal, in deal order."""
    deals_played: tuple[int, ...]
    """Per seat: the deals it held cards in."""
    lives_lost: tuple[int, ...]
    """Per seat: the showdowns at which it lost a life."""


@attrs.frozen
class SimulationResult:
    """The statistics of a simulation: immutable and comparable with ``==``.

    Seat ``s``'s figures are at index ``s`` of each tuple. A shared victory
    counts as a win for every seat sharing it, so the win rates may sum to
    more than 1. Confidence intervals are at 95%: Wilson's score interval for
    the win rates, Student's t with ``games - 1`` degrees of freedom for means
    (over games, which are independent; for one game, no interval). Fields that do not apply to the variant's scoring are ``None``.
    """

    rules: Rules
    players: int
    games: int
    seed: int
    wins: tuple[int, ...]
    """Per seat: games won (alone or shared)."""
    win_rate: tuple[Estimate, ...]
    mean_balance: tuple[Estimate, ...] | None
    """Ledger: per seat, the mean final balance."""
    survival_rate: tuple[Estimate, ...] | None
    """Lives: per seat, the mean over games of the share of its deals in which it lost no life."""
    mean_lives: tuple[Estimate, ...] | None
    """Lives: per seat, the mean number of lives left at the end of the match."""
    deals: Distribution
    """Deals per match."""
    turns_per_deal: Distribution
    """Actions applied per deal (every action counts: a barter's reply, a pounce's answer too)."""

    def summary(self) -> str:
        """A small plain-text table of the per-seat figures."""
        lines = [f"{plural(self.games, 'game')}, {self.players} players, seed {self.seed}"]
        for seat in range(self.players):
            line = f"seat {seat}: win rate {self.win_rate[seat]}"
            if self.mean_balance is not None:
                line += f", mean balance {self.mean_balance[seat]}"
            if self.survival_rate is not None and self.mean_lives is not None:
                line += f", survival {self.survival_rate[seat]}, lives {self.mean_lives[seat]}"
            lines.append(line)
        lines.append(f"deals per game: {self.deals}")
        lines.append(f"turns per deal: {self.turns_per_deal}")
        return "\n".join(lines)


def wilson_interval(successes: int, trials: int) -> Estimate:
    """The share ``successes / trials`` with Wilson's 95% score interval.

    Unlike the normal approximation, Wilson's interval stays inside [0, 1]
    and keeps its coverage near 0 and 1, where the win rates of weak or
    strong bots lie.

    >>> print(wilson_interval(5, 10))
    0.500 [0.237, 0.763]
    """
    if trials == 0:
        return Estimate(0.0, 0.0, 1.0)
    p = successes / trials
    z2 = _Z95 * _Z95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = _Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return Estimate(p, max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


def _mean(values: Sequence[float]) -> Estimate:
    """The mean with Student's t 95% interval: the normal's 1.96 is too narrow for a few games.

    One value has no spread to estimate, so no interval (``-inf`` to ``inf``, shown ``n/a``).
    """
    n = len(values)
    mean = math.fsum(values) / n
    if n < 2:
        return Estimate(mean, -math.inf, math.inf)
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = t_quantile(0.975, n - 1) * math.sqrt(variance / n)
    return Estimate(mean, mean - half, mean + half)


def _distribution(values: Sequence[int]) -> Distribution:
    ordered = sorted(values)
    n = len(ordered)
    mean = math.fsum(ordered) / n
    std = math.sqrt(math.fsum((v - mean) ** 2 for v in ordered) / (n - 1)) if n > 1 else 0.0

    def rank(q: float) -> int:
        return ordered[min(n - 1, max(0, math.ceil(q * n) - 1))]

    return Distribution(n, mean, std, ordered[0], rank(0.1), rank(0.5), rank(0.9), ordered[-1])


def summarise(rules: Rules, players: int, seed: int, records: Sequence[GameRecord]) -> SimulationResult:
    games = len(records)
    wins = tuple(sum(1 for r in records if seat in r.winners) for seat in range(players))
    mean_balance = survival = mean_lives = None
    if not variant_of(rules).scoring.unit:  # nothing is lost at a showdown (a ledger): the balances tell
        mean_balance = tuple(_mean([float(r.balances[s]) for r in records]) for s in range(players))
    else:
        survival = tuple(
            _mean([1.0 - r.lives_lost[s] / r.deals_played[s] if r.deals_played[s] else 1.0 for r in records])
            for s in range(players)
        )
        mean_lives = tuple(_mean([float(r.lives[s]) for r in records]) for s in range(players))
    return SimulationResult(
        rules=rules,
        players=players,
        games=games,
        seed=seed,
        wins=wins,
        win_rate=tuple(wilson_interval(w, games) for w in wins),
        mean_balance=mean_balance,
        survival_rate=survival,
        mean_lives=mean_lives,
        deals=_distribution([len(r.turns_per_deal) for r in records]),
        turns_per_deal=_distribution([t for r in records for t in r.turns_per_deal]),
    )
