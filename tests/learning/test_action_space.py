"""Actions as integers (API.md "For bot authors"): num_actions, action_index, action_from_index, legal_action_mask.

Along random play of every preset and every mechanism x scoring pair (the
harness of ``random_play``): each legal action has a distinct index in
range that maps back to it, the mask is True exactly there, and an action's
index depends only on its kind and cards (not the state, the seat or the
table's size; Hoyle's blind exchange apart, numbered by widow positions).
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from commerce_rules import (
    CRP,
    FOSTER,
    HOYLE,
    POUNCE,
    PRESETS,
    TRENTUNO,
    Action,
    ArgumentTypeError,
    BlindExchange,
    Buy,
    Card,
    Exchange,
    IllegalActionError,
    Knock,
    Pass,
    action_from_index,
    action_index,
    apply,
    deal_position,
    legal_action_indices,
    legal_action_mask,
    legal_actions,
    new_game,
    num_actions,
    parse_cards,
)
from commerce_rules.learning.action_space import action_space
from random_play import HEAVY, PROPERTY, VARIANTS, Variant, games, candidate_actions


def _key(action: Action) -> tuple[type[Action], tuple[object, ...]]:
    """The action less its seat: its kind, its cards and its other fields (a draw's source)."""
    return type(action), tuple(getattr(action, field.name) for field in attrs.fields(type(action)) if field.init and field.name != "player")


@pytest.mark.parametrize("variant", VARIANTS)
@PROPERTY
@given(data=st.data())
def test_every_legal_action_has_a_distinct_index_in_range_that_maps_back_and_the_mask_marks_exactly_them(
    variant: Variant, data: st.DataObject
) -> None:
    game = data.draw(games(variant))
    states, _ = game.play()
    n = num_actions(game.rules)
    seen: dict[tuple[type[Action], tuple[object, ...]], int] = {}
    for state in states:
        legal = legal_actions(state)
        indices = [action_index(state, action) for action in legal]
        assert len(set(indices)) == len(indices), "every legal action has its own index"
        assert all(0 <= i < n for i in indices)
        assert [action_from_index(state, i) for i in indices] == list(legal)
        mask = legal_action_mask(state)
        assert len(mask) == n and [i for i, legal_here in enumerate(mask) if legal_here] == sorted(indices)
        assert legal_action_indices(state) == tuple(sorted(indices)), "the indices are the mask's, in increasing order"
        for action, index in zip(legal, indices):
            if isinstance(action, BlindExchange):
                continue  # numbered by the widow positions it takes
            assert seen.setdefault(_key(action), index) == index, f"{action!r} changed its index"


@pytest.mark.parametrize("variant", VARIANTS)
@HEAVY
@given(data=st.data())
def test_an_action_that_is_not_legal_has_no_index_and_an_index_not_legal_now_no_action(
    variant: Variant, data: st.DataObject
) -> None:
    game = data.draw(games(variant))
    states, _ = game.play()
    rng = random.Random(game.action_seed)
    n = num_actions(game.rules)
    for state in [states[0], rng.choice(states), states[-1]]:
        legal = set(legal_actions(state))
        for action in candidate_actions(state, rng)[:300]:
            if action not in legal:
                with pytest.raises(IllegalActionError):
                    action_index(state, action)
        mask = legal_action_mask(state)
        for index in rng.sample(range(n), min(n, 200)):
            if not mask[index]:
                with pytest.raises(IllegalActionError):
                    action_from_index(state, index)


def test_an_index_out_of_range_or_not_an_int_is_refused() -> None:
    state = new_game(CRP, 4, seed=1)
    n = num_actions(CRP)
    for index in (-1, n, 10**40):
        with pytest.raises(IllegalActionError, match="out of range"):
            action_from_index(state, index)
    for bad in (1.0, "3", True, None):
        with pytest.raises(ArgumentTypeError):
            action_from_index(state, bad)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        action_index(state, 3)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        legal_action_mask("state")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        num_actions("crp")  # type: ignore[arg-type]


def test_a_match_that_is_over_has_no_legal_index() -> None:
    state = new_game(FOSTER, 3, seed=2)
    while not state.is_over:
        state = apply(state, Knock(state.to_act))  # type: ignore[arg-type]
    assert not any(legal_action_mask(state)) and legal_action_indices(state) == ()
    with pytest.raises(IllegalActionError, match="over"):
        action_from_index(state, 0)


def test_the_index_depends_on_the_kind_and_cards_not_on_the_seat_or_the_table_size() -> None:
    king = Card.parse("K♦")
    three = deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0)
    five = deal_position(FOSTER, hands=["K♦ 4♣ 5♣", "6♠ 7♠ 3♣", "A♥ K♥ 4♦", "2♠ 2♦ 2♥", "9♠ 9♦ 9♥"], dealer=4)
    assert action_index(three, Buy(1, king)) == action_index(five, Buy(0, king)) == king.index
    assert action_index(three, Knock(1)) == action_index(five, Knock(0)) == num_actions(FOSTER) - 1


def test_the_ranges_of_the_presets_are_the_documented_ones() -> None:
    assert action_space(FOSTER).ranges() == [("Buy", 0, 51), ("Barter", 52, 103), ("BarterReply", 104, 155), ("Knock", 156, 156)]
    assert action_space(CRP).ranges() == [("Exchange", 0, 2703), ("Pass", 2704, 2704), ("Knock", 2705, 2705)]
    assert action_space(POUNCE).ranges()[-1] == ("Pounce", 2706, 2706)
    assert action_space(TRENTUNO).ranges()[0] == ("Exchange", 0, 1599)
    assert action_space(HOYLE).ranges() == [
        ("BlindExchange", 0, 6), ("Exchange", 7, 2710), ("Pass", 2711, 2711), ("Knock", 2712, 2712), ("BuyHorse", 2713, 2713),
    ]  # fmt: skip
    expected = {"foster": 157, "crp": 2706, "pounce": 2707, "trentuno": 1602, "extended": 2706, "hoyle": 2714, "schwimmen": 1027, "thirty_one": 55}
    assert {name: num_actions(PRESETS[name]) for name in expected} == expected
    assert action_space(PRESETS["schwimmen"]).ranges()[-1] == ("ExchangeAll", 1026, 1026)
    assert action_space(PRESETS["thirty_one"]).ranges() == [("Draw", 0, 1), ("Discard", 2, 53), ("Knock", 54, 54)]


def test_an_exchange_is_numbered_give_times_the_deck_plus_take() -> None:
    state = deal_position(CRP, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], widow="2♣ 9♥ Q♠", dealer=0)
    give, take = parse_cards("6♠ Q♠")
    assert action_index(state, Exchange(1, give, take)) == give.index * 52 + take.index
    assert action_from_index(state, give.index * 52 + take.index) == Exchange(1, give, take)


def test_a_blind_exchange_is_numbered_by_the_widow_positions_it_takes() -> None:
    state = deal_position(HOYLE, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], widow="2♣ 9♥ Q♠", dealer=0)
    first, second, third = state.widow
    expected = {(first,): 0, (second,): 1, (third,): 2, (first, second): 3, (first, third): 4, (second, third): 5}
    for take, index in {**expected, (first, second, third): 6}.items():
        assert action_index(state, BlindExchange(0, take)) == index
        assert action_from_index(state, index) == BlindExchange(0, take)
    assert action_index(state, Pass(0)) == 2711


def test_a_kind_numbered_by_a_fields_value_maps_each_value_to_its_place() -> None:
    from commerce_rules.parts.action_kinds import ByValue

    six, king = parse_cards("6♠ K♦")
    kind = ByValue(Buy, "card", (six, king))
    state = deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0)
    assert kind.size(()) == 2
    assert [kind.index(state, Buy(1, card), ()) for card in (six, king)] == [0, 1]
    assert kind.action_at(state, 1, ()) == Buy(1, king)


@pytest.mark.parametrize("size", [52, 40, 32])
def test_a_decks_slots_give_each_cards_place_by_its_index(size: int) -> None:
    from commerce_rules import DECK_52, Rules
    from commerce_rules.parts.action_kinds import NOT_IN_DECK, deck_position, deck_slots
    from commerce_rules.engine.deal import deck_for

    deck = deck_for(Rules(deck_size=size) if size != 32 else Rules(ranking="trentuno", deck_size=32))
    slots = deck_slots(deck)
    for card in DECK_52:
        if card in deck:
            assert slots[card.index] == deck.index(card) == deck_position(deck, card)
        else:
            assert slots[card.index] == NOT_IN_DECK and deck_position(deck, card) == -1
            with pytest.raises(IndexError):
                ([0.0] * len(deck))[slots[card.index]]  # beyond every list of the deck's slots
