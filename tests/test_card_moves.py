"""Moving a card within a hand or the widow: the card's place is kept, every other card keeps its order."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from commerce_rules.cards import Card
from commerce_rules.mechanisms.common import replaced, swap_in, without

_CARDS = st.lists(st.integers(0, 51), min_size=1, max_size=5, unique=True).map(
    lambda indices: tuple(Card.from_index(index) for index in indices)
)


@given(_CARDS, st.data())
def test_swap_in_puts_the_new_card_in_the_old_ones_place(cards: tuple[Card, ...], data: st.DataObject) -> None:
    at = data.draw(st.integers(0, len(cards) - 1))
    new = data.draw(st.integers(0, 51).map(Card.from_index).filter(lambda card: card not in cards))
    assert swap_in(cards, cards[at], new) == cards[:at] + (new,) + cards[at + 1 :]


@given(_CARDS, st.data())
def test_without_takes_out_the_card_and_keeps_the_others_in_order(cards: tuple[Card, ...], data: st.DataObject) -> None:
    at = data.draw(st.integers(0, len(cards) - 1))
    assert without(cards, cards[at]) == cards[:at] + cards[at + 1 :]


@pytest.mark.parametrize("size", [1, 2, 3, 4, 5])
def test_a_card_that_is_not_there_is_a_value_error(size: int) -> None:
    cards = tuple(Card.from_index(index) for index in range(size))
    missing = Card.from_index(51)
    with pytest.raises(ValueError):
        swap_in(cards, missing, Card.from_index(50))
    with pytest.raises(ValueError):
        without(cards, missing)


@given(_CARDS, st.data())
def test_replaced_puts_the_new_card_in_the_old_ones_place_and_is_none_for_one_that_is_not_there(
    cards: tuple[Card, ...], data: st.DataObject
) -> None:
    at = data.draw(st.integers(0, len(cards) - 1))
    new = data.draw(st.integers(0, 51).map(Card.from_index).filter(lambda card: card not in cards))
    assert replaced(cards, cards[at], new) == cards[:at] + (new,) + cards[at + 1 :]
    assert replaced(cards, new, cards[at]) is None
