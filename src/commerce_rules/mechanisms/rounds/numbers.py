"""Hoyle's rounds as numbers: the blind exchange's action kind, and the learning role (:class:`RoundsLearning`).

The turn record's slice of the tensor, what the history tells of the hidden
cards, and the state a placement of them rebuilds.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

import attrs

from ...core.actions import Action, BlindExchange, blind_action
from ...core.state import EventKind
from ...parts.whereabouts import Rebuilt, Whereabouts
from ..common import taken_from_the_widow

if TYPE_CHECKING:
    import random

    from ...core.cards import Card
    from ...core.rules import Rules
    from ...parts.features import Features
    from ...core.observation import Observation
    from ...core.state import GameState
    from .record import RoundsTurn

__all__ = ["BLIND_POSITIONS", "BlindPositions", "RoundsLearning", "turn_features", "whereabouts"]


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


class RoundsLearning:
    """Hoyle's rounds' learning role: their slice of the tensor, and where hidden cards may be."""

    def imagined_turn(self, view: Observation, hands: tuple[tuple[Card, ...], ...], rng: random.Random) -> RoundsTurn:
        turn: RoundsTurn = view.turn
        return turn

    def turn_features_size(self, rules: Rules, players: int) -> int:
        return 4 * players + rules.deck_size + 3

    def turn_features(self, view: Observation, out: Features) -> None:
        """Whose turn, the seats still to play this round, round / N, turns / (10 N), exchanges / 3,
        the cards given this turn, the knockers, the seats spent (three exchanged at once)."""
        turn_features(view, out)

    def whereabouts(self, view: Observation) -> Whereabouts:
        """Exchanges are public, and so is the blind exchange: the cards taken are in their taker's hand.

        Before the blind exchange the dealer's own hand is hidden from the
        dealer too (``hand`` is empty), so it is dealt like any hidden hand.
        """
        return whereabouts(view)

    def rebuild(
        self, view: Observation, hands: tuple[tuple[Card, ...], ...], stock: tuple[Card, ...], discard: tuple[Card, ...], rng: random.Random
    ) -> Rebuilt | None:
        """Nothing of the turn or the history is hidden: every placement consistent with the cards is a state."""
        return Rebuilt(hands, stock, discard, view.phase, view.to_act, view.turn, view.history)
