"""Brag hands, the ranking of Stop the Bus (Rules §10.7).

Best to worst:

* **prial** (three of a rank, ``TRICON``): 3-3-3 the highest, then A-A-A,
  K-K-K ... 2-2-2 the lowest;
* **running flush** (three consecutive ranks of one suit, ``SEQUENCE``):
  A-2-3 the highest, then A-K-Q, K-Q-J ... 4-3-2 the lowest; K-A-2 never;
* **run** (``RUN``): three consecutive ranks, not all of one suit, ordered
  as the running flushes; every running flush beats every run;
* **flush**: three of one suit, not consecutive; by the highest card, then
  the middle, then the lowest;
* **pair**: by the pair's rank (threes are special only in a prial), then
  the odd card;
* **high card** (``HIGH_CARD``): anything else, by the highest card, then
  the middle, then the lowest.

A run beats a flush, unlike poker. Hands equal on all of that are equal:
suits never break a tie. With ``brag_threes_high=False`` the prials go in
plain rank order (A-A-A the highest) and A-2-3 is the lowest run and running
flush; with ``ace_low=False`` A-2-3 is no run at all (a flush of one suit, a
high card of several, the ace high).

>>> from commerce_rules import CRP, evaluate
>>> brag = CRP.replace(ranking="brag", ace_low=True)
>>> str(evaluate("3♣ 3♦ 3♥", brag)), evaluate("3♣ 3♦ 3♥", brag) > evaluate("A♠ A♥ A♦", brag)
('prial of 3s', True)
>>> str(evaluate("2♠ 3♦ 4♣", brag)), evaluate("2♠ 3♦ 4♣", brag) > evaluate("A♥ K♥ J♥", brag)
('run 2-3-4', True)
"""

from __future__ import annotations

from ..core.cards import Rank
from ..core.rules import CRP
from ._common import (
    by_rank_desc,
    by_suit,
    card_criteria,
    is_suited,
    is_tricon,
    pair_criteria,
    rank_plural,
    ranks_text,
    reason_by_category,
    run_order,
    suit_word,
)
from .classic import grade_pair
from .part import Criterion, Graded, Grader, Hand3, Label, Labels, OddsSection, RankingPart
from .value import Category, HandValue

__all__ = ["LABELS", "PART", "criteria", "grader", "reason", "run_order"]

LABELS = Labels(
    Label(Category.TRICON, "prial"),
    Label(Category.SEQUENCE, "running flush"),
    Label(Category.RUN, "run"),
    Label(Category.FLUSH, "flush"),
    Label(Category.PAIR, "pair"),
    Label(Category.HIGH_CARD, "high card"),
)
"""Best first."""

_ON_TOP = 15
"""The key of 3-3-3 among the prials and of A-2-3 among the runs with ``brag_threes_high``: above the ace's 14."""


def grader(ace_low: bool, brag_threes_high: bool) -> Grader:
    """The Brag grader: ``ace_low`` makes A-2-3 a run; ``brag_threes_high`` puts 3-3-3 and A-2-3 on top."""

    def grade(hand: Hand3) -> Graded:
        if is_tricon(hand):
            rank = hand[0].rank
            key = _ON_TOP if brag_threes_high and rank is Rank.THREE else int(rank)
            return LABELS.graded(Category.TRICON, (key,), by_suit(hand), f"prial of {rank_plural(rank)}")
        ordered = run_order(hand, ace_low)
        if ordered is not None:
            top = _ON_TOP if brag_threes_high and ordered[0].rank is Rank.ACE else int(ordered[-1].rank)
            if is_suited(hand):
                words = f"running flush {ranks_text(ordered)} of {suit_word(ordered[0].suit)}"
                return LABELS.graded(Category.SEQUENCE, (top,), ordered, words)
            return LABELS.graded(Category.RUN, (top,), ordered, f"run {ranks_text(ordered)}")
        cards = by_rank_desc(hand)
        ranks = [int(card.rank) for card in cards]
        if is_suited(hand):
            return LABELS.graded(Category.FLUSH, ranks, cards, f"flush {ranks_text(cards)} of {suit_word(cards[0].suit)}")
        pair = grade_pair(hand, LABELS)
        if pair is not None:
            return pair
        return LABELS.graded(Category.HIGH_CARD, ranks, cards, f"high card {ranks_text(cards)}")

    return grade


def criteria(value: HandValue) -> list[Criterion]:
    """How Brag orders two hands of one category.

    A prial, a running flush and a run by the ranking's own order of them
    (3-3-3 and A-2-3 on top or not, as the options say: the strength knows),
    a pair by its rank then the odd card, a flush and a high card by their
    cards from the highest.
    """
    category, cards = value.category, value.cards
    if category is Category.TRICON:
        return [Criterion("better prial", value.strength, cards[0].rank.symbol)]
    if category is Category.SEQUENCE or category is Category.RUN:
        return [Criterion(f"better {value.category_word}", value.strength, ranks_text(cards))]
    if category is Category.PAIR:
        return pair_criteria(value)
    return card_criteria(cards)


def reason(better: HandValue, worse: HandValue) -> str:
    """Why one Brag hand beats another: the category, then :func:`criteria`."""
    return reason_by_category(better, worse, criteria)


ODDS = (
    OddsSection("Brag", '`CRP.replace(ranking="brag", ace_low=True)` (A-2-3 is a run; `brag_threes_high` moves no hand between categories)',
                CRP.replace(ranking="brag", ace_low=True)),
    OddsSection("Brag, the ace high only", '`CRP.replace(ranking="brag")` (`ace_low=False`: A-2-3 is no run)', CRP.replace(ranking="brag")),
)
"""The odds page's sections."""

PART = RankingPart(LABELS, ("ace_low", "brag_threes_high"), grader, reason, odds=ODDS)
