"""Gymnasium adapter (extra ``gym``): one seat of a match against opponents, alone or ``num_envs`` matches at once.

* :class:`CommerceEnv` (:mod:`commerce_rules.gym.env`): a ``gymnasium.Env``
  for the learner at one seat, the other seats played by opponents.
* :class:`CommerceVectorEnv` (:mod:`commerce_rules.gym.vector`): a
  ``gymnasium.vector.VectorEnv`` stepping ``num_envs`` such matches at once,
  their observations and masks written into preallocated arrays, with
  same-step autoreset; each match is played exactly as a ``CommerceEnv``
  plays it alone.
* :class:`ThirtyOneVectorEnv` (:mod:`commerce_rules.gym.thirty_one`): the same
  for Thirty-One against random opponents, its matches kept as NumPy arrays,
  every row's move made at once or, with Numba (extra ``fast``), each row's
  turns compiled: several times as many steps a second (``docs/performance.md``).
"""

from __future__ import annotations

from .env import DEFAULT_DEAL_LIMIT, DEFAULT_TURN_LIMIT, CommerceEnv, Opponent, Policy
from .thirty_one import ThirtyOneVectorEnv
from .vector import CommerceVectorEnv

__all__ = [
    "DEFAULT_DEAL_LIMIT", "DEFAULT_TURN_LIMIT", "CommerceEnv", "CommerceVectorEnv", "Opponent", "Policy", "ThirtyOneVectorEnv",
]
