"""A mechanism's commonest move, made in one piece on the engine's hot path, gives exactly what its general path gives.

A mechanism may make its commonest move (a widow exchange that ends the
turn; Hoyle's exchange that leaves the turn open, and its pass) in one function rather than through the steps every other move takes
(the exchange, then the end of the turn, then the next seat's turn). Its
``play_in_steps`` is that general path; on every state of random play
(the harness of ``random_play``: every widow preset, the option presets
and random options of the widow family), every exchange — the legal ones,
and a few each state must refuse or may — must give an equal step, or
``None`` from both.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from commerce_rules import CRP, Action, BlindExchange, TRENTUNO, Exchange, GameState, Pass, Phase, Rules, ShowdownReason, apply, deal_position, legal_actions
from commerce_rules.core.cards import Card, parse_cards
from commerce_rules.mechanisms.common import exchange_choices
from commerce_rules.mechanisms.rounds.mechanism import Rounds, _blind_choices
from commerce_rules.mechanisms.widow.mechanism import Widow
from commerce_rules.core.rules import Mechanism
from commerce_rules.engine.variant import variant_of
from random_play import PROPERTY, ROUNDS_VARIANTS, Variant, games, params_where

WIDOW_VARIANTS = params_where(mechanism=Mechanism.WIDOW)


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


def _moves_to_compare(variant: Variant, data: st.DataObject) -> Iterator[tuple[Any, GameState, Action]]:
    """For each state of a random match that its mechanism owns (the blind exchange aside): the mechanism, the
    state and each move to compare there -- the legal ones, a few exchanges to refuse, another seat's pass."""
    game = data.draw(games(variant))
    mechanism = variant_of(game.rules).mechanism
    states, _ = game.play()
    rng = random.Random(game.action_seed)
    deck = variant_of(game.rules).deck
    for state in states:
        if state.is_over or variant_of(state.rules).owners[state.phase] is not mechanism or state.phase is Phase.BLIND_EXCHANGE:
            continue
        seat = state.to_act
        assert seat is not None
        for action in (*legal_actions(state), *_exchanges_to_refuse(state, deck, rng), Pass((seat + 1) % state.num_players)):
            yield mechanism, state, action


@pytest.mark.parametrize("variant", WIDOW_VARIANTS)
@PROPERTY
@given(data=st.data())
def test_a_widow_exchange_made_in_one_piece_gives_the_step_of_the_general_path(variant: Variant, data: st.DataObject) -> None:
    compared = 0
    for mechanism, state, action in _moves_to_compare(variant, data):
        assert isinstance(mechanism, Widow)
        if type(action) is Exchange:
            assert mechanism.play(state, action) == mechanism.play_in_steps(state, action), (state, action)
            compared += 1
    # A match can hold no exchange at all: a first deal dealt with a 31 under blitz, and deal_limit=1, ends it
    # as dealt. Such a draw is discarded, not passed: hypothesis fails the test if too few draws are kept.
    assume(compared > 0)


@pytest.mark.parametrize("variant", WIDOW_VARIANTS)
@PROPERTY
@given(data=st.data())
def test_a_widow_turns_first_choice_written_out_lists_what_the_general_listing_lists(variant: Variant, data: st.DataObject) -> None:
    game = data.draw(games(variant))
    mechanism = variant_of(game.rules).mechanism
    assert isinstance(mechanism, Widow)
    states, _ = game.play()
    listed = 0
    for state in states:
        if not state.is_over and variant_of(state.rules).owners[state.phase] is mechanism:
            assert mechanism.legal_actions(state) == mechanism.listing(state), state
            listed += 1
    assume(listed > 0)  # as above: a match can end as dealt


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
    elif options.get("turn_limit") == 1:  # the one turn the deal allows is over: the engine ends the deal by it
        assert reason is None and after.turn.turns == 1
        showdown = apply(state, action).last_showdown
        assert showdown is not None and showdown.reason is ShowdownReason.TURN_LIMIT
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


@pytest.mark.parametrize("variant", ROUNDS_VARIANTS)
@PROPERTY
@given(data=st.data())
def test_a_hoyle_exchange_or_pass_made_in_one_piece_gives_the_step_of_the_general_path(
    variant: Variant, data: st.DataObject
) -> None:
    compared = 0
    for mechanism, state, action in _moves_to_compare(variant, data):
        assert isinstance(mechanism, Rounds)
        step = mechanism.play(state, action)
        if type(action) is Exchange:
            assert step == mechanism.play_in_steps(state, action), (state, action)
        else:  # the general path: the check, then the move
            assert step == (mechanism.apply(state, action) if mechanism.accepts(state, action) else None), (state, action)
        compared += 1
    assert compared, "the match held no move to compare"


@settings(max_examples=400)
@given(
    st.permutations(range(52)), st.integers(3, 5) | st.integers(3, 8), st.lists(st.integers(0, 7), max_size=2, unique=True), st.booleans(),
    st.integers(0, 11),
)  # fmt: skip
def test_the_exchange_choices_written_out_are_every_exchange_in_hand_then_widow_order(
    order: list[int], widow_size: int, given_at: list[int], given_elsewhere: bool, seat: int
) -> None:
    cards = [Card.from_index(index) for index in order]
    hand, widow = tuple(cards[:3]), tuple(cards[3 : 3 + widow_size])
    # The cards given this turn are in the widow, as in play; and, as no state of play holds, elsewhere.
    given = tuple(cards[-1 - at] if given_elsewhere else widow[at % widow_size] for at in given_at)
    given = tuple(dict.fromkeys(given))  # each card once
    expected = tuple(Exchange(seat, give, take) for give in hand for take in widow if all(take is not card for card in given))
    assert exchange_choices(hand, widow, given, seat) == expected


@settings(max_examples=200)
@given(st.permutations(range(52)), st.integers(0, 11))
def test_the_blind_choices_written_out_are_every_take_of_one_two_or_three_widow_cards_in_widow_order(
    order: list[int], seat: int
) -> None:
    widow = tuple(Card.from_index(index) for index in order[:3])
    expected = tuple(BlindExchange(seat, take) for size in (1, 2, 3) for take in combinations(widow, size))
    assert _blind_choices(seat, widow) == expected
