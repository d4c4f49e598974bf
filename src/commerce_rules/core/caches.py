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

__all__ = ["RULES_CACHE_SIZE", "BySeat", "remember"]

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


class BySeat(dict[int, _V], Generic[_V]):
    """A table read by seat, ``table[seat]``: each seat's entry built by ``build(seat)`` on first use, then kept.

    The interned actions a seat may take are such tables (its exchanges, its
    turn's endings): every listing of legal actions reads one, and a read is
    a plain dictionary look-up, where a function that builds on first use
    would be a call on every read. Only the seats ``0`` to ``seats - 1``
    exist: any other key is a ``KeyError``, so a table never grows past them.
    """

    __slots__ = ("build", "seats")

    def __init__(self, build: Callable[[int], _V], seats: int) -> None:
        super().__init__()
        self.build = build
        self.seats = seats

    def __missing__(self, seat: int) -> _V:
        if type(seat) is not int or not 0 <= seat < self.seats:
            raise KeyError(seat)
        value = self[seat] = self.build(seat)
        return value
