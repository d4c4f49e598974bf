"""The opponents of :class:`~commerce_rules.gym.ThirtyOneVectorEnv`: uniform draws from the match's seed.

A :class:`~commerce_rules.RandomBot` draws from a generator of its own, one
Python call a move. Here every row's draw is made at once, so each comes
from a counter instead: the opponents' ``k``-th move in a match picks with
SplitMix64's output number ``k`` from a key made of the match's seed. So a
match is reproducible from its seed alone, whatever row and batch it is
played in, and :class:`SeededOpponents` plays the same moves through the
engine, one at a time.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any, Final

import numpy as np

from ...core.actions import Action

__all__ = ["GOLDEN", "MULTIPLIERS", "SeededOpponents", "match_key", "opponent_choice", "opponent_choices"]

_MASK64: Final = (1 << 64) - 1
GOLDEN: Final = 0x9E3779B97F4A7C15
"""SplitMix64's increment between two outputs."""
MULTIPLIERS: Final = (0xBF58476D1CE4E5B9, 0x94D049BB133111EB)
"""SplitMix64's output function's two multipliers."""


def _mix(value: int) -> int:
    """SplitMix64's output function, on a Python integer below 2**64."""
    value = ((value ^ (value >> 30)) * MULTIPLIERS[0]) & _MASK64
    value = ((value ^ (value >> 27)) * MULTIPLIERS[1]) & _MASK64
    return value ^ (value >> 31)


def match_key(seed: int) -> int:
    """The 64-bit key a match's opponents draw from: SHAKE-256 of the whole seed, so that no two seeds share one by design."""
    return int.from_bytes(hashlib.shake_256(b"commerce-rules opponents:%d" % seed).digest(8), "big")


def opponent_choice(key: int, move: int, count: int) -> int:
    """Which of ``count`` legal actions the opponents' move number ``move`` (from 0) plays in the match of ``key``.

    Uniform: the draw's top 53 bits ``u`` pick ``floor(u * count / 2**53)``,
    exactly, in integers (a draw of SplitMix64's counter, not ``RandomBot``'s).
    """
    draw = _mix((key + (move + 1) * GOLDEN) & _MASK64)
    return ((draw >> 11) * count) >> 53


def opponent_choices(keys: Any, moves: Any, counts: Any) -> Any:
    """:func:`opponent_choice` of every row at once (``uint64`` keys and move numbers: their products wrap as the masks make Python's).

    Exact for ``counts`` below ``2**11`` (the 53-bit draw times the count stays
    within 64 bits): a Thirty-One turn has 4 choices at most.
    """
    values = keys + (moves + np.uint64(1)) * np.uint64(GOLDEN)
    values = (values ^ (values >> np.uint64(30))) * np.uint64(MULTIPLIERS[0])
    values = (values ^ (values >> np.uint64(27))) * np.uint64(MULTIPLIERS[1])
    values ^= values >> np.uint64(31)
    return (((values >> np.uint64(11)) * counts.astype(np.uint64)) >> np.uint64(53)).astype(np.int64)


class SeededOpponents:
    """The opponents of a ``ThirtyOneVectorEnv`` match dealt from ``seed``, for a loop through the engine.

    ``choose(legal)`` returns the move they make next from the engine's
    :func:`~commerce_rules.legal_actions`, in its order.
    """

    def __init__(self, seed: int) -> None:
        self.key = match_key(seed)
        self.moves = 0

    def choose(self, legal: Sequence[Action]) -> Action:
        move = legal[opponent_choice(self.key, self.moves, len(legal))]
        self.moves += 1
        return move
