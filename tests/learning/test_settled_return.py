"""A scoring's settled return: once it gives a seat's return before the match's end, the end gives the same.

The learning environments end a learner's episode there (``commerce_rules.gym``),
so a return said too early would teach a learner a wrong reward.
"""

from __future__ import annotations

import random

import pytest

from commerce_rules import PRESETS, apply, legal_actions, new_game, returns
from commerce_rules.engine.variant import variant_of
from commerce_rules.learning.parameters import with_default_limits


@pytest.mark.parametrize("name", list(PRESETS))
def test_a_settled_return_is_the_return_the_match_ends_with(name: str) -> None:
    rules = with_default_limits(PRESETS[name])
    scoring = variant_of(rules).scoring
    checked = 0
    for seed in range(40):
        rng = random.Random(seed)
        players = rng.randint(3, 6)
        state = new_game(rules, players, seed=seed)
        settled: dict[int, float] = {}
        while not state.is_over:
            state = apply(state, rng.choice(legal_actions(state)))
            for seat in range(players):
                value = scoring.settled_return(state, seat)
                if value is not None and not state.is_over:
                    settled.setdefault(seat, value)
        for seat, value in settled.items():
            assert returns(state)[seat] == value, (seed, seat)
            checked += 1
    if rules.scoring.value == "lives":  # seats go out of such matches: the check is not empty
        assert checked > 20
    else:  # a ledger's seats are never out; a pool's out seat may still pay for its horse
        assert checked == 0


def test_a_seat_out_of_a_match_of_lives_has_a_settled_return_of_minus_one_and_a_swimmer_none() -> None:
    rules = with_default_limits(PRESETS["thirty_one"])
    scoring = variant_of(rules).scoring
    state = new_game(rules, 4, seed=1)
    assert all(scoring.settled_return(state, seat) is None for seat in range(4))
    out = state._replace(active=(0, 1, 3), lives=(2, 3, 0, 0))  # seat 3 swims (free_ride); seat 2 is out
    assert [scoring.settled_return(out, seat) for seat in range(4)] == [None, None, -1.0, None]
