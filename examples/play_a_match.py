"""Play one match between bots and print how each deal ended.

    python examples/play_a_match.py --variant crp --players 4 --seed 7

The smallest complete use of the engine: new_game, then legal_actions /
observe / apply until the match is over.
"""

from __future__ import annotations

import argparse

from commerce_rules import PRESETS, apply, legal_actions, new_game, observe
from commerce_rules.bots import GreedyBot, RandomBot


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", choices=sorted(PRESETS), default="foster")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)

    rules = PRESETS[args.variant]
    # Seat 0 plays at random, the others follow the greedy rules of thumb.
    bots = [RandomBot(seed=args.seed)] + [GreedyBot() for _ in range(args.players - 1)]
    state = new_game(rules, args.players, seed=args.seed)
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        action = bots[seat].choose(observe(state, seat), legal_actions(state))
        before = len(state.showdowns)
        state = apply(state, action)
        if len(state.showdowns) > before:  # the action ended a deal
            showdown = state.showdowns[-1]
            best = showdown.values[showdown.winner]
            losers = f", lives lost by seats {list(showdown.losers)}" if showdown.losers else ""
            print(f"deal {showdown.deal_number}: seat {showdown.winner} best with {best}{losers}")
    print(f"winners: {list(state.winners)}; balances {list(state.balances)}; lives {list(state.lives)}")


if __name__ == "__main__":
    main()
