"""Gymnasium adapter (extra ``gym``): one seat of a match against opponents.

* :class:`CommerceEnv` (:mod:`commerce_rules.gym.env`): a ``gymnasium.Env``
  for the learner at one seat, the other seats played by opponents.
"""

from __future__ import annotations

from .env import DEFAULT_DEAL_LIMIT, DEFAULT_TURN_LIMIT, CommerceEnv, Opponent, Policy

__all__ = ["DEFAULT_DEAL_LIMIT", "DEFAULT_TURN_LIMIT", "CommerceEnv", "Opponent", "Policy"]
