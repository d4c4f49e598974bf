"""What a simulation reports: per-seat estimates with 95% intervals, and the records they come from.

Kept apart from the playing (:mod:`commerce_rules.simulation.runs`): these are plain
values and the statistics over them, with no executor or bot in sight.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping
from fractions import Fraction

import attrs

from ..core.errors import CommerceError
from ..core.rules import Rules
from .student import t_quantile
from ..engine.variant import variant_of
from ..parts.words import plural

__all__ = ["Distribution", "Estimate", "GameRecord", "SimulationResult", "Tally", "summarise", "wilson_interval"]

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


def wilson_interval(successes: float, trials: int) -> Estimate:
    """The share ``successes / trials`` with Wilson's 95% score interval.

    Unlike the normal approximation, Wilson's interval stays inside [0, 1]
    and keeps its coverage near 0 and 1, where the win rates of weak or
    strong bots lie. ``successes`` may be fractional (a shared win counted
    as a fraction of one, in a tournament).

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


def _mean(count: int, total: Fraction, squares: Fraction) -> Estimate:
    """The mean of ``count`` values from their exact sum and sum of squares, with Student's t 95% interval.

    The normal's 1.96 is too narrow for a few games. One value has no spread
    to estimate, so no interval (``-inf`` to ``inf``, shown ``n/a``).
    """
    mean = total / count
    if count < 2:
        return Estimate(float(mean), -math.inf, math.inf)
    variance = (squares - total * mean) / (count - 1)
    half = t_quantile(0.975, count - 1) * math.sqrt(float(variance) / count)
    return Estimate(float(mean), float(mean) - half, float(mean) + half)


def _distribution(counts: Mapping[int, int]) -> Distribution:
    """Mean, spread and nearest-rank quantiles of a sample given as value -> how many times it occurs."""
    values = sorted(counts)
    n = sum(counts.values())
    total = sum(value * times for value, times in counts.items())
    squares = sum(value * value * times for value, times in counts.items())
    mean = Fraction(total, n)
    std = math.sqrt(float((squares - total * mean) / (n - 1))) if n > 1 else 0.0

    def rank(q: float) -> int:
        wanted = min(n - 1, max(0, math.ceil(q * n) - 1))  # 0-based position in the sorted sample
        seen = 0
        for value in values:
            seen += counts[value]
            if seen > wanted:
                return value
        return values[-1]  # pragma: no cover - wanted < n

    return Distribution(n, float(mean), std, values[0], rank(0.1), rank(0.5), rank(0.9), values[-1])


@attrs.define
class Tally:
    """The running sums a :class:`SimulationResult` is computed from: a few numbers per seat, not the games.

    Every sum is exact (whole numbers and fractions), so tallies merge in any
    order and give the same result: a simulation adds each chunk's tally to
    its own as the chunk comes back, and never holds the games' records.
    Its size grows only with the distinct deal and turn counts seen.
    """

    players: int
    games: int = 0
    wins: list[int] = attrs.Factory(list)
    balances: list[int] = attrs.Factory(list)
    """Per seat: the sum of the final balances, then (``balance_squares``) of their squares."""
    balance_squares: list[int] = attrs.Factory(list)
    lives: list[int] = attrs.Factory(list)
    lives_squares: list[int] = attrs.Factory(list)
    survival: list[Fraction] = attrs.Factory(list)
    survival_squares: list[Fraction] = attrs.Factory(list)
    deals: Counter[int] = attrs.Factory(Counter)
    """How many games had each number of deals."""
    turns: Counter[int] = attrs.Factory(Counter)
    """How many deals had each number of actions."""

    def __attrs_post_init__(self) -> None:
        for name in ("wins", "balances", "balance_squares", "lives", "lives_squares"):
            if not getattr(self, name):
                setattr(self, name, [0] * self.players)
        for name in ("survival", "survival_squares"):
            if not getattr(self, name):
                setattr(self, name, [Fraction(0)] * self.players)

    def add(self, record: GameRecord) -> None:
        """Count one game."""
        self.games += 1
        for seat in record.winners:
            self.wins[seat] += 1
        for seat in range(self.players):
            balance, lives = record.balances[seat], record.lives[seat]
            self.balances[seat] += balance
            self.balance_squares[seat] += balance * balance
            self.lives[seat] += lives
            self.lives_squares[seat] += lives * lives
            played = record.deals_played[seat]
            kept = 1 - Fraction(record.lives_lost[seat], played) if played else Fraction(1)
            self.survival[seat] += kept
            self.survival_squares[seat] += kept * kept
        self.deals[len(record.turns_per_deal)] += 1
        self.turns.update(record.turns_per_deal)

    def merge(self, other: Tally) -> None:
        """Add ``other``'s games to these (the order of merging never changes the result)."""
        if other.players != self.players:
            raise CommerceError(f"cannot merge a tally of {other.players} players into one of {self.players}")
        self.games += other.games
        for name in ("wins", "balances", "balance_squares", "lives", "lives_squares", "survival", "survival_squares"):
            mine, theirs = getattr(self, name), getattr(other, name)
            for seat in range(self.players):
                mine[seat] += theirs[seat]
        self.deals.update(other.deals)
        self.turns.update(other.turns)

    def result(self, rules: Rules, seed: int) -> SimulationResult:
        """The statistics of the games counted (at least one)."""
        games, players = self.games, self.players
        mean_balance = survival = mean_lives = None
        if not variant_of(rules).words.scoring.unit:  # nothing is lost at a showdown (a ledger): the balances tell
            mean_balance = tuple(
                _mean(games, Fraction(self.balances[s]), Fraction(self.balance_squares[s])) for s in range(players)
            )
        else:
            survival = tuple(_mean(games, self.survival[s], self.survival_squares[s]) for s in range(players))
            mean_lives = tuple(
                _mean(games, Fraction(self.lives[s]), Fraction(self.lives_squares[s])) for s in range(players)
            )
        return SimulationResult(
            rules=rules,
            players=players,
            games=games,
            seed=seed,
            wins=tuple(self.wins),
            win_rate=tuple(wilson_interval(w, games) for w in self.wins),
            mean_balance=mean_balance,
            survival_rate=survival,
            mean_lives=mean_lives,
            deals=_distribution(self.deals),
            turns_per_deal=_distribution(self.turns),
        )


def summarise(rules: Rules, players: int, seed: int, records: Iterable[GameRecord]) -> SimulationResult:
    """The statistics of ``records`` (at least one): what :func:`~commerce_rules.simulate` returns for them."""
    tally = Tally(players)
    for record in records:
        tally.add(record)
    return tally.result(rules, seed)
