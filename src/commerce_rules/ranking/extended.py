"""Extended Commerce's ranking (Rules §5).

Only **tricon**, **sequence** and **flush** count, as in the classic ranking
(:mod:`~commerce_rules.ranking.classic`); every other hand is **nothing**,
and all of them are equal.

>>> from commerce_rules import evaluate, EXTENDED
>>> evaluate("A♠ A♥ K♦", EXTENDED) == evaluate("2♣ 3♦ 5♥", EXTENDED)
True
"""

from __future__ import annotations

from ..core.rules import EXTENDED
from ._common import by_rank_desc, reason_by_category
from .classic import criteria as classic_criteria
from .classic import grade_combination
from .part import Criterion, Graded, Grader, Hand3, Label, Labels, OddsSection, RankingPart
from .value import Category, HandValue

__all__ = ["LABELS", "PART", "criteria", "grader", "reason"]

LABELS = Labels(
    Label(Category.TRICON, "tricon"),
    Label(Category.SEQUENCE, "sequence"),
    Label(Category.FLUSH, "flush"),
    Label(Category.NOTHING, "nothing", "everything else"),
)
"""Best first."""


def grader(ace_low: bool) -> Grader:
    """The Extended grader; ``ace_low`` adds A-2-3 as the lowest sequence."""

    def grade(hand: Hand3) -> Graded:
        graded = grade_combination(hand, ace_low, LABELS)
        if graded is not None:
            return graded
        return LABELS.graded(Category.NOTHING, (), by_rank_desc(hand), "nothing")

    return grade


def criteria(value: HandValue) -> list[Criterion]:
    """How Extended orders two hands of one category: its combinations as in the classic ranking; nothing is all equal."""
    if value.category is Category.NOTHING:
        return []
    return classic_criteria(value)


def reason(better: HandValue, worse: HandValue) -> str:
    """Why one Extended hand beats another: the category, then :func:`criteria`."""
    return reason_by_category(better, worse, criteria)


PART = RankingPart(LABELS, ("ace_low",), grader, reason, odds=(OddsSection("Extended Commerce", "`EXTENDED`", EXTENDED),))
