"""Bounded caches: what is built once per ``Rules`` value is kept for a bounded number of values.

A server builds ``Rules`` from what clients choose, so a cache keyed by
``Rules`` (or by anything else a client picks) must not grow without limit.
Each such cache is a plain dict, read with one look-up as before; only
:func:`remember`, on insert, evicts: the oldest insertion goes first (first
in, first out). A value evicted is simply built again when next asked for.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, Generic, TypeVar

__all__ = ["RULES_CACHE_SIZE", "BuiltOnFirstUse", "remember", "seat_table"]

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


class BuiltOnFirstUse(dict[_K, _V], Generic[_K, _V]):
    """A table read as ``table[key]``: each key's entry built by ``build(key)`` on its first read, then kept.

    The interned actions a seat may take are such tables (its exchanges, its
    turn's endings, see :func:`seat_table`): every listing of legal actions
    reads one, and a read is a plain dictionary look-up, where a function
    that builds on first use would be a call on every read. A key that
    ``accepts`` refuses is a ``KeyError``, so a table never grows past the
    keys it accepts.
    """

    __slots__ = ("build", "accepts")

    def __init__(self, build: Callable[[_K], _V], accepts: Callable[[object], bool] = lambda key: True) -> None:
        super().__init__()
        self.build = build
        self.accepts = accepts

    def __missing__(self, key: _K) -> _V:
        if not self.accepts(key):
            raise KeyError(key)
        value = self[key] = self.build(key)
        return value


def seat_table(build: Callable[[int], _V], seats: int) -> BuiltOnFirstUse[int, _V]:
    """A table read by seat, ``table[seat]``, with an entry for the seats ``0`` to ``seats - 1`` only."""
    return BuiltOnFirstUse(build, lambda seat: type(seat) is int and 0 <= seat < seats)
