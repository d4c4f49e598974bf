"""The classic ranking of widow and lives (Rules §2.5), also used by Pounce.

Best to worst:

* **tricon**: A-A-A highest, 2-2-2 lowest;
* **sequence** (three consecutive ranks of one suit): A-K-Q highest, 4-3-2
  lowest; with ``ace_low`` A-2-3 is the lowest; K-A-2 never;
* **flush**: three of one suit, not a sequence; by the highest rank, then
  the middle, then the lowest;
* **pair**: by the pair's rank, then the odd card;
* **point**: anything else; by the total of card point values, then the
  highest rank, the next, the lowest.

Hands equal on all of that are equal.

>>> from commerce_rules import evaluate, CRP
>>> str(evaluate("7♠ 7♥ K♦", CRP))
'pair of 7s, K kicker'
"""

from __future__ import annotations

from ..core.rules import CRP
from ._common import (
    by_rank_desc,
    by_suit,
    card_criteria,
    cards_text,
    combination_criteria,
    grade_tricon_or_sequence,
    is_suited,
    pair_criteria,
    points,
    rank_plural,
    ranks_text,
    reason_by_category,
    suit_word,
    total_criterion,
)
from .part import Criterion, Graded, Grader, Hand3, Label, Labels, OddsSection, RankingPart
from .value import Category, HandValue

__all__ = ["LABELS", "PART", "criteria", "grade_combination", "grader", "reason"]

LABELS = Labels(
    Label(Category.TRICON, "tricon"),
    Label(Category.SEQUENCE, "sequence"),
    Label(Category.FLUSH, "flush"),
    Label(Category.PAIR, "pair"),
    Label(Category.POINT, "point"),
)
"""Best first."""


def grade_combination(hand: Hand3, ace_low: bool, labels: Labels) -> Graded | None:
    """The tricon, sequence or flush of ``hand`` as in the classic ranking, or ``None``, ordered by ``labels``.

    Shared with :mod:`~commerce_rules.ranking.extended`, which recognises only these.
    """
    combination = grade_tricon_or_sequence(hand, ace_low, labels)
    if combination is not None:
        return combination
    if is_suited(hand):
        cards = by_rank_desc(hand)
        ranks = [c.rank for c in cards]
        return labels.graded(Category.FLUSH, ranks, cards, f"flush {ranks_text(cards)} of {suit_word(cards[0].suit)}")
    return None


def grade_pair(hand: Hand3, labels: Labels) -> Graded | None:
    """A pair (pair rank, then the odd card), or ``None``, ordered by ``labels``."""
    a, b, c = hand
    if a.rank is b.rank:
        pair, odd = (a, b), c
    elif a.rank is c.rank:
        pair, odd = (a, c), b
    elif b.rank is c.rank:
        pair, odd = (b, c), a
    else:
        return None
    return labels.graded(
        Category.PAIR,
        (pair[0].rank, odd.rank),
        by_suit(pair) + (odd,),
        f"pair of {rank_plural(pair[0].rank)}, {odd.rank.symbol} kicker",
    )


def grade_point(hand: Hand3, labels: Labels) -> Graded:
    """A point: the total of the three cards whatever their suits, then the ranks high to low, ordered by ``labels``."""
    cards = by_rank_desc(hand)
    total = points(cards)
    return labels.graded(Category.POINT, (total, *(c.rank for c in cards)), cards, f"point {total} ({cards_text(cards)})")


def grader(ace_low: bool) -> Grader:
    """The classic grader; ``ace_low`` adds A-2-3 as the lowest sequence."""

    def grade(hand: Hand3) -> Graded:
        return grade_combination(hand, ace_low, LABELS) or grade_pair(hand, LABELS) or grade_point(hand, LABELS)

    return grade


def criteria(value: HandValue) -> list[Criterion]:
    """How the classic ranking orders two hands of one category: a flush by its cards, a pair, a point by its total then its cards.

    Hoyle's and Extended's criteria start from these.
    """
    if value.category is Category.FLUSH:
        return card_criteria(value.cards)
    if value.category is Category.PAIR:
        return pair_criteria(value)
    if value.category is Category.POINT:
        return [total_criterion(value.cards), *card_criteria(value.cards)]
    return combination_criteria(value)


def reason(better: HandValue, worse: HandValue) -> str:
    """Why one hand beats another in the classic ranking: the category, then :func:`criteria`."""
    return reason_by_category(better, worse, criteria)


ODDS = (
    OddsSection("Widow and lives (classic)", "`CRP`, `ace_low=False`", CRP),
    OddsSection("Widow and lives, ace low", "`CRP.replace(ace_low=True)`", CRP.replace(ace_low=True)),
)
"""The odds page's sections."""

PART = RankingPart(LABELS, ("ace_low",), grader, reason, odds=ODDS)
