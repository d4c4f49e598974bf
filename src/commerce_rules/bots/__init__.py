"""Computer players for Commerce and its family.

Every bot follows the :class:`Bot` protocol: ``choose(observation,
legal_actions) -> action``. A bot sees only an
:class:`~commerce_rules.Observation`, never the full state.

* :class:`RandomBot` -- uniform over the legal actions, the baseline;
* :class:`GreedyBot` -- deterministic rules of thumb from the historical sources;
* :class:`SearchBot` -- information-set Monte Carlo search with greedy rollouts.

Inside, the bots never branch on a part of the variant: what is particular
to a mechanism or a scoring is that part's strategy (``strategies/``, one
module per part, the protocol in ``strategy.py``), found through one
registry keyed by the class of the part that owns the phase
(``strategies.STRATEGIES``); what hands are worth is ``model.py``.
"""

from __future__ import annotations

from .base import Bot
from .greedy import GreedyBot
from .random_bot import RandomBot
from .search import SearchBot

__all__ = ["Bot", "GreedyBot", "RandomBot", "SearchBot"]
