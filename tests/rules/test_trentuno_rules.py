"""Trentuno (preset ``TRENTUNO``): one test per rule of RULES.md §4.

The counting rules are checked against a plain reference count over every
hand hypothesis picks; the rest of the game is widow and lives (§2), so the
play tests here check only what Trentuno changes: the deck and who loses.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from commerce_rules import (
    DECK_40,
    TRENTUNO,
    Card,
    Category,
    CommerceError,
    Knock,
    Rank,
    ShowdownReason,
    apply,
    deal_position,
    evaluate,
    new_game,
)

from helpers import passes

UNSUITED = TRENTUNO.replace(trentuno_suited=False)
HANDS_40 = list(itertools.combinations(DECK_40, 3))


def is_tricon(hand: tuple[Card, ...]) -> bool:
    return len({card.rank for card in hand}) == 1


def suited_count(hand: tuple[Card, ...]) -> Fraction:
    """RULES.md §4.2 by the letter: the best suit's total, a tricon 30½."""
    if is_tricon(hand):
        return Fraction(61, 2)
    return Fraction(max(sum(card.points for card in hand if card.suit is suit) for suit in {c.suit for c in hand}))


def unsuited_count(hand: tuple[Card, ...]) -> tuple[int, Fraction]:
    """The unsuited reading: all three cards, nearest 31 without going over; over 31 below all."""
    if is_tricon(hand):
        return (1, Fraction(61, 2))
    total = sum(card.points for card in hand)
    return (0, Fraction(-total)) if total > 31 else (1, Fraction(total))


# ---- §4.1 the deck ----------------------------------------------------------------------------------


def test_trentuno_deals_from_40_cards_without_8s_9s_10s() -> None:
    state = new_game(TRENTUNO, 5, seed=4)
    everything = [card for hand in state.hands for card in hand] + list(state.widow) + list(state.stock)
    assert Counter(everything) == Counter(DECK_40)
    assert len(DECK_40) == 40
    assert not {card.rank for card in DECK_40} & {Rank.EIGHT, Rank.NINE, Rank.TEN}
    hands = ["8♠ 2♣ 3♣", "4♣ 5♣ 6♣", "7♣ J♣ Q♣"]
    with pytest.raises(CommerceError, match="8♠ is not in this variant's 40-card deck"):
        deal_position(TRENTUNO, hands=hands, dealer=0, widow="K♣ A♣ 2♦")
    with pytest.raises(CommerceError):
        evaluate("10♠ J♠ Q♠", TRENTUNO)


def test_twelve_players_still_fit() -> None:
    state = new_game(TRENTUNO, 12, seed=9)
    assert [len(hand) for hand in state.hands] == [3] * 12
    assert len(state.widow) == 3 and len(state.stock) == 1


# ---- §4.2 counting ------------------------------------------------------------------------------------


def test_a_hand_counts_its_best_suit() -> None:
    assert str(evaluate("A♠ 7♠ K♥", TRENTUNO)) == "18"  # A + 7 of spades beats the lone K
    assert str(evaluate("K♥ Q♥ A♠", TRENTUNO)) == "20"  # K + Q of hearts beat the lone A
    assert str(evaluate("2♣ 3♣ 4♣", TRENTUNO)) == "9"
    assert evaluate("A♠ 7♠ K♥", TRENTUNO).category is Category.POINT


def test_a_lone_card_counts_its_own_value() -> None:
    assert str(evaluate("2♣ 5♦ 7♥", TRENTUNO)) == "7"
    assert str(evaluate("A♣ 2♦ 3♥", TRENTUNO)) == "11"
    assert evaluate("2♣ 3♦ 4♥", TRENTUNO) < evaluate("2♣ 3♦ 5♥", TRENTUNO)  # 4 < 5


def test_31_is_the_highest_count() -> None:
    best = evaluate("A♠ K♠ Q♠", TRENTUNO)
    assert str(best) == "31"
    assert best == evaluate("A♥ J♥ K♥", TRENTUNO)
    assert all(evaluate(hand, TRENTUNO) <= best for hand in HANDS_40[::7])


def test_a_tricon_counts_30_and_a_half() -> None:
    tricon = evaluate("7♠ 7♥ 7♦", TRENTUNO)
    assert tricon.category is Category.TRICON and str(tricon) == "30½ (tricon of 7s)"
    assert evaluate("K♠ Q♠ J♠", TRENTUNO) < tricon < evaluate("A♠ K♠ Q♠", TRENTUNO)  # 30 < 30½ < 31
    # all tricons are equal
    assert tricon == evaluate("2♠ 2♥ 2♦", TRENTUNO) == evaluate("A♠ A♥ A♣", TRENTUNO)


def test_equal_counts_are_ties() -> None:
    assert evaluate("A♣ 2♦ 3♥", TRENTUNO) == evaluate("5♠ 6♠ A♥", TRENTUNO)  # 11 and 11
    assert evaluate("K♠ Q♠ 2♥", TRENTUNO) == evaluate("J♦ K♦ 7♣", TRENTUNO)  # 20 and 20


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(HANDS_40), st.sampled_from(HANDS_40))
def test_suited_counting_orders_hands_by_their_count(a: tuple[Card, ...], b: tuple[Card, ...]) -> None:
    va, vb = evaluate(a, TRENTUNO), evaluate(b, TRENTUNO)
    assert (va < vb) == (suited_count(a) < suited_count(b))
    assert (va == vb) == (suited_count(a) == suited_count(b))


def test_unsuited_counting_totals_all_three_cards() -> None:
    assert str(evaluate("A♠ K♥ 7♦", UNSUITED)) == "28"
    assert evaluate("A♠ K♥ Q♦", UNSUITED) == evaluate("A♣ J♣ K♣", UNSUITED)  # 31 either way
    assert str(evaluate("7♠ 7♥ 7♦", UNSUITED)) == "30½ (tricon of 7s)"  # the tricon is still 30½
    thirty, tricon, best = (evaluate(h, UNSUITED) for h in ("K♠ J♥ Q♦", "7♠ 7♥ 7♦", "A♠ K♥ Q♦"))
    assert thirty < tricon < best


def test_unsuited_a_hand_over_31_ranks_below_every_hand_not_over() -> None:
    # [resolution] over 31 (two aces and a ten-counter: 32) is below the smallest total
    over = evaluate("A♠ A♥ K♦", UNSUITED)
    assert str(over) == "32 (over 31)"
    assert over < evaluate("2♣ 3♦ 4♥", UNSUITED)
    assert over == evaluate("A♣ A♦ Q♠", UNSUITED)
    assert str(evaluate("A♠ A♥ K♦", TRENTUNO)) == "11"  # suited: three suits, the lone ace counts


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(HANDS_40), st.sampled_from(HANDS_40))
def test_unsuited_counting_orders_hands_by_their_count(a: tuple[Card, ...], b: tuple[Card, ...]) -> None:
    va, vb = evaluate(a, UNSUITED), evaluate(b, UNSUITED)
    assert (va < vb) == (unsuited_count(a) < unsuited_count(b))
    assert (va == vb) == (unsuited_count(a) == unsuited_count(b))


# ---- §4.3 the game: widow and lives, the lowest count loses a life ------------------------------------


def test_lowest_count_loses_a_life() -> None:
    hands = ["2♣ 3♦ 5♥", "A♠ K♠ Q♠", "7♠ 7♥ 7♦", "J♦ K♦ 4♣"]  # 5, 31, 30½, 20
    state = deal_position(TRENTUNO, hands=hands, dealer=0, widow="4♥ 6♣ 2♠")
    state = apply(state, Knock(1))
    state = passes(state, 3)
    showdown = state.last_showdown
    assert showdown is not None and showdown.reason is ShowdownReason.FINAL_ROUND
    assert [str(value) for value in showdown.values] == ["5", "31", "30½ (tricon of 7s)", "20"]
    assert showdown.winner == 1
    assert showdown.losers == (0,)
    assert state.lives == (2, 3, 3, 3)


def test_every_player_tied_for_the_lowest_count_loses_a_life() -> None:
    hands = ["2♣ 3♦ 7♥", "A♠ K♠ Q♠", "7♠ 4♥ 2♦", "J♦ K♦ 4♣"]  # 7, 31, 7, 20
    state = deal_position(TRENTUNO, hands=hands, dealer=0, widow="5♥ 6♣ 2♠")
    state = passes(state, 8)  # a stall, as in widow and lives
    assert state.last_showdown is not None and state.last_showdown.reason is ShowdownReason.STALL
    assert state.last_showdown.losers == (0, 2)
    assert state.lives == (2, 3, 2, 3)


def test_a_tricon_loses_only_to_31_and_never_loses_a_life_above_a_count() -> None:
    hands = ["7♠ 7♥ 7♦", "A♠ K♠ Q♠", "K♥ Q♥ J♥"]  # 30½, 31, 30
    state = deal_position(TRENTUNO, hands=hands, dealer=2, widow="5♥ 6♣ 2♠")
    state = passes(state, 6)
    assert state.last_showdown is not None
    assert state.last_showdown.winner == 1 and state.last_showdown.losers == (2,)
