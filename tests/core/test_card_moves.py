"""Moving a card within a hand or the widow: the card's place is kept, every other card keeps its order."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from commerce_rules.core.cards import Card
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


# ---- the moves that write these out: each place of the card moved -----------------------------


@pytest.mark.parametrize("at", [0, 1, 2])
def test_a_buy_takes_the_card_from_its_place_and_puts_the_stocks_top_card_last(at: int) -> None:
    from commerce_rules import FOSTER, Buy, apply, deal_position

    state = deal_position(FOSTER, hands=["2♣ 3♦ 4♥", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0, stock="8♠ 2♦ 9♥")
    hand = state.hands[1]
    after = apply(state, Buy(1, hand[at]))
    assert after.hands[1] == without(hand, hand[at]) + (state.stock[0],)


@pytest.mark.parametrize(("offered_at", "returned_at"), [(0, 2), (1, 0), (2, 1)])
def test_a_barter_puts_each_card_last_in_its_new_hand_and_keeps_the_others_in_order(offered_at: int, returned_at: int) -> None:
    from commerce_rules import FOSTER, Barter, BarterReply, apply, deal_position

    state = deal_position(FOSTER, hands=["2♣ 3♦ 4♥", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0)
    offerer, partner = state.hands[1], state.hands[2]
    offered, returned = offerer[offered_at], partner[returned_at]
    after = apply(apply(state, Barter(1, offered)), BarterReply(2, returned))
    assert after.hands[1] == without(offerer, offered) + (returned,)
    assert after.hands[2] == without(partner, returned) + (offered,)


@pytest.mark.parametrize("at", [0, 1, 2, 3])
def test_a_discard_takes_the_card_from_its_place_in_the_four_and_keeps_the_others_in_order(at: int) -> None:
    from commerce_rules import THIRTY_ONE, Discard, Draw, apply, deal_position

    state = deal_position(THIRTY_ONE, hands=["2♣ 3♦ 4♥", "6♠ 7♠ K♦", "A♥ 5♥ 4♦"], dealer=0, stock="8♠ 2♦ 9♥ 3♣")
    drawn = apply(state, Draw(1, "stock"))
    hand = drawn.hands[1]
    assert hand == state.hands[1] + (state.stock[0],)
    after = apply(drawn, Discard(1, hand[at]))
    assert after.hands[1] == without(hand, hand[at]) and after.discard[-1] == hand[at]
