"""Write a bot for the widow variants and pit it against GreedyBot.

    python examples/write_a_bot.py --games 50

A bot is any object with ``choose(observation, legal_actions)``. This one
takes the exchange that improves its hand most, knocks with a flush or
better, and otherwise passes. It sees only its seat's observation.
"""

from __future__ import annotations

import argparse

from commerce_rules import CRP, Category, Exchange, Knock, Observation, Pass, apply, evaluate, legal_actions, new_game, observe
from commerce_rules.core.actions import Action
from commerce_rules.bots import GreedyBot
from commerce_rules.ranking.registry import ranking_part


class ImproverBot:
    """Exchange toward the best hand; knock on a flush or better."""

    def choose(self, observation: Observation, legal: tuple[Action, ...]) -> Action:
        rules = observation.rules
        current = evaluate(observation.hand, rules)
        best: Action | None = None
        best_value = current
        for action in legal:
            if isinstance(action, Exchange):
                hand = [action.take if card == action.give else card for card in observation.hand]
                value = evaluate(hand, rules)
                if value > best_value:
                    best, best_value = action, value
        if best is not None:
            return best
        knock = Knock(observation.player)
        # "A flush or better" in the ranking's own order (in Brag a run is better than a flush, a high card is not):
        # never the Category enum's integers.
        labels = ranking_part(rules).labels
        if knock in legal and labels.at_least(current.category, Category.FLUSH, Category.SEQUENCE, Category.TRICON):
            return knock
        return Pass(observation.player) if Pass(observation.player) in legal else legal[0]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--players", type=int, default=3)
    args = parser.parse_args(argv)

    wins = 0
    for game in range(args.games):
        bots = [ImproverBot()] + [GreedyBot() for _ in range(args.players - 1)]
        state = new_game(CRP, args.players, seed=game)
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            state = apply(state, bots[seat].choose(observe(state, seat), legal_actions(state)))
        wins += 0 in state.winners
    print(f"ImproverBot won {wins} of {args.games} games at a table of {args.players} (a fair share is {args.games / args.players:.1f})")


if __name__ == "__main__":
    main()
