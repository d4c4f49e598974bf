"""The learning protocols: a part's slice of the observation tensor, and what sampling asks of a mechanism.

Learning code sees observations as numbers (:func:`commerce_rules.observation_tensor`)
and imagines whole states behind one seat's view (:func:`commerce_rules.sample_state`).
Each part writes its own record into the tensor; the mechanism also says
where the cards a seat cannot see may be, and rebuilds a state's hidden
turn and history for a placement of them. Registered beside the part's
play protocol (:mod:`commerce_rules.parts.spec`).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from ..core.cards import Card
    from ..core.observation import Observation
    from ..core.rules import Rules
    from .features import Features
    from .whereabouts import Rebuilt, Whereabouts

__all__ = ["MechanismLearning", "ScoringLearning"]


class MechanismLearning(Protocol):
    """A mechanism's slice of the tensor, and where the hidden cards may be."""

    def imagined_turn(self, view: Observation, hands: tuple[tuple[Card, ...], ...], rng: random.Random) -> Any:
        """The turn record of a state imagined from ``view`` with ``hands`` (what the view hides, drawn by ``rng``)."""

    def whereabouts(self, view: Observation) -> Whereabouts:
        """What ``view``'s history tells of the cards its seat cannot see: where they are, or may be.

        Only the cards this mechanism's events moved: between deals the
        shared code adds the last showdown's hands.
        """

    def rebuild(
        self, view: Observation, hands: tuple[tuple[Card, ...], ...], stock: tuple[Card, ...], discard: tuple[Card, ...], rng: random.Random
    ) -> Rebuilt | None:
        """A whole state's hidden turn and history for this placement of the hidden cards, or ``None`` if no play reaches it.

        The cards of events the observer did not see, the hidden fields of
        the turn record (a barter's offer, a pending pounce question), and the
        piles in the order the state keeps them. ``None`` makes
        :func:`~commerce_rules.sample_state` draw another placement.
        """

    def turn_features_size(self, rules: Rules, players: int) -> int:
        """The length of this mechanism's slice of the observation tensor."""

    def turn_features(self, view: Observation, out: Features) -> None:
        """Write ``view.turn`` (as the seat sees it) into the tensor: exactly ``turn_features_size`` numbers."""


class ScoringLearning(Protocol):
    """A scoring's slice of the tensor."""

    def score_features_size(self, rules: Rules, players: int) -> int:
        """The length of this scoring's slice of the observation tensor."""

    def score_features(self, view: Observation, out: Features) -> None:
        """Write the pot, balances, lives and match record into the tensor: ``score_features_size`` numbers."""
