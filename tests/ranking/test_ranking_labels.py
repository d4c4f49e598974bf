"""The readers outside a ranking take a category's place and word from the ranking's labels, never the enum.

A ranking may order its labels against the :class:`Category` enum's
integers and word them its own way. So the bots' "a flush or better", the
docs' ``{categories}`` directive and the odds page ask :meth:`Labels.place`
and :meth:`Labels.word`; for the rankings the enum ordered that gives
exactly what the enum gave.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest

from commerce_rules import POUNCE, Category, Ranking
from commerce_rules.bots.strategies.trade_barter import SEQUENCE_OR_BETTER
from commerce_rules.bots.strategies.widow import FLUSH_OR_BETTER
from commerce_rules.ranking.registry import RANKINGS


@pytest.mark.parametrize("ranking", list(RANKINGS), ids=lambda ranking: ranking.value)
def test_a_rankings_places_are_its_labels_order_with_the_quad_on_top(ranking: Ranking) -> None:
    labels = RANKINGS[ranking].labels
    places = [labels.place(category) for category in labels.categories()]
    assert places == sorted(places, reverse=True) and len(set(places)) == len(places)
    assert labels.place(Category.QUAD) > max(places)


@pytest.mark.parametrize("ranking", list(RANKINGS), ids=lambda ranking: ranking.value)
def test_for_the_rankings_the_enum_ordered_the_bots_thresholds_are_what_they_were(ranking: Ranking) -> None:
    labels = RANKINGS[ranking].labels
    for category in (*labels.categories(), Category.QUAD):
        assert labels.at_least(category, *FLUSH_OR_BETTER) is (category >= Category.FLUSH), category
        assert labels.at_least(category, *SEQUENCE_OR_BETTER) is (category >= Category.SEQUENCE), category


# ---- the docs' {categories} directive ---------------------------------------------------------------

EXTENSION = Path(__file__).resolve().parents[2] / "docs" / "_ext" / "commerce_docs.py"


def _extension() -> Any:
    pytest.importorskip("sphinx")
    spec = importlib.util.spec_from_file_location("commerce_docs_under_test", EXTENSION)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_categories_directive_keeps_the_other_rankings_order_with_the_quad_first() -> None:
    rows = _extension()._examples(POUNCE)
    assert [category for category, _, _ in rows] == [
        Category.QUAD, Category.TRICON, Category.SEQUENCE, Category.FLUSH, Category.PAIR, Category.POINT
    ]  # fmt: skip
