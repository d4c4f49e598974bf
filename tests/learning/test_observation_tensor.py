"""``observation_tensor`` (API.md "For bot authors"): a function of the observation alone, of a documented layout.

Along random play of every preset and mechanism x scoring pair: the length
is ``observation_tensor_size``; equal observations give equal tensors and
swapping cards the seat cannot know changes nothing; two observations of a
match with equal tensors differ at most in what the layout leaves out (the
history's order of moves, the showdowns before the last).
"""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from commerce_rules import (
    CRP,
    FOSTER,
    HOYLE,
    ArgumentTypeError,
    Barter,
    BarterReply,
    Card,
    CommerceError,
    Exchange,
    Observation,
    deal_position,
    observation_tensor,
    observation_tensor_size,
    observe,
    parse_cards,
)
from helpers import play
from random_play import HEAVY, PROPERTY, VARIANTS, Variant, games, hidden_swap


def encoded(view: Observation) -> Observation:
    """What the tensor encodes of an observation: all of it but the history itself and the older showdowns."""
    return view._replace(history=(), showdowns=view.showdowns[-1:])


@pytest.mark.parametrize("variant", VARIANTS)
@PROPERTY
@given(data=st.data())
def test_the_tensor_has_its_size_and_different_observations_give_different_tensors(
    variant: Variant, data: st.DataObject
) -> None:
    game = data.draw(games(variant))
    states, _ = game.play()
    size = observation_tensor_size(game.rules, game.players)
    seen: dict[tuple[float, ...], Observation] = {}
    seats = sorted({0, game.action_seed % game.players})  # every state of the match, seen by one or two seats
    for state in states:
        for seat in seats:
            view = observe(state, seat)
            tensor = observation_tensor(view)
            assert len(tensor) == size and all(math.isfinite(value) for value in tensor)
            assert observation_tensor(observe(state, seat)) == tensor, "equal observations, equal tensors"
            other = seen.setdefault(tensor, view)
            assert encoded(other) == encoded(view), "two observations that differ give different tensors"


@pytest.mark.parametrize("variant", VARIANTS)
@HEAVY
@given(data=st.data())
def test_the_tensor_never_changes_when_cards_the_seat_cannot_know_are_swapped(variant: Variant, data: st.DataObject) -> None:
    game = data.draw(games(variant))
    states, _ = game.play()
    rng = random.Random(game.action_seed ^ 0x7E4)
    for index in game.window(states):
        state = states[index]
        seat = rng.randrange(game.players)
        swapped = hidden_swap(state, seat, rng)
        if swapped is not None:
            assert observation_tensor(observe(swapped, seat)) == observation_tensor(observe(state, seat))


def test_the_layout_starts_with_the_hand_and_its_order() -> None:
    state = deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0)
    tensor = observation_tensor(observe(state, 1))
    six, seven, king = parse_cards("6♠ 7♠ K♦")
    assert [i for i in range(52) if tensor[i]] == sorted([six.index, seven.index, king.index])
    assert (tensor[52 + six.index], tensor[52 + seven.index], tensor[52 + king.index]) == (0.25, 0.5, 0.75)


def test_a_card_given_in_barter_shows_in_the_known_places_until_it_may_have_moved() -> None:
    king = Card.parse("K♦")
    state = deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0)
    state = play(state, Barter(1, king), BarterReply(2, Card.parse("A♥")))
    tensor = observation_tensor(observe(state, 1))
    known = 4 * 52  # the known places: seat 2 is seat 1's relative seat 1, the first row
    assert tensor[known + king.index] == 1.0


def test_widow_order_and_the_hand_order_make_different_tensors() -> None:
    one = deal_position(CRP, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], widow="2♣ 9♥ Q♠", dealer=0)
    two = deal_position(CRP, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], widow="9♥ 2♣ Q♠", dealer=0)
    assert observation_tensor(observe(one, 1)) != observation_tensor(observe(two, 1))
    three = deal_position(HOYLE, hands=["3♣ 4♣ 5♣", "7♠ 6♠ K♦", "A♥ K♥ 4♦"], widow="2♣ 9♥ Q♠", dealer=0)
    four = deal_position(HOYLE, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], widow="2♣ 9♥ Q♠", dealer=0)
    assert observation_tensor(observe(three, 1)) != observation_tensor(observe(four, 1))
    after = play(one, Exchange(1, Card.parse("6♠"), Card.parse("9♥")))
    assert observation_tensor(observe(after, 0)) != observation_tensor(observe(one, 0))


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ArgumentTypeError):
        observation_tensor("view")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        observation_tensor_size("crp", 4)  # type: ignore[arg-type]
    for players in (2, 13, 4.0):
        with pytest.raises(CommerceError):
            observation_tensor_size(CRP, players)  # type: ignore[arg-type]


def test_an_observation_holding_a_card_outside_the_variants_deck_is_a_commerce_error() -> None:
    from commerce_rules import SCHWIMMEN, Card, CommerceError, new_game, observation_tensor, observe

    view = observe(new_game(SCHWIMMEN, 4, seed=1), 0)
    two_of_clubs = view._replace(hand=(Card.parse("2♣"), *view.hand[1:]))  # no 2 in a 32-card deck
    with pytest.raises(CommerceError, match="not in this variant's deck"):
        observation_tensor(two_of_clubs)
