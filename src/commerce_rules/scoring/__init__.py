"""Scorings: what a deal costs and pays, when the match ends and who won.

A scoring is an object with the methods of :class:`ScoringPart`; the engine
picks one by ``rules.scoring``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ..rules import Rules, Scoring

if TYPE_CHECKING:
    from ..actions import Action
    from ..ranking import HandValue
    from ..state import GameState, Payment

__all__ = ["NoQuestions", "ScoringPart", "Settlement", "scoring_part"]

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
        """The match's winners if it is over in ``state`` (after a showdown), else ``None``."""

    def end_match(self, state: GameState) -> GameState | None:
        """The final state if the match is over after this showdown (final payouts made), else ``None``."""

    def question(self, state: GameState) -> GameState | None:
        """A state waiting for a player's answer right after a showdown (Hoyle's horse), or ``None``."""

    def question_actions(self, state: GameState) -> tuple[Action, ...]:
        """The legal answers while a question of this scoring is pending."""

    def answer(self, state: GameState, action: Action) -> GameState:
        """The state after a legal answer to the pending question (the next deal not yet dealt)."""


class NoQuestions:
    """For scorings that never ask anything after a showdown."""

    def question(self, state: GameState) -> GameState | None:
        return None

    def question_actions(self, state: GameState) -> tuple[Action, ...]:
        return ()

    def answer(self, state: GameState, action: Action) -> GameState:
        raise AssertionError("this scoring asks no questions")  # pragma: no cover - never legal


def scoring_part(rules: Rules) -> ScoringPart:
    """The scoring that ``rules`` names."""
    return _PARTS[rules.scoring]


from . import ledger, lives, pool  # noqa: E402  (the parts register below)

_PARTS: dict[Scoring, ScoringPart] = {
    Scoring.LEDGER: ledger.Ledger(),
    Scoring.LIVES: lives.Lives(),
    Scoring.POOL: pool.Pool(),
}
