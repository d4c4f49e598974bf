"""The state document: writing it, reading its shape (layer 1), then the checks (layers 2 and 3).

The document's top-level fields are the same for every variant; the
``turn`` and ``score`` records are written and read by the variant's
mechanism and scoring, which own them.
"""

from __future__ import annotations

import json
from typing import Any, Final

from ..parts import jsonfields as jf
from ..engine.deal import MAX_PLAYERS, MAX_POINTS, MAX_SEED, MIN_PLAYERS
from ..engine.reducer import legal_actions
from ..core.errors import CommerceError, SerializationError
from ..ranking import HandValue, evaluate
from ..core.rules import Rules
from ..core.state import DealLog, Event, EventKind, GameState, Payment, Phase, Showdown, ShowdownReason
from ..engine.variant import variant_of
from .checks import check_consistency
from .parse import MAX_DOCUMENT, parse

__all__ = ["MAX_DOCUMENT", "STATE_FORMAT", "STATE_VERSION", "state_from_json", "to_json"]

STATE_FORMAT: Final = "commerce-rules/state"
"""The ``"format"`` field of every state document: says what the JSON holds."""

STATE_VERSION: Final = 2
"""The ``"version"`` field this library writes and reads; a change of layout gets a new number.

Version 1 (commerce-rules 0.1.0.dev0) kept one turn record for every
mechanism and the horse in the state; it cannot be read.
"""


_STATE_FIELDS: Final = (
    "format", "version", "rules", "num_players", "seed", "deal_number", "dealer", "phase", "to_act",
    "hands", "widow", "stock", "discard", "pot", "balances", "lives", "turn", "score", "history",
    "showdowns", "winners",
)
_EVENT_FIELDS: Final = ("kind", "player", "cards", "target", "visible_to")
_SHOWDOWN_FIELDS: Final = ("deal_number", "dealer", "reason", "hands", "winner", "losers", "payments")
_PAYMENT_FIELDS: Final = ("payer", "payee", "points")


# ============================================================================ writing


def to_json(state: GameState, *, indent: int | None = None) -> str:
    """The state as a versioned JSON document; :func:`state_from_json` reads it back equal.

    ``indent`` pretty-prints (as :func:`json.dumps` does); without it the text
    is one line. Either way the same state always gives the same text.

    :raises SerializationError: ``state`` is not a :class:`~commerce_rules.GameState`.

    >>> from commerce_rules import FOSTER, deal_position, state_from_json, to_json
    >>> state = deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0)
    >>> text = to_json(state)
    >>> text[:60]
    '{"balances": [-1, -1, -1], "deal_number": 1, "dealer": 0, "d'
    >>> state_from_json(text) == state
    True
    """
    if type(state) is not GameState:
        raise SerializationError(f"to_json() needs a GameState, not {type(state).__name__}")
    if indent is not None and (type(indent) is not int or not 0 <= indent <= 16):
        raise SerializationError("indent must be None or a whole number from 0 to 16")
    return json.dumps(_state_document(state), ensure_ascii=False, sort_keys=True, indent=indent)


def _state_document(state: GameState) -> dict[str, Any]:
    variant = variant_of(state.rules)
    return {
        "format": STATE_FORMAT,
        "version": STATE_VERSION,
        "rules": state.rules.options(),
        "num_players": state.num_players,
        "seed": state.seed,
        "deal_number": state.deal_number,
        "dealer": state.dealer,
        "phase": state.phase.value,
        "to_act": state.to_act,
        "hands": [jf.texts(hand) for hand in state.hands],
        "widow": jf.texts(state.widow),
        "stock": jf.texts(state.stock),
        "discard": jf.texts(state.discard),
        "pot": state.pot,
        "balances": list(state.balances),
        "lives": list(state.lives),
        "turn": variant.documents.mechanism.turn_to_json(state.turn),
        "score": variant.documents.scoring.record_to_json(state.score),
        "history": [_event_document(event) for event in state.history],
        "showdowns": [_showdown_document(showdown) for showdown in state.showdowns],
        "winners": list(state.winners),
    }


def _event_document(event: Event) -> dict[str, Any]:
    return {
        "kind": event.kind.value,
        "player": event.player,
        "cards": jf.texts(event.cards),
        "target": event.target,
        "visible_to": None if event.visible_to is None else list(event.visible_to),
    }


def _showdown_document(showdown: Showdown) -> dict[str, Any]:
    return {
        "deal_number": showdown.deal_number,
        "dealer": showdown.dealer,
        "reason": showdown.reason.value,
        "hands": [jf.texts(hand) for hand in showdown.hands],
        "winner": showdown.winner,
        "losers": list(showdown.losers),
        "payments": [{"payer": payer, "payee": payee, "points": points} for payer, payee, points in showdown.payments],
    }


# ============================================================================ reading, layer 1: the shape


def _check_header(document: jf.Json) -> dict[str, Any]:
    """The document is an object saying it is a state, in a version this library reads."""
    if not isinstance(document, dict):
        jf.fail("document", f"expected a JSON object, not {jf.shown(document)}")
    if "format" not in document:
        jf.fail("document", f"missing field 'format' (a state document says \"format\": {json.dumps(STATE_FORMAT)})")
    if document["format"] != STATE_FORMAT:
        jf.fail("format", f"expected {json.dumps(STATE_FORMAT)}, not {jf.shown(document['format'])}")
    if "version" not in document:
        jf.fail("document", "missing field 'version'")
    version = jf.integer(document["version"], "version")
    if version != STATE_VERSION:
        if version > STATE_VERSION:
            jf.fail("version", f"version {version} (newer than this library) cannot be read: this library reads version {STATE_VERSION}")
        jf.fail("version", f"version {version} (an older layout) cannot be read: this library reads version {STATE_VERSION}; replay the match from its seed and actions")
    return jf.obj(document, "", _STATE_FIELDS)


def _read_rules(value: jf.Json) -> Rules:
    """The rules from their options (an option left out takes its default)."""
    if not isinstance(value, dict):
        jf.fail("rules", f"expected a JSON object of rules options, not {jf.shown(value)}")
    try:
        return Rules.from_options(value)
    except (CommerceError, TypeError) as error:
        text = str(error)  # an unknown option's message lists every option: its start says what is wrong
        jf.fail("rules", text if len(text) <= 200 else text[:197] + "...")


def _read_event(value: jf.Json, path: str, players: int) -> Event:
    event = jf.obj(value, path, _EVENT_FIELDS)
    cards = jf.cards(event["cards"], jf.at(path, "cards"))
    jf.no_repeats(cards, jf.at(path, "cards"), "card")
    visible_to = event["visible_to"]
    return Event(
        kind=jf.enum_member(EventKind, event["kind"], jf.at(path, "kind")),
        player=jf.seat(event["player"], jf.at(path, "player"), players),
        cards=cards,
        target=jf.optional_seat(event["target"], jf.at(path, "target"), players),
        visible_to=None if visible_to is None else jf.seats(visible_to, jf.at(path, "visible_to"), players),
    )


def _read_payment(value: jf.Json, path: str, players: int) -> Payment:
    payment = jf.obj(value, path, _PAYMENT_FIELDS)
    return (
        jf.optional_seat(payment["payer"], jf.at(path, "payer"), players),
        jf.optional_seat(payment["payee"], jf.at(path, "payee"), players),
        jf.integer(payment["points"], jf.at(path, "points"), 1, MAX_POINTS),
    )


def _read_hand_values(hands: tuple[tuple[Any, ...], ...], path: str, rules: Rules) -> tuple[HandValue | None, ...]:
    """Each revealed hand's value, rebuilt with :func:`evaluate` (``None`` for a seat without cards)."""
    values: list[HandValue | None] = []
    for seat, hand in enumerate(hands):
        if not hand:
            values.append(None)
            continue
        try:
            values.append(evaluate(hand, rules))
        except CommerceError as error:
            jf.fail(f"{path}[{seat}]", f"not a hand of this variant: {error}")
    return tuple(values)


def _read_showdown(value: jf.Json, path: str, players: int, rules: Rules) -> Showdown:
    showdown = jf.obj(value, path, _SHOWDOWN_FIELDS)
    hands_path = jf.at(path, "hands")
    hands = tuple(
        jf.cards(hand, f"{hands_path}[{seat}]") for seat, hand in enumerate(jf.json_list(showdown["hands"], hands_path, players))
    )
    payments_path = jf.at(path, "payments")
    return Showdown(
        deal_number=jf.integer(showdown["deal_number"], jf.at(path, "deal_number"), 1, 10**9),
        dealer=jf.seat(showdown["dealer"], jf.at(path, "dealer"), players),
        reason=jf.enum_member(ShowdownReason, showdown["reason"], jf.at(path, "reason")),
        hands=hands,
        values=_read_hand_values(hands, hands_path, rules) if _cards_once(hands) else (None,) * players,
        winner=jf.seat(showdown["winner"], jf.at(path, "winner"), players),
        losers=jf.seats(showdown["losers"], jf.at(path, "losers"), players),
        payments=tuple(
            _read_payment(item, f"{payments_path}[{i}]", players)
            for i, item in enumerate(jf.json_list(showdown["payments"], payments_path))
        ),
    )


def _cards_once(hands: tuple[tuple[Any, ...], ...]) -> bool:
    cards = [card for hand in hands for card in hand]
    return len(cards) == len(set(cards))


def _read_phase(value: jf.Json, phases: tuple[Phase, ...]) -> Phase:
    phase = jf.enum_member(Phase, value, "phase")
    if phase not in phases:
        jf.fail("phase", f"{phase.value!r} is not a phase of these rules ({', '.join(p.value for p in phases)})")
    return phase


def _read_state(document: dict[str, Any]) -> GameState:
    """Layer 1: every field of the document read with its type and range; no cross-field checks yet."""
    rules = _read_rules(document["rules"])
    variant = variant_of(rules)
    players = jf.integer(document["num_players"], "num_players", MIN_PLAYERS, MAX_PLAYERS)
    hands = jf.json_list(document["hands"], "hands", players)
    history = tuple(
        _read_event(item, f"history[{i}]", players) for i, item in enumerate(jf.json_list(document["history"], "history"))
    )
    lives = tuple(
        jf.integer(item, f"lives[{seat}]", 0) for seat, item in enumerate(jf.json_list(document["lives"], "lives", players))
    )
    score = variant.documents.scoring.record_from_json(document["score"])
    return GameState(
        rules=rules,
        num_players=players,
        seed=jf.integer(document["seed"], "seed", 0, MAX_SEED),
        deal_number=jf.integer(document["deal_number"], "deal_number", 1, 10**9),
        dealer=jf.seat(document["dealer"], "dealer", players),
        phase=_read_phase(document["phase"], variant.phases),
        to_act=jf.optional_seat(document["to_act"], "to_act", players),
        hands=tuple(jf.cards(hand, f"hands[{seat}]") for seat, hand in enumerate(hands)),
        widow=jf.cards(document["widow"], "widow"),
        stock=jf.cards(document["stock"], "stock"),
        discard=jf.cards(document["discard"], "discard"),
        pot=jf.integer(document["pot"], "pot", 0, MAX_POINTS),
        balances=tuple(
            jf.integer(item, f"balances[{seat}]", -MAX_POINTS, MAX_POINTS)
            for seat, item in enumerate(jf.json_list(document["balances"], "balances", players))
        ),
        lives=lives,
        active=variant.scoring.active_seats(lives, score),
        turn=variant.documents.mechanism.turn_from_json(document["turn"], players),
        score=score,
        log=DealLog.of(history),
        showdowns=tuple(
            _read_showdown(item, f"showdowns[{i}]", players, rules)
            for i, item in enumerate(jf.json_list(document["showdowns"], "showdowns"))
        ),
        winners=jf.seats(document["winners"], "winners", players),
    )


# ============================================================================ reading, layer 3: the engine accepts it


def _check_playable(state: GameState) -> None:
    """The engine lists the actions of the rebuilt state: some while the match goes on, none once over."""
    try:
        actions = legal_actions(state)
    except (CommerceError, LookupError, ValueError, TypeError, AssertionError, AttributeError) as error:
        jf.fail("state", f"the engine cannot play this state: {str(error)[:200]}")
    if bool(actions) == state.is_over:
        jf.fail("state", "a match under way must offer an action" if not actions else "a match that is over offers none")


def state_from_json(text: str | bytes) -> GameState:
    """The state that :func:`to_json` wrote, checked as untrusted input.

    :raises SerializationError: the text is not a valid state document —
        bad JSON, another format or version, a field unknown, missing or of
        the wrong type, a card unreadable, missing or twice, a seat out of
        range, lists not one per seat, hand sizes, lives, money, phase or
        turn that do not fit together. The message starts with the field's
        path (``hands[2][0]: ...``).

    >>> from commerce_rules import state_from_json
    >>> state_from_json('{"format": "commerce-rules/state", "version": 3}')
    Traceback (most recent call last):
    ...
    commerce_rules.core.errors.SerializationError: version: version 3 (newer than this library) cannot be read: this library reads version 2
    """
    document = _check_header(parse(text, "state document"))
    state = _read_state(document)
    check_consistency(state)
    _check_playable(state)
    return state
