"""``action_to_json`` writes only documents that ``action_from_json`` reads back equal (API.md, Serialisation).

Actions are checked when built, so whatever can be built can be sent: the
property tries every action class (``ACTION_CLASSES``, so a class added later
is covered) with arguments of every kind, well-formed or not.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from commerce_rules import DECK_52, Action, BlindExchange, CommerceError, Knock, action_from_json, action_to_json
from commerce_rules.core.actions import ACTION_CLASSES

JUNK = st.none() | st.booleans() | st.text(max_size=5) | st.floats(allow_nan=False) | st.integers()
SEATS = st.integers(-3, 14) | JUNK
CARD = st.sampled_from(DECK_52)
ONE_CARD = CARD | CARD.map(str) | JUNK
CARDS = st.lists(CARD, max_size=4).map(tuple) | st.lists(CARD, max_size=4) | st.lists(ONE_CARD, max_size=3) | JUNK


@st.composite
def built_actions(draw: st.DrawFn) -> tuple[type[Action], list[Any]]:
    cls = draw(st.sampled_from(sorted(ACTION_CLASSES.values(), key=lambda kind: kind.json_type)))
    arguments: list[Any] = [draw(SEATS)]
    for _, kind in cls.card_fields:
        arguments.append(draw(ONE_CARD if kind == "card" else CARDS))
    for _, words in cls.word_fields:
        arguments.append(draw(st.sampled_from(words) | st.text(max_size=8)))
    return cls, arguments


@settings(max_examples=1500, deadline=None)
@given(built_actions())
def test_every_action_that_can_be_built_round_trips_through_json(drawn: tuple[type[Action], list[Any]]) -> None:
    cls, arguments = drawn
    try:
        action = cls(*arguments)
    except CommerceError:
        return  # refused when built: it can never be written
    text = action_to_json(action)
    assert action_from_json(text) == action
    assert action_to_json(action_from_json(text)) == text


def test_the_action_classes_are_every_json_type() -> None:
    assert set(ACTION_CLASSES) == {
        "buy", "barter", "barter_reply", "knock", "exchange", "pass", "pounce", "blind_exchange", "buy_horse", "exchange_all",
        "draw", "discard",
    }  # fmt: skip
    assert all(cls.json_type == name for name, cls in ACTION_CLASSES.items())


def test_the_documents_the_reader_refused_cannot_be_built_any_more() -> None:
    # issue 11: action_to_json wrote these, and action_from_json refused them
    with pytest.raises(CommerceError):
        Knock(True)
    with pytest.raises(CommerceError):
        Knock(-5)
    with pytest.raises(CommerceError):
        BlindExchange(0, ())
