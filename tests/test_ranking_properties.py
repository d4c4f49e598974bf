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
