"""A mechanism's commonest move, made in one piece on the engine's hot path, gives exactly what its general path gives.

A mechanism may make its commonest move (a widow exchange that ends the
turn) in one function rather than through the steps every other move takes
(the exchange, then the end of the turn, then the next seat's turn). Its
``play_in_steps`` is that general path; on every state of random play
(the harness of ``test_properties``: every widow preset, the option presets
and random options of the widow family), every exchange — the legal ones,
and a few each state must refuse or may — must give an equal step, or
``None`` from both.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from commerce_rules import CRP, TRENTUNO, Exchange, GameState, Rules, ShowdownReason, deal_position, legal_actions
from commerce_rules.cards import Card, parse_cards
from commerce_rules.mechanisms.widow import Widow
from commerce_rules.rules import Mechanism
from commerce_rules.variant import variant_of
from test_properties import PROPERTY, Variant, _params_where, games

WIDOW_VARIANTS = _params_where(mechanism=Mechanism.WIDOW)


def _exchanges_to_refuse(state: GameState, deck: tuple[Card, ...], rng: random.Random) -> list[Exchange]:
    """Exchanges the state may refuse: cards the wrong way round, a card from anywhere, another seat's."""
    seat = state.to_act
    assert seat is not None
    hand, widow = state.hands[seat], state.widow
    other = (seat + 1) % state.num_players
    return [
        Exchange(seat, widow[0], hand[0]),
        Exchange(seat, hand[0], rng.choice(deck)),
        Exchange(seat, rng.choice(deck), widow[-1]),
        Exchange(other, hand[-1], widow[0]),
    ]


@pytest.mark.parametrize("variant", WIDOW_VARIANTS)
@PROPERTY
@given(data=st.data())
def test_a_widow_exchange_made_in_one_piece_gives_the_step_of_the_general_path(variant: Variant, data: st.DataObject) -> None:
    game = data.draw(games(variant))
    mechanism = variant_of(game.rules).mechanism
    assert isinstance(mechanism, Widow)
    states, _ = game.play()
    rng = random.Random(game.action_seed)
    deck = variant_of(game.rules).deck
    compared = 0
    for state in states:
        if state.is_over or variant_of(state.rules).owners[state.phase] is not mechanism:
            continue
        for action in (*legal_actions(state), *_exchanges_to_refuse(state, deck, rng)):
            if type(action) is Exchange:
                assert mechanism.play(state, action) == mechanism.play_in_steps(state, action), (state, action)
                compared += 1
    assert compared, "the match held no exchange to compare"


def _ends_turn_state(rules: Rules) -> GameState:
    return deal_position(rules, hands=["2♣ 5♦ 7♥", "3♠ 6♥ J♣", "4♦ 7♠ K♥"], dealer=2, widow="A♠ Q♦ 7♣")


@pytest.mark.parametrize("options", [{}, {"exchanges_per_turn": 2}, {"turn_limit": 1}, {"blitz": True}, {"pounce": True}])
def test_a_widow_exchange_in_one_piece_ends_the_turn_as_the_rules_say(options: dict[str, object]) -> None:
    rules = (TRENTUNO if options.get("blitz") else CRP).replace(**options)
    state = _ends_turn_state(rules)
    action = Exchange(0, state.hands[0][0], state.widow[0])
    step = variant_of(rules).mechanism.play(state, action)
    assert step is not None
    after, reason = step
    assert after.hands[0] == (state.widow[0], *state.hands[0][1:]) and after.widow[0] == state.hands[0][0]
    if options.get("exchanges_per_turn") == 2:  # the turn goes on: the same seat, one exchange made
        assert after.to_act == 0 and after.turn.exchanges == 1 and reason is None
    elif options.get("turn_limit") == 1:  # the one turn the deal allows is over
        assert reason is ShowdownReason.TURN_LIMIT
    else:
        assert after.to_act == 1 and after.turn.exchanges == 0 and after.turn.turns == 1 and reason is None


def test_a_widow_exchange_that_makes_31_under_blitz_ends_the_deal_at_once() -> None:
    rules = TRENTUNO.replace(blitz=True)
    state = deal_position(rules, hands=["A♠ K♠ 2♣", "3♠ 6♥ J♣", "4♦ 7♠ K♥"], dealer=2, widow="Q♠ 5♦ 7♣")
    give, take = parse_cards("2♣ Q♠")
    step = variant_of(rules).mechanism.play(state, Exchange(0, give, take))
    assert step is not None
    after, reason = step
    assert reason is ShowdownReason.BLITZ and after.hands[0] == (state.hands[0][0], state.hands[0][1], take)
