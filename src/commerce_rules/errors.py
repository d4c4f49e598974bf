"""The library's error types.

Every error raised on bad input is a :class:`CommerceError`, and therefore a
:class:`ValueError`, so callers can catch one type for "the input was wrong".
"""

from __future__ import annotations

__all__ = [
    "ArgumentTypeError",
    "CardError",
    "CommerceError",
    "HandError",
    "IllegalActionError",
    "RulesError",
    "SerializationError",
]


class CommerceError(ValueError):
    """Base class of every error the library raises on bad input."""


class CardError(CommerceError):
    """A card's text could not be read (names the bad token)."""


class RulesError(CommerceError):
    """A rules option is unknown, out of range or impossible with the others."""


class HandError(CommerceError):
    """A hand cannot be ranked: wrong size, a duplicated card or a card not in the deck."""


class IllegalActionError(CommerceError):
    """An action that the current state does not allow; the state is unchanged."""


class SerializationError(CommerceError):
    """JSON text that is not a valid state or action."""


class ArgumentTypeError(CommerceError, TypeError):
    """An argument of the wrong type, such as ``apply()`` given something that is not a ``GameState``.

    Both a :class:`CommerceError` (the library's one error type for bad input)
    and a :class:`TypeError` (Python's usual error for a wrong type).
    """
