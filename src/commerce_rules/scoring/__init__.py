"""Scorings: what a deal costs and pays, when the match ends and who won.

A scoring is an object with the methods of :class:`ScoringPart`; the engine
picks one by ``rules.scoring``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ..rules import Rules, Scoring

if TYPE_CHECKING:
    from ..ranking import HandValue
    from ..state import GameState, Payment

__all__ = ["ScoringPart", "Settlement", "scoring_part"]

Settlement = tuple["GameState", tuple[int, ...], tuple["Payment", ...]]
"""The state after a showdown's payments, the seats that lost a life, and the payments."""


class ScoringPart(Protocol):
    """The interface every scoring provides."""

    def start_match(self, state: GameState) -> GameState:
        """Before the first deal (stakes into a pool, for example)."""

    def start_deal(self, state: GameState) -> GameState:
        """Before a deal's first action (antes into the pot, for example)."""

    def tie_order(self, state: GameState) -> tuple[int, ...]:
        """Active seats in the order that wins an exact tie for the best hand."""

    def settle(self, state: GameState, values: tuple[HandValue | None, ...], winner: int) -> Settlement:
        """Pay and take lives for a showdown whose best hand is ``winner``'s."""

    def winners(self, state: GameState) -> tuple[int, ...] | None:
        """The match's winners if it is over after this showdown, else ``None``."""


def scoring_part(rules: Rules) -> ScoringPart:
    """The scoring that ``rules`` names."""
    return _PARTS[rules.scoring]


from . import ledger, lives  # noqa: E402  (the parts register below)

_PARTS: dict[Scoring, ScoringPart] = {
    Scoring.LEDGER: ledger.Ledger(),
    Scoring.LIVES: lives.Lives(),
}
