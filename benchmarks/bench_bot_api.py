"""Benchmark the bot author's numbers: one ``observation_tensor`` and one ``sample_state``, per preset at 6 players.

Run:  python benchmarks/bench_bot_api.py [--runs 5] [--games 10] [--seed 2024] [--players 6] [--presets crp,foster]

For each preset, ``--games`` random matches are played and their states
recorded. Then one pass goes over every recorded state: the observation of
the seat to act is taken (not timed), and the timed calls are
``observation_tensor(view)`` and ``sample_state(view, seed)`` (a fresh seed
each time). The figures are the mean µs per call of a pass; the median of
``--runs`` passes is reported, with the number of observations per pass.
``legal_action_mask`` is timed the same way, on the states.

This is a script, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time

from commerce_rules import (
    PRESETS,
    GameState,
    Rules,
    apply,
    legal_action_mask,
    legal_actions,
    new_game,
    observation_tensor,
    observe,
    sample_state,
)


def record(rules: Rules, players: int, games: int, seed: int) -> list[GameState]:
    """Every state (not over) of ``games`` random matches."""
    rng = random.Random(seed)
    states = []
    for game in range(games):
        state = new_game(rules, players, seed=seed * 1000 + game)
        while not state.is_over:
            states.append(state)
            options = legal_actions(state)
            state = apply(state, options[rng.randrange(len(options))])
    return states


def one_pass(states: list[GameState]) -> tuple[float, float, float]:
    """µs per call of ``observation_tensor``, ``sample_state`` and ``legal_action_mask`` over ``states``."""
    clock = time.perf_counter_ns
    tensor = sample = mask = 0
    for number, state in enumerate(states):
        seat = state.to_act
        assert seat is not None
        view = observe(state, seat)
        start = clock()
        observation_tensor(view)
        middle = clock()
        sample_state(view, number)
        end = clock()
        legal_action_mask(state)
        last = clock()
        tensor += middle - start
        sample += end - middle
        mask += last - end
    n = len(states)
    return tensor / n / 1000, sample / n / 1000, mask / n / 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--presets", default=",".join(PRESETS))
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}; {args.players} players, "
          f"{args.games} games a preset, median of {args.runs} passes")  # fmt: skip
    print(f"{'preset':<10} {'states':>7} {'tensor µs':>10} {'sample µs':>10} {'mask µs':>9}")
    for name in args.presets.split(","):
        states = record(PRESETS[name], args.players, args.games, args.seed)
        passes = [one_pass(states) for _ in range(args.runs)]
        tensor, sample, mask = (statistics.median(column) for column in zip(*passes))
        print(f"{name:<10} {len(states):>7} {tensor:>10.1f} {sample:>10.1f} {mask:>9.1f}")


if __name__ == "__main__":
    main()
