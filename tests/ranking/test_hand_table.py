"""The hand table is built by grading one hand of each shape: it must be the table that grading every hand gives.

No suit outranks another in any ranking, so the table grades one hand of
each shape (its ranks, and which of its cards share a suit) and gives its
key to every hand of that shape; a value's cards and description are graded
when first read. These tests hold that to grading each of the 22,100 hands
itself, for every ranking configuration on every deck.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from commerce_rules import DECKS, Card
from commerce_rules.ranking.registry import RANKINGS
from commerce_rules.ranking.table import HandTable, TableKey, grader_for

KEYS = [
    TableKey(ranking, size, options)
    for ranking, part in RANKINGS.items()
    for options in itertools.product((False, True), repeat=len(part.options))  # every ranking option is yes or no
    for size in DECKS
]
"""Every ranking configuration of every registered ranking, on every deck."""


_TABLES: dict[TableKey, HandTable] = {}


def _table(key: TableKey) -> HandTable:
    """A table built here, apart from the library's shared ones (so that its values are worded by these tests)."""
    if key not in _TABLES:
        _TABLES[key] = HandTable(key)
    return _TABLES[key]


def _dense(keys: list[tuple[int, ...]]) -> list[int]:
    order = {key: strength for strength, key in enumerate(sorted(set(keys)))}
    return [order[key] for key in keys]


@pytest.mark.parametrize("key", KEYS, ids=str)
def test_every_hand_has_the_strength_and_category_that_grading_it_alone_gives(key: TableKey) -> None:
    table = _table(key)
    grade = grader_for(key)
    hands = list(itertools.combinations(DECKS[key.deck_size], 3))
    graded = [grade(hand) for hand in hands]
    values = [table.three[a.bit | b.bit | c.bit] for a, b, c in hands]
    assert [value.strength for value in values] == _dense([g.key for g in graded])
    assert [value.category for value in values] == [g.category for g in graded]
    assert len(table.three) == len(hands)


@settings(max_examples=100, deadline=None)
@given(key=st.sampled_from(KEYS), data=st.data())
def test_a_hands_cards_and_words_are_its_own_grading_whatever_order_it_is_read_in(key: TableKey, data: st.DataObject) -> None:
    deck = DECKS[key.deck_size]
    hand: list[Card] = data.draw(st.lists(st.sampled_from(deck), min_size=3, max_size=3, unique=True))
    table = _table(key)
    value = table.three[hand[0].bit | hand[1].bit | hand[2].bit]
    expected = grader_for(key)(tuple(sorted(hand)))  # type: ignore[arg-type]
    assert (str(value), value.cards) == (expected.description, expected.cards)
    assert value.cards is value.cards  # graded once, then kept
    assert sorted(value.cards) == sorted(hand)
