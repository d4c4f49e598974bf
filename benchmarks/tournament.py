"""Fixed-seed tournaments between the bots: how strong is each, with 95% confidence intervals.

Run:  python benchmarks/tournament.py [--games 600] [--crp-games 150] [--rollouts 200]
                                      [--workers 2] [--seed 2024] [--variants foster crp schwimmen]
                                      [--greedy-only]

For each variant (``FOSTER``, ``CRP`` and ``SCHWIMMEN`` by default; ``THIRTY_ONE`` with
``--variants thirty_one``, its games counted by ``--crp-games``) three experiments:

0. **Greedy against random** -- one ``GreedyBot`` and two ``RandomBot`` players,
   in the table's three rotations, the greedy bot's and the random bots'
   pooled win rates (a bot no better than chance wins a third).
   ``--greedy-only`` runs this one alone.

1. **Three-way** -- a ``SearchBot``, a ``GreedyBot`` and a ``RandomBot`` at one
   table of three. Seats are fixed in a simulation, so the table is played in
   its three rotations (each bot in each seat), ``--games`` games each, and
   each bot's wins are pooled over the rotations: the seat's own advantage
   cancels out.
2. **Search against greedy** -- one ``SearchBot`` against two ``GreedyBot`` players,
   in the three rotations, compared game by game with the same games (the
   same seeds, so the same deals until the bots' choices differ) played by
   three ``GreedyBot`` players. The search bot is stronger than the greedy one if
   it wins more of these games in its seat than the greedy bot did; the mean
   paired difference is reported with its 95% interval (normal
   approximation over games).

Win rates carry Wilson 95% intervals. A shared victory counts for every
seat that shares it. Each simulation runs on a process pool of
``--workers`` processes; the results do not depend on that number.

This is a script, not a test: it asserts nothing and takes a few minutes.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import functools
import math
import os
import platform
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from commerce_rules import CRP, FOSTER, SCHWIMMEN, THIRTY_ONE, GreedyBot, RandomBot, Rules, SearchBot, simulate
from commerce_rules.simulation.runs import game_seed, play_game, wilson_interval

VARIANTS = {"foster": FOSTER, "crp": CRP, "schwimmen": SCHWIMMEN, "thirty_one": THIRTY_ONE}


def rotations(bots: Sequence[Any]) -> list[list[Any]]:
    """The table in each of its cyclic rotations (bot ``k`` in seat ``(k + r) % n``)."""
    n = len(bots)
    return [[bots[(seat - r) % n] for seat in range(n)] for r in range(n)]


def pooled_wins(
    rules: Rules, bots: Sequence[Any], games: int, seed: int, pool: concurrent.futures.Executor
) -> tuple[list[int], int]:
    """Each bot's wins over the table's rotations, and the number of games each bot played."""
    wins = [0] * len(bots)
    for r, table in enumerate(rotations(bots)):
        result = simulate(rules, table, games, seed + r, pool)
        for k in range(len(bots)):
            wins[k] += result.wins[(k + r) % len(bots)]
    return wins, games * len(bots)


def rate_text(wins: int, games: int) -> str:
    interval = wilson_interval(wins, games)
    return f"{interval.value:.3f} [{interval.low:.3f}, {interval.high:.3f}]"


def seat_wins(
    rules: Rules, bots: Sequence[Any], games: int, seed: int, pool: concurrent.futures.Executor
) -> list[int]:
    """Game by game, over the table's rotations: 1 if bot 0 won (alone or shared), else 0.

    The games are those :func:`simulate` would play (game ``i`` of rotation
    ``r`` from ``game_seed(seed + r, i)``), played one by one to keep each outcome.
    """
    outcomes: list[int] = []
    for r, table in enumerate(rotations(bots)):
        seeds = [game_seed(seed + r, game) for game in range(games)]
        records = pool.map(play_game, [rules] * games, [table] * games, seeds, chunksize=10)
        outcomes.extend(int(r in record.winners) for record in records)
    return outcomes


def paired_difference(a: Sequence[int], b: Sequence[int]) -> tuple[float, float, float]:
    """The mean of ``a - b`` game by game, with its 95% normal interval."""
    differences = [x - y for x, y in zip(a, b)]
    n = len(differences)
    mean = sum(differences) / n
    variance = sum((d - mean) ** 2 for d in differences) / (n - 1)
    half = 1.959963984540054 * math.sqrt(variance / n)
    return mean, mean - half, mean + half


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=600, help="games per rotation of each table, for FOSTER")
    parser.add_argument("--crp-games", type=int, default=150, help="the same for the other variants, whose games are longer")
    parser.add_argument("--greedy-only", action="store_true", help="only GreedyBot against two RandomBots")
    parser.add_argument("--rollouts", type=int, default=200, help="the SearchBot's budget per decision")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--variants", nargs="+", default=["foster", "crp", "schwimmen"], choices=list(VARIANTS))
    args = parser.parse_args(argv)
    search: Callable[..., Any] = functools.partial(SearchBot, rollouts=args.rollouts)
    print(f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs, {args.workers} workers")
    print(f"SearchBot(rollouts={args.rollouts}); seed {args.seed}")
    with concurrent.futures.ProcessPoolExecutor(args.workers) as pool:
        for name in args.variants:
            rules = VARIANTS[name]
            games = args.games if name == "foster" else args.crp_games
            start = time.perf_counter()
            wins, played = pooled_wins(rules, [GreedyBot, RandomBot, RandomBot], games, args.seed + 200, pool)
            print(f"\n{name.upper()}: one GreedyBot against two RandomBots, {played} games per bot")
            print(f"  GreedyBot  win rate {rate_text(wins[0], played)}")
            print(f"  RandomBot  win rate {rate_text(wins[1] + wins[2], 2 * played)}  (both, pooled)")
            sys.stdout.flush()
            if args.greedy_only:
                print(f"  ({time.perf_counter() - start:.0f} s)")
                continue
            wins, played = pooled_wins(rules, [search, GreedyBot, RandomBot], games, args.seed, pool)
            print(f"\n{name.upper()}: three-way table, {played} games per bot")
            for label, count in zip(("SearchBot", "GreedyBot", "RandomBot"), wins):
                print(f"  {label:10s} win rate {rate_text(count, played)}")
            duel = seat_wins(rules, [search, GreedyBot, GreedyBot], games, args.seed + 100, pool)
            alone = seat_wins(rules, [GreedyBot, GreedyBot, GreedyBot], games, args.seed + 100, pool)
            played = len(duel)
            diff, low, high = paired_difference(duel, alone)
            verdict = "stronger" if low > 0 else "weaker" if high < 0 else "no significant difference"
            print(f"{name.upper()}: one SearchBot against two GreedyBots, {played} games")
            print(f"  SearchBot in the seat  win rate {rate_text(sum(duel), played)}")
            print(f"  GreedyBot in the seat  win rate {rate_text(sum(alone), played)}  (same games)")
            print(f"  difference {diff:+.3f} [{low:+.3f}, {high:+.3f}]: {verdict}")
            print(f"  ({time.perf_counter() - start:.0f} s)")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
