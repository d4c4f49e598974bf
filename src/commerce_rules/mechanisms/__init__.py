"""Mechanisms: who acts, what they may do, and when the exchanges end.

A mechanism is an object with the methods of :class:`MechanismPart`; the
engine picks one by ``rules.mechanism`` and never looks further into the variant.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ..rules import Mechanism, Rules

if TYPE_CHECKING:
    from ..actions import Action
    from ..state import GameState, ShowdownReason

__all__ = ["MechanismPart", "Step", "mechanism_part"]

Step = tuple["GameState", "ShowdownReason | None"]
"""A mechanism's answer to an action: the next state, and why the exchanges ended (``None`` if they go on)."""


class MechanismPart(Protocol):
    """The interface every mechanism provides."""

    def cards_needed(self, players: int) -> int:
        """Cards beyond the players' hands that a deal needs (widow and stock)."""

    def begin(self, state: GameState) -> GameState:
        """Set the phase and the player to act for a deal whose cards are dealt."""

    def legal_actions(self, state: GameState) -> tuple[Action, ...]:
        """Every action the state accepts (the single source of truth for legality)."""

    def apply(self, state: GameState, action: Action) -> Step:
        """Play a legal ``action``."""

    def explain(self, state: GameState, action: Action) -> str:
        """Why ``action`` is not legal, in the player's words."""


def mechanism_part(rules: Rules) -> MechanismPart:
    """The mechanism that ``rules`` names."""
    return _PARTS[rules.mechanism]


from . import rounds, trade_barter, widow  # noqa: E402  (the parts register below)

_PARTS: dict[Mechanism, MechanismPart] = {
    Mechanism.TRADE_BARTER: trade_barter.TradeBarter(),
    Mechanism.WIDOW: widow.Widow(),
    Mechanism.ROUNDS: rounds.Rounds(),
}
