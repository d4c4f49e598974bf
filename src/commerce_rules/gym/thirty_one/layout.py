"""The learner's observation tensors and masks, written from a :class:`~.table.Table`'s arrays for many rows at once.

Field after field, the layout of :mod:`commerce_rules.learning.tensor` (and
Thirty-One's slices: the draw-and-discard turn record, then the lives), read
from the arrays instead of an :class:`~commerce_rules.Observation`. What the
learner may not see is not in the arrays it reads: the other seats' hands
appear only as the pile's takes (``Table.known``) and, once the match is
over, as the last showdown shows them, as ``observe`` and
:func:`~commerce_rules.engine.sampling.whereabouts_of` give them.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np

from ...core.errors import CommerceError
from ...core.rules import Rules
from ...learning.action_space import num_actions
from ...learning.tensor import HAND_SCALE, observation_tensor_size
from .table import DISCARDING, FINAL, OVER, PLAY, Table

__all__ = ["Layout"]

_FIELDS: Final = (
    ("hand", "D"), ("hand_order", "D"), ("widow", "D"), ("widow_order", "D"), ("known", "ND"), ("hand_sizes", "N"),
    ("stock", "1"), ("discard", "1"), ("dealer", "N"), ("to_act", "N+1"), ("active", "N"), ("phase", "4"),
    ("deal_number", "1"), ("winners", "N"), ("shown", "1"), ("shown_hands", "ND"), ("shown_winner", "N"),
    ("shown_losers", "N"), ("turn_of", "N"), ("turns", "1"), ("taken", "D"), ("knocker", "N"), ("final_left", "N"),
    ("pile", "D"), ("lives", "N"),
)
"""The tensor's fields in order, with their lengths (``D`` cards, ``N`` seats): the shared ones, the turn record's, the lives."""


class Layout:
    """Where each field starts in the tensor of the learner at ``seat``, and the writer of its rows."""

    def __init__(self, rules: Rules, players: int, seat: int) -> None:
        size, n = rules.deck_size, players
        lengths = {"D": size, "ND": n * size, "N": n, "N+1": n + 1, "1": 1, "4": 4}
        self.start: dict[str, int] = {}
        at = 0
        for name, length in _FIELDS:
            self.start[name] = at
            at += lengths[length]
        if at != observation_tensor_size(rules, players):
            raise CommerceError("the Thirty-One table's layout is not the observation tensor's")  # the replay tests hold each field
        self.size, self.players, self.seat = size, n, seat
        self.place = (np.arange(n) - seat) % n
        """Each seat's place in a field by seat: the learner first, then its left neighbour, ..."""
        self.by_place = (seat + np.arange(n)) % n
        """The seat at each place."""
        self.lives_scale = float(rules.starting_lives)
        self.knock = num_actions(rules) - 1
        """The knock's action index (the last): the draws are 0 and 1, the discards 2 + the card's place."""

    def write(self, table: Table, rows: Any, out: Any, masks: Any) -> None:
        """The learner's tensor and mask of ``table``'s ``rows`` into ``out`` and ``masks`` (row ``i`` for ``rows[i]``)."""
        start, n, size, me, place = self.start, self.players, self.size, self.seat, self.place
        every = np.arange(len(rows))
        out.fill(0.0)
        hands = table.hands[rows, me]
        r, k = np.nonzero(hands >= 0)
        out[r, start["hand"] + hands[r, k]] = 1.0
        out[r, start["hand_order"] + hands[r, k]] = (k + 1) / HAND_SCALE
        known = table.known[rows]
        r, card = np.nonzero((known >= 0) & (known != me))
        out[r, start["known"] + (place[known[r, card]] - 1) * size + card] = 1.0
        phase = table.phase[rows]
        shown = table.shown_hands[rows][:, self.by_place]
        r, p, k = np.nonzero((shown[:, 1:] >= 0) & (phase == OVER)[:, None, None])  # over: the hands lie face up
        out[r, start["known"] + p * size + shown[r, p + 1, k]] = 1.0
        out[:, start["hand_sizes"] + place] = table.held[rows] / HAND_SCALE
        out[:, start["stock"]] = (size - table.stock_at[rows]) / size
        out[:, start["discard"]] = table.piled[rows] / size
        out[every, start["dealer"] + place[table.dealer[rows]]] = 1.0
        over = phase == OVER
        out[every, start["to_act"] + np.where(over, n, place[table.to_act[rows]])] = 1.0
        out[:, start["active"] + place] = table.active[rows]
        out[every, start["phase"] + phase] = 1.0
        out[:, start["deal_number"]] = table.deal_number[rows] / n
        out[:, start["winners"] + place] = table.winners[rows]
        ever = table.showdowns[rows] > 0
        out[:, start["shown"]] = ever
        r, p, k = np.nonzero((shown >= 0) & ever[:, None, None])
        out[r, start["shown_hands"] + p * size + shown[r, p, k]] = 1.0
        r = np.flatnonzero(ever)
        out[r, start["shown_winner"] + place[table.shown_winner[rows][r]]] = 1.0
        out[:, start["shown_losers"] + place] = table.shown_losers[rows] & ever[:, None]
        out[every, start["turn_of"] + place[table.turn_of[rows]]] = 1.0
        out[:, start["turns"]] = table.turns[rows] / (10 * n)
        taken = table.taken[rows]
        r = np.flatnonzero(taken >= 0)
        out[r, start["taken"] + taken[r]] = 1.0
        knocker = table.knocker[rows]
        r = np.flatnonzero(knocker >= 0)
        out[r, start["knocker"] + place[knocker[r]]] = 1.0
        out[:, start["final_left"] + place] = table.final_left[rows]
        pile = table.pile[rows]
        r, k = np.nonzero(pile >= 0)
        out[r, start["pile"] + pile[r, k]] = (k + 1) / size
        out[:, start["lives"] + place] = table.lives[rows] / self.lives_scale
        self._mask(table, rows, masks)

    def _mask(self, table: Table, rows: Any, masks: Any) -> None:
        """The learner's legal actions where it is to act: the draws (and in play the knock), or its discards."""
        masks.fill(False)
        phase = np.where(table.to_act[rows] == self.seat, table.phase[rows], OVER)
        drawing = (phase == PLAY) | (phase == FINAL)
        masks[drawing, 0] = masks[drawing, 1] = True
        masks[phase == PLAY, self.knock] = True
        hands = table.hands[rows, self.seat]
        r, k = np.nonzero((phase == DISCARDING)[:, None] & (hands >= 0) & (hands != table.taken[rows][:, None]))
        masks[r, 2 + hands[r, k]] = True
