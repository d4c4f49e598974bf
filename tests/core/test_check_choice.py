"""A bot's check of what it is given to choose from (``check_choice``): its quick test agrees with its search.

``check_choice`` runs on every turn of every simulated game, so it first
tests each action's ``_seen`` bit set (its seat and cards, made when the
action is built) and searches for the fault to name only where that test
fails. These tests hold the quick test to the search: the same actions
pass, the same are refused, with the search's words.
"""

from __future__ import annotations

import pickle
import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from commerce_rules import PRESETS, Card, CommerceError, Exchange, Knock, legal_actions, new_game, observe
from commerce_rules.core.actions import ACTION_CLASSES, SEEN_SEAT_SHIFT, Action
from commerce_rules.bots.base import _name_fault, check_choice
from commerce_rules.core.cards import bits_of

from helpers import random_walk

_PRESETS = sorted(PRESETS)


@attrs.frozen
class _OwnCheck(Action):
    """An action class with a check of its own, so built without ``_seen`` (and, with no JSON name, unregistered)."""

    def __attrs_post_init__(self) -> None:
        pass

    def describe(self) -> str:
        return f"seat {self.player} does something of its own"


def _refusal(check: object, *args: object) -> str | None:
    """What ``check(*args)`` raised (its class and words), or ``None``."""
    try:
        check(*args)  # type: ignore[operator]
    except CommerceError as error:
        return f"{type(error).__name__}: {error}"
    return None


def test_an_action_knows_its_seat_and_cards_as_one_bit_set() -> None:
    action = Exchange(3, Card.parse("2♣"), Card.parse("A♠"))
    assert action._seen == 1 << (SEEN_SEAT_SHIFT + 3) | bits_of(action.cards())
    assert Knock(11)._seen == 1 << (SEEN_SEAT_SHIFT + 11)
    assert pickle.loads(pickle.dumps(action))._seen == action._seen  # kept by a copy
    assert attrs.evolve(action, player=4)._seen == 1 << (SEEN_SEAT_SHIFT + 4) | bits_of(action.cards())
    assert "_seen" not in repr(action)  # not a field one passes, compares or prints
    assert action == Exchange(3, Card.parse("2♣"), Card.parse("A♠"))


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(_PRESETS), st.integers(3, 6), st.integers(0, 2**32), st.integers(0, 2**32))
def test_the_quick_check_passes_and_refuses_exactly_what_the_search_does(
    preset: str, players: int, seed: int, other_seed: int
) -> None:
    rules = PRESETS[preset]
    rng = random.Random(seed)
    others = [legal_actions(state) for state, _, _ in random_walk(new_game(rules, players, seed=other_seed), rng, 30)]
    extras: list[object] = [action for legal in others for action in legal]
    extras += [_OwnCheck(0), _OwnCheck(1), "knock", None]
    for state, _, _ in random_walk(new_game(rules, players, seed=seed), rng, 30):
        seat = state.to_act
        assert seat is not None
        view, legal = observe(state, seat), legal_actions(state)
        check_choice(view, legal)  # what the engine gives a seat always passes
        for extra in rng.sample(extras, min(5, len(extras))):
            given_actions = (*legal, extra)
            assert _refusal(check_choice, view, given_actions) == _refusal(_name_fault, view, given_actions)


def test_an_action_without_its_bit_set_is_still_checked() -> None:
    state = new_game(PRESETS["crp"], 3, seed=1)
    seat = state.to_act
    assert seat is not None
    view, legal = observe(state, seat), legal_actions(state)
    assert _OwnCheck not in ACTION_CLASSES.values()
    check_choice(view, (*legal, _OwnCheck(seat)))  # its seat is the observer's: it passes
    with pytest.raises(CommerceError, match=f"is not seat {seat}'s"):
        check_choice(view, (*legal, _OwnCheck((seat + 1) % 3)))


def test_a_choice_among_things_that_are_not_actions_is_refused_by_name() -> None:
    state = new_game(PRESETS["foster"], 3, seed=2)
    view = observe(state, state.to_act or 0)
    for wrong in ("knock", None, 3, Card.parse("A♠")):
        with pytest.raises(CommerceError, match="legal actions are actions"):
            check_choice(view, (*legal_actions(state), wrong))
