"""Engine-level behaviour shared by every variant: questions asked after a showdown, error wording."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from commerce_rules import (
    CRP,
    FOSTER,
    HOYLE,
    POUNCE,
    BuyHorse,
    EventKind,
    GameState,
    IllegalActionError,
    Knock,
    Pass,
    Phase,
    apply,
    deal_position,
    new_game,
)
from helpers import random_walk


def _first_horse_question(seed: int) -> GameState:
    """Play random HOYLE matches until one asks the horse question."""
    for game in range(seed, seed + 500):
        for _, _, state in random_walk(new_game(HOYLE, 3, seed=game), random.Random(game)):
            if state.phase is Phase.HORSE and len(state.active) > 1:
                return state
    raise AssertionError("no horse question in 500 random matches")


@pytest.mark.parametrize("answer", [BuyHorse, Pass])
def test_the_answer_to_the_horse_opens_the_next_deals_history(answer: type[BuyHorse] | type[Pass]) -> None:
    asked = _first_horse_question(seed=0)
    seat = asked.to_act
    assert seat is not None
    after = apply(asked, answer(seat))
    assert after.deal_number == asked.deal_number + 1 or after.is_over
    expected = EventKind.HORSE if answer is BuyHorse else EventKind.HORSE_DECLINED
    assert after.history[0].kind is expected
    assert after.history[0].player == seat
    assert after.score.horse_bought is (answer is BuyHorse)


def test_a_refusal_while_a_pounce_question_is_pending_says_what_the_refused_seat_sees() -> None:
    state = deal_position(
        POUNCE, hands=["2♣ 3♣ 4♣", "K♠ K♥ K♦", "5♦ 6♦ 7♦"], dealer=0, widow="K♣ 9♥ 9♠", stock="J♥"
    )
    assert state.phase is Phase.POUNCE and state.to_act == 1
    with pytest.raises(IllegalActionError, match="it is seat 1's turn to act, not seat 2") as refused:
        apply(state, Pass(2))  # seat 2 sees the eldest's turn, not the question (Rules §3.3)
    assert "pounce" not in str(refused.value)


def test_a_pending_barter_names_the_seat_that_must_answer() -> None:
    from commerce_rules import Barter, Card

    state = deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0)
    state = apply(state, Barter(1, Card.parse("K♦")))
    with pytest.raises(IllegalActionError, match="seat 2 is to answer a barter, not seat 1"):
        apply(state, Knock(1))


def test_an_ordinary_turn_names_whose_turn_it_is() -> None:
    state = deal_position(CRP, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0, widow="2♦ 9♣ J♠")
    with pytest.raises(IllegalActionError, match="it is seat 1's turn to act, not seat 0"):
        apply(state, Pass(0))


@pytest.mark.parametrize("call", ["apply", "legal_actions", "observe", "legal_action_mask", "legal_action_indices"])
def test_a_value_that_is_not_a_state_is_a_commerce_error_and_a_type_error(call: str) -> None:
    import commerce_rules
    from commerce_rules import ArgumentTypeError, CommerceError

    function = getattr(commerce_rules, call)
    args: tuple[object, ...] = ({"hands": []},) if call.startswith("legal_action") else ({"hands": []}, 0)
    with pytest.raises(ArgumentTypeError, match=f"{call}\\(\\) needs a GameState, not dict") as raised:
        function(*args)
    assert isinstance(raised.value, CommerceError) and isinstance(raised.value, TypeError)
    assert isinstance(raised.value, ValueError)


def test_an_observation_is_an_immutable_value_with_nothing_writable() -> None:
    from commerce_rules import Observation, observe

    state = new_game(CRP, 4, seed=3)
    view = observe(state, 2)
    assert not hasattr(view, "__dict__") and view._fields == Observation._fields
    assert view == observe(state, 2) and hash(view) == hash(observe(state, 2))
    assert view._replace(pot=view.pot) == view
    assert view != tuple(view)  # a value of its own class, not a plain tuple
    with pytest.raises(AttributeError):
        view.pot = 5  # type: ignore[misc]


@pytest.mark.parametrize(("visible_to", "sees_cards"), [((), ()), ((2,), (2,)), ((0, 2), (0, 2)), (None, (0, 1, 2, 3))])
def test_observe_keeps_an_events_cards_only_for_the_seats_that_saw_them(
    visible_to: tuple[int, ...] | None, sees_cards: tuple[int, ...]
) -> None:
    # Even an event seen by nobody (an empty visible_to, which only a hand-built state holds) hides its cards.
    from commerce_rules import observe
    from commerce_rules.core.state import DealLog, Event

    state = new_game(CRP, 4, seed=3)
    hand = state.hands[1]
    private = Event(EventKind.EXCHANGE, 1, hand[:2], None, visible_to)
    state = state._replace(log=DealLog.of((Event(EventKind.PASS, 0), private)))
    for seat in range(4):
        seen = observe(state, seat).history
        assert seen[0] == Event(EventKind.PASS, 0)
        assert seen[1].cards == (hand[:2] if seat in sees_cards else ())


def test_an_actions_cards_are_its_card_fields_in_order() -> None:
    from commerce_rules import Card
    from commerce_rules.core.actions import ACTION_CLASSES

    cards = [Card.from_index(index) for index in (0, 13, 26, 39)]
    for name, kind in ACTION_CLASSES.items():
        values: dict[str, object] = {}
        expected: list[Card] = []
        for (field, field_kind), card in zip(kind.card_fields, cards):
            values[field] = (card,) if field_kind == "cards" else card
            expected.append(card)
        for field, words in kind.word_fields:
            values[field] = words[0]
        action = kind(player=1, **values)
        assert action.cards() == tuple(expected), name


@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_an_actions_card_bits_are_the_or_of_its_cards_bits(data: st.DataObject) -> None:
    """What a bot checks against the cards its seat sees: every card field, a list of cards included."""
    from commerce_rules import DECK_52
    from commerce_rules.core.actions import ACTION_CLASSES

    kind = data.draw(st.sampled_from(sorted(ACTION_CLASSES.values(), key=lambda cls: cls.json_type)))
    values: dict[str, object] = {}
    for field, field_kind in kind.card_fields:
        if field_kind == "cards":
            values[field] = tuple(data.draw(st.lists(st.sampled_from(DECK_52), min_size=1, max_size=3, unique=True)))
        else:
            values[field] = data.draw(st.sampled_from(DECK_52))
    for field, words in kind.word_fields:
        values[field] = words[0]
    try:
        action = kind(player=1, **values)
    except ValueError:  # cards an action of this kind cannot name together (an exchange of a card for itself)
        return
    expected = 0
    for card in action.cards():
        expected |= card.bit
    assert kind._bits_of(action) == expected
