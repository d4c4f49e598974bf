"""Benchmark one turn: the median cost of ``legal_actions`` + ``apply``, and of ``apply`` alone.

Run:  python benchmarks/bench_turn.py [--runs 5] [--games 10] [--repeat 7] [--seed 2024]

For each preset at 6 players, the states and actions of ``--games`` random
matches are recorded. Each turn is then timed on a fresh copy of its state
(no memoised legal actions), ``--repeat`` times, keeping the fastest: the
cost of the work itself, without the interruptions a shared machine adds
to any single timing. Reported: the median over turns, and the median of
that over ``--runs`` runs. ``bench_games.py`` reports the single-shot
figure (each call timed once), which includes that noise.

This is a script, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time

from commerce_rules import CRP, EXTENDED, FOSTER, HOYLE, POUNCE, TRENTUNO, Rules, apply, legal_actions, new_game
from commerce_rules.actions import Action
from commerce_rules.state import GameState

PRESETS = {"FOSTER": FOSTER, "CRP": CRP, "POUNCE": POUNCE, "TRENTUNO": TRENTUNO, "EXTENDED": EXTENDED, "HOYLE": HOYLE}


def recorded_turns(rules: Rules, games: int, seed: int) -> list[tuple[GameState, Action]]:
    """Every (state, action) of ``games`` random matches at 6 players."""
    rng = random.Random(seed)
    turns = []
    for game in range(games):
        state = new_game(rules, 6, seed=seed + game)
        while not state.is_over:
            options = legal_actions(state)
            action = options[rng.randrange(len(options))]
            turns.append((state, action))
            state = apply(state, action)
    return turns


def fresh(state: GameState) -> GameState:
    """A copy of ``state`` without its memoised legal actions, as a new state arrives from ``apply``."""
    copy = object.__new__(GameState)
    fields = dict(state.__dict__)
    fields.pop("_legal", None)
    object.__setattr__(copy, "__dict__", fields)
    return copy


def median_turn(turns: list[tuple[GameState, Action]], repeat: int) -> tuple[float, float]:
    """Median µs of (legal_actions + apply) and of apply alone, each turn's fastest of ``repeat``."""
    clock = time.perf_counter_ns
    whole, alone = [], []
    for state, action in turns:
        best_whole = best_alone = float("inf")
        for _ in range(repeat):
            copy = fresh(state)
            start = clock()
            legal_actions(copy)
            apply(copy, action)
            middle = clock()
            apply(copy, action)
            end = clock()
            best_whole = min(best_whole, middle - start)
            best_alone = min(best_alone, end - middle)
        whole.append(best_whole)
        alone.append(best_alone)
    return statistics.median(whole) / 1000, statistics.median(alone) / 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()
    print(f"Python {platform.python_version()} ({platform.python_implementation()}) on {platform.machine()}, "
          f"{platform.system()}; 6 players; median over turns of each turn's fastest of {args.repeat}; "
          f"median of {args.runs} runs")
    print()
    print(f"{'preset':<10} {'turns':>6} {'legal_actions + apply (µs)':>27} {'apply alone (µs)':>17}")
    for name, rules in PRESETS.items():
        turns = recorded_turns(rules, args.games, args.seed)
        runs = [median_turn(turns, args.repeat) for _ in range(args.runs)]
        whole = statistics.median(run[0] for run in runs)
        alone = statistics.median(run[1] for run in runs)
        print(f"{name:<10} {len(turns):>6} {whole:>27.1f} {alone:>17.1f}")


if __name__ == "__main__":
    main()
