"""Decoding JSON text as untrusted input: strict JSON, a size cap, a digits cap, every failure a SerializationError."""

from __future__ import annotations

import json
from typing import Any, Final, NoReturn

from ..core.errors import SerializationError
from ..parts.jsonfields import Json

__all__ = ["MAX_DIGITS", "MAX_DOCUMENT", "parse"]

MAX_DOCUMENT: Final = 4_000_000
"""The largest document read, in characters (or bytes): a 12-player match of long deals stays far below it."""
MAX_DIGITS: Final = 4300
"""The most digits an integer read may have (Python's default limit, even where it is lifted: reading a longer
one takes time that grows with the square of its length). The largest field, a seed below 2**128, has 39."""


def _reject_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise ValueError(f"a key appears twice in one object ({json.dumps(key, ensure_ascii=False)[:40]})")
        result[key] = value
    return result


def _reject_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a JSON number")


def _whole_number(text: str) -> int:
    """A JSON integer; refused in the library's words where it is too long to read (Python's own refusal names
    its interpreter settings). One of fewer digits is read, and its field says whether it is in range."""
    digits = len(text.lstrip("-"))
    if digits <= MAX_DIGITS:
        try:
            return int(text)
        except ValueError:  # this interpreter reads fewer digits (sys.set_int_max_str_digits)
            pass
    raise ValueError(f"a number of {digits:,} digits is too long to read")


def parse(text: object, what: str) -> Json:
    """Decode ``text``: strict JSON (no NaN, no repeated keys, at most :data:`MAX_DOCUMENT` long)."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise SerializationError(f"{what} must be JSON text (str or bytes), not {type(text).__name__}")
    if len(text) > MAX_DOCUMENT:
        raise SerializationError(f"the {what} is too long: {len(text):,} characters, at most {MAX_DOCUMENT:,}")
    try:
        value: Json = json.loads(
            text, object_pairs_hook=_reject_duplicate_keys, parse_constant=_reject_constant, parse_int=_whole_number
        )
    except RecursionError:
        raise SerializationError(f"bad JSON: the {what} is nested too deeply") from None
    except ValueError as error:  # JSONDecodeError, bad UTF-8, an integer too long to read
        raise SerializationError(f"bad JSON: {str(error)[:200]}") from None
    return value
