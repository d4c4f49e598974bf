"""The readers outside a ranking take a category's place and word from the ranking's labels, never the enum.

A ranking may order its labels against the :class:`Category` enum's
integers and word them its own way: Brag does (a run, the enum's last but
one, beats a flush; a high card, its last, is the worst hand; a ``TRICON``
is a "prial"). So the bots' "a flush or better", the docs' ``{categories}``
directive and the odds page ask :meth:`Labels.place` and :meth:`Labels.word`;
for the rankings the enum ordered that gives exactly what the enum gave.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest

from commerce_rules import CRP, POUNCE, Barter, Buy, Category, Knock, Pass, Phase, Ranking, Rules, parse_cards
from commerce_rules.bots.strategies.trade_barter import SEQUENCE_OR_BETTER, TradeAndBarter
from commerce_rules.bots.strategies.widow import FLUSH_OR_BETTER, widow_play
from commerce_rules.bots.strategy import Situation
from commerce_rules.ranking.registry import RANKINGS

BRAG = CRP.replace(ranking="brag", ace_low=True)


@pytest.mark.parametrize("ranking", list(RANKINGS), ids=lambda ranking: ranking.value)
def test_a_rankings_places_are_its_labels_order_with_the_quad_on_top(ranking: Ranking) -> None:
    labels = RANKINGS[ranking].labels
    places = [labels.place(category) for category in labels.categories()]
    assert places == sorted(places, reverse=True) and len(set(places)) == len(places)
    assert labels.place(Category.QUAD) > max(places)


@pytest.mark.parametrize("ranking", [r for r in RANKINGS if r is not Ranking.BRAG], ids=lambda ranking: ranking.value)
def test_for_the_rankings_the_enum_ordered_the_bots_thresholds_are_what_they_were(ranking: Ranking) -> None:
    labels = RANKINGS[ranking].labels
    for category in (*labels.categories(), Category.QUAD):
        assert labels.at_least(category, *FLUSH_OR_BETTER) is (category >= Category.FLUSH), category
        assert labels.at_least(category, *SEQUENCE_OR_BETTER) is (category >= Category.SEQUENCE), category


def test_in_brag_a_run_is_a_flush_or_better_and_a_high_card_nothing() -> None:
    labels = RANKINGS[Ranking.BRAG].labels
    strong = [category for category in labels.categories() if labels.at_least(category, *FLUSH_OR_BETTER)]
    assert strong == [Category.TRICON, Category.SEQUENCE, Category.RUN, Category.FLUSH]
    assert [c for c in labels.categories() if labels.at_least(c, *SEQUENCE_OR_BETTER)] == [Category.TRICON, Category.SEQUENCE]
    assert labels.place(Category.RUN) > labels.place(Category.FLUSH) > labels.place(Category.HIGH_CARD)
    assert not labels.at_least(Category.TRICON, Category.POINT, Category.NOTHING)  # neither is Brag's


def test_the_widow_bot_does_not_knock_on_a_poor_brag_high_card_and_does_on_a_run() -> None:
    legal = (Pass(1), Knock(1))
    assert widow_play(BRAG, 1, parse_cards("9♣ 5♦ 2♠"), 3, 0, legal) == Pass(1)  # HIGH_CARD, the enum's last
    assert widow_play(BRAG, 1, parse_cards("2♠ 3♦ 4♣"), 3, 0, legal) == Knock(1)


def test_the_trade_and_barter_bot_does_not_knock_on_a_poor_brag_high_card() -> None:
    rules = Rules(ranking="brag")
    hand = parse_cards("9♣ 5♦ 2♠")
    situation = Situation(rules, 1, Phase.PLAY, hand, (), 0, 3, 4, 0)
    legal = (*(Buy(1, card) for card in hand), *(Barter(1, card) for card in hand), Knock(1))
    assert TradeAndBarter().act(situation, legal) != Knock(1)  # HIGH_CARD, the enum's last
    assert TradeAndBarter().act(situation._replace(hand=parse_cards("4♥ 3♥ 2♥")), legal) == Knock(1)


# ---- the docs' {categories} directive ---------------------------------------------------------------

EXTENSION = Path(__file__).resolve().parents[2] / "docs" / "_ext" / "commerce_docs.py"


def _extension() -> Any:
    pytest.importorskip("sphinx")
    spec = importlib.util.spec_from_file_location("commerce_docs_under_test", EXTENSION)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_categories_directive_lists_brag_in_its_own_order_and_draws_hands_as_they_read() -> None:
    rows = _extension()._examples(BRAG)
    assert [category for category, _, _ in rows] == [
        Category.TRICON, Category.SEQUENCE, Category.RUN, Category.FLUSH, Category.PAIR, Category.HIGH_CARD
    ]  # fmt: skip
    assert [dealt for _, _, dealt in rows] == [52, 48, 720, 1_096, 3_744, 16_440]
    best = {category: str(values[0]) for category, values, _ in rows}
    assert best[Category.TRICON] == "prial of 3s" and best[Category.RUN] == "run A-2-3"


def test_the_categories_directive_keeps_the_other_rankings_order_with_the_quad_first() -> None:
    rows = _extension()._examples(POUNCE)
    assert [category for category, _, _ in rows] == [
        Category.QUAD, Category.TRICON, Category.SEQUENCE, Category.FLUSH, Category.PAIR, Category.POINT
    ]  # fmt: skip
