"""Hoyle's rounds as numbers: the blind exchange's action kind, the turn record's slice of the tensor, what the history tells.

Kept apart from the play (:mod:`.rounds`) so that each module has one job.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

import attrs

from ...core.actions import Action, BlindExchange, blind_action
from ...core.state import EventKind
from ...parts.whereabouts import Whereabouts
from ..common import taken_from_the_widow

if TYPE_CHECKING:
    from ...core.cards import Card
    from ...parts.features import Features
    from ...core.observation import Observation
    from ...core.state import GameState
    from .record import RoundsTurn

__all__ = ["BLIND_POSITIONS", "BlindPositions", "turn_features", "whereabouts"]


BLIND_POSITIONS: tuple[tuple[int, ...], ...] = tuple(c for k in (1, 2, 3) for c in combinations(range(3), k))
"""The widow positions a blind exchange may take, in the order of their indices: (0), (1), (2), (0, 1), ... (0, 1, 2)."""


@attrs.frozen
class BlindPositions:
    """The blind exchange's kind: 7 indices, one per set of widow positions taken (:data:`BLIND_POSITIONS`)."""

    action: type[Action] = BlindExchange

    def size(self, deck: tuple[Card, ...]) -> int:
        return len(BLIND_POSITIONS)

    def index(self, state: GameState, action: Action, deck: tuple[Card, ...]) -> int:
        positions = tuple(sorted(state.widow.index(card) for card in action.cards()))
        return BLIND_POSITIONS.index(positions)

    def action_at(self, state: GameState, index: int, deck: tuple[Card, ...]) -> Action | None:
        positions = BLIND_POSITIONS[index]
        if state.to_act is None or len(state.widow) <= positions[-1]:
            return None
        return blind_action(state.to_act, tuple(state.widow[p] for p in positions))


def turn_features(view: Observation, out: Features) -> None:
    turn: RoundsTurn = view.turn
    n = view.num_players
    out.seat(turn.turn_of)
    out.seats(turn.round_left)
    out.number(turn.round, n)
    out.number(turn.turns, 10 * n)
    out.number(turn.exchanges, 3)
    out.cards(turn.given)
    out.seats(turn.knockers)
    out.seats(turn.spent)


def whereabouts(view: Observation) -> Whereabouts:
    known: dict[Card, int] = {}
    for event in view.history:
        if event.kind is EventKind.EXCHANGE:
            taken_from_the_widow(event, known)
        elif event.kind is EventKind.BLIND_EXCHANGE:
            for card in event.cards[: len(event.cards) // 2]:
                known[card] = event.player
    return Whereabouts(known, {})
