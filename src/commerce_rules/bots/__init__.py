"""Computer players for Commerce and its family.

Every bot follows the :class:`Bot` protocol: ``choose(observation,
legal_actions) -> action``. A bot sees only an
:class:`~commerce_rules.Observation`, never the full state.
"""

from __future__ import annotations

from .base import Bot
from .random_bot import RandomBot

__all__ = ["Bot", "RandomBot"]
