"""Reading and writing the fields of a JSON document: one small function per kind of value.

Shared by the document layer (:mod:`commerce_rules.serialize`) and by the
parts, which read and write their own records with them. Every reader
treats its input as untrusted and raises :class:`SerializationError` naming
the field's path (``turn.offer``, ``hands[2][0]``) and what is wrong.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Iterable
from typing import Any, Final, NoReturn, TypeVar, Union

from ..core.cards import DECK_52, Card
from ..core.errors import CommerceError, SerializationError
from ..core.quoting import MAX_QUOTE, escaped, number

__all__ = [
    "Json",
    "at",
    "boolean",
    "card",
    "card_text",
    "cards",
    "enum_member",
    "fail",
    "integer",
    "json_list",
    "no_repeats",
    "obj",
    "optional_seat",
    "seat",
    "seats",
    "shown",
    "texts",
]

Json = Union[None, bool, int, float, str, list[Any], dict[str, Any]]
"""A decoded JSON value."""

MAX_NUMBER: Final = 10**30
"""The largest whole number in size that a field without a bound of its own takes."""

_MAX_NAMES: Final = 100
"""How much of a list of allowed names (fields, enum values) a message shows."""

MAX_TEXT: Final = MAX_QUOTE
"""How much of a bad value or name an error message quotes (as every message: :mod:`commerce_rules.core.quoting`)."""


def fail(path: str, problem: str) -> NoReturn:
    raise SerializationError(f"{path}: {problem}" if path else problem)


def at(path: str, name: str) -> str:
    return f"{path}.{name}" if path else name


def quoted(text: str) -> str:
    """A name from the input as a message may quote it: short, on one line, escaped where not printable."""
    text = escaped(json.dumps(text[: 2 * MAX_TEXT], ensure_ascii=False))
    return text if len(text) <= MAX_TEXT else text[: MAX_TEXT - 4] + '..."'


def safe_name(name: str) -> str:
    """A field name from the input as a path may show it: on one line, escaped, at most 40 characters."""
    text = escaped(json.dumps(name[: 2 * MAX_TEXT], ensure_ascii=False)[1:-1])
    return text if len(text) <= MAX_TEXT else text[: MAX_TEXT - 3] + "..."


def shown(value: object) -> str:
    """A JSON value as the message quotes it: its kind, and the value if short."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        if abs(value) > MAX_NUMBER:
            return number(value)
        return f"the number {value}"
    if isinstance(value, float):
        return f"the number {value!r}"
    if isinstance(value, str):
        return f"the string {quoted(value)}"
    if isinstance(value, list):
        return f"a list of {len(value)}"
    return "an object"


def listed(names: list[str]) -> str:
    """Names joined by commas, cut after about 100 characters: a long list (19 event kinds) would crowd out the rest."""
    text = ", ".join(names)
    if len(text) <= _MAX_NAMES:
        return text
    return text[: text.rindex(", ", 0, _MAX_NAMES)] + ", ..."


def obj(value: Json, path: str, fields: Iterable[str]) -> dict[str, Any]:
    """``value`` as an object with exactly ``fields``: none missing, none unknown."""
    if not isinstance(value, dict):
        fail(path or "document", f"expected a JSON object, not {shown(value)}")
    wanted = tuple(fields)
    unknown = sorted(set(value) - set(wanted))
    if unknown:
        known = f"the fields are: {listed(sorted(wanted))}" if wanted else "it holds no fields"
        fail(at(path, safe_name(unknown[0])), f"unknown field ({known})")
    for name in wanted:
        if name not in value:
            fail(path or "document", f"missing field {name!r}")
    return value


def integer(value: Json, path: str, low: int | None = None, high: int | None = None) -> int:
    """A whole number (``true``/``false`` are not numbers) within ``low..high``, and never beyond 10**30 in size.

    No field of a document needs more (the largest is the seed, below 2**128),
    so a number of a thousand digits is refused here, and no check after this
    one can copy it into a message.
    """
    if not isinstance(value, int) or isinstance(value, bool):
        fail(path, f"expected a whole number, not {shown(value)}")
    if abs(value) > MAX_NUMBER and (high is None or low is None or value < low or value > high):
        fail(path, "a number of more than 30 digits is out of range")
    if (low is not None and value < low) or (high is not None and value > high):
        text = number(value)
        if high is None:
            fail(path, f"{text} is out of range: at least {low}")
        if low is None:
            fail(path, f"{text} is out of range: at most {high}")
        fail(path, f"{text} is out of range: {low} to {high}")
    return value


def boolean(value: Json, path: str) -> bool:
    if not isinstance(value, bool):
        fail(path, f"expected true or false, not {shown(value)}")
    return value


def json_list(value: Json, path: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list):
        fail(path, f"expected a list, not {shown(value)}")
    if length is not None and len(value) != length:
        fail(path, f"expected {length} entries (one per seat), not {len(value)}")
    return value


E = TypeVar("E", bound=enum.Enum)


def enum_member(kind: type[E], value: Json, path: str, choices: Iterable[E] | None = None) -> E:
    """The member of a string enum whose value is ``value`` (among ``choices`` if given)."""
    allowed = tuple(kind) if choices is None else tuple(choices)
    for member in allowed:
        if member.value == value and isinstance(value, str):
            return member
    fail(path, f"expected one of {listed([json.dumps(member.value) for member in allowed])}, not {shown(value)}")


_TEXT_OF: Final[tuple[str, ...]] = tuple(str(c) for c in DECK_52)
"""Each card's canonical text, by :attr:`Card.index` (a tuple index is faster than ``str(card)``)."""

CARD_OF: Final[dict[str, Card]] = {str(c): c for c in DECK_52}
"""The card of each canonical text: reading a card is one look-up."""


def card_text(c: Card) -> str:
    return _TEXT_OF[c.index]


def texts(items: Iterable[Card]) -> list[str]:
    text = _TEXT_OF
    return [text[c.index] for c in items]


def card(value: Json, path: str) -> Card:
    """A card from its canonical text (``"10♠"``, not ``"Ts"``: one spelling per card)."""
    if isinstance(value, str):
        found = CARD_OF.get(value)
        if found is not None:
            return found
    else:
        fail(path, f"expected a card's text such as \"10♠\", not {shown(value)}")
    try:
        parsed = Card.parse(value[:10])
    except CommerceError:
        fail(path, f"{shown(value)} is not a card (write rank and suit, such as \"10♠\" or \"A♥\")")
    fail(path, f"{shown(value)} is not a card's canonical text: write {json.dumps(str(parsed), ensure_ascii=False)}")


def cards(value: Json, path: str) -> tuple[Card, ...]:
    """A list of cards (repeats are the caller's business: they may be in different places)."""
    items = json_list(value, path)
    try:  # the fast path: every item a canonical card text
        return tuple([CARD_OF[item] for item in items])
    except (KeyError, TypeError):  # a text that is no card, or an unhashable JSON value
        return tuple(card(item, f"{path}[{i}]") for i, item in enumerate(items))


def seat(value: Json, path: str, players: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        fail(path, f"expected a seat number, not {shown(value)}")
    if not 0 <= value < players:
        fail(path, f"there is no seat {number(value)} (seats are 0 to {players - 1})")
    return value


def optional_seat(value: Json, path: str, players: int) -> int | None:
    return None if value is None else seat(value, path, players)


def no_repeats(items: tuple[Any, ...], path: str, what: str) -> None:
    if len(set(items)) != len(items):
        repeated = next(item for i, item in enumerate(items) if item in items[:i])
        fail(path, f"{what} {repeated} appears twice")


def seats(value: Json, path: str, players: int) -> tuple[int, ...]:
    """A list of distinct seats."""
    found = tuple(seat(item, f"{path}[{i}]", players) for i, item in enumerate(json_list(value, path)))
    no_repeats(found, path, "seat")
    return found


def optional_card(value: Json, path: str) -> Card | None:
    return None if value is None else card(value, path)
