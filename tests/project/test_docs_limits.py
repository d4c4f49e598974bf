"""The docs tell a user the limits they can meet, and that a seed is a secret, with the code's own figures.

Issue 11: a limit met only as an error is a surprise; a server that picks
small seeds lets a player find every hand (a seed is found from one's own
hand by trying them all).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from commerce_rules.engine.deal import MAX_SEED
from commerce_rules.core.rules import LIMITS
from commerce_rules.serialize import MAX_DOCUMENT

DOCS = Path(__file__).resolve().parents[2] / "docs"


def _page(name: str) -> str:
    return (DOCS / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("name", ["guides/json.md", "guides/replay.md", "tutorial.md"])
def test_the_guides_say_a_seed_is_a_secret_that_the_library_should_draw(name: str) -> None:
    text = " ".join(_page(name).split())
    assert "secret" in text and "seed=None" in text


def test_the_rules_options_page_names_each_options_largest_value() -> None:
    text = _page("variants/rules-options.md")
    for option, (_, high) in LIMITS.items():
        assert f"`{option}`" in text
        shown = {10**17: "10¹⁷", 10**6: "1,000,000", 1000: "1,000"}.get(high, str(high))
        assert shown in text, f"{option}: {shown}"


def test_the_json_guide_names_the_largest_document_and_seed() -> None:
    text = " ".join(_page("guides/json.md").split())
    assert f"{MAX_DOCUMENT:,}" in text and "MAX_DOCUMENT" in text
    assert MAX_SEED == 2**128 - 1 and "2¹²⁸ − 1" in text


def test_the_reliability_page_is_in_the_table_of_contents() -> None:
    assert "\nreliability\n" in _page("index.md")
