"""The observation document: what a server sends each player, written and read back exactly.

It holds what an :class:`~commerce_rules.Observation` holds — no hidden
card, no seed: the observer's hand, the widow, the piles' counts, a face-up
discard pile (Thirty-One's, Schwimmen's dead widows) in its order, the
public fields, the turn record as the seat sees it (written by the
mechanism), the history with cards only where the seat saw them, and the
past showdowns — and, for a client to show, the observer's words, made from
the observation alone (:mod:`.observation_words`): its hand's value, each
event's text, each showdown's hand values, and its legal actions with their
labels when it is to act. Reading checks the shape of every field, then
that the observation could come from a state: cards once each, the counts
adding up to the deck, the seats in play, and the history's facts fitting
the counts (as :func:`~commerce_rules.sample_state` needs them to); last,
that the words are those this library writes for it.
"""

from __future__ import annotations

import json
from typing import Any, Final

from ..parts import jsonfields as jf
from ..engine.deal import MAX_PLAYERS, MAX_POINTS, MIN_PLAYERS
from ..core.cards import Card
from ..core.errors import CommerceError, SerializationError
from ..core.observation import Observation
from ..engine.observe import observe
from ..engine.sampling import check_placeable, sample_state
from ..engine.variant import variant_of
from .checks import check_consistency
from .document import _event_document, _read_event, _read_phase, _read_rules, _read_showdown, _showdown_document
from .observation_words import check_words, take_words, write_words
from .parse import parse

__all__ = ["OBSERVATION_FORMAT", "OBSERVATION_VERSION", "observation_from_json", "observation_to_dict", "observation_to_json"]

OBSERVATION_FORMAT: Final = "commerce-rules/observation"
"""The ``"format"`` field of every observation document."""
OBSERVATION_VERSION: Final = 3
"""The ``"version"`` field this library writes; it reads it, and version 1.

Version 1 (commerce-rules 0.1 and the 0.2 previews) held the observation
alone, without the seat's words (``hand_value``, ``legal_actions``, each
event's ``text``, each showdown's ``values``): it is read as it was, its
words being made from the observation. No other version is read.
"""
_OLD_VERSION: Final = 1

_FIELDS: Final = (
    "format", "version", "player", "rules", "num_players", "deal_number", "dealer", "phase", "to_act", "hand",
    "hand_sizes", "widow", "stock_count", "discard_count", "discard", "pot", "balances", "lives", "active", "turn", "score",
    "history", "showdowns", "winners",
)
_WORD_FIELDS: Final = ("hand_value", "legal_actions")


def observation_to_json(observation: Observation, *, indent: int | None = None) -> str:
    """The observation as a versioned JSON document; :func:`observation_from_json` reads it back equal.

    The document is :func:`observation_to_dict`'s, keys sorted.

    >>> from commerce_rules import FOSTER, deal_position, observe, observation_from_json, observation_to_json
    >>> state = deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0)
    >>> text = observation_to_json(observe(state, 1))
    >>> "A♥" in text, observation_from_json(text) == observe(state, 1)
    (False, True)
    """
    if type(observation) is not Observation:
        raise SerializationError(f"observation_to_json() needs an Observation, not {type(observation).__name__}")
    if indent is not None and (type(indent) is not int or not 0 <= indent <= 16):
        raise SerializationError("indent must be None or a whole number from 0 to 16")
    return json.dumps(observation_to_dict(observation), ensure_ascii=False, sort_keys=True, indent=indent)


def observation_to_dict(observation: Observation) -> dict[str, Any]:
    """The observation document as a dict of JSON values, ready for a web framework's own JSON encoder.

    What :func:`observation_to_json` writes: the observation's fields, and
    the observer's words — its hand's value, each event's text, each past
    showdown's hand values, and, when it is to act, its legal actions, each
    with its label and its action document (see the guide "Saving games as
    JSON"). Nothing in it is hidden from the observer.

    >>> from commerce_rules import FOSTER, deal_position, observe, observation_to_dict
    >>> state = deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0)
    >>> document = observation_to_dict(observe(state, 1))
    >>> document["hand_value"], document["legal_actions"][-1]
    ('point 13 (7♠ 6♠)', {'label': 'Knock', 'action': {'type': 'knock', 'player': 1}})
    >>> observation_to_dict(observe(state, 2))["legal_actions"]  # seat 2 is not to act
    []
    """
    if type(observation) is not Observation:
        raise SerializationError(f"observation_to_dict() needs an Observation, not {type(observation).__name__}")
    view = observation
    variant = variant_of(view.rules)
    document: dict[str, Any] = {
        "format": OBSERVATION_FORMAT,
        "version": OBSERVATION_VERSION,
        "player": view.player,
        "rules": view.rules.options(),
        "num_players": view.num_players,
        "deal_number": view.deal_number,
        "dealer": view.dealer,
        "phase": view.phase.value,
        "to_act": view.to_act,
        "hand": jf.texts(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "widow": jf.texts(view.widow),
        "stock_count": view.stock_count,
        "discard_count": view.discard_count,
        "discard": jf.texts(view.discard),
        "pot": view.pot,
        "balances": list(view.balances),
        "lives": list(view.lives),
        "active": list(view.active),
        "turn": variant.documents.mechanism.turn_to_json(view.turn),
        "score": variant.documents.scoring.record_to_json(view.score),
        "history": [_event_document(event) for event in view.history],
        "showdowns": [_showdown_document(showdown) for showdown in view.showdowns],
        "winners": list(view.winners),
    }
    write_words(document, view)
    return document


def _header(document: jf.Json) -> tuple[dict[str, Any], int]:
    if not isinstance(document, dict):
        jf.fail("document", f"expected a JSON object, not {jf.shown(document)}")
    if document.get("format") != OBSERVATION_FORMAT:
        jf.fail("format", f"expected {json.dumps(OBSERVATION_FORMAT)}, not {jf.shown(document.get('format'))}")
    if "version" not in document:
        jf.fail("document", "missing field 'version'")
    version = jf.integer(document["version"], "version")
    if version not in (OBSERVATION_VERSION, _OLD_VERSION):
        newer = " (newer than this library)" if version > OBSERVATION_VERSION else ""
        jf.fail("version", f"version {version}{newer} cannot be read: this library reads versions {OBSERVATION_VERSION} and {_OLD_VERSION}")
    return jf.obj(document, "", _FIELDS if version == _OLD_VERSION else (*_FIELDS, *_WORD_FIELDS)), version


def _read(document: dict[str, Any]) -> Observation:
    rules = _read_rules(document["rules"])
    variant = variant_of(rules)
    players = jf.integer(document["num_players"], "num_players", MIN_PLAYERS, MAX_PLAYERS)
    deck = len(variant.deck)

    def per_seat(name: str, low: int, high: int) -> tuple[int, ...]:
        items = jf.json_list(document[name], name, players)
        return tuple(jf.integer(item, f"{name}[{seat}]", low, high) for seat, item in enumerate(items))

    history = jf.json_list(document["history"], "history")
    showdowns = jf.json_list(document["showdowns"], "showdowns")
    lives = per_seat("lives", 0, 10**30)
    return Observation(
        player=jf.seat(document["player"], "player", players),
        rules=rules,
        num_players=players,
        deal_number=jf.integer(document["deal_number"], "deal_number", 1, 10**9),
        dealer=jf.seat(document["dealer"], "dealer", players),
        phase=_read_phase(document["phase"], variant.phases),
        to_act=jf.optional_seat(document["to_act"], "to_act", players),
        hand=jf.cards(document["hand"], "hand"),
        hand_sizes=per_seat("hand_sizes", 0, 4),
        widow=jf.cards(document["widow"], "widow"),
        stock_count=jf.integer(document["stock_count"], "stock_count", 0, deck),
        discard_count=jf.integer(document["discard_count"], "discard_count", 0, deck),
        discard=jf.cards(document["discard"], "discard"),
        pot=jf.integer(document["pot"], "pot", 0, MAX_POINTS),
        balances=per_seat("balances", -MAX_POINTS, MAX_POINTS),
        lives=lives,
        active=jf.seats(document["active"], "active", players),
        turn=variant.documents.mechanism.turn_from_json(document["turn"], players),
        score=variant.documents.scoring.record_from_json(document["score"]),
        history=tuple(_read_event(item, f"history[{i}]", players) for i, item in enumerate(history)),
        showdowns=tuple(_read_showdown(item, f"showdowns[{i}]", players, rules) for i, item in enumerate(showdowns)),
        winners=jf.seats(document["winners"], "winners", players),
    )


def _check(view: Observation) -> None:
    """The observation could come from a state: what a reader relies on, and what sample_state needs."""
    variant = variant_of(view.rules)
    deck = set(variant.deck)
    seen = [*view.hand, *view.widow]
    for card in seen:
        if card not in deck:
            jf.fail("hand", f"{card} is not a card of this variant's deck")
    if len(set(seen)) != len(seen):
        jf.fail("hand", "a card is both in the hand and the widow, or twice in one")
    _check_discard(view, deck, set(seen))
    face_down = len(deck) - sum(view.hand_sizes) - len(view.widow) - view.stock_count - view.discard_count
    if face_down and (view.widow or face_down != variant.mechanism.widow_size):  # else a widow lying face down
        jf.fail("hand_sizes", f"the hands, widow, stock and discard must hold the {len(deck)} cards of the deck")
    if len(view.hand) not in (0, view.hand_sizes[view.player]):
        jf.fail("hand", f"seat {view.player} holds {view.hand_sizes[view.player]} cards (hand_sizes), not {len(view.hand)}")
    if view.active != variant.scoring.active_seats(view.lives, view.score):
        jf.fail("active", "the seats in play are not those the lives and the match record leave in")
    if view.is_over and view.to_act is not None:
        jf.fail("to_act", "nobody acts once the match is over")
    if view.to_act is None and not view.is_over and not variant.sight.questions:
        # Nobody is shown to act only while another seat's private question holds up the deal's end (Rules §3.3).
        jf.fail("to_act", "a seat acts while the match goes on")
    if view.phase in variant.mechanism.phases_for(view.rules):  # during a deal (not a question between deals)
        if view.to_act is not None and view.to_act not in view.active:
            jf.fail("to_act", f"seat {view.to_act} is out of the match and cannot act in a deal")
        if view.dealer not in view.active:
            jf.fail("dealer", f"seat {view.dealer} is out of the match and cannot deal")
    if bool(view.winners) != view.is_over:
        jf.fail("winners", "a match has winners exactly when it is over")
    shapes = {**variant.mechanism.events, **variant.scoring.events}
    for i, event in enumerate(view.history):
        shape = shapes.get(event.kind)
        if shape is None:
            jf.fail(f"history[{i}].kind", f"{event.kind.value!r} is not an event of this variant")
        hidden = event.visible_to is not None and view.player not in event.visible_to
        if len(event.cards) not in shape[0] and not (hidden and not event.cards):
            jf.fail(f"history[{i}].cards", f"a {event.kind.value!r} event cannot name {len(event.cards)} cards here")
        if hidden and event.cards:
            jf.fail(f"history[{i}].cards", f"seat {view.player} did not see this event's cards")
    try:
        check_placeable(view)
    except SerializationError:
        raise
    except (CommerceError, LookupError, ValueError, TypeError, AttributeError, AssertionError) as error:
        jf.fail("history", f"the history does not fit the cards and counts: {str(error)[:200]}")


def _check_shown_by_a_state(view: Observation) -> None:
    """Some state that :func:`~commerce_rules.state_from_json` would accept shows exactly ``view`` to its seat.

    The checks above give clear messages for the usual mistakes; this one
    closes the rest (a showdown won by a weaker hand, an own hand of the
    wrong size, a history the cards cannot have followed): a state is drawn
    as :func:`~commerce_rules.sample_state` draws it, checked as a loaded
    state is, and observed again. So every accepted observation can be
    sampled, and ``observe(sample_state(o, seed), o.player) == o``.
    """
    try:
        state = sample_state(view, seed=0)
        check_consistency(state)
    except SerializationError:
        raise
    except CommerceError as error:
        jf.fail("document", f"no state shows this observation: {error}")
    seen = observe(state, view.player)
    for field, found in zip(Observation._fields, seen):
        if found != getattr(view, field):
            jf.fail(field, f"does not fit the rest of the observation (a state showing the rest shows {field} otherwise)")


def _check_discard(view: Observation, deck: set[Card], seen: set[Card]) -> None:
    """A face-up discard pile is shown whole, its cards once each and nowhere else; a hidden one is not shown."""
    if not variant_of(view.rules).mechanism.discard_face_up:
        if view.discard:
            jf.fail("discard", "this variant's discard pile lies face down: the list must be empty")
        return
    for card in view.discard:
        if card not in deck:
            jf.fail("discard", f"{card} is not a card of this variant's deck")
        if card in seen:
            jf.fail("discard", f"{card} is in the discard pile and also in the hand or the widow")
    if len(set(view.discard)) != len(view.discard):
        jf.fail("discard", "a card is twice in the discard pile")
    if len(view.discard) != view.discard_count:
        jf.fail("discard", f"the face-up discard pile holds {view.discard_count} cards (discard_count), not {len(view.discard)}")


def observation_from_json(text: str | bytes) -> Observation:
    """The observation that :func:`observation_to_json` wrote, checked as untrusted input.

    A document of version 1, written before the document held the seat's
    words, is read too.

    :raises SerializationError: not an observation document (bad JSON, another format or version, a field
        unknown, missing or of the wrong type, counts that do not add up to the deck, ...), or words that
        are not those this library writes for the observation (a forged label, event text or hand value,
        legal actions added, dropped, changed or reordered): they are refused, never replaced.

    >>> from commerce_rules import observation_from_json
    >>> observation_from_json('{"format": "commerce-rules/state"}')
    Traceback (most recent call last):
    ...
    commerce_rules.core.errors.SerializationError: format: expected "commerce-rules/observation", not the string "commerce-rules/state"
    """
    document, version = _header(parse(text, "observation document"))
    words = take_words(document) if version == OBSERVATION_VERSION else None
    view = _read(document)
    _check(view)
    _check_shown_by_a_state(view)
    if words is not None:
        check_words(view, words)
    return view
