"""Tables looked up by the Thirty-One arrays instead of worked out at every move: hands' values, deals, turns.

Speed kept in named, precomputed tables, as python-chess keeps its attack
tables: each is built once per table size (or per rules) from the library's
own definitions, and the equality tests of the environment hold them to the engine.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np

from ...core.caches import BuiltOnFirstUse
from ...core.rules import Rules
from ...engine.variant import variant_of
from ...ranking.table import hand_strength_table, is_blitz

__all__ = ["SeatTables", "hand_tables", "seat_tables"]


def _hand_tables(rules: Rules) -> tuple[Any, Any]:
    """Each three-card hand's strength, and whether it ends a deal at once (``is_blitz``: 31, or Feuer where ``feuer`` is on), by its cards' places ``(a * D + b) * D + c``."""
    deck = variant_of(rules).deck
    size = len(deck)
    values = hand_strength_table(rules)
    strengths = np.full(size**3, -1, dtype=np.int64)
    blitzes = np.zeros(size**3, dtype=np.bool_)
    for a in range(size):
        for b in range(size):
            for c in range(size):
                if len({a, b, c}) == 3:
                    value = values[deck[a].bit | deck[b].bit | deck[c].bit]
                    strengths[(a * size + b) * size + c] = value.strength
                    blitzes[(a * size + b) * size + c] = is_blitz(value, rules)
    return strengths, blitzes


_HAND_TABLES: Final = BuiltOnFirstUse(_hand_tables)
"""The hand tables by rules (without the limits, which they do not depend on)."""


def hand_tables(rules: Rules) -> tuple[Any, Any]:
    """:func:`_hand_tables` of ``rules``, built on first use (a loop over every three cards: under half a second)."""
    return _HAND_TABLES[rules.replace(turn_limit=None, deal_limit=None)]


class SeatTables:
    """Where the deal puts each seat's cards, and whose turn follows whose, for every set of seats in: looked up, not worked out.

    A set of seats in is a bit mask (bit ``s`` for seat ``s``), its *key*; a
    deal or a turn of a row reads the row's key, as the engine reads
    ``NEXT_ACTIVE[active][seat]``.
    """

    def __init__(self, players: int) -> None:
        keys = np.arange(1 << players)
        seat = np.arange(players)
        self.weights = 1 << seat
        """A row's key is its mask of seats in times these, summed."""
        active = ((keys[:, None] >> seat) & 1).astype(np.bool_)  # [key, seat]
        from_left = (seat - seat[:, None] - 1) % players  # [s, t]: t's place clockwise from s's left, s itself last
        self.next_in = np.argmin(np.where(active[:, None, :], from_left, players), axis=2)
        """``next_in[key, s]``: the first seat in clockwise after ``s`` (``s`` itself in or not)."""
        before = from_left[:, None, :] < from_left[:, :, None]  # [dealer, s, t]: t is dealt to before s
        position = (before & active[:, None, None, :]).sum(axis=3, dtype=np.int64)  # [key, dealer, s]
        self.dealt = active.sum(axis=1) * 3
        """``dealt[key]``: the cards dealt to the seats in (the next card is turned up to start the pile)."""
        places = position[..., None] + np.arange(3) * active.sum(axis=1)[:, None, None, None]
        self.deal_places = np.where(active[:, None, :, None], places, -1).astype(np.int8)
        """``deal_places[key, dealer, s]``: the deck's places of seat ``s``'s three cards, one at a time from the eldest; -1 for a seat out."""


_SEAT_TABLES: Final = BuiltOnFirstUse(SeatTables)


def seat_tables(players: int) -> SeatTables:
    """The :class:`SeatTables` of a table of ``players``, built on first use."""
    return _SEAT_TABLES[players]
