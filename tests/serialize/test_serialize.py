"""JSON serialisation (API.md "Serialisation"): exact round-trips, stable text, and untrusted input.

Every reachable state of every preset must come back equal from
``state_from_json(to_json(state))``, past showdowns' hand values included
(``HOYLE`` is covered here too, with its own checks, beside
``test_hoyle_serialize.py``); every action type round-trips; and any text
that is not a valid state or action raises ``SerializationError`` naming
the field and the problem -- never another exception, never a state the
engine cannot play.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import commerce_rules.serialize as serialize_module
import commerce_rules.serialize.document as serialize_document
from commerce_rules import (
    CRP,
    EXTENDED,
    FOSTER,
    HOYLE,
    POUNCE,
    TRENTUNO,
    Action,
    Barter,
    BarterReply,
    BlindExchange,
    Buy,
    BuyHorse,
    Card,
    CommerceError,
    Event,
    Exchange,
    GameState,
    IllegalActionError,
    Knock,
    Pass,
    Phase,
    Pounce,
    Rules,
    SerializationError,
    Showdown,
    action_from_json,
    action_to_json,
    apply,
    deal_position,
    evaluate,
    legal_actions,
    new_game,
    parse_cards,
    state_from_json,
    to_json,
)
from helpers import c as card
from helpers import walk

VARIANTS = [
    pytest.param(FOSTER, id="FOSTER"),
    pytest.param(CRP, id="CRP"),
    pytest.param(POUNCE, id="POUNCE"),
    pytest.param(TRENTUNO, id="TRENTUNO"),
    pytest.param(EXTENDED, id="EXTENDED"),
    pytest.param(FOSTER.replace(barter_direction="right", turn_limit=7), id="FOSTER-right-limit"),
    pytest.param(CRP.replace(exchanges_per_turn=3, ace_low=True, starting_lives=2), id="CRP-3-exchanges"),
    pytest.param(POUNCE.replace(exchanges_per_turn=2, stall_passes=1), id="POUNCE-2-exchanges"),
    pytest.param(TRENTUNO.replace(trentuno_suited=False, turn_limit=11), id="TRENTUNO-unsuited"),
    pytest.param(HOYLE, id="HOYLE"),
    pytest.param(HOYLE.replace(exchanges_per_turn=1, stake=7, turn_limit=9), id="HOYLE-1-exchange"),
]
RULES: list[Rules] = [param.values[0] for param in VARIANTS]  # type: ignore[misc]


# ---- helpers ---------------------------------------------------------------------------------------


def play(state: GameState, rng: random.Random, steps: int, knock_bias: float = 0.1) -> Iterator[GameState]:
    """``state`` and up to ``steps`` successors by random legal play; knocks get ``knock_bias`` extra weight."""
    yield state
    for _, _, state in walk(state, lambda _, actions: choose(actions, rng, knock_bias), steps):
        yield state


def choose(actions: tuple[Action, ...], rng: random.Random, knock_bias: float) -> Action:
    knocks = [action for action in actions if isinstance(action, Knock)]
    if knocks and rng.random() < knock_bias:
        return knocks[0]
    return rng.choice(actions)


def assert_round_trips(state: GameState) -> str:
    text = to_json(state)
    back = state_from_json(text)
    assert back == state
    assert to_json(back) == text
    return text


def document(state: GameState) -> dict[str, Any]:
    return json.loads(to_json(state))  # type: ignore[no-any-return]


def rejected(value: dict[str, Any] | str | bytes, *words: str) -> str:
    """The message of the SerializationError that reading ``value`` raises; it must contain ``words``."""
    text = value if isinstance(value, (str, bytes)) else json.dumps(value, ensure_ascii=False)
    with pytest.raises(SerializationError) as info:
        state_from_json(text)
    message = str(info.value)
    for word in words:
        assert word in message, message
    return message


def move(doc: dict[str, Any], source: list[str], target: list[str], index: int = 0) -> None:
    """Move the card at ``source[index]`` to the end of ``target`` (keeps the deck whole)."""
    target.append(source.pop(index))


# Positions reused by the tests below: RULES.md §1.9's worked example and a widow deal.
FOSTER_START = deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0, stock="8♠ 2♦")
CRP_START = deal_position(
    CRP, hands=["2♣ 7♦ 9♥", "3♠ 5♠ Q♥", "4♦ 8♣ J♠", "6♥ 10♣ K♦"], dealer=0, widow="A♠ A♥ 5♦"
)
POUNCE_START = deal_position(POUNCE, hands=["2♣ 7♦ 9♥", "Q♠ Q♥ Q♦", "4♦ 8♣ J♠"], dealer=0, widow="Q♣ A♥ 5♦")


def foster_worked_example() -> GameState:
    """RULES.md §1.9: seat 1 buys 8♠ for K♦ (a sequence 6-7-8), and knocks on their next turn."""
    state = apply(FOSTER_START, Buy(1, card("K♦")))
    state = apply(state, Barter(2, card("4♦")))  # seat 2 offers 4♦ to seat 0
    state = apply(state, BarterReply(0, card("3♣")))
    state = apply(state, Buy(0, card("4♦")))  # the dealer buys: pays nobody
    return apply(state, Knock(1))


def finished_match(rules: Rules, players: int = 3, seed: int = 5) -> GameState:
    """A whole match, played to its end by random legal play that knocks often."""
    rng = random.Random(seed)
    state = new_game(rules, players, seed=seed)
    for state in play(state, rng, 20_000, knock_bias=0.6):
        pass
    assert state.is_over
    return state


# ---- round-trips -----------------------------------------------------------------------------------


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules=st.sampled_from(RULES),
    players=st.integers(3, 12),
    seed=st.integers(0, 2**63),
    play_seed=st.integers(0, 2**32),
)
def test_every_state_of_a_random_game_round_trips_exactly(rules: Rules, players: int, seed: int, play_seed: int) -> None:
    rng = random.Random(play_seed)
    for state in play(new_game(rules, players, seed=seed), rng, 150, knock_bias=0.15):
        assert_round_trips(state)
        for action in legal_actions(state)[:4]:
            assert action_from_json(action_to_json(action)) == action


@pytest.mark.parametrize("rules", VARIANTS)
def test_a_whole_match_round_trips_at_every_step_up_to_over(rules: Rules) -> None:
    rng = random.Random(17)
    state = new_game(rules, 4, seed=17)
    showdowns_seen = 0
    for state in play(state, rng, 20_000, knock_bias=0.6):
        assert_round_trips(state)
        showdowns_seen = len(state.showdowns)
    assert state.is_over and showdowns_seen >= 1
    back = state_from_json(to_json(state))
    assert back.winners == state.winners and back.last_showdown == state.last_showdown


def test_states_in_every_phase_round_trip() -> None:
    barter = apply(FOSTER_START, Barter(1, card("K♦")))
    final_round = apply(CRP_START, Knock(1))
    pounce_question = POUNCE_START
    quad = apply(POUNCE_START, Pounce(1))
    over = finished_match(CRP)
    expected = {
        FOSTER_START: Phase.PLAY,
        barter: Phase.BARTER_REPLY,
        final_round: Phase.FINAL_ROUND,
        pounce_question: Phase.POUNCE,
        quad: Phase.PLAY,
        over: Phase.OVER,
    }
    for state, phase in expected.items():
        assert state.phase is phase
        assert_round_trips(state)
    assert len(state_from_json(to_json(quad)).hands[1]) == 4
    assert state_from_json(to_json(barter)).turn.offer == card("K♦")


def test_showdown_hand_values_are_rebuilt_from_the_revealed_hands() -> None:
    state = foster_worked_example()
    showdown = state.last_showdown
    assert showdown is not None and str(showdown.values[1]) == "sequence 6-7-8 of spades"
    stored = document(state)["showdowns"][0]
    assert "values" not in stored
    back = state_from_json(to_json(state))
    assert back.last_showdown == showdown
    assert back.last_showdown is not None
    assert back.last_showdown.values == tuple(evaluate(hand, FOSTER) for hand in showdown.hands)
    assert [str(v) for v in back.last_showdown.values] == [str(v) for v in showdown.values]


def test_the_same_state_always_gives_the_same_text() -> None:
    one, two = new_game(POUNCE, 5, seed=99), new_game(POUNCE, 5, seed=99)
    assert one is not two and to_json(one) == to_json(two)
    text = to_json(one)
    assert to_json(state_from_json(text)) == text
    assert "♠" in text and "\\u2660" not in text  # ensure_ascii=False
    assert list(json.loads(text)) == sorted(json.loads(text))  # keys sorted
    assert state_from_json(to_json(one, indent=2)) == one
    assert to_json(one, indent=2) == json.dumps(json.loads(text), ensure_ascii=False, sort_keys=True, indent=2)


def test_the_document_is_versioned_with_cards_enums_and_rules_as_plain_values() -> None:
    doc = document(apply(FOSTER_START, Barter(1, card("K♦"))))
    assert doc["format"] == "commerce-rules/state" and doc["version"] == 2
    assert doc["rules"] == FOSTER.options()
    assert doc["hands"] == [["3♣", "4♣", "5♣"], ["6♠", "7♠", "K♦"], ["A♥", "K♥", "4♦"]]
    assert doc["stock"][:2] == ["8♠", "2♦"] and doc["widow"] == [] and doc["discard"] == []
    assert doc["phase"] == "barter_reply" and doc["to_act"] == 2 and doc["turn"]["offer"] == "K♦"
    assert Rules.from_options(doc["rules"]) == FOSTER


def test_every_field_of_a_state_is_written() -> None:
    """A field added to GameState, a turn or score record, Event or Showdown must be added to the format too."""
    state = foster_worked_example()
    state = apply(state, legal_actions(state)[0])  # a history in deal 2
    doc = document(state)
    assert set(doc) == (set(GameState._fields) - {"log", "active"}) | {"history", "format", "version"}
    assert set(doc["turn"]) == set(type(state.turn)._fields)
    assert set(doc["history"][0]) == set(Event._fields)
    assert set(doc["showdowns"][0]) == set(Showdown._fields) - {"values"}
    assert doc["showdowns"][0]["payments"][0] == {"payer": None, "payee": 1, "points": 3}


def test_a_rules_option_left_out_takes_its_default() -> None:
    doc = document(CRP_START)
    del doc["rules"]["turn_limit"]
    assert state_from_json(json.dumps(doc)) == CRP_START


def test_a_saved_game_continues_exactly_as_the_original() -> None:
    played = list(play(new_game(EXTENDED, 6, seed=3), random.Random(3), 40))
    state = [state for state in played if not state.is_over][-1]
    loaded = state_from_json(to_json(state))
    original = list(play(state, random.Random(4), 200))
    restored = list(play(loaded, random.Random(4), 200))
    assert len(original) == len(restored) > 1 and original == restored


ELIDED = " /* and every option */"
"""Where the JSON guide's state document leaves the rules' options out (it shows the parts), so that no option
added changes the page."""


def test_the_annotated_examples_of_the_json_guide_are_what_to_json_writes() -> None:
    """docs/guides/json.md lays its examples out by hand; they must stay the documents to_json writes, but for the
    rules' options, which the page leaves out (it says so): the parts it shows are the document's."""
    page = (Path(__file__).resolve().parents[2] / "docs" / "guides" / "json.md").read_text(encoding="utf-8")
    texts = re.findall(r"^ *```json\n(.*?)^ *```", page, re.MULTILINE | re.DOTALL)
    assert len(texts) == 2 and texts[0].count(ELIDED) == 1 and ELIDED not in texts[1]
    blocks = [json.loads(text.replace(ELIDED, "")) for text in texts]
    state = deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0, stock="8♠ 2♦", seed=2024)
    state = apply(apply(state, Buy(1, card("K♦"))), Barter(2, card("4♦")))
    written = document(state)
    assert blocks[0]["rules"] == {part: written["rules"][part] for part in ("mechanism", "ranking", "scoring")}
    assert blocks[0] == {**written, "rules": blocks[0]["rules"]}
    assert state_from_json(json.dumps(blocks[0], ensure_ascii=False)) == state  # the options left out: the defaults
    for action in (BarterReply(0, card("3♣")), Buy(0, card("4♦")), Knock(1)):
        state = apply(state, action)
    assert blocks[1] == document(state)["showdowns"][0]


# ---- actions ---------------------------------------------------------------------------------------

ALL_ACTIONS: list[Action] = [
    Buy(1, card("K♦")),
    Barter(0, card("10♠")),
    BarterReply(11, card("2♣")),
    Knock(2),
    Exchange(2, card("2♣"), card("A♠")),
    Pass(3),
    Pounce(4),
    BlindExchange(0, parse_cards("Q♥ 3♦ 10♣")),
    BuyHorse(5),
]


@pytest.mark.parametrize("action", ALL_ACTIONS, ids=lambda action: type(action).__name__)
def test_every_action_type_round_trips(action: Action) -> None:
    text = action_to_json(action)
    back = action_from_json(text)
    assert back == action and type(back) is type(action)
    assert action_to_json(back) == text
    assert json.loads(text)["type"] == serialize_module.ACTION_TYPE_NAMES[type(action)]


def test_an_action_is_written_as_its_type_player_and_cards() -> None:
    assert json.loads(action_to_json(Exchange(2, card("2♣"), card("A♠")))) == {
        "type": "exchange", "player": 2, "give": "2♣", "take": "A♠"
    }  # fmt: skip
    assert json.loads(action_to_json(BlindExchange(0, parse_cards("Q♥ 3♦")))) == {
        "type": "blind_exchange", "player": 0, "take": ["3♦", "Q♥"]
    }  # fmt: skip
    assert action_to_json(Knock(1)) == '{"player": 1, "type": "knock"}'


def test_a_blind_exchange_reads_its_cards_in_any_order() -> None:
    one = action_from_json('{"type": "blind_exchange", "player": 0, "take": ["Q♥", "3♦"]}')
    two = action_from_json('{"type": "blind_exchange", "player": 0, "take": ["3♦", "Q♥"]}')
    assert one == two == BlindExchange(0, parse_cards("3♦ Q♥"))


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", ["bad JSON"]),
        ('{"type": "knock", "player": 1', ["bad JSON"]),
        ("[1]", ["action", "expected a JSON object"]),
        ('{"player": 1}', ["missing field 'type'"]),
        ('{"type": "dance", "player": 1}', ["action.type", "not an action type", "exchange"]),
        ('{"type": 3, "player": 1}', ["action.type", "not an action type"]),
        ('{"type": "knock"}', ["missing field 'player'"]),
        ('{"type": "knock", "player": 1, "card": "A♠"}', ["action.card", "unknown field"]),
        ('{"type": "knock", "player": true}', ["action.player", "expected a seat number, not true"]),
        ('{"type": "knock", "player": 12}', ["action.player", "no seat 12"]),
        ('{"type": "knock", "player": -1}', ["no seat -1"]),
        ('{"type": "buy", "player": 1, "card": "Z♠"}', ["action.card", "not a card"]),
        ('{"type": "buy", "player": 1, "card": "As"}', ["action.card", "canonical", "A♠"]),
        ('{"type": "buy", "player": 1, "card": ["A♠"]}', ["action.card", "expected a card's text"]),
        ('{"type": "exchange", "player": 2, "give": "2♣"}', ["missing field 'take'"]),
        ('{"type": "blind_exchange", "player": 0, "take": []}', ["action.take", "1, 2 or 3", "not 0"]),
        ('{"type": "blind_exchange", "player": 0, "take": ["2♣", "2♣"]}', ["action.take", "2♣ appears twice"]),
        ('{"type": "blind_exchange", "player": 0, "take": "2♣"}', ["action.take", "expected a list"]),
        ('{"type": "knock", "player": 1, "player": 2}', ["bad JSON", "twice"]),
    ],
)
def test_a_bad_action_raises_serialization_error_naming_the_problem(text: str, words: list[str]) -> None:
    with pytest.raises(SerializationError) as info:
        action_from_json(text)
    for word in words:
        assert word in str(info.value), str(info.value)


def test_writing_something_that_is_not_a_state_or_action_is_a_serialization_error() -> None:
    with pytest.raises(SerializationError, match="needs a GameState"):
        to_json(CRP)  # type: ignore[arg-type]
    with pytest.raises(SerializationError, match="needs an action"):
        action_to_json("knock")  # type: ignore[arg-type]
    with pytest.raises(SerializationError, match="JSON text"):
        state_from_json(42)  # type: ignore[arg-type]
    assert issubclass(SerializationError, CommerceError) and issubclass(SerializationError, ValueError)


@pytest.mark.parametrize("rules", [FOSTER, CRP, HOYLE], ids=["trade_barter", "widow", "rounds"])
def test_each_mechanism_writes_and_reads_its_own_turn_record(rules: Rules) -> None:
    state = new_game(rules, 4, seed=3)
    doc = document(state)
    assert set(doc["turn"]) == set(type(state.turn)._fields)
    assert state_from_json(to_json(state)).turn == state.turn


def test_a_version_1_document_is_refused_with_what_to_do() -> None:
    rejected({**document(CRP_START), "version": 1}, "version 1", "older layout", "replay the match")


# ---- untrusted state input: each kind of bad input -------------------------------------------------


def test_text_that_is_not_json_is_a_serialization_error() -> None:
    rejected("", "bad JSON")
    rejected("{", "bad JSON")
    rejected(to_json(CRP_START).replace('"pot": 0', '"pot": NaN'), "bad JSON", "NaN")
    rejected("[" * 100_000, "bad JSON")
    rejected(b"\xff\xfe{", "bad JSON")
    rejected('{"format": "commerce-rules/state", "format": "commerce-rules/state"}', "bad JSON", "twice")


def test_a_document_must_say_its_format_and_a_version_this_library_reads() -> None:
    rejected("[]", "document", "expected a JSON object")
    doc = document(CRP_START)
    rejected({**doc, "format": "commerce-rules/action"}, "format", "commerce-rules/state")
    rejected({k: v for k, v in doc.items() if k != "format"}, "missing field 'format'")
    rejected({k: v for k, v in doc.items() if k != "version"}, "missing field 'version'")
    rejected({**doc, "version": 3}, "version 3", "newer", "reads version 2")
    rejected({**doc, "version": 0}, "version 0", "cannot be read")
    rejected({**doc, "version": "1"}, "version", "expected a whole number")
    rejected({**doc, "version": True}, "version", "expected a whole number, not true")


@pytest.mark.parametrize("field", [f for f in serialize_document._STATE_FIELDS if f not in ("format", "version")])
def test_a_missing_field_is_named(field: str) -> None:
    doc = document(CRP_START)
    del doc[field]
    rejected(doc, f"missing field {field!r}")


def test_an_unknown_field_is_rejected_wherever_it_is() -> None:
    state = foster_worked_example()
    state = apply(state, legal_actions(state)[0])
    doc = document(state)
    rejected({**doc, "colour": "red"}, "colour: unknown field")
    doc["turn"]["colour"] = 1
    rejected(doc, "turn.colour: unknown field")
    doc = document(state)
    doc["history"][0]["colour"] = 1
    rejected(doc, "history[0].colour: unknown field")
    doc = document(state)
    doc["showdowns"][0]["values"] = []
    rejected(doc, "showdowns[0].values: unknown field")
    doc = document(state)
    doc["showdowns"][0]["payments"][0]["colour"] = 1
    rejected(doc, "showdowns[0].payments[0].colour: unknown field")
    doc = document(state)
    del doc["showdowns"][0]["payments"][0]["points"]
    rejected(doc, "showdowns[0].payments[0]: missing field 'points'")


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("num_players", "4", ["num_players", "expected a whole number, not the string \"4\""]),
        ("num_players", 4.0, ["num_players", "expected a whole number"]),
        ("pot", True, ["pot", "expected a whole number, not true"]),  # bool is not int
        ("seed", None, ["seed", "expected a whole number, not null"]),
        ("score", [], ["score", "expected a JSON object"]),
        ("hands", {}, ["hands", "expected a list"]),
        ("stock", "8♠ 2♦", ["stock", "expected a list"]),
        ("phase", 3, ["phase", "expected one of", "\"play\""]),
        ("phase", "lunch", ["phase", "\"lunch\""]),
        ("turn", [], ["turn", "expected a JSON object"]),
        ("history", None, ["history", "expected a list"]),
        ("rules", [], ["rules", "expected a JSON object"]),
        ("balances", [0, 0, 0, False], ["balances[3]", "expected a whole number, not false"]),
    ],
)
def test_a_value_of_the_wrong_type_is_named(field: str, value: object, words: list[str]) -> None:
    rejected({**document(CRP_START), field: value}, *words)


def test_an_unreadable_card_is_named_with_its_place() -> None:
    doc = document(CRP_START)
    doc["hands"][2][1] = "Z♠"
    rejected(doc, "hands[2][1]", "\"Z♠\" is not a card")
    doc["hands"][2][1] = "8c"
    rejected(doc, "hands[2][1]", "canonical", "\"8♣\"")
    doc["hands"][2][1] = 8
    rejected(doc, "hands[2][1]", "expected a card's text")
    doc = document(CRP_START)
    doc["widow"][0] = ""
    rejected(doc, "widow[0]", "not a card")


def test_seats_and_player_counts_out_of_range_are_named() -> None:
    doc = document(CRP_START)
    rejected({**doc, "dealer": 4}, "dealer", "no seat 4", "0 to 3")
    rejected({**doc, "to_act": -1}, "to_act", "no seat -1")
    rejected({**doc, "winners": [9]}, "winners[0]", "no seat 9")
    doc["turn"]["turn_of"] = 7
    rejected(doc, "turn.turn_of", "no seat 7")
    rejected({**document(CRP_START), "num_players": 2}, "num_players", "2 is out of range: 3 to 12")
    rejected({**document(CRP_START), "num_players": 13}, "num_players", "13 is out of range")


def test_lists_per_seat_must_have_one_entry_per_seat() -> None:
    doc = document(CRP_START)
    rejected({**doc, "balances": [0, 0, 0]}, "balances", "expected 4 entries (one per seat), not 3")
    rejected({**doc, "lives": [3, 3, 3, 3, 3]}, "lives", "expected 4 entries")
    rejected({**doc, "hands": doc["hands"][:3]}, "hands", "expected 4 entries")


def test_every_card_of_the_deck_is_somewhere_exactly_once() -> None:
    doc = document(FOSTER_START)
    doc["stock"][0] = "3♣"  # 3♣ is seat 0's: now twice, and 8♠ nowhere
    rejected(doc, "cards", "3♣ appears twice (hands[0] and stock)")
    doc = document(FOSTER_START)
    doc["stock"].pop()
    rejected(doc, "cards", "is missing", "whole deck")
    doc = document(new_game(TRENTUNO, 3, seed=1))
    doc["stock"][0] = "9♠"
    rejected(doc, "stock", "9♠ is not in this variant's 40-card deck")
    doc = document(FOSTER_START)
    doc["hands"][1][2] = "6♠"
    rejected(doc, "6♠ appears twice in hands[1]")


def test_the_widow_and_discard_belong_to_their_variants() -> None:
    doc = document(FOSTER_START)
    move(doc, doc["stock"], doc["widow"])
    rejected(doc, "widow", "has no widow")
    doc = document(CRP_START)
    move(doc, doc["widow"], doc["stock"])
    rejected(doc, "widow", "holds 3 cards, not 2")
    doc = document(CRP_START)
    move(doc, doc["stock"], doc["discard"])
    rejected(doc, "discard", "has no discard pile")


def test_hand_sizes_fit_the_lives_and_the_pounce() -> None:
    doc = document(CRP_START)
    move(doc, doc["hands"][1], doc["stock"])
    rejected(doc, "hands[1]", "seat 1 holds 3 cards, not 2")
    doc = document(CRP_START)
    move(doc, doc["stock"], doc["hands"][1])
    rejected(doc, "hands[1]", "four-card hand needs the pounce")
    doc = document(POUNCE_START)
    move(doc, doc["stock"], doc["hands"][0])
    rejected(doc, "hands[0]", "four of a rank")
    doc = document(CRP_START)
    doc["lives"][0] = 0
    rejected(doc, "hands[0]", "seat 0 has no lives left (is out of the match) and holds no cards")


def test_lives_are_never_negative_and_a_match_under_way_has_two_players() -> None:
    doc = document(CRP_START)
    doc["lives"][2] = -1
    rejected(doc, "lives[2]", "-1 is out of range: at least 0")
    doc = document(CRP_START)
    for seat in (0, 1, 2):
        doc["lives"][seat] = 0
        while doc["hands"][seat]:
            move(doc, doc["hands"][seat], doc["stock"])
    rejected(doc, "lives", "at least two seats")


def test_balances_and_pot_sum_to_zero() -> None:
    doc = document(FOSTER_START)
    doc["balances"][0] += 1
    rejected(doc, "balances", "sum to 0, not 1")
    rejected({**document(FOSTER_START), "pot": -3}, "pot", "-3 is out of range")
    doc = document(CRP_START)
    doc["pot"], doc["balances"][0] = 2, -2
    rejected(doc, "pot", "lives variant has no money")


def test_to_act_is_null_exactly_when_over_and_otherwise_the_seat_whose_turn_it_is() -> None:
    rejected({**document(CRP_START), "to_act": None}, "to_act", "null is only for a match that is over")
    rejected({**document(finished_match(CRP)), "to_act": 0}, "to_act", "must be null")
    rejected({**document(FOSTER_START), "to_act": 2}, "to_act", "seat 1's turn", "not seat 2's")
    doc = document(CRP_START)
    doc["lives"][1] = 0
    doc["hands"][1], doc["stock"] = [], doc["stock"] + doc["hands"][1]
    rejected(doc, "to_act", "no lives left", "cannot act")
    doc = document(CRP_START)
    doc["lives"][0] = 0
    doc["hands"][0], doc["stock"] = [], doc["stock"] + doc["hands"][0]
    rejected(doc, "dealer", "cannot deal")


def test_a_phase_must_belong_to_the_rules() -> None:
    rejected({**document(CRP_START), "phase": "barter_reply"}, "phase", "'barter_reply' is not a phase of these rules")
    rejected({**document(CRP_START), "phase": "pounce"}, "phase", "'pounce' is not a phase")
    rejected({**document(FOSTER_START), "phase": "final_round"}, "phase", "not a phase")
    rejected({**document(CRP_START), "phase": "blind_exchange"}, "phase", "'blind_exchange' is not a phase")


def test_a_barter_waiting_for_an_answer_has_an_offer_held_by_the_offerer() -> None:
    barter = apply(FOSTER_START, Barter(1, card("K♦")))
    doc = document(barter)
    doc["turn"]["offer"] = None
    rejected(doc, "turn.offer", "needs an offered card held by seat 1")
    doc["turn"]["offer"] = "A♥"  # seat 2's card
    rejected(doc, "turn.offer", "held by seat 1")
    rejected({**document(barter), "to_act": 0}, "to_act", "seat 2 answers seat 1's barter")
    doc = document(FOSTER_START)
    doc["turn"]["offer"] = "6♠"
    rejected(doc, "turn.offer", "only held while a barter waits")
    doc = document(FOSTER_START)
    doc["stock"], doc["discard"] = [], doc["stock"]
    rejected(doc, "stock", "has a stock")


def test_the_turn_counters_are_within_their_rules() -> None:
    limited = deal_position(
        FOSTER.replace(turn_limit=3), hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0
    )
    doc = document(limited)
    doc["turn"]["turns"] = 3
    rejected(doc, "turn.turns", "turn limit of 3")
    doc = document(CRP_START)
    doc["turn"]["passes"], doc["turn"]["turns"] = 8, 8  # 2 passes each by 4 players: a stall
    rejected(doc, "turn.passes", "stall (8)")
    doc = document(CRP_START)
    doc["turn"]["passes"] = 1
    rejected(doc, "turn.passes", "1 passes in a row cannot come from 0 turns")
    doc = document(CRP_START)
    doc["turn"]["exchanges"] = 1
    rejected(doc, "turn.exchanges", "1 exchanges this turn but 0 cards given")
    doc["turn"]["given"] = ["A♠"]
    rejected(doc, "turn.exchanges", "would have ended the turn")
    doc = document(CRP_START)
    doc["turn"]["given"] = ["2♣", "2♣"]
    rejected(doc, "turn.given", "2♣ appears twice")
    two_exchanges = deal_position(
        CRP.replace(exchanges_per_turn=2), hands=["2♣ 7♦ 9♥", "3♠ 5♠ Q♥", "4♦ 8♣ J♠"], dealer=0, widow="A♠ A♥ 5♦"
    )
    doc = document(apply(two_exchanges, Exchange(1, card("3♠"), card("A♠"))))
    assert doc["turn"]["given"] == ["3♠"] and doc["to_act"] == 1
    doc["turn"]["given"] = ["Q♥"]  # still in seat 1's hand
    rejected(doc, "turn.given", "Q♥, given to the widow this turn, is not in the widow")
    doc = document(CRP_START)
    doc["turn"]["round"] = 2  # another mechanism's field
    rejected(doc, "turn.round", "unknown field")
    doc = document(CRP_START)
    doc["turn"]["spent"] = [0]
    rejected(doc, "turn.spent", "unknown field")
    rejected({**document(CRP_START), "score": {"horse_bought": True}}, "score.horse_bought", "unknown field")
    doc = document(FOSTER_START)
    doc["turn"]["passes"], doc["turn"]["turns"] = 1, 3
    rejected(doc, "turn.passes", "unknown field")


def test_the_turn_passes_clockwise_from_the_eldest() -> None:
    doc = document(CRP_START)  # dealer 0: the eldest, seat 1, acts first
    doc["turn"]["turn_of"] = doc["to_act"] = 2
    rejected(doc, "turn.turn_of", "after 0 turns from the eldest (seat 1) it is seat 1's turn, not seat 2's")
    passed: list[dict[str, Any]] = [{"kind": "pass", "player": seat, "cards": [], "target": None, "visible_to": None} for seat in (1, 2, 3, 0, 1)]
    doc["turn"]["turns"], doc["history"] = 1, passed[:1]
    assert state_from_json(json.dumps(doc)).to_act == 2
    doc["turn"]["turns"], doc["history"] = 5, passed  # 4 seats: 5 turns on from seat 1 is seat 2 as well
    assert state_from_json(json.dumps(doc)).turn.turns == 5
    rejected({**document(CRP_START), "dealer": 1}, "turn.turn_of", "from the eldest (seat 2)")


def test_the_deal_passes_to_the_left() -> None:
    state = finished_match(CRP, players=5, seed=8)
    doc = document(state)
    assert len(doc["showdowns"]) >= 3
    doc["showdowns"][1]["dealer"] = doc["showdowns"][0]["dealer"]
    rejected(doc, "showdowns[1].dealer", "the deal passes to the left")
    doc = document(state)
    doc["showdowns"][1]["hands"] = [[] for _ in range(5)]  # no hands at all: no dealer to find
    rejected(doc, "showdowns[1].hands", "at least two hands")
    running = foster_worked_example()  # deal 2: seat 0 dealt deal 1, so seat 1 deals
    assert running.dealer == 1
    doc = document(running)
    doc["dealer"] = 2
    rejected(doc, "dealer", "seat 1 deals after seat 0")
    rejected({**document(state), "dealer": (state.dealer + 1) % 5}, "dealer", "not seat")


def test_a_knock_and_its_final_round_go_together() -> None:
    doc = document(CRP_START)
    doc["turn"]["knockers"] = [1]
    rejected(doc, "turn.knockers", "before it")
    final = document(apply(CRP_START, Knock(1)))
    assert final["turn"]["final_left"] == [2, 3, 0]
    doc = json.loads(json.dumps(final))
    doc["turn"]["final_left"] = [3, 2, 0]
    rejected(doc, "turn.final_left", "in order")
    doc = json.loads(json.dumps(final))
    doc["turn"]["knockers"] = []
    rejected(doc, "turn.knockers", "exactly one knock")
    doc = json.loads(json.dumps(final))
    doc["turn"]["turn_of"], doc["to_act"] = 3, 3
    rejected(doc, "turn.turn_of", "seat 2's")
    doc = document(FOSTER_START)
    doc["turn"]["knockers"] = [1]  # trade and barter keeps no knockers: a knock ends its deal at once
    rejected(doc, "turn.knockers", "unknown field")


def test_a_pending_pounce_is_asked_of_the_right_player() -> None:
    doc = document(POUNCE_START)
    assert doc["phase"] == "pounce" and doc["to_act"] == 1
    rejected({**doc, "to_act": 2}, "to_act", "pounce question goes to seat 1")
    doc = document(POUNCE_START)
    doc["phase"], doc["to_act"], doc["turn"]["resume"] = "play", 1, None
    rejected(doc, "phase", "seat 1 can pounce", "ask it first")
    doc = document(POUNCE_START)
    doc["turn"]["resume"] = "final_round"
    rejected(doc, "turn.knockers", "exactly one knock")
    doc = document(POUNCE_START)
    doc["turn"]["resume"] = None
    rejected(doc, "turn.resume", "returns to")
    doc = document(CRP_START)
    doc["turn"]["declined"] = [2]
    rejected(doc, "turn.declined", "only a pounce can be declined")
    doc = document(CRP_START)
    doc["turn"]["resume"] = "play"
    rejected(doc, "turn.resume", "must be null")


def test_history_events_are_well_formed() -> None:
    bought = apply(FOSTER_START, Buy(1, card("K♦")))
    doc = document(bought)
    assert doc["history"] == [{"kind": "buy", "player": 1, "cards": ["K♦", "8♠"], "target": None, "visible_to": [1]}]
    doc["history"][0]["cards"] = ["K♦"]
    rejected(doc, "history[0].cards", "a 'buy' event cannot name 1 cards")
    doc = document(bought)
    doc["history"][0]["visible_to"] = []
    rejected(doc, "history[0].visible_to", "in increasing order")
    doc = document(bought)
    doc["history"][0]["kind"] = "dance"
    rejected(doc, "history[0].kind", "\"dance\"")
    doc = document(bought)
    doc["history"][0]["target"] = 5
    rejected(doc, "history[0].target", "no seat 5")


def test_past_showdowns_are_consistent_with_their_hands() -> None:
    state = foster_worked_example()
    doc = document(state)
    assert doc["showdowns"][0]["winner"] == 1
    doc["showdowns"][0]["winner"] = 2
    rejected(doc, "showdowns[0].winner", "did not hold the best hand")
    doc = document(state)
    doc["showdowns"][0]["hands"][0].append("9♥")
    rejected(doc, "showdowns[0].hands[0]", "not a hand of this variant")
    doc = document(state)
    doc["showdowns"][0]["hands"][0][0] = doc["showdowns"][0]["hands"][1][0]
    rejected(doc, "showdowns[0].hands", "appears twice")
    doc = document(state)
    doc["showdowns"][0]["deal_number"] = 2
    rejected(doc, "showdowns[0].deal_number", "expected 1")
    rejected({**document(state), "showdowns": []}, "showdowns", "needs 1 past showdowns, not 0")
    doc = document(state)
    doc["showdowns"][0]["losers"] = [0]
    rejected(doc, "showdowns[0].losers", "nobody loses a life with ledger scoring")
    doc = document(state)
    doc["showdowns"][0]["payments"][0]["payer"] = 1
    rejected(doc, "showdowns[0].payments[0]", "not to itself")
    doc = document(state)
    doc["showdowns"][0]["payments"][0]["points"] = 0
    rejected(doc, "showdowns[0].payments[0].points", "0 is out of range")
    doc = document(state)
    doc["showdowns"][0]["reason"] = "boredom"
    rejected(doc, "showdowns[0].reason", "\"boredom\"")


def test_lives_showdowns_name_the_lowest_hands_and_pay_nothing() -> None:
    state = tied_for_lowest()
    doc = document(state)
    doc["showdowns"][0]["losers"] = [0, 1, 3]  # seat 0 held the top sequence
    rejected(doc, "showdowns[0].losers", "seat 0 did not hold the lowest hand")
    doc = document(state)
    doc["showdowns"][0]["payments"] = [{"payer": 0, "payee": 1, "points": 1}]
    rejected(doc, "showdowns[0].payments", "nobody pays")


def tied_for_lowest() -> GameState:
    """Seats 1 and 3 tie for the lowest point (7♣ 5♦ 2♥ and 7♠ 5♥ 2♣); seat 1 knocks, the others pass."""
    state = deal_position(
        CRP, hands=["A♠ K♠ Q♠", "7♣ 5♦ 2♥", "3♦ 3♥ 3♣", "7♠ 5♥ 2♣"], dealer=0, widow="9♦ 6♠ 4♥"
    )
    for action in (Knock(1), Pass(2), Pass(3), Pass(0)):
        state = apply(state, action)
    return state


def test_every_seat_tied_for_the_lowest_hand_loses_a_life() -> None:
    state = tied_for_lowest()
    showdown = state.last_showdown
    assert showdown is not None and showdown.losers == (1, 3)
    assert_round_trips(state)
    doc = document(state)
    doc["showdowns"][0]["losers"] = [1]
    doc["lives"][3] = 3  # keep the lives consistent with the claim, so only the showdown is wrong
    rejected(doc, "showdowns[0].losers", "every seat tied for the lowest hand loses a life", "[1, 3]")


def test_at_a_ledger_showdown_the_pot_goes_to_the_winner_and_only_the_dealer_pays() -> None:
    state = foster_worked_example()
    assert state.last_showdown is not None and state.last_showdown.payments[0] == (None, 1, 3)
    doc = document(state)
    doc["showdowns"][0]["payments"][0]["payee"] = 2
    rejected(doc, "showdowns[0].payments[0]", "the pot goes to the winner, seat 1")
    doc = document(state)
    doc["showdowns"][0]["payments"].append({"payer": 2, "payee": 1, "points": 1})
    rejected(doc, "showdowns[0].payments[", "only the pot and the dealer (seat 0) pay")


def test_winners_are_the_scorings_and_only_once_over() -> None:
    over = finished_match(CRP)
    assert len(over.winners) == 1
    rejected({**document(over), "winners": [s for s in range(3) if s not in over.winners][:1]}, "winners", "expected")
    rejected({**document(CRP_START), "winners": [0]}, "winners", "not over")
    ledger_over = finished_match(FOSTER)
    doc = document(ledger_over)
    doc["deal_number"] = 4
    rejected(doc, "deal_number", "one deal per player")


def test_rules_that_are_not_valid_raise_naming_rules() -> None:
    doc = document(CRP_START)
    doc["rules"]["exchanges_per_turn"] = 4
    rejected(doc, "rules:", "exchanges_per_turn must be 1, 2 or 3")
    doc = document(CRP_START)
    doc["rules"]["lives"] = 5
    rejected(doc, "rules:", "unknown rules option 'lives'")
    doc = document(CRP_START)
    doc["rules"]["ace_low"] = 1
    rejected(doc, "rules:", "ace_low must be True or False")
    doc = document(CRP_START)
    doc["rules"]["mechanism"] = ["widow"]
    rejected(doc, "rules:", "Mechanism must be one of")
    doc = document(FOSTER_START)
    doc["rules"] = CRP.options()  # a widow variant's rules over a trade and barter deal
    rejected(doc, "turn.offer", "unknown field")


def test_an_engine_refusal_of_the_rebuilt_state_is_a_serialization_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """The last check asks the engine for the legal actions; a CommerceError there is reported, not leaked."""

    def refuse(state: GameState) -> tuple[Action, ...]:
        raise IllegalActionError("no")

    monkeypatch.setattr(serialize_document, "legal_actions", refuse)
    rejected(to_json(CRP_START), "state", "the engine cannot play this state: no")


# ---- Hoyle: the blind exchange, the rounds, the pool and the horse ----------------------------------

HOYLE_START = deal_position(
    HOYLE, hands=["2♣ 7♦ 9♥", "3♠ 5♠ Q♥", "4♦ 8♣ J♠", "6♥ 10♣ K♦"], dealer=0, widow="A♠ A♥ 5♦"
)


def hoyle_horse_question() -> GameState:
    """A HOYLE state waiting for the horse answer: seat 1, on its last counter, holds the lowest hand."""
    state = deal_position(
        HOYLE, hands=["A♠ K♠ Q♠", "7♣ 5♦ 2♥", "3♦ 3♥ 3♣"], dealer=0, widow="9♦ 6♠ 4♥", lives=[3, 1, 3]
    )
    state = apply(state, Pass(0))  # no blind exchange
    for seat in (1, 2):
        state = apply(state, Knock(seat))  # the second knock ends the deal
    assert state.phase is Phase.HORSE and state.to_act == 1
    return state


def test_hoyle_states_in_every_phase_round_trip() -> None:
    after_blind = apply(HOYLE_START, BlindExchange(0, parse_cards("A♠ A♥ 5♦")))
    question = hoyle_horse_question()
    bought, declined = apply(question, BuyHorse(1)), apply(question, Pass(1))
    for state in (HOYLE_START, after_blind, question, bought, declined, finished_match(HOYLE)):
        assert_round_trips(state)
    assert HOYLE_START.phase is Phase.BLIND_EXCHANGE and after_blind.turn.spent == (0,)
    assert bought.lives[1] == 1 and bought.score.horse_bought and declined.lives[1] == 0 and declined.deal_number == 2


def test_hoyle_the_blind_exchange_comes_first_and_from_the_dealer() -> None:
    doc = document(HOYLE_START)
    assert doc["phase"] == "blind_exchange" and doc["to_act"] == 0
    rejected({**doc, "to_act": 1}, "to_act", "the dealer, seat 0, exchanges blind first")
    doc["turn"]["spent"] = [2]
    rejected(doc, "turn", "before the blind exchange")


def test_hoyle_the_widow_grows_by_one_card_a_round() -> None:
    state = apply(HOYLE_START, Pass(0))
    for seat in (1, 2, 3, 0):  # round 1: everyone passes; round 2 opens with a fourth widow card
        state = apply(state, Pass(seat))
    assert state.turn.round == 2 and len(state.widow) == 4
    assert_round_trips(state)
    doc = document(state)
    doc["turn"]["round"] = 3
    rejected(doc, "widow", "in round 3 the widow holds 5 cards, not 4")


def test_hoyle_each_round_goes_from_the_eldest_without_the_knockers() -> None:
    state = apply(HOYLE_START, Pass(0))
    state = apply(state, Knock(1))
    doc = document(state)
    assert doc["turn"]["knockers"] == [1] and doc["turn"]["round_left"] == [2, 3, 0]
    doc["turn"]["round_left"] = [2, 0, 3]
    rejected(doc, "turn.round_left", "in order")
    doc = document(state)
    doc["turn"]["round_left"] = [2, 3]
    rejected(doc, "turn.round_left", "expected [2, 3, 0]")
    doc = document(state)
    doc["turn"]["round_left"], doc["turn"]["turn_of"], doc["to_act"] = [1, 2, 3, 0], 1, 1
    rejected(doc, "turn.turn_of", "knocked and takes no more turns")
    doc = document(state)
    doc["turn"]["knockers"] = [1, 3]
    rejected(doc, "turn.knockers", "at most one knocker")
    doc = document(state)
    doc["turn"]["round"] = 5
    for _ in range(4):  # a widow of 2 + 5 cards, so that only the round is wrong
        move(doc, doc["stock"], doc["widow"])
    rejected(doc, "turn.round", "1 to 4, not 5")


def test_hoyle_the_horse_is_offered_to_the_first_player_out_only() -> None:
    question = hoyle_horse_question()
    doc = document(question)
    assert doc["phase"] == "horse" and doc["lives"][1] == 0 and doc["hands"][1]  # the finished deal's cards
    rejected({**doc, "to_act": 2}, "to_act", "the horse is offered to seat 1")
    rejected({**doc, "score": {"horse_bought": True}}, "score.horse_bought", "nobody is asked again")
    doc["rules"]["horse"] = False
    rejected(doc, "phase", "'horse' is not a phase of these rules")
    doc = document(question)
    doc["lives"][2] = 0
    rejected(doc, "phase", "only to the first player out")


def test_hoyle_pays_only_from_the_pool() -> None:
    over = finished_match(HOYLE.replace(stake=30), players=3, seed=4)  # a pool that the prizes never empty
    doc = document(over)
    last = doc["showdowns"][-1]["payments"]
    assert all(payment["payer"] is None for showdown in doc["showdowns"] for payment in showdown["payments"])
    assert last[-1]["payee"] == over.winners[0]  # the survivor takes what is left in the pool
    last[-1]["payer"] = (over.winners[0] + 1) % 3
    rejected(doc, f"showdowns[{len(doc['showdowns']) - 1}].payments[{len(last) - 1}]", "only the pool pays")


# ---- fuzz: a mutated document is a valid state or a SerializationError -----------------------------

JsonPath = tuple[Any, ...]
CARD_TEXTS = frozenset(str(Card.from_index(index)) for index in range(52))
OTHER_TYPES: list[Any] = [None, True, False, 0, -1, 7, 2.5, "", "x", "A♠", [], ["A♠"], {}, {"a": 1}]


def positions(node: Any, path: JsonPath = ()) -> Iterator[tuple[JsonPath, Any]]:
    yield path, node
    if isinstance(node, dict):
        for key, value in node.items():
            yield from positions(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from positions(value, (*path, index))


def parent(doc: Any, path: JsonPath) -> Any:
    for step in path[:-1]:
        doc = doc[step]
    return doc


def replace_at(doc: Any, path: JsonPath, value: Any) -> None:
    parent(doc, path)[path[-1]] = value


def drop_at(doc: Any, path: JsonPath) -> None:
    del parent(doc, path)[path[-1]]


@st.composite
def reachable_documents(draw: st.DrawFn) -> dict[str, Any]:
    rules = draw(st.sampled_from(RULES))
    players = draw(st.integers(3, 12))
    seed = draw(st.integers(0, 2**32))
    steps = draw(st.integers(0, 80))
    state = new_game(rules, players, seed=seed)
    for state in play(state, random.Random(seed), steps, knock_bias=0.3):
        pass
    return document(state)


def mutate(doc: dict[str, Any], data: st.DataObject) -> None:
    """One mutation: drop a field or item, change a type, swap a card for a duplicate, change a number."""
    places = list(positions(doc))
    kind = data.draw(st.sampled_from(["drop", "retype", "duplicate", "renumber"]), label="mutation")
    cards = [p for p in places if isinstance(p[1], str) and p[1] in CARD_TEXTS]
    numbers = [p for p in places if p[0] and isinstance(p[1], int) and not isinstance(p[1], bool)]
    if (kind == "duplicate" and len({text for _, text in cards}) < 2) or (kind == "renumber" and not numbers):
        kind = "retype"
    if kind == "drop":
        path, _ = data.draw(st.sampled_from([p for p in places if p[0]]), label="path")
        drop_at(doc, path)
    elif kind == "retype":
        path, value = data.draw(st.sampled_from([p for p in places if p[0]]), label="path")
        new = data.draw(st.sampled_from([v for v in OTHER_TYPES if type(v) is not type(value)]), label="value")
        replace_at(doc, path, new)
    elif kind == "duplicate":
        path, text = data.draw(st.sampled_from(cards), label="card")
        other = data.draw(st.sampled_from(sorted({t for _, t in cards} - {text})), label="duplicate")
        replace_at(doc, path, other)
    else:
        path, value = data.draw(st.sampled_from(numbers), label="path")
        change = data.draw(st.sampled_from([1, -1, 2, -2, 12, -value, -value - 1, 2**70]), label="change")
        replace_at(doc, path, value + change)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(doc=reachable_documents(), data=st.data())
def test_a_mutated_document_is_a_valid_state_or_a_serialization_error(doc: dict[str, Any], data: st.DataObject) -> None:
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        mutate(doc, data)
    try:
        state = state_from_json(json.dumps(doc, ensure_ascii=False))
    except SerializationError:
        return
    # Accepted: then it is a state the engine plays on, and it round-trips.
    assert state_from_json(to_json(state)) == state
    rng = random.Random(0)
    for state in play(state, rng, 40, knock_bias=0.2):
        assert state_from_json(to_json(state)) == state


@settings(max_examples=150, deadline=None)
@given(text=st.text(max_size=60) | st.binary(max_size=30))
def test_any_text_is_a_state_or_action_or_a_serialization_error(text: str | bytes) -> None:
    for read in (state_from_json, action_from_json):
        try:
            read(text)
        except SerializationError:
            pass



def test_a_deal_cannot_claim_more_turns_than_its_history_has_events() -> None:
    """Every turn records an event, so turn.turns is bounded by the history (a counter cannot grow unbounded)."""
    doc = document(CRP_START)
    doc["turn"]["turns"] = 4 * 10**29  # whole rounds of 4 seats: still the eldest's turn, and no event at all
    rejected(doc, "turn.turns", "cannot come from a deal of 0 events")
    state = apply(CRP_START, Pass(1))  # one turn played: one event
    assert state_from_json(to_json(state)) == state and state.turn.turns == 1
    doc = document(state)
    doc["turn"]["turns"] = 5  # the same seat's turn, four turns later: but no event recorded them
    rejected(doc, "turn.turns", "5 turns cannot come from a deal of 1 events")
