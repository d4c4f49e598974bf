"""How an error message shows a value the caller gave: short, on one line, and never failing itself.

A message that copied its input whole could be a megabyte long, forge log
lines with its newlines, or raise while being built (Python refuses to turn
an integer of more than 4,300 digits into text, and a caller's ``__repr__``
may raise). Every message that quotes a caller's value goes through
:func:`shown` or :func:`number`.
"""

from __future__ import annotations

from typing import Final

__all__ = ["MAX_QUOTE", "escaped", "number", "shown"]

MAX_QUOTE: Final = 40
"""How many characters of a caller's value a message quotes at most."""

_LARGEST_SHOWN: Final = 10**30
"""Integers beyond this are described, not written out (the text of a huge int is slow, or refused)."""


def number(value: int) -> str:
    """An integer as a message writes it: its digits, or "a number of more than 30 digits"."""
    if -_LARGEST_SHOWN <= value <= _LARGEST_SHOWN:
        return str(int(value))
    return "a number of more than 30 digits"


def escaped(text: str) -> str:
    r"""``text`` with every character that is not printable (a line break, NUL, a lone surrogate) written as its escape.

    What is left encodes as UTF-8 and stays on one line, so a message may
    quote it and a server send it on.

    >>> print(escaped("a\nb\ud800"))
    a\nb\ud800
    """
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() else ascii(char)[1:-1] for char in text)


def shown(value: object) -> str:
    r"""``repr(value)`` capped at :data:`MAX_QUOTE` characters, line breaks escaped.

    >>> print(shown("line\n" * 100))
    'line\nline\nline\nline\nline\nline\n...
    >>> shown(10**5000)
    'a number of more than 30 digits'
    """
    if isinstance(value, int) and not isinstance(value, bool):
        return number(value)
    if isinstance(value, (list, tuple, set, frozenset, dict)) and len(value) > MAX_QUOTE:
        return f"a {type(value).__name__} of {len(value)} items"
    if isinstance(value, str) and len(value) > 4 * MAX_QUOTE:
        value = value[: 4 * MAX_QUOTE]  # the repr of a long text is built from its start only
    try:
        text = repr(value)
    except Exception:  # a huge int inside a list, a __repr__ that raises: say what it is
        text = f"a {type(value).__name__} value"
    text = text.replace("\r", "\\r").replace("\n", "\\n").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
    return text if len(text) <= MAX_QUOTE else text[: MAX_QUOTE - 3] + "..."
