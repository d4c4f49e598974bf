"""The library's error types.

Every error raised on bad input is a :class:`CommerceError`, and therefore a
:class:`ValueError`, so callers can catch one type for "the input was wrong".
"""

from __future__ import annotations

from typing import Final

from .quoting import escaped

__all__ = [
    "ArgumentTypeError",
    "CardError",
    "CommerceError",
    "HandError",
    "IllegalActionError",
    "MAX_MESSAGE",
    "RulesError",
    "SerializationError",
]


MAX_MESSAGE: Final = 500
"""The longest message an error keeps, in characters: what a server sends back stays small (the longest the
library writes lists every rules option, about 400)."""


def safe_message(text: str) -> str:
    r"""``text`` as an error keeps it: valid UTF-8, on one line, at most :data:`MAX_MESSAGE` characters.

    A message too long loses its middle: its start names the field, its end
    what was found there.

    Messages quote untrusted input (a card's text, a field's name), and a
    server sends them back to the client that caused them, so a lone
    surrogate (which UTF-8 cannot encode), a line break or a control
    character is written escaped, as Python writes it in a string literal.

    >>> safe_message("bad \ud800\nnext")
    'bad \\ud800\\nnext'
    """
    if text.isprintable() and len(text) <= MAX_MESSAGE:
        return text  # the usual message: nothing to escape
    if len(text) > 2 * MAX_MESSAGE:  # the start says where, the end what was found: keep both
        text = text[:MAX_MESSAGE] + text[-MAX_MESSAGE:]
    kept = escaped(text)
    if len(kept) <= MAX_MESSAGE:
        return kept
    half = (MAX_MESSAGE - 3) // 2
    return kept[:half] + "..." + kept[-half:]


class CommerceError(ValueError):
    """Base class of every error the library raises on bad input.

    Its message is made safe once, here (:func:`safe_message`): whatever a
    message quotes, a server can send it back as UTF-8 text on one line.
    """

    def __init__(self, *args: object) -> None:
        if len(args) == 1 and isinstance(args[0], str):
            args = (safe_message(args[0]),)
        super().__init__(*args)


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
