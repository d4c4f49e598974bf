"""Helpers shared by the ranking modules: the shapes of a hand, the words for it, and why one hand beats another."""

from __future__ import annotations

from typing import Final

from ..core.cards import Card, Rank, Suit
from .part import Criteria, Criterion, Graded, Hand3, Labels
from .value import Category, HandValue

_RANK_WORDS = {Rank.JACK: "jacks", Rank.QUEEN: "queens", Rank.KING: "kings", Rank.ACE: "aces"}


def rank_plural(rank: Rank) -> str:
    """``"7s"``, ``"10s"``, ``"jacks"`` ... ``"aces"``."""
    return _RANK_WORDS.get(rank) or f"{rank.symbol}s"


def suit_word(suit: Suit) -> str:
    """``"clubs"``, ``"diamonds"``, ``"hearts"``, ``"spades"``."""
    return suit.name.lower()


def by_rank_desc(cards: tuple[Card, ...] | list[Card]) -> tuple[Card, ...]:
    """Highest rank first; equal ranks in suit order (♣♦♥♠)."""
    return tuple(sorted(cards, key=lambda c: (-c.rank, c.suit.index)))


def cards_text(cards: tuple[Card, ...]) -> str:
    """``"A♥ K♥"``."""
    return " ".join(str(c) for c in cards)


def ranks_text(cards: tuple[Card, ...]) -> str:
    """``"Q-K-A"``: the ranks in the order given."""
    return "-".join(c.rank.symbol for c in cards)


def is_tricon(hand: Hand3) -> bool:
    """Three cards of one rank."""
    return hand[0].rank is hand[1].rank is hand[2].rank


def is_suited(hand: Hand3) -> bool:
    """Three cards of one suit."""
    return hand[0].suit is hand[1].suit is hand[2].suit


def run_order(hand: Hand3, ace_low: bool) -> tuple[Card, ...] | None:
    """The hand from its low end if its three ranks are consecutive, whatever its suits, else ``None``.

    With ``ace_low`` A-2-3 is one too, the ace first; K-A-2 never is.
    """
    low, middle, high = sorted(hand, key=lambda card: card.rank)
    if middle.rank == low.rank + 1 and high.rank == middle.rank + 1:
        return (low, middle, high)
    if ace_low and (low.rank, middle.rank, high.rank) == (Rank.TWO, Rank.THREE, Rank.ACE):
        return (high, low, middle)
    return None


def sequence(hand: Hand3, ace_low: bool) -> tuple[Card, ...] | None:
    """The hand in sequence order (low end first) if it is a sequence, else ``None``.

    A sequence is three consecutive ranks of one suit (:func:`run_order` of a suited hand); Q-K-A is the highest.
    With ``ace_low`` A-2-3 is one too (the lowest, the ace low); K-A-2 never is.
    """
    return run_order(hand, ace_low) if is_suited(hand) else None


def sequence_top(ordered: tuple[Card, ...]) -> int:
    """The sequence's top rank as an integer: 3 for A-2-3, 14 for Q-K-A."""
    return int(ordered[-1].rank)


def describe_tricon(hand: Hand3) -> str:
    """``"tricon of kings"``."""
    return f"tricon of {rank_plural(hand[0].rank)}"


def describe_sequence(ordered: tuple[Card, ...]) -> str:
    """``"sequence Q-K-A of spades"``."""
    return f"sequence {ranks_text(ordered)} of {suit_word(ordered[0].suit)}"


def by_suit(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """In suit order ♣♦♥♠ (for tricons and quads)."""
    return tuple(sorted(cards, key=lambda c: c.suit.index))


def suit_groups(hand: Hand3) -> list[tuple[Card, ...]]:
    """The hand's cards grouped by suit, each group highest rank first."""
    groups: dict[Suit, list[Card]] = {}
    for card in hand:
        groups.setdefault(card.suit, []).append(card)
    return [by_rank_desc(group) for group in groups.values()]


def points(cards: tuple[Card, ...]) -> int:
    """The total of the cards' point values (A 11, K Q J 10 = 10, else face value)."""
    return sum(c.points for c in cards)


def grade_tricon_or_sequence(hand: Hand3, ace_low: bool, labels: Labels) -> Graded | None:
    """The tricon (by rank) or sequence (by top card) ``hand`` is, if it is either: every ranking with sequences starts so."""
    if is_tricon(hand):
        return labels.graded(Category.TRICON, (hand[0].rank,), by_suit(hand), describe_tricon(hand))
    ordered = sequence(hand, ace_low)
    if ordered is not None:
        return labels.graded(Category.SEQUENCE, (sequence_top(ordered),), ordered, describe_sequence(ordered))
    return None


# --------------------------------------------------------------------------- why one hand beats another

_ORDINALS: Final = ("card", "second card", "third card")


def card_criteria(cards: tuple[Card, ...]) -> list[Criterion]:
    """The cards from the highest down: ``higher card``, ``higher second card``, ``higher third card``."""
    return [Criterion("higher " + name, int(card.rank), card.rank.symbol) for name, card in zip(_ORDINALS, cards)]


def total_criterion(cards: tuple[Card, ...]) -> Criterion:
    """The total of the cards' point values: ``higher point``."""
    total = points(cards)
    return Criterion("higher point", total, str(total))


def combination_criteria(value: HandValue) -> list[Criterion]:
    """Tricons and quads by rank, sequences by top card: alike in every ranking that has them.

    Any other category has no order of its own here (``NOTHING``: all equal).
    """
    cards = value.cards
    if value.category is Category.TRICON or value.category is Category.QUAD:
        return [Criterion("higher rank", int(cards[0].rank), cards[0].rank.symbol)]
    if value.category is Category.SEQUENCE:
        top = cards[-1].rank  # the cards run from the low end, so A-2-3 tops at 3
        return [Criterion("higher top card", int(top), top.symbol)]
    return []


def pair_criteria(value: HandValue) -> list[Criterion]:
    """A pair by its rank, then the odd card (the graded cards are the pair, then the odd card)."""
    cards = value.cards
    return [
        Criterion("higher pair", int(cards[0].rank), cards[0].rank.symbol),
        Criterion("higher odd card", int(cards[2].rank), cards[2].rank.symbol),
    ]


def reason_by_category(better: HandValue, worse: HandValue, criteria: Criteria) -> str:
    """The reason for a ranking whose categories order its hands: the category, then its ``criteria``.

    ``"tricon beats sequence"``, or ``"both flush; higher card (K over Q)"``
    naming the first criterion that separates two hands of one category;
    the categories in the ranking's own words (:attr:`HandValue.category_word`).
    """
    if better.category is not worse.category:
        return f"{better.category_word} beats {worse.category_word}"
    for (label, high, high_text), (_, low, low_text) in zip(criteria(better), criteria(worse)):
        if high != low:
            return f"both {better.category_word}; {label} ({high_text} over {low_text})"
    return f"both {better.category_word}; {better} beats {worse}"  # pragma: no cover - the tests show it never happens
