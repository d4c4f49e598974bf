"""Schwimmen's states and the new options through JSON: exact round trips, and loaded states checked (API.md)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from commerce_rules import (
    HOYLE,
    SCHWIMMEN,
    ExchangeAll,
    GameState,
    Pass,
    SerializationError,
    apply,
    deal_position,
    new_game,
    state_from_json,
    to_json,
)

HANDS = ["7♣ 8♦ 9♥", "J♣ Q♦ K♥", "A♣ 10♦ 8♥"]


def choice() -> GameState:
    return deal_position(SCHWIMMEN, hands=HANDS, dealer=0, widow="7♠ 8♠ 9♠", stock="7♥ J♥ Q♥")


def after_new_widow() -> GameState:
    state = apply(choice(), Pass(0))
    for seat in (1, 2, 0):
        state = apply(state, Pass(seat))
    return state


def document(state: GameState) -> dict[str, Any]:
    return json.loads(to_json(state))  # type: ignore[no-any-return]


def load(doc: dict[str, Any]) -> GameState:
    return state_from_json(json.dumps(doc, ensure_ascii=False))


@pytest.mark.parametrize("make", [choice, after_new_widow, lambda: apply(choice(), ExchangeAll(0))])
def test_schwimmen_states_round_trip_exactly(make: Any) -> None:
    state = make()
    assert state_from_json(to_json(state)) == state


def test_a_match_of_schwimmen_round_trips_at_every_step() -> None:
    from commerce_rules import GreedyBot, observe, legal_actions

    state, bot = new_game(SCHWIMMEN, 5, seed=4), GreedyBot()
    for _ in range(120):
        if state.is_over:
            break
        assert state_from_json(to_json(state)) == state
        state = apply(state, bot.choose(observe(state, state.to_act), legal_actions(state)))  # type: ignore[arg-type]


def test_a_loaded_discard_must_be_the_dead_widows_of_the_history() -> None:
    doc = document(after_new_widow())
    doc["discard"], doc["stock"] = doc["stock"][:3], doc["discard"] + doc["stock"][3:]
    with pytest.raises(SerializationError, match="discard: the discard pile holds the dead widows"):
        load(doc)


def test_a_loaded_dealer_choice_is_the_dealers_and_before_any_play() -> None:
    doc = document(choice())
    doc["to_act"] = 1
    with pytest.raises(SerializationError, match="to_act: the dealer, seat 0, chooses first"):
        load(doc)
    played = document(apply(choice(), Pass(0)))
    played["phase"], played["to_act"] = "dealer_choice", 0
    with pytest.raises(SerializationError, match="the dealer's choice comes before any play"):
        load(played)


def test_a_loaded_deal_of_schwimmen_has_had_the_dealers_choice() -> None:
    doc = document(apply(choice(), Pass(0)))
    doc["history"] = []
    with pytest.raises(SerializationError, match="the dealer's choice comes first"):
        load(doc)


def test_a_loaded_free_ride_record_lists_who_is_out() -> None:
    doc = document(choice())
    doc["score"] = {}
    with pytest.raises(SerializationError, match="score: with free_ride the record lists who is out"):
        load(doc)
    doc["score"] = {"out": [1]}
    with pytest.raises(SerializationError, match="score.out: seat 1 still has lives"):
        load(doc)
    doc["score"] = {"out": [2, 1]}
    with pytest.raises(SerializationError, match="score.out"):
        load(doc)
    pool = document(deal_position(HOYLE.replace(free_ride=True), hands=[*HANDS, "K♠ 2♠ 3♠"], dealer=0, widow="4♠ 5♠ 6♠"))
    assert pool["score"] == {"horse_bought": False, "out": []}
    del pool["score"]["out"]
    with pytest.raises(SerializationError, match="score: with free_ride"):
        load(pool)


def test_a_loaded_swimmer_holds_a_hand_and_a_seat_out_none() -> None:
    state = deal_position(SCHWIMMEN, hands=[*HANDS, ""], dealer=0, widow="7♠ 8♠ 9♠", lives=[0, 3, 3, 0])
    assert state.active == (0, 1, 2) and state.score.out == (3,)
    assert state_from_json(to_json(state)) == state
    doc = document(state)
    doc["score"] = {"out": []}  # seat 3 would be in, with no hand
    with pytest.raises(SerializationError, match="hands\\[3\\]"):
        load(doc)


def test_a_loaded_match_over_at_the_deal_limit_names_its_winners() -> None:
    from commerce_rules import GreedyBot, observe, legal_actions

    state, bot = new_game(SCHWIMMEN.replace(deal_limit=2), 4, seed=9), GreedyBot()
    while not state.is_over:
        state = apply(state, bot.choose(observe(state, state.to_act), legal_actions(state)))  # type: ignore[arg-type]
    assert len(state.showdowns) <= 2
    assert state_from_json(to_json(state)) == state
    doc = document(state)
    doc["winners"] = [seat for seat in range(4) if seat not in state.winners][:1]
    with pytest.raises(SerializationError, match="winners"):
        load(doc)
