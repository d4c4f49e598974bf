"""compare_values: each ranking's own reason why one hand beats another, word for word.

The words are the ones ``commerce-rules compare`` prints and docs/cli.md
shows; each test is one rule of one ranking (RULES.md), checked both ways.
"""

from __future__ import annotations

import pytest

from commerce_rules import CRP, EXTENDED, FOSTER, HOYLE, POUNCE, PRESETS, TRENTUNO, Rules, evaluate, hand_strength_table
from commerce_rules.text import narrate
from commerce_rules.ranking import compare


def reason(winner: str, loser: str, rules: Rules) -> str:
    """The reason ``winner`` beats ``loser``, after checking that it does, and that the reverse says the same."""
    better, worse = evaluate(winner, rules), evaluate(loser, rules)
    sign, text = compare.compare_values(better, worse, rules)
    assert sign == 1, (winner, loser, text)
    assert compare.compare_values(worse, better, rules) == (-1, text)
    return text


# --------------------------------------------------------------------------- Foster (RULES.md §1.6)


def test_foster_at_equal_points_three_cards_of_a_suit_beat_two() -> None:
    assert reason("A♠ 6♠ 4♠", "A♥ K♥ 4♦", FOSTER) == "both point; more cards in the point (3 over 2)"


def test_foster_a_point_is_its_best_suit_total() -> None:
    assert reason("A♥ K♥ 4♦", "Q♠ 10♠ 2♦", FOSTER) == "both point; higher point (21 over 20)"


def test_foster_every_sequence_beats_every_point() -> None:
    assert reason("2♣ 3♣ 4♣", "A♠ K♠ Q♦", FOSTER) == "sequence beats point"


def test_foster_ace_low_sequence_is_the_lowest_sequence() -> None:
    assert reason("2♦ 3♦ 4♦", "A♣ 2♣ 3♣", FOSTER) == "both sequence; higher top card (4 over 3)"


def test_foster_hands_of_three_suits_are_all_equal() -> None:
    assert compare.compare_values(evaluate("7♣ 5♦ 2♥", FOSTER), evaluate("9♠ 4♥ 3♦", FOSTER), FOSTER) == (0, "")


# --------------------------------------------------------------------------- classic: widow and lives (RULES.md §2.5)


def test_classic_flush_compares_its_cards_from_the_highest() -> None:
    assert reason("A♣ 9♣ 4♣", "K♥ Q♥ 5♥", CRP) == "both flush; higher card (A over K)"


def test_classic_pair_compares_the_odd_card_after_the_pair() -> None:
    assert reason("7♠ 7♥ K♦", "7♣ 7♦ Q♥", CRP) == "both pair; higher odd card (K over Q)"


def test_classic_point_compares_its_cards_after_an_equal_total() -> None:
    assert reason("K♠ 9♦ 4♥", "K♦ 8♣ 5♠", CRP) == "both point; higher second card (9 over 8)"


def test_pounce_a_quad_beats_every_tricon_and_quads_go_by_rank() -> None:
    assert reason("7♠ 7♥ 7♦ 7♣", "A♠ A♥ A♦", POUNCE) == "quad beats tricon"
    assert reason("A♠ A♥ A♦ A♣", "7♠ 7♥ 7♦ 7♣", POUNCE) == "both quad; higher rank (A over 7)"


# --------------------------------------------------------------------------- Extended (RULES.md §5)


def test_extended_any_flush_beats_nothing() -> None:
    assert reason("2♥ 3♥ 5♥", "A♠ A♥ K♦", EXTENDED) == "flush beats nothing"


def test_extended_flush_compares_its_cards_down_to_the_third() -> None:
    assert reason("A♥ 5♥ 3♥", "A♠ 5♠ 2♠", EXTENDED) == "both flush; higher third card (3 over 2)"


# --------------------------------------------------------------------------- Hoyle (RULES.md §6.7)


def test_hoyle_flush_compares_its_point_total_before_its_cards() -> None:
    # The very hands the classic ranking orders the other way (by the ace).
    assert reason("K♥ Q♥ 5♥", "A♣ 9♣ 4♣", HOYLE) == "both flush; higher point (25 over 24)"


def test_hoyle_a_2_3_is_the_lowest_sequence() -> None:
    assert reason("2♣ 3♣ 4♣", "A♦ 2♦ 3♦", HOYLE) == "both sequence; higher top card (4 over 3)"


# --------------------------------------------------------------------------- Trentuno (RULES.md §4)


def test_trentuno_31_beats_a_tricon_and_says_so_in_counts() -> None:
    assert reason("A♠ K♠ Q♠", "7♠ 7♥ 7♦", TRENTUNO) == "31 beats 30½ (tricon of 7s)"


def test_trentuno_a_tricon_counts_30_and_a_half() -> None:
    assert reason("7♠ 7♥ 7♦", "A♠ K♠ 7♥", TRENTUNO) == "30½ (tricon of 7s) beats 21"


def test_trentuno_unsuited_a_hand_over_31_ranks_below_every_other() -> None:
    unsuited = TRENTUNO.replace(trentuno_suited=False)
    assert reason("2♠ 3♥ 4♦", "A♠ A♥ K♦", unsuited) == "9 beats 32 (over 31)"


def test_trentuno_with_pounce_a_quad_beats_31() -> None:
    assert reason("7♠ 7♥ 7♦ 7♣", "A♠ K♠ Q♠", TRENTUNO.replace(pounce=True)) == "quad of 7s beats 31"


# --------------------------------------------------------------------------- every ranking, and where it is imported from


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_ranking_explains_why_its_best_hand_beats_its_worst(name: str) -> None:
    rules = PRESETS[name]
    values = sorted(hand_strength_table(rules).values(), key=lambda value: value.strength)
    sign, text = compare.compare_values(values[-1], values[0], rules)
    assert sign == 1 and text


def test_narrate_compare_values_is_the_ranking_packages() -> None:
    assert narrate.compare_values is compare.compare_values
    assert narrate.Criterion is compare.Criterion
