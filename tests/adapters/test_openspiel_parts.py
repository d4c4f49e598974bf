"""The OpenSpiel adapter's parts that need no OpenSpiel: its parameters and its public view (run without the extra)."""

from __future__ import annotations

import random

import pytest

from commerce_rules import CRP, FOSTER, PRESETS, THIRTY_ONE, CommerceError, GameState, RulesError, new_game
from commerce_rules.learning.parameters import (
    DEFAULT_DEAL_LIMIT,
    DEFAULT_TURN_LIMIT,
    PARAMETERS,
    explicit_parameters,
    rules_from_parameters,
)
from commerce_rules.learning.observer_views import common_history, public_view
from commerce_rules.core.state import Event, EventKind
from helpers import random_walk


def test_parameters_left_at_their_defaults_are_the_preset_with_the_limits_supplied() -> None:
    rules, players = rules_from_parameters(PARAMETERS)
    assert players == 4
    assert rules == FOSTER.replace(turn_limit=DEFAULT_TURN_LIMIT, deal_limit=DEFAULT_DEAL_LIMIT)
    crp, three = rules_from_parameters({"variant": "crp", "players": 3, "starting_lives": 5, "pounce": 1})
    assert three == 3 and crp.starting_lives == 5 and crp.pounce and crp.mechanism is CRP.mechanism


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_explicit_parameters_load_the_same_rules(name: str) -> None:
    rules, players = rules_from_parameters({"variant": name, "players": 3})
    assert rules_from_parameters(explicit_parameters(name, rules, players)) == (rules, players)


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"variant": "whist"}, "variant must be a preset's name"),
        ({"players": 2}, "players must be a whole number from 3 to 12"),
        ({"players": True}, "players must be a whole number"),
        ({"colour": "red"}, "unknown parameter 'colour'"),
        ({"pounce": 2}, r"pounce must be -1 \(the preset's\), 0 \(no\) or 1 \(yes\)"),
        ({"variant": "schwimmen", "players": 12}, "the deck has 32"),
    ],
)
def test_bad_parameters_are_a_commerce_error_saying_which(params: dict[str, object], message: str) -> None:
    with pytest.raises(CommerceError, match=message):
        rules_from_parameters(params)


def test_an_impossible_combination_is_the_librarys_own_rules_error() -> None:
    with pytest.raises(RulesError, match="widow"):
        rules_from_parameters({"variant": "foster", "pounce": 1})  # a pounce needs a widow


@pytest.mark.parametrize("name", ["foster", "pounce", "thirty_one"])
def test_the_public_view_names_no_hidden_card(name: str) -> None:
    rules = PRESETS[name]
    seen_private = 0
    for _, _, state in random_walk(new_game(rules, 3, seed=5), random.Random(5), steps=60):
        view = public_view(state)
        assert "hands" not in view
        told = view["history"]
        for event in state.history:
            if event.visible_to is not None and event.cards:  # a buy, a barter, a card drawn from the stock
                seen_private += 1
                line = f"seat {event.player} {event.kind.value} {len(event.cards)} unseen"
                assert any(text.startswith(line) for text in told)  # a barter then names its target
    assert seen_private > 0 or name == "pounce"  # the pounce game has no private card at all


def test_the_common_history_keeps_only_what_every_seat_saw() -> None:
    knock, drawn, passed = Event(EventKind.KNOCK, 0), Event(EventKind.DRAW, 1, (), None, (1,)), Event(EventKind.PASS, 2)
    assert common_history([knock, drawn, passed], [[knock, drawn, passed], [knock, passed]]) == [knock, passed]
    assert common_history([knock], [[knock], [knock]]) == [knock]


def test_thirty_ones_discard_pile_is_in_the_public_view_by_its_count() -> None:
    state = new_game(THIRTY_ONE, 3, seed=2)
    view = public_view(state)
    assert view["discard_count"] == len(state.discard) == 1 and view["stock_count"] == len(state.stock)


def test_3_3_the_public_view_shows_no_pending_pounce_question_and_no_decline() -> None:
    """OpenSpiel's public observation is what every seat sees alike: the table as if nobody were being asked."""
    from commerce_rules import POUNCE, Card, Exchange, Pass, apply, deal_position
    from commerce_rules.learning.observer_views import public_view

    def exchanged(fourth: str) -> GameState:
        hands = ["2♣ 5♦ 9♥", "3♣ K♥ 4♦", "8♠ J♣ 10♣", fourth]
        state = deal_position(POUNCE, hands=hands, dealer=0, widow="A♠ 5♠ 2♥", stock="Q♣ 6♣ 4♠")
        return apply(state, Exchange(1, Card.parse("3♣"), Card.parse("A♠")))

    asked, twin = exchanged("3♠ 3♥ 3♦"), exchanged("6♠ 6♥ 7♦")
    assert asked.to_act == 3 and twin.to_act == 2
    assert public_view(asked) == public_view(twin)
    assert public_view(apply(asked, Pass(3))) == public_view(twin)
