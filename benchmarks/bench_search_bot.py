"""Benchmark ``SearchBot``'s time per decision at its default settings, per preset and table size.

Run:  python benchmarks/bench_search_bot.py [--runs 5] [--decisions 30] [--seed 2024] [--players 3,4] [--presets crp,foster]

For each preset and table size, matches between greedy bots are played and
their decisions recorded until ``--decisions`` of them offer a choice (a
forced move costs the search bot nothing). One pass times a fresh
``SearchBot(seed=i)`` choosing at each recorded decision; the figure is the
mean ms per decision of a pass, and the median of ``--runs`` passes is
reported.

This is a script, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time

from commerce_rules import PRESETS, Action, GreedyBot, Observation, Rules, SearchBot, apply, legal_actions, new_game, observe

Decision = tuple[Observation, tuple[Action, ...]]


def record(rules: Rules, players: int, decisions: int, seed: int) -> list[Decision]:
    """The first ``decisions`` choices (more than one legal action) of greedy matches."""
    greedy = GreedyBot()
    recorded: list[Decision] = []
    game = 0
    while len(recorded) < decisions:
        state = new_game(rules, players, seed=seed * 1000 + game)
        while state.to_act is not None and len(recorded) < decisions:
            options = legal_actions(state)
            view = observe(state, state.to_act)
            if len(options) > 1:
                recorded.append((view, options))
            state = apply(state, greedy.choose(view, options))
        game += 1
    return recorded


def one_pass(decisions: list[Decision]) -> float:
    """Mean ms per ``SearchBot().choose`` over ``decisions``."""
    total = 0
    for number, (view, options) in enumerate(decisions):
        bot = SearchBot(seed=number)
        start = time.perf_counter_ns()
        bot.choose(view, options)
        total += time.perf_counter_ns() - start
    return total / len(decisions) / 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--decisions", type=int, default=30)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--players", default="3,4")
    parser.add_argument("--presets", default=",".join(PRESETS))
    args = parser.parse_args()
    tables = [int(players) for players in args.players.split(",")]
    print(f"Python {platform.python_version()} on {platform.machine()}; {args.decisions} decisions a preset "
          f"and table, median of {args.runs} passes; ms per decision")  # fmt: skip
    print(f"{'preset':<11}" + "".join(f"{f'{players} players':>12}" for players in tables))
    for name in args.presets.split(","):
        figures = []
        for players in tables:
            decisions = record(PRESETS[name], players, args.decisions, args.seed)
            figures.append(statistics.median(one_pass(decisions) for _ in range(args.runs)))
        print(f"{name:<11}" + "".join(f"{figure:>12.1f}" for figure in figures))


if __name__ == "__main__":
    main()
