"""Bounded caches: what is built once per ``Rules`` value is kept for a bounded number of values.

A server builds ``Rules`` from what clients choose, so a cache keyed by
``Rules`` (or by anything else a client picks) must not grow without limit.
Each such cache is a plain dict, read with one look-up as before; only
:func:`remember`, on insert, evicts: the oldest insertion goes first (first
in, first out). A value evicted is simply built again when next asked for.
"""

from __future__ import annotations

from typing import Final, TypeVar

__all__ = ["RULES_CACHE_SIZE", "remember"]

RULES_CACHE_SIZE: Final = 128
"""How many ``Rules`` values each cache keyed by them keeps: far more than one program plays at once."""

_K = TypeVar("_K")
_V = TypeVar("_V")


def remember(cache: dict[_K, _V], key: _K, value: _V, size: int = RULES_CACHE_SIZE) -> _V:
    """Store ``value`` under ``key`` in ``cache``, first evicting its oldest entries to keep at most ``size``; return ``value``."""
    while cache and len(cache) >= size:
        try:
            del cache[next(iter(cache))]
        except (KeyError, RuntimeError, StopIteration):  # another thread changed the dict meanwhile: look again
            continue
    cache[key] = value
    return value
