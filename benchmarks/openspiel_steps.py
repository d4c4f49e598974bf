"""Benchmark the OpenSpiel adapter: random-play steps per second, beside OpenSpiel's own ``python_kuhn_poker``.

Run (with the extra installed, ``pip install '.[openspiel]'`` from a clone, or in
``nox -s adapters``'s environment):

    python benchmarks/openspiel_steps.py [--seconds 3] [--players 4] [--seed 1]

For each game, random matches are played through the OpenSpiel API for about
``--seconds`` seconds: at a chance node an outcome drawn by its probability,
at a decision node a uniformly random legal action, each applied with
``state.apply_action``. Reported: steps (every ``apply_action``) per second,
player moves per second, and the share of steps that are chance nodes (after
a short warm-up, which builds the variant's hand table). For
the adapter, also the library's own random play (``legal_actions`` and
``apply`` on a ``GameState``) in moves per second, so that the adapter's own
cost shows. ``python_kuhn_poker`` is OpenSpiel's own Python game, the
reference for what a Python game costs through pyspiel.

This is a script, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from collections.abc import Sequence
from typing import Any

import pyspiel
from open_spiel.python.games import kuhn_poker  # noqa: F401  (registers python_kuhn_poker)

import commerce_rules.openspiel  # noqa: F401  (registers python_commerce)
from commerce_rules import PRESETS, apply, legal_actions, new_game


def through_openspiel(game: Any, seconds: float, rng: random.Random) -> tuple[float, float, float]:
    """Steps per second, player moves per second, chance share, over random matches for ``seconds``."""
    steps = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                moves += 1
            steps += 1
    elapsed = time.perf_counter() - start
    return steps / elapsed, moves / elapsed, 1 - moves / steps


def in_the_library(name: str, players: int, seconds: float, rng: random.Random) -> float:
    """Player moves per second of the same random play on the library's states (limits as the adapter supplies)."""
    rules = pyspiel.load_game("python_commerce", {"variant": name, "players": players}).rules
    moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = new_game(rules, players, seed=rng.getrandbits(32))
        while not state.is_over:
            state = apply(state, rng.choice(legal_actions(state)))
            moves += 1
    return moves / (time.perf_counter() - start)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    print(f"Python {platform.python_version()}, pyspiel {getattr(pyspiel, '__version__', '?')}, {platform.machine()}")
    print(f"{'game':<34} {'steps/s':>9} {'moves/s':>9} {'chance':>7} {'library moves/s':>16}")
    steps, moves, chance = through_openspiel(pyspiel.load_game("python_kuhn_poker"), args.seconds, rng)
    print(f"{'python_kuhn_poker':<34} {steps:>9,.0f} {moves:>9,.0f} {chance:>7.0%} {'':>16}")
    for name in PRESETS:
        game = pyspiel.load_game("python_commerce", {"variant": name, "players": args.players})
        through_openspiel(game, 0.3, rng)  # warm up: the variant's hand table is built on first use
        steps, moves, chance = through_openspiel(game, args.seconds, rng)
        native = in_the_library(name, args.players, args.seconds, rng)
        label = f"python_commerce {name}, {args.players} players"
        print(f"{label:<34} {steps:>9,.0f} {moves:>9,.0f} {chance:>7.0%} {native:>16,.0f}")


if __name__ == "__main__":
    main()
