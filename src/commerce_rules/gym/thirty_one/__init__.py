"""Thirty-One's matches as NumPy arrays, every row's move made at once: :class:`ThirtyOneVectorEnv`.

:class:`~commerce_rules.gym.CommerceVectorEnv` steps each match through the
engine, one row at a time in Python, for every preset and option. Here one
preset's matches are arrays (hands, stock, pile, turn record, lives):
Thirty-One as the preset deals it (Rules §8), against opponents that play
at random. A move is a few NumPy operations over every row that makes it,
or with Numba installed (the ``fast`` extra) each row's turns are played
in compiled loops over the same arrays: about 12 times the PettingZoo
environment's steps a second in learner steps (``docs/performance.md``).

The engine stays the rules' one statement: ``tests/adapters/test_thirty_one_vector_env.py``
replays every row through :func:`~commerce_rules.apply`, the opponents'
moves drawn by :class:`SeededOpponents`, and finds the same tensors, masks,
rewards and flags at every step.

* :mod:`.env`: the Gymnasium vector environment.
* :mod:`.table`: the arrays, and the moves, showdowns and deals made on them.
* :mod:`.compiled`: the same moves, a row at a time, compiled by Numba.
* :mod:`.layout`: the learner's tensors and masks, written from the arrays.
* :mod:`.opponents`: the opponents' draws, from each match's seed.
"""

from __future__ import annotations

from .env import ThirtyOneVectorEnv
from .opponents import SeededOpponents, opponent_choice

__all__ = ["SeededOpponents", "ThirtyOneVectorEnv", "opponent_choice"]
