"""Computer players for Commerce and its family.

Every bot follows the :class:`Bot` protocol: ``choose(observation,
legal_actions) -> action``. A bot sees only an
:class:`~commerce_rules.Observation`, never the full state.

* :class:`RandomBot` -- uniform over the legal actions, the baseline;
* :class:`GreedyBot` -- deterministic rules of thumb from the historical sources;
* :class:`SearchBot` -- information-set Monte Carlo search with greedy rollouts.
"""

from __future__ import annotations

from .base import Bot
from .greedy import GreedyBot
from .random_bot import RandomBot
from .search import SearchBot

__all__ = ["Bot", "GreedyBot", "RandomBot", "SearchBot"]
