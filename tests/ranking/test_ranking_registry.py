"""A ranking is one module and one registry line: the recipe of docs/design.md, "Adding a ranking".

A toy ranking, declared here and registered for one test at a time, flows
through :func:`evaluate`, the reasons, a showdown and its narration, and the
``rank`` and ``compare`` commands, with no edit to the shared code. Its
labels are worded its own way and ordered its own way (a pair beats a
tricon), so nothing may take a category's words or order from the
:class:`Category` enum. Then every registered ranking is held to what it
declares.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest

from commerce_rules import CRP, DECKS, PRESETS, Category, HandValue, Knock, Pass, Ranking, Rules, apply, deal_position, evaluate
from commerce_rules.cli import EXIT_OK, main
from commerce_rules.text.narrate import compare_values, describe_showdown
from commerce_rules.ranking import table
from commerce_rules.ranking._common import by_rank_desc, by_suit, card_criteria, rank_plural, reason_by_category
from commerce_rules.ranking.odds import category_counts
from commerce_rules.ranking.part import Criterion, Graded, Grader, Hand3, Label, Labels, RankingPart
from commerce_rules.ranking.registry import RANKINGS
from commerce_rules.core.rules import PART_OPTIONS

# --------------------------------------------------------------------------- the toy ranking: what a ranking module holds

TOY_LABELS = Labels(
    Label(Category.PAIR, "couple"),
    Label(Category.TRICON, "prial"),
    Label(Category.NOTHING, "high card"),
)
"""Best first: a couple beats a prial, against the enum's order."""


def toy_grader() -> Grader:
    """A couple by its rank, a prial by its rank, anything else by its cards from the highest."""

    def grade(hand: Hand3) -> Graded:
        ranks = sorted((card.rank for card in hand), reverse=True)
        if ranks[0] == ranks[2]:
            return TOY_LABELS.graded(Category.TRICON, (ranks[0],), by_suit(hand), f"prial of {rank_plural(ranks[0])}")
        if ranks[0] == ranks[1] or ranks[1] == ranks[2]:
            return TOY_LABELS.graded(Category.PAIR, (ranks[1],), by_rank_desc(hand), f"couple of {rank_plural(ranks[1])}")
        cards = by_rank_desc(hand)
        return TOY_LABELS.graded(Category.NOTHING, ranks, cards, "-".join(card.rank.symbol for card in cards))

    return grade


def toy_criteria(value: HandValue) -> list[Criterion]:
    """The couple's or prial's rank (its middle card either way), or the cards from the highest."""
    middle = value.cards[1].rank
    if value.category is Category.NOTHING:
        return card_criteria(value.cards)
    return [Criterion("higher rank", int(middle), middle.symbol)]


def toy_reason(better: HandValue, worse: HandValue) -> str:
    return reason_by_category(better, worse, toy_criteria)


TOY = RankingPart(TOY_LABELS, (), toy_grader, toy_reason)

Looked = tuple[dict[int, HandValue], table.HandTable]
"""What the table remembers of a ``Rules`` value."""


@pytest.fixture
def toy() -> Iterator[RankingPart]:
    """The toy registered as the classic ranking (``CRP`` ranks with it), then the real one back with its very tables."""
    real, tables, by_rules = RANKINGS[Ranking.CLASSIC], dict(table._TABLES), dict(table._BY_RULES)

    def forget(kept_tables: dict[table.TableKey, table.HandTable], kept_by_rules: dict[Rules, Looked]) -> None:
        table._TABLES.clear()
        table._TABLES.update(kept_tables)
        table._BY_RULES.clear()
        table._BY_RULES.update(kept_by_rules)
        table._LAST = (object(), {}, None)

    RANKINGS[Ranking.CLASSIC] = TOY
    forget({}, {})
    try:
        yield TOY
    finally:
        RANKINGS[Ranking.CLASSIC] = real
        forget(tables, by_rules)


# --------------------------------------------------------------------------- the toy flows through the shared code


def test_the_toy_orders_and_words_hands_its_own_way(toy: RankingPart) -> None:
    couple, prial, high = evaluate("2♠ 2♥ 3♦", CRP), evaluate("A♠ A♥ A♦", CRP), evaluate("A♣ K♦ 9♥", CRP)
    assert high < prial < couple
    assert (couple.category, couple.category_word, str(couple)) == (Category.PAIR, "couple", "couple of 2s")
    assert (prial.category_word, high.category_word, str(high)) == ("prial", "high card", "A-K-9")
    assert evaluate("K♠ Q♥ 2♦", CRP) < high and evaluate("A♥ K♣ 9♦", CRP) == high


def test_the_toy_says_why_one_hand_beats_another(toy: RankingPart) -> None:
    assert compare_values(evaluate("2♠ 2♥ 3♦", CRP), evaluate("A♠ A♥ A♦", CRP), CRP) == (1, "couple beats prial")
    assert compare_values(evaluate("5♠ 5♥ 3♦", CRP), evaluate("9♠ 9♥ 3♣", CRP), CRP) == (-1, "both couple; higher rank (9 over 5)")
    assert compare_values(evaluate("A♠ Q♥ 3♦", CRP), evaluate("A♣ K♦ 2♥", CRP), CRP) == (-1, "both high card; higher second card (K over Q)")


def test_the_toy_counts_its_categories_in_its_own_order(toy: RankingPart) -> None:
    counts = category_counts(CRP)
    assert list(counts.items()) == [(Category.PAIR, 3_744), (Category.TRICON, 52), (Category.NOTHING, 22_100 - 3_744 - 52)]


def test_the_toy_decides_a_showdown_and_its_narration(toy: RankingPart) -> None:
    state = deal_position(CRP, hands=["A♠ A♥ A♦", "2♠ 2♥ 3♦", "A♣ K♦ 9♥"], dealer=0, widow="5♣ 7♦ J♥")
    for action in (Knock(1), Pass(2), Pass(0)):
        state = apply(state, action)
    showdown = state.last_showdown
    assert showdown is not None and showdown.winner == 1
    lines = describe_showdown(showdown, state)
    assert "  best hand: seat 1, couple of 2s" in lines and "  seat 0, the dealer: A♠ A♥ A♦ — prial of aces" in lines


def test_the_toy_is_ranked_and_compared_on_the_command_line(toy: RankingPart, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rank", "A♣ K♦ 9♥", "--variant", "crp"]) == EXIT_OK
    assert main(["rank", "A♠ A♥ A♦", "--variant", "crp"]) == EXIT_OK
    assert capsys.readouterr().out == "high card: A-K-9\nprial of aces\n"
    assert main(["compare", "A♠ A♥ A♦", "2♠ 2♥ 3♦", "--variant", "crp"]) == EXIT_OK
    assert capsys.readouterr().out.splitlines()[-1] == "second hand wins: couple beats prial"


def test_the_real_ranking_and_its_tables_come_back() -> None:
    assert str(evaluate("2♠ 2♥ 3♦", CRP)) == "pair of 2s, 3 kicker"
    assert evaluate("2♠ 2♥ 3♦", CRP) < evaluate("A♠ A♥ A♦", CRP)


# --------------------------------------------------------------------------- every ranking keeps to what it declares


@pytest.mark.parametrize("ranking", list(RANKINGS), ids=lambda ranking: ranking.value)
def test_a_rankings_table_options_are_its_own_or_shared(ranking: Ranking) -> None:
    declared = {name for part in PART_OPTIONS for name in PART_OPTIONS[part]}
    for name in RANKINGS[ranking].options:
        assert name in PART_OPTIONS[ranking] or name not in declared, name  # ace_low: no part's own, read by several


@pytest.mark.parametrize("ranking", list(RANKINGS), ids=lambda ranking: ranking.value)
def test_every_category_a_ranking_grades_is_one_it_declares_once(ranking: Ranking) -> None:
    part = RANKINGS[ranking]
    declared = part.labels.categories()
    assert len(set(declared)) == len(declared) and Category.QUAD not in declared
    graded = set()
    for options in itertools.product((False, True), repeat=len(part.options)):
        for size in DECKS:
            graded |= {value.category for value in table.table_for_key(table.TableKey(ranking, size, options)).three.values()}
    assert graded == set(declared)


def test_every_ranking_is_registered_and_on_the_odds_page() -> None:
    assert set(RANKINGS) == set(Ranking)
    assert {rules.ranking for rules in PRESETS.values()} <= {section.rules.ranking for part in RANKINGS.values() for section in part.odds}
