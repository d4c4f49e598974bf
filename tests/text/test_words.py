"""``commerce_rules.parts.words.plural``: a count and its noun, in the number the count asks for."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from commerce_rules.parts.words import plural


@pytest.mark.parametrize(
    ("count", "word", "expected"),
    [
        (1, "point", "1 point"),
        (2, "point", "2 points"),
        (0, "point", "0 points"),
        (-1, "point", "-1 point"),
        (1, "match", "1 match"),
        (3, "match", "3 matches"),
        (2, "pass", "2 passes"),
        (1, "life", "1 life"),
        (2, "life", "2 lives"),
        (5, "box", "5 boxes"),
        (2, "wish", "2 wishes"),
        (2, "penny", "2 pennies"),
        (2, "day", "2 days"),
        (12, "game", "12 games"),
    ],
)
def test_plural_agrees_with_the_count(count: int, word: str, expected: str) -> None:
    assert plural(count, word) == expected


def test_plural_takes_an_irregular_form() -> None:
    assert plural(1, "child", "children") == "1 child"
    assert plural(4, "child", "children") == "4 children"


@given(st.integers(), st.sampled_from(["card", "deal", "turn", "counter", "game", "match", "life", "point"]))
def test_only_one_is_singular(count: int, word: str) -> None:
    text = plural(count, word)
    assert text.startswith(f"{count} ")
    assert (text == f"{count} {word}") == (abs(count) == 1)
