"""The ranking of Commerce with widow after Hoyle (Rules §6.7).

Best to worst:

* **tricon**, A highest;
* **sequence**: A-K-Q highest, A-2-3 lowest (with ``ace_low``, on in the
  ``HOYLE`` preset; without it 4-3-2 is the lowest), K-A-2 never;
* **flush**: by the total of card point values, then by the ranks, highest first;
* **pair**: by the pair's rank, then the odd card;
* **point**: the total of all three cards whatever their suits, then the
  highest rank that differs.

Exact equals are ties.

>>> from commerce_rules import evaluate, HOYLE
>>> evaluate("K♥ Q♥ 2♥", HOYLE) < evaluate("A♣ 9♣ 4♣", HOYLE)
True
"""

from __future__ import annotations

from ..core.rules import HOYLE
from ._common import (
    by_rank_desc,
    card_criteria,
    grade_tricon_or_sequence,
    is_suited,
    points,
    ranks_text,
    reason_by_category,
    suit_word,
    total_criterion,
)
from .classic import criteria as classic_criteria
from .classic import LABELS, grade_pair, grade_point
from .part import Criterion, Graded, Grader, Hand3, OddsSection, RankingPart
from .value import Category, HandValue

__all__ = ["PART", "criteria", "grader", "reason"]


def grader(ace_low: bool) -> Grader:
    """The Hoyle grader; ``ace_low`` makes A-2-3 the lowest sequence."""

    def grade(hand: Hand3) -> Graded:
        combination = grade_tricon_or_sequence(hand, ace_low, LABELS)
        if combination is not None:
            return combination
        if is_suited(hand):
            cards = by_rank_desc(hand)
            total = points(cards)
            description = f"flush {ranks_text(cards)} of {suit_word(cards[0].suit)}"
            return LABELS.graded(Category.FLUSH, (total, *(c.rank for c in cards)), cards, description)
        return grade_pair(hand, LABELS) or grade_point(hand, LABELS)

    return grade


def criteria(value: HandValue) -> list[Criterion]:
    """How Hoyle orders two hands of one category: a flush by its point total first, then its cards; the rest as in the classic ranking."""
    if value.category is Category.FLUSH:
        return [total_criterion(value.cards), *card_criteria(value.cards)]
    return classic_criteria(value)


def reason(better: HandValue, worse: HandValue) -> str:
    """Why one Hoyle hand beats another: the category, then :func:`criteria`."""
    return reason_by_category(better, worse, criteria)


PART = RankingPart(LABELS, ("ace_low",), grader, reason, odds=(OddsSection("Hoyle", "`HOYLE` (A-2-3 is a sequence)", HOYLE),))
