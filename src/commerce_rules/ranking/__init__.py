"""Hand ranking: :func:`evaluate`, :class:`HandValue`, :class:`Category`.

One module per ranking (:mod:`.foster`, :mod:`.classic`, :mod:`.extended`,
:mod:`.trentuno`, :mod:`.hoyle`) grades a three-card hand; :mod:`.table`
turns those grades into a precomputed table per ranking configuration, and
:func:`evaluate` is a look-up in it. Each ranking module also says why one of
its hands beats another, which :mod:`.compare` looks up. :mod:`.odds` counts
the categories.
"""

from __future__ import annotations

from .table import evaluate, hand_strength_table, is_blitz
from .value import Category, HandValue

__all__ = ["Category", "HandValue", "evaluate", "hand_strength_table", "is_blitz"]
