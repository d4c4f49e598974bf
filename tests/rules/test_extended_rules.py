"""Extended Commerce (preset ``EXTENDED``): one test per rule of RULES.md §5.

Widow and lives, with only tricon, sequence and flush recognised (every
other hand an equal ``NOTHING``) and a stall after one pass each.
"""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from commerce_rules import (
    CRP,
    DECK_52,
    EXTENDED,
    Card,
    Category,
    Exchange,
    Knock,
    Phase,
    ShowdownReason,
    apply,
    deal_position,
    evaluate,
)

from helpers import passes

HANDS_52 = list(itertools.combinations(DECK_52, 3))


def is_combination(hand: tuple[Card, ...]) -> bool:
    """Tricon, or three of a suit (a sequence or a flush)."""
    return len({card.rank for card in hand}) == 1 or len({card.suit for card in hand}) == 1


def test_extended_preset_is_widow_and_lives_with_one_pass_each() -> None:
    assert EXTENDED.mechanism is CRP.mechanism and EXTENDED.scoring is CRP.scoring
    assert EXTENDED.stall_passes == 1 and EXTENDED.starting_lives == 3


def test_only_tricon_sequence_and_flush_are_recognised() -> None:
    assert evaluate("7♠ 7♥ 7♦", EXTENDED).category is Category.TRICON
    assert evaluate("5♠ 6♠ 7♠", EXTENDED).category is Category.SEQUENCE
    assert evaluate("2♠ 6♠ 9♠", EXTENDED).category is Category.FLUSH
    # a pair, a point of 31, a run of mixed suits, a low point
    for hand in ("A♠ A♥ K♦", "A♠ K♥ Q♦", "5♠ 6♥ 7♠", "2♣ 3♦ 5♥"):
        value = evaluate(hand, EXTENDED)
        assert value.category is Category.NOTHING and str(value) == "nothing"


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(HANDS_52), st.sampled_from(HANDS_52))
def test_nothing_hands_are_all_equal_and_below_every_combination(a: tuple[Card, ...], b: tuple[Card, ...]) -> None:
    va, vb = evaluate(a, EXTENDED), evaluate(b, EXTENDED)
    assert (va.category is Category.NOTHING) == (not is_combination(a))
    if not is_combination(a) and not is_combination(b):
        assert va == vb
    elif not is_combination(a):
        assert va < vb
    elif not is_combination(b):
        assert va > vb


def test_all_nothing_hands_lose_a_life_when_nothing_better_is_lowest() -> None:
    # seat 0 a flush; seats 1, 2, 3 nothing (a pair of aces, a point of 31, a low point): all equal
    hands = ["2♠ 6♠ 9♠", "A♥ A♦ 3♣", "A♣ K♥ Q♦", "2♣ 3♦ 5♥"]
    state = deal_position(EXTENDED, hands=hands, dealer=0, widow="7♦ 10♣ 4♥")
    state = passes(state, 4)
    showdown = state.last_showdown
    assert showdown is not None
    assert showdown.values[1] == showdown.values[2] == showdown.values[3]
    assert showdown.losers == (1, 2, 3)
    assert showdown.winner == 0
    assert state.lives == (3, 2, 2, 2)


def test_the_lowest_combination_loses_when_nobody_holds_nothing() -> None:
    hands = ["2♠ 6♠ 9♠", "4♥ 5♥ 6♥", "7♠ 7♥ 7♦", "3♣ 6♣ 9♣"]  # flush 9-6-2 is the lowest
    state = deal_position(EXTENDED, hands=hands, dealer=0, widow="7♣ 10♣ K♦")
    state = passes(state, 4)
    assert state.last_showdown is not None and state.last_showdown.losers == (0,)
    assert state.last_showdown.winner == 2


def test_stall_after_one_pass_each() -> None:
    hands = ["2♠ 6♠ 9♠", "A♥ A♦ 3♣", "A♣ K♥ Q♦", "2♣ 3♦ 5♥"]
    state = deal_position(EXTENDED, hands=hands, dealer=0, widow="7♦ 10♣ 4♥")
    state = passes(state, 3)
    assert state.deal_number == 1 and state.phase is Phase.PLAY
    state = passes(state, 1)
    assert state.deal_number == 2 and state.last_showdown is not None
    assert state.last_showdown.reason is ShowdownReason.STALL


def test_an_exchange_restarts_the_one_pass_each_count() -> None:
    hands = ["2♠ 6♠ 9♠", "A♥ A♦ 3♣", "A♣ K♥ Q♦", "2♣ 3♦ 5♥"]
    state = deal_position(EXTENDED, hands=hands, dealer=0, widow="7♦ 10♣ 4♥")
    state = passes(state, 3)  # seats 1 2 3
    state = apply(state, Exchange(0, Card.parse("2♠"), Card.parse("10♣")))
    state = passes(state, 3)
    assert state.deal_number == 1
    state = passes(state, 1)
    assert state.deal_number == 2


def test_a_knock_still_gives_a_final_round() -> None:
    hands = ["2♠ 6♠ 9♠", "A♥ A♦ 3♣", "A♣ K♥ Q♦", "2♣ 3♦ 5♥"]
    state = deal_position(EXTENDED, hands=hands, dealer=0, widow="7♦ 10♣ 4♥")
    state = apply(state, Knock(1))
    assert state.phase is Phase.FINAL_ROUND
    state = apply(state, Exchange(2, Card.parse("A♣"), Card.parse("7♦")))
    state = passes(state, 2)  # seats 3 and 0
    showdown = state.last_showdown
    assert showdown is not None and showdown.reason is ShowdownReason.FINAL_ROUND
    assert showdown.losers == (1, 2, 3)


def test_all_nothing_on_their_last_lives_lose_none() -> None:
    # [resolution] of §2.7: a showdown that would take every active player's last life takes none
    hands = ["A♥ A♦ 3♣", "A♣ K♥ Q♦", "2♣ 3♦ 5♥"]
    state = deal_position(EXTENDED, hands=hands, dealer=0, widow="7♦ 10♣ 4♥", lives=[1, 1, 1])
    state = passes(state, 3)
    assert state.last_showdown is not None and state.last_showdown.losers == ()
    assert state.lives == (1, 1, 1) and not state.is_over
