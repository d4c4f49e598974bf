"""One action as JSON: ``{"type": ..., "player": ..., <its card fields>}``, read from what the class declares."""

from __future__ import annotations

import json
from typing import Any, Final

from ..parts import jsonfields as jf
from ..engine import variant as _parts  # noqa: F401  (every part's action classes are defined before the table below)
from ..core.actions import ACTION_CLASSES, ANY_SEAT, MAX_SEAT, Action
from ..core.errors import CommerceError, SerializationError
from ..core.quoting import number
from .parse import parse

__all__ = [
    "ACTION_TYPE_NAMES", "action_document", "action_from_dict", "action_from_json", "action_to_dict", "action_to_json", "read_action",
]


ACTION_TYPE_NAMES: Final[dict[type[Action], str]] = {cls: name for name, cls in ACTION_CLASSES.items()}
"""The ``"type"`` of each action class in an action document."""


def action_document(action: Action) -> dict[str, Any]:
    document: dict[str, Any] = {"type": action.json_type, "player": action.player}
    for field, kind in action.card_fields:
        value = getattr(action, field)
        document[field] = jf.texts(value) if kind == "cards" else jf.card_text(value)
    for field, _words in action.word_fields:
        document[field] = getattr(action, field)
    return document


def action_to_json(action: Action) -> str:
    """One action as a JSON object such as ``{"give": "2♣", "player": 2, "take": "A♠", "type": "exchange"}``.

    >>> from commerce_rules import Card, Exchange, action_to_json
    >>> action_to_json(Exchange(2, Card.parse("2♣"), Card.parse("A♠")))
    '{"give": "2♣", "player": 2, "take": "A♠", "type": "exchange"}'
    """
    if not isinstance(action, Action) or not action.json_type:
        raise SerializationError(f"action_to_json() needs an action (Buy, Exchange, ...), not {type(action).__name__}")
    return json.dumps(action_document(action), ensure_ascii=False, sort_keys=True)


def action_to_dict(action: Action) -> dict[str, Any]:
    """One action as the dict :func:`action_to_json` writes (JSON values only): ``{"type": ..., "player": ..., ...}``.

    >>> from commerce_rules import Card, Exchange, action_to_dict
    >>> action_to_dict(Exchange(2, Card.parse("2♣"), Card.parse("A♠")))
    {'type': 'exchange', 'player': 2, 'give': '2♣', 'take': 'A♠'}
    """
    if not isinstance(action, Action) or not action.json_type:
        raise SerializationError(f"action_to_dict() needs an action (Buy, Exchange, ...), not {type(action).__name__}")
    return action_document(action)


def read_action(value: jf.Json, path: str) -> Action:
    """An action from its decoded document."""
    if not isinstance(value, dict):
        jf.fail(path, f"expected a JSON object, not {jf.shown(value)}")
    if "type" not in value:
        jf.fail(path, "missing field 'type'")
    name = value["type"]
    cls = ACTION_CLASSES.get(name) if isinstance(name, str) else None
    if cls is None:
        jf.fail(jf.at(path, "type"), f"{jf.shown(name)} is not an action type ({', '.join(ACTION_CLASSES)})")
    named = (*(field for field, _ in cls.card_fields), *(field for field, _ in cls.word_fields))
    fields = jf.obj(value, path, ("type", "player", *named))
    player = fields["player"]
    if type(player) is int and not 0 <= player <= MAX_SEAT:  # no table is at hand: say whose seats these are
        jf.fail(jf.at(path, "player"), f"there is no seat {number(player)} at any table: seats are {ANY_SEAT}")
    player = jf.seat(player, jf.at(path, "player"), MAX_SEAT + 1)
    arguments: list[Any] = [player]
    for field, kind in cls.card_fields:
        where = jf.at(path, field)
        if kind == "cards":
            cards = jf.cards(fields[field], where)
            jf.no_repeats(cards, where, "card")
            arguments.append(cards)
        else:
            arguments.append(jf.card(fields[field], where))
    for field, words in cls.word_fields:
        word = fields[field]
        if not isinstance(word, str) or word not in words:
            jf.fail(jf.at(path, field), f"expected one of {', '.join(map(jf.quoted, words))}, not {jf.shown(word)}")
        arguments.append(word)
    try:
        return cls(*arguments)
    except CommerceError as error:  # what the class itself requires (a blind exchange takes 1 to 3 cards)
        where = jf.at(path, cls.card_fields[-1][0]) if cls.card_fields else path
        jf.fail(where, str(error))


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
    commerce_rules.core.errors.SerializationError: action: missing field 'take'
    """
    return read_action(parse(text, "action"), "action")


def action_from_dict(document: object) -> Action:
    """The action of a dict such as :func:`action_to_dict` writes (a decoded action document), checked as untrusted input.

    The checks and messages of :func:`action_from_json`, for a document a
    web framework has decoded already.

    :raises SerializationError: not an object, an unknown ``type``, a field unknown, missing or of the wrong
        type, an unreadable card.

    >>> from commerce_rules import action_from_dict
    >>> action_from_dict({"type": "knock", "player": 1})
    Knock(player=1)
    >>> action_from_dict({"type": "knock", "player": "1"})
    Traceback (most recent call last):
    ...
    commerce_rules.core.errors.SerializationError: action.player: expected a seat number, not the string "1"
    """
    if isinstance(document, dict):
        for key in document:
            if not isinstance(key, str):  # JSON's field names are strings; a decoded document has no other
                jf.fail("action", f"a field name is a string, not {type(key).__name__}")
    return read_action(document, "action")  # type: ignore[arg-type]  # any other value: read_action refuses it
