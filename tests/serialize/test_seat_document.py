"""The client-ready observation document (API.md, "For game servers and user interfaces"): the seat's words in it.

Version 3 of the observation document holds, for its observer, its hand's
value, each event's text, each past showdown's hand values and, when it is
to act, its legal actions with their labels and action documents. It
round-trips through ``observation_from_json``, which refuses words that are
not the library's (a forged label, text or value, legal actions added,
dropped, changed or moved); a version-1 document is still read, any other
version refused. ``observation_to_dict``, ``action_to_dict`` and
``action_from_dict`` are the dict forms of the JSON functions.
"""

from __future__ import annotations

import copy
import json
import random
import re
from typing import Any

import pytest

from commerce_rules import (
    CRP,
    FOSTER,
    HOYLE,
    POUNCE,
    PRESETS,
    SCHWIMMEN,
    Action,
    Barter,
    BlindExchange,
    Buy,
    Card,
    Draw,
    Exchange,
    GameState,
    Knock,
    Observation,
    Pass,
    SerializationError,
    action_from_dict,
    action_from_json,
    action_to_dict,
    action_to_json,
    apply,
    deal_position,
    describe_action,
    describe_event,
    legal_actions,
    new_game,
    observation_from_json,
    observation_to_dict,
    observation_to_json,
    observe,
)
from commerce_rules.core.actions import ACTION_CLASSES
from commerce_rules.serialize import OBSERVATION_VERSION
from helpers import c, random_walk

CARD = re.compile(r"(?:10|[2-9JQKA])[♣♦♥♠]")
"""A card's text inside any string of a document."""

FOSTER_HANDS = ["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"]


def document(view: Observation) -> dict[str, Any]:
    value = json.loads(observation_to_json(view))
    assert isinstance(value, dict)
    return value


def read(value: dict[str, Any]) -> Observation:
    return observation_from_json(json.dumps(value, ensure_ascii=False))


def seen_cards(view: Observation) -> set[str]:
    """Every card the seat may know: its hand, the widow, a face-up pile, the cards of events it saw, every showdown's hands."""
    seen = {*view.hand, *view.widow, *view.discard}
    for event in view.history:
        seen.update(event.cards)
    for showdown in view.showdowns:
        for hand in showdown.hands:
            seen.update(hand)
    return {str(card) for card in seen}


def check_document(state: GameState, seat: int) -> None:
    """``seat``'s document of ``state``: its words are the library's, it names no card the seat cannot know, it reads back."""
    view = observe(state, seat)
    text = observation_to_json(view)
    found = json.loads(text)
    assert found == observation_to_dict(view)
    assert found["version"] == OBSERVATION_VERSION == 3
    assert set(CARD.findall(text)) <= seen_cards(view), "a card the seat cannot know"
    assert [entry["text"] for entry in found["history"]] == [describe_event(view, event) for event in view.history]
    for entry, showdown in zip(found["showdowns"], view.showdowns):
        assert entry["values"] == [None if value is None else str(value) for value in showdown.values]
    choices = found["legal_actions"]
    if view.to_act == seat:
        if state.to_act == seat:
            assert [action_from_dict(choice["action"]) for choice in choices] == list(legal_actions(state))
        assert [choice["label"] for choice in choices] == [
            describe_action(view, action_from_dict(choice["action"])) for choice in choices
        ]
        assert choices
    else:
        assert choices == []
    assert observation_from_json(text) == view
    assert observation_to_json(observation_from_json(text)) == text


PLAYED = {**PRESETS, "crp+pounce": CRP.replace(pounce=True)}


@pytest.mark.parametrize("name", sorted(PLAYED))
def test_every_seats_document_along_random_play_holds_its_words_and_reads_back(name: str) -> None:
    rng = random.Random(name)
    state = new_game(PLAYED[name], 4, seed=7)
    for step, (before, _, state) in enumerate(random_walk(state, rng, 40)):
        check_document(before, step % 4)
        assert before.to_act is not None
        check_document(before, before.to_act)
    check_document(state, 0)


def test_the_document_of_a_seat_to_act_lists_its_buttons() -> None:
    state = deal_position(FOSTER, hands=FOSTER_HANDS, dealer=0)
    found = observation_to_dict(observe(state, 1))
    assert found["hand_value"] == "point 13 (7♠ 6♠)"
    assert found["legal_actions"][0] == {"label": "Buy, giving 6♠", "action": {"type": "buy", "player": 1, "card": "6♠"}}
    assert found["legal_actions"][-1] == {"label": "Knock", "action": {"type": "knock", "player": 1}}
    after = apply(state, Buy(1, c("K♦")))
    assert observation_to_dict(observe(after, 1))["history"][0]["text"].endswith("draws " + str(after.hands[1][2]))
    assert observation_to_dict(observe(after, 0))["history"][0]["text"].endswith("draws from the stock")


def test_the_document_is_a_fresh_dict_of_json_values() -> None:
    view = observe(deal_position(FOSTER, hands=FOSTER_HANDS, dealer=0), 1)
    first = observation_to_dict(view)
    first["legal_actions"].clear()
    first["hand"].append("A♠")
    assert observation_to_dict(view) == json.loads(observation_to_json(view))
    assert json.loads(json.dumps(observation_to_dict(view))) == observation_to_dict(view)
    with pytest.raises(SerializationError, match="observation_to_dict"):
        observation_to_dict("view")  # type: ignore[arg-type]


def test_a_seat_kept_waiting_by_another_seats_question_sees_its_turn_and_its_choices() -> None:
    hands = ["2♣ 5♦ 9♥", "3♣ K♥ 4♦", "8♠ J♣ 10♣", "3♠ 3♥ 3♦"]
    state = deal_position(POUNCE, hands=hands, dealer=0, widow="A♠ 5♠ 2♥", stock="Q♣ 6♣ 4♠")
    state = apply(state, Exchange(1, c("3♣"), c("A♠")))
    assert state.to_act == 3  # asked whether to pounce; seat 2 sees its own turn, as if seat 3 had declined
    view = observe(state, 2)
    assert view.to_act == 2
    labels = [choice["label"] for choice in observation_to_dict(view)["legal_actions"]]
    assert labels[0] == "Exchange 8♠ for 3♣" and labels[-2:] == ["Pass", "Knock"]
    declined = apply(state, Pass(3))
    assert [choice["action"] for choice in observation_to_dict(view)["legal_actions"]] == [
        action_to_dict(action) for action in legal_actions(declined)
    ]
    assert observation_to_dict(observe(state, 3))["legal_actions"][0]["label"] == "Pounce on 3♣"


# ---- forged words are refused --------------------------------------------------------------------


def _played() -> GameState:
    """A CRP match under way: a showdown behind it, exchanges in its deal, seat to act with a dozen choices."""
    state = new_game(CRP, 3, seed=4)
    rng = random.Random(4)
    for _, _, state in random_walk(state, rng, 400):
        if state.showdowns and len(state.history) >= 2 and state.to_act is not None:
            break
    assert state.showdowns and len(state.history) >= 2 and state.to_act is not None
    return state


PLAYED_STATE = _played()
SEAT = PLAYED_STATE.to_act
GOOD = document(observe(PLAYED_STATE, SEAT))  # type: ignore[arg-type]


def _forge_label(doc: dict[str, Any]) -> None:
    doc["legal_actions"][0]["label"] = "Win the match"


def _forge_text(doc: dict[str, Any]) -> None:
    doc["history"][-1]["text"] = "seat 0 shows A♠ K♠ Q♠"


def _add_action(doc: dict[str, Any]) -> None:
    doc["legal_actions"].append({"label": "Knock", "action": {"type": "knock", "player": doc["player"]}})


def _drop_action(doc: dict[str, Any]) -> None:
    doc["legal_actions"].pop(0)


def _move_action(doc: dict[str, Any]) -> None:
    doc["legal_actions"].reverse()


def _change_action(doc: dict[str, Any]) -> None:
    doc["legal_actions"][0]["action"]["give"], doc["legal_actions"][0]["action"]["take"] = "A♠", "K♠"


def _other_seat(doc: dict[str, Any]) -> None:
    doc["legal_actions"][0]["action"]["player"] = (doc["player"] + 1) % doc["num_players"]


def _forge_value(doc: dict[str, Any]) -> None:
    doc["showdowns"][0]["values"][0] = "tricon of aces"


def _forge_hand_value(doc: dict[str, Any]) -> None:
    doc["hand_value"] = "tricon of aces"


def _no_text(doc: dict[str, Any]) -> None:
    del doc["history"][0]["text"]


def _no_values(doc: dict[str, Any]) -> None:
    del doc["showdowns"][0]["values"]


def _no_legal_actions(doc: dict[str, Any]) -> None:
    del doc["legal_actions"]


def _short_values(doc: dict[str, Any]) -> None:
    doc["showdowns"][0]["values"].pop()


def _label_not_text(doc: dict[str, Any]) -> None:
    doc["legal_actions"][0]["label"] = 3


def _bad_action(doc: dict[str, Any]) -> None:
    doc["legal_actions"][0]["action"] = {"type": "shuffle", "player": 0}


FORGERIES = {
    "a forged label": (_forge_label, r"legal_actions\[0\]\.label: not what this library writes"),
    "a forged event text": (_forge_text, r"history\[\d+\]\.text: not what this library writes"),
    "an action added": (_add_action, "legal_actions: not the seat's legal actions"),
    "an action dropped": (_drop_action, "legal_actions: not the seat's legal actions"),
    "the actions reordered": (_move_action, "legal_actions: not the seat's legal actions"),
    "an action changed": (_change_action, "legal_actions: not the seat's legal actions"),
    "another seat's action": (_other_seat, "legal_actions: not the seat's legal actions"),
    "a forged showdown value": (_forge_value, r"showdowns\[0\]\.values\[0\]: not what this library writes"),
    "a forged hand value": (_forge_hand_value, "hand_value: not what this library writes"),
    "an event without its text": (_no_text, r"history\[0\]: missing field 'text'"),
    "a showdown without its values": (_no_values, r"showdowns\[0\]: missing field 'values'"),
    "no legal actions field": (_no_legal_actions, "missing field 'legal_actions'"),
    "a value missing": (_short_values, r"showdowns\[0\]\.values: expected one value per seat"),
    "a label that is not text": (_label_not_text, r"legal_actions\[0\]\.label: expected a string"),
    "an unreadable action": (_bad_action, r"legal_actions\[0\]\.action\.type"),
}


@pytest.mark.parametrize("forgery", sorted(FORGERIES))
def test_forged_words_are_refused_naming_the_field(forgery: str) -> None:
    forge, message = FORGERIES[forgery]
    assert read(copy.deepcopy(GOOD)) == observe(PLAYED_STATE, SEAT)  # type: ignore[arg-type]
    forged = copy.deepcopy(GOOD)
    forge(forged)
    with pytest.raises(SerializationError, match=message) as refused:
        read(forged)
    assert len(str(refused.value)) <= 220 and str(refused.value).isprintable()


def test_legal_actions_for_a_seat_not_to_act_are_refused() -> None:
    state = deal_position(FOSTER, hands=FOSTER_HANDS, dealer=0)
    waiting = document(observe(state, 2))
    waiting["legal_actions"] = document(observe(state, 1))["legal_actions"]
    with pytest.raises(SerializationError, match="none: the seat is not to act"):
        read(waiting)


# ---- versions ----------------------------------------------------------------------------------------


def version_1(value: dict[str, Any]) -> dict[str, Any]:
    """``value`` as version 1 wrote it: the observation alone, without the seat's words."""
    old = copy.deepcopy(value)
    old["version"] = 1
    del old["hand_value"], old["legal_actions"]
    for entry in old["history"]:
        del entry["text"]
    for entry in old["showdowns"]:
        del entry["values"]
    return old


def test_a_version_1_document_is_read_and_written_again_as_version_3() -> None:
    view = observe(PLAYED_STATE, SEAT)  # type: ignore[arg-type]
    assert read(version_1(GOOD)) == view
    assert observation_to_json(read(version_1(GOOD))) == observation_to_json(view)
    mixed = version_1(GOOD)
    mixed["hand_value"] = GOOD["hand_value"]
    with pytest.raises(SerializationError, match="hand_value: unknown field"):
        read(mixed)


@pytest.mark.parametrize(("version", "message"), [
    (2, "version 2 cannot be read: this library reads versions 3 and 1"),
    (0, "version 0 cannot be read"),
    (4, r"version 4 \(newer than this library\) cannot be read"),
])  # fmt: skip
def test_another_version_is_refused_with_the_versions_read(version: int, message: str) -> None:
    value = copy.deepcopy(GOOD)
    value["version"] = version
    with pytest.raises(SerializationError, match=message):
        read(value)


# ---- the dict forms of the action documents -----------------------------------------------------------


EVERY_KIND: list[Action] = [
    Buy(0, c("2♣")), Barter(1, c("K♦")), Exchange(2, c("2♣"), c("A♠")), Knock(3), Pass(4),
    BlindExchange(0, (c("Q♥"), c("3♦"))), Draw(1, "discard"),
]  # fmt: skip


@pytest.mark.parametrize("action", EVERY_KIND, ids=repr)
def test_an_action_dict_is_the_action_documents_content_and_reads_back(action: Action) -> None:
    assert action_to_dict(action) == json.loads(action_to_json(action))
    assert action_from_dict(action_to_dict(action)) == action
    assert action_from_dict(json.loads(action_to_json(action))) == action_from_json(action_to_json(action))


def test_every_action_class_round_trips_through_its_dict() -> None:
    kinds = {type(action) for action in EVERY_KIND}
    actions = EVERY_KIND + [cls(0) for cls in ACTION_CLASSES.values() if cls not in kinds and not cls.card_fields]
    actions.append(next(action for action in legal_actions(deal_position(PRESETS["thirty_one"], hands=FOSTER_HANDS, dealer=0))))
    assert {action.json_type for action in actions} >= set(ACTION_CLASSES) - {"barter_reply", "discard"}
    for action in actions:
        assert action_from_dict(action_to_dict(action)) == action


BAD_ACTIONS: list[Any] = [
    {"type": "exchange", "player": 2, "give": "2♣"},
    {"type": "knock", "player": 99},
    {"type": "knock", "player": "1"},
    {"type": "shuffle", "player": 1},
    {"type": "buy", "player": 1, "card": "Ts"},
    {"type": "blind_exchange", "player": 0, "take": ["3♦", "3♦"]},
    {"type": "draw", "player": 0, "source": "pile"},
    {"player": 1},
    [],
    None,
]


@pytest.mark.parametrize("bad", BAD_ACTIONS, ids=repr)
def test_a_bad_action_dict_is_refused_as_its_json_is(bad: Any) -> None:
    with pytest.raises(SerializationError) as as_json:
        action_from_json(json.dumps(bad))
    with pytest.raises(SerializationError) as as_dict:
        action_from_dict(bad)
    assert str(as_dict.value) == str(as_json.value)


def test_values_json_cannot_hold_are_refused_too() -> None:
    for bad in ({"type": "buy", "player": 1, "card": Card.parse("2♣")}, {1: 2, "type": "knock", "player": 0}, ("knock", 0)):
        with pytest.raises(SerializationError):
            action_from_dict(bad)
    with pytest.raises(SerializationError, match="action_to_dict"):
        action_to_dict("knock")  # type: ignore[arg-type]


def test_every_preset_documents_a_deal_start_with_choices() -> None:
    for name, rules in PRESETS.items():
        state = new_game(rules, 3, seed=2)
        seat = state.to_act
        assert seat is not None
        value = observation_to_dict(observe(state, seat))
        assert value["legal_actions"], name
        assert all(choice["label"] for choice in value["legal_actions"]), name
    hoyle = new_game(HOYLE, 3, seed=2)
    assert observation_to_dict(observe(hoyle, hoyle.dealer))["hand_value"] is None  # the dealer's hand lies face down
    schwimmen = deal_position(SCHWIMMEN, hands=["7♣ 8♦ 9♥", "K♠ K♥ 10♦", "8♠ J♣ Q♣"], dealer=0, widow="A♠ J♠ 9♠")
    assert [choice["label"] for choice in observation_to_dict(observe(schwimmen, 0))["legal_actions"]] == [
        "Take the extra hand", "Keep your hand",
    ]  # fmt: skip
