"""JSON in and out: save a game, load it back, send an action over the wire.

:func:`to_json` writes a :class:`~commerce_rules.GameState` as a versioned
JSON document and :func:`state_from_json` reads it back, equal to the state
written; :func:`action_to_json` and :func:`action_from_json` do the same for
one action. The text is stable: the same value always gives the same text
(keys sorted, cards as their canonical text such as ``"10♠"``, enums as their
string values, :class:`~commerce_rules.Rules` as :meth:`Rules.options
<commerce_rules.Rules.options>`).

Reading treats its input as untrusted. Anything that is not a valid state or
action raises :class:`~commerce_rules.SerializationError` naming the field
(``hands[2][0]``, ``turn.offer``, ``showdowns[1].winner``) and what is wrong
with it; no other exception escapes, and no state is built that the engine
could not play from. The checks run in three layers, each a list of small
functions with one job: the document's shape (fields, types, ranges), the
state's consistency (every card once, hand sizes, money, whose turn it is,
the mechanism's bookkeeping, the past showdowns), and last a probe of
:func:`~commerce_rules.legal_actions` on the rebuilt state.

Hand values of past showdowns are not stored: they are rebuilt with
:func:`~commerce_rules.evaluate` from the revealed hands, so a document can
never claim a value its cards do not have.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Callable, Iterable
from typing import Any, Final, NoReturn, TypeVar, Union

from .actions import Action, Barter, BarterReply, BlindExchange, Buy, BuyHorse, Exchange, Knock, Pass, Pounce
from .cards import DECK_52, Card
from .deal import MAX_PLAYERS, MIN_PLAYERS, deck_for
from .engine import legal_actions
from .errors import CommerceError, SerializationError
from .mechanisms.trade_barter import barter_partner
from .mechanisms.widow import pounce_card
from .ranking import HandValue, evaluate
from .rules import FOSTER, TRENTUNO, Mechanism, Rules, Scoring
from .scoring import scoring_part
from .state import Event, EventKind, GameState, Payment, Phase, Showdown, ShowdownReason, TurnState, next_active

__all__ = [
    "ACTION_TYPE_NAMES",
    "STATE_FORMAT",
    "STATE_VERSION",
    "action_from_json",
    "action_to_json",
    "state_from_json",
    "to_json",
]

STATE_FORMAT: Final = "commerce-rules/state"
"""The ``"format"`` field of every state document: says what the JSON holds."""

STATE_VERSION: Final = 1
"""The ``"version"`` field this library writes and reads; a change of layout gets a new number."""

ACTION_TYPE_NAMES: Final[dict[type[Any], str]] = {
    Buy: "buy",
    Barter: "barter",
    BarterReply: "barter_reply",
    Knock: "knock",
    Exchange: "exchange",
    Pass: "pass",
    Pounce: "pounce",
    BlindExchange: "blind_exchange",
    BuyHorse: "buy_horse",
}
"""The ``"type"`` of each action class in an action document."""

# The mechanisms and scorings whose states this version knows how to check. A
# part added to the library later is refused, on writing as on reading, until
# its invariants join the checks below (never write what cannot be read back).
_READABLE_MECHANISMS: Final = (Mechanism.TRADE_BARTER, Mechanism.WIDOW, Mechanism.ROUNDS)
_READABLE_SCORINGS: Final = (Scoring.LEDGER, Scoring.LIVES, Scoring.POOL)

_Json = Union[None, bool, int, float, str, list[Any], dict[str, Any]]
"""A decoded JSON value."""


# =============================================================================================
# Writing
# =============================================================================================


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
    if not isinstance(state, GameState):
        raise SerializationError(f"to_json() needs a GameState, not {type(state).__name__}")
    _check_readable_rules(state.rules)  # never write what cannot be read back
    return _dumps(_state_document(state), indent)


def action_to_json(action: Action) -> str:
    """One action as a JSON object such as ``{"give": "2♣", "player": 2, "take": "A♠", "type": "exchange"}``.

    >>> from commerce_rules import Card, Exchange, action_to_json
    >>> action_to_json(Exchange(2, Card.parse("2♣"), Card.parse("A♠")))
    '{"give": "2♣", "player": 2, "take": "A♠", "type": "exchange"}'
    """
    name = ACTION_TYPE_NAMES.get(type(action))
    if name is None:
        raise SerializationError(f"action_to_json() needs an action (Buy, Exchange, ...), not {type(action).__name__}")
    return _dumps(_action_document(action, name), None)


def _dumps(document: dict[str, Any], indent: int | None) -> str:
    return json.dumps(document, ensure_ascii=False, sort_keys=True, indent=indent)


_TEXT_OF: Final[tuple[str, ...]] = tuple(str(card) for card in DECK_52)
"""Each card's canonical text, by :attr:`Card.index` (a tuple index is faster than ``str(card)``)."""

_CARD_OF: Final[dict[str, Card]] = {str(card): card for card in DECK_52}
"""The card of each canonical text: reading a card is one look-up."""


def _texts(cards: Iterable[Card]) -> list[str]:
    text = _TEXT_OF
    return [text[card.index] for card in cards]


def _state_document(state: GameState) -> dict[str, Any]:
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
        "hands": [_texts(hand) for hand in state.hands],
        "widow": _texts(state.widow),
        "stock": _texts(state.stock),
        "discard": _texts(state.discard),
        "pot": state.pot,
        "balances": list(state.balances),
        "lives": list(state.lives),
        "turn": _turn_document(state.turn),
        "history": [_event_document(event) for event in state.history],
        "showdowns": [_showdown_document(showdown) for showdown in state.showdowns],
        "winners": list(state.winners),
        "horse_bought": state.horse_bought,
    }


def _turn_document(turn: TurnState) -> dict[str, Any]:
    return {
        "turn_of": turn.turn_of,
        "turns": turn.turns,
        "passes": turn.passes,
        "exchanges": turn.exchanges,
        "given": _texts(turn.given),
        "knockers": list(turn.knockers),
        "final_left": list(turn.final_left),
        "offer": None if turn.offer is None else str(turn.offer),
        "declined": list(turn.declined),
        "resume": None if turn.resume is None else turn.resume.value,
        "round": turn.round,
        "spent": list(turn.spent),
    }


def _event_document(event: Event) -> dict[str, Any]:
    return {
        "kind": event.kind.value,
        "player": event.player,
        "cards": _texts(event.cards),
        "target": event.target,
        "visible_to": None if event.visible_to is None else list(event.visible_to),
    }


def _showdown_document(showdown: Showdown) -> dict[str, Any]:
    return {
        "deal_number": showdown.deal_number,
        "dealer": showdown.dealer,
        "reason": showdown.reason.value,
        "hands": [_texts(hand) for hand in showdown.hands],
        "winner": showdown.winner,
        "losers": list(showdown.losers),
        "payments": [{"payer": payer, "payee": payee, "points": points} for payer, payee, points in showdown.payments],
    }


def _action_document(action: Action, name: str) -> dict[str, Any]:
    document: dict[str, Any] = {"type": name, "player": action.player}
    if isinstance(action, (Buy, Barter, BarterReply)):
        document["card"] = str(action.card)
    elif isinstance(action, Exchange):
        document["give"] = str(action.give)
        document["take"] = str(action.take)
    elif isinstance(action, BlindExchange):
        document["take"] = _texts(action.take)
    return document


# =============================================================================================
# Reading, layer 1: JSON text and the document's shape
# =============================================================================================


def _fail(path: str, problem: str) -> NoReturn:
    raise SerializationError(f"{path}: {problem}" if path else problem)


def _at(path: str, name: str) -> str:
    return f"{path}.{name}" if path else name


def _shown(value: object) -> str:
    """A JSON value as the message quotes it: its kind, and the value if short."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        text = repr(value)
        return f"the number {text if len(text) <= 30 else text[:27] + '...'}"
    if isinstance(value, str):
        text = json.dumps(value, ensure_ascii=False)
        return f"the string {text if len(text) <= 30 else text[:27] + '...'}"
    if isinstance(value, list):
        return f"a list of {len(value)}"
    return "an object"


def _reject_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise ValueError(f"the key {key!r} appears twice in one object")
        result[key] = value
    return result


def _reject_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a JSON number")


def _parse(text: object, what: str) -> _Json:
    """Decode ``text``: strict JSON (no NaN, no repeated keys), any failure a SerializationError."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise SerializationError(f"{what} must be JSON text (str or bytes), not {type(text).__name__}")
    try:
        value: _Json = json.loads(text, object_pairs_hook=_reject_duplicate_keys, parse_constant=_reject_constant)
    except RecursionError:
        raise SerializationError(f"bad JSON: the {what} is nested too deeply") from None
    except ValueError as error:  # JSONDecodeError, bad UTF-8, an integer too long to read
        raise SerializationError(f"bad JSON: {error}") from None
    return value


def _object(value: _Json, path: str, fields: Iterable[str]) -> dict[str, Any]:
    """``value`` as an object with exactly ``fields``: none missing, none unknown."""
    if not isinstance(value, dict):
        _fail(path or "document", f"expected a JSON object, not {_shown(value)}")
    wanted = tuple(fields)
    unknown = sorted(set(value) - set(wanted))
    if unknown:
        _fail(_at(path, unknown[0]), f"unknown field (the fields are: {', '.join(sorted(wanted))})")
    for name in wanted:
        if name not in value:
            _fail(path or "document", f"missing field {name!r}")
    return value


def _int(value: _Json, path: str, low: int | None = None, high: int | None = None) -> int:
    """A whole number (``true``/``false`` are not numbers) within ``low..high``."""
    if not isinstance(value, int) or isinstance(value, bool):
        _fail(path, f"expected a whole number, not {_shown(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        if high is None:
            _fail(path, f"{value} is out of range: at least {low}")
        if low is None:
            _fail(path, f"{value} is out of range: at most {high}")
        _fail(path, f"{value} is out of range: {low} to {high}")
    return value


def _bool(value: _Json, path: str) -> bool:
    if not isinstance(value, bool):
        _fail(path, f"expected true or false, not {_shown(value)}")
    return value


def _list(value: _Json, path: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list):
        _fail(path, f"expected a list, not {_shown(value)}")
    if length is not None and len(value) != length:
        _fail(path, f"expected {length} entries (one per seat), not {len(value)}")
    return value


_E = TypeVar("_E", bound=enum.Enum)


def _enum(kind: type[_E], value: _Json, path: str) -> _E:
    """The member of a string enum whose value is ``value``."""
    if isinstance(value, str):
        try:
            return kind(value)
        except ValueError:
            pass
    choices = ", ".join(json.dumps(member.value) for member in kind)
    _fail(path, f"expected one of {choices}, not {_shown(value)}")


def _card(value: _Json, path: str) -> Card:
    """A card from its canonical text (``"10♠"``, not ``"Ts"``: one spelling per card)."""
    if isinstance(value, str):
        card = _CARD_OF.get(value)
        if card is not None:
            return card
    else:
        _fail(path, f"expected a card's text such as \"10♠\", not {_shown(value)}")
    try:
        card = Card.parse(value)
    except CommerceError:
        _fail(path, f"{_shown(value)} is not a card (write rank and suit, such as \"10♠\" or \"A♥\")")
    _fail(path, f"{_shown(value)} is not a card's canonical text: write {json.dumps(str(card), ensure_ascii=False)}")


def _cards(value: _Json, path: str) -> tuple[Card, ...]:
    """A list of cards (repeats are the caller's business: they may be in different places)."""
    items = _list(value, path)
    try:  # the fast path: every item a canonical card text
        cards = tuple([_CARD_OF[item] for item in items])
    except (KeyError, TypeError):  # a text that is no card, or an unhashable JSON value
        return tuple(_card(item, f"{path}[{i}]") for i, item in enumerate(items))
    return cards


def _seat(value: _Json, path: str, players: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        _fail(path, f"expected a seat number, not {_shown(value)}")
    if not 0 <= value < players:
        _fail(path, f"there is no seat {value} (seats are 0 to {players - 1})")
    return value


def _optional_seat(value: _Json, path: str, players: int) -> int | None:
    return None if value is None else _seat(value, path, players)


def _seats(value: _Json, path: str, players: int) -> tuple[int, ...]:
    """A list of distinct seats."""
    seats = tuple(_seat(item, f"{path}[{i}]", players) for i, item in enumerate(_list(value, path)))
    _no_repeats(seats, path, "seat")
    return seats


def _no_repeats(items: tuple[Any, ...], path: str, what: str) -> None:
    if len(set(items)) != len(items):
        repeated = next(item for i, item in enumerate(items) if item in items[:i])
        _fail(path, f"{what} {repeated} appears twice")


_STATE_FIELDS: Final = (
    "format", "version", "rules", "num_players", "seed", "deal_number", "dealer", "phase", "to_act",
    "hands", "widow", "stock", "discard", "pot", "balances", "lives", "turn", "history", "showdowns",
    "winners", "horse_bought",
)  # fmt: skip
_TURN_FIELDS: Final = (
    "turn_of", "turns", "passes", "exchanges", "given", "knockers", "final_left", "offer", "declined",
    "resume", "round", "spent",
)  # fmt: skip
_EVENT_FIELDS: Final = ("kind", "player", "cards", "target", "visible_to")
_SHOWDOWN_FIELDS: Final = ("deal_number", "dealer", "reason", "hands", "winner", "losers", "payments")
_PAYMENT_FIELDS: Final = ("payer", "payee", "points")


def _check_header(document: _Json) -> dict[str, Any]:
    """The document is an object saying it is a state, in a version this library reads."""
    if not isinstance(document, dict):
        _fail("document", f"expected a JSON object, not {_shown(document)}")
    if "format" not in document:
        _fail("document", f"missing field 'format' (a state document says \"format\": {json.dumps(STATE_FORMAT)})")
    if document["format"] != STATE_FORMAT:
        _fail("format", f"expected {json.dumps(STATE_FORMAT)}, not {_shown(document['format'])}")
    if "version" not in document:
        _fail("document", "missing field 'version'")
    version = _int(document["version"], "version")
    if version != STATE_VERSION:
        newer = " (newer than this library)" if version > STATE_VERSION else ""
        _fail("version", f"version {version}{newer} cannot be read: this library reads version {STATE_VERSION}")
    return _object(document, "", _STATE_FIELDS)


def _read_rules(value: _Json) -> Rules:
    """The rules from their options (an option left out takes its default); only variants this version checks."""
    if not isinstance(value, dict):
        _fail("rules", f"expected a JSON object of rules options, not {_shown(value)}")
    try:
        rules = Rules.from_options(value)
    except (CommerceError, TypeError) as error:
        _fail("rules", str(error))
    _check_readable_rules(rules)
    return rules


def _check_readable_rules(rules: Rules) -> None:
    """Only variants whose invariants this version checks are written and read."""
    if rules.mechanism not in _READABLE_MECHANISMS or rules.scoring not in _READABLE_SCORINGS:
        _fail(
            "rules",
            f"states with mechanism {rules.mechanism.value!r} and scoring {rules.scoring.value!r} "
            f"are not supported by state format version {STATE_VERSION}",
        )


def _read_turn(value: _Json, players: int) -> TurnState:
    turn = _object(value, "turn", _TURN_FIELDS)
    given = _cards(turn["given"], "turn.given")
    _no_repeats(given, "turn.given", "card")
    return TurnState(
        turn_of=_seat(turn["turn_of"], "turn.turn_of", players),
        turns=_int(turn["turns"], "turn.turns", 0),
        passes=_int(turn["passes"], "turn.passes", 0),
        exchanges=_int(turn["exchanges"], "turn.exchanges", 0),
        given=given,
        knockers=_seats(turn["knockers"], "turn.knockers", players),
        final_left=_seats(turn["final_left"], "turn.final_left", players),
        offer=None if turn["offer"] is None else _card(turn["offer"], "turn.offer"),
        declined=_seats(turn["declined"], "turn.declined", players),
        resume=None if turn["resume"] is None else _enum(Phase, turn["resume"], "turn.resume"),
        round=_int(turn["round"], "turn.round", 1),
        spent=_seats(turn["spent"], "turn.spent", players),
    )


def _read_event(value: _Json, path: str, players: int) -> Event:
    event = _object(value, path, _EVENT_FIELDS)
    cards = _cards(event["cards"], _at(path, "cards"))
    _no_repeats(cards, _at(path, "cards"), "card")
    visible_to = event["visible_to"]
    return Event(
        kind=_enum(EventKind, event["kind"], _at(path, "kind")),
        player=_seat(event["player"], _at(path, "player"), players),
        cards=cards,
        target=_optional_seat(event["target"], _at(path, "target"), players),
        visible_to=None if visible_to is None else _seats(visible_to, _at(path, "visible_to"), players),
    )


def _read_payment(value: _Json, path: str, players: int) -> Payment:
    payment = _object(value, path, _PAYMENT_FIELDS)
    return (
        _optional_seat(payment["payer"], _at(path, "payer"), players),
        _optional_seat(payment["payee"], _at(path, "payee"), players),
        _int(payment["points"], _at(path, "points"), 1),
    )


def _read_hand_values(hands: tuple[tuple[Card, ...], ...], path: str, rules: Rules) -> tuple[HandValue | None, ...]:
    """Each revealed hand's value, rebuilt with :func:`evaluate` (``None`` for a seat without cards)."""
    values: list[HandValue | None] = []
    for seat, hand in enumerate(hands):
        if not hand:
            values.append(None)
            continue
        try:
            values.append(evaluate(hand, rules))
        except CommerceError as error:
            _fail(f"{path}[{seat}]", f"not a hand of this variant: {error}")
    return tuple(values)


def _read_showdown(value: _Json, path: str, players: int, rules: Rules) -> Showdown:
    showdown = _object(value, path, _SHOWDOWN_FIELDS)
    hands_path = _at(path, "hands")
    hands = tuple(
        _cards(hand, f"{hands_path}[{seat}]") for seat, hand in enumerate(_list(showdown["hands"], hands_path, players))
    )
    _check_cards_once(hands_path, [(f"{hands_path}[{seat}]", hand) for seat, hand in enumerate(hands)], rules)
    payments_path = _at(path, "payments")
    return Showdown(
        deal_number=_int(showdown["deal_number"], _at(path, "deal_number"), 1),
        dealer=_seat(showdown["dealer"], _at(path, "dealer"), players),
        reason=_enum(ShowdownReason, showdown["reason"], _at(path, "reason")),
        hands=hands,
        values=_read_hand_values(hands, hands_path, rules),
        winner=_seat(showdown["winner"], _at(path, "winner"), players),
        losers=_seats(showdown["losers"], _at(path, "losers"), players),
        payments=tuple(
            _read_payment(item, f"{payments_path}[{i}]", players)
            for i, item in enumerate(_list(showdown["payments"], payments_path))
        ),
    )


def _read_state(document: dict[str, Any]) -> GameState:
    """Layer 1: every field of the document read with its type and range; no cross-field checks yet."""
    rules = _read_rules(document["rules"])
    players = _int(document["num_players"], "num_players", MIN_PLAYERS, MAX_PLAYERS)
    hands = _list(document["hands"], "hands", players)
    return GameState(
        rules=rules,
        num_players=players,
        seed=_int(document["seed"], "seed"),
        deal_number=_int(document["deal_number"], "deal_number", 1),
        dealer=_seat(document["dealer"], "dealer", players),
        phase=_enum(Phase, document["phase"], "phase"),
        to_act=_optional_seat(document["to_act"], "to_act", players),
        hands=tuple(_cards(hand, f"hands[{seat}]") for seat, hand in enumerate(hands)),
        widow=_cards(document["widow"], "widow"),
        stock=_cards(document["stock"], "stock"),
        discard=_cards(document["discard"], "discard"),
        pot=_int(document["pot"], "pot", 0),
        balances=tuple(
            _int(item, f"balances[{seat}]") for seat, item in enumerate(_list(document["balances"], "balances", players))
        ),
        lives=tuple(
            _int(item, f"lives[{seat}]", 0) for seat, item in enumerate(_list(document["lives"], "lives", players))
        ),
        turn=_read_turn(document["turn"], players),
        history=tuple(
            _read_event(item, f"history[{i}]", players) for i, item in enumerate(_list(document["history"], "history"))
        ),
        showdowns=tuple(
            _read_showdown(item, f"showdowns[{i}]", players, rules)
            for i, item in enumerate(_list(document["showdowns"], "showdowns"))
        ),
        winners=_seats(document["winners"], "winners", players),
        horse_bought=_bool(document["horse_bought"], "horse_bought"),
    )


# =============================================================================================
# Reading, layer 2: the state's consistency, one check per function
# =============================================================================================


def _check_cards_once(path: str, places: list[tuple[str, tuple[Card, ...]]], rules: Rules) -> int:
    """Every card in ``places`` belongs to the variant's deck and appears once; returns their bit set."""
    deck = deck_for(rules)
    deck_bits = _DECK_BITS[len(deck)]
    seen = 0
    for place, cards in places:
        for card in cards:
            bit = card.bit
            if not bit & deck_bits:
                _fail(place, f"{card} is not in this variant's {len(deck)}-card deck")
            if bit & seen:
                first = next(where for where, held in places if card in held)
                twice = f"in {place}" if first == place else f"({first} and {place})"
                _fail(path, f"{card} appears twice {twice}")
            seen |= bit
    return seen


_DECK_BITS: Final[dict[int, int]] = {
    len(deck): sum(card.bit for card in deck) for deck in (deck_for(FOSTER), deck_for(TRENTUNO))
}
"""Each deck as a bit set of its cards, by its size."""


def _between_deals(state: GameState) -> bool:
    """Whether the state holds a finished deal: the match is over, or Hoyle's horse question waits.

    Such a state keeps the last deal's cards and bookkeeping as they were at
    its showdown; the next deal is not dealt yet.
    """
    return state.phase is Phase.OVER or state.phase is Phase.HORSE


def _check_cards_conserved(state: GameState) -> None:
    """The hands, widow, stock and discard hold the variant's deck exactly, each card once."""
    places = [(f"hands[{seat}]", hand) for seat, hand in enumerate(state.hands)]
    places += [("widow", state.widow), ("stock", state.stock), ("discard", state.discard)]
    seen = _check_cards_once("cards", places, state.rules)
    missing = [card for card in deck_for(state.rules) if not card.bit & seen]
    if missing:
        _fail("cards", f"{missing[0]} is missing: the hands, widow, stock and discard must hold the whole deck")


def _check_widow(state: GameState) -> None:
    """A widow of 3 where the variant has one (Hoyle's: 2 more than the round), none where not; a discard only without."""
    rules = state.rules
    if rules.mechanism is Mechanism.ROUNDS:
        size = 2 + state.turn.round
        if len(state.widow) != size:
            _fail("widow", f"in round {state.turn.round} the widow holds {size} cards, not {len(state.widow)}")
    elif rules.has_widow and len(state.widow) != 3:
        _fail("widow", f"this variant's widow holds 3 cards, not {len(state.widow)}")
    if not rules.has_widow and state.widow:
        _fail("widow", "this variant has no widow: the list must be empty")
    if rules.mechanism is not Mechanism.TRADE_BARTER and state.discard:
        _fail("discard", "only trade and barter has a discard pile: the list must be empty")


def _is_quad(hand: tuple[Card, ...]) -> bool:
    return len(hand) == 4 and len({card.rank for card in hand}) == 1


def _check_hand_sizes(state: GameState) -> None:
    """3 cards for a seat with lives (4, a quad, only after a pounce), none without; between deals, the last showdown's."""
    if _between_deals(state):
        if state.showdowns and state.hands != state.showdowns[-1].hands:
            _fail("hands", f"in phase {state.phase.value!r} the hands are those of the last showdown")
        return
    for seat, hand in enumerate(state.hands):
        path = f"hands[{seat}]"
        if state.lives[seat] == 0:
            if hand:
                _fail(path, f"seat {seat} has no lives left and holds no cards, not {len(hand)}")
        elif len(hand) == 4:
            if not state.rules.pounce:
                _fail(path, "a four-card hand needs the pounce (rules.pounce)")
            if not _is_quad(hand):
                _fail(path, "a four-card hand is four of a rank (a pounce's quad)")
        elif len(hand) != 3:
            _fail(path, f"seat {seat} holds 3 cards, not {len(hand)}")


def _check_players_left(state: GameState) -> None:
    """A deal under way has at least two seats with lives; the horse question at least one."""
    if state.phase is Phase.OVER:
        return
    needed = 1 if state.phase is Phase.HORSE else 2
    if len(state.active) < needed:
        _fail("lives", f"a match under way needs at least {'one seat' if needed == 1 else 'two seats'} with lives left")


def _check_money(state: GameState) -> None:
    """Every point is a transfer: the balances and the pot sum to 0; lives variants have no pot."""
    total = sum(state.balances) + state.pot
    if total != 0:
        _fail("balances", f"the balances plus the pot must sum to 0, not {total}")
    if state.rules.scoring is Scoring.LIVES and state.pot:
        _fail("pot", "a lives variant has no pot: it must be 0")


def _check_deal_number(state: GameState) -> None:
    """One showdown per finished deal, numbered 1, 2, ...; a ledger match has one deal per player."""
    if state.rules.scoring is Scoring.LEDGER and state.deal_number > state.num_players:
        _fail("deal_number", f"a ledger match has one deal per player: at most {state.num_players}")
    finished = state.deal_number if _between_deals(state) else state.deal_number - 1
    if len(state.showdowns) != finished:
        _fail("showdowns", f"deal {state.deal_number} needs {finished} past showdowns, not {len(state.showdowns)}")
    for i, showdown in enumerate(state.showdowns):
        if showdown.deal_number != i + 1:
            _fail(f"showdowns[{i}].deal_number", f"expected {i + 1}, not {showdown.deal_number}")


_PHASES: Final[dict[Mechanism, tuple[Phase, ...]]] = {
    Mechanism.TRADE_BARTER: (Phase.PLAY, Phase.BARTER_REPLY),
    Mechanism.WIDOW: (Phase.PLAY, Phase.FINAL_ROUND),
    Mechanism.ROUNDS: (Phase.BLIND_EXCHANGE, Phase.PLAY),
}
"""The phases of a deal under way, by mechanism (the pounce and the horse are added by their options)."""


def _check_phase(state: GameState) -> None:
    """``to_act`` is ``None`` exactly when over; the phase belongs to the rules; the dealer and the actor have lives."""
    rules = state.rules
    if state.is_over:
        if state.to_act is not None:
            _fail("to_act", "must be null once the phase is \"over\"")
        return
    if state.to_act is None:
        _fail("to_act", f"null is only for a match that is over, not in phase {state.phase.value!r}")
    allowed = _PHASES[rules.mechanism]
    allowed += (Phase.POUNCE,) if rules.pounce else ()
    allowed += (Phase.HORSE,) if rules.scoring is Scoring.POOL and rules.horse else ()
    if state.phase not in allowed:
        _fail("phase", f"{state.phase.value!r} is not a phase of these rules ({', '.join(p.value for p in allowed)})")
    if state.phase is Phase.HORSE:
        return  # asked of a seat that just lost its last counter; see _check_horse_question
    if state.lives[state.to_act] == 0:
        _fail("to_act", f"seat {state.to_act} has no lives left and cannot act")
    if state.lives[state.dealer] == 0:
        _fail("dealer", f"seat {state.dealer} has no lives left and cannot deal")


def _check_dealers(state: GameState) -> None:
    """The deal passes to the left: each dealer is the first seat after the last one that was dealt cards."""
    showdowns = state.showdowns
    n = state.num_players
    for i in range(1, len(showdowns)):
        before, after = showdowns[i - 1].dealer, showdowns[i]
        expected = next((s for s in ((before + k) % n for k in range(1, n + 1)) if after.hands[s]), None)
        if after.dealer != expected:
            _fail(f"showdowns[{i}].dealer", f"the deal passes to the left: seat {expected} dealt after seat {before}, not seat {after.dealer}")
    if not showdowns:
        return
    last = showdowns[-1].dealer
    expected = last if _between_deals(state) else next_active(state.lives, last)
    if state.dealer != expected:
        _fail("dealer", f"seat {expected} deals after seat {last} (the last showdown's dealer), not seat {state.dealer}")


def _check_turn_counts(state: GameState) -> None:
    """A deal under way has not reached ``turn_limit``; the turn's seat has lives; exchanges match the cards given."""
    if _between_deals(state):
        return
    turn, rules = state.turn, state.rules
    if state.lives[turn.turn_of] == 0:
        _fail("turn.turn_of", f"seat {turn.turn_of} has no lives left")
    limit = rules.turn_limit
    if limit is not None and turn.turns >= limit:
        _fail("turn.turns", f"{turn.turns} turns reach the turn limit of {limit}: the deal would be over")
    if turn.exchanges != len(turn.given):
        _fail("turn.exchanges", f"{turn.exchanges} exchanges this turn but {len(turn.given)} cards given (turn.given)")
    for card in turn.given:  # only a pounce takes a card out of the widow
        if card not in state.widow and not rules.pounce:
            _fail("turn.given", f"{card}, given to the widow this turn, is not in the widow")
    most = rules.exchanges_per_turn if state.phase is Phase.POUNCE else rules.exchanges_per_turn - 1
    if turn.exchanges > most:
        _fail("turn.exchanges", f"{turn.exchanges} exchanges would have ended the turn (exchanges_per_turn is {rules.exchanges_per_turn})")


def _check_turn_position(state: GameState) -> None:
    """Trade and barter, widow: turns go clockwise from the eldest, so ``turns`` turns on it is that many seats on."""
    if _between_deals(state) or state.rules.mechanism is Mechanism.ROUNDS:
        return
    turn = state.turn
    active = state.active
    expected = active[(active.index(state.eldest) + turn.turns) % len(active)]
    if turn.turn_of != expected:
        _fail("turn.turn_of", f"after {turn.turns} turns from the eldest (seat {state.eldest}) it is seat {expected}'s turn, not seat {turn.turn_of}'s")
    if turn.passes > turn.turns:
        _fail("turn.passes", f"{turn.passes} passes in a row cannot come from {turn.turns} turns")


def _check_unused_turn_fields(state: GameState) -> None:
    """Each mechanism's own fields keep their defaults in the others; so does the horse outside the pool."""
    turn, rules = state.turn, state.rules
    if rules.mechanism is not Mechanism.ROUNDS:
        if turn.round != 1:
            _fail("turn.round", "rounds are counted only by the rounds mechanism: must be 1")
        if turn.spent:
            _fail("turn.spent", "only the rounds mechanism marks spent seats: must be empty")
    if state.horse_bought and not (rules.scoring is Scoring.POOL and rules.horse):
        _fail("horse_bought", "a horse is bought only with pool scoring and the horse option: must be false")
    if _between_deals(state):
        return
    if rules.mechanism is not Mechanism.TRADE_BARTER and turn.offer is not None:
        _fail("turn.offer", "only trade and barter offers a card: must be null")
    if rules.mechanism is not Mechanism.WIDOW and turn.passes:
        _fail("turn.passes", "only the widow game counts passes toward a stall: must be 0")


def _check_trade_barter_turn(state: GameState) -> None:
    """Trade and barter: the turn's player acts, or their neighbour answers an offer they hold."""
    turn = state.turn
    if state.rules.mechanism is not Mechanism.TRADE_BARTER or _between_deals(state):
        return
    for name, items in (("given", turn.given), ("knockers", turn.knockers), ("final_left", turn.final_left)):
        if items:
            _fail(f"turn.{name}", "must be empty while a trade and barter deal is under way")
    if not state.stock:
        _fail("stock", "a trade and barter deal under way has a stock (emptying it ends the deal)")
    if state.phase is Phase.BARTER_REPLY:
        if turn.offer is None or turn.offer not in state.hands[turn.turn_of]:
            _fail("turn.offer", f"a barter waiting for an answer needs an offered card held by seat {turn.turn_of}")
        partner = barter_partner(state, turn.turn_of)
        if state.to_act != partner:
            _fail("to_act", f"seat {partner} answers seat {turn.turn_of}'s barter, not seat {state.to_act}")
        return
    if turn.offer is not None:
        _fail("turn.offer", "an offered card is only held while a barter waits for an answer")
    if state.to_act != turn.turn_of:
        _fail("to_act", f"it is seat {turn.turn_of}'s turn (turn.turn_of), not seat {state.to_act}'s")


def _knocked(state: GameState) -> bool:
    return state.phase is Phase.FINAL_ROUND or (state.phase is Phase.POUNCE and state.turn.resume is Phase.FINAL_ROUND)


def _check_widow_turn(state: GameState) -> None:
    """Widow: the stall count, whose turn it is."""
    turn, rules = state.turn, state.rules
    if rules.mechanism is not Mechanism.WIDOW or _between_deals(state):
        return
    stall = rules.stall_passes * len(state.active)
    if turn.passes >= stall:
        _fail("turn.passes", f"{turn.passes} passes in a row reach the stall ({stall}): the deal would be over")
    if state.phase is not Phase.POUNCE and state.to_act != turn.turn_of:
        _fail("to_act", f"it is seat {turn.turn_of}'s turn (turn.turn_of), not seat {state.to_act}'s")


def _check_knock(state: GameState) -> None:
    """Widow: one knock at most; after it, the seats owed a final turn, in order from the knocker's left."""
    turn = state.turn
    if state.rules.mechanism is not Mechanism.WIDOW or _between_deals(state):
        return
    if not _knocked(state):
        if turn.knockers or turn.final_left:
            _fail("turn.knockers", "a knock starts the final round: knockers and final_left must be empty before it")
        return
    if len(turn.knockers) != 1:
        _fail("turn.knockers", f"the final round follows exactly one knock, not {len(turn.knockers)}")
    knocker = turn.knockers[0]
    if state.lives[knocker] == 0:
        _fail("turn.knockers[0]", f"seat {knocker} has no lives left")
    n = state.num_players
    owed = [seat for seat in ((knocker + k) % n for k in range(1, n)) if state.lives[seat] > 0]
    left = list(turn.final_left)
    if not left or left != owed[len(owed) - len(left) :]:
        _fail("turn.final_left", f"expected the last seats of {owed} (the final turns still owed, in order), not {left}")
    if turn.turn_of != left[0]:
        _fail("turn.turn_of", f"the final round's turn is seat {left[0]}'s (turn.final_left[0]), not seat {turn.turn_of}'s")


def _check_rounds_turn(state: GameState) -> None:
    """Hoyle's rounds: the dealer's blind exchange first; then each round's seats in order from the eldest, knockers out."""
    turn = state.turn
    if state.rules.mechanism is not Mechanism.ROUNDS or _between_deals(state):
        return
    active = state.active
    if not 1 <= turn.round <= len(active):
        _fail("turn.round", f"a deal has as many rounds as active players: 1 to {len(active)}, not {turn.round}")
    if len(turn.knockers) > 1:
        _fail("turn.knockers", "a second knock ends the deal: at most one knocker while it goes on")
    for name, seats in (("knockers", turn.knockers), ("spent", turn.spent), ("final_left", turn.final_left)):
        for seat in seats:
            if state.lives[seat] == 0:
                _fail(f"turn.{name}", f"seat {seat} has no lives left")
    n = state.num_players
    from_eldest = [seat for seat in ((state.dealer + k) % n for k in range(1, n + 1)) if state.lives[seat] > 0]
    if state.phase is Phase.BLIND_EXCHANGE:
        fresh = TurnState(turn_of=from_eldest[0], final_left=tuple(from_eldest))
        if turn != fresh:
            _fail("turn", "before the blind exchange the turn is the deal's first: round 1, every active seat to play from the eldest")
        if state.to_act != state.dealer:
            _fail("to_act", f"the dealer, seat {state.dealer}, exchanges blind first, not seat {state.to_act}")
        return
    if turn.turn_of in turn.knockers:
        _fail("turn.turn_of", f"seat {turn.turn_of} knocked and takes no more turns in the deal")
    rest = from_eldest[from_eldest.index(turn.turn_of) :]
    expected = [seat for seat in rest if seat not in turn.knockers]
    if list(turn.final_left) != expected:
        _fail("turn.final_left", f"expected {expected}, the seats still to play this round in order (a knocker takes no more turns), not {list(turn.final_left)}")
    if state.to_act != turn.turn_of:
        _fail("to_act", f"it is seat {turn.turn_of}'s turn (turn.turn_of), not seat {state.to_act}'s")
    if turn.exchanges and turn.turn_of in turn.spent:
        _fail("turn.spent", f"seat {turn.turn_of} is exchanging this turn, so it cannot be spent")


def _check_pounce(state: GameState) -> None:
    """Pounce: the player asked is the first eligible one from the turn's seat; nobody else is left unasked."""
    turn, rules = state.turn, state.rules
    if _between_deals(state):
        return
    if state.phase is not Phase.POUNCE and turn.resume is not None:
        _fail("turn.resume", "only a pending pounce question returns to another phase: must be null")
    if not rules.pounce:
        if turn.declined:
            _fail("turn.declined", "only a pounce can be declined: must be empty")
        return
    for seat in turn.declined:
        if state.lives[seat] == 0:
            _fail("turn.declined", f"seat {seat} has no lives left")
    n = state.num_players
    eligible = [
        seat
        for seat in ((turn.turn_of + k) % n for k in range(n))
        if state.lives[seat] > 0 and seat not in turn.declined and pounce_card(state, seat) is not None
    ]
    if state.phase is Phase.POUNCE:
        if turn.resume not in (Phase.PLAY, Phase.FINAL_ROUND):
            _fail("turn.resume", "a pounce question returns to \"play\" or \"final_round\"")
        if not eligible or state.to_act != eligible[0]:
            asked = f"seat {eligible[0]}" if eligible else "nobody"
            _fail("to_act", f"the pounce question goes to {asked}, not seat {state.to_act}")
    elif eligible:
        _fail("phase", f"seat {eligible[0]} can pounce: the state must ask it first (phase \"pounce\")")


def _check_horse_question(state: GameState) -> None:
    """Hoyle's horse: asked, once a match, of the first player out at the last showdown, nearest the dealer's left."""
    if state.phase is not Phase.HORSE:
        return
    if state.horse_bought:
        _fail("horse_bought", "the one horse of the match is bought: nobody is asked again")
    last = state.showdowns[-1] if state.showdowns else None
    out = [seat for seat in (last.losers if last else ()) if state.lives[seat] == 0]
    if not out or any(state.lives[seat] == 0 and seat not in out for seat in range(state.num_players)):
        _fail("phase", "the horse is offered only to the first player out, right after the showdown that put them out")
    n = state.num_players
    first = min(out, key=lambda seat: (seat - state.dealer - 1) % n)
    if state.to_act != first:
        _fail("to_act", f"the horse is offered to seat {first}, the first out nearest the dealer's left, not seat {state.to_act}")


# How many cards each kind of event names (see EventKind).
_EVENT_CARDS: Final[dict[EventKind, Callable[[int], bool]]] = {
    EventKind.BUY: lambda k: k == 2,
    EventKind.BARTER: lambda k: k == 2,
    EventKind.BARTER_REFUSED: lambda k: k == 1,
    EventKind.KNOCK: lambda k: k == 0,
    EventKind.EXCHANGE: lambda k: k == 2,
    EventKind.PASS: lambda k: k == 0,
    EventKind.POUNCE: lambda k: k == 2,
    EventKind.POUNCE_DECLINED: lambda k: k == 0,
    EventKind.BLIND_EXCHANGE: lambda k: k in (2, 4, 6),
    EventKind.WIDOW_GROWS: lambda k: k == 1,
    EventKind.HORSE: lambda k: k == 0,
    EventKind.HORSE_DECLINED: lambda k: k == 0,
}


def _check_history(state: GameState) -> None:
    """Each event names as many cards as its kind does, and ``visible_to`` lists seats in order."""
    for i, event in enumerate(state.history):
        path = f"history[{i}]"
        fits = _EVENT_CARDS.get(event.kind)
        if fits is not None and not fits(len(event.cards)):
            _fail(f"{path}.cards", f"a {event.kind.value!r} event cannot name {len(event.cards)} cards")
        if event.visible_to is not None and (not event.visible_to or list(event.visible_to) != sorted(event.visible_to)):
            _fail(f"{path}.visible_to", "expected null (public) or the seats that saw the cards, in increasing order")
        expected = _event_visibility(event)
        if event.visible_to != expected:
            seen = "null (public)" if expected is None else f"{list(expected)} (the seats that saw its cards)"
            _fail(f"{path}.visible_to", f"a {event.kind.value!r} event is seen by {seen}")


def _event_visibility(event: Event) -> tuple[int, ...] | None:
    """Who sees an event's cards, by its kind: the buyer a buy's, the two parties a barter's, everyone the rest's."""
    if event.kind in (EventKind.BUY, EventKind.BARTER_REFUSED):
        return (event.player,)
    if event.kind is EventKind.BARTER and event.target is not None:
        return tuple(sorted((event.player, event.target)))
    return None


def _check_lives(state: GameState) -> None:
    """Lives never exceed the start (a horse gives one back, never more); a ledger has no lives to lose."""
    start = state.rules.starting_lives
    for seat, lives in enumerate(state.lives):
        if state.rules.scoring is Scoring.LEDGER and lives != start:
            _fail(f"lives[{seat}]", f"with a ledger nobody is eliminated: every seat keeps {start}, not {lives}")
        if lives > start:
            _fail(f"lives[{seat}]", f"at most starting_lives ({start}), not {lives}")


def _check_showdowns(state: GameState) -> None:
    """Each past showdown: the dealer and the winner held hands, the winner the best; losers the lowest; payments."""
    for i, showdown in enumerate(state.showdowns):
        path = f"showdowns[{i}]"
        values = showdown.values
        held = [seat for seat, value in enumerate(values) if value is not None]
        if len(held) < 2:
            _fail(f"{path}.hands", "a showdown needs at least two hands")
        for name, seat in (("dealer", showdown.dealer), ("winner", showdown.winner)):
            if values[seat] is None:
                _fail(f"{path}.{name}", f"seat {seat} held no hand at that showdown")
        strengths = [values[seat].strength for seat in held]  # type: ignore[union-attr]
        if values[showdown.winner].strength != max(strengths):  # type: ignore[union-attr]
            _fail(f"{path}.winner", f"seat {showdown.winner} did not hold the best hand")
        _check_showdown_losers(showdown, path, state.rules, min(strengths))
        _check_showdown_payments(showdown, path, state.rules)


_LOSE_LIVES: Final = (Scoring.LIVES, Scoring.POOL)
"""The scorings whose lowest hands lose a life (or a counter)."""


def _check_showdown_losers(showdown: Showdown, path: str, rules: Rules, lowest: int) -> None:
    """Every seat tied for the lowest hand lost a life -- or none did, where all hands tied (RULES.md §2.7)."""
    losers = showdown.losers
    if rules.scoring not in _LOSE_LIVES:
        if losers:
            _fail(f"{path}.losers", f"nobody loses a life with {rules.scoring.value} scoring: must be empty")
        return
    for seat in losers:
        value = showdown.values[seat]
        if value is None or value.strength != lowest:
            _fail(f"{path}.losers", f"seat {seat} did not hold the lowest hand")
    held = [seat for seat, value in enumerate(showdown.values) if value is not None]
    lowest_seats = tuple(seat for seat in held if showdown.values[seat].strength == lowest)  # type: ignore[union-attr]
    everyone_tied = len(lowest_seats) == len(held)
    if losers != lowest_seats and not (everyone_tied and not losers):
        _fail(f"{path}.losers", f"every seat tied for the lowest hand loses a life: expected {list(lowest_seats)}, not {list(losers)}")


def _check_showdown_payments(showdown: Showdown, path: str, rules: Rules) -> None:
    """Who may pay at a showdown: the pot and the dealer (ledger), the pool alone (pool), nobody (lives)."""
    if showdown.payments and rules.scoring is Scoring.LIVES:
        _fail(f"{path}.payments", "nobody pays at a lives showdown: must be empty")
    for j, (payer, payee, _points) in enumerate(showdown.payments):
        where = f"{path}.payments[{j}]"
        if payer == payee:
            _fail(where, "a payment goes from one party to another, not to itself")
        if rules.scoring is Scoring.POOL and payer is not None:
            _fail(where, "at a pool showdown only the pool pays")
        if rules.scoring is Scoring.LEDGER and payer is None and payee != showdown.winner:
            _fail(where, f"the pot goes to the winner, seat {showdown.winner}")
        if rules.scoring is Scoring.LEDGER and payer is not None and payer != showdown.dealer:
            _fail(where, f"at a ledger showdown only the pot and the dealer (seat {showdown.dealer}) pay")


def _check_winners(state: GameState) -> None:
    """No winners while the match goes on; once over, exactly those the scoring names."""
    if not state.is_over:
        if state.winners:
            _fail("winners", "the match is not over: must be empty")
        return
    expected = scoring_part(state.rules).winners(state)
    if expected is None:
        _fail("phase", "the match cannot be over: its scoring says play goes on")
    if state.winners != expected:
        _fail("winners", f"expected {list(expected)} (the scoring's winners of this state), not {list(state.winners)}")


_CONSISTENCY_CHECKS: Final[tuple[Callable[[GameState], None], ...]] = (
    _check_lives,
    _check_cards_conserved,
    _check_widow,
    _check_hand_sizes,
    _check_players_left,
    _check_money,
    _check_deal_number,
    _check_showdowns,
    _check_phase,
    _check_dealers,
    _check_turn_counts,
    _check_turn_position,
    _check_unused_turn_fields,
    _check_trade_barter_turn,
    _check_widow_turn,
    _check_knock,
    _check_rounds_turn,
    _check_pounce,
    _check_horse_question,
    _check_history,
    _check_winners,
)
"""Layer 2, in order: later checks may rely on earlier ones (the pounce check reads valid hands)."""


# =============================================================================================
# Reading, layer 3: the engine accepts the state
# =============================================================================================


def _check_playable(state: GameState) -> None:
    """The engine lists the actions of the rebuilt state: some while the match goes on, none once over."""
    try:
        actions = legal_actions(state)
    except CommerceError as error:
        _fail("state", f"the engine cannot play this state: {error}")
    if bool(actions) == state.is_over:
        _fail("state", "a match under way must offer an action" if not actions else "a match that is over offers none")


def state_from_json(text: str | bytes) -> GameState:
    """The state that :func:`to_json` wrote, checked as untrusted input.

    :raises SerializationError: the text is not a valid state document —
        bad JSON, another format or version, a field unknown, missing or of
        the wrong type, a card unreadable, missing or twice, a seat out of
        range, lists not one per seat, hand sizes, lives, money, phase or
        turn that do not fit together. The message starts with the field's
        path (``hands[2][0]: ...``).

    >>> from commerce_rules import state_from_json
    >>> state_from_json('{"format": "commerce-rules/state", "version": 2}')
    Traceback (most recent call last):
    ...
    commerce_rules.errors.SerializationError: version: version 2 (newer than this library) cannot be read: this library reads version 1
    """
    document = _check_header(_parse(text, "state document"))
    state = _read_state(document)
    for check in _CONSISTENCY_CHECKS:
        check(state)
    _check_playable(state)
    return state


_ACTION_FIELDS: Final[dict[str, tuple[str, ...]]] = {
    "buy": ("type", "player", "card"),
    "barter": ("type", "player", "card"),
    "barter_reply": ("type", "player", "card"),
    "knock": ("type", "player"),
    "exchange": ("type", "player", "give", "take"),
    "pass": ("type", "player"),
    "pounce": ("type", "player"),
    "blind_exchange": ("type", "player", "take"),
    "buy_horse": ("type", "player"),
}


_CARD_ACTIONS: Final[dict[str, Callable[[int, Card], Action]]] = {"buy": Buy, "barter": Barter, "barter_reply": BarterReply}
_SEAT_ACTIONS: Final[dict[str, Callable[[int], Action]]] = {"knock": Knock, "pass": Pass, "pounce": Pounce, "buy_horse": BuyHorse}


def action_from_json(text: str | bytes) -> Action:
    """The action that :func:`action_to_json` wrote, checked as untrusted input.

    Whether the action is legal in some state is :func:`~commerce_rules.apply`'s
    business; here it only has to be a well-formed action of a seat that can
    exist (0 to 11).

    :raises SerializationError: bad JSON, an unknown ``type``, a field
        unknown, missing or of the wrong type, an unreadable card.

    >>> from commerce_rules import action_from_json
    >>> action_from_json('{"type": "exchange", "player": 2, "give": "2♣", "take": "A♠"}')
    Exchange(player=2, give=Card('2♣'), take=Card('A♠'))
    >>> action_from_json('{"type": "exchange", "player": 2, "give": "2♣"}')
    Traceback (most recent call last):
    ...
    commerce_rules.errors.SerializationError: action: missing field 'take'
    """
    value = _parse(text, "action")
    if not isinstance(value, dict):
        _fail("action", f"expected a JSON object, not {_shown(value)}")
    if "type" not in value:
        _fail("action", "missing field 'type'")
    kind = value["type"]
    if not isinstance(kind, str) or kind not in _ACTION_FIELDS:
        _fail("action.type", f"{_shown(kind)} is not an action type ({', '.join(_ACTION_FIELDS)})")
    fields = _object(value, "action", _ACTION_FIELDS[kind])
    player = _seat(fields["player"], "action.player", MAX_PLAYERS)
    if kind in _CARD_ACTIONS:
        card = _card(fields["card"], "action.card")
        return _CARD_ACTIONS[kind](player, card)
    if kind == "exchange":
        return Exchange(player, _card(fields["give"], "action.give"), _card(fields["take"], "action.take"))
    if kind == "blind_exchange":
        take = _cards(fields["take"], "action.take")
        if not 1 <= len(take) <= 3:
            _fail("action.take", f"a blind exchange takes 1, 2 or 3 widow cards, not {len(take)}")
        _no_repeats(take, "action.take", "card")
        return BlindExchange(player, take)
    return _SEAT_ACTIONS[kind](player)
