"""``commerce_rules.engine.bounds``: with turn_limit and deal_limit set, random matches stay inside the bounds.

The bounds OpenSpiel's ``max_game_length`` and utilities are built from
(``commerce_rules.openspiel``); checked here on the library alone.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from commerce_rules import CRP, PRESETS, CommerceError, Rules, new_game, returns
from commerce_rules.engine.bounds import max_actions_per_deal, max_match_actions, return_range

from helpers import kind_first, random_walk

PRESET_RULES = [rules for _, rules in sorted(PRESETS.items())]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(PRESET_RULES), st.integers(3, 6), st.integers(1, 6), st.integers(0, 10**6))
def test_random_matches_stay_within_the_action_bounds_and_the_return_range(
    preset: Rules, players: int, turns: int, seed: int
) -> None:
    rules = preset.replace(turn_limit=turns, deal_limit=100)
    per_deal = max_actions_per_deal(rules, players)
    count, in_deal, deal = 0, 0, 1
    state = new_game(rules, players, seed=seed)
    for _, _, after in random_walk(state, random.Random(seed), policy=kind_first(random.Random(seed), 0.5)):
        count += 1
        in_deal += 1
        assert in_deal <= per_deal
        if after.deal_number != deal:
            deal, in_deal = after.deal_number, 0
        state = after
    assert state.is_over
    assert count <= max_match_actions(rules, players)
    low, high = return_range(rules, players)
    assert all(low <= value <= high for value in returns(state))


def test_the_bounds_grow_with_the_limits() -> None:
    small = CRP.replace(turn_limit=5, deal_limit=3)
    assert max_match_actions(small, 4) == 3 * max_actions_per_deal(small, 4)
    assert max_actions_per_deal(small.replace(turn_limit=6), 4) > max_actions_per_deal(small, 4)
    assert max_actions_per_deal(small, 5) > max_actions_per_deal(small, 4)


@pytest.mark.parametrize("call", [max_actions_per_deal, max_match_actions, return_range])
def test_without_limits_there_is_no_bound(call: object) -> None:
    with pytest.raises(CommerceError, match="no bound without"):
        call(CRP, 4)  # type: ignore[operator]
