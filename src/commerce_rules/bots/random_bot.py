"""``RandomBot``: uniform over the legal actions -- the baseline every other bot must beat."""

from __future__ import annotations

import random

from ..core.actions import Action
from ..core.observation import Observation
from .base import check_choice, check_seed

__all__ = ["RandomBot"]


class RandomBot:
    """Plays a uniformly random legal action, from its own :class:`random.Random`.

    It is the yardstick for strength tests and the fastest way to drive the
    engine through many positions. Two bots built with the same ``seed`` make
    the same choices given the same sequence of calls; ``seed=None`` seeds from
    the operating system.

    In Foster's Commerce a random player knocks with probability 1/7 per turn
    (one knock among six buys, say), so random deals are short.

    >>> from commerce_rules import FOSTER, new_game, legal_actions, observe
    >>> from commerce_rules.bots import RandomBot
    >>> state = new_game(FOSTER, 3, seed=1)
    >>> seat = state.to_act
    >>> action = RandomBot(seed=7).choose(observe(state, seat), legal_actions(state))
    >>> action in legal_actions(state)
    True
    """

    def __init__(self, seed: int | None = None) -> None:
        check_seed(seed)
        self.seed = seed
        """The seed it was built with (``None``: from the operating system)."""
        self._rng = random.Random(seed)

    def choose(self, observation: Observation, legal_actions: tuple[Action, ...]) -> Action:
        """Return one of ``legal_actions``, each with equal probability."""
        check_choice(observation, legal_actions)
        return legal_actions[self._rng.randrange(len(legal_actions))]

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed!r})"
