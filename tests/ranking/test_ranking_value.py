"""HandValue and the table: ordering, equality, hashing, descriptions, sharing, speed paths."""

from __future__ import annotations

import copy
import itertools
import pickle

import pytest

from commerce_rules import (
    CRP,
    DECK_52,
    EXTENDED,
    FOSTER,
    HOYLE,
    POUNCE,
    TRENTUNO,
    Category,
    Rules,
    HandValue,
    evaluate,
    hand_strength_table,
    parse_cards,
)


def test_category_order() -> None:
    assert list(Category) == sorted(Category)
    assert [c.name for c in Category] == ["NOTHING", "POINT", "PAIR", "FLUSH", "SEQUENCE", "TRICON", "QUAD", "RUN", "HIGH_CARD"]


@pytest.mark.parametrize(
    ("hand", "rules", "text"),
    [
        ("Q♠ K♠ A♠", FOSTER, "sequence Q-K-A of spades"),
        ("K♠ K♥ K♦", CRP, "tricon of kings"),
        ("A♥ K♥ 4♦", FOSTER, "point 21 (A♥ K♥)"),
        ("4♥ 9♥ A♥", CRP, "flush A-9-4 of hearts"),
        ("7♠ K♦ 7♥", CRP, "pair of 7s, K kicker"),
        ("A♠ K♥ Q♦", FOSTER, "nothing"),
        ("A♠ Q♠ K♠", TRENTUNO, "31"),
        ("7♠ 7♥ 7♦", TRENTUNO, "30½ (tricon of 7s)"),
        ("A♠ K♥ 4♦", HOYLE, "point 25 (A♠ K♥ 4♦)"),
        ("3♣ A♣ 2♣", HOYLE, "sequence A-2-3 of clubs"),
        ("A♠ A♥ A♦ A♣", POUNCE, "quad of aces"),
    ],
)
def test_descriptions(hand: str, rules: Rules, text: str) -> None:
    assert str(evaluate(hand, rules)) == text


def test_cards_in_readable_order() -> None:
    assert evaluate("A♠ Q♠ K♠", CRP).cards == parse_cards("Q♠ K♠ A♠")
    assert evaluate("3♣ A♣ 2♣", HOYLE).cards == parse_cards("A♣ 2♣ 3♣")
    assert evaluate("K♦ 7♥ 7♠", CRP).cards == parse_cards("7♥ 7♠ K♦")
    assert evaluate("4♦ K♥ A♥", FOSTER).cards == parse_cards("A♥ K♥ 4♦")
    assert evaluate("4♥ 9♥ A♥", CRP).cards == parse_cards("A♥ 9♥ 4♥")


def test_values_are_interned_and_ordered_by_strength() -> None:
    a = evaluate("A♠ K♠ Q♠", CRP)
    assert a is evaluate(parse_cards("Q♠ A♠ K♠"), CRP)
    b = evaluate("2♥ 2♦ 2♣", CRP)
    assert a < b and a <= b and b > a and b >= a and a != b and not a == b
    assert a.strength < b.strength


def test_ties_are_equal_with_equal_hashes() -> None:
    a, b = evaluate("7♣ 5♦ 2♥", CRP), evaluate("7♠ 5♥ 2♣", CRP)
    assert a == b and hash(a) == hash(b) and a.strength == b.strength
    assert str(a) != str(b)  # the description is not part of equality
    assert len({a, b}) == 1


def test_rankings_do_not_compare() -> None:
    foster, classic = evaluate("A♠ K♠ Q♠", FOSTER), evaluate("A♠ K♠ Q♠", CRP)
    with pytest.raises(TypeError):
        _ = foster < classic
    with pytest.raises(TypeError):
        _ = foster >= classic
    assert foster != classic
    with pytest.raises(TypeError):
        _ = evaluate("A♠ K♠ Q♠", CRP.replace(ace_low=True)) > classic
    with pytest.raises(TypeError):
        _ = classic < 3  # type: ignore[operator]


def test_rules_with_the_same_ranking_share_a_table() -> None:
    assert evaluate("A♠ K♠ Q♠", CRP) is evaluate("A♠ K♠ Q♠", CRP.replace(starting_lives=5))
    assert evaluate("A♠ K♠ Q♠", CRP) is evaluate("A♠ K♠ Q♠", POUNCE)
    assert evaluate("A♠ K♠ Q♠", TRENTUNO) is evaluate("A♠ K♠ Q♠", TRENTUNO.replace(ace_low=True))
    assert hand_strength_table(CRP) is hand_strength_table(CRP.replace(stall_passes=3))


def test_hand_values_are_immutable() -> None:
    value = evaluate("A♠ K♠ Q♠", CRP)
    with pytest.raises(AttributeError):
        value.category = Category.POINT  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del value.cards


def test_hand_values_pickle_and_copy_to_the_interned_value() -> None:
    for rules in (FOSTER, CRP, POUNCE, TRENTUNO, EXTENDED, HOYLE):
        value = evaluate("K♠ K♥ K♦", rules)
        assert pickle.loads(pickle.dumps(value)) is value
        assert copy.copy(value) is value and copy.deepcopy(value) is value
    quad = evaluate("K♠ K♥ K♦ K♣", POUNCE)
    assert pickle.loads(pickle.dumps(quad)) is quad


def test_repr_names_description_category_and_strength() -> None:
    text = repr(evaluate("A♠ K♠ Q♠", CRP))
    assert "sequence Q-K-A of spades" in text and "SEQUENCE" in text and "strength=" in text


def test_table_holds_every_hand_keyed_by_bits() -> None:
    table = hand_strength_table(CRP)
    assert len(table) == 22_100
    assert len(hand_strength_table(POUNCE)) == 22_100 + 13
    assert len(hand_strength_table(TRENTUNO)) == 9_880
    assert len(hand_strength_table(TRENTUNO.replace(pounce=True))) == 9_880 + 10
    for hand in itertools.islice(itertools.combinations(DECK_52, 3), 0, None, 997):
        bits = hand[0].bit | hand[1].bit | hand[2].bit
        assert table[bits] is evaluate(hand, CRP)
        assert table[bits].bits == bits
    with pytest.raises(TypeError):
        table[0] = table[7]  # type: ignore[index]


def test_strengths_are_dense() -> None:
    for rules in (FOSTER, CRP, EXTENDED, TRENTUNO, HOYLE, POUNCE):
        strengths = {v.strength for v in hand_strength_table(rules).values()}
        assert strengths == set(range(len(strengths)))


def test_fast_path_and_slow_path_agree() -> None:
    for hand in itertools.islice(itertools.combinations(DECK_52, 3), 0, None, 101):
        fast = evaluate(hand, HOYLE)
        assert evaluate(list(hand), HOYLE) is fast
        assert evaluate(" ".join(map(str, hand)), HOYLE) is fast
        assert evaluate(iter(hand), HOYLE) is fast


def test_alternating_rules_use_the_right_table() -> None:
    hand = parse_cards("A♠ A♥ K♦")
    for _ in range(3):
        assert evaluate(hand, CRP).category is Category.PAIR
        assert evaluate(hand, EXTENDED).category is Category.NOTHING
        assert evaluate(hand, FOSTER).category is Category.NOTHING


def test_hand_value_type_is_exported() -> None:
    assert isinstance(evaluate("A♠ K♠ Q♠", CRP), HandValue)
