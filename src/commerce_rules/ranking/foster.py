"""Foster's ranking, for Commerce without widow (Rules §1.6).

Best to worst:

* **tricon** (three of a rank), by rank, A highest;
* **sequence** (three consecutive ranks of one suit), by the top card:
  Q-K-A highest; A-2-3 the lowest, only with ``ace_low`` (on in the
  ``FOSTER`` preset); K-A-2 never;
* **point**: the best total of card point values of 2 or 3 cards of one
  suit; at equal totals three cards beat two; pairs and flushes are points;
* **nothing**: three different suits. Resolution (Rules §1.6): such a hand
  has no point and ranks below every point; all of them are equal.

Equal points with the same number of cards are exact ties.

>>> from commerce_rules import evaluate, FOSTER
>>> str(evaluate("A♥ K♥ 4♦", FOSTER))
'point 21 (A♥ K♥)'
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.rules import FOSTER
from ._common import (
    by_rank_desc,
    cards_text,
    combination_criteria,
    grade_tricon_or_sequence,
    points,
    reason_by_category,
    suit_groups,
)
from .part import Criterion, Graded, Grader, Hand3, Label, Labels, OddsSection, RankingPart
from .value import Category, HandValue

__all__ = ["LABELS", "PART", "criteria", "grader", "point_breakdown", "reason"]


def point_breakdown(values: Sequence[HandValue]) -> list[tuple[str, int]]:
    """The odds page's rows under the point: how many of the point ``values`` count three cards of a suit, and how many two."""
    three = sum(1 for value in values if len({card.suit for card in value.cards}) == 1)
    return [("… of which 3 cards of a suit", three), ("… of which 2 cards of a suit", len(values) - three)]


LABELS = Labels(
    Label(Category.TRICON, "tricon"),
    Label(Category.SEQUENCE, "sequence"),
    Label(Category.POINT, "point", "2 or 3 cards of a suit", point_breakdown),
    Label(Category.NOTHING, "nothing", "three suits"),
)
"""Best first."""


def grader(ace_low: bool) -> Grader:
    """The Foster grader; ``ace_low`` makes A-2-3 the lowest sequence."""

    def grade(hand: Hand3) -> Graded:
        combination = grade_tricon_or_sequence(hand, ace_low, LABELS)
        if combination is not None:
            return combination
        groups = [g for g in suit_groups(hand) if len(g) >= 2]
        if not groups:
            return LABELS.graded(Category.NOTHING, (), by_rank_desc(hand), "nothing")
        (group,) = groups  # three cards hold at most one suit group of two or more
        total = points(group)
        rest = by_rank_desc([c for c in hand if c not in group])
        return LABELS.graded(Category.POINT, (total, len(group)), group + rest, f"point {total} ({cards_text(group)})")

    return grade


def criteria(value: HandValue) -> list[Criterion]:
    """How Foster orders two hands of one category: a point by its total, then by its number of cards."""
    if value.category is not Category.POINT:
        return combination_criteria(value)
    cards = value.cards
    suits = [card.suit for card in cards]
    group = tuple(card for card in cards if suits.count(card.suit) >= 2)
    total = points(group)
    return [
        Criterion("higher point", total, str(total)),
        Criterion("more cards in the point", len(group), str(len(group))),
    ]


def reason(better: HandValue, worse: HandValue) -> str:
    """Why one Foster hand beats another: the category, then :func:`criteria`."""
    return reason_by_category(better, worse, criteria)


PART = RankingPart(
    LABELS, ("ace_low",), grader, reason, odds=(OddsSection("Foster", "`FOSTER` (A-2-3 is a sequence)", FOSTER),)
)
