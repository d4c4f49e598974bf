"""Hand ranking: :func:`evaluate`, :class:`HandValue`, :class:`Category`.

One module per ranking (:mod:`.foster`, :mod:`.classic`, :mod:`.extended`,
:mod:`.trentuno`, :mod:`.hoyle`, :mod:`.brag`) declares its part (:mod:`.part`): its
grader, its categories best first and their words, why one of its hands
beats another, its odds sections. :mod:`.registry` names them all, and the
shared modules read it: :mod:`.table` turns a grader into a precomputed table
per ranking configuration (:func:`evaluate` is a look-up in it),
:mod:`.compare` words the reasons, :mod:`.odds` counts the categories.
"""

from __future__ import annotations

from .table import evaluate, hand_strength_table, is_blitz
from .value import Category, HandValue

__all__ = ["Category", "HandValue", "evaluate", "hand_strength_table", "is_blitz"]
