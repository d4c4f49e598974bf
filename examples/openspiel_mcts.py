"""OpenSpiel's MCTS bot against the library's GreedyBot, through OpenSpiel's evaluate_bots.

    pip install '.[openspiel]'    # from a clone of the repository
    python examples/openspiel_mcts.py --variant foster --matches 4 --simulations 20

Importing ``commerce_rules.openspiel`` registers the game ``python_commerce``.
Seat 0 is OpenSpiel's Monte Carlo tree search (random rollouts; it searches
the true state, as OpenSpiel's MCTS does in every game), the other seats the
library's bots, each choosing from its own observation. Chance (the first
dealer, every card of every deal) is sampled by evaluate_bots.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import evaluate_bots, mcts

from commerce_rules import GreedyBot, RandomBot
from commerce_rules.openspiel import LibraryBot


def play(variant: str, players: int, matches: int, simulations: int, seed: int) -> list[list[float]]:
    """Each match's returns, seat by seat: seat 0 the MCTS bot, seat 1 GreedyBot, the others RandomBot."""
    game = pyspiel.load_game("python_commerce", {"variant": variant, "players": players})
    rng = np.random.RandomState(seed)
    results = []
    for match in range(matches):
        bots: list[Any] = [mcts.MCTSBot(game, 2.0, simulations, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)]
        bots.append(LibraryBot(GreedyBot(seed=seed + match), 1))
        bots.extend(LibraryBot(RandomBot(seed=seed + match), seat) for seat in range(2, players))
        results.append(list(evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)))
    return results


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="foster")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--matches", type=int, default=4)
    parser.add_argument("--simulations", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    results = play(args.variant, args.players, args.matches, args.simulations, args.seed)
    for match, values in enumerate(results, start=1):
        print(f"match {match}: " + ", ".join(f"{value:+g}" for value in values))
    means = np.mean(results, axis=0)
    print("mean returns: MCTS " + f"{means[0]:+.2f}, GreedyBot {means[1]:+.2f}, RandomBot " + ", ".join(f"{m:+.2f}" for m in means[2:]))


if __name__ == "__main__":
    main()
