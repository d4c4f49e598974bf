"""The JSON serializer covers ``HOYLE`` (API.md, "Serialisation"): exact round trips of its states and actions.

Every state of random HOYLE matches (the blind exchange, the growing widow,
spent and knocked seats, the horse question, the end) must come back equal
from ``state_from_json(to_json(state))``, and the two Hoyle actions from
``action_from_json(action_to_json(action))``.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from commerce_rules import HOYLE, BlindExchange, BuyHorse, Pass, Rules, new_game, parse_cards
from commerce_rules.serialize import action_from_json, action_to_json, state_from_json, to_json
from helpers import kind_first, random_walk


def test_the_hoyle_actions_round_trip() -> None:
    for action in (
        BlindExchange(2, parse_cards("A♠ 2♥")),
        BlindExchange(0, parse_cards("K♦")),
        BlindExchange(1, parse_cards("3♣ 10♦ Q♥")),
        BuyHorse(1),
        Pass(4),
    ):
        assert action_from_json(action_to_json(action)) == action


def test_a_hoyle_deal_round_trips_before_the_blind_exchange() -> None:
    state = new_game(HOYLE, 4, seed=1)
    assert state_from_json(to_json(state)) == state


@settings(max_examples=15, deadline=None)
@given(
    players=st.integers(3, 12),
    seed=st.integers(0, 2**63 - 1),
    picker=st.integers(0, 2**32),
    stake=st.integers(1, 9),
    lives=st.integers(1, 3),
    horse=st.booleans(),
    per_turn=st.integers(1, 3),
)
def test_every_state_of_a_random_hoyle_match_round_trips(
    players: int, seed: int, picker: int, stake: int, lives: int, horse: bool, per_turn: int
) -> None:
    rules: Rules = HOYLE.replace(stake=stake, starting_lives=lives, horse=horse, exchanges_per_turn=per_turn)
    rng = random.Random(picker)
    state = new_game(rules, players, seed=seed)
    assert state_from_json(to_json(state)) == state
    for _, _, state in random_walk(state, rng, policy=kind_first(rng)):  # knocks as likely as exchanges
        assert state_from_json(to_json(state)) == state
    assert state.is_over
