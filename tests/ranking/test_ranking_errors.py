"""Hands that cannot be ranked raise HandError (a CommerceError and a ValueError) with a clear message."""

from __future__ import annotations

from typing import Any

import pytest

from commerce_rules import CRP, FOSTER, POUNCE, TRENTUNO, Card, CardError, CommerceError, HandError, RulesError, evaluate
from commerce_rules import parse_cards


def test_hand_error_is_a_value_error() -> None:
    assert issubclass(HandError, CommerceError) and issubclass(HandError, ValueError)


@pytest.mark.parametrize("text", ["", "A♠", "A♠ K♠", "A♠ K♠ Q♠ J♠", "A♠ K♠ Q♠ J♠ 10♠"])
def test_wrong_size_raises_hand_error(text: str) -> None:
    with pytest.raises(HandError, match="a hand has 3 cards"):
        evaluate(text, CRP)


def test_wrong_size_with_pounce_mentions_the_quad() -> None:
    with pytest.raises(HandError, match=r"3 cards \(4, a quad, after a pounce\), not 5"):
        evaluate("A♠ A♥ A♦ A♣ K♠", POUNCE)


@pytest.mark.parametrize("hand", ["A♠ A♠ K♥", "A♠ K♥ A♠"])
def test_duplicate_card_raises_hand_error(hand: str) -> None:
    with pytest.raises(HandError, match="A♠ appears twice"):
        evaluate(hand, FOSTER)


def test_duplicate_card_in_a_tuple_raises_hand_error() -> None:
    a, k = parse_cards("A♠ K♥")
    with pytest.raises(HandError, match="twice"):
        evaluate((a, a, k), CRP)
    with pytest.raises(HandError, match="twice"):
        evaluate([a, k, a], CRP)
    with pytest.raises(HandError, match="twice"):
        evaluate((a, a, a, k), POUNCE)


def test_foreign_card_raises_hand_error() -> None:
    hand = parse_cards("A♠ K♠ 9♠")
    with pytest.raises(HandError, match="9♠ is not in this variant's 40-card deck"):
        evaluate(hand, TRENTUNO)
    with pytest.raises(HandError, match="40-card deck"):
        evaluate(list(hand), TRENTUNO)


@pytest.mark.parametrize(
    "hand",
    [
        [1, 2, 3],
        (Card.parse("A♠"), Card.parse("K♠"), None),
        (Card.parse("A♠"), Card.parse("K♠"), 12),
        42,
        None,
        Card.parse("A♠"),
    ],
    ids=["ints", "none-item", "int-item", "int", "none", "single-card"],
)
def test_non_card_items_raise_hand_error(hand: Any) -> None:
    with pytest.raises(HandError):
        evaluate(hand, CRP)


def test_unreadable_card_text_raises_card_error() -> None:
    with pytest.raises(CardError, match="Zz"):
        evaluate("A♠ K♠ Zz", CRP)
    assert issubclass(CardError, CommerceError)


def test_rules_must_be_a_rules_value() -> None:
    with pytest.raises(RulesError, match="Rules value"):
        evaluate("A♠ K♠ Q♠", "crp")  # type: ignore[arg-type]


def test_generators_and_card_text_items_are_accepted() -> None:
    cards = parse_cards("A♠ K♠ Q♠")
    expected = evaluate(cards, CRP)
    assert evaluate((c for c in cards), CRP) is expected
    assert evaluate(["A♠", "K♠", "Q♠"], CRP) is expected
    assert evaluate(frozenset(cards), CRP) is expected
