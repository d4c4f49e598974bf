"""A match through PettingZoo's AEC loop, every agent choosing at random among its legal actions.

    pip install '.[pettingzoo]'    # from a clone of the repository
    python examples/pettingzoo_random.py --variant crp --players 4 --seed 7

Each agent reads the ``action_mask`` of its observation and samples a legal
action, as an agent of PettingZoo's masked classic environments does; the
environment renders the library's narration (``render_mode="ansi"``).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from commerce_rules.pettingzoo import env


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="crp")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--quiet", action="store_true", help="print only the result")
    args = parser.parse_args(argv)
    table = env(args.variant, args.players, render_mode="ansi")
    table.reset(seed=args.seed)
    for agent in table.possible_agents:
        table.action_space(agent).seed(args.seed)
    moves = 0
    totals = {agent: 0.0 for agent in table.possible_agents}
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, _ = table.last()
        totals[agent] += reward
        if terminated or truncated:
            table.step(None)
            continue
        table.step(table.action_space(agent).sample(observation["action_mask"]))
        moves += 1
        if not args.quiet:
            print(table.render())
    print(f"{moves} moves; rewards: " + ", ".join(f"{agent} {value:+g}" for agent, value in totals.items()))
    table.close()


if __name__ == "__main__":
    main()
