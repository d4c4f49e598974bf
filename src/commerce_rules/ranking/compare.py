"""Which of two hands wins, and by which rule, in words: :func:`compare_values`.

Each ranking module owns what is particular to it: its ``reason`` (and, for
the rankings whose categories order the hands, the ``criteria`` that order
two hands of one category). This module only looks the ranking up in
:mod:`.registry`, as :mod:`.table` looks up its grader, and never asks which
ranking it is.
"""

from __future__ import annotations

from ..core.rules import Rules
from .part import Criterion
from .registry import ranking_part
from .value import HandValue

__all__ = ["Criterion", "compare_values"]


def compare_values(first: HandValue, second: HandValue, rules: Rules) -> tuple[int, str]:
    """Which of two hands wins under ``rules``, and by which rule, in words.

    Returns ``(1, reason)`` when ``first`` wins, ``(-1, reason)`` when
    ``second`` does, ``(0, "")`` for an exact tie. The reason names the
    category difference (``"tricon beats sequence"``) or, within one
    category, the first criterion of the ranking that separates the hands
    (``"both flush; higher card (K over Q)"``). Trentuno's counts are
    compared as they are: ``"31 beats 30½ (tricon of 7s)"``.

    >>> from commerce_rules import CRP, evaluate
    >>> compare_values(evaluate("K♥ 9♥ 4♥", CRP), evaluate("Q♠ J♠ 2♠", CRP), CRP)
    (1, 'both flush; higher card (K over Q)')
    >>> compare_values(evaluate("A♠ K♠ Q♠", CRP), evaluate("2♥ 2♦ 2♣", CRP), CRP)
    (-1, 'tricon beats sequence')
    """
    if first == second:
        return 0, ""
    sign = 1 if first > second else -1
    better, worse = (first, second) if sign > 0 else (second, first)
    return sign, ranking_part(rules).reason(better, worse)
