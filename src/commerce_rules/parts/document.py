"""The document protocols: a part's record as JSON, and the checks that a loaded state could have been played.

A loaded state is untrusted input (a client's document, a file). Each part
writes and reads its own record — the mechanism its turn record, the
scoring its match record — and says what in a loaded state cannot happen
under its rules, so that :mod:`commerce_rules.serialize` never builds a
state no play reaches. Registered beside the part's play protocol
(:mod:`commerce_rules.parts.spec`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from collections.abc import Mapping

    from ..core.state import EventKind, GameState
    from .undo import Undo

__all__ = ["MechanismDocument", "ScoringDocument"]


class MechanismDocument(Protocol):
    """A mechanism's turn record as JSON, its checks of a loaded state, and how its events are played backwards."""

    @property
    def undo(self) -> Mapping[EventKind, Undo]:
        """How each kind of event that moves cards is undone (:mod:`commerce_rules.parts.undo`): the engine
        plays a loaded history backwards with it, back to a deal as dealt."""

    def turn_to_json(self, turn: Any) -> dict[str, Any]:
        """The turn record as a JSON object."""

    def turn_from_json(self, value: object, players: int) -> Any:
        """The turn record from untrusted JSON (a SerializationError naming ``turn.<field>`` if wrong)."""

    def check_hands(self, state: GameState) -> None:
        """Raise a SerializationError if a loaded state's hands, widow or piles cannot be this mechanism's."""

    def check(self, state: GameState) -> None:
        """Raise a SerializationError if a loaded state's deal bookkeeping (its turn record) cannot happen."""


class ScoringDocument(Protocol):
    """A scoring's match record as JSON, and its checks of a loaded state."""

    def record_to_json(self, record: Any) -> dict[str, Any]:
        """The match record as a JSON object."""

    def record_from_json(self, value: object) -> Any:
        """The match record from untrusted JSON."""

    def check(self, state: GameState) -> None:
        """Raise a SerializationError if a loaded state's money, lives or question cannot happen."""
