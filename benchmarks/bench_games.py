"""Benchmark whole games: random-bot games per second, the cost of one ``apply``, simulate's speed-up.

Run:  python benchmarks/bench_games.py [--runs 5] [--games 40] [--sim-games 400] [--seed 2024]
                                       [--presets CRP THIRTY_ONE] [--no-speed-up]

* **Games per second per core**: for every preset, at 3, 6
  and 12 players (a table its deck cannot deal is left out: Schwimmen's
  32 cards seat at most 9, measured instead), ``--games`` matches between ``RandomBot`` players played in this
  one process exactly as :func:`commerce_rules.simulate` plays them (each
  action chosen from ``observe()`` and ``legal_actions()``, then applied).
  Reported: the median over ``--runs`` runs.
* **One apply**: the median time of one ``apply(state, action)`` call over
  every turn of those random games (states and actions recorded first, then
  each call timed alone with ``time.perf_counter_ns``).
* **Simulation speed-up**: ``simulate`` of ``--sim-games`` random-bot CRP
  games at 6 players in this process (an in-process executor) and on a
  ``ProcessPoolExecutor`` of 2 workers, timed in alternation; the speed-up
  is the median of the per-run ratios of the wall times.

This is a script, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import os
import platform
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from commerce_rules import (
    CRP, EXTENDED, FOSTER, HOYLE, POUNCE, SCHWIMMEN, THIRTY_ONE, TRENTUNO, CommerceError, RandomBot, Rules, apply, legal_actions, new_game,
)  # fmt: skip
from commerce_rules.core.actions import Action
from commerce_rules.simulation.runs import game_seed, play_game, simulate
from commerce_rules.core.state import GameState

PRESETS = {
    "FOSTER": FOSTER, "CRP": CRP, "POUNCE": POUNCE, "TRENTUNO": TRENTUNO, "EXTENDED": EXTENDED, "HOYLE": HOYLE,
    "SCHWIMMEN": SCHWIMMEN,
    "THIRTY_ONE": THIRTY_ONE,
}  # fmt: skip
PLAYERS = (3, 6, 12)
T = TypeVar("T")


class InProcessExecutor(concurrent.futures.Executor):
    """Runs each task at once in this process: simulate() without any parallelism."""

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> concurrent.futures.Future[T]:
        future: concurrent.futures.Future[T] = concurrent.futures.Future()
        future.set_result(fn(*args, **kwargs))
        return future


def games_per_second(rules: Rules, players: int, games: int, runs: int, seed: int) -> float:
    """The median over ``runs`` of random-bot matches per second, in this process."""
    bots = [RandomBot] * players
    play_game(rules, bots, seed)  # build the hand tables before timing
    rates = []
    for run in range(runs):
        start = time.perf_counter()
        for game in range(games):
            play_game(rules, bots, game_seed(seed + run, game))
        rates.append(games / (time.perf_counter() - start))
    return statistics.median(rates)


def random_turns(rules: Rules, players: int, games: int, seed: int) -> list[tuple[GameState, Action]]:
    """Every (state, action) of ``games`` random matches."""
    rng = random.Random(seed)
    turns = []
    for game in range(games):
        state = new_game(rules, players, seed=game_seed(seed, game))
        while not state.is_over:
            options = legal_actions(state)
            action = options[rng.randrange(len(options))]
            turns.append((state, action))
            state = apply(state, action)
    return turns


def median_apply_ns(turns: Sequence[tuple[GameState, Action]]) -> float:
    """The median time of one apply() call, each timed alone (legal actions memoised beforehand, as a bot would)."""
    times = []
    clock = time.perf_counter_ns
    for state, action in turns:
        legal_actions(state)  # a bot asks for them before it chooses
        start = clock()
        apply(state, action)
        times.append(clock() - start)
    return statistics.median(times)


def simulate_seconds(executor: concurrent.futures.Executor, games: int, seed: int) -> float:
    start = time.perf_counter()
    simulate(CRP, [RandomBot] * 6, games, seed, executor)
    return time.perf_counter() - start


def speed_up(games: int, runs: int, seed: int) -> tuple[float, float, float]:
    """Median in-process time, median 2-process time, median of the per-run ratios.

    The two are timed in alternation, run after run, so that a change in the
    machine's load touches both alike.
    """
    one, two, ratios = [], [], []
    with concurrent.futures.ProcessPoolExecutor(2) as pool:
        simulate(CRP, [RandomBot] * 6, 4, seed, pool)  # start the workers before timing
        for run in range(runs):
            a = simulate_seconds(InProcessExecutor(), games, seed + run)
            b = simulate_seconds(pool, games, seed + run)
            one.append(a)
            two.append(b)
            ratios.append(a / b)
    return statistics.median(one), statistics.median(two), statistics.median(ratios)


def fits(rules: Rules, players: int) -> bool:
    """Whether the preset's deck deals this table (Schwimmen's 32 cards seat at most 9)."""
    try:
        new_game(rules, players, seed=0)
    except CommerceError:
        return False
    return True


def largest_table(rules: Rules) -> int:
    return max(n for n in range(3, 13) if fits(rules, n))


def tables(rules: Rules) -> list[int]:
    """The table sizes to measure: ``PLAYERS``, a size the deck cannot deal replaced by the largest it can."""
    return list(dict.fromkeys(n if fits(rules, n) else largest_table(rules) for n in PLAYERS))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", type=int, default=40, help="games per run for each preset and table size")
    parser.add_argument("--sim-games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--presets", nargs="+", default=list(PRESETS), choices=list(PRESETS), type=str.upper)
    parser.add_argument("--no-speed-up", action="store_true", help="skip the simulation speed-up")
    args = parser.parse_args(argv)
    print(f"Python {platform.python_version()} ({platform.python_implementation()}) on {platform.machine()}, "
          f"{platform.system()}, {os.cpu_count()} CPUs; median of {args.runs} runs")
    print()
    print(f"{'preset':10s} {'players':>7s} {'games/s/core':>13s} {'turns/game':>11s} {'apply (µs)':>11s}")
    for name in args.presets:
        rules = PRESETS[name]
        for players in tables(rules):
            rate = games_per_second(rules, players, args.games, args.runs, args.seed)
            turns = random_turns(rules, players, max(5, args.games // 4), args.seed)
            games = max(5, args.games // 4)
            print(
                f"{name:10s} {players:7d} {rate:13.1f} {len(turns) / games:11.0f} "
                f"{median_apply_ns(turns) / 1000:11.1f}"
            )
    if args.no_speed_up:
        return
    print()
    one, two, ratio = speed_up(args.sim_games, args.runs, args.seed)
    print(f"simulate, CRP, 6 random bots, {args.sim_games} games: in-process {one:.2f} s, "
          f"2 processes {two:.2f} s, speed-up x{ratio:.2f} (median of the per-run ratios)")


if __name__ == "__main__":
    main()
