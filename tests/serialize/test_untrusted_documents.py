"""Documents edited by hand or by an attacker: refused with a short, safe message, or consistent all the way.

A state document's history must be one its cards could have followed (else
the observation code and ``sample_state`` trip over it later); an
observation document must be what some valid state shows its seat; and
every refusal is a ``CommerceError`` whose message a server can send back
(valid UTF-8, one line, short), whatever the document held.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any, Final

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from commerce_rules import (
    CRP,
    FOSTER,
    HOYLE,
    PRESETS,
    THIRTY_ONE,
    Buy,
    Card,
    CommerceError,
    Draw,
    GameState,
    Observation,
    Rules,
    SerializationError,
    action_from_json,
    apply,
    legal_actions,
    new_game,
    observation_from_json,
    observation_to_json,
    observe,
    parse_cards,
    sample_state,
    state_from_json,
    to_json,
)
from commerce_rules.core.cards import DECK_52

from helpers import random_walk

EVERY_PRESET: Final = tuple(
    PRESETS[name] for name in ("foster", "crp", "pounce", "trentuno", "extended", "hoyle", "schwimmen", "thirty_one")
)
EDITS: Final = ("drop", "duplicate", "swap", "card")
NASTY: Final = ("\ud800", "\udfff x", "a\nb\r\u2028c", "\x00", "\x1b[31m", "x" * 10_000, "\ud800" * 5_000)
"""Texts a message must not copy raw: lone surrogates (not UTF-8), line breaks, NUL, an escape, 10 KB."""
SHORT: Final = 220
"""A refusal's message is about 200 characters at most (every message is cut at ``MAX_MESSAGE``, 500, anyway)."""

EXAMPLES = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def played(rules: Rules, players: int, seed: int, steps: int) -> GameState:
    """The state after ``steps`` random actions from a new match (fewer if it ends)."""
    state = new_game(rules, players, seed=seed)
    for _, _, state in random_walk(state, random.Random(seed), steps):
        pass
    return state


def edited(events: list[Any], edit: str, rng: random.Random) -> list[Any]:
    """``events`` (a history's JSON) with one event dropped, repeated, swapped with another, or one card changed."""
    events = [dict(event) for event in events]
    i = rng.randrange(len(events))
    if edit == "drop":
        del events[i]
    elif edit == "duplicate":
        events.insert(i, dict(events[i]))
    elif edit == "swap":
        j = rng.randrange(len(events))
        events[i], events[j] = events[j], events[i]
    elif events[i]["cards"]:
        cards = list(events[i]["cards"])
        cards[rng.randrange(len(cards))] = str(rng.choice(DECK_52))
        events[i]["cards"] = cards
    return events


def assert_consistent(view: Observation, seed: int) -> None:
    """The observation reads back equal, and a state sampled from it shows it exactly."""
    assert observation_from_json(observation_to_json(view)) == view
    assert observe(sample_state(view, seed), view.player) == view


def assert_safe(error: CommerceError) -> None:
    """The message can be sent back: valid UTF-8, one printable line, short."""
    message = str(error)
    message.encode("utf-8")
    assert message.isprintable(), repr(message[:80])
    assert len(message) <= SHORT, message


# ---- finding 1: a FOSTER history with a repeated event ------------------------------------------


def foster_with_a_buy() -> GameState:
    """A FOSTER deal in which seat 1 bought a card."""
    state = new_game(FOSTER, 3, seed=3, dealer=0)
    return apply(state, Buy(1, state.hands[1][0]))


def test_sample_state_refuses_a_foster_history_with_a_repeated_event() -> None:
    state = foster_with_a_buy()
    document = json.loads(to_json(state))
    document["history"] = document["history"] * 2
    with pytest.raises(SerializationError, match="history"):
        state_from_json(json.dumps(document))
    view = observe(state, 1)  # the buyer's view: the same history in an observation, built in Python or read from JSON
    repeated = view._replace(history=view.history * 2)
    with pytest.raises(CommerceError) as refused:  # was a bare ValueError from list.remove
        sample_state(repeated, seed=1)
    assert type(refused.value) is CommerceError
    with pytest.raises(SerializationError):
        observation_from_json(observation_to_json(repeated))


# ---- finding 2: histories that contradict the cards -------------------------------------------------


def thirty_one_with_a_taken_discard() -> GameState:
    """A THIRTY_ONE deal in which the eldest took the discard pile's top card and discarded another."""
    state = new_game(THIRTY_ONE, 3, seed=11, dealer=0)
    state = apply(state, Draw(1, "discard"))
    taken = state.turn.taken
    return apply(state, next(action for action in legal_actions(state) if action.card != taken))  # type: ignore[attr-defined]


def test_state_from_json_refuses_a_dropped_take_discard() -> None:
    state = thirty_one_with_a_taken_discard()
    document = json.loads(to_json(state))
    kinds = [event["kind"] for event in document["history"]]
    assert "take_discard" in kinds
    document["history"] = [event for event in document["history"] if event["kind"] != "take_discard"]
    with pytest.raises(SerializationError, match="history"):
        state_from_json(json.dumps(document))


@EXAMPLES
@given(
    rules=st.sampled_from(EVERY_PRESET),
    players=st.integers(3, 5),
    seed=st.integers(0, 10_000),
    steps=st.integers(1, 60),
    edit=st.sampled_from(EDITS),
)
def test_edited_histories_are_refused_or_consistent(rules: Rules, players: int, seed: int, steps: int, edit: str) -> None:
    state = played(rules, players, seed, steps)
    document = json.loads(to_json(state))
    if not document["history"]:
        return
    rng = random.Random(seed)
    for _ in range(4):
        document["history"] = edited(json.loads(to_json(state))["history"], edit, rng)
        try:
            loaded = state_from_json(json.dumps(document))
        except SerializationError as error:
            assert_safe(error)
            continue
        for seat in range(players):
            assert_consistent(observe(loaded, seat), seed)


def test_every_state_of_random_play_still_loads() -> None:
    """The replay check refuses no state that play reaches (every preset, every step of a few matches)."""
    for rules in EVERY_PRESET:
        for seed in range(2):
            state = new_game(rules, 3 + seed, seed=seed)
            for _, _, state in random_walk(state, random.Random(seed), 150):
                assert state_from_json(to_json(state)) == state


# ---- finding 3: impossible observations ----------------------------------------------------------


def test_observation_from_json_refuses_an_empty_own_hand() -> None:
    document = json.loads(observation_to_json(observe(foster_with_a_buy(), 2)))
    document["hand"] = []
    with pytest.raises(SerializationError, match="hand"):
        observation_from_json(json.dumps(document))


def test_observation_from_json_refuses_a_showdown_won_by_a_weaker_hand() -> None:
    state = played(CRP, 3, 4, 400)
    assert state.showdowns
    document = json.loads(observation_to_json(observe(state, 0)))
    showdown = document["showdowns"][0]
    loser = next(seat for seat, hand in enumerate(showdown["hands"]) if hand and seat != showdown["winner"])
    showdown["winner"] = loser
    with pytest.raises(SerializationError, match="winner"):
        observation_from_json(json.dumps(document))


def test_a_hidden_own_hand_is_still_read() -> None:
    """Hoyle's dealer sees no hand of their own before the blind exchange: an empty hand is right there."""
    state = new_game(HOYLE, 3, seed=2, dealer=0)
    view = observe(state, 0)
    assert view.hand == () and view.hand_sizes[0] == 3
    assert_consistent(view, seed=1)


def _observation_edits(document: dict[str, Any], rng: random.Random) -> Iterator[dict[str, Any]]:
    """Copies of an observation document, each with one field nudged."""
    for field in ("hand_sizes", "balances", "lives"):
        seat = rng.randrange(len(document[field]))
        for step in (-1, 1):
            copy = json.loads(json.dumps(document))
            copy[field][seat] += step
            yield copy
    for field in ("stock_count", "discard_count", "pot", "deal_number", "dealer"):
        copy = json.loads(json.dumps(document))
        copy[field] += rng.choice((-1, 1))
        yield copy
    if document["hand"]:
        copy = json.loads(json.dumps(document))
        copy["hand"] = copy["hand"][1:]
        yield copy
    if document["history"]:
        for edit in EDITS:
            copy = json.loads(json.dumps(document))
            copy["history"] = edited(copy["history"], edit, rng)
            yield copy
    if document["showdowns"]:
        copy = json.loads(json.dumps(document))
        copy["showdowns"][-1]["winner"] = rng.randrange(len(copy["hand_sizes"]))
        yield copy


@EXAMPLES
@given(rules=st.sampled_from(EVERY_PRESET), players=st.integers(3, 5), seed=st.integers(0, 10_000), steps=st.integers(0, 120))
def test_edited_observations_are_refused_or_sampled_exactly(rules: Rules, players: int, seed: int, steps: int) -> None:
    state = played(rules, players, seed, steps)
    rng = random.Random(seed)
    seat = rng.randrange(players)
    for document in _observation_edits(json.loads(observation_to_json(observe(state, seat))), rng):
        try:
            view = observation_from_json(json.dumps(document))
        except SerializationError as error:
            assert_safe(error)
            continue
        assert observe(sample_state(view, seed), view.player) == view


# ---- finding 4: messages a server can send back -----------------------------------------------------


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path of every value inside a decoded JSON document (objects' fields and lists' entries)."""
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        yield (*path, key)
        yield from _leaves(item, (*path, key))


def _replaced(document: Any, path: tuple[Any, ...], new: Any) -> Any:
    copy = json.loads(json.dumps(document))
    holder = copy
    for key in path[:-1]:
        holder = holder[key]
    holder[path[-1]] = new
    return copy


def _refusals(document: Any, read: Callable[[str], object]) -> Iterator[CommerceError]:
    """The errors of reading ``document`` with each nasty text in each field, as a field's name, and as the text."""
    for text in NASTY:
        candidates = [_replaced(document, path, text) for path in _leaves(document)]
        candidates.append({**document, text: 1})
        for candidate in candidates:
            try:
                read(json.dumps(candidate))
            except CommerceError as error:
                yield error
        for raw in (text, json.dumps(text)):
            try:
                read(raw)
            except CommerceError as error:
                yield error


def test_messages_are_utf8_safe_and_short_whatever_the_input() -> None:
    documents: list[tuple[Any, Callable[[str], object]]] = [
        ({"type": "buy", "player": 0, "card": "A♠"}, action_from_json),
        ({"type": "exchange", "player": 0, "give": "A♠", "take": "K♠"}, action_from_json),
        ({"type": "draw", "player": 0, "source": "stock"}, action_from_json),
    ]
    for rules in (FOSTER, HOYLE, THIRTY_ONE):  # each mechanism's turn record has fields of its own
        state = played(rules, 3, 5, 10)
        documents.append((json.loads(to_json(state)), state_from_json))
        documents.append((json.loads(observation_to_json(observe(state, 1))), observation_from_json))
    count = 0
    for document, read in documents:
        for error in _refusals(document, read):
            assert_safe(error)
            count += 1
    assert count > 500
    for text in NASTY:
        for parse in (Card.parse, parse_cards, lambda t: parse_cards(f"A♠ {t} K♠")):
            with pytest.raises(CommerceError) as refused:
                parse(text)
            assert_safe(refused.value)


def test_the_lone_surrogate_of_the_finding_is_quoted_escaped() -> None:
    with pytest.raises(SerializationError) as refused:
        action_from_json('{"type":"buy","player":0,"card":"\\ud800"}')
    assert_safe(refused.value)
    assert "\\ud800" in str(refused.value)
