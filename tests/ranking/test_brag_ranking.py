"""The Brag ranking, ``ranking="brag"`` (RULES.md §10.7 and the ranking's options of §10.9), a test per rule.

Every worked example of rule 7 under both values of ``brag_threes_high``,
and the whole ranking held to an enumeration of the 22,100 hands written
here from the rule's text alone.
"""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from commerce_rules import (
    CRP,
    DECK_52,
    POUNCE,
    THIRTY_ONE,
    Card,
    Category,
    HandValue,
    Knock,
    Pass,
    Rank,
    Ranking,
    Rules,
    RulesError,
    apply,
    deal_position,
    evaluate,
    hand_strength_table,
)
from commerce_rules.cli import EXIT_OK, main
from commerce_rules.ranking.odds import category_counts
from commerce_rules.ranking.registry import RANKINGS
from commerce_rules.text.narrate import compare_values, describe_showdown

BRAG = CRP.replace(ranking="brag", ace_low=True)
"""Brag hands as both Stop the Bus presets rank them (``ace_low`` on, 3-3-3 and A-2-3 on top)."""
PLAIN = BRAG.replace(brag_threes_high=False)
"""``brag_threes_high=False``: the prials in rank order, A-2-3 the lowest run."""
ACE_HIGH = BRAG.replace(ace_low=False)
"""``ace_low=False``: A-2-3 is no run."""
BOTH = pytest.mark.parametrize("rules", [BRAG, PLAIN], ids=["threes_high", "threes_plain"])


def value(cards: str, rules: Rules) -> HandValue:
    return evaluate(cards, rules)


def in_order(rules: Rules, *hands: str) -> bool:
    """Whether each hand beats the next under ``rules``."""
    values = [evaluate(hand, rules) for hand in hands]
    return all(better > worse for better, worse in zip(values, values[1:]))


# ---- 7. the categories, best first, in the ranking's own words ---------------------------------------


def test_7_the_categories_best_first_are_prial_running_flush_run_flush_pair_high_card() -> None:
    labels = RANKINGS[Ranking.BRAG].labels
    assert [(label.category, label.word) for label in labels] == [
        (Category.TRICON, "prial"),
        (Category.SEQUENCE, "running flush"),
        (Category.RUN, "run"),
        (Category.FLUSH, "flush"),
        (Category.PAIR, "pair"),
        (Category.HIGH_CARD, "high card"),
    ]
    assert Ranking("brag") is Ranking.BRAG and Rules(ranking="brag").ranking is Ranking.BRAG


@BOTH
def test_7_each_category_beats_the_next_and_is_worded_by_the_ranking(rules: Rules) -> None:
    hands = ["2♠ 2♥ 2♦", "4♥ 3♥ 2♥", "2♠ 3♦ 4♣", "A♥ K♥ J♥", "A♠ A♦ K♣", "A♠ K♦ J♣"]
    assert in_order(rules, *hands)
    words = [(value(hand, rules).category, value(hand, rules).category_word, str(value(hand, rules))) for hand in hands]
    assert words == [
        (Category.TRICON, "prial", "prial of 2s"),
        (Category.SEQUENCE, "running flush", "running flush 2-3-4 of hearts"),
        (Category.RUN, "run", "run 2-3-4"),
        (Category.FLUSH, "flush", "flush A-K-J of hearts"),
        (Category.PAIR, "pair", "pair of aces, K kicker"),
        (Category.HIGH_CARD, "high card", "high card A-K-J"),
    ]


@BOTH
def test_7_example_1_prials(rules: Rules) -> None:
    threes, aces, kings = value("3♣ 3♦ 3♥", rules), value("A♠ A♥ A♦", rules), value("K♠ K♥ K♦", rules)
    assert aces > kings
    fours, twos = value("4♠ 4♥ 4♦", rules), value("2♠ 2♥ 2♦", rules)
    if rules.brag_threes_high:
        assert threes > aces  # 3-3-3 is the highest
        assert twos < fours < kings
    else:
        assert aces > kings > fours > threes > twos  # the threes between 4-4-4 and 2-2-2
    assert str(threes) == "prial of 3s" and threes.category is Category.TRICON


@BOTH
def test_7_example_2_every_running_flush_beats_every_run_and_a_run_beats_a_flush(rules: Rules) -> None:
    lowest_running_flush, highest_run = value("4♥ 3♥ 2♥", rules), value("A♣ 2♦ 3♠", rules)
    lowest_run, highest_flush = value("2♠ 3♦ 4♣", rules), value("A♥ K♥ J♥", rules)
    assert lowest_running_flush > highest_run and lowest_run > highest_flush  # unlike poker
    assert (lowest_running_flush.category, lowest_run.category, highest_flush.category) == (
        Category.SEQUENCE, Category.RUN, Category.FLUSH
    )  # fmt: skip
    table = hand_strength_table(rules).values()
    running_flushes = [v for v in table if v.category is Category.SEQUENCE]
    runs = [v for v in table if v.category is Category.RUN]
    flushes = [v for v in table if v.category is Category.FLUSH]
    assert min(running_flushes) > max(runs) and min(runs) > max(flushes)


@BOTH
def test_7_example_3_runs_a_2_3_and_a_k_q_and_never_k_a_2(rules: Rules) -> None:
    a23, akq, kqj = value("A♣ 2♦ 3♥", rules), value("A♠ K♦ Q♣", rules), value("K♥ Q♠ J♦", rules)
    assert akq > kqj
    assert [str(v) for v in (a23, akq, kqj)] == ["run A-2-3", "run Q-K-A", "run J-Q-K"]
    if rules.brag_threes_high:
        assert a23 > akq  # A-2-3 is the highest
        assert value("A♥ 2♥ 3♥", rules) > value("A♠ K♠ Q♠", rules)
    else:
        assert a23 < value("2♠ 3♦ 4♣", rules)  # the lowest run, below 2-3-4
        assert value("A♥ 2♥ 3♥", rules) < value("2♠ 3♠ 4♠", rules)  # and the lowest running flush
    kxa2 = value("K♠ A♦ 2♥", rules)
    assert (kxa2.category, str(kxa2)) == (Category.HIGH_CARD, "high card A-K-2")


@BOTH
def test_7_example_4_flushes_by_the_highest_then_the_middle_then_the_lowest_card(rules: Rules) -> None:
    assert in_order(rules, "K♥ 9♥ 2♥", "Q♠ 10♠ 5♠", "Q♦ 10♦ 3♦", "Q♣ 9♣ 8♣")  # pagat's example
    assert {value(hand, rules).category for hand in ("K♥ 9♥ 2♥", "Q♣ 9♣ 8♣")} == {Category.FLUSH}


@BOTH
def test_7_example_5_pairs_by_the_pairs_rank_then_the_odd_card(rules: Rules) -> None:
    assert in_order(rules, "9♠ 9♦ 3♣", "8♥ 8♣ K♦", "8♠ 8♦ J♥")
    assert value("4♠ 4♥ 2♦", rules) > value("3♠ 3♦ A♣", rules)  # threes are special only in a prial
    assert value("A♠ A♦ 2♣", rules) > value("K♠ K♦ Q♣", rules) and value("2♠ 2♦ 4♣", rules) < value("3♠ 3♦ 2♣", rules)


@BOTH
def test_7_example_6_high_cards_by_their_cards_and_suits_never_count(rules: Rules) -> None:
    assert value("A♠ 7♦ 5♣", rules) > value("K♥ Q♦ 10♣", rules)
    assert value("A♠ 7♦ 5♣", rules) == value("A♣ 7♥ 5♦", rules)
    assert in_order(rules, "A♠ 7♦ 5♣", "A♠ 7♦ 4♣", "A♠ 6♦ 5♣")


# ---- 7. K-A-2 and ace_low -----------------------------------------------------------------------------

OPTIONS = [BRAG, PLAIN, ACE_HIGH, ACE_HIGH.replace(brag_threes_high=False)]


@pytest.mark.parametrize("rules", OPTIONS)
def test_7_k_a_2_is_never_a_run_of_one_suit_or_not(rules: Rules) -> None:
    for hand in ("K♠ A♦ 2♥", "K♠ A♠ 2♦", "K♥ A♥ 2♥"):
        assert value(hand, rules).category not in (Category.RUN, Category.SEQUENCE)
    assert str(value("K♥ A♥ 2♥", rules)) == "flush A-K-2 of hearts"


@pytest.mark.parametrize("threes_high", [True, False])
def test_7_without_ace_low_a_2_3_is_a_flush_or_a_high_card_the_ace_high(threes_high: bool) -> None:
    rules = ACE_HIGH.replace(brag_threes_high=threes_high)
    suited, mixed = value("A♥ 2♥ 3♥", rules), value("A♣ 2♦ 3♥", rules)
    assert (suited.category, str(suited)) == (Category.FLUSH, "flush A-3-2 of hearts")
    assert (mixed.category, str(mixed)) == (Category.HIGH_CARD, "high card A-3-2")
    assert mixed > value("K♠ Q♦ 10♣", rules)  # the ace high
    assert value("2♠ 3♦ 4♣", rules) == min(v for v in hand_strength_table(rules).values() if v.category is Category.RUN)
    assert (value("3♣ 3♦ 3♥", rules) > value("A♠ A♥ A♦", rules)) is threes_high  # brag_threes_high moves 3-3-3 only
    assert value("A♠ K♦ Q♣", rules) == max(v for v in hand_strength_table(rules).values() if v.category is Category.RUN)


# ---- 7. the whole ranking against an enumeration of every hand ------------------------------------------


def rule_7_key(hand: tuple[Card, ...], threes_high: bool, ace_low: bool) -> tuple[Category, tuple[int, ...]]:
    """Rule 7 as written, in plain code: the category and the order within it (higher is better)."""
    ranks = sorted((int(card.rank) for card in hand), reverse=True)
    suited = len({card.suit for card in hand}) == 1
    if ranks[0] == ranks[2]:
        return Category.TRICON, (15 if threes_high and ranks[0] == 3 else ranks[0],)
    top = None
    if ranks[0] == ranks[1] + 1 == ranks[2] + 2:
        top = ranks[0]
    elif ace_low and ranks == [14, 3, 2]:
        top = 15 if threes_high else 3
    if top is not None:
        return (Category.SEQUENCE if suited else Category.RUN), (top,)
    if suited:
        return Category.FLUSH, tuple(ranks)
    if ranks[0] == ranks[1] or ranks[1] == ranks[2]:
        pair, odd = (ranks[1], ranks[2] if ranks[0] == ranks[1] else ranks[0])
        return Category.PAIR, (pair, odd)
    return Category.HIGH_CARD, tuple(ranks)


RULE_7_ORDER = [Category.HIGH_CARD, Category.PAIR, Category.FLUSH, Category.RUN, Category.SEQUENCE, Category.TRICON]
"""Worst first."""


@pytest.mark.parametrize(
    ("threes_high", "ace_low", "counts"),
    [
        (True, True, (52, 48, 720, 1_096, 3_744, 16_440)),
        (False, True, (52, 48, 720, 1_096, 3_744, 16_440)),
        (True, False, (52, 44, 660, 1_100, 3_744, 16_500)),
        (False, False, (52, 44, 660, 1_100, 3_744, 16_500)),
    ],
)
def test_7_every_hand_is_ranked_as_an_enumeration_of_the_rule_ranks_it(threes_high: bool, ace_low: bool, counts: tuple[int, ...]) -> None:
    rules = CRP.replace(ranking="brag", ace_low=ace_low, brag_threes_high=threes_high)
    table = hand_strength_table(rules)
    keys = {}
    for hand in itertools.combinations(DECK_52, 3):
        category, order = rule_7_key(hand, threes_high, ace_low)
        keys[sum(card.bit for card in hand)] = (RULE_7_ORDER.index(category), *order)
        assert table[sum(card.bit for card in hand)].category is category
    assert len(keys) == len(table) == 22_100
    enumerated = Counter(RULE_7_ORDER[key[0]] for key in keys.values())
    best_first = [Category.TRICON, Category.SEQUENCE, Category.RUN, Category.FLUSH, Category.PAIR, Category.HIGH_CARD]
    assert tuple(enumerated[category] for category in best_first) == counts
    assert list(category_counts(rules).items()) == list(zip(best_first, counts))
    # the same order, hand for hand: equal keys are equal strengths, a higher key a higher strength
    distinct = sorted(set(keys.values()))
    strengths = {bits: distinct.index(key) for bits, key in keys.items()}
    assert {bits: table[bits].strength for bits in keys} == strengths
    assert len(distinct) == 741


def test_7_the_default_counts_and_values_are_the_rules_own() -> None:
    counts = category_counts(BRAG)
    assert [counts[c] for c in (Category.TRICON, Category.SEQUENCE, Category.RUN, Category.FLUSH, Category.PAIR, Category.HIGH_CARD)] == [
        52, 48, 720, 1_096, 3_744, 16_440
    ]  # fmt: skip
    assert len({v.strength for v in hand_strength_table(BRAG).values()}) == 741


@pytest.mark.parametrize("rules", OPTIONS)
def test_7_suits_never_break_a_tie(rules: Rules) -> None:
    by_ranks: dict[tuple[tuple[Rank, ...], bool], set[int]] = {}
    for bits, hand_value in hand_strength_table(rules).items():
        cards = [card for card in DECK_52 if card.bit & bits]
        shape = (tuple(sorted(card.rank for card in cards)), len({card.suit for card in cards}) == 1)
        by_ranks.setdefault(shape, set()).add(hand_value.strength)
    assert all(len(strengths) == 1 for strengths in by_ranks.values())
    assert value("9♠ 9♦ 3♣", rules) == value("9♥ 9♣ 3♠", rules) and value("K♠ K♦ K♣", rules) == value("K♥ K♦ K♠", rules)


# ---- 7. why one hand beats another ------------------------------------------------------------------


def test_7_the_reasons_are_worded_in_brags_words() -> None:
    def why(first: str, second: str, rules: Rules = BRAG) -> tuple[int, str]:
        return compare_values(value(first, rules), value(second, rules), rules)

    assert why("4♥ 3♥ 2♥", "A♣ 2♦ 3♠") == (1, "running flush beats run")
    assert why("A♥ K♥ J♥", "2♠ 3♦ 4♣") == (-1, "run beats flush")
    assert why("3♣ 3♦ 3♥", "A♠ A♥ A♦") == (1, "both prial; better prial (3 over A)")
    assert why("3♣ 3♦ 3♥", "A♠ A♥ A♦", PLAIN) == (-1, "both prial; better prial (A over 3)")
    assert why("A♣ 2♦ 3♥", "A♠ K♦ Q♣") == (1, "both run; better run (A-2-3 over Q-K-A)")
    assert why("A♣ 2♣ 3♣", "2♠ 3♠ 4♠", PLAIN) == (-1, "both running flush; better running flush (2-3-4 over A-2-3)")
    assert why("Q♠ 10♠ 5♠", "Q♦ 10♦ 3♦") == (1, "both flush; higher third card (5 over 3)")
    assert why("8♥ 8♣ K♦", "8♠ 8♦ J♥") == (1, "both pair; higher odd card (K over J)")
    assert why("A♠ 7♦ 5♣", "K♥ Q♦ 10♣") == (1, "both high card; higher card (A over K)")
    assert why("A♠ 7♦ 5♣", "A♣ 7♥ 5♦") == (0, "")


# ---- 7. at the showdown and on the command line ----------------------------------------------------------


def test_7_a_showdown_ranks_brag_hands_and_says_so() -> None:
    state = deal_position(BRAG, hands=["A♥ K♥ J♥", "2♠ 3♦ 4♣", "K♠ A♦ 2♥"], dealer=0, widow="5♣ 7♦ 9♥")
    for action in (Knock(1), Pass(2), Pass(0)):
        state = apply(state, action)
    showdown = state.last_showdown
    assert showdown is not None and showdown.winner == 1 and showdown.losers == (2,)
    lines = describe_showdown(showdown, state)
    assert "  best hand: seat 1, run 2-3-4" in lines
    assert any("K♠ A♦ 2♥ — high card A-K-2" in line for line in lines)


def test_7_rank_and_compare_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    brag = ["--variant", "crp", "--option", "ranking=brag", "--option", "ace_low=true"]
    for hand in ("K♠ A♦ 2♥", "3♣ 3♦ 3♥", "A♣ 2♦ 3♥", "A♥ 3♥ 2♥"):
        assert main(["rank", hand, *brag]) == EXIT_OK
    assert main(["rank", "A♣ 2♦ 3♥", *brag[:4]]) == EXIT_OK  # ace_low=False, CRP's
    assert capsys.readouterr().out.splitlines() == [
        "high card A-K-2", "prial of 3s", "run A-2-3", "running flush A-2-3 of hearts", "high card A-3-2"
    ]  # fmt: skip
    assert main(["compare", "A♥ K♥ J♥", "2♠ 3♦ 4♣", *brag]) == EXIT_OK
    assert capsys.readouterr().out.splitlines()[-1] == "second hand wins: run beats flush"


# ---- 9. the options ------------------------------------------------------------------------------------


def test_9_brag_threes_high_is_on_by_default_and_refused_with_another_ranking() -> None:
    assert Rules().brag_threes_high is True and BRAG.brag_threes_high is True
    assert PLAIN.brag_threes_high is False
    for rules in (CRP, THIRTY_ONE, Rules()):
        with pytest.raises(RulesError, match=f"brag_threes_high applies only with ranking brag, not {rules.ranking.value}"):
            rules.replace(brag_threes_high=False)
    assert Rules.from_options(PLAIN.options()) == PLAIN


def test_9_the_brag_ranking_has_no_four_card_hand_and_no_31() -> None:
    with pytest.raises(RulesError, match="pounce needs four-card hands: the brag ranking has none"):
        POUNCE.replace(ranking="brag")
    with pytest.raises(RulesError, match="pounce needs four-card hands"):
        BRAG.replace(pounce=True)
    with pytest.raises(RulesError, match="blitz needs the trentuno ranking: Brag hands have no 31"):
        THIRTY_ONE.replace(ranking="brag")
    with pytest.raises(RulesError, match="Brag hands have no 31"):
        CRP.replace(ranking="trentuno", blitz=True, dealer_choice=True).replace(ranking="brag")
    drawn = THIRTY_ONE.replace(ranking="brag", blitz=False, free_ride=False, ace_low=True)
    assert (drawn.blitz, drawn.blitz_all_lose, drawn.ranking) == (False, False, Ranking.BRAG)
    assert POUNCE.pounce and CRP.replace(pounce=True).pounce  # the other rankings keep the pounce


def test_9_ace_low_and_the_deck_are_shared() -> None:
    assert BRAG.replace(deck_size=32).deck_size == 32
    assert str(evaluate("Q♠ K♦ A♣", BRAG.replace(deck_size=32))) == "run Q-K-A"
