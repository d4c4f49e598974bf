"""Benchmark commerce_rules.evaluate() (and treys, if installed) on pre-made random hands.

Run:  python benchmarks/bench_evaluate.py [--hands 200000] [--runs 5] [--seed 2024]

* evaluate(): a pre-made list of random 3-card hands (tuples of Card, fixed
  seed), evaluated one call per hand under the CRP rules; the tables are built
  before timing.
* treys (``pip install treys``): ``Evaluator().evaluate(board, hand)`` on
  pre-made random 5-card hands (3 board cards + 2 hand cards, as treys ints),
  the evaluator users would otherwise reach for.

Each figure is the median of the runs, timed with time.perf_counter(). This is
a script, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence

from commerce_rules import CRP, DECK_52, Card, evaluate


def median_rate(body: Callable[[], int], runs: int) -> tuple[float, list[float]]:
    """Hands per second: the median over ``runs`` timed calls of ``body`` (which returns its hand count)."""
    rates = []
    for _ in range(runs):
        start = time.perf_counter()
        count = body()
        rates.append(count / (time.perf_counter() - start))
    return statistics.median(rates), rates


def bench_commerce(n: int, runs: int, seed: int) -> float:
    rng = random.Random(seed)
    hands: list[tuple[Card, ...]] = [tuple(rng.sample(DECK_52, 3)) for _ in range(n)]
    rules = CRP
    evaluate(hands[0], rules)  # build the table before timing

    def body() -> int:
        ev = evaluate
        for hand in hands:
            ev(hand, rules)
        return len(hands)

    rate, rates = median_rate(body, runs)
    print(f"commerce_rules.evaluate: {rate:,.0f} hands/s (median of {runs}; runs: {', '.join(f'{r:,.0f}' for r in rates)})")
    return rate


def bench_treys(n: int, runs: int, seed: int) -> float | None:
    try:
        from treys import Card as TreysCard
        from treys import Evaluator
    except ImportError:
        print("treys: not installed (pip install treys) - skipped")
        return None
    deck = [TreysCard.new(r + s) for r in "23456789TJQKA" for s in "shdc"]
    rng = random.Random(seed)
    deals = []
    for _ in range(n):
        cards = rng.sample(deck, 5)
        deals.append((cards[:3], cards[3:]))
    evaluator = Evaluator()

    def body() -> int:
        ev = evaluator.evaluate
        for board, hand in deals:
            ev(board, hand)
        return len(deals)

    rate, rates = median_rate(body, runs)
    print(f"treys Evaluator().evaluate (5 cards): {rate:,.0f} hands/s (median of {runs}; runs: {', '.join(f'{r:,.0f}' for r in rates)})")
    return rate


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)
    print(f"Python {platform.python_version()} ({platform.python_implementation()}) on {platform.machine()}, "
          f"{platform.system()} {platform.release()}; {os.cpu_count()} CPUs; one core used")
    print(f"{args.hands:,} pre-made random hands, seed {args.seed}, median of {args.runs} runs (time.perf_counter)")
    ours = bench_commerce(args.hands, args.runs, args.seed)
    theirs = bench_treys(args.hands, args.runs, args.seed)
    if theirs:
        print(f"evaluate() / treys: {ours / theirs:.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
