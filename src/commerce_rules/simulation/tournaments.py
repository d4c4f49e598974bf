"""``tournament``: bots against each other, seats rotated on paired deals, with win rates and ratings.

Seat and deal luck are the two big noises in comparing bots. A tournament
removes both by pairing: for each of its ``games`` deal seeds, it plays one
match per rotation of the seating -- every bot at every seat -- all from
that same seed, so every seating is dealt the same cards (and the same
first dealer). Matches run on any executor through
:func:`~commerce_rules.simulate`'s machinery, one chunk of deal seeds per
task, with the same result on every executor.

**Ratings.** Each match gives, for every two seats held by different bots,
a pairwise outcome: the seat with the higher return beats the other, equal
returns count half a win each. A Bradley--Terry model is fitted to these
by Hunter's MM iteration, with one virtual drawn comparison per pair of
bots (a weak prior that keeps an unbeaten bot's rating finite), and shown
on the Elo scale (400 times the base-10 log of the strength), centred on a
mean of 0: only differences mean anything.

**Uncertainty.** The rating's standard error is a bootstrap over deal seeds
(:data:`BOOTSTRAP_SAMPLES` resamples, from a generator seeded by the
tournament's seed, so it is reproducible). The Fisher information would
assume independent comparisons, but one match gives several comparisons and
the seatings of one deal share its cards: resampling whole seeds keeps that
dependence in. Where every seed ends alike (one bot always wins) the
bootstrap sees no spread at all, so the error reported is never below the
Fisher information's (of the fit with its prior). The win rates' intervals (Wilson's, at 95%) count each match
a bot plays as one trial; matches on paired deals are not independent, so
read them as approximate.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import math
import random
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Final

import attrs

from ..engine.deal import MAX_PLAYERS, MIN_PLAYERS
from ..core.errors import ArgumentTypeError, CommerceError
from ..core.quoting import shown
from .results import Estimate, _mean, wilson_interval
from ..core.rules import Rules
from .chunks import Chunks, check_run, run_chunks
from .runs import BotSpec, _bot_maker, _derive, _play, game_seed
from .trajectories import MatchTrace, RecordOptions, RecordTarget, bot_label, open_record, record_options
from ..parts.words import plural

__all__ = ["BOOTSTRAP_SAMPLES", "BotStanding", "TournamentResult", "bradley_terry", "tournament"]

BOOTSTRAP_SAMPLES: Final = 200
"""Resamples of the deal seeds behind each rating's standard error."""
_MM_TOLERANCE: Final = 1e-10
_MM_ITERATIONS: Final = 10_000
_ELO: Final = 400 / math.log(10)
"""Elo points per unit of log-strength."""


@attrs.frozen
class BotStanding:
    """One bot's figures in a :class:`TournamentResult`."""

    name: str
    matches: int
    """Matches played (a bot given more than one seat of a table counts once per seat)."""
    wins: float
    """Matches won; a win shared by ``k`` seats counts ``1/k`` to each."""
    win_rate: Estimate
    """``wins / matches`` with Wilson's 95% interval."""
    mean_return: Estimate
    """The mean of :func:`~commerce_rules.returns` with Student's t 95% interval."""
    rating: float
    """Bradley--Terry rating on the Elo scale, the bots' mean being 0."""
    rating_se: float
    """The rating's standard error (bootstrap over deal seeds)."""


@attrs.frozen
class TournamentResult:
    """What :func:`tournament` reports: a standing per bot, in the order the bots were given."""

    rules: Rules
    players: int
    games: int
    """Deal seeds, each played once per seating."""
    matches: int
    seed: int
    standings: tuple[BotStanding, ...]

    def __getitem__(self, name: str) -> BotStanding:
        for standing in self.standings:
            if standing.name == name:
                return standing
        raise KeyError(name)

    def __str__(self) -> str:
        header = ("bot", "matches", "wins", "win rate [95% CI]", "mean return [95% CI]", "rating ± se")
        rows = [
            (
                s.name,
                str(s.matches),
                f"{s.wins:.1f}".removesuffix(".0"),
                str(s.win_rate),
                str(s.mean_return),
                f"{s.rating:+.0f} ± {s.rating_se:.0f}",
            )
            for s in self.standings
        ]
        widths = [max(len(row[i]) for row in (header, *rows)) for i in range(len(header))]
        lines = [
            f"{plural(self.matches, 'match')} ({plural(self.games, 'deal seed')} x {self.players} seatings), "
            f"{self.players} players, seed {self.seed}",
            "  ".join(h.ljust(w) for h, w in zip(header, widths)).rstrip(),
            "  ".join("-" * w for w in widths),
        ]
        lines += ["  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip() for row in rows]
        return "\n".join(lines)


DealOutcome = tuple[tuple[tuple[float, ...], tuple[int, ...]], ...]
"""One deal seed's matches, one per rotation: each match's returns and winners, per seat."""


def _seating(lineup: Sequence[int], rotation: int) -> tuple[int, ...]:
    """The bot (its index) at each seat in the ``rotation``-th seating: the lineup turned by one seat a time."""
    players = len(lineup)
    return tuple(lineup[(seat + rotation) % players] for seat in range(players))


def _play_deals(
    rules: Rules,
    bots: Sequence[BotSpec],
    lineup: tuple[int, ...],
    seed: int,
    start: int,
    stop: int,
    options: RecordOptions | None,
    labels: tuple[str, ...],
) -> tuple[tuple[list[DealOutcome], list[str]], float]:
    """Play deal seeds ``start`` to ``stop - 1`` in every seating: their outcomes, their record lines, the time."""
    began = time.perf_counter()
    makers = [_bot_maker(spec) for spec in bots]
    players = len(lineup)
    outcomes: list[DealOutcome] = []
    lines: list[str] = []
    for game in range(start, stop):
        deal_seed = game_seed(seed, game)
        matches = []
        for rotation in range(players):
            seating = _seating(lineup, rotation)
            trace = MatchTrace(options, game * players + rotation, deal_seed, tuple(labels[b] for b in seating))
            _play(rules, [makers[b] for b in seating], deal_seed, trace)
            matches.append((trace.returns, trace.winners))
            lines.extend(trace.lines)
        outcomes.append(tuple(matches))
    return (outcomes, lines), time.perf_counter() - began


def bradley_terry(scores: Sequence[Sequence[float]], counts: Sequence[Sequence[float]]) -> tuple[float, ...]:
    """Bradley--Terry log-strengths (mean 0) from ``scores[i][j]``, i's wins over j in ``counts[i][j]`` games.

    Hunter's MM iteration (2004), with one virtual draw per pair so that an
    unbeaten or winless bot keeps a finite strength.

    >>> [round(x, 3) for x in bradley_terry([[0, 3], [1, 0]], [[0, 4], [4, 0]])]
    [0.424, -0.424]
    """
    k = len(scores)
    wins = [sum(scores[i][j] for j in range(k) if j != i) + (k - 1) / 2 for i in range(k)]
    games = [[counts[i][j] + (i != j) for j in range(k)] for i in range(k)]
    strength = [1.0] * k
    for _ in range(_MM_ITERATIONS):
        new = [
            wins[i] / sum(games[i][j] / (strength[i] + strength[j]) for j in range(k) if j != i) for i in range(k)
        ]
        centre = sum(math.log(s) for s in new) / k
        new = [s / math.exp(centre) for s in new]
        change = max(abs(math.log(a / b)) for a, b in zip(new, strength))
        strength = new
        if change < _MM_TOLERANCE:
            break
    return tuple(math.log(s) for s in strength)


def _pairwise(outcome: DealOutcome, lineup: tuple[int, ...], k: int) -> tuple[float, ...]:
    """One deal seed's pairwise scores, flattened: entry ``i * k + j`` is bot i's wins over bot j."""
    scores = [0.0] * (k * k)
    for rotation, (match_returns, _winners) in enumerate(outcome):
        seating = _seating(lineup, rotation)
        for a, b in _bot_pairs(seating):
            i, j = seating[a], seating[b]
            ra, rb = match_returns[a], match_returns[b]
            if ra == rb:
                scores[i * k + j] += 0.5
                scores[j * k + i] += 0.5
            else:
                scores[i * k + j if ra > rb else j * k + i] += 1.0
    return tuple(scores)


def _bot_pairs(seating: tuple[int, ...]) -> list[tuple[int, int]]:
    """The pairs of seats ``a < b`` held by different bots: one comparison each per match."""
    players = len(seating)
    return [(a, b) for a in range(players) for b in range(a + 1, players) if seating[a] != seating[b]]


def _ratings(flat: Sequence[float], counts: Sequence[Sequence[float]], k: int) -> tuple[float, ...]:
    """Elo-scale ratings from flattened pairwise scores."""
    scores = [flat[i * k : (i + 1) * k] for i in range(k)]
    return tuple(_ELO * x for x in bradley_terry(scores, counts))


@attrs.define
class _Totals:
    """Exact per-bot sums and the distinct per-seed pairwise scores: merged in any order, same result."""

    k: int
    matches: list[int]
    wins: list[Fraction]
    returns: list[Fraction]
    squares: list[Fraction]
    pairwise: Counter[tuple[float, ...]] = attrs.Factory(Counter)

    def add(self, outcome: DealOutcome, lineup: tuple[int, ...]) -> None:
        for rotation, (match_returns, winners) in enumerate(outcome):
            for seat, bot in enumerate(_seating(lineup, rotation)):
                value = Fraction(match_returns[seat])
                self.matches[bot] += 1
                self.returns[bot] += value
                self.squares[bot] += value * value
                if seat in winners:
                    self.wins[bot] += Fraction(1, len(winners))
        self.pairwise[_pairwise(outcome, lineup, self.k)] += 1


def _check_bots(bots: object, players: int) -> tuple[list[BotSpec], tuple[str, ...]]:
    """The bot specs and their names, from a list or a mapping of names to specs."""
    if isinstance(bots, Mapping):
        names = list(bots)
        specs = list(bots.values())
        if not all(isinstance(name, str) and name for name in names):
            raise ArgumentTypeError("a mapping of bots needs non-empty text names as its keys")
    elif isinstance(bots, (str, bytes)) or not isinstance(bots, Iterable):
        raise ArgumentTypeError(f"bots must be a list of bots or bot factories, not {type(bots).__name__}")
    else:
        specs = list(bots)
        names = [bot_label(spec) for spec in specs]
    if not 2 <= len(specs) <= players:
        raise CommerceError(f"a tournament needs 2 to {players} bots (the players), not {len(specs)}")
    for spec in specs:
        _bot_maker(spec)  # refuses what is neither a bot nor a callable
    seen: Counter[str] = Counter()
    unique = []
    for name in names:  # the same bot twice: GreedyBot, GreedyBot#2
        seen[name] += 1
        unique.append(name if seen[name] == 1 else f"{name}#{seen[name]}")
    return specs, tuple(unique)


def tournament(
    bots: Sequence[BotSpec] | Mapping[str, BotSpec],
    rules: Rules,
    players: int,
    games: int,
    seed: int = 0,
    executor: concurrent.futures.Executor | None = None,
    *,
    workers: int | None = None,
    progress: Callable[[int], object] | None = None,
    record: RecordTarget | None = None,
    record_seats: Iterable[int] | None = None,
    record_tensor: bool = False,
) -> TournamentResult:
    """Play ``bots`` against each other on ``games`` paired deal seeds; their win rates and ratings.

    :param bots: 2 to ``players`` bots or bot factories (as for
        :func:`~commerce_rules.simulate`), or a mapping of names to them. With
        fewer bots than players they are repeated round the table (A, B, A).
    :param games: deal seeds (1 to 10**9); each is played once per seating,
        ``players`` seatings, so the tournament plays ``games * players``
        matches, and the seatings of a seed are dealt the same cards.
    :param seed: the tournament's seed: deal seed ``i`` is
        :func:`~commerce_rules.simulation.runs.game_seed` ``(seed, i)``.
    :param executor: any :class:`concurrent.futures.Executor`, or ``None`` for
        a process pool of ``workers`` started for the call; the result is the
        same on every executor.
    :param progress: called with the matches played so far.
    :param record: write every match's decisions and returns as JSON Lines
        (see :mod:`commerce_rules.simulation.trajectories`); ``record_seats`` and
        ``record_tensor`` as for :func:`~commerce_rules.simulate`.
    :returns: a :class:`TournamentResult`; it holds exact per-bot sums and the
        distinct per-seed pairwise scores (few), not the matches.

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> from commerce_rules import FOSTER, GreedyBot, RandomBot, tournament
    >>> with ThreadPoolExecutor(1) as pool:
    ...     result = tournament([GreedyBot, RandomBot], FOSTER, 3, games=20, seed=1, executor=pool)
    >>> result["GreedyBot"].rating > result["RandomBot"].rating
    True
    """
    if not isinstance(rules, Rules):
        raise CommerceError(f"rules must be a Rules value (a preset such as FOSTER), not {type(rules).__name__}")
    if not isinstance(players, int) or isinstance(players, bool) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise CommerceError(f"Commerce is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {shown(players)}")
    specs, names = _check_bots(bots, players)
    workers = check_run(games, seed, executor, progress, workers, "matches played")
    options = record_options(record_seats, record_tensor, players) if record is not None else None
    k = len(specs)
    lineup = tuple(seat % k for seat in range(players))
    totals = _Totals(k, [0] * k, [Fraction(0)] * k, [Fraction(0)] * k, [Fraction(0)] * k)
    counted = None if progress is None else (lambda done: progress(done * players))
    head = (rules, specs, lineup, seed)
    tail = (options, names)
    with open_record(record) if record is not None else _no_record() as sink:

        def collect(start: int, stop: int, chunk: tuple[list[DealOutcome], list[str]]) -> None:
            for outcome in chunk[0]:
                totals.add(outcome, lineup)
            if sink is not None:
                sink.put(start, stop, chunk[1])

        run_chunks(executor, workers, Chunks(games, None), counted, _play_deals, head, tail, collect)
    return _result(rules, players, games, seed, names, lineup, totals)


def _no_record() -> contextlib.nullcontext[None]:
    return contextlib.nullcontext()


def _result(
    rules: Rules,
    players: int,
    games: int,
    seed: int,
    names: tuple[str, ...],
    lineup: tuple[int, ...],
    totals: _Totals,
) -> TournamentResult:
    """The standings from the totals: win rates, mean returns, ratings and their bootstrap errors."""
    k = len(names)
    per_deal = [[0.0] * k for _ in range(k)]  # comparisons between bots i and j in one deal seed's matches
    for rotation in range(players):
        seating = _seating(lineup, rotation)
        for a, b in _bot_pairs(seating):
            per_deal[seating[a]][seating[b]] += 1
            per_deal[seating[b]][seating[a]] += 1
    distinct = sorted(totals.pairwise)
    weights = [totals.pairwise[d] for d in distinct]

    def ratings(times: Sequence[int]) -> tuple[float, ...]:
        flat = [sum(t * d[x] for t, d in zip(times, distinct)) for x in range(k * k)]
        n = sum(times)
        return _ratings(flat, [[c * n for c in row] for row in per_deal], k)

    rating = ratings(weights)
    rng = random.Random(_derive(seed, -2))
    population = range(len(distinct))
    samples = []
    for _ in range(BOOTSTRAP_SAMPLES):
        drawn = Counter(rng.choices(population, weights=weights, k=games))
        samples.append(ratings([drawn[i] for i in population]))
    fisher = _fisher_se(rating, [[c * games for c in row] for row in per_deal])
    se = [max(_sd([sample[i] for sample in samples]), fisher[i]) for i in range(k)]
    standings = tuple(
        BotStanding(
            name=names[i],
            matches=totals.matches[i],
            wins=float(totals.wins[i]),
            win_rate=wilson_interval(float(totals.wins[i]), totals.matches[i]),
            mean_return=_mean(totals.matches[i], totals.returns[i], totals.squares[i]),
            rating=rating[i],
            rating_se=se[i],
        )
        for i in range(k)
    )
    return TournamentResult(rules, players, games, games * players, seed, standings)


def _sd(values: Sequence[float]) -> float:
    mean = sum(values) / len(values)
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))


def _fisher_se(rating: Sequence[float], counts: Sequence[Sequence[float]]) -> list[float]:
    """Elo-scale standard errors of sum-zero ratings from the Bradley--Terry Fisher information.

    The information is a weighted graph Laplacian ``L`` (weights: comparisons,
    virtual draws included, times ``p (1 - p)``); the covariance under the
    sum-zero constraint is its pseudo-inverse, ``inv(L + J/k) - J/k``.
    """
    k = len(rating)
    info = [[0.0] * k for _ in range(k)]
    for i in range(k):
        for j in range(k):
            if i != j:
                p = 1 / (1 + math.exp((rating[j] - rating[i]) / _ELO))
                weight = (counts[i][j] + 1) * p * (1 - p)
                info[i][j] -= weight
                info[i][i] += weight
    inverse = _inverse([[info[i][j] + 1 / k for j in range(k)] for i in range(k)])
    return [_ELO * math.sqrt(max(0.0, inverse[i][i] - 1 / k)) for i in range(k)]


def _inverse(matrix: Sequence[Sequence[float]]) -> list[list[float]]:
    """The inverse of a small invertible matrix, by Gauss--Jordan elimination with partial pivoting."""
    k = len(matrix)
    rows = [list(row) + [float(i == j) for j in range(k)] for i, row in enumerate(matrix)]
    for column in range(k):
        pivot = max(range(column, k), key=lambda r: abs(rows[r][column]))
        rows[column], rows[pivot] = rows[pivot], rows[column]
        lead = rows[column][column]
        rows[column] = [x / lead for x in rows[column]]
        for r in range(k):
            if r != column and rows[r][column]:
                factor = rows[r][column]
                rows[r] = [x - factor * y for x, y in zip(rows[r], rows[column])]
    return [row[k:] for row in rows]
