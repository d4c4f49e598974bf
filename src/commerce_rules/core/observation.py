"""``Observation``: one seat's view of a state, the value ``observe`` returns.

Here, beside the state, because the parts read observations (their words,
tensors and sampling take one) and must not import the engine that makes
them (:func:`commerce_rules.observe`).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .cards import Card
from .records import value_record
from .rules import Rules
from .state import Event, Phase, Showdown

__all__ = ["Observation"]


@value_record
class Observation(NamedTuple):
    """One seat's view of a state: an immutable value, comparable with ``==``."""

    player: int
    """The observing seat."""
    rules: Rules
    num_players: int
    deal_number: int
    dealer: int
    phase: Phase
    to_act: int | None
    hand: tuple[Card, ...]
    """The observer's own cards (empty for Hoyle's dealer before the blind exchange)."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds (public)."""
    widow: tuple[Card, ...]
    """The face-up widow (empty while it lies face down: Schwimmen's extra hand before the dealer's choice)."""
    stock_count: int
    discard_count: int
    discard: tuple[Card, ...]
    """The discard pile, latest last, where it lies face up (Thirty-One); empty where it is hidden."""
    pot: int
    balances: tuple[int, ...]
    lives: tuple[int, ...]
    active: tuple[int, ...]
    """The seats still in the match."""
    turn: Any
    """The mechanism's turn record, as this seat may see it (a barter's offer only to its offerer)."""
    score: Any
    """The scoring's match record (public)."""
    history: tuple[Event, ...]
    """The current deal's events, with cards only where the observer saw them."""
    showdowns: tuple[Showdown, ...]
    """Every past showdown, hands revealed."""
    winners: tuple[int, ...]

    @property
    def is_over(self) -> bool:
        """Whether the match has ended."""
        return self.phase is Phase.OVER

    @property
    def last_showdown(self) -> Showdown | None:
        """The most recent showdown, or ``None`` before the first."""
        return self.showdowns[-1] if self.showdowns else None

    def _repr_html_(self) -> str:
        """The table as this seat sees it, for Jupyter (see :func:`commerce_rules.render.observation_html`)."""
        from ..render.table import observation_html

        return observation_html(self)
