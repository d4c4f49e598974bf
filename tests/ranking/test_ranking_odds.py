"""The odds page is produced by the library and cannot go stale."""

from __future__ import annotations

import re
from math import comb
from pathlib import Path

from commerce_rules import CRP, FOSTER, TRENTUNO, Category
from commerce_rules.ranking.registry import ranking_part
from commerce_rules.ranking.odds import (
    ODDS_VARIANTS,
    category_counts,
    foster_point_counts,
    main,
    render_odds_page,
    trentuno_value_counts,
)

PAGE = Path(__file__).resolve().parents[2] / "docs" / "rankings" / "odds.md"


def test_odds_page_matches_what_the_library_computes_now() -> None:
    assert PAGE.read_text(encoding="utf-8") == render_odds_page(), (
        "docs/rankings/odds.md is stale: run python -m commerce_rules.ranking.odds"
    )


def test_odds_page_numbers_are_the_category_counts() -> None:
    text = PAGE.read_text(encoding="utf-8")
    sections = re.split(r"^## ", text, flags=re.M)[1:]
    assert len(sections) == len(ODDS_VARIANTS)
    for section, (title, _, rules) in zip(sections, ODDS_VARIANTS):
        assert section.startswith(title)
        counts = category_counts(rules)
        total = comb(rules.deck_size, 3)
        assert sum(counts.values()) == total
        rows = re.findall(r"^\| ([^|]+) \| ([\d,]+) \| ([\d.]+)% \|", section, flags=re.M)
        titles = {label.category: label.title for label in ranking_part(rules).labels}  # the ranking's words, not the enum's
        for category, count in counts.items():
            row = next(r for r in rows if r[0] == titles[category])
            assert int(row[1].replace(",", "")) == count
            assert abs(float(row[2]) - 100 * count / total) < 1e-4


def test_category_counts_best_first() -> None:
    counts = category_counts(CRP)
    assert list(counts) == [Category.TRICON, Category.SEQUENCE, Category.FLUSH, Category.PAIR, Category.POINT]
    assert counts[Category.POINT] == 17_160


def test_foster_point_breakdown() -> None:
    assert foster_point_counts(FOSTER) == (1_096, 12_168)


def test_trentuno_values_sum_to_the_deck() -> None:
    values = trentuno_value_counts(TRENTUNO)
    assert values[0] == ("31", 12) and values[1] == ("30½", 40)
    assert sum(n for _, n in values) == comb(40, 3)


def test_odds_check_mode(tmp_path: Path) -> None:
    page = tmp_path / "odds.md"
    assert main([str(page), "--check"]) == 1
    assert main([str(page)]) == 0
    assert main([str(page), "--check"]) == 0
