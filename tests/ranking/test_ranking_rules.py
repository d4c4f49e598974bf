"""Named edge cases of the hand rankings, one rule of RULES.md per test."""

from __future__ import annotations

import pytest

from commerce_rules import CRP, EXTENDED, FOSTER, HOYLE, POUNCE, TRENTUNO, Category, HandError, Rules, evaluate

CLASSIC_ACE_LOW = CRP.replace(ace_low=True)
UNSUITED = TRENTUNO.replace(trentuno_suited=False)
ALL_SEQUENCE_RANKINGS = [FOSTER, CRP, CLASSIC_ACE_LOW, EXTENDED, HOYLE]


def cat(cards: str, rules: Rules) -> Category:
    return evaluate(cards, rules).category


# ---- sequences ----------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", ALL_SEQUENCE_RANKINGS)
def test_q_k_a_is_the_highest_sequence(rules: Rules) -> None:
    top = evaluate("Q♠ K♠ A♠", rules)
    assert top.category is Category.SEQUENCE
    assert str(top) == "sequence Q-K-A of spades"
    for low in range(2, 12):
        ranks = [str(r) if r <= 10 else "JQK"[r - 11] for r in (low, low + 1, low + 2)]
        other = evaluate(" ".join(f"{r}♥" for r in ranks), rules)
        assert other.category is Category.SEQUENCE and other < top
    assert evaluate("Q♥ K♥ A♥", rules) == top  # suits do not rank


@pytest.mark.parametrize("rules", [FOSTER, CLASSIC_ACE_LOW, HOYLE, EXTENDED.replace(ace_low=True)])
def test_a_2_3_is_the_lowest_sequence_where_the_ace_is_low(rules: Rules) -> None:
    lowest = evaluate("A♣ 2♣ 3♣", rules)
    assert lowest.category is Category.SEQUENCE
    assert str(lowest) == "sequence A-2-3 of clubs"
    assert lowest < evaluate("2♦ 3♦ 4♦", rules)
    assert lowest > evaluate("A♦ K♦ J♦", rules)  # above every non-sequence below the category


@pytest.mark.parametrize("rules", [CRP, EXTENDED])
def test_a_2_3_is_no_sequence_without_ace_low(rules: Rules) -> None:
    assert cat("A♣ 2♣ 3♣", rules) is Category.FLUSH
    assert str(evaluate("2♣ 3♣ 4♣", rules)) == "sequence 2-3-4 of clubs"


@pytest.mark.parametrize("rules", [*ALL_SEQUENCE_RANKINGS, HOYLE.replace(ace_low=False)])
def test_k_a_2_is_never_a_sequence(rules: Rules) -> None:
    assert cat("K♠ A♠ 2♠", rules) is not Category.SEQUENCE


def test_a_sequence_must_be_of_one_suit() -> None:
    assert cat("Q♠ K♥ A♠", CRP) is Category.POINT
    assert cat("Q♠ K♥ A♠", FOSTER) is Category.POINT


def test_every_tricon_beats_every_sequence() -> None:
    assert evaluate("A♠ K♠ Q♠", CRP) < evaluate("2♥ 2♦ 2♣", CRP)
    assert evaluate("A♠ K♠ Q♠", FOSTER) < evaluate("2♥ 2♦ 2♣", FOSTER)


def test_tricons_compare_by_rank_ace_highest() -> None:
    for rules in ALL_SEQUENCE_RANKINGS:
        assert evaluate("A♠ A♥ A♦", rules) > evaluate("K♠ K♥ K♦", rules) > evaluate("2♠ 2♥ 2♦", rules)
        assert str(evaluate("K♠ K♥ K♦", rules)) == "tricon of kings"


# ---- Foster --------------------------------------------------------------------------------------


def test_foster_point_from_the_best_suit_group() -> None:
    value = evaluate("A♥ K♥ 4♦", FOSTER)
    assert value.category is Category.POINT
    assert str(value) == "point 21 (A♥ K♥)"
    # the two hearts count, the lone diamond does not: equal to any other two-card 21
    assert value == evaluate("A♠ 10♠ 9♦", FOSTER)
    assert value > evaluate("A♥ 9♥ K♦", FOSTER)  # 20: the lone king counts nothing


def test_foster_three_cards_beat_two_at_equal_totals() -> None:
    three = evaluate("2♣ 9♣ K♣", FOSTER)  # 21 with three cards
    two = evaluate("A♥ K♥ 4♦", FOSTER)  # 21 with two
    assert three.category is two.category is Category.POINT
    assert three > two
    assert evaluate("3♣ 9♣ K♣", FOSTER) > three  # 22 beats 21 whatever the card count
    assert evaluate("A♠ K♠ 2♥", FOSTER) < evaluate("A♠ K♠ 9♠", FOSTER)  # 21 of two < 30 of three


def test_foster_three_suits_are_nothing_and_all_equal() -> None:
    nothing = evaluate("A♠ K♥ Q♦", FOSTER)
    assert nothing.category is Category.NOTHING and str(nothing) == "nothing"
    assert nothing == evaluate("2♠ 3♥ 5♦", FOSTER)
    assert nothing < evaluate("2♠ 3♠ 5♦", FOSTER)  # the smallest point beats nothing


def test_foster_pair_and_flush_are_points() -> None:
    assert cat("7♠ 7♥ K♠", FOSTER) is Category.POINT
    assert cat("7♠ 7♥ K♦", FOSTER) is Category.NOTHING
    assert str(evaluate("A♥ 9♥ 4♥", FOSTER)) == "point 24 (A♥ 9♥ 4♥)"


def test_foster_worked_example() -> None:
    # RULES.md §1.9: the sequence 6-7-8 of spades beats the point A♥ K♥ 4♦ (21).
    assert evaluate("6♠ 7♠ 8♠", FOSTER) > evaluate("A♥ K♥ 4♦", FOSTER)
    assert evaluate("3♣ 4♣ 5♣", FOSTER).category is Category.SEQUENCE


# ---- classic -------------------------------------------------------------------------------------


def test_flush_by_high_then_middle_then_low() -> None:
    assert str(evaluate("4♥ A♥ 9♥", CRP)) == "flush A-9-4 of hearts"
    assert evaluate("A♥ 9♥ 4♥", CRP) > evaluate("K♠ Q♠ 10♠", CRP)  # highest card first
    assert evaluate("A♥ 9♥ 4♥", CRP) > evaluate("A♠ 8♠ 7♠", CRP)  # then the middle
    assert evaluate("A♥ 9♥ 4♥", CRP) > evaluate("A♠ 9♠ 3♠", CRP)  # then the lowest
    assert evaluate("A♥ 9♥ 4♥", CRP) == evaluate("A♣ 9♣ 4♣", CRP)


def test_pair_then_odd_card() -> None:
    assert str(evaluate("7♠ 7♥ K♦", CRP)) == "pair of 7s, K kicker"
    assert evaluate("8♠ 8♥ 2♦", CRP) > evaluate("7♠ 7♥ A♦", CRP)  # the pair's rank first
    assert evaluate("7♠ 7♥ K♦", CRP) > evaluate("7♣ 7♦ Q♦", CRP)  # then the odd card
    assert evaluate("7♠ 7♥ K♦", CRP) == evaluate("7♣ 7♦ K♠", CRP)
    assert evaluate("2♠ 2♥ 3♦", CRP) > evaluate("A♠ K♥ Q♦", CRP)  # any pair beats any point
    assert evaluate("2♠ 2♥ 3♦", CRP) < evaluate("2♦ 4♦ 6♦", CRP)  # any flush beats any pair


def test_point_by_total_then_ranks() -> None:
    assert str(evaluate("A♠ K♥ 4♦", CRP)) == "point 25 (A♠ K♥ 4♦)"
    assert evaluate("A♠ K♥ 4♦", CRP) > evaluate("A♠ Q♥ 3♦", CRP)  # 25 > 24
    assert evaluate("K♠ Q♥ 5♦", CRP) > evaluate("K♠ J♥ 5♦", CRP)  # 25 = 25, Q beats J
    assert evaluate("K♠ 10♥ 5♦", CRP) < evaluate("K♠ J♥ 5♦", CRP)  # 10 and J both count 10
    assert evaluate("K♠ 9♥ 6♦", CRP) < evaluate("K♠ 10♥ 5♦", CRP)  # 25 = 25: the middle card decides
    assert evaluate("K♠ Q♥ 5♦", CRP) == evaluate("K♦ Q♣ 5♥", CRP)


# ---- Extended ------------------------------------------------------------------------------------


def test_extended_nothing_hands_are_all_equal() -> None:
    nothing = evaluate("A♠ A♥ K♦", EXTENDED)  # a pair: nothing here
    assert nothing.category is Category.NOTHING and str(nothing) == "nothing"
    assert nothing == evaluate("2♣ 3♦ 5♥", EXTENDED)
    assert hash(nothing) == hash(evaluate("2♣ 3♦ 5♥", EXTENDED))
    assert nothing < evaluate("2♣ 3♣ 5♣", EXTENDED)  # the smallest flush
    assert {cat(h, EXTENDED) for h in ("A♠ K♠ Q♠", "A♠ A♥ A♦", "A♠ 9♠ 2♠")} == {
        Category.SEQUENCE,
        Category.TRICON,
        Category.FLUSH,
    }


# ---- Hoyle ---------------------------------------------------------------------------------------


def test_hoyle_flush_by_point_total() -> None:
    # K Q 9 = 29 beats A 9 4 = 24 in Hoyle, though the classic ranking reads the ace first.
    assert evaluate("K♥ Q♥ 9♥", HOYLE) > evaluate("A♣ 9♣ 4♣", HOYLE)
    assert evaluate("K♥ Q♥ 9♥", CRP) < evaluate("A♣ 9♣ 4♣", CRP)
    # equal totals: by ranks, highest first (K 10 2 = 22 against Q J 2 = 22)
    assert evaluate("K♥ 10♥ 2♥", HOYLE) > evaluate("Q♣ J♣ 2♣", HOYLE)


def test_hoyle_point_over_all_three_cards() -> None:
    assert cat("A♠ K♥ 4♦", HOYLE) is Category.POINT
    assert evaluate("A♠ K♥ 4♦", HOYLE) > evaluate("K♠ Q♥ 4♦", HOYLE)
    assert evaluate("A♠ 5♥ 3♦", HOYLE) > evaluate("K♠ 6♥ 3♦", HOYLE)  # 19 = 19: A beats K
    assert evaluate("2♠ 2♥ 3♦", HOYLE) > evaluate("A♠ K♥ Q♦", HOYLE)


def test_hoyle_sequences() -> None:
    assert evaluate("A♣ 2♣ 3♣", HOYLE) < evaluate("2♦ 3♦ 4♦", HOYLE) < evaluate("A♦ K♦ Q♦", HOYLE)
    assert cat("K♣ A♣ 2♣", HOYLE) is Category.FLUSH


# ---- Trentuno ------------------------------------------------------------------------------------


def test_trentuno_31_is_the_highest() -> None:
    best = evaluate("A♠ K♠ Q♠", TRENTUNO)
    assert str(best) == "31" and best.category is Category.POINT
    assert best == evaluate("A♥ J♥ Q♥", TRENTUNO)
    assert best > evaluate("7♠ 7♥ 7♦", TRENTUNO)


def test_trentuno_tricon_counts_30_and_a_half() -> None:
    tricon = evaluate("7♠ 7♥ 7♦", TRENTUNO)
    assert str(tricon) == "30½ (tricon of 7s)" and tricon.category is Category.TRICON
    thirty = evaluate("K♠ Q♠ J♠", TRENTUNO)
    assert str(thirty) == "30"
    assert thirty < tricon < evaluate("A♠ K♠ J♠", TRENTUNO)
    assert tricon == evaluate("A♠ A♥ A♦", TRENTUNO) == evaluate("2♠ 2♥ 2♦", TRENTUNO)  # all tricons equal


def test_trentuno_best_suit_counts_and_a_lone_card_counts_itself() -> None:
    assert str(evaluate("A♠ 2♥ 3♦", TRENTUNO)) == "11"  # the lone ace
    assert str(evaluate("5♠ 6♠ A♥", TRENTUNO)) == "11"  # 5+6 = 11 ties the lone ace
    assert str(evaluate("5♠ 7♠ A♥", TRENTUNO)) == "12"
    assert evaluate("A♠ 2♥ 3♦", TRENTUNO) == evaluate("5♠ 6♠ A♥", TRENTUNO)


def test_trentuno_unsuited_counts_all_three_nearest_31() -> None:
    assert str(evaluate("A♠ K♥ Q♦", UNSUITED)) == "31"
    assert evaluate("A♠ K♥ Q♦", UNSUITED) == evaluate("A♠ K♠ Q♠", UNSUITED)
    assert str(evaluate("7♠ 7♥ 7♦", UNSUITED)) == "30½ (tricon of 7s)"


def test_trentuno_unsuited_over_31_ranks_below_every_hand_not_over() -> None:
    bust = evaluate("A♠ A♥ K♦", UNSUITED)
    assert str(bust) == "32 (over 31)"
    assert bust < evaluate("2♠ 3♥ 4♦", UNSUITED)  # 9, the lowest total of the 40-card deck
    assert bust == evaluate("A♣ A♦ J♠", UNSUITED)


def test_trentuno_40_card_deck_has_no_8_9_10() -> None:
    for card in ("8♠", "9♠", "10♠"):
        with pytest.raises(HandError, match="40-card deck"):
            evaluate(f"A♥ K♥ {card}", TRENTUNO)


def test_trentuno_on_52_cards_allows_8_9_10() -> None:
    rules = TRENTUNO.replace(deck_size=52)
    assert str(evaluate("A♥ K♥ 9♠", rules)) == "21"
    assert str(evaluate("A♥ 10♥ K♥", rules)) == "31"


# ---- quads ---------------------------------------------------------------------------------------


def test_quads_beat_tricons_and_compare_by_rank() -> None:
    quad2 = evaluate("2♠ 2♥ 2♦ 2♣", POUNCE)
    assert quad2.category is Category.QUAD and str(quad2) == "quad of 2s"
    assert quad2 > evaluate("A♠ A♥ A♦", POUNCE)
    assert evaluate("K♠ K♥ K♦ K♣", POUNCE) > quad2
    assert evaluate("7♣ 7♥ 7♦ 7♠", TRENTUNO.replace(pounce=True)) > evaluate("A♠ K♠ Q♠", TRENTUNO.replace(pounce=True))


def test_a_four_card_hand_must_be_a_quad() -> None:
    with pytest.raises(HandError, match="quad"):
        evaluate("2♠ 2♥ 2♦ 3♣", POUNCE)


def test_four_cards_need_pounce() -> None:
    with pytest.raises(HandError, match="pounce"):
        evaluate("2♠ 2♥ 2♦ 2♣", CRP)


def test_pounce_keeps_three_card_strengths() -> None:
    for hand in ("A♠ K♠ Q♠", "7♠ 7♥ K♦", "2♣ 3♦ 5♥"):
        assert evaluate(hand, POUNCE).strength == evaluate(hand, CRP).strength
    assert evaluate("A♠ K♠ Q♠", POUNCE) == evaluate("A♠ K♠ Q♠", CRP)


@pytest.mark.parametrize("deck_size", [52, 40, 32])
@pytest.mark.parametrize("feuer", [False, True])
def test_a_blitz_is_at_least_a_k_q_of_a_suit_in_every_deck(deck_size: int, feuer: bool) -> None:
    from commerce_rules.ranking import is_blitz
    from commerce_rules.ranking.table import blitz_strength

    rules = TRENTUNO.replace(deck_size=deck_size, feuer=feuer)
    other = rules.replace(feuer=not feuer)
    for _ in range(2):  # alternating two rules: the last-used memo must follow the rules asked about
        assert blitz_strength(rules) == evaluate("A♥ K♥ Q♥", rules).strength
        assert blitz_strength(other) == evaluate("A♦ K♦ Q♦", other).strength
    assert is_blitz(evaluate("A♣ K♣ J♣", rules), rules)
    assert not is_blitz(evaluate("A♣ K♣ 7♣", rules), rules)  # 28, in every deck
    assert is_blitz(evaluate("A♠ A♥ A♦", rules), rules) is feuer


@pytest.mark.parametrize("deck_size", [52, 40, 32])
@pytest.mark.parametrize("feuer", [False, True])
def test_a_table_holds_a_blitz_exactly_where_one_of_the_seats_asked_about_holds_one(deck_size: int, feuer: bool) -> None:
    # Rules §7.6: the widow game's quick test after each exchange gives is_blitz's answer for every hand.
    import itertools

    from commerce_rules.engine.deal import deck_for
    from commerce_rules.ranking import is_blitz
    from commerce_rules.ranking.table import blitz_among

    rules = TRENTUNO.replace(deck_size=deck_size, feuer=feuer)
    other = rules.replace(feuer=not feuer)
    hands = list(itertools.combinations(deck_for(rules), 3))
    for number, hand in enumerate(hands):
        expected = is_blitz(evaluate(hand, rules), rules)
        table = ((), hand, hands[number - 1])
        assert blitz_among(rules, table, (1,)) is expected
        assert blitz_among(rules, table, (0, 1)) is expected  # a seat out of the match holds no hand
        if number % 500 == 0:  # alternating rules: the memo must follow the rules asked about
            assert blitz_among(other, table, (1,)) is is_blitz(evaluate(hand, other), other)
