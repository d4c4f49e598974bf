"""``observation_to_json`` / ``observation_from_json`` (API.md "Serialisation"): an exact round trip, and bad input refused.

Along random play of every preset and mechanism x scoring pair every
seat's observation reads back equal; the JSON holds no card the seat cannot
see; a malformed document is a SerializationError naming its field.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from commerce_rules import (
    CRP,
    FOSTER,
    THIRTY_ONE,
    Barter,
    BarterReply,
    Buy,
    Card,
    Discard,
    Draw,
    SerializationError,
    deal_position,
    observation_from_json,
    observation_to_json,
    observe,
)
from helpers import play
from random_play import PROPERTY, VARIANTS, Variant, games, known_cards


@pytest.mark.parametrize("variant", VARIANTS)
@PROPERTY
@given(data=st.data())
def test_every_observation_round_trips_through_json_and_names_only_cards_its_seat_may_know(
    variant: Variant, data: st.DataObject
) -> None:
    game = data.draw(games(variant))
    states, _ = game.play()
    rng = random.Random(game.action_seed)
    for index in game.window(states):
        state = states[index]
        seat = rng.randrange(game.players)
        view = observe(state, seat)
        text = observation_to_json(view)
        assert observation_from_json(text) == view
        assert observation_to_json(observation_from_json(text)) == text, "the same observation, the same text"
        document = json.loads(text)
        named = {*document["hand"], *document["widow"]}
        for event in document["history"]:
            named.update(event["cards"])
        assert named <= {str(card) for card in known_cards(state, seat)}
        assert "seed" not in document and "stock" not in document


def document_of(text: str) -> dict[str, object]:
    value = json.loads(text)
    assert isinstance(value, dict)
    return value


GOOD = observation_to_json(observe(deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0), 1))


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("format", "commerce-rules/state", "format"),
        ("version", 2, "version"),
        ("player", 5, "player"),
        ("hand", ["6♠", "6♠", "K♦"], "hand"),
        ("hand", ["6♠", "7♠"], "hand"),
        ("stock_count", 44, "hand_sizes"),
        ("hand_sizes", [3, 3], "hand_sizes"),
        ("active", [0, 1], "active"),
        ("to_act", None, "to_act"),
        ("winners", [1], "winners"),
        ("turn", {"turn_of": 1}, "turn"),
        ("history", [{"kind": "exchange", "player": 1, "cards": [], "target": None, "visible_to": None}], "history"),
        ("pot", -1, "pot"),
        ("discard", ["2♣"], "discard"),  # Foster's discard lies face down: never shown
        ("surprise", 1, "surprise"),
    ],
)
def test_a_bad_observation_document_is_a_serialization_error_naming_the_field(field: str, value: object, message: str) -> None:
    document = document_of(GOOD)
    document[field] = value
    with pytest.raises(SerializationError, match=message):
        observation_from_json(json.dumps(document, ensure_ascii=False))


def test_a_history_that_does_not_fit_the_counts_is_refused() -> None:
    state = deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0)
    state = play(state, Buy(1, Card.parse("6♠")))
    document = document_of(observation_to_json(observe(state, 1)))
    document["discard_count"] = 0  # seat 1 bought 6♠ away: the discard holds a card
    document["stock_count"] = document["stock_count"] + 1  # type: ignore[operator]
    with pytest.raises(SerializationError, match="history"):
        observation_from_json(json.dumps(document, ensure_ascii=False))


def test_not_json_or_not_an_observation_is_refused() -> None:
    for text in ("", "[", "[]", "null", '{"format": "commerce-rules/observation"}'):
        with pytest.raises(SerializationError):
            observation_from_json(text)
    with pytest.raises(SerializationError):
        observation_to_json("view")  # type: ignore[arg-type]


def test_a_barter_offer_is_written_for_its_offerer_only() -> None:
    state = deal_position(CRP.replace(), hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], widow="2♣ 9♥ Q♠", dealer=0)
    assert observation_from_json(observation_to_json(observe(state, 0))) == observe(state, 0)
    foster = play(deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0), Barter(1, Card.parse("K♦")))
    assert "K♦" in observation_to_json(observe(foster, 1)) and "K♦" not in observation_to_json(observe(foster, 2))
    answered = play(foster, BarterReply(2, Card.parse("A♥")))
    assert "A♥" not in observation_to_json(observe(answered, 0))


def test_a_face_up_discard_pile_is_written_in_its_order_and_checked_when_read() -> None:
    state = deal_position(THIRTY_ONE, hands=["2♣ 5♦ 9♥", "A♠ K♠ 4♦", "K♥ J♥ 3♣"], dealer=0, stock="7♣ 8♦")
    state = play(state, Draw(1, "stock"), Discard(1, Card.parse("A♠")))
    text = observation_to_json(observe(state, 2))
    assert document_of(text)["discard"] == ["7♣", "A♠"] and observation_from_json(text) == observe(state, 2)
    for value, message in (
        (["A♠", "7♣"], "history"),  # the pile's order is what the history made it
        (["7♣"], "discard_count"),
        (["7♣", "7♣"], "twice"),
        (["7♣", "K♥"], "also in the hand"),
        (["7♣", "X♠"], "discard"),
        ("7♣ A♠", "discard"),
    ):
        document = document_of(text)
        document["discard"] = value
        with pytest.raises(SerializationError, match=message):
            observation_from_json(json.dumps(document, ensure_ascii=False))

