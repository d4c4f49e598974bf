"""Hypothesis properties of evaluate(): a total preorder, consistent with strength, order-independent."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from commerce_rules import CRP, DECK_40, DECK_52, EXTENDED, FOSTER, HOYLE, POUNCE, TRENTUNO, Card, Rules, evaluate

ALL_RULES = [
    FOSTER,
    FOSTER.replace(ace_low=False),
    CRP,
    CRP.replace(ace_low=True),
    EXTENDED,
    TRENTUNO,
    TRENTUNO.replace(trentuno_suited=False),
    TRENTUNO.replace(deck_size=52),
    HOYLE,
    POUNCE,
]


@st.composite
def rules_and_hands(draw: st.DrawFn, count: int) -> tuple[Rules, list[tuple[Card, ...]]]:
    rules = draw(st.sampled_from(ALL_RULES))
    deck = DECK_40 if rules.deck_size == 40 else DECK_52
    hand = st.lists(st.sampled_from(deck), min_size=3, max_size=3, unique=True).map(tuple)
    return rules, [draw(hand) for _ in range(count)]


@settings(max_examples=300, deadline=None)
@given(rules_and_hands(3))
def test_ordering_is_a_total_preorder_consistent_with_strength(case: tuple[Rules, list[tuple[Card, ...]]]) -> None:
    rules, hands = case
    a, b, c = (evaluate(h, rules) for h in hands)
    # totality: exactly one of <, ==, > holds, and it is the order of the strengths
    assert [a < b, a == b, a > b].count(True) == 1
    assert (a < b) == (a.strength < b.strength)
    assert (a == b) == (a.strength == b.strength) == (not a != b)
    assert (a <= b) == (not a > b) and (a >= b) == (not a < b)
    # transitivity
    if a <= b and b <= c:
        assert a <= c
    if a == b:
        assert (a < c) == (b < c) and hash(a) == hash(b)


@settings(max_examples=300, deadline=None)
@given(rules_and_hands(1), st.data())
def test_evaluate_does_not_depend_on_card_order(case: tuple[Rules, list[tuple[Card, ...]]], data: st.DataObject) -> None:
    rules, (hand,) = case
    shuffled = data.draw(st.permutations(hand))
    value = evaluate(hand, rules)
    assert evaluate(tuple(shuffled), rules) is value
    assert evaluate(list(shuffled), rules) is value
    assert evaluate(" ".join(str(card) for card in shuffled), rules) is value
    assert sorted(value.cards) == sorted(hand)


@given(rules_and_hands(6), st.lists(st.booleans(), min_size=6, max_size=6))
def test_a_showdowns_hand_values_are_each_hands_evaluation(case: tuple[Rules, list[tuple[Card, ...]]], out: list[bool]) -> None:
    from commerce_rules.ranking.table import hand_values

    rules, hands = case
    seats = [() if gone else hand for hand, gone in zip(hands, out)]  # a seat out of the match holds no cards
    assert hand_values(seats, rules) == tuple(evaluate(hand, rules) if hand else None for hand in seats)


def test_a_showdowns_hand_values_rank_a_quad_and_refuse_a_card_outside_the_deck() -> None:
    import pytest

    from commerce_rules import HandError, parse_cards
    from commerce_rules.ranking.table import hand_values

    quad = parse_cards("9♠ 9♥ 9♦ 9♣")
    assert hand_values([quad, parse_cards("2♠ 3♠ 4♠")], POUNCE)[0] == evaluate(quad, POUNCE)
    with pytest.raises(HandError, match="not in this variant's 40-card deck"):
        hand_values([parse_cards("8♠ 9♠ 10♠")], TRENTUNO)
